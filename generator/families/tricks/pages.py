"""The page parts of the tricks family (Texas 42): a worked position's body (a
trick drawn at the four seats, what may follow a lead, a whole hand trick by
trick, a game's marks), a practice question, the comparison cells and the
card's rows (:mod:`generator.families.tricks`). Every function returns
Markdown (escaped) and adds diagram files to ``page.files``; ``lang`` is
``"ja"`` or ``"en"``.
"""

from __future__ import annotations

from ...base.i18n import messages, plural, tables
from ...draw import svg
from .draw import draw_trick
from .positions import TEAMS, DealPosition, FollowPosition, MarksPosition, TrickPosition, practice_answer
from ...safety.sanitize import escape, escape_cell, escape_link_text, escape_md
from .rules import COUNT, DOUBLES, PARTNER_BIDS, FOLLOW_ME, SEATS, count_of
from .words import bid_words, cap as _cap, suit_words, tile_text, trumps_words

__all__ = ["render_tricks", "tile_text", "suit_words", "trumps_words", "bid_words", "trick_text", "compare_cell", "card_rows",
           "explain_lines", "bidding_lines", "estimate_method", "hand_estimate"]

_UI = tables("tricks")
_esc = escape_md
_cell = escape_cell


def trick_text(plays, winner: str | None, trumps, lang: str, out: str | None = None,
               contract: str = "points") -> str:
    """A trick's diagram in words: who played what, in order, the trumps, and who wins."""
    ui = _UI[lang]
    parts = [ui["played"].format(n=i + 1, seat=s, tile=tile_text(t)) for i, (s, t) in enumerate(plays)]
    text = ui["sep"].join(parts) + ui["stop"] + " " + _cap(trumps_words(trumps, lang, contract)) + ui["stop"]
    if out:
        text += " " + ui["sits_out"].format(seat=out) + ui["stop"]
    if winner is not None:
        tile = dict(plays)[winner]
        text += " " + ui["wins"].format(seat=winner, tile=tile_text(tile)) + ui["stop"]
    return text.replace("。 ", "。")


def _figure(page, name: str, plays, winner, trumps, cap: str, out: str | None = None,
            contract: str = "points") -> str:
    lang = page.lang
    alt = trick_text(plays, winner, trumps, lang, out, contract)
    text = draw_trick(plays, winner=winner, title=cap, desc=alt, lang=lang, ident=f"d-{name}", out=out,
                      seats=page.v.rules.seats)
    from ...pages.game import GEN

    base = f"{lang}/{GEN}/diagrams/{page.v.id}/{name}"
    page.files[base + ".svg"] = text.encode("utf-8")
    page.files[base + ".png"] = svg.to_png(text) if page.png else b""
    rel = f"diagrams/{page.v.id}/{name}"
    size = text.split('width="', 1)[1].split('"', 1)[0]
    pages_ui = messages("pages", lang)
    return (f'<figure class="rb-figure" id="fig-{name}" markdown="span">\n'
            f'[![{escape_link_text(cap)}]({rel}.svg){{ width="{round(float(size))}" height="{round(float(size))}" }}]'
            f'({rel}.png "{escape(pages_ui["png"])}")\n'
            f'<figcaption>{_esc(cap)}</figcaption>\n</figure>\n'
            f'<p class="rb-textalt"><span class="rb-textalt-label">{_esc(pages_ui["textalt"])}</span> {_esc(alt)}</p>\n')


def _why(rules, plays, trumps, contract, lang: str) -> str:
    """Why the trick's winner wins: a trump (the highest), or the highest of the led suit."""
    ui = _UI[lang]
    tiles = [t for _, t in plays]
    i = rules.trick_winner(tiles, trumps, contract)
    seat, tile = plays[i]
    suit = rules.suit_led(tiles[0], trumps, contract)
    if any(rules.is_trump(t, trumps) for t in tiles):
        return ui["why_trump"].format(seat=seat, tile=tile_text(tile))
    return ui["why_suit"].format(seat=seat, tile=tile_text(tile), suit=suit_words(suit, lang))


