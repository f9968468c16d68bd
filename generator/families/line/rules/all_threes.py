"""All Threes' own rule value (オール・スリー, seed ``004_7920f74d13d370b9.txt``,
section 7): ``legal_totals: multiples`` -- a tile may be played only when the
open ends then total a multiple of the scoring number (3 in All Threes).

>>> from generator.engine import Params, Tile, End, RuleViolation
>>> from generator.families.line.rules import Layout
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> a3 = make_variant(Params(set=6, players=(2, 3, 4), partnerships=(), deal={2: 7, 3: 5, 4: 5}, target=100),
...                   Choices(doubles="choice", counting="fives", scoring="multiples-of-3",
...                           legal_totals="multiples", settlement="differences"), "all-threes")
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

from mypy_extensions import mypyc_attr

from ....engine.tiles import Tile
from .variant import Placement, RuleViolation
from .variant import Variant

__all__ = ["MultiplesOnly"]


@mypyc_attr(allow_interpreted_subclasses=True)     # a game may join it with other values
class MultiplesOnly(Variant):
    """``legal_totals: multiples``: a play is legal only if the open ends then
    total a multiple of ``n`` (the scoring multiple; 0 included: it is a
    multiple and scores nothing), so only tiles whose pips total a multiple of
    ``n`` may be set. The refusal's rule id is ``<id>/multiple-of-<n>``."""

    def lead_allowed(self, tile: Tile) -> bool:
        """Only a tile whose ends total a multiple of ``n`` may be set."""
        return tile.pips % self._multiple == 0 and super().lead_allowed(tile)

    def lead_reason(self, tile: Tile) -> str:
        n = self._multiple
        if tile.pips % n == 0:
            return super().lead_reason(tile)
        return (f"{tile} cannot be set: its ends total {tile.pips}, not a multiple of {n} "
                f"(the set must make a multiple of {n})")

    def check_placement(self, placement: Placement) -> None:
        """Reject a play whose end total is not a multiple of ``n`` (rule
        ``<id>/multiple-of-<n>``; the message shows the counted terms)."""
        n = self._multiple
        if placement.total % n:
            terms = " + ".join(str(c.value) for c in placement.counted)
            where = f" at {placement.at}" if placement.at else ""
            raise RuleViolation(
                f"{placement.tile}{where} would leave open ends totalling {terms} = {placement.total}, "
                f"not a multiple of {n}", f"{self.id}/multiple-of-{n}")
