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
from dataclasses import dataclass
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


@dataclass(frozen=True, order=True)
class Tile:
    """One domino tile, normalised so that ``low <= high``.

    ``low`` and ``high`` are pip counts (0 = blank). Ordering is by ``(low, high)``,
    which is the order seed 000 lists tiles in its text equivalents.
    """

    low: int
    high: int

    def __post_init__(self) -> None:
        if self.low > self.high:
            lo, hi = self.high, self.low
            object.__setattr__(self, "low", lo)
            object.__setattr__(self, "high", hi)

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

    @property
    def is_double(self) -> bool:
        """True for a double (both halves show the same number)."""
        return self.low == self.high

    @property
    def pips(self) -> int:
        """Total pips on the tile (its weight)."""
        return self.low + self.high

    def has(self, pip: int) -> bool:
        """True when either half shows ``pip``."""
        return pip in (self.low, self.high)

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
        return f"{self.low}-{self.high}"


@dataclass(frozen=True, order=True)
class End:
    """An attachment point ``TILE:END`` (an open end of the layout, or a used one).

    ``side`` is a pip number as a string for a non-double (``"4"`` in ``1-4:4``),
    or one of ``a``, ``b``, ``side-a``, ``side-b`` for a double.
    """

    tile: Tile
    side: str

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
            if not side.isdigit() or not tile.has(int(side)):
                raise NotationError(
                    f"{text!r}: the ends of {tile} are {tile.low} and {tile.high}"
                )
            side = str(int(side))
        return cls(tile, side)

    @property
    def sort_key(self) -> tuple:
        """Output order: by tile, then pip (non-double) or a, b, side-a, side-b."""
        if self.tile.is_double:
            return (self.tile, DOUBLE_ENDS.index(self.side))
        return (self.tile, int(self.side))

    def __str__(self) -> str:
        return f"{self.tile}:{self.side}"


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