def _role(rules, tile, led_suit, trumps, contract, lang: str, first: bool) -> str:
    ui = _UI[lang]
    if first:
        return ui["role_lead"].format(suit=suit_words(led_suit, lang))
    if rules.is_trump(tile, trumps) and led_suit != (DOUBLES if trumps == DOUBLES else trumps):
        return ui["role_trump"]
    if rules.follows(tile, led_suit, trumps, contract):
        return ui["role_follows"]
    return ui["role_off"]


def _trick_table(rules, plays, trumps, contract, lang: str, winner: str | None = None) -> str:
    """The trick as a table, a row per play in order; with ``winner`` (a
    practice answer) each row starts with the play itself ("W's 2-2") and the
    winner's row is marked, so that the page's script offers the plays as the
    choices."""
    ui = _UI[lang]
    led = rules.suit_led(plays[0][1], trumps, contract)
    counted = not rules.three                # a game of three (Moon) has no count tiles: no count column
    if winner is None:
        rows = [f"| {ui['order']} | {ui['seat']} | {ui['tile']} | {ui['role']} |" + (f" {ui['count']} |" if counted else ""),
                "|---:|---|---|---|" + ("---:|" if counted else "")]
    else:
        rows = [f"| {ui['tile']} | {ui['order']} | {ui['role']} |" + (f" {ui['count']} |" if counted else ""),
                "|---|---:|---|" + ("---:|" if counted else "")]
    mark = messages("pages", lang)["practice_best_mark"]
    for i, (s, t) in enumerate(plays):
        role, count = _cell(_role(rules, t, led, trumps, contract, lang, i == 0)), str(count_of(t) or "")
        if winner is None:
            cells = [str(i + 1), s, tile_text(t), role] + ([count] if counted else [])
        else:
            cells = [ui["seat_tile"].format(seat=s, tile=tile_text(t)), str(i + 1), role] + ([count] if counted else [])
            if s == winner:
                cells[0] = mark + cells[0]
                cells = [f"**{c}**" if c else c for c in cells]
        rows.append("| " + " | ".join(cells) + " |")
    return "\n" + "\n".join(rows) + "\n"


def trick_point_values() -> list[int]:
    """Every number of points one trick can be worth (the choices of a "how
    many points?" question): one for the trick and the count of any four or
    fewer count tiles (5-5 and 6-4 ten, 5-0, 4-1 and 3-2 five: the count of
    Pagat's "Texas 42", pagat.com/domino/trick/42.html, as the game's page
    cites it). ``[1, 6, 11, 16, 21, 26, 31]``."""
    from itertools import combinations

    counts = list(COUNT.values())
    return sorted({1 + sum(c) for n in range(5) for c in combinations(counts, n)})


def _points_table(answer: int, lang: str) -> str:
    ui, mark = _UI[lang], messages("pages", lang)["practice_best_mark"]
    rows = [f"| {ui['points']} |", "|---:|"]
    for v in trick_point_values():
        rows.append(f"| **{mark}{v}** |" if v == answer else f"| {v} |")
    return "\n" + "\n".join(rows) + "\n"


def _points_words(rules, tr, lang: str) -> str:
    """What a trick is worth, in a sentence: one and its count (one alone in a game of three, Moon)."""
    ui = _UI[lang]
    if rules.three:
        return ui["trick_points_three"]
    return ui["trick_points"].format(points=plural(lang, "point", tr.points), count=tr.points - 1)


