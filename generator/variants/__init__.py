"""One module per variant, all on :class:`generator.engine.Variant`.

:func:`make_variant` joins a variant's rule class with the ``params`` of its
``rules/<id>/variant.yaml``.
"""

from __future__ import annotations

from ..engine.variant import Params, Variant
from .all_fives import AllFives
from .all_threes import AllThrees
from .bergen import Bergen
from .block import Block
from .draw import Draw
from .horse_race import HorseRace
from .matador import Matador
from .mexican_train import MexicanTrain
from .sniff import Sniff

#: Variant id -> rule class, in the order the site lists them.
RULES: dict[str, type[Variant]] = {
    cls.id: cls for cls in (HorseRace, Draw, Block, AllFives, AllThrees, Matador, Sniff, Bergen, MexicanTrain)
}


def make_variant(variant_id: str, params: dict, as_id: str | None = None) -> Variant:
    """Instantiate the rules of ``variant_id`` with a ``params`` mapping.

    ``as_id`` gives the instance its own id (a variant that plays by another
    game's rules, ``rules:`` in its ``variant.yaml``): its rule ids then read
    ``<as_id>/<rule>``. Raises ``KeyError`` for an id that has no rule class.
    """
    v = RULES[variant_id](Params.from_mapping(params))
    if as_id is not None and as_id != variant_id:
        v.id = as_id
    return v


__all__ = ["RULES", "make_variant"]
