"""A round of the tree family (Chicken Foot) shown to a reader playing it
(:mod:`generator.play`): the tree drawn as the page's diagrams draw it
(:func:`generator.families.tree.draw.draw_tree`), moves, refusals, penalties and the
hint in the ``play`` catalog's ``tree_`` words.

A round of Chicken Foot is what :class:`~generator.play.session.Session`
calls a hand, and the match is its game; the state every function gets is
the round's :class:`~generator.families.tree.rules.Round`, and a move
``action`` is one of its ``plays_for`` pairs ``(tile, arm)``, ``"draw"`` or
``"pass"``. An arm is named as the diagram's tags name it (``arm a``, ``toe
b2``), and a tile on an arm is written from the half that touches the tile
before it (``[9|4] [4|4]`` on an arm of the 9-9).

The hint is the family's greedy player
(:meth:`generator.families.tree.TreeFamily.greedy_key`): nothing scores in
play, so shed the tile that would cost most left in hand (the double-blank
at its rule's value), the first of equals in the engine's order.

This module imports no Jinja, YAML or Babel (the words come from
:func:`generator.base.i18n.messages`, which under Pyodide reads what
:func:`~generator.base.i18n.install` installed), so it runs in the browser.
"""

from __future__ import annotations

from ...base.i18n import messages, plural
from .draw import draw_tree
from ...engine.family import family_of
from ...engine.tiles import Tile
from ...engine.rulebase import RuleViolation
from .rules import ChickenFoot, Round

__all__ = ["table", "action_words", "log_words", "action_tile", "refusal", "scores", "hand_result", "hint",
           "arm_words", "round_number"]


def round_number(variant: ChickenFoot, state: Round) -> int:
    """The round's number in the match (1-based): the highest double's round
    is 1, one more for every double lower (``variant.centre_of`` reversed)."""
    return variant.max_pip - state.centre.high + 1


def arm_words(name: str, lang: str) -> str:
    """An arm as its tag names it: ``arm b`` for one of the centre's (a
    one-letter name), ``toe b2`` for a foot's.

    >>> arm_words("b", "en"), arm_words("b2", "ja")
    ('arm b', '指b2')
    """
    w = messages("play", lang)
    return w["tree_arm" if len(name) == 1 else "tree_toe"].format(arm=name)


def _oriented(tile: Tile, touching: int) -> str:
    """``tile`` written from the half that shows ``touching``: ``[4|6]`` on a 4."""
    return f"[{touching}|{tile.other(touching)}]"


def _arm_tiles(arm) -> str:
    """An arm's tiles from its double outwards, each from its touching half."""
    out, end = [], arm.start
    for t in arm.tiles:
        out.append(_oriented(t, end))
        end = t.other(end)
    return " ".join(out)


def _grows_from(state, name: str) -> Tile:
    """The double an arm grows from: the centre for a centre arm, else the
    double closing the arm its name extends (``b`` for ``b2``)."""
    return state.centre if len(name) == 1 else state.arms[name[:-1]].tiles[-1]


def _last_play(state):
    """``(tile, arm)`` of the round's last play, or ``None``."""
    for ev in reversed(state.events):
        if ev.kind == "play":
            return ev.tile, ev.arm
    return None


def _sentences(parts: list[str], lang: str) -> str:
    """Sentences joined in ``lang`` (each given without its full stop)."""
    stop = messages("play", lang)["tree_stop"]
    parts = [p[:1].upper() + p[1:] for p in parts]         # "arm a ..." opening a sentence
    return (stop + " ").join(parts).replace("。 ", "。") + stop


def _words(variant: ChickenFoot, state: Round, lang: str) -> str:
    """The text equivalent of the tree: the round and its centre, every arm
    (its tiles, its open end or the double closing it), the last tile placed,
    and where the next tile must or may go."""
    w = messages("play", lang)
    parts = [w["tree_centre"].format(round=round_number(variant, state), rounds=variant.rounds,
                                     tile=state.centre.label, n=variant.centre_arms)]
    for name, arm in state.arms.items():
        where = arm_words(name, lang)
        if not arm.tiles:
            parts.append(w["tree_arm_bare"].format(arm=where, end=arm.end))
        elif arm.closed:
            parts.append(w["tree_arm_closed"].format(arm=where, tiles=_arm_tiles(arm), tile=arm.tiles[-1].label))
        else:
            parts.append(w["tree_arm_open"].format(arm=where, tiles=_arm_tiles(arm), end=arm.end))
    last = _last_play(state)
    if last is not None:
        parts.append(w["tree_last"].format(tile=last[0].label, arm=arm_words(last[1], lang)))
    if state.end is not None:
        parts.append(w["tree_over"])
    else:
        fill, foot = state.must_fill, state.foot
        if not fill or foot is None:
            parts.append(w["tree_wait_none"])
        elif foot == "centre":
            parts.append(w["tree_wait_centre"].format(
                tile=state.centre.label, arms=w["list"].join(arm_words(a, lang) for a in fill)))
        else:                                   # "its toes b2, b3": the toes by their tags' names
            parts.append(w["tree_wait_foot"].format(tile=state.arms[foot].tiles[-1].label,
                                                    arm=arm_words(foot, lang), arms=w["list"].join(fill)))
    return _sentences(parts, lang)