def _trick(page, pos: TrickPosition, outcome) -> str:
    ui, lang, rules = _UI[page.lang], page.lang, page.v.rules
    tr = outcome.trick
    out_seat = next((s for s in rules.seats if s not in pos.seats), None)
    if pos.is_practice:
        pages_ui = messages("pages", lang)
        q = ui["q_winner"] if pos.question == "winner" else ui["q_points"]
        parts = [f'<p class="rb-question"><strong>{_esc(pages_ui["practice_question"])}</strong> {_esc(q)}</p>\n',
                 _figure(page, pos.id, list(tr.plays), None, pos.trumps, _cap(trumps_words(pos.trumps, lang, pos.contract)),
                         out_seat, pos.contract)]
        answer = practice_answer(outcome)
        words = (ui["a_winner"].format(seat=answer, why=_why(rules, list(tr.plays), pos.trumps, pos.contract, lang))
                 if pos.question == "winner" else
                 ui["a_points"].format(points=plural(lang, "point", answer), count=tr.points - 1))
        # the answer's first table holds the choices the page's script offers: the seats (the winner
        # marked) or every value a trick can have (the trick's marked), then the trick's own table
        choices = (_trick_table(rules, list(tr.plays), pos.trumps, pos.contract, lang, winner=answer)
                   if pos.question == "winner" else
                   _points_table(answer, lang) + _trick_table(rules, list(tr.plays), pos.trumps, pos.contract, lang))
        parts.append(f'<details class="rb-answer" markdown>\n<summary>{_esc(ui["show_answer"])}</summary>'
                     f'\n\n{_esc(words)}\n{choices}\n</details>\n')
        return "".join(parts)
    cap = _cap(trumps_words(pos.trumps, lang, pos.contract)) + ui["sep"] + ui["won_by"].format(seat=tr.winner)
    parts = [_figure(page, pos.id, list(tr.plays), tr.winner, pos.trumps, cap, out_seat, pos.contract),
             _trick_table(rules, list(tr.plays), pos.trumps, pos.contract, lang),
             f"\n- {_esc(_why(rules, list(tr.plays), pos.trumps, pos.contract, lang))}",
             f"- {_esc(_points_words(rules, tr, lang))}\n"]
    return "\n".join(parts)


def _follow(page, pos: FollowPosition, outcome) -> str:
    ui, lang, rules = _UI[page.lang], page.lang, page.v.rules
    seats = list(rules.seats[:len(pos.plays)])
    nxt = rules.seats[len(pos.plays)]
    plays = list(zip(seats, pos.plays))
    legal = outcome.legal
    parts = [_figure(page, pos.id, plays, None, pos.trumps, _cap(trumps_words(pos.trumps, lang, pos.contract)),
                     contract=pos.contract),
             f'<p class="rb-hand"><strong>{_esc(ui["hand_of"].format(seat=nxt))}</strong> '
             f'{_esc(", ".join(tile_text(t) for t in pos.hand))}</p>\n']
    rows = [f"| {ui['tile']} | {ui['may']} | {ui['why']} |", "|---|:---:|---|"]
    mark = messages("pages", lang)["practice_best_mark"]
    for t in pos.hand:
        ok = t in legal
        # in a practice answer the tiles that may be played are marked: the script's "you may" choices
        tile = (mark + tile_text(t) if ok and pos.is_practice else tile_text(t))
        rows.append(f"| {tile} | {ui['yes'] if ok else ui['no']} | {_cell(_follow_why(rules, t, outcome.suit, pos, legal, lang))} |")
    table = "\n" + "\n".join(rows) + "\n"
    head = ui["called_for"].format(suit=suit_words(outcome.suit, lang), tile=tile_text(pos.plays[0]))
    if pos.is_practice:
        pages_ui = messages("pages", lang)
        q = ui["q_legal"].format(seat=nxt)
        parts.insert(0, f'<p class="rb-question"><strong>{_esc(pages_ui["practice_question"])}</strong> {_esc(q)}</p>\n')
        parts.append(f'<details class="rb-answer" markdown>\n<summary>{_esc(ui["show_answer"])}</summary>'
                     f'\n\n{_esc(head)}\n{table}\n</details>\n')
        return "".join(parts)
    return "".join(parts) + f"\n{_esc(head)}\n{table}"


