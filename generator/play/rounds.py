"""What the players of the games in rounds share (:mod:`generator.model.rounds`: a table of places round
a centre double, a round per double, penalties left in hand): a tile written from the half that touches
the tile before it, a place's tiles so written, the round's last play, sentences, each seat's count,
the tile a move places, and the rule that refuses a tile tried on a place.

A state (the family's round) has ``players``, ``events`` (each with ``kind``, ``tile`` and the place it
went, by the family's attribute), ``plays_for(seat)`` and ``play(seat, tile, place)``. Like the rest of
the player, this module imports no Jinja, YAML or Babel, so it runs in the browser; it knows no family.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..base.i18n import messages
from ..engine.tiles import Tile
from ..engine.rulebase import RuleViolation

__all__ = ["oriented", "tiles_from", "last_play", "sentences", "each", "action_tile", "refused_by"]


def oriented(tile: Tile, touching: int) -> str:
    """``tile`` written from the half that shows ``touching``: ``[6|4]`` on a 6."""
    return f"[{touching}|{tile.other(touching)}]"


def tiles_from(start: int, tiles: Sequence[Tile]) -> str:
    """A place's ``tiles`` from its double out (whose open half shows ``start``), each from its
    touching half: ``[9|4] [4|4]``."""
    out, end = [], start
    for t in tiles:
        out.append(oriented(t, end))
        end = t.other(end)
    return " ".join(out)


def last_play(state, place: str):
    """``(tile, where)`` of the round's last play (``where``: the event's attribute ``place``), or
    ``None``."""
    for ev in reversed(state.events):
        if ev.kind == "play":
            return ev.tile, getattr(ev, place)
    return None


def sentences(parts: list[str], stop: str) -> str:
    """Sentences joined (each given without its full ``stop``; a Japanese one is not followed by a
    space)."""
    return (stop + " ").join(parts).replace("。 ", "。") + stop


def each(state, lang: str, who: Callable[[str], str], value: Callable[[str], str]) -> str:
    """Every seat of ``state`` in the reader's words (``who``) with its ``value``, listed in ``lang``."""
    return messages("play", lang)["list"].join(f"{who(p)} {value(p)}" for p in state.players)


def action_tile(action) -> Tile | None:
    """The tile a play places (``None`` for a draw or a pass)."""
    return None if isinstance(action, str) else action[0]


def refused_by(state, seat: str, tile: Tile, place: str) -> str:
    """The id of the rule :meth:`play` names when ``seat`` tries ``tile`` on ``place`` (a round checks a
    play before it changes anything, so nothing changes). Raises ``RuntimeError`` if the play is made:
    the caller tries only a move ``plays_for`` does not list."""
    try:
        state.play(seat, tile, place)
    except RuleViolation as exc:
        return exc.rule
    raise RuntimeError(f"{tile} was played on {place} though plays_for did not list it")
