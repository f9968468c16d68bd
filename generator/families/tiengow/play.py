"""A hand of Tien Gow shown to a reader playing it (:mod:`generator.play`):
the trick on the table drawn as the page draws Chinese tiles
(:func:`generator.draw.chinese.draw_rows`; a discard face down), the
moves offered in words (lead a set, beat with a set face up, discard tiles
face down), the tricks each seat has taken, the payments, and the hint (the
family's greedy player, :func:`generator.families.tiengow.sim.greedy_key`),
in the ``play`` catalog's ``tiengow_`` words.

The state is the hand's :class:`~generator.families.tiengow.rules.Hand`; a
move is one of its ``plays_for`` plays, offered on the first tile it plays.

This module imports no Jinja, YAML or Babel, so it runs in the browser.
"""

from __future__ import annotations

from ...base.i18n import messages
from ...engine.tiles import Tile
from ...draw.chinese import draw_rows, tile_picture, tile_words  # noqa: F401 (the player's tile pictures)
from .rules import Hand, Play, TienGow, combo
from .sim import greedy_key

__all__ = ["table", "action_words", "log_words", "action_tile", "refusal", "scores", "hand_result", "hint",
           "tile_picture"]


def _name(t: Tile, lang: str) -> str:
    return tile_words(t, lang)


def _tiles(tiles, lang: str) -> str:
    return " + ".join(_name(t, lang) for t in sorted(tiles))


def _seat(w, p: str) -> str:
    return w.get(f"seat_{p}", p)


def table(variant: TienGow, state: Hand, lang: str, ident: str) -> tuple[str, str]:
    """``(svg, words)``: the trick being played (the last one finished
    before a lead), a row per play in order, a discard face down; then the
    tricks each seat has taken. ``ident`` makes the SVG's ids unique."""
    w = messages("play", lang)
    trick = state.trick or (state.done[-1] if state.done else None)
    rows, parts = [], []
    if trick is None:
        parts.append(w["tiengow_no_trick"].format(who=_seat(w, state.banker)))
    else:
        for i, (p, tiles, up) in enumerate(trick.plays):
            rows.append([list(tiles) if up else [None] * len(tiles)])
            key = "tiengow_led" if i == 0 else ("tiengow_beat" if up else "tiengow_discarded")
            parts.append(w[key].format(who=_seat(w, p), tiles=_tiles(tiles, lang), n=len(tiles)))
        if state.trick is None:
            parts.append(w["tiengow_took"].format(who=_seat(w, trick.high)))
    parts.append(w["tiengow_taken"].format(each=w["sep"].join(f"{_seat(w, p)} {n}" for p, n in state.tricks.items())))
    words = ("" if lang == "ja" else " ").join(parts)
    svg = draw_rows(rows or [[[]]], title=w["tiengow_title"], desc=words, lang=lang, ident=ident, labels=True)
    return svg, words


def action_words(variant: TienGow, state: Hand, seat: str, action: Play, lang: str) -> str:
    """A move before it is made: lead a set (and what it is), beat with a set, or discard tiles face down."""
    w = messages("play", lang)
    if state.trick is None:
        return w["tiengow_do_lead"].format(tiles=_tiles(action.tiles, lang), name=combo(action.tiles).name[lang])
    key = "tiengow_do_beat" if action.face_up else "tiengow_do_discard"
    return w[key].format(tiles=_tiles(action.tiles, lang))


def log_words(variant: TienGow, state: Hand, seat: str, action: Play, lang: str) -> str:
    """A move in the log: a lead or a set face up by its tiles, a discard only by how many tiles."""
    w = messages("play", lang)
    if not action.face_up:
        return w["tiengow_log_discard"].format(n=len(action.tiles))
    return w["tiengow_log_up"].format(tiles=_tiles(action.tiles, lang))


def action_tile(action: Play) -> Tile | None:
    """The tile a move is offered on: the first (lowest) tile it plays."""
    return min(action.tiles)


def refusal(variant: TienGow, state: Hand, seat: str, tile: Tile) -> str:
    """The rule id said for a tile that offers no move of its own: a set of
    several tiles is offered on its lowest tile, so a tile that is never the
    lowest of a set the reader may play now goes with lower ones."""
    return f"{variant.id or 'tien-gow'}/with-lower-tiles"


def scores(variant: TienGow, state: Hand, lang: str, who, earlier=()) -> str:
    """The tricks each seat has taken; once the hand is over, each seat's chips."""
    w = messages("play", lang)
    if state.end is None:
        return w["sep"].join(f"{who(p)} {n}" for p, n in state.tricks.items())
    return w["sep"].join(f"{who(p)} {c:+d}" for p, c in state.result.items())


def hand_result(variant: TienGow, state: Hand, lang: str, who) -> list[str]:
    """The winner of the last trick, then what each other seat pays or receives."""
    w = messages("play", lang)
    out = [w["tiengow_won"].format(who=who(state.winner))]
    for p, c in state.result.items():
        if p != state.winner:
            key = "tiengow_paid" if c < 0 else "tiengow_received" if c > 0 else "tiengow_even"
            out.append(w[key].format(who=who(p), n=state.tricks[p], chips=abs(c)))
    return out


def hint(variant: TienGow, state: Hand, seat: str, lang: str):
    """``(play, reason)``: the greedy player's move (the largest set that
    wins the trick for now, else the weakest tiles discarded)."""
    best = max(state.plays_for(seat), key=greedy_key)
    return best, messages("play", lang)["tiengow_hint"]