def _follow_why(rules, t, suit, pos, legal, lang: str) -> str:
    ui = _UI[lang]
    if rules.follows(t, suit, pos.trumps, pos.contract):
        return ui["why_follows"].format(suit=suit_words(suit, lang))
    if rules.is_trump(t, pos.trumps):
        return ui["why_is_trump"] if len(legal) < len(pos.hand) else ui["why_free"]
    if t.is_double and rules.doubles_apart(pos.trumps, pos.contract):
        return ui["why_double_apart"] if len(legal) < len(pos.hand) else ui["why_free"]
    return ui["why_not_suit"].format(suit=suit_words(suit, lang)) if len(legal) < len(pos.hand) else ui["why_free"]


def bidding_lines(pos: DealPosition, game, lang: str) -> list[str]:
    """What happens before the first trick of a deal ``pos`` whose play is
    ``game`` (its :class:`~generator.families.tricks.rules.Deal`), a sentence a
    line, as the page lists it and ``rulebook explain`` prints it: every bid
    in turn from the left of the shaker, who wins the bidding and with what,
    who names which trumps (the bidder's partner in a plunge or a splash), and who sits
    out (Nel-O)."""
    ui = _UI[lang]
    bids = ui["sep"].join(f"{s} {bid_words(b, lang)}" for s, b in game.bidding)
    lines = [ui["bidding"].format(shaker=pos.shaker, bids=bids)]
    if game.bidder is not None:
        lines.append(ui["high_bid"].format(seat=game.bidder, bid=bid_words(game.high, lang)))
    if game.discarded is not None:
        lines.append(ui["widow_taken"].format(seat=game.bidder, tile=tile_text(game.widow[0]),
                                              discard=tile_text(game.discarded)))
    if game.trumps is not None:
        namer = game.partner(game.bidder) if game.contract in PARTNER_BIDS else game.bidder
        lines.append(ui["named"].format(seat=namer, trumps=trumps_words(game.trumps, lang, game.contract)))
    if game.sitting_out:
        lines.append(ui["sits_out"].format(seat=game.sitting_out))
    return lines


def three_verdict(r, lang: str) -> str:
    """A game of three's hand result in words (Moon): the bid made or set, and the bidder's points."""
    ui = _UI[lang]
    key = ("three_made_moon" if r.bid.contract == "moon" else "three_made") if r.made else "three_set"
    return ui[key].format(seat=r.bidder, bid=bid_words(r.bid, lang), tricks=plural(lang, "trick", r.tricks[r.bidder]),
                          points=plural(lang, "point", abs(r.scores[r.bidder])))


