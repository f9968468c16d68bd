"""Sebastopol's and Cyprus's own rule value: ``side_branches: spinner-first``.

The first double laid crosswise is the spinner (``spinners: first``); its four
sides (both straight sides and both side branches) are open at once, and
while any of them is still free they are the only open ends: the line grows
nowhere else until the spinner has a tile on every side (gambiter.com,
Sebastopol: four tiles round the 6-6 first; Pagat, Cyprus: the 9-9's star,
which Pagat builds with eight arms and this value with four). Once all four
are joined, every free end is open as usual.

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

__all__ = ["SpinnerSidesFirst"]


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
        """The spinner's free sides, sorted, while it has one (empty when no
        spinner is down, or when all four of its sides are joined)."""
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
            return (f"{at} is not open yet: the spinner {hub[0].tile} must have a tile on all four sides "
                    f"before the line grows anywhere else")
        return super()._closed_reason(layout, placed, at)

    def _closed_rule(self, layout: Layout, placed: Placed, at: End) -> str:
        if self.spinner_ends(layout) and placed.is_free(at.side) \
                and at in layout.free_ends(self.sides_after_straight):
            return f"{self.id}/spinner-sides-first"
        return super()._closed_rule(layout, placed, at)


def _is_spinner(layout: Layout, tile: Tile) -> bool:
    """Whether double ``tile`` (on the table) is a spinner."""
    placed = layout.get(tile)
    return placed is not None and placed.spinner
