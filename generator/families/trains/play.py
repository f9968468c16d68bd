"""A round of the trains family (Mexican Train) shown to a reader playing it
(:mod:`generator.play`): the table drawn as the page's hub diagrams draw it
(:func:`generator.families.trains.draw.draw_table`), moves, refusals, penalties and the
hint in the ``play`` catalog's ``trains_`` words.

A round of Mexican Train is what :class:`~generator.play.session.Session`
calls a hand, and the match is its game. The state every function gets is
the round's :class:`~generator.families.trains.rules.Round`; a move
``action`` is one of its ``plays_for`` pairs ``(tile, train)`` (``train`` a
seat's name or :data:`~generator.families.trains.rules.MEXICAN`),
``"draw"`` or ``"pass"``. A tile on a train is written from the half that
touches the tile before it, as the train reads from the engine out
(``[6|4]`` on a train whose end shows 6).

A seat is named in the reader's words (``North``, ``South (you)``); the
reader's seat is the one :func:`generator.play.session.seats_of` gives, so
the words say "your train" where the table has the reader's.

The hint is the family's greedy player
(:meth:`generator.families.trains.TrainsFamily.greedy_key`): nothing scores
in play and the pips left in hand are penalties, so shed the heaviest tile
that may be played, the first of equals in the engine's order (trains in
seat order, the Mexican train last).

This module imports no Jinja, YAML or Babel (the words come from
:func:`generator.base.i18n.messages`, which under Pyodide reads what
:func:`~generator.base.i18n.install` installed), so it runs in the browser.
"""

from __future__ import annotations

from typing import Sequence

from ...base.i18n import messages, plural
from .draw import draw_table
from ...engine.family import family_of
from ...engine.tiles import Tile
from ...engine.rulebase import Rules
from .rules import MEXICAN, OPEN, all_open
from ...play.rounds import action_tile, each, last_play, oriented, refused_by, sentences, tiles_from
from ...play.session import seats_of

__all__ = ["table", "action_words", "log_words", "action_tile", "refusal", "scores", "hand_result", "hint",
           "round_number", "train_words", "may_play"]

#: The statuses (:meth:`~generator.families.trains.rules.Round.status`) under which a player may play on a train.
_OPEN = OPEN


def round_number(variant: Rules, state) -> int:
    """The round's number in the match (1-based): the highest double's round
    is 1, one more for every double lower (``variant.engine_of`` reversed)."""
    return variant.max_pip - state.engine.high + 1


def _rounds(variant: Rules) -> int:
    """Rounds in the match as it is played (the first table setting, as :func:`~generator.families.trains.sim.play_match`)."""
    return variant.round_settings[0]


def _reader(variant: Rules) -> str:
    return seats_of(variant)[2]


def _seat(variant: Rules, seat: str, lang: str) -> str:
    """A seat in the reader's words, as the session names it (``South (you)``)."""
    w = messages("play", lang)
    name = w.get(f"seat_{seat}", seat)
    return w["you"].format(seat=name) if seat == _reader(variant) else name


def _bare(seat: str, lang: str) -> str:
    """A seat's own name, without "(you)" (``North``; ``P3`` past four players)."""
    return messages("play", lang).get(f"seat_{seat}", seat)


def train_words(variant: Rules, train: str, lang: str) -> str:
    """A train in words, in the middle of a sentence: ``the Mexican train``,
    ``your train`` (the reader's), ``North's train``."""
    w = messages("play", lang)
    if train == MEXICAN:
        return w["trains_mexican"]
    if train == _reader(variant):
        return w["trains_yours"]
    return w["trains_other"].format(owner=_bare(train, lang))


def _head(text: str) -> str:
    """``text`` opening a sentence (a capital first letter; Japanese is unchanged)."""
    return text[:1].upper() + text[1:]


def _last_play(state):
    """``(tile, train)`` of the round's last play, or ``None``."""
    return last_play(state, "train")