def _deal(page, pos: DealPosition, outcome) -> str:
    ui, lang = _UI[page.lang], page.lang
    game = outcome.deal
    out = []
    rows = [f"| {ui['seat']} | {ui['hand']} |", "|---|---|"]
    for s in game.seats:
        rows.append(f"| {s} | {_cell(', '.join(tile_text(t) for t in pos.hands[s]))} |")
    if pos.widow is not None:
        rows.append(f"| {ui['widow']} | {tile_text(pos.widow)} |")
    out.append("\n" + "\n".join(rows) + "\n")
    out.append("\n" + "\n".join(f"- {_esc(line)}" for line in bidding_lines(pos, game, lang)))
    out.append("")
    if game.tricks:
        first = game.tricks[0]
        cap = ui["first_trick"] + ui["sep"] + ui["won_by"].format(seat=first.winner)
        out.append(_figure(page, f"{pos.id}-1", list(first.plays), first.winner, game.trumps, cap, game.sitting_out,
                               game.contract))
        rows = [f"| {ui['trick']} | {ui['plays']} | {ui['winner']} | {ui['points']} |",
                "|---:|---|---|---:|"]
        totals = {t: 0 for t in game.teams}
        for k, tr in enumerate(game.tricks):
            plays = " ".join(f"{s}:{tile_text(t)}" for s, t in tr.plays)
            rows.append(f"| {k + 1} | {_cell(plays)} | {tr.winner} | {tr.points} |")
            totals[game.team_of(tr.winner)] += tr.points
        out.append("\n" + "\n".join(rows) + "\n")
        notes = [(tr.index, tr.note[lang]) for tr in pos.tricks if tr.note]
        if notes:
            out.append("\n".join(f"- {ui['trick']} {i}: {_esc(t.strip())}" for i, t in notes) + "\n")
    r = game.result
    if r is not None and r.scores is not None:           # a game of three (Moon): each seat's tricks and points
        rows = [f"| {ui['seat']} | {ui['tricks_won']} | {ui['points']} |", "|---|---:|---:|"]
        for p in game.seats:
            rows.append(f"| {p} | {r.tricks[p]} | {r.scores[p]} |")
        out.append(f"\n**{ui['result']}**\n\n" + "\n".join(rows) + "\n")
        out.append(f"- {_esc(three_verdict(r, lang))}\n")
    elif r is not None:
        us = game.team_of(r.bidder)
        rows = [f"| {ui['team']} | {ui['tricks_won']} | {ui['points']} |", "|---|---:|---:|"]
        for t in TEAMS:
            rows.append(f"| {t} | {r.tricks[t]} | {r.points[t]} |")
        rows.append(f"| **{ui['total']}** | **{sum(r.tricks.values()) if not game.sitting_out else len(game.tricks)}** | "
                    f"**{sum(r.points.values())}** |")
        out.append(f"\n**{ui['result']}**\n\n" + "\n".join(rows) + "\n")
        taker, marks = next(iter(r.marks.items()))
        verdict = ui["made" if r.made else "set"].format(team=us, bid=bid_words(r.bid, lang), points=r.points[us],
                                                         taker=taker, marks=plural(lang, "mark", marks))
        out.append(f"- {_esc(verdict)}\n")
    return "\n".join(out) + "\n"


def _marks(page, pos: MarksPosition, outcome) -> str:
    ui, lang = _UI[page.lang], page.lang
    m = outcome.marks
    rows = [f"| {ui['hand_no']} | {ui['bid']} | {ui['bidder_points']} | {ui['outcome']} | "
            f"{TEAMS[0]} | {TEAMS[1]} |", "|---:|---|---:|---|---:|---:|"]
    run = {t: 0 for t in TEAMS}
    for i, ((seat, bid, points), ok, taker) in enumerate(zip(pos.hands, m.made, m.won)):
        run[taker] += bid.marks
        rows.append(f"| {i + 1} | {seat} {_cell(bid_words(bid, lang))} | {points} | "
                    f"{_cell(ui['made_short' if ok else 'set_short'].format(team=taker, n=bid.marks))} | "
                    f"{run[TEAMS[0]]} | {run[TEAMS[1]]} |")
    out = ["\n" + "\n".join(rows) + "\n"]
    if m.winner is not None:
        out.append(f"- {_esc(ui['game_won'].format(team=m.winner, n=page.v.rules.marks_to_win, after=m.after))}")
    else:
        out.append(f"- {_esc(ui['game_on'].format(n=page.v.rules.marks_to_win))}")
    return "\n".join(out) + "\n"


def render_tricks(page, checked, steps) -> str:
    """The Markdown body of one Texas 42 position on ``page`` (inside its example box)."""
    pos, outcome = checked.position, checked.outcome
    if isinstance(pos, TrickPosition):
        return _trick(page, pos, outcome)
    if isinstance(pos, FollowPosition):
        return _follow(page, pos, outcome)
    if isinstance(pos, DealPosition):
        return _deal(page, pos, outcome)
    return _marks(page, pos, outcome)


