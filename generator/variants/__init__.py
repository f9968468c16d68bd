"""One module per variant, all on :class:`generator.engine.Variant`.

:func:`load_variant` joins a variant's rule class with the ``params`` of its
``rules/<id>/variant.yaml``.
"""

from __future__ import annotations

from ..engine.variant import Params, Variant
from .horse_race import HorseRace

#: Variant id -> rule class.
RULES: dict[str, type[Variant]] = {
    HorseRace.id: HorseRace,
}


def make_variant(variant_id: str, params: dict) -> Variant:
    """Instantiate the rules of ``variant_id`` with a ``params`` mapping.

    Raises ``KeyError`` for an id that has no rule class.
    """
    return RULES[variant_id](Params.from_mapping(params))


__all__ = ["RULES", "make_variant"]
