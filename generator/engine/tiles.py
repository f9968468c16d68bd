"""Tiles, attachment points and double-N sets.

The notation follows the fixed contract (``docs/en/authoring.md#fixed-contract``, "Tiles"):
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

__all__ = ["Tile", "End", "NotationError", "double_set", "STRAIGHT", "SIDES", "DOUBLE_ENDS", "CORNERS"]

#: Straight (in-line) sides of a double: 直線側A/B in seed 000.
STRAIGHT = ("a", "b")
#: Side branches of a double: 側枝A/B in seed 000.
SIDES = ("side-a", "side-b")
#: Every end of a double in output order.
DOUBLE_ENDS = STRAIGHT + SIDES
#: The four corners of the set double of an eight-armed star (Pagat, Cyprus: the 9-9's four
#: diagonals), each named by the straight side and the side branch it lies between.
CORNERS = ("corner-a-side-a", "corner-a-side-b", "corner-b-side-a", "corner-b-side-b")
#: Every name a double's end may have, in output order.
_DOUBLE_NAMES = DOUBLE_ENDS + CORNERS

_TILE_RE = re.compile(r"^\s*(?:([0-9]+)\s*-\s*([0-9]+)|\[\s*([0-9]+)\s*\|\s*([0-9]+)\s*\])\s*$", re.ASCII)


class NotationError(ValueError):
    """A tile or attachment point that cannot be read; the message says why."""


def _immutable(obj: object, name: str, what: str) -> AttributeError:
    kind = type(obj).__name__
    return AttributeError(f"{'an' if kind[0] in 'AEIOU' else 'a'} {kind} is immutable (cannot {what} {name!r})")


# Tile and End are immutable, interned value objects: one instance per value, so equality
# is identity and a copy is the object itself. Saying so in __eq__ is about three times
# faster than Python's fallback, which the ordering methods would otherwise route every ==
# through (lists of tiles are searched and edited on every move). They share no base class:
# compiled (mypyc), a class may only fill its fields with object.__setattr__ when it
# defines __setattr__ itself and inherits from no class of ours.


class Tile:
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
    low: int
    high: int
    pips: int
    is_double: bool
    mask: int
    bit: int
    _key: tuple[int, int]
    _hash: int
    _str: str
    _opp: dict[str, End]

    def __new__(cls, low: int, high: int) -> "Tile":
        t = _TILES.get((low, high))
        if t is not None:
            return t
        lo, hi = (low, high) if low <= high else (high, low)
        t = _TILES.get((lo, hi))
        if t is None:
            t = super().__new__(cls)
            object.__setattr__(t, "low", lo)
            object.__setattr__(t, "high", hi)
            object.__setattr__(t, "pips", lo + hi)
            object.__setattr__(t, "is_double", lo == hi)
            object.__setattr__(t, "mask", (1 << lo | 1 << hi) if 0 <= lo and hi < 256 else 0)
            object.__setattr__(t, "bit", 1 << (hi * (hi + 1) // 2 + lo) if 0 <= lo and hi < 256 else 0)
            object.__setattr__(t, "_key", (lo, hi))
            object.__setattr__(t, "_hash", hash((lo, hi)))
            object.__setattr__(t, "_str", f"{lo}-{hi}")
            object.__setattr__(t, "_opp", {})          # the layout's cache: touching half -> the End opposite it
            _TILES[(lo, hi)] = t
        _TILES[(low, high)] = t
        return t

    def __setattr__(self, name: str, value: object) -> None:
        raise _immutable(self, name, "set")

    def __delattr__(self, name: str) -> None:
        raise _immutable(self, name, "delete")

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

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
    def parse(cls, text: object, max_pip: int | None = None) -> "Tile":
        """Read ``a-b``, ``b-a`` or ``[a|b]``.

        Raises :class:`NotationError` for anything else (a value that is not
        text included, as YAML's ``14`` for ``"1-4"``), or when a pip exceeds
        ``max_pip`` (6 for a double-six set, 12 for double-twelve).
        """
        if not isinstance(text, str):
            raise NotationError(f"a tile is written as a string like \"1-4\", not {text!r}")
        m = _TILE_RE.match(text)
        if not m:
            raise NotationError(f"{text!r} is not a tile; write it as \"a-b\" or \"[a|b]\"")
        a, b = [int(g) for g in (m.group(1, 2) if m.group(1) is not None else m.group(3, 4))]
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


class End:
    """An attachment point ``TILE:END`` (an open end of the layout, or a used one).

    ``side`` is a pip number as a string for a non-double (``"4"`` in ``1-4:4``),
    or one of ``a``, ``b``, ``side-a``, ``side-b`` (or a corner of :data:`CORNERS`) for a double. ``pip`` is the
    number the end shows (a double shows its pip on every side; -1 for a
    side that names no pip, which no play can match); ``pip_bit`` is ``1 << pip`` (0 for -1). Ends are immutable and interned like
    :class:`Tile`. ``sort_key`` is the output order as one integer: by tile,
    then pip (non-double) or ``a``, ``b``, ``side-a``, ``side-b``, then the corners.

    >>> End(Tile(1, 4), "4").pip, End(Tile(3, 3), "side-a").pip
    (4, 3)
    """

    __slots__ = ("tile", "side", "pip", "pip_bit", "sort_key", "_hash", "_str", "_plays")
    tile: Tile
    side: str
    pip: int
    pip_bit: int
    sort_key: int
    _hash: int
    _str: str
    _plays: dict

    def __new__(cls, tile: Tile, side: str) -> "End":
        key = (tile, side)
        e = _ENDS.get(key)
        if e is not None:
            return e
        e = super().__new__(cls)
        object.__setattr__(e, "tile", tile)
        object.__setattr__(e, "side", side)
        if tile.is_double:
            pip = tile.low
            order = _DOUBLE_NAMES.index(side) if side in _DOUBLE_NAMES else len(_DOUBLE_NAMES)
        else:
            pip = int(side) if isinstance(side, str) and side.isdigit() else -1
            order = pip if pip >= 0 else 0
        object.__setattr__(e, "pip", pip)
        object.__setattr__(e, "pip_bit", 1 << pip if 0 <= pip < 256 else 0)
        object.__setattr__(e, "sort_key", (tile.low << 64) | (tile.high << 32) | order)
        object.__setattr__(e, "_hash", hash((tile, side)))
        object.__setattr__(e, "_str", f"{tile}:{side}")
        object.__setattr__(e, "_plays", {})        # the variants' cache: a tile's mask -> the plain play of it here
        _ENDS[key] = e
        return e

    def __setattr__(self, name: str, value: object) -> None:
        raise _immutable(self, name, "set")

    def __delattr__(self, name: str) -> None:
        raise _immutable(self, name, "delete")

    def __eq__(self, other: object) -> bool:
        return self is other

    def __ne__(self, other: object) -> bool:
        return self is not other

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

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
    def parse(cls, text: object, max_pip: int | None = None) -> "End":
        """Read ``TILE:END`` (the end after the last colon); raises
        :class:`NotationError` with the reason, also for a value that is not
        text."""
        if not isinstance(text, str) or ":" not in text:
            raise NotationError(
                f"{text!r} is not an attachment point; write it as TILE:END, e.g. \"1-4:4\" or \"4-4:b\""
            )
        tile_text, side = text.rsplit(":", 1)
        tile = Tile.parse(tile_text, max_pip)
        side = side.strip()
        if tile.is_double:
            if side not in _DOUBLE_NAMES:
                raise NotationError(
                    f"{text!r}: a double's ends are a, b, side-a and side-b, or a corner (corner-a-side-a, "
                    f"corner-a-side-b, corner-b-side-a, corner-b-side-b), not {side!r}"
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
    """Every tile of a double-``max_pip`` set in ``(low, high)`` order (made
    once per set: the same tuple every time).

    >>> len(double_set(6)), len(double_set(12)), double_set(6) is double_set(6)
    (28, 91, True)
    """
    tiles = _SETS.get(max_pip)
    if tiles is None:
        tiles = _SETS[max_pip] = tuple([Tile(a, b) for a in range(max_pip + 1) for b in range(a, max_pip + 1)])
    return tiles


_SETS: dict[int, tuple[Tile, ...]] = {}