def _halves(x: float) -> str:
    """A count of tricks in halves as a reader writes it: ``2``, ``½``, ``1½``."""
    whole, half = int(x), x - int(x) >= 0.5
    return (str(whole) if whole or not half else "") + ("½" if half else "")


def estimate_method(page) -> str:
    """The ``estimate_method()`` macro of a game of tricks: the planning
    player's rule of thumb for judging a hand (:func:`generator.families.tricks.sim.hand_strength`),
    as a Markdown list whose numbers are the engine's own constants."""
    from .sim import PARTNER_TRICKS, TRICK_VALUE

    ui, rules = _UI[page.lang], page.v.rules
    lines = [ui["est_m_run"], ui["est_m_other"], ui["est_m_doubles"],
             ui["est_m_partner"].format(tricks=_halves(PARTNER_TRICKS)),
             ui["est_m_value"].format(value=TRICK_VALUE, most=7 * TRICK_VALUE, min=rules.min_bid)]
    return "\n" + "\n".join(f"- {_esc(line)}" for line in lines) + "\n"


def hand_estimate(page, tiles=None) -> str:
    """The ``hand_estimate(TILES)`` macro of a game of tricks: how the
    planning player judges a hand of up to seven tiles (``TILES``, a list of
    tiles as the rule files write them) with its best trumps, part by part
    (:func:`generator.families.tricks.sim.hand_strength`), the points it judges the
    hand to make with each other trumps, and the highest bid it would make
    (:func:`generator.families.tricks.sim.bid_limit`). Raises
    ``jinja2.TemplateError`` (reported at the macro's line) for anything
    that is not one to seven different tiles of the set."""
    import jinja2

    from ...engine.tiles import NotationError, Tile
    from .sim import TRICK_VALUE, bid_limit, estimate, hand_strength

    ui, lang, rules = _UI[page.lang], page.lang, page.v.rules
    if not isinstance(tiles, (list, tuple)) or not 1 <= len(tiles) <= 7:
        raise jinja2.TemplateError(f"hand_estimate() takes a list of one to seven tiles, such as "
                                   f"[\"6-6\", \"6-4\"], not {tiles!r}"[:300])
    hand: list = []
    for text in tiles:
        try:
            tile = Tile.parse(text, rules.params.set)
        except NotationError as exc:
            raise jinja2.TemplateError(f"hand_estimate(): {exc}") from None
        if tile in hand:
            raise jinja2.TemplateError(f"hand_estimate(): {tile_text(tile)} is written twice")
        hand.append(tile)
    points, best = estimate(rules, hand)
    st = hand_strength(rules, hand, best)

    def tiles_of(ts) -> str:
        return _cell(", ".join(tile_text(t) for t in ts)) or ui["est_none"]

    rows = [f"| {ui['est_part']} | {ui['est_tiles']} | {ui['est_tricks']} |", "|---|---|---:|"]
    if best != FOLLOW_ME:
        rows.append(f"| {_cell(ui['est_run'].format(suit=suit_words(best, lang)))} | {tiles_of(st.run)} | "
                    f"{_halves(len(st.run))} |")
        rows.append(f"| {_cell(ui['est_other_trumps'])} | {tiles_of(st.other_trumps)} | "
                    f"{_halves(0.5 * len(st.other_trumps))} |")
    rows.append(f"| {_cell(ui['est_doubles'].format(each=_halves(st.double_value)))} | {tiles_of(st.doubles)} | "
                f"{_halves(st.double_value * len(st.doubles))} |")
    rows.append(f"| {_cell(ui['est_partner'])} | {ui['est_none']} | {_halves(st.partner)} |")
    rows.append(f"| **{_cell(ui['est_total'])}** | | **{_halves(st.tricks)}** |")
    others = [f"{_option_words(t, lang)} {plural(lang, 'point', hand_strength(rules, hand, t).points)}"
              for t in rules.trump_options() if t != best]
    limit = bid_limit(rules, hand)
    lines = [ui["est_hand"].format(tiles=", ".join(tile_text(t) for t in hand)),
             ui["est_best"].format(suit=_option_words(best, lang), tricks=_halves(st.tricks),
                                   value=TRICK_VALUE,
                                   points=plural(lang, "point", points)),
             ui["est_others"].format(list=ui["sep"].join(others)),
             (ui["est_bid"].format(bid=bid_words(limit, lang)) if limit is not None
              else ui["est_pass"].format(min=rules.min_bid))]
    return ("\n" + f"- {_esc(lines[0])}\n\n" + "\n".join(rows) + "\n\n"
            + "\n".join(f"- {_esc(line)}" for line in lines[1:]) + "\n")


