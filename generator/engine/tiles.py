"""Tiles, attachment points and double-N sets.

The notation follows ``shared/spec/positions.md`` ("Tiles and attachment points"):
a tile is written ``a-b`` (input also ``b-a`` and ``[a|b]``), always output as
``low-high``; an attachment point is ``TILE:END``.

>>> Tile.parse("4-1")
Tile(low=1, high=4)
>>> str(Tile.parse("[6|3]"))
'3-6'
>>> str(End.parse("4-4:side-a"))
'4-4:side-a'
"""

from __future__ import annotations

import re
from typing import Iterator

__all__ = ["Tile", "End", "NotationError", "double_set", "STRAIGHT", "SIDES", "DOUBLE_ENDS"]

#: Straight (in-line) sides of a double: 直線側A/B in seed 000.
STRAIGHT = ("a", "b")
#: Side branches of a double: 側枝A/B in seed 000.
SIDES = ("side-a", "side-b")
#: Every end of a double in output order.
DOUBLE_ENDS = STRAIGHT + SIDES

_TILE_RE = re.compile(r"^\s*(?:([0-9]+)\s*-\s*([0-9]+)|\[\s*([0-9]+)\s*\|\s*([0-9]+)\s*\])\s*$", re.ASCII)


class NotationError(ValueError):
    """A tile or attachment point that cannot be read; the message says why."""


class _Interned:
    """Immutable, interned value objects: one instance per value, so a copy
    is the object itself."""

    __slots__ = ()

    def __setattr__(self, name, value):
        raise AttributeError(f"{self._what()} is immutable (cannot set {name!r})")

    def __delattr__(self, name):
        raise AttributeError(f"{self._what()} is immutable (cannot delete {name!r})")

    def _what(self) -> str:
        name = type(self).__name__
        return f"{'an' if name[0] in 'AEIOU' else 'a'} {name}"

    # Equal values are the same object. Saying so here is about three times faster than
    # Python's fallback, which the subclasses' ordering methods would otherwise route every
    # == through (lists of tiles are searched and edited on every move). Each subclass
    # defines its own __hash__ (defining __eq__ here clears this class's).
    def __eq__(self, other):
        return self is other

    def __ne__(self, other):
        return self is not other

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self


