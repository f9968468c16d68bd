"""A hand of the line-of-play family shown to a reader playing it
(:mod:`generator.play`): the table drawn as the page's placement diagrams
are (:mod:`generator.families.line.draw`), moves and settlements in the pages' words
(:mod:`generator.families.line.words`, :mod:`generator.pages.describe`), refusals by the engine's own rule ids.

The hint is the practice evaluation (:mod:`generator.families.line.practice`'s two
questions): the play that scores most now, and among equals the one that
leaves the most of the rest of the hand playable, then the heaviest tile.
"""

from __future__ import annotations

from ...base.i18n import messages, plural
from . import draw as line_draw
from ...engine.tiles import Tile
from .rules.variant import Play, RuleViolation, Variant
from ...pages import describe
from . import words as line_words

__all__ = ["table", "action_words", "log_words", "action_tile", "refusal", "scores", "hand_result", "hint"]


#: Tries the layout search spends on the page's usual bounds for Play's table (a fortieth of what a
#: page's diagram may spend; each of its eight searches a quarter of it) before it scales the bounds to
#: the table (:func:`generator.draw.line_draw.arrange`): a move on the largest set stays well under a second.
TABLE_EFFORT = 4_000

#: The last layout drawn and its arrangement (``None``: too large to draw), so that a view names every
#: move on one table and arranges it once.
_drawn: list = [None, None]