def _option_words(trumps, lang: str) -> str:
    """What a bidder may name, in the words of a list: a suit, the doubles, or follow-me."""
    return _UI[lang]["trumps_follow_me"] if trumps == FOLLOW_ME else suit_words(trumps, lang)


def compare_cell(v, row: str, lang: str) -> str:
    """A game of tricks' cell of a comparison (:data:`generator.pages.comparison.COMPARE_ROWS`,
    past the rows every game has): ``v`` is its :class:`~generator.families.tricks.rules.Texas42`."""
    ui = _UI[lang]
    trumps = ui["cmp_trumps_doubles"] if v.doubles_trump else ui["cmp_trumps_suits"]
    if v.follow_me != "not-allowed":
        trumps += ui["clause_sep"] + ui["cmp_follow_me"]
    if v.nello:
        trumps += ui["clause_sep"] + ui["bid_nello"]
    if v.plunge:
        trumps += ui["clause_sep"] + ui["bid_plunge"]
    if v.splash:
        trumps += ui["clause_sep"] + ui["bid_splash"]
    if v.three:
        trumps += ui["clause_sep"] + ui["cmp_widow"]
        if v.shoot_moon:
            trumps += ui["clause_sep"] + ui["bid_moon"]
    three = "_three" if v.three else ""
    return {
        "start": ui["cmp_start" + three],
        "layout": ui["cmp_layout" + three],
        "where": ui["cmp_where"],
        "drawing": ui["cmp_drawing" + three],
        "doubles": ui["cmp_doubles_high"] if v.three and not v.doubles_trump else ui["cmp_doubles"],
        "length": (ui["cmp_length_three"] if v.three else ui["cmp_length"]).format(n=v.marks_to_win),
        "scoring": ui["cmp_scoring_three"] if v.three else ui["cmp_scoring"],
        "options": trumps,
    }[row]


def trumps_open(rules, lang: str) -> str:
    """What a bidder of ``rules`` may name as trumps, in words, from its choices."""
    ui = _UI[lang]
    out = ui["open_suits"]
    if rules.doubles_trump:
        out += ui["clause_sep"] + ui["open_doubles"]
    if rules.follow_me != "not-allowed":
        out += ui["clause_sep"] + ui["open_follow_me_" + rules.follow_me.replace("-", "_")]
    return out


def bidding_words(rules, lang: str) -> str:
    """The bidding of ``rules`` in words, from its choices (``top_bid``, ``all_pass``, ``nello``, ``plunge``, ``splash``)."""
    ui = _UI[lang]
    if rules.three:
        parts = [ui["card_bid_three"], ui["bid_all_pass_three_" + rules.all_pass.replace("-", "_")]]
        if rules.shoot_moon:
            parts.append(ui["bid_moon"])
        if rules.widow == "bidder-exchanges":
            parts.append(ui["card_widow_value"])
        return ui["card_sep"].join(parts)
    parts = [ui["card_bid_value"], ui["bid_top_" + rules.top_bid.replace("-", "_")],
             ui["bid_all_pass_" + rules.all_pass.replace("-", "_")]]
    if rules.nello:
        parts.append(ui["bid_nello"])
    if rules.plunge:
        parts.append(ui["bid_plunge"])
    if rules.splash:
        parts.append(ui["bid_splash"])
    return ui["card_sep"].join(parts)


