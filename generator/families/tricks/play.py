"""A hand of the tricks family (Texas 42) shown to a reader playing it
(:mod:`generator.play`): the bidding in words, the trick on the table drawn
as the pages' trick diagrams are (:func:`generator.families.tricks.draw.draw_trick`),
bids, trumps and tiles in the pages' words, refusals by the engine's own
rule ids (:class:`~generator.families.tricks.rules.Deal`'s checked moves).

``state`` is one :class:`~generator.families.tricks.rules.Deal` (what the Session
calls a hand): its ``phase`` is ``bid``, ``trumps`` or ``play``, and what
``plays_for`` lists is, by the phase, :class:`~generator.families.tricks.rules.Bid`
values (:data:`~generator.families.tricks.rules.PASS` among them), trumps (a suit
0-6, ``"doubles"`` or ``"follow-me"``) or tiles. A Deal knows only its own
hand: the game's marks before it are shown only where the game loop has
left them on the state as ``game_marks`` (team -> marks), which
:func:`generator.families.tricks.sim.play_forty_two` does not do yet.

The words of suits, trumps and bids are the tricks pages' (the catalogs'
``tricks`` context, as :mod:`generator.families.tricks.pages` says them; that module
itself needs the position model, which needs YAML, so its few word functions
are repeated here); the rest are the ``play`` context's ``tricks_`` messages.
Tiles are written as 42 players write them, the higher end first (``6-4``).

The hint is the planning player's move (:func:`generator.families.tricks.sim.plan_key`,
the family's ``greedy_key``: the move the other seats' ``greedy`` player
would make in the reader's seat), with the part of its plan that chose it.
"""

from __future__ import annotations

from ...base.i18n import messages, plural
from .draw import draw_trick
from ...engine.tiles import Tile
from ...engine.rulebase import RuleViolation
from .sim import _strength, estimate, plan_key, trick_estimate
from .words import bid_words, suit_words as _suit, tile_text, trumps_words
from .rules import DOUBLES, FOLLOW_ME, HAND_POINTS, PASS, Bid, Deal, Texas42, count_of

__all__ = ["table", "action_words", "log_words", "action_tile", "refusal", "scores", "hand_result", "hint",
           "tile_text", "tile_label", "bid_words", "trumps_words"]

#: Tricks in a hand of 42.
TRICKS = 7


# -- the pages' words are :mod:`generator.families.tricks.words`'s --------------------------------------
#: The reader's hand is drawn higher end on top, as 42 players write a tile and the game's page draws
#: it (rules/texas-42: "6-4"); :mod:`generator.play.session` reads it.
HIGH_FIRST = True


def tile_label(tile: Tile) -> str:
    """A tile of the reader's hand as 42 players write it, the higher end
    first (``6-4``), as the game's page does."""
    return tile_text(tile)


def _seat(seat: str | None, lang: str) -> str:
    """A seat's name (``North`` / ``北``), as the play region names seats."""
    return messages("play", lang).get(f"seat_{seat}", str(seat))


def _side(team: str, lang: str) -> str:
    """A partnership (``N+S``) in words: ``North and South``."""
    w = messages("play", lang)
    return w["and"].join(_seat(s, lang) for s in team.split("+"))


def _sentences(parts: list[str], lang: str) -> str:
    """Sentences (each with its full stop) joined as the language joins them."""
    return ("" if lang == "ja" else " ").join(p for p in parts if p)


def _bid_of(action) -> Bid | None:
    """``action`` as a bid: a :class:`Bid`, or the simulation's ``"pass"``."""
    if isinstance(action, Bid):
        return action
    if isinstance(action, str) and action == "pass":
        return PASS
    return None


def _is_trumps(action) -> bool:
    return (isinstance(action, int) and not isinstance(action, bool)) or action in (DOUBLES, FOLLOW_ME)


def _role(variant: Texas42, state: Deal, tile: Tile) -> tuple[str, object]:
    """What playing ``tile`` now does to the trick in progress: ``("lead",
    suit called)``, ``("follow", suit led)``, ``("trump", trump suit)`` or
    ``("off", suit led)``."""
    trumps, contract = state.trumps, state.contract
    if not state.trick:
        return "lead", variant.suit_led(tile, trumps, contract)
    led = variant.suit_led(state.trick[0][1], trumps, contract)
    if variant.follows(tile, led, trumps, contract):
        return "follow", led
    if variant.is_trump(tile, trumps):
        return "trump", DOUBLES if trumps == DOUBLES else trumps
    return "off", led