def may_play(state) -> dict[str, list[str]]:
    """Each train -> the seats that may play on it now, by
    :meth:`~generator.families.trains.rules.Round.status` (empty lists once
    the round is over): what the diagram's open-end tags show."""
    if state.end is not None:
        return {tr: [] for tr in state.trains}
    return {tr: [p for p in state.players if state.status(p, tr) in _OPEN] for tr in state.trains}


def _sentences(parts: list[str], lang: str) -> str:
    """Sentences joined in ``lang`` (each given without its full stop)."""
    return sentences(parts, messages("play", lang)["trains_stop"])


def _words(variant: Rules, state, lang: str, allowed: dict[str, list[str]]) -> str:
    """The text equivalent of the table: the round and its engine, every
    train (its tiles from the engine out, its open end, a marker or "open to
    everyone" -- said only while no double waits to be covered --, an
    uncovered double, who may play there now), the stock, the last tile
    placed, and whose turn it is."""
    w = messages("play", lang)
    parts = [w["trains_engine"].format(round=round_number(variant, state), rounds=_rounds(variant),
                                       tile=state.engine.label)]
    # while a double waits to be covered no other train is open to anyone: a marker is then only named
    waiting = state.end is None and bool(state.open_doubles)
    for name, tr in state.trains.items():
        bits = [w["trains_tiles"].format(tiles=tiles_from(state.engine.low, tr.tiles), end=tr.end) if tr.tiles
                else w["trains_bare"].format(end=tr.end)]
        if name == MEXICAN and not waiting:
            bits.append(w["trains_open_all"])
        elif name != MEXICAN and tr.marker:
            bits.append(messages("trains", lang)["marker_word"] if waiting else w["trains_marker"])
        if name in state.open_doubles:
            bits.append(w["trains_open_double"].format(tile=tr.last.label))
        if state.end is None:
            who = allowed.get(name, [])
            bits.append(w["trains_may"].format(who=w["list"].join(_seat(variant, p, lang) for p in who))
                        if who else w["trains_may_none"])
        parts.append(w["trains_train"].format(train=_head(train_words(variant, name, lang)),
                                              about=w["trains_bit_sep"].join(bits)))
    parts.append(w["stock"].format(tiles=plural(lang, "tile", len(state.stock))))
    last = _last_play(state)
    if last is not None:
        parts.append(w["trains_last"].format(tile=_oriented_last(state, *last),
                                             train=train_words(variant, last[1], lang)))
    if state.end is None:
        parts.append(w["trains_to_move"].format(who=_seat(variant, state.current, lang)))
    else:
        parts.append(w["trains_over"])
    return _sentences(parts, lang)


def _oriented_last(state, tile: Tile, train: str) -> str:
    """The last tile of ``train`` written from its touching half (its other
    half is the train's end, or a double)."""
    return oriented(tile, tile.other(state.trains[train].end)) if not tile.is_double else tile.label


def table(variant: Rules, state, lang: str, ident: str) -> tuple[str, str]:
    """``(svg, words)``: the engine and every train as an SVG diagram (as the
    page's hub diagrams: the rows of trains left and right of the engine,
    each owner's label, the red marker, the uncovered double outlined, the
    tile just placed framed, and at each open end a tag naming the seats
    that may play there now, white where nobody may) with
    ``<title>``/``<desc>``, and its text equivalent (the round and engine,
    each train's tiles, open end, marker or "open to everyone", uncovered
    double and who may play there, the stock, the last tile, whose turn).
    ``ident`` makes the SVG's ids unique on the page. Sizes are the hub
    diagram's (pip squares of :data:`generator.draw.svg.UNIT` pixels)."""
    w = messages("play", lang)
    allowed = may_play(state)
    words = _words(variant, state, lang, allowed)
    title = w["trains_title"].format(round=round_number(variant, state), rounds=_rounds(variant),
                                     tile=state.engine.label)
    svg = draw_table(state.engine, state.trains, allowed, state.open_doubles, title=title, desc=words, lang=lang,
                     ident=ident, last=_last_play(state), coloured=variant.params.set > 6)
    return svg, words