def table(variant: ChickenFoot, state: Round, lang: str, ident: str) -> tuple[str, str]:
    """``(svg, words)``: the tree as an SVG diagram (the centre double
    upright, its arms and every foot's toes; a filled tag on each end a tile
    may go on now, a white one where play waits; the double waiting for its
    tiles outlined, the last tile framed) with ``<title>``/``<desc>``, and its
    text equivalent (the round, each arm's tiles and open end, which double
    still waits and on which arms). ``ident`` makes the SVG's ids unique on
    the page. A finished round is drawn with every tag white."""
    w = messages("play", lang)
    words = _words(variant, state, lang)
    live = state.end is None
    status = {a: state.status(a) for a in state.arms} if live else None
    title = w["tree_title"].format(round=round_number(variant, state), rounds=variant.rounds)
    svg = draw_tree(state.centre, state.arms, variant.centre_arms, status, title=title, desc=words, lang=lang,
                    ident=ident, last=_last_play(state), waiting=state.foot if live else None,
                    coloured=variant.params.set > 6)
    return svg, words


def action_words(variant: ChickenFoot, state: Round, seat: str, action, lang: str) -> str:
    """A move before it is made: ``[9|4] on arm a of the centre double
    [9|9]``, ``[5|7] on toe b2, a toe of [5|5]``, ``[4|6] on arm a, against
    [9|4]`` (the tile from its touching half), with a note when the tile is a
    double that grows a chicken foot; or drawing, or passing."""
    w = messages("play", lang)
    if isinstance(action, str):
        return w["did_" + action]
    tile, name = action
    arm = state.arms[name]
    text = _oriented(tile, arm.end)
    where = arm_words(name, lang)
    if arm.tiles:
        out = w["tree_on_arm"].format(tile=text, arm=where, at=_oriented(arm.tiles[-1], _touching_of_last(arm)))
    elif len(name) == 1:
        out = w["tree_on_centre"].format(tile=text, arm=where, at=state.centre.label)
    else:
        out = w["tree_on_toe"].format(tile=text, arm=where, at=_grows_from(state, name).label)
    if tile.is_double:
        out += w["tree_makes_foot"]
    return out


def _touching_of_last(arm) -> int:
    """The pip on the inner half of an arm's outermost tile (the half that
    touches the tile before it)."""
    end = arm.start
    for t in arm.tiles[:-1]:
        end = t.other(end)
    return end


def log_words(variant: ChickenFoot, state: Round, seat: str, action, lang: str) -> str:
    """A move in the round's log, briefly (``plays [4|6] on arm a``; a double
    says it grows a foot), drawing or passing. Draws nothing: it is said for
    every move of the match."""
    w = messages("play", lang)
    if isinstance(action, str):
        return w["did_" + action]
    tile, name = action
    return w["tree_log_foot" if tile.is_double else "tree_log_play"].format(
        tile=_oriented(tile, state.arms[name].end), arm=arm_words(name, lang))


def action_tile(action) -> Tile | None:
    """The tile a play places (``None`` for a draw or a pass)."""
    return None if isinstance(action, str) else action[0]


def refusal(variant: ChickenFoot, state: Round, seat: str, tile: Tile) -> str:
    """The id of the rule that refuses ``tile`` of ``seat``'s hand now, as
    :meth:`~generator.families.tree.rules.Round.play` refuses it (it checks
    a play before it changes anything): after a draw, only the drawn tile
    (``…/drawn-tile``); a tile that fits an end elsewhere while a double
    waits for its tiles (``…/fill-the-foot``); a tile that fits no open end
    (``…/matching``). The tile is tried on an arm it fits, where there is
    one, so the rule named is the one that keeps it off the table. Raises
    ``RuntimeError`` if ``(tile, arm)`` is one of ``plays_for`` (a legal move:
    it is never made, so the state is never changed)."""
    legal = state.plays_for(seat)
    arms = [a for a, arm in state.arms.items() if not arm.closed]
    fitting = [a for a in arms if tile.has(state.arms[a].end) and (tile, a) not in legal]
    arm = (fitting or state.open_arms() or arms)[0]
    if (tile, arm) in legal:
        raise RuntimeError(f"{tile} on {arm} is a legal move, not one to refuse")
    try:
        state.play(seat, tile, arm)
    except RuleViolation as exc:
        return exc.rule
    raise RuntimeError(f"{tile} was played on {arm} though plays_for did not list it")