# -- the table ----------------------------------------------------------------------------------------
def _bidding_words(state: Deal, lang: str) -> str:
    w = messages("play", lang)
    if not state.bidding:
        return w["tricks_bidding_none"].format(shaker=_seat(state.shaker, lang))
    bids = w["list"].join(w["tricks_bid_entry"].format(seat=_seat(s, lang), bid=bid_words(b, lang))
                          for s, b in state.bidding)
    return w["tricks_bidding"].format(shaker=_seat(state.shaker, lang), bids=bids)


def _contract_words(state: Deal, lang: str) -> str:
    """The bid, the trumps and what the bidders must take, in sentences."""
    w = messages("play", lang)
    bid, bidder = state.high, state.bidder
    assert bid is not None and bidder is not None, "trumps are named only after a bid"
    out = [w["tricks_contract"].format(seat=_seat(bidder, lang), bid=bid_words(bid, lang),
                                       trumps=trumps_words(state.trumps, lang, state.contract))]
    team = _side(state.team_of(bidder), lang)
    if bid.contract in ("tricks", "moon"):       # a game of three (Moon): the bidder alone
        out.append(w["tricks_need_tricks"].format(seat=_seat(bidder, lang),
                                                  tricks=plural(lang, "trick", min(bid.value, TRICKS))))
    elif bid.contract == "points":
        out.append(w["tricks_need_points"].format(team=team, points=plural(lang, "point", bid.value)))
    elif bid.contract == "nello":
        out.append(w["tricks_need_none"].format(seat=_seat(bidder, lang)))
        out.append(w["tricks_sits_out"].format(seat=_seat(state.sitting_out, lang)))
    else:
        out.append(w["tricks_need_all"].format(team=team))
    return _sentences(out, lang)


def _trick_words(plays, winner: str | None, lang: str) -> str:
    ui = messages("tricks", lang)
    text = ui["sep"].join(ui["played"].format(n=i + 1, seat=_seat(s, lang), tile=tile_text(t))
                          for i, (s, t) in enumerate(plays))
    text = text + ui["stop"] if text else ""
    if winner is not None:
        tile = dict(plays)[winner]
        text = _sentences([text, ui["wins"].format(seat=_seat(winner, lang), tile=tile_text(tile)) + ui["stop"]],
                          lang)
    return text


def table(variant: Texas42, state: Deal, lang: str, ident: str) -> tuple[str, str]:
    """``(svg, words)``. While bidding and naming trumps: no drawing
    (``""``) and the bids so far in words, with the high bid and whose turn
    it is. In play: the trick in progress, or when none is begun the last
    complete trick with its winner marked (the first trick's empty places
    before any tile is played), drawn as the pages' trick diagram (a square
    SVG, sizes in pip squares of :data:`generator.draw.svg.UNIT` pixels,
    the sitting-out seat of a Nel-O hand dashed), and in words: the bid,
    the trumps, what the bidders must take, the tiles of the trick in play
    order and who plays next."""
    w = messages("play", lang)
    if state.phase in ("bid", "discard", "trumps"):
        parts = [_bidding_words(state, lang)]
        if state.end == "thrown-in":
            return "", _sentences(parts, lang)
        if state.phase == "bid":
            if state.high is not None:
                parts.append(w["tricks_high"].format(seat=_seat(state.bidder, lang), bid=bid_words(state.high, lang)))
            parts.append(w["tricks_to_bid"].format(seat=_seat(state.current, lang)))
        elif state.phase == "discard":
            assert state.high is not None, "the widow is taken only after a bid"
            parts.append(w["tricks_won_bidding"].format(seat=_seat(state.bidder, lang),
                                                        bid=bid_words(state.high, lang)))
            parts.append(w["tricks_to_discard"].format(seat=_seat(state.current, lang)))
        else:
            assert state.high is not None, "trumps are named only after a bid"
            parts.append(w["tricks_won_bidding"].format(seat=_seat(state.bidder, lang),
                                                        bid=bid_words(state.high, lang)))
            parts.append(w["tricks_to_name"].format(seat=_seat(state.current, lang)))
        return "", _sentences(parts, lang)
    if state.trick or not state.tricks:
        plays, winner, n = list(state.trick), None, len(state.tricks) + 1
    else:
        last = state.tricks[-1]
        plays, winner, n = list(last.plays), last.winner, len(state.tricks)
    title = w["tricks_trick_of"].format(n=n, of=TRICKS)
    trick = (w["tricks_trick_line"].format(n=n, of=TRICKS, plays=_trick_words(plays, winner, lang)) if plays
             else title + messages("tricks", lang)["stop"])
    parts = [_contract_words(state, lang), trick]
    if state.end is None:
        key = "tricks_to_lead" if not state.trick else "tricks_to_play"
        parts.append(w[key].format(seat=_seat(state.current, lang)))
    words = _sentences(parts, lang)
    svg = draw_trick(plays, winner=winner, title=title, desc=words, lang=lang, ident=ident,
                     out=state.sitting_out, seats=state.seats)
    return svg, words