def _arranged(layout):
    """``layout`` as Play's table draws it, or ``None`` when no drawing was
    found within the search's bounded work (the table is then shown in words)."""
    if _drawn[0] is not layout:
        try:
            arr = line_draw.arrange(layout, budget=TABLE_EFFORT // 4, effort=TABLE_EFFORT) if len(layout) else None
        except line_draw.LayoutError:
            arr = None
        _drawn[:] = [layout, arr]
    return _drawn[1]


def _sides(layout) -> dict:
    arr = _arranged(layout)
    return line_draw.side_directions(arr) if arr is not None else {}


def table(variant: Variant, state, lang: str, ident: str) -> tuple[str, str]:
    """The line of play as an SVG diagram (counted ends as badges, open ends
    as hollow dots, the last tile framed) and its text equivalent; an empty
    table is ``("", words)``, and so is one too large to draw (the words
    then say so first)."""
    layout = state.layout
    w = messages("play", lang)
    if not len(layout):
        return "", w["table_empty"]
    arr = _arranged(layout)
    counted = variant.counted(layout) if variant.play_scoring else []
    opens = variant.open_ends(layout)
    if arr is None:
        words = line_words.text_equivalent(layout, counted, opens, lang, variant, {})
        return "", w["table_too_large"] + " " + words
    sides = line_draw.side_directions(arr)
    words = line_words.text_equivalent(layout, counted, opens, lang, variant, sides)
    last = layout.last
    text = line_draw.render(arr, counted={c.end: c.value for c in counted}, open_ends=opens,
                      last=last.tile if last else None, title=w["table"], desc=words, lang=lang, ident=ident,
                      joins=line_draw.join_marks(layout, variant), coloured=variant.params.set > 6)
    return text, words


def action_words(variant: Variant, state, seat: str, action, lang: str) -> str:
    """A play as the pages say it (the sides of doubles as the diagram shows
    them), or drawing, or passing."""
    if isinstance(action, str):
        return messages("play", lang)["did_" + action]
    return describe.play_words(action, lang, _sides(state.layout))


def log_words(variant: Variant, state, seat: str, action, lang: str) -> str:
    """A move in the hand's log, briefly: the tile and the tile it joins
    (``sets [6|6]``, ``plays [4|6] against [6|6]``), drawing or passing."""
    w = messages("play", lang)
    if isinstance(action, str):
        return w["did_" + action]
    if action.at is None:
        return w["log_set"].format(tile=action.tile.label)
    return w["log_play"].format(tile=action.tile.label, at=action.at.tile.label)


def action_tile(action) -> Tile | None:
    """The tile a play places."""
    return None if isinstance(action, str) else action.tile


def refusal(variant: Variant, state, seat: str, tile: Tile) -> str:
    """The rule that refuses ``tile`` now, as the hand refuses it: a drawn
    tile that must be placed first, the tile that must open the hand, else
    why a free end it matches is not open yet (the spinner's sides first),
    else why the first open end does not take it (its halves do not match,
    the total is not allowed ...); the hand checks a play before it changes
    anything. Raises ``RuntimeError`` if the hand accepts ``tile``, which
    :meth:`~generator.families.line.rules.hand.Hand.plays_for` did not list."""
    opens = variant.open_ends(state.layout)
    # a free end the tile matches but the rules keep closed for now (the spinner's sides first, in
    # Sebastopol) says why better than an open end it does not match
    waiting = [e for e in state.layout.free_ends(variant.sides_after_straight) if e not in opens
               and variant.links(e.pip, tile)] if state.layout._n else []
    tries = [None] + waiting + list(opens)
    first = None
    for at in tries:                        # the hand's own checks first, then each open end's reason
        try:
            state.play(seat, tile, at)
        except RuleViolation as exc:
            if at is None and not exc.rule.endswith("/placement"):
                return exc.rule             # a drawn tile, the set tile, the turn: whatever the end
            if at is not None:
                return exc.rule             # why the first open end does not take it (matching, a total ...)
            first = exc.rule
        else:
            raise RuntimeError(f"{tile} was playable though no play of it was listed")
    return first


def scores(variant: Variant, state, lang: str, who, earlier=()) -> str:
    """The score of every side (displayed points: a hand starts from the
    last one's, so ``earlier`` hands add nothing) and the tiles left in the
    stock; ``who`` names a seat or side in words."""
    w = messages("play", lang)
    parts = []
    if variant.params.target is not None or variant.play_scoring is not None:
        parts.append(w["scores"].format(scores=w["list"].join(
            f"{who(side)} {plural(lang, 'point', n)}" for side, n in state.scores.items())))
    if variant.draw_mode != "none":
        parts.append(w["stock"].format(tiles=plural(lang, "tile", len(state.stock))))
    if variant.params.target is not None:
        parts.append(w["target"].format(points=plural(lang, "point", variant.params.target)))
    return w["sep"].join(parts)


def hand_result(variant: Variant, state, lang: str, who) -> list[str]:
    """How the hand ended and its settlement, in sentences; a blocked hand
    says each side's pips left in hand (partners' added up; each player's
    where the lightest player wins a block), which the settlement compares."""
    w = messages("play", lang)
    if state.end == "game":
        return [w["reached_target"].format(who=who(state.game_winners[0]))]
    out = [w["blocked"] if state.end == "blocked" else w["out"].format(who=who(state.last_player))]
    if state.end == "blocked":
        # each side's pips left in hand, compared (partners' added up): what a block is settled by;
        # with ``block_winner: lightest-player`` each player's own
        by_player = variant.choices.block_winner == "lightest-player" or not state.teams
        sides = list(state.players) if by_player else ["+".join(t) for t in state.teams]
        out.append(w["pips_left"].format(pips=w["list"].join(
            f"{who(side)} {plural(lang, 'pip', sum(state.pips(p) for p in side.split('+')))}" for side in sides)))
    s = state.settlement
    if s is not None:
        named = {k: who(k) for k in s.pips}
        s = s._replace(winners=tuple(named[x] for x in s.winners),
                       points={named[k]: v for k, v in s.points.items()},
                       raw={named[k]: v for k, v in s.raw.items()},
                       pips={named[k]: v for k, v in s.pips.items()},
                       opponents_pips={named[k]: v for k, v in s.opponents_pips.items()})
        out += line_words.settlement_lines(s, lang, variant)
    return out


def _playable_after(variant: Variant, state, seat: str, play: Play) -> int:
    layout = variant.play_placement(state.layout, play).layout
    return sum(1 for t in state.hands[seat] if t != play.tile and variant.can_play_any(layout, [t]))


def hint(variant: Variant, state, seat: str, lang: str):
    """``(action, reason)``: the play that scores most now, then the one that
    leaves most tiles playable, then the heaviest; a draw or a pass when no
    tile may be played."""
    w = messages("play", lang)
    plays = state.plays_for(seat)
    if not plays:
        return ("draw", w["hint_draw"]) if state.may_draw(seat) else ("pass", w["hint_pass"])

    def key(p: Play):
        return (variant.play_placement(state.layout, p).points, _playable_after(variant, state, seat, p), p.tile.pips)

    best = max(plays, key=key)                  # the first of equals, in the engine's order
    points, playable, _ = key(best)
    if points:
        return best, w["hint_points"].format(points=plural(lang, "point", points))
    if len(plays) == 1:
        return best, w["hint_only"]
    return best, w["hint_playable"].format(n=playable)