def action_words(variant: Rules, state, seat: str, action, lang: str) -> str:
    """A move of ``seat`` (the reader) before it is made: ``[6|4] on your own
    train``, ``[6|4] on the Mexican train``, ``[6|4] on North's train`` (the
    tile from the half that touches the train's end), with a note in
    brackets when it covers a double, is a double that must be covered,
    takes the marker off the player's train or is the last tile in hand;
    or drawing, or passing (which puts a marker on the player's train)."""
    w = messages("play", lang)
    if isinstance(action, str):
        return w["trains_" + action + ("_open" if action == "pass" and all_open(variant) else "")]
    tile, train = action
    tr = state.trains[train]
    text = oriented(tile, tr.end)
    if train == MEXICAN:
        out = w["trains_on_mexican"].format(tile=text)
    elif train == seat:
        out = w["trains_on_own"].format(tile=text)
    else:
        out = w["trains_on_other"].format(tile=text, owner=_bare(train, lang))
    notes = []
    last_tile = len(state.hands[seat]) == 1
    if state.status(seat, train) == "cover":
        notes.append(w["trains_note_cover"].format(tile=tr.last.label))
    if tile.is_double and not last_tile:
        same = variant.choices.double_cover == "same-player"
        notes.append(w["trains_note_double_same" if same else "trains_note_double_next"])
    if train == seat and tr.marker:
        notes.append(w["trains_note_marker"])
    if last_tile:
        notes.append(w["trains_note_last"])
    if notes:
        out += w["trains_notes"].format(notes=w["trains_note_sep"].join(notes))
    return out


def log_words(variant: Rules, state, seat: str, action, lang: str) -> str:
    """A move of ``seat`` in the round's log, briefly: ``plays [6|4] on own
    train``, ``... on the Mexican train``, ``... on your train`` (the
    reader's), ``... on North's train``; ``draws a tile`` (which, the log does
    not say); ``passes (marker on own train)``. Draws nothing: it is said for
    every move of the match."""
    w = messages("play", lang)
    if isinstance(action, str):
        return w["trains_log_" + action + ("_open" if action == "pass" and all_open(variant) else "")]
    tile, train = action
    text = oriented(tile, state.trains[train].end)
    if train == MEXICAN:
        return w["trains_log_mexican"].format(tile=text)
    if train == seat:
        return w["trains_log_own"].format(tile=text)
    if train == _reader(variant):
        return w["trains_log_yours"].format(tile=text)
    return w["trains_log_other"].format(tile=text, owner=_bare(train, lang))


def refusal(variant: Rules, state, seat: str, tile: Tile) -> str:
    """The id of the rule that refuses ``tile`` of ``seat``'s hand now, as
    :meth:`~generator.families.trains.rules.Round.play` refuses it (it
    checks a play before it changes anything): after a draw, only the drawn
    tile (``…/drawn-tile``); a tile that fits the end of a train closed to
    ``seat`` (``…/open-double`` while a double elsewhere waits to be
    covered, ``…/marker`` on another player's train without a marker); a
    tile that fits no end (``…/matching``, tried on the first train open to
    ``seat``). The tile is tried on the first train whose end it fits, where
    there is one, so the rule named is the one that keeps it off that train.
    Raises ``RuntimeError`` if ``tile`` may be played (a legal move is never
    tried, so the state is never changed)."""
    legal = state.plays_for(seat)
    if any(t == tile for t, _tr in legal):
        raise RuntimeError(f"{tile} may be played now: no rule refuses it")
    names = list(state.trains)
    fitting = [tr for tr in names if tile.has(state.trains[tr].end)]
    train = (fitting or state.open_trains(seat) or names)[0]
    return refused_by(state, seat, tile, train)


