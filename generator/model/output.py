"""Engine results as the JSON of ``rulebook score`` (the fixed contract, ``docs/en/authoring.md#fixed-contract``):
:func:`outcome_json` for any position, whatever its layout (:mod:`.kinds`)."""

from __future__ import annotations

from .kinds import outcome_json

__all__ = ["outcome_json"]
