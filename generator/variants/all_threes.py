"""All Threes (オール・スリー): seed ``004_7920f74d13d370b9.txt``, section 7: as
All Fives with multiples of 3, and a tile may be played only when the open ends
then total a multiple of 3.

>>> from generator.engine import Params, Tile, End, Layout, RuleViolation
>>> a3 = AllThrees(Params(set=6, players=(2, 3, 4), partnerships=(), deal={2: 7, 3: 5, 4: 5}, target=100))
>>> p = a3.place(Layout(), Tile(1, 2), None)
>>> p.points
3
>>> try:
...     a3.place(p.layout, Tile(1, 1), End(Tile(1, 2), "1"))
... except RuleViolation as exc:
...     print(exc.rule)
all-threes/multiple-of-3
"""

from __future__ import annotations

from ..engine.tiles import Tile
from ..engine.variant import Placement, RuleViolation
from .all_fives import AllFives

__all__ = ["AllThrees"]


class AllThrees(AllFives):
    """All Threes: All Fives' counting and settlement, with these changes.

    - A play scores the end total when it is a positive multiple of 3.
    - A play is legal only if the open ends then total a multiple of 3 (0
      included: it is a multiple of 3 and scores nothing), so only tiles whose
      pips total a multiple of 3 may be set.
    """

    id = "all-threes"
    play_scoring = ("multiple", 3)

    def lead_allowed(self, tile: Tile) -> bool:
        """Only a tile whose ends total a multiple of 3 may be set."""
        return tile.pips % 3 == 0

    def lead_reason(self, tile: Tile) -> str:
        return (f"{tile} cannot be set: its ends total {tile.pips}, not a multiple of 3 "
                f"(the set must make a multiple of 3)")

    def check_placement(self, placement: Placement) -> None:
        """Reject a play whose end total is not a multiple of 3 (rule
        ``all-threes/multiple-of-3``; the message shows the counted terms)."""
        if placement.total % 3:
            terms = " + ".join(str(c.value) for c in placement.counted)
            where = f" at {placement.at}" if placement.at else ""
            raise RuleViolation(
                f"{placement.tile}{where} would leave open ends totalling {terms} = {placement.total}, "
                f"not a multiple of 3", f"{self.id}/multiple-of-3")
