"""The layout: a tree of placed tiles joined at attachment points.

This module knows only the shape of a layout (which tile hangs on which end, which
ends are still free); what may be played where and what counts is decided by a
variant (:mod:`generator.families.line.rules.variant`). The grammar of ends is the one fixed by the
contract of position files (``docs/en/authoring.md#fixed-contract``): a non-double's end is named by its pip, a double's
by ``a``/``b`` (straight sides; ``a`` is the side by which it was attached) and
``side-a``/``side-b`` (side branches); the set double of an eight-armed star
(``star``) also has four corners (:data:`~generator.engine.tiles.CORNERS`),
open with its sides.

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

from dataclasses import dataclass
from operator import attrgetter

from ....engine.tiles import CORNERS, DOUBLE_ENDS, SIDES, STRAIGHT, End, Tile

__all__ = ["Placed", "Layout"]

#: What :meth:`Layout.attach` records of one placement: (tile, at, link, cross, spinner, star).
_Rec = tuple[Tile, "End | None", "str | None", bool, bool, bool]
#: Every end of a star's set double, in output order.
_STAR_ENDS = DOUBLE_ENDS + CORNERS


@dataclass(frozen=True)
class Placed:
    """One tile on the table.

    ``parent`` is the end it was attached to (``None`` for the lead/set);
    ``link`` is its own end used for that join (a pip as a string for a
    non-double, ``"a"`` for a double); ``cross`` says a double lies crosswise;
    ``spinner`` says its side branches can ever open; ``children`` maps its own
    ends to the tiles attached there; ``index`` is its 0-based placement order;
    ``star`` says a spinner is the set of an eight-armed star, whose four
    corners (:data:`~generator.engine.tiles.CORNERS`) are ends as well (Pagat, Cyprus).
    """

    tile: Tile
    parent: End | None
    link: str | None
    cross: bool
    spinner: bool
    index: int
    children: tuple[tuple[str, Tile], ...] = ()
    star: bool = False

    def child(self, side: str) -> Tile | None:
        """The tile attached at ``side``, or ``None``."""
        for s, t in self.children:
            if s == side:
                return t
        return None

    def ends(self) -> tuple[str, ...]:
        """Every end this tile has, used or not, in output order."""
        if self.tile.is_double:
            return (_STAR_ENDS if self.star else DOUBLE_ENDS) if self.spinner else STRAIGHT
        return (str(self.tile.low), str(self.tile.high))

    def is_free(self, side: str) -> bool:
        """True when nothing is joined at ``side`` (neither parent nor child)."""
        return side != self.link and self.child(side) is None

    def straight_filled(self) -> bool:
        """For a double: both straight sides are joined (parent or child)."""
        return all(not self.is_free(s) for s in STRAIGHT)


class Layout:
    """An immutable layout.

    ``tiles`` maps each tile to its :class:`Placed`, in placement order. A
    layout made by :meth:`attach` keeps only its parent and the new tile's
    record; ``tiles`` is built when first asked for, and the free ends, the
    numbers showing and the crosswise doubles are derived from the parent's in
    a few steps, so a whole hand costs O(tiles x open ends), not O(tiles²).
    ``Layout()`` is the empty table; ``Layout(tiles)`` wraps a finished mapping.
    """

    __slots__ = ("_tiles", "_parent", "_rec", "_n", "_mask", "_dbl", "_ft", "_ff", "_mt", "_mf")
    _tiles: dict | None
    _parent: Layout | None
    _rec: _Rec | None
    _n: int
    _mask: int
    _dbl: tuple[int, int, int, int, int]
    _ft: tuple[End, ...] | None
    _ff: tuple[End, ...] | None
    _mt: int | None
    _mf: int | None

    def __init__(self, tiles: dict | None = None):
        self._tiles = dict(tiles) if tiles else {}
        self._parent = self._rec = None
        self._ft = self._ff = self._mt = self._mf = None     # free ends and their numbers as bits, per flag
        if not tiles:                       # the empty table (also the start of every attach)
            self._n = self._mask = 0
            self._dbl = _NO_DOUBLES
            return
        self._n = len(self._tiles)
        self._mask = doubles = cross = spin = joined_a = joined_b = 0
        for p in self._tiles.values():
            self._mask |= p.tile.bit
            if p.parent is not None and p.parent.side == "side-a":
                joined_a |= p.parent.tile.bit
            if p.parent is not None and p.parent.side == "side-b":
                joined_b |= p.parent.tile.bit
            if p.tile.is_double:
                doubles += 1
                cross |= p.tile.bit if p.cross else 0
                spin |= p.tile.bit if p.spinner else 0
        #: The doubles as bits: (how many, crosswise, spinners, side-a joined, side-b joined).
        self._dbl = (doubles, cross, spin, joined_a, joined_b)

    # -- the mapping -------------------------------------------------------
    @property
    def tiles(self) -> dict:
        """Each tile on the table mapped to its :class:`Placed`, in placement
        order (built on first use for a layout made by :meth:`attach`)."""
        if self._tiles is None:
            chain: list[_Rec] = []
            lay: Layout = self
            while lay._tiles is None:
                chain.append(lay._rec)  # type: ignore[arg-type]   # set with the parent
                lay = lay._parent  # type: ignore[assignment]   # a layout without a mapping has a parent
            tiles = dict(lay._tiles)
            for tile, at, link, cross, spinner, star in reversed(chain):
                if at is not None:
                    par = tiles[at.tile]
                    tiles[at.tile] = Placed(par.tile, par.parent, par.link, par.cross, par.spinner,
                                            par.index, par.children + ((at.side, tile),), par.star)
                tiles[tile] = Placed(tile, at, link, cross, spinner, len(tiles), (), star)
            self._tiles = tiles
        return self._tiles

    def __len__(self) -> int:
        return self._n

    def __contains__(self, tile: Tile) -> bool:
        bit = tile.bit
        return bool(self._mask & bit) if bit else tile in self.tiles

    def __iter__(self):
        return iter(self.tiles.values())

    def get(self, tile: Tile) -> Placed | None:
        """The placed record of ``tile``, or ``None``."""
        return self.tiles.get(tile)

    @property
    def last(self) -> Placed | None:
        """The tile placed most recently."""
        return next(reversed(self.tiles.values()), None) if self._n else None

    @property
    def has_double(self) -> bool:
        """True when a double is on the table."""
        return self._dbl[0] > 0

    def is_cross(self, tile: Tile) -> bool:
        """True when ``tile`` is on the table as a crosswise double."""
        bit = tile.bit
        if bit:
            return bool(self._dbl[1] & bit)
        p = self.tiles.get(tile)
        return p is not None and p.cross

    def pip_at(self, end: End) -> int:
        """The number shown at ``end`` (for a double, its pip on every side)."""
        return end.pip

    # -- free ends -----------------------------------------------------------
    def free_ends(self, sides_after_straight: bool = True) -> tuple[End, ...]:
        """Every free end of the layout (a tuple), sorted as in :attr:`End.sort_key`.

        With ``sides_after_straight`` a spinner's side branches count as free only
        once both straight sides are joined (seed 000, 分岐ダブルの側枝を開く).
        A layout never changes, so the answer is computed once per flag.
        """
        hit = self._ft if sides_after_straight else self._ff
        if hit is None:
            hit = self._compute_free(sides_after_straight)
        return hit

    def _compute_free(self, flag: bool) -> tuple:
        if self._parent is not None:        # derive from the parent's (computed the same way)
            tile, at, link, cross, spinner, star = self._rec  # type: ignore[misc]   # set with the parent
            out = self._parent._derive_free(flag, tile, at, link, cross, spinner, star)
        else:
            ends: list[End] = []
            for p in self.tiles.values():
                for side in p.ends():
                    if not p.is_free(side):
                        continue
                    if side in SIDES and flag and not p.straight_filled():
                        continue
                    ends.append(End(p.tile, side))
            ends.sort(key=_SORT)
            out = tuple(ends)
        return self._keep_free(flag, out)

    def _keep_free(self, flag: bool, ends: tuple) -> tuple:
        """Store ``ends`` as the free ends for ``flag``, with their numbers as bits."""
        mask = 0
        for e in ends:
            mask |= e.pip_bit
        if flag:
            self._ft, self._mt = ends, mask
        else:
            self._ff, self._mf = ends, mask
        return ends

    def attach(self, tile: Tile, at: End | None, *, link: str | None = None,
               cross: bool = True, spinner: bool = False, star: bool = False) -> "Layout":
        """Return a new layout with ``tile`` joined at ``at`` (``None`` = the lead).

        ``link`` is the tile's own end that touches ``at``; for a non-double it
        defaults to the pip shown at ``at``; for a double it is always ``"a"``.
        ``star`` (with ``spinner``) makes the double the set of an eight-armed
        star: its four corners are ends too.
        Raises ``ValueError`` when the tile is already down, ``at`` is not a tile
        on the table, or ``at`` is already joined. Rule checks (matching, open
        branches) belong to the variant.
        """
        if tile in self:
            raise ValueError(f"{tile} is already on the table")
        if at is None:
            if self._n:
                raise ValueError("only the first tile is placed without an attachment point")
            own_link = None
        else:
            if at.tile not in self:
                raise ValueError(f"{at.tile} is not on the table")
            if not self._is_free(at):
                raise ValueError(f"{at} is already joined")
            if tile.is_double:
                own_link = "a"
            else:
                own_link = link if link is not None else str(at.pip)
                if not tile.has(int(own_link)):
                    raise ValueError(f"{tile} has no {own_link}")
        return self._attach(tile, at, own_link, cross if tile.is_double else False, spinner and tile.is_double,
                            None, star and spinner and tile.is_double)

    def _is_free(self, at: End) -> bool:
        for ends in (self._ft, self._ff):
            if ends is not None and at in ends:
                return True
        return self.tiles[at.tile].is_free(at.side)

    def _attach(self, tile: Tile, at: End | None, link: str | None, cross: bool, spinner: bool,
                flag: bool | None = None, star: bool = False) -> "Layout":
        """:meth:`attach` without its checks (the caller has made them). With
        ``flag`` (the variant's ``sides_after_straight``) the free ends for it
        are derived at once (they are always wanted next); ``star`` as for
        :meth:`attach`."""
        new = Layout()                      # empty; every field is set below (a native constructor, compiled)
        new._tiles = None
        new._parent = self
        new._n = self._n + 1
        new._mask = self._mask | tile.bit
        dbl = self._dbl
        if not tile.is_double and at is not None and not dbl[2] & at.tile.bit:
            # The common case: a non-double joins a tile that is not a spinner, so the
            # doubles are as they were.
            new._rec = (tile, at, link, cross, spinner, star)
            new._dbl = dbl
            old = None if flag is None else self._ft if flag else self._ff
            if old is not None and len(old) == 2 and (old[0] is at or old[1] is at):
                # A line with two free ends: the new tile's far end takes the place of the end
                # it joined, and the pair stays in output order.
                end = tile._opp.get(link) or _far_end(tile, link)  # type: ignore[arg-type]   # a non-double's link is set
                a, b = old
                if a is at:
                    a = end
                else:
                    b = end
                ends = (a, b) if a.sort_key < b.sort_key else (b, a)
                if flag:
                    new._ft, new._mt, new._ff, new._mf = ends, a.pip_bit | b.pip_bit, None, None
                else:
                    new._ff, new._mf, new._ft, new._mt = ends, a.pip_bit | b.pip_bit, None, None
                return new
        else:
            if tile.is_double and at is not None:
                link = "a"
            new._rec = (tile, at, link, cross, spinner, star)
            doubles, crosses, spins, joined_a, joined_b = dbl
            if tile.is_double:
                bit = tile.bit
                doubles += 1
                crosses = crosses | bit if cross else crosses
                spins = spins | bit if spinner else spins
            if at is not None and at.side == "side-a":
                joined_a |= at.tile.bit
            elif at is not None and at.side == "side-b":
                joined_b |= at.tile.bit
            new._dbl = (doubles, crosses, spins, joined_a, joined_b)
        new._ft = new._ff = new._mt = new._mf = None
        if flag is not None and (at is None or (self._ft if flag else self._ff) is not None):
            new._keep_free(flag, self._derive_free(flag, tile, at, link, cross, spinner, star))
        return new

    def _derive_free(self, flag: bool, tile: Tile, at: End | None, link: str | None, cross: bool,
                     spinner: bool, star: bool = False) -> tuple:
        """The free ends after ``tile`` joined ``at`` (with ``link``), from
        those before: ``at`` is gone, the new tile's free ends come (a star's
        set double: its corners too), and a spinner whose straight sides just
        filled opens its side branches (with ``flag``)."""
        old = self.free_ends(flag) if at is not None else ()
        if at is not None and not tile.is_double and not (flag and self._dbl[2] & at.tile.bit):
            # the common case: a non-double's far end takes the place of the end it joined
            end = tile._opp.get(link) or _far_end(tile, link)  # type: ignore[arg-type]   # a non-double's link is set
            out = list(old)
            i = 0 if old[0] is at else out.index(at)
            out[i] = end
            key = end.sort_key              # sort only when the new end is out of order
            if (i and out[i - 1].sort_key > key) or (i + 1 < len(out) and out[i + 1].sort_key < key):
                out.sort(key=_SORT)
            return tuple(out)
        out = [e for e in old if e is not at]
        if tile.is_double:
            out.append(End(tile, "b"))
            if at is None:
                out.append(End(tile, "a"))
            if spinner and not flag:
                out += (End(tile, "side-a"), End(tile, "side-b"))
            if spinner and star:
                out += [End(tile, c) for c in CORNERS]
        elif at is None:
            out += (End(tile, str(tile.low)), End(tile, str(tile.high)))
        else:
            end = tile._opp.get(link) or _far_end(tile, link)  # type: ignore[arg-type]   # a non-double's link is set
            out.append(end)
        if at is not None and flag and self._dbl[2] & at.tile.bit and at.side in STRAIGHT:
            other = End(at.tile, "b" if at.side == "a" else "a")
            if other not in old:            # the other straight side was already joined: the branches open
                bit = at.tile.bit
                if not self._dbl[3] & bit:
                    out.append(End(at.tile, "side-a"))
                if not self._dbl[4] & bit:
                    out.append(End(at.tile, "side-b"))
        out.sort(key=_SORT)
        return tuple(out)

    def open_mask(self, sides_after_straight: bool = True) -> int:
        """The numbers shown at the free ends as bits (bit ``n`` for number
        ``n``): a tile can match by equal numbers iff ``tile.mask & open_mask``."""
        hit = self._mt if sides_after_straight else self._mf
        if hit is None:
            self._compute_free(sides_after_straight)
            hit = self._mt if sides_after_straight else self._mf
        return hit  # type: ignore[return-value]   # set by _compute_free

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

    def __eq__(self, other):
        if not isinstance(other, Layout):
            return NotImplemented
        return self is other or self.tiles == other.tiles

    __hash__ = None  # type: ignore[assignment]   # layouts compare by value and are never keys


_SORT = attrgetter("sort_key")
_NO_DOUBLES = (0, 0, 0, 0, 0)


def _far_end(tile: Tile, link: str) -> End:
    """The end of non-double ``tile`` opposite its half ``link`` (a pip as a
    string), made once per tile and kept in the tile's ``_opp`` cache."""
    end = tile._opp[link] = End(tile, str(tile.other(int(link))))
    return end