# -- moves --------------------------------------------------------------------------------------------
def action_words(variant: Texas42, state: Deal, seat: str, action, lang: str) -> str:
    """A move before it is made, as the reader's list of moves says it: a bid
    (``bid 30``, ``bid 2 marks``, ``pass``), trumps (``fives are trumps``,
    ``doubles are trumps``) or a tile and what it does to the trick (``lead
    6-4 (calls for sixes)``, ``play 6-1 (follows sixes)``, ``trump the trick
    with 5-1``, ``play 3-2 off (no sixes in hand)``)."""
    w = messages("play", lang)
    bid = _bid_of(action)
    if bid is not None:
        return w["tricks_do_pass"] if bid.is_pass else w["tricks_do_bid"].format(bid=bid_words(bid, lang))
    if isinstance(action, Tile) and state.phase == "discard":
        return w["tricks_do_discard"].format(tile=tile_text(action))
    if isinstance(action, Tile):
        role, suit = _role(variant, state, action)
        return w[f"tricks_do_{role}"].format(tile=tile_text(action), suit=_suit(suit, lang))
    if _is_trumps(action):
        return trumps_words(action, lang, state.contract)
    return w["did_" + action]


def log_words(variant: Texas42, state: Deal, seat: str, action, lang: str) -> str:
    """A move in the hand's log, briefly (no drawing, no trick worked out):
    ``bids 30``, ``passes``, ``fives are trumps``, ``leads 6-4``, ``plays 6-6``."""
    w = messages("play", lang)
    bid = _bid_of(action)
    if bid is not None:
        return w["did_pass"] if bid.is_pass else w["tricks_log_bid"].format(bid=bid_words(bid, lang))
    if isinstance(action, Tile) and state.phase == "discard":
        return w["tricks_log_discard"]                # face down: the others do not see the tile
    if isinstance(action, Tile):
        return w["tricks_log_lead" if not state.trick else "tricks_log_play"].format(tile=tile_text(action))
    if _is_trumps(action):
        return trumps_words(action, lang, state.contract)
    return w["did_" + action]


def action_tile(action) -> Tile | None:
    """The tile a move plays (``None`` for a bid, trumps or a pass)."""
    return action if isinstance(action, Tile) else None


def refusal(variant: Texas42, state: Deal, seat: str, tile: Tile) -> str:
    """The engine's rule that refuses ``tile`` (a tile of ``seat``'s hand
    that ``plays_for`` does not list), from the Deal's own checked move
    (:meth:`~generator.families.tricks.rules.Deal.push`, which checks before it
    changes anything), each id starting with the game's own (``moon/bid``):
    ``VID/follow-suit`` for a tile that does not
    follow the suit led while one in hand does, ``VID/bid`` while
    bidding and ``VID/trumps`` while trumps are named (a tile is played
    only after both), ``VID/turn`` when it is another seat's turn and
    ``VID/over`` after the last trick. Raises ``RuntimeError`` (and
    plays nothing) for a tile the Deal lists as playable."""
    if tile in state.plays_for(seat):
        raise RuntimeError(f"{tile} may be played now: there is no rule refusing it")
    try:
        state.push(seat, tile)
    except RuleViolation as exc:
        return f"{variant.id or 'tricks'}/{exc.rule.split('/', 1)[-1]}"     # the game's own id, as `check` gives it
    raise RuntimeError(f"{tile} was played though the hand did not list it")


# -- scores -------------------------------------------------------------------------------------------
def _points(state: Deal) -> dict[str, int]:
    """Each team's raw points taken this hand so far (after the hand: its result's)."""
    if state.result is not None:
        return dict(state.result.points)
    out = {t: 0 for t in state.teams}
    for tr in state.tricks:
        out[state.team_of(tr.winner)] += tr.points
    return out


