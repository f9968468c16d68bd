"""The layout: a tree of placed tiles joined at attachment points.

This module knows only the shape of a layout (which tile hangs on which end, which
ends are still free); what may be played where and what counts is decided by a
variant (:mod:`generator.engine.variant`). The grammar of ends is the one fixed in
``shared/spec/positions.md``: a non-double's end is named by its pip, a double's
by ``a``/``b`` (straight sides; ``a`` is the side by which it was attached) and
``side-a``/``side-b`` (side branches).

>>> from generator.engine.tiles import Tile, End
>>> lay = Layout()
>>> lay = lay.attach(Tile(1, 4), None)
>>> [str(e) for e in lay.free_ends()]
['1-4:1', '1-4:4']
>>> lay = lay.attach(Tile(4, 4), End(Tile(1, 4), "4"), spinner=True)
>>> [str(e) for e in lay.free_ends()]
['1-4:1', '4-4:b']
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable

from .tiles import DOUBLE_ENDS, SIDES, STRAIGHT, End, Tile

__all__ = ["Placed", "Layout"]


@dataclass(frozen=True)
class Placed:
    """One tile on the table.

    ``parent`` is the end it was attached to (``None`` for the lead/set);
    ``link`` is its own end used for that join (a pip as a string for a
    non-double, ``"a"`` for a double); ``cross`` says a double lies crosswise;
    ``spinner`` says its side branches can ever open; ``children`` maps its own
    ends to the tiles attached there; ``index`` is its 0-based placement order.
    """

    tile: Tile
    parent: End | None
    link: str | None
    cross: bool
    spinner: bool
    index: int
    children: tuple[tuple[str, Tile], ...] = ()

    def child(self, side: str) -> Tile | None:
        """The tile attached at ``side``, or ``None``."""
        for s, t in self.children:
            if s == side:
                return t
        return None

    def ends(self) -> tuple[str, ...]:
        """Every end this tile has, used or not, in output order."""
        if self.tile.is_double:
            return DOUBLE_ENDS if self.spinner else STRAIGHT
        return (str(self.tile.low), str(self.tile.high))

    def is_free(self, side: str) -> bool:
        """True when nothing is joined at ``side`` (neither parent nor child)."""
        return side != self.link and self.child(side) is None

    def straight_filled(self) -> bool:
        """For a double: both straight sides are joined (parent or child)."""
        return all(not self.is_free(s) for s in STRAIGHT)


@dataclass(frozen=True)
class Layout:
    """An immutable layout. ``tiles`` maps each tile to its :class:`Placed`,
    in placement order."""

    tiles: dict = field(default_factory=dict)

    def __len__(self) -> int:
        return len(self.tiles)

    def __contains__(self, tile: Tile) -> bool:
        return tile in self.tiles

    def __iter__(self):
        return iter(self.tiles.values())

    def get(self, tile: Tile) -> Placed | None:
        """The placed record of ``tile``, or ``None``."""
        return self.tiles.get(tile)

    @property
    def last(self) -> Placed | None:
        """The tile placed most recently."""
        return next(reversed(self.tiles.values()), None) if self.tiles else None

    def pip_at(self, end: End) -> int:
        """The number shown at ``end`` (for a double, its pip on every side)."""
        return end.tile.low if end.tile.is_double else int(end.side)

    def free_ends(self, sides_after_straight: bool = True) -> tuple[End, ...]:
        """Every free end of the layout (a tuple), sorted as in :attr:`End.sort_key`.

        With ``sides_after_straight`` a spinner's side branches count as free only
        once both straight sides are joined (seed 000, 分岐ダブルの側枝を開く).
        A layout never changes, so the answer is computed once per flag.
        """
        cache = self.__dict__.setdefault("_free_ends", {})
        hit = cache.get(sides_after_straight)
        if hit is not None:
            return hit
        out: list[End] = []
        for p in self.tiles.values():
            for side in p.ends():
                if not p.is_free(side):
                    continue
                if side in SIDES and sides_after_straight and not p.straight_filled():
                    continue
                out.append(End(p.tile, side))
        out.sort(key=lambda e: e.sort_key)
        cache[sides_after_straight] = out = tuple(out)
        return out

    def attach(self, tile: Tile, at: End | None, *, link: str | None = None,
               cross: bool = True, spinner: bool = False) -> "Layout":
        """Return a new layout with ``tile`` joined at ``at`` (``None`` = the lead).

        ``link`` is the tile's own end that touches ``at``; for a non-double it
        defaults to the pip shown at ``at``; for a double it is always ``"a"``.
        Raises ``ValueError`` when the tile is already down, ``at`` is not a tile
        on the table, or ``at`` is already joined. Rule checks (matching, open
        branches) belong to the variant.
        """
        if tile in self.tiles:
            raise ValueError(f"{tile} is already on the table")
        tiles = dict(self.tiles)
        if at is None:
            if tiles:
                raise ValueError("only the first tile is placed without an attachment point")
            own_link = None
        else:
            parent = tiles.get(at.tile)
            if parent is None:
                raise ValueError(f"{at.tile} is not on the table")
            if not parent.is_free(at.side):
                raise ValueError(f"{at} is already joined")
            if tile.is_double:
                own_link = "a"
            else:
                own_link = link if link is not None else str(self.pip_at(at))
                if not tile.has(int(own_link)):
                    raise ValueError(f"{tile} has no {own_link}")
            tiles[at.tile] = Placed(parent.tile, parent.parent, parent.link, parent.cross, parent.spinner,
                                    parent.index, parent.children + ((at.side, tile),))
        tiles[tile] = Placed(tile=tile, parent=at, link=own_link,
                             cross=cross if tile.is_double else False,
                             spinner=spinner and tile.is_double, index=len(self.tiles))
        new = Layout(tiles)
        old_cache = self.__dict__.get("_free_ends")
        if at is not None and old_cache:
            new.__dict__["_free_ends"] = {flag: new._derive_free(ends, flag, at, tile)
                                          for flag, ends in old_cache.items()}
        return new

    def _derive_free(self, old: tuple, flag: bool, at: End, tile: Tile) -> tuple:
        """The free ends after ``tile`` joined ``at``, from those before: ``at``
        is gone, the new tile's free ends come, and a spinner whose straight
        sides just filled opens its side branches (with ``flag``)."""
        out = [e for e in old if e != at]
        p = self.tiles[tile]
        for side in p.ends():
            if p.is_free(side) and not (side in SIDES and flag and not p.straight_filled()):
                out.append(End(tile, side))
        parent = self.tiles[at.tile]
        if flag and parent.spinner and at.side in STRAIGHT and parent.straight_filled():
            out += [End(parent.tile, s) for s in SIDES if parent.is_free(s)]
        out.sort(key=lambda e: e.sort_key)
        return tuple(out)

    def open_items(self, sides_after_straight: bool = True) -> tuple[tuple[End, int], ...]:
        """``(end, number shown)`` for every free end (computed once per flag)."""
        cache = self.__dict__.setdefault("_open_items", {})
        hit = cache.get(sides_after_straight)
        if hit is None:
            hit = cache[sides_after_straight] = tuple((e, self.pip_at(e)) for e in self.free_ends(sides_after_straight))
        return hit

    def open_pips(self, sides_after_straight: bool = True) -> frozenset[int]:
        """The numbers shown at the free ends (computed once per flag)."""
        cache = self.__dict__.setdefault("_open_pips", {})
        hit = cache.get(sides_after_straight)
        if hit is None:
            hit = cache[sides_after_straight] = frozenset(self.pip_at(e) for e in self.free_ends(sides_after_straight))
        return hit

    def free_pip(self, placed: Placed) -> int | None:
        """For a non-double joined by one end: the pip of its other end."""
        if placed.tile.is_double or placed.link is None:
            return None
        return placed.tile.other(int(placed.link))

    def connections(self) -> list[tuple[End, End]]:
        """Every join as ``(parent end, child's own end)`` in placement order."""
        out = []
        for p in self.tiles.values():
            if p.parent is not None:
                out.append((p.parent, End(p.tile, p.link)))
        return out

    def doubles(self, spinners_only: bool = False) -> list[Tile]:
        """Doubles on the table (optionally only spinners), sorted."""
        return sorted(p.tile for p in self.tiles.values()
                      if p.tile.is_double and (p.spinner or not spinners_only))


def tiles_of(layout: Layout) -> Iterable[Tile]:
    """The tiles on the table in placement order."""
    return layout.tiles.keys()
