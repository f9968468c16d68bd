"""Engine results as the JSON of ``rulebook score`` (the fixed contract, ``docs/en/authoring.md#fixed-contract``):
:func:`outcome_json` for any position, whatever its layout (:mod:`.kinds`), and
the JSON of one placement."""

from __future__ import annotations

from .kinds import outcome_json
from ..families.line.positions import placement_json, rejected_json

__all__ = ["placement_json", "rejected_json", "outcome_json"]