def made_words(rules, lang: str) -> str:
    """When a bid of ``rules`` is made or set, in words, from its choices
    (:meth:`~generator.families.tricks.rules.Texas42.made`): a bid of points
    needs that many points; a bid in marks (42 and up: ``top_bid``) and a
    plunge or a splash (``plunge``, ``splash: allowed``) need all seven tricks; Nel-O (``nello:
    allowed``) needs the bidder to take none; then who wins the marks."""
    ui = _UI[lang]
    if rules.three:             # the moon's 21 only where it may be bid (`shoot_moon`)
        return ui["made_three"] if rules.shoot_moon else ui["made_three_no_moon"]
    parts = [ui["made_points"], ui["made_marks_" + rules.top_bid.replace("-", "_")]]
    if rules.plunge:
        parts.append(ui["made_plunge"])
    if rules.splash:
        parts.append(ui["made_splash"])
    if rules.nello:
        parts.append(ui["made_nello"])
    parts.append(ui["made_marks_go"])
    return ui["card_sep"].join(parts)


def card_rows(group: str, rows: list, rules, lang: str) -> list:
    """The card's rows of a game of tricks (``rows``: (rule, how) pairs of ``group``), worded from
    the game's choices."""
    ui = _UI[lang]
    if group == "turn":
        rows[:0] = [(ui["card_bid"], bidding_words(rules, lang)), (ui["card_trumps"], trumps_open(rules, lang)),
                    (ui["card_follow"], ui["card_follow_value"])]
    elif group == "scoring":
        rows.append((ui["card_count"], ui["card_count_three"] if rules.three else ui["card_count_value"]))
        rows.append((ui["card_made"], made_words(rules, lang)))
    elif group == "end":
        rows.append((ui["card_game"], (ui["card_game_three"] if rules.three else ui["card_game_value"])
                     .format(n=rules.marks_to_win)))
    return rows


def explain_lines(checked, variant, lang: str) -> list[str]:
    """What ``rulebook explain`` prints for a Texas 42 position after its title."""
    ui = _UI[lang]
    pos, outcome = checked.position, checked.outcome
    if isinstance(pos, TrickPosition):
        tr = outcome.trick
        out = next((s for s in variant.seats if s not in pos.seats), None)
        return [trick_text(list(tr.plays), None if pos.is_practice else tr.winner, pos.trumps, lang, out,
                           pos.contract),
                _points_words(variant, tr, lang)]
    if isinstance(pos, FollowPosition):
        return [ui["called_for"].format(suit=suit_words(outcome.suit, lang), tile=tile_text(pos.plays[0])),
                ui["may_list"].format(tiles=", ".join(tile_text(t) for t in outcome.legal))]
    if isinstance(pos, DealPosition):
        g = outcome.deal
        lines = bidding_lines(pos, g, lang)
        lines += [f"{k + 1}. {' '.join(f'{s}:{tile_text(t)}' for s, t in tr.plays)} -> {tr.winner} ({tr.points})"
                 for k, tr in enumerate(g.tricks)]
        if g.result is not None and g.result.scores is not None:
            lines.append(three_verdict(g.result, lang))
        elif g.result is not None:
            us = g.team_of(g.result.bidder)
            taker, marks = next(iter(g.result.marks.items()))
            lines.append(ui["made" if g.result.made else "set"].format(
                team=us, bid=bid_words(g.result.bid, lang), points=g.result.points[us], taker=taker,
                marks=plural(lang, "mark", marks)))
        return lines
    m = outcome.marks
    return [f"{t}: {m.marks[t]}" for t in TEAMS]
