"""Horse Race's own rule value (ホースレース, seed ``000_7d0393dab7d6e55a.txt``):
``continuation: double-or-score``. Its other rules are choices every game can
take (``variant.yaml``): every double a spinner whose side branches open after
both straight sides, the Fives count, multiples of 5 in units of 5, rounded
settlement where tied lowest sides all win.

>>> from generator.engine import Params, Tile, End
>>> from generator.families.line.rules import Layout
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> hr = make_variant(Params(set=6, players=(2, 3, 4), partnerships=(4,), deal={2: 7, 3: 6, 4: 5},
...                          target=61, point_unit=5),
...                   Choices(spinners="all", counting="fives", scoring="multiples-of-5",
...                           continuation="double-or-score", settlement="rounded", ties="all-tied-win"))
>>> p = hr.place(Layout(), Tile(1, 4), None)
>>> [c.value for c in p.counted], p.total, p.raw, p.points
([4, 1], 5, 5, 1)
>>> hr.continues_turn(p, drawn=False), hr.continues_turn(p, drawn=True)
(True, False)
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from .variant import Placement, Variant

__all__ = ["DoubleOrScore"]


@mypyc_attr(allow_interpreted_subclasses=True)     # a game may join it with other values
class DoubleOrScore(Variant):
    """``continuation: double-or-score`` (seed 000, 配置と手番の継続): a double or a
    scoring tile placed from the hand lets the player place again (one
    continuation, not stacked); a tile just drawn never does."""

    def continues_turn(self, placement: Placement, drawn: bool) -> bool:
        return not drawn and (placement.tile.is_double or placement.raw > 0)