def scores(variant: Texas42, state: Deal, lang: str, who, earlier=()) -> str:
    """The score as the Deal knows it, one line: each team's marks before
    this hand (only where the game loop left them on the state as
    ``game_marks``, else added up from ``earlier``: the game's finished
    Deals, oldest first) with, once the hand is over, the marks it won, the marks that win the game, the high bid and its
    bidder, and once tricks are played each team's points this hand (raw:
    one a trick and the count, 42 in a hand). ``who`` names a seat or a
    side (``"N+S"``) in the reader's words."""
    w = messages("play", lang)
    parts = []
    if variant.three:
        return _scores_three(variant, state, lang, who, earlier)
    marks = getattr(state, "game_marks", None)
    if marks is None and earlier:
        marks = {}
        for past in earlier:
            result = past.result if past.end != "thrown-in" else None
            for team, n in (result.marks.items() if result is not None else ()):
                marks[team] = marks.get(team, 0) + n
    if state.end is not None and state.end != "thrown-in" and state.result is not None:
        # a finished hand's marks are counted at its end, not only from the next hand on
        marks = dict(marks or {})
        for team, n in state.result.marks.items():
            marks[team] = marks.get(team, 0) + n
    if marks:
        parts.append(w["tricks_marks"].format(marks=w["list"].join(
            f"{who(team)} {plural(lang, 'mark', n)}" for team, n in marks.items())))
    parts.append(w["tricks_game_to"].format(marks=plural(lang, "mark", variant.marks_to_win)))
    if state.high is not None:
        parts.append(w["tricks_bid_now"].format(who=who(state.bidder), bid=bid_words(state.high, lang)))
    elif state.end is None:
        parts.append(w["tricks_no_bid"])
    if state.phase == "play":
        parts.append(w["tricks_hand_points"].format(points=w["list"].join(
            f"{who(team)} {plural(lang, 'point', n)}" for team, n in _points(state).items())))
    return w["sep"].join(parts)


def _scores_three(variant: Texas42, state: Deal, lang: str, who, earlier) -> str:
    """:func:`scores` of a game of three (Moon): each seat's points in the
    game before this hand (and with it, once it is over), the points that
    win, the high bid, and once tricks are played each seat's tricks."""
    w = messages("play", lang)
    totals: dict[str, int] = {}
    done = [p for p in earlier if p.end != "thrown-in" and p.result is not None]
    if state.end not in (None, "thrown-in") and state.result is not None:
        done.append(state)
    for past in done:
        for seat, n in past.result.scores.items():
            totals[seat] = totals.get(seat, 0) + n
    parts = []
    if totals:
        parts.append(w["tricks_game_points"].format(points=w["list"].join(
            f"{who(seat)} {plural(lang, 'point', totals[seat])}" for seat in state.seats if seat in totals)))
    parts.append(w["tricks_game_to"].format(marks=plural(lang, "point", variant.marks_to_win)))
    if state.high is not None:
        parts.append(w["tricks_bid_now"].format(who=who(state.bidder), bid=bid_words(state.high, lang)))
    elif state.end is None:
        parts.append(w["tricks_no_bid"])
    if state.phase == "play":
        taken = {p: sum(tr.winner == p for tr in state.tricks) for p in state.seats}
        parts.append(w["tricks_hand_tricks"].format(tricks=w["list"].join(
            f"{who(p)} {plural(lang, 'trick', n)}" for p, n in taken.items())))
    return w["sep"].join(parts)


def hand_result(variant: Texas42, state: Deal, lang: str, who) -> list[str]:
    """How the finished hand ended, in sentences: the bid made or set (the
    bidders' raw points against the bid), each team's points (42 in all;
    less in Nel-O, whose partner's tiles are never played) and the marks
    won; or, every seat having passed (``all_pass: reshake``), the hand
    thrown in. Empty for a hand not finished."""
    w = messages("play", lang)
    if state.end == "thrown-in":
        return [w["tricks_thrown_in"]]
    r = state.result
    if r is None:
        return []
    if r.scores is not None:                    # a game of three (Moon)
        verdict = "tricks_made" if r.made else "tricks_set"
        return [w[verdict].format(team=who(r.bidder), bid=bid_words(r.bid, lang),
                                  points=plural(lang, "trick", r.tricks[r.bidder])),
                w["tricks_scores_each"].format(points=w["list"].join(
                    f"{who(p)} {plural(lang, 'point', n)}" for p, n in r.scores.items()))]
    us = state.team_of(r.bidder)
    each = w["tricks_points_each"].format(
        points=w["list"].join(f"{who(team)} {plural(lang, 'point', n)}" for team, n in r.points.items()),
        total=plural(lang, "point", sum(r.points.values())))
    if not r.made and r.bid.contract == "nello":
        # Nel-O is set by points taken, not by points short of the bid: the pages' own sentence says it so
        taker, marks = next(iter(r.marks.items()))
        return [messages("tricks", lang)["set"].format(team=who(us), bid=bid_words(r.bid, lang), points=r.points[us],
                                                       taker=who(taker), marks=plural(lang, "mark", marks)), each]
    verdict = "tricks_made" if r.made else "tricks_set"
    out = [w[verdict].format(team=who(us), bid=bid_words(r.bid, lang), points=plural(lang, "point", r.points[us])),
           each]
    for team, n in r.marks.items():
        out.append(w["tricks_marks_won"].format(team=who(team), marks=plural(lang, "mark", n)))
    return out