class Tile(_Interned):
    """One domino tile, normalised so that ``low <= high``.

    ``low`` and ``high`` are pip counts (0 = blank); ``pips`` is their total
    (the tile's weight) and ``is_double`` says both halves are equal. Ordering
    is by ``(low, high)``, which is the order seed 000 lists tiles in its text
    equivalents.

    Tiles are immutable value objects and interned: ``Tile(4, 1)`` and
    ``Tile(1, 4)`` are the same object (every tile ever made is kept, which is
    a few hundred at most), so equality is identity and hashing is cheap (the hash is that of ``(low, high)``, so set and dict order is the
    same on every run). ``mask`` has bits ``low`` and ``high`` set (the numbers
    the tile shows), ``bit`` is a bit of its own (its place in the double-N
    order; 0 for absurdly large pips), used by :class:`~.layout.Layout` for
    quick membership tests.

    >>> Tile(4, 1) is Tile(1, 4), Tile(1, 4).pips, Tile(3, 3).is_double
    (True, 5, True)
    >>> sorted([Tile(2, 2), Tile(0, 5), Tile(1, 1)])
    [Tile(low=0, high=5), Tile(low=1, high=1), Tile(low=2, high=2)]
    """

    __slots__ = ("low", "high", "pips", "is_double", "mask", "bit", "_key", "_hash", "_str", "_opp")

    def __new__(cls, low: int, high: int) -> "Tile":
        t = _TILES.get((low, high))
        if t is not None:
            return t
        lo, hi = (low, high) if low <= high else (high, low)
        t = _TILES.get((lo, hi))
        if t is None:
            t = object.__new__(cls)
            put = object.__setattr__
            put(t, "low", lo)
            put(t, "high", hi)
            put(t, "pips", lo + hi)
            put(t, "is_double", lo == hi)
            put(t, "mask", (1 << lo | 1 << hi) if 0 <= lo and hi < 256 else 0)
            put(t, "bit", 1 << (hi * (hi + 1) // 2 + lo) if 0 <= lo and hi < 256 else 0)
            put(t, "_key", (lo, hi))
            put(t, "_hash", hash((lo, hi)))
            put(t, "_str", f"{lo}-{hi}")
            put(t, "_opp", {})          # the layout's cache: touching half -> the End opposite it
            _TILES[(lo, hi)] = t
        _TILES[(low, high)] = t
        return t

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other):
        return self._key < other._key if isinstance(other, Tile) else NotImplemented

    def __le__(self, other):
        return self._key <= other._key if isinstance(other, Tile) else NotImplemented

    def __gt__(self, other):
        return self._key > other._key if isinstance(other, Tile) else NotImplemented

    def __ge__(self, other):
        return self._key >= other._key if isinstance(other, Tile) else NotImplemented

    def __reduce__(self):
        return (Tile, self._key)

    def __repr__(self) -> str:
        return f"Tile(low={self.low}, high={self.high})"

    @classmethod
    def parse(cls, text: str, max_pip: int | None = None) -> "Tile":
        """Read ``a-b``, ``b-a`` or ``[a|b]``.

        Raises :class:`NotationError` for anything else, or when a pip exceeds
        ``max_pip`` (6 for a double-six set, 12 for double-twelve).
        """
        if not isinstance(text, str):
            raise NotationError(f"a tile is written as a string like \"1-4\", not {text!r}")
        m = _TILE_RE.match(text)
        if not m:
            raise NotationError(f"{text!r} is not a tile; write it as \"a-b\" or \"[a|b]\"")
        a, b = (int(g) for g in (m.group(1, 2) if m.group(1) is not None else m.group(3, 4)))
        if max_pip is not None and max(a, b) > max_pip:
            raise NotationError(
                f"{text!r} is not in a double-{max_pip} set (pips run from 0 to {max_pip})"
            )
        return cls(a, b)

    def has(self, pip: int) -> bool:
        """True when either half shows ``pip``."""
        return pip == self.low or pip == self.high

    def other(self, pip: int) -> int:
        """The half opposite a half showing ``pip``; raises ``ValueError`` if absent."""
        if pip == self.low:
            return self.high
        if pip == self.high:
            return self.low
        raise ValueError(f"{self} has no {pip}")

    @property
    def label(self) -> str:
        """Seed-style label, e.g. ``[1|4]``."""
        return f"[{self.low}|{self.high}]"

    def __str__(self) -> str:
        return self._str


_TILES: dict = {}


class End(_Interned):
    """An attachment point ``TILE:END`` (an open end of the layout, or a used one).

    ``side`` is a pip number as a string for a non-double (``"4"`` in ``1-4:4``),
    or one of ``a``, ``b``, ``side-a``, ``side-b`` for a double. ``pip`` is the
    number the end shows (a double shows its pip on every side; ``None`` for a
    side that names no pip); ``pip_bit`` is ``1 << pip``. Ends are immutable and interned like
    :class:`Tile`. ``sort_key`` is the output order as one integer: by tile,
    then pip (non-double) or ``a``, ``b``, ``side-a``, ``side-b``.

    >>> End(Tile(1, 4), "4").pip, End(Tile(3, 3), "side-a").pip
    (4, 3)
    """

    __slots__ = ("tile", "side", "pip", "pip_bit", "sort_key", "_hash", "_str", "_plays")

    def __new__(cls, tile: Tile, side: str) -> "End":
        key = (tile, side)
        e = _ENDS.get(key)
        if e is not None:
            return e
        e = object.__new__(cls)
        put = object.__setattr__
        put(e, "tile", tile)
        put(e, "side", side)
        if tile.is_double:
            pip = tile.low
            order = DOUBLE_ENDS.index(side) if side in DOUBLE_ENDS else len(DOUBLE_ENDS)
        else:
            pip = int(side) if isinstance(side, str) and side.isdigit() else None
            order = pip if pip is not None else 0
        put(e, "pip", pip)
        put(e, "pip_bit", 1 << pip if pip is not None and 0 <= pip < 256 else 0)
        put(e, "sort_key", (tile.low << 64) | (tile.high << 32) | order)
        put(e, "_hash", hash((tile, side)))
        put(e, "_str", f"{tile}:{side}")
        put(e, "_plays", {})        # the variants' cache: a tile's mask -> the plain play of it here
        _ENDS[key] = e
        return e

    def __hash__(self) -> int:
        return self._hash

    def __lt__(self, other):
        return (self.tile, self.side) < (other.tile, other.side) if isinstance(other, End) else NotImplemented

    def __le__(self, other):
        return (self.tile, self.side) <= (other.tile, other.side) if isinstance(other, End) else NotImplemented

    def __gt__(self, other):
        return (self.tile, self.side) > (other.tile, other.side) if isinstance(other, End) else NotImplemented

    def __ge__(self, other):
        return (self.tile, self.side) >= (other.tile, other.side) if isinstance(other, End) else NotImplemented

    def __reduce__(self):
        return (End, (self.tile, self.side))

    def __repr__(self) -> str:
        return f"End(tile={self.tile!r}, side={self.side!r})"

    @classmethod
    def parse(cls, text: str, max_pip: int | None = None) -> "End":
        """Read ``TILE:END``; raises :class:`NotationError` with the reason."""
        if not isinstance(text, str) or ":" not in text:
            raise NotationError(
                f"{text!r} is not an attachment point; write it as TILE:END, e.g. \"1-4:4\" or \"4-4:b\""
            )
        tile_text, side = text.rsplit(":", 1)
        tile = Tile.parse(tile_text, max_pip)
        side = side.strip()
        if tile.is_double:
            if side not in DOUBLE_ENDS:
                raise NotationError(
                    f"{text!r}: a double's ends are a, b, side-a and side-b, not {side!r}"
                )
        else:
            if not (side.isascii() and side.isdigit()) or not tile.has(int(side)):
                raise NotationError(
                    f"{text!r}: the ends of {tile} are {tile.low} and {tile.high}"
                )
            side = str(int(side))
        return cls(tile, side)

    def __str__(self) -> str:
        return self._str


_ENDS: dict = {}


def double_set(max_pip: int) -> tuple[Tile, ...]:
    """Every tile of a double-``max_pip`` set in ``(low, high)`` order.

    >>> len(double_set(6)), len(double_set(12))
    (28, 91)
    """
    return tuple(Tile(a, b) for a in range(max_pip + 1) for b in range(a, max_pip + 1))


def iter_pips(tiles) -> Iterator[int]:
    """Pip totals of ``tiles``, one per tile."""
    for t in tiles:
        yield t.pips
