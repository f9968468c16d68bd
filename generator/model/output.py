"""Engine results as the JSON of ``rulebook score`` (``shared/spec/positions.md``)."""

from __future__ import annotations

from typing import Any

from ..engine.variant import Placement
from .positions import (Outcome, PlacementPosition, Rejected, SettlementPosition, settlement_values,
                        turns_result)

__all__ = ["placement_json", "outcome_json"]


def placement_json(pl: Placement) -> dict[str, Any]:
    """One step: ``play``, ``at`` (or null), ``counted``, ``total``, ``raw``,
    ``points``, ``open`` as fixed by the spec."""
    return {
        "play": str(pl.tile),
        "at": None if pl.at is None else str(pl.at),
        "counted": [c.value for c in pl.counted],
        "total": pl.total,
        "raw": pl.raw,
        "points": pl.points,
        "open": [str(e) for e in pl.open],
    }


def rejected_json(r: Rejected) -> dict[str, Any]:
    """A step the position states as illegal (our extension): ``play``,
    ``at``, ``rejected`` {``rule``, ``message``} and the unchanged ``open``."""
    return {"play": str(r.tile), "at": None if r.at is None else str(r.at),
            "rejected": {"rule": r.rule, "message": r.message}, "open": [str(e) for e in r.open]}


def outcome_json(file: str, variant: str, outcome: Outcome) -> dict[str, Any]:
    """The element of ``rulebook score --json`` for one file.

    Settlements carry ``scores_after``/``game_winners`` (when ``scores`` were
    given) both inside ``settlement`` and beside it; turn-flow positions (our
    extension) give ``turns`` and ``result``.
    """
    pos = outcome.position
    out: dict[str, Any] = {"file": file, "variant": variant}
    if pos.family == "trains":
        from .trains import trains_json

        out.update(trains_json(outcome))
        return out
    if isinstance(pos, PlacementPosition):
        out["steps"] = [rejected_json(p) if isinstance(p, Rejected) else placement_json(p)
                        for p in outcome.placements]
    elif isinstance(pos, SettlementPosition):
        values = settlement_values(outcome.settlement)
        out["settlement"] = values
        for key in ("scores_after", "game_winners"):
            if key in values:
                out[key] = values[key]
    else:
        turns = []
        for ev in outcome.events:
            item: dict[str, Any] = {"by": ev.player, "move": ev.kind}
            if ev.placement is not None:
                item.update(placement_json(ev.placement))
            if ev.drawn is not None:
                item.update(draw=str(ev.drawn), playable=ev.playable)
            item.update(next=ev.next, scores=dict(ev.scores), end=ev.end)
            turns.append(item)
        out["turns"] = turns
        out["result"] = turns_result(outcome.hand)
    return out