# -- the hint -----------------------------------------------------------------------------------------
def hint(variant: Texas42, state: Deal, seat: str, lang: str):
    """``(action, reason)``: the planning player's move for ``seat`` (the
    largest of ``plays_for`` by :func:`~generator.families.tricks.sim.plan_key`, the
    first of equals, as the ``greedy`` player chooses) and, in words, the
    part of its plan that chose it: the lowest bid the hand's estimated
    points cover, or a pass; the trumps the hand is strongest with; to lead
    the top trump, a double or a light tile; to give count to a partner who
    is winning the trick; to win it as cheaply as may be; to follow suit,
    or throw off, with the lowest. Raises ``ValueError`` when ``seat`` has
    no move (it is not ``seat``'s turn)."""
    w = messages("play", lang)
    plays = state.plays_for(seat)
    if not plays:
        raise ValueError(f"it is not {seat}'s turn")
    best = max(plays, key=plan_key(variant, state))
    hand = state.hands[seat]
    if state.phase == "bid" and variant.three:
        tricks, trumps = trick_estimate(variant, hand)
        about = plural(lang, "trick", int(tricks)) if tricks == int(tricks) else \
            w["tricks_hint_about_half"].format(tricks=plural(lang, "trick", int(tricks)))
        named = trumps_words(trumps, lang)
        if best.is_pass:
            return best, w["tricks_hint_pass"].format(points=about, trumps=named)
        return best, w["tricks_hint_bid"].format(points=about, trumps=named, bid=bid_words(best, lang))
    if state.phase == "discard":
        return best, w["tricks_hint_discard"]
    if state.phase == "bid":
        strength, trumps = estimate(variant, hand)
        about = plural(lang, "point", min(strength, HAND_POINTS))
        named = trumps_words(trumps, lang)
        if best.is_pass:
            return best, w["tricks_hint_pass"].format(points=about, trumps=named)
        if best.value > strength:
            return best, w["tricks_hint_forced"].format(points=about, trumps=named)
        return best, w["tricks_hint_bid"].format(points=about, trumps=named, bid=bid_words(best, lang))
    if state.phase == "trumps" and variant.three:
        from .sim import hand_strength

        tricks = hand_strength(variant, hand, best).tricks
        about = plural(lang, "trick", int(tricks)) if tricks == int(tricks) else \
            w["tricks_hint_about_half"].format(tricks=plural(lang, "trick", int(tricks)))
        return best, w["tricks_hint_trumps"].format(trumps=trumps_words(best, lang, state.contract), points=about)
    if state.phase == "trumps":
        return best, w["tricks_hint_trumps"].format(trumps=trumps_words(best, lang, state.contract),
                                                    points=plural(lang, "point", _strength(variant, hand, best)))
    if len(plays) == 1:
        return best, w["hint_only"]
    trumps, contract = state.trumps, state.contract
    if contract == "nello" and seat == state.bidder:
        return best, w["tricks_hint_nello"]
    if not state.trick:
        if variant.is_trump(best, trumps) and max(
                (t for t in variant.params.tiles if t not in state.played and variant.is_trump(t, trumps)),
                key=lambda t: variant.rank(t, DOUBLES if trumps == DOUBLES else trumps)) is best:
            return best, w["tricks_hint_top_trump"]
        if best.is_double and not variant.is_trump(best, trumps):
            return best, w["tricks_hint_lead_double"]
        return best, w["tricks_hint_lead_low"]
    played = [t for _, t in state.trick]
    leading = state.trick[variant.trick_winner(played, trumps, contract)][0]
    if leading == state.partner(seat):
        if count_of(best):
            return best, w["tricks_hint_give_count"].format(points=plural(lang, "point", count_of(best)))
        return best, w["tricks_hint_partner_low"]
    if variant.trick_winner(played + [best], trumps, contract) == len(played):
        if count_of(best) and not variant.three:          # Moon has no count tiles
            return best, w["tricks_hint_win_count"].format(points=plural(lang, "point", count_of(best)))
        return best, w["tricks_hint_win"]
    if _role(variant, state, best)[0] == "follow" and len(plays) < len(hand):
        return best, w["tricks_hint_follow_low"]
    return best, w["tricks_hint_throw"]