def _counts(state, lang: str, who, values) -> str:
    w = messages("play", lang)
    return w["list"].join(f"{who(p)} {values(p)}" for p in state.players)


def scores(variant: ChickenFoot, state: Round, lang: str, who, earlier=()) -> str:
    """What the round's state knows of the score: the round (``Round 3 of
    10``), then while it is played the tiles in each hand and the stock (the
    pips in other hands are hidden), once it is over each player's penalty
    points for it; with ``earlier`` (the match's finished rounds, oldest
    first) the match's penalty totals so far. ``who`` names a seat in words."""
    w = messages("play", lang)
    parts = [w["tree_round"].format(round=round_number(variant, state), rounds=variant.rounds)]
    if state.end is None:
        parts.append(w["tree_in_hand"].format(counts=_counts(
            state, lang, who, lambda p: plural(lang, "tile", len(state.hands[p])))))
        parts.append(w["stock"].format(tiles=plural(lang, "tile", len(state.stock))))
    else:
        pen = state.penalties
        parts.append(w["tree_penalties"].format(points=_counts(state, lang, who, lambda p: plural(lang, "point",
                                                                                                  pen[p]))))
    rounds = list(earlier) + ([state] if state.end is not None else [])
    if earlier:
        totals = {p: sum(r.penalties[p] for r in rounds) for p in state.players}
        parts.append(w["match_totals"].format(points=_counts(state, lang, who, lambda p: plural(lang, "point",
                                                                                                totals[p]))))
    return w["sep"].join(parts)


def hand_result(variant: ChickenFoot, state: Round, lang: str, who) -> list[str]:
    """How the finished round ended, in sentences: who went out (or that it
    was blocked: an empty stock and no tile that fits), every player's
    penalty points (the pips left in hand, the double-blank at its rule's
    value, said where someone kept it; where every blank half counts 25, said
    for each tile with a blank kept), and the next round's centre double or
    that the match is over."""
    w = messages("play", lang)
    n = round_number(variant, state)
    out = [w["tree_out"].format(who=who(state.out)) if state.end == "out" else w["tree_blocked"]]
    pen = state.penalties
    out.append(w["tree_round_penalties"].format(round=n, points=_counts(
        state, lang, who, lambda p: plural(lang, "point", pen[p]))))
    blank = Tile(0, 0)
    key = "tree_blank_" + variant.choices.double_blank
    for p in state.players:
        # the double-blank where it alone is special; every tile with a blank where each blank counts 25
        kept = [t for t in state.hands[p] if t == blank or (key.endswith("25") and t.low == 0)]
        for t in kept:
            out.append(w[key].format(who=who(p), tile=t.label, points=plural(lang, "point", variant.tile_penalty(t))))
    if n < variant.rounds:
        out.append(w["tree_next"].format(round=n + 1, tile=variant.centre_of(n + 1).label))
    else:
        out.append(w["tree_match_over"])
    return out


def hint(variant: ChickenFoot, state: Round, seat: str, lang: str):
    """``(action, reason)``: the family's greedy choice, the play of the tile
    that would cost most left in hand (the first of equals in the engine's
    order), and why in words (a double waiting for its tiles, the drawn tile
    that must be played, the only play); a draw or a pass when nothing fits, or
    when the only tile left is a double that fits but may not end the hand
    (``go_out_on_double: not-allowed``)."""
    w = messages("play", lang)
    plays = state.plays_for(seat)
    hand = state.hands[seat]
    if not plays and state.phase == "start" and len(hand) == 1 and hand[0].is_double \
            and any(hand[0].has(state.arms[a].end) for a in state.open_arms()):
        # the lone double fits, but this table does not let a player go out on a double
        return ("draw", w["tree_hint_last_double_draw"]) if state.may_draw(seat) \
            else ("pass", w["tree_hint_last_double_pass"])
    if not plays:
        if state.may_draw(seat):
            return "draw", w["tree_hint_draw_foot" if state.must_fill else "hint_draw"]
        return "pass", w["tree_hint_pass_drawn" if state.phase == "drawn" else "hint_pass"]
    key = family_of(variant.family).greedy_key(variant, state)
    best = max(plays, key=key)                  # the first of equals, as the greedy player takes it
    if state.phase == "drawn":
        return best, w["tree_hint_drawn"]
    if len(plays) == 1:
        return best, w["hint_only"]
    points = plural(lang, "point", variant.tile_penalty(best[0]))
    return best, w["tree_hint_foot" if state.must_fill else "tree_hint_heaviest"].format(
        tile=best[0].label, points=points)
