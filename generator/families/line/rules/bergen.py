"""Bergen's own rule value, ``scoring: headers`` (the double-header game,
ダブルヘッダー): seed
``004_7920f74d13d370b9.txt`` section 5 gives the scores; the deal, lead and
target are lost and follow the standard references (stated on the page).

>>> from generator.engine import Params, Tile, End
>>> from generator.families.line.rules import Layout
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> bg = make_variant(Params(set=6, players=(2, 3, 4), partnerships=(), deal={2: 6, 3: 6, 4: 5}, target=15),
...                   Choices(lead="highest-double", scoring="headers", settlement="one"))
>>> p = bg.place(Layout(), Tile(6, 6), None)
>>> p.points
2
>>> p = bg.place(p.layout, Tile(2, 6), End(Tile(6, 6), "a"))
>>> p.points
0
>>> p = bg.place(p.layout, Tile(4, 6), End(Tile(6, 6), "b"))
>>> bg.place(p.layout, Tile(2, 4), End(Tile(4, 6), "4")).points
2
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from .layout import Layout
from .variant import Placement, Variant

__all__ = ["Headers"]

#: Points of the book's scores (section 5, items 1-3; items 4 and 5, the domino and the lower total at a
#: block, are the settlement `one`'s point).
SET, DOUBLE_HEADER, TRIPLE_HEADER = 2, 2, 3


@mypyc_attr(allow_interpreted_subclasses=True)     # a game may join it with other values
class Headers(Variant):
    """``scoring: headers`` (items 1-3 of the book's scores):

    - The set scores 2 (item 1).
    - A play that leaves both ends of the line showing the same number is a
      double-header: 2 points (item 2). When one of those ends is a crosswise
      double, three ends show that number: a triple-header, 3 points (item 3).
    """

    def score_placement(self, placement: Placement) -> tuple[int, int]:
        """``(points, points)``: 2 for the set; otherwise 3 for a
        triple-header, 2 for a double-header, else 0 (see :meth:`headers`)."""
        layout = placement.layout
        if len(layout) == 1:
            return SET, SET
        n = self.headers(layout)
        pts = TRIPLE_HEADER if n == 3 else DOUBLE_HEADER if n == 2 else 0
        return pts, pts

    def headers(self, layout: Layout) -> int:
        """How many ends show one number: 3 when both ends of the line match
        and one is a crosswise double, 2 when they match, else 0."""
        ends = self.open_ends(layout)
        if len(ends) != 2 or layout.pip_at(ends[0]) != layout.pip_at(ends[1]):
            return 0
        if any(e.tile.is_double and layout.is_cross(e.tile) for e in ends):
            return 3
        return 2