def scores(variant: Rules, state, lang: str, who, earlier: Sequence = ()) -> str:
    """The score as far as the round knows it: ``Round 3 of 13 (engine
    [10|10])``; while the round is played, the tiles in each hand and in the
    stock (the pips of other hands are hidden); once it is over, each seat's
    penalty pips for it. A round does not know the match's earlier rounds:
    given them as ``earlier`` (their finished ``Round`` states, oldest first),
    the match's running penalty totals come too (this round's once it is
    over). ``who`` names a seat in words."""
    w = messages("play", lang)
    parts = [w["trains_round"].format(round=round_number(variant, state), rounds=_rounds(variant),
                                      tile=state.engine.label)]
    if state.end is None:
        parts.append(w["trains_in_hand"].format(counts=each(state, lang, who,
                                                             lambda p: plural(lang, "tile", len(state.hands[p])))))
        parts.append(w["stock"].format(tiles=plural(lang, "tile", len(state.stock))))
    else:
        pen = state.penalties
        parts.append(w["trains_round_pen"].format(pips=each(state, lang, who, lambda p: plural(lang, "pip", pen[p]))))
    if earlier:
        done = list(earlier) + ([state] if state.end is not None else [])
        totals = {p: sum(r.penalties.get(p, 0) for r in done) for p in state.players}
        parts.append(w["trains_totals"].format(pips=each(state, lang, who,
                                                          lambda p: plural(lang, "pip", totals[p]))))
    return w["sep"].join(parts)


def hand_result(variant: Rules, state, lang: str, who) -> list[str]:
    """How the finished round ended, in sentences: who went out (or that it
    was blocked: an empty stock and no tile that fits any train, even with
    every train marked), every seat's penalty (the pips left in hand), and
    the next round's engine or that the match is over."""
    w = messages("play", lang)
    n = round_number(variant, state)
    out = [w["trains_out"].format(who=who(state.out)) if state.end == "out" else w["trains_blocked"]]
    pen = state.penalties
    out.append(w["trains_penalties"].format(round=n, pips=each(state, lang, who,
                                                                lambda p: plural(lang, "pip", pen[p]))))
    if n < _rounds(variant):
        out.append(w["trains_next"].format(round=n + 1, tile=variant.engine_of(n + 1, _rounds(variant)).label))
    else:
        out.append(w["trains_match_over"])
    return out


def hint(variant: Rules, state, seat: str, lang: str):
    """``(action, reason)``: the family's greedy choice, the play of the
    heaviest tile (the first of equals in the engine's order), and why in
    words (the tile just drawn must be played, the only play, the double
    that must be covered first, the heaviest tile); a draw or a pass (and
    why) when nothing fits."""
    w = messages("play", lang)
    plays = state.plays_for(seat)
    cover = state.trains[state.open_doubles[0]].last.label if state.open_doubles else None
    if not plays:
        if state.may_draw(seat):
            return "draw", (w["trains_hint_draw_cover"].format(tile=cover) if cover else w["trains_hint_draw"])
        drawn = state.phase in ("drawn", "cover-drawn")
        return "pass", w[("trains_hint_pass_drawn" if drawn else "trains_hint_pass_empty")
                         + ("_open" if all_open(variant) else "")]
    key = family_of(variant.family).greedy_key(variant, state)
    best = max(plays, key=key)                  # the first of equals, as the greedy player takes it
    if state.phase in ("drawn", "cover-drawn"):
        return best, w["trains_hint_drawn"]
    if len(plays) == 1:
        return best, w["hint_only"]
    tile = oriented(best[0], state.trains[best[1]].end)
    pips = plural(lang, "pip", best[0].pips)
    if cover:
        return best, w["trains_hint_cover"].format(double=cover, tile=tile, pips=pips)
    return best, w["trains_hint_heaviest"].format(tile=tile, pips=pips)
