"""Matador's own rule value, ``matching: sum-7`` (マタドール): seed ``004_7920f74d13d370b9.txt``, section 8, with
``shared/notes/seed-004-reading.md``; scoring and winning "as in the Block game".

>>> from generator.engine import Params, Tile, End
>>> from generator.families.line.rules import Layout
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> m = make_variant(Params(set=6, players=(2, 3, 4), partnerships=(4,), deal={2: 7, 3: 7, 4: 5}, target=100),
...                  Choices(lead="highest-double", matching="sum-7", draw="none", settlement="opponents-less-own"))
>>> p = m.place(Layout(), Tile(6, 6), None)
>>> p = m.place(p.layout, Tile(1, 3), End(Tile(6, 6), "a"))
>>> [str(e) for e in p.open]
['1-3:3', '6-6:b']
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from typing import Sequence

from ....engine.tiles import End, Tile
from .variant import Variant

__all__ = ["SumMatching"]


@mypyc_attr(allow_interpreted_subclasses=True)     # a game may join it with other values
class SumMatching(Variant):
    """``matching: sum-7`` (マッチングの方法):

    - Touching ends must add to 7 (6 takes 1, 5 takes 2, 4 takes 3); a double
      counts as one number (3-3 joins a 4). On another set: ``set + 1``.
    - A blank end takes no tile by adding to 7: only a matador may join it.
    - The matadors 6-1, 5-2, 4-3 and 0-0 may be played at any time on any open
      end, either half touching (``touch`` says which when no half adds to 7).
    - Only matadors may be played on the 0-0 (it shows blanks).
    """

    @property
    def sum(self) -> int:
        """The number touching ends add to: ``set + 1`` (7 for double-six)."""
        return self.params.set + 1

    def is_matador(self, tile: Tile) -> bool:
        """6-1, 5-2, 4-3 (ends adding to 7) and the double blank."""
        return tile == Tile(0, 0) or (not tile.is_double and tile.pips == self.sum)

    def links(self, end_pip: int, tile: Tile) -> tuple[int, ...]:
        """Pips of ``tile`` that may touch ``end_pip``: the one adding to 7
        (never on a blank); a matador either of its halves, the adding one
        first."""
        adding = tuple(x for x in dict.fromkeys((tile.low, tile.high)) if x + end_pip == self.sum and end_pip)
        if self.is_matador(tile):
            rest = tuple(x for x in (tile.low, tile.high) if x not in adding)
            return adding + tuple(dict.fromkeys(rest))
        return adding

    def default_touch(self, shown: int, tile: Tile, options: Sequence[int]) -> int | None:
        """When a half adds to 7, that half touches unless ``touch`` says
        otherwise; a matador on an end where neither half adds to 7 needs
        ``touch``."""
        return options[0] if options and options[0] + shown == self.sum and shown else None

    def mismatch(self, shown: int, tile: Tile, at: End, touch: int | None = None) -> tuple[str, str]:
        if shown == 0:
            what = "the double blank" if at.tile == Tile(0, 0) else "a blank"
            return (f"{tile} cannot join {at}: {what} takes only a matador (6-1, 5-2, 4-3, 0-0)",
                    f"{self.id}/blank")
        need = self.sum - shown
        if touch is not None:
            return (f"{tile} cannot touch {at} with its {touch}: {touch} + {shown} is not {self.sum}",
                    f"{self.id}/sum-7")
        return (f"{tile} cannot join {at}: touching ends must add to {self.sum}, {at} shows {shown}, "
                f"so it takes a {need} (or a matador)", f"{self.id}/sum-7")
