"""Sebastopol's and Cyprus's own rule values: ``side_branches: spinner-first``
(a four-armed star) and ``side_branches: eight-arm-star`` (an eight-armed one).

The first double laid crosswise is the spinner (``spinners: first``); its four
sides (both straight sides and both side branches) are open at once, and
while any of them is still free they are the only open ends: the line grows
nowhere else until the spinner has a tile on every side (gambiter.com,
Sebastopol: four tiles round the 6-6 first). Once all four are joined,
every free end is open as usual.

``eight-arm-star`` is Cyprus's star as Pagat ("Cyprus": eight tiles round
the 9-9, an eight-bladed "super-spinner" or star, before the tableau grows
from it) and domino-games.com ("Cyprus Domino Rules": the four edges and the
four diagonals of the 9-9 are filled before any other tile is laid) play it:
the spinner has four corners as well as its four sides
(:data:`~generator.engine.tiles.CORNERS`), all eight open at once and in any
order, and while any of them is free they are the only open ends. Once all
eight are joined the eight arms grow like any line (the spinner itself takes
nothing more).

>>> from generator.engine import Params, Tile, End
>>> from generator.families.line.rules import Layout
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> v = make_variant(Params(set=6, players=(4,), partnerships=(), deal={4: 7}),
...                  Choices(spinners="first", side_branches="spinner-first"))
>>> lay = v.place(Layout(), Tile(6, 6), None).layout
>>> lay = v.place(lay, Tile(4, 6), End(Tile(6, 6), "a")).layout
>>> [str(e) for e in v.open_ends(lay)]
['6-6:b', '6-6:side-a', '6-6:side-b']
>>> [str(p.at) for p in v.plays(lay, Tile(4, 5))]
[]
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from ....engine.tiles import End, Tile
from .layout import Layout, Placed
from .variant import Contribution, Play, Variant, count_fives_ends

__all__ = ["SpinnerSidesFirst", "EightArmStar"]


@mypyc_attr(allow_interpreted_subclasses=True)     # a game may join it with other values
class SpinnerSidesFirst(Variant):
    """``side_branches: spinner-first``: the spinner's four sides before any
    other end (see the module's docstring). Needs ``spinners: first`` (the
    choices refuse it otherwise), so at most one double is a spinner.

    Only which ends are open changes: what a tile matches, what counts and
    how a hand is settled are the line of play's (the counted ends are every
    free end of the layout, the spinner's and the others'). The quick paths
    of :class:`Variant` that read the layout's free ends directly are turned
    off (``_equal``), so every listing of plays goes through :meth:`_listed`.
    """

    def __init__(self, params, choices=None):
        super().__init__(params, choices)
        self._equal = False

    def spinner_ends(self, layout: Layout) -> tuple[End, ...]:
        """The spinner's free sides (and, for :class:`EightArmStar`, its free
        corners), sorted, while it has one (empty when no spinner is down, or
        when all of them are joined)."""
        spin = layout._dbl[2]                   # the spinners as bits (a tile of a large set has none)
        if not layout.has_double:
            return ()
        out = []
        for e in layout.free_ends(self.sides_after_straight):
            t = e.tile
            if t.is_double and (spin & t.bit if t.bit else _is_spinner(layout, t)):
                out.append(e)
        return tuple(out)

    def open_ends(self, layout: Layout) -> tuple[End, ...]:
        """The spinner's free sides while it has one; otherwise every free end."""
        return self.spinner_ends(layout) or layout.free_ends(self.sides_after_straight)

    def _listed(self, layout: Layout, tiles) -> list[Play]:
        out = super()._listed(layout, tiles)
        hub = self.spinner_ends(layout) if layout._n else ()
        if not hub:
            return out
        return [p for p in out if p.at in hub]

    def counted(self, layout: Layout) -> list[Contribution]:
        """Every free end's count, the spinner's and the others' alike (the
        rule limits where a tile goes, not what the ends show)."""
        ends = layout.free_ends(self.sides_after_straight)
        if self.counting == "fives":
            return count_fives_ends(layout, ends)
        return sorted((Contribution(e, e.pip) for e in ends), key=lambda c: (c.end.tile, -c.value))

    def _closed_reason(self, layout: Layout, placed: Placed, at: End) -> str:
        hub = self.spinner_ends(layout)
        if hub and placed.is_free(at.side) and at in layout.free_ends(self.sides_after_straight):
            return (f"{at} is not open yet: the spinner {hub[0].tile} must have a tile on all {self.arms} "
                    f"before the line grows anywhere else")
        return super()._closed_reason(layout, placed, at)

    def _closed_rule(self, layout: Layout, placed: Placed, at: End) -> str:
        if self.spinner_ends(layout) and placed.is_free(at.side) \
                and at in layout.free_ends(self.sides_after_straight):
            return f"{self.id}/{self.first_rule}"
        return super()._closed_rule(layout, placed, at)

    #: What must be filled first, in the engine's messages, and the id of that rule.
    arms = "four sides"
    first_rule = "spinner-sides-first"


@mypyc_attr(allow_interpreted_subclasses=True)
class EightArmStar(SpinnerSidesFirst):
    """``side_branches: eight-arm-star``: the spinner (the first double,
    normally the set) has eight ends, its four sides and its four corners
    (``corner-a-side-a`` ... ``corner-b-side-b``, each named by the straight
    side and the side branch it lies between); all eight are open at once, in
    any order, and nothing else is open until every one holds a tile (Pagat,
    Cyprus; domino-games.com, Cyprus Domino Rules). The layout gives the
    spinner its corners (:attr:`Variant.star_corners`, set from the choice);
    this class only names the rule.

    >>> from generator.engine import Params, Tile, End
    >>> from generator.families.line.rules import Layout
    >>> from generator.engine.choices import Choices
    >>> from generator.engine.rules import make_variant
    >>> v = make_variant(Params(set=9, players=(4,), partnerships=(), deal={4: 9}),
    ...                  Choices(spinners="first", side_branches="eight-arm-star"))
    >>> lay = v.place(Layout(), Tile(9, 9), None).layout
    >>> lay = v.place(lay, Tile(3, 9), End(Tile(9, 9), "corner-a-side-b")).layout
    >>> [e.side for e in v.open_ends(lay)]
    ['a', 'b', 'side-a', 'side-b', 'corner-a-side-a', 'corner-b-side-a', 'corner-b-side-b']
    >>> [str(p.at) for p in v.plays(lay, Tile(3, 4))]
    []
    """

    arms = "four sides and four corners"
    first_rule = "star-arms-first"


def _is_spinner(layout: Layout, tile: Tile) -> bool:
    """Whether double ``tile`` (on the table) is a spinner."""
    placed = layout.get(tile)
    return placed is not None and placed.spinner
