"""Drawing a layout as SVG (and PNG through CairoSVG). This module only draws.

:func:`arrange` places every tile of a :class:`~generator.engine.layout.Layout`
on a grid of pip squares: a tile covers two squares along its line, a crosswise
double covers one square along the line and two across it, a side branch leaves
a double perpendicular to its line. Lines bend (turn 90 degrees) before they
cross the page's bounds, and no two tiles ever overlap; a depth-first search
over the bending choices, with a bounded amount of work (:func:`arrange`),
guarantees it, or raises :class:`LayoutError`.

:func:`render` draws an arrangement with the conventions of seed 000's figures:
pips as dots, counted contributions as filled numbered badges, open but
uncounted positions as hollow dots, branch doubles (spinners) outlined in the
accent colour and the tile just placed marked with a dashed frame. The SVG holds
no words (only digits in the badges); ``<title>`` and ``<desc>`` carry the
caption and text equivalent for assistive technology.

>>> from generator.engine import Layout, Tile
>>> arr = arrange(Layout().attach(Tile(1, 4), None))
>>> [(b.tile.label, b.x, b.y, b.w, b.h) for b in arr.boxes]
[('[1|4]', -1.0, -0.5, 2.0, 1.0)]
"""

from __future__ import annotations

import functools
import hashlib
import math
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from ..base.cachefile import read_entry, write_entry
from ..engine.layout import Layout, Placed
from ..engine.tiles import End, Tile
from ..safety.sanitize import escape

__all__ = ["Box", "Spot", "Arrangement", "LayoutError", "EFFORT", "arrange", "side_directions", "render", "to_png",
           "legend_icons", "join_marks", "tile_picture", "UNIT", "COLORS"]

#: Pixels per pip square.
UNIT = 36
#: The palette (accent = branch doubles, mark = the tile just placed).
COLORS = {
    "tile": "#fffdf5", "edge": "#3b3b3b", "pip": "#1f1f1f", "accent": "#e07000",
    "mark": "#1565c0", "badge": "#00695c", "badge_text": "#ffffff", "hollow": "#455a64",
    "join": "#6a1b9a", "matador": "#6a1b9a",
}
#: Space, in squares, between a tile's cell (its one or two squares) and its face. The frame of
#: the tile just placed is drawn in this band, and a spinner's or matador's outline is the face's
#: own border, so no mark ever reaches into a neighbouring tile's cell.
INSET = 0.1
#: Pip colours by number for sets beyond double-six (as real double-nine and double-twelve sets
#: colour each number), so that 11 and 12 are told apart at a glance; every colour stands out from
#: the tile face by at least 3:1 (WCAG's figure for graphics). Double-six pips stay black.
PIP_COLOURS = {
    1: "#1565c0", 2: "#2e7d32", 3: "#c62828", 4: "#6d4c41", 5: "#1a237e", 6: "#00838f",
    7: "#6a1b9a", 8: "#827717", 9: "#e65100", 10: "#ad1457", 11: "#78909c", 12: "#1f1f1f",
}
#: Half-extent, in squares, of the region the layout stays in before lines bend.
BOUNDS = (7.0, 7.0)

E_, S_, W_, N_ = (1, 0), (0, 1), (-1, 0), (0, -1)


class LayoutError(Exception):
    """No overlap-free drawing was found within the search budget."""


def _left(d):
    return (d[1], -d[0])


def _right(d):
    return (-d[1], d[0])


def _add(p, d, k=1.0):
    return (p[0] + d[0] * k, p[1] + d[1] * k)


@dataclass(frozen=True)
class Box:
    """A drawn tile: top-left ``x, y`` and size ``w, h`` in squares;
    ``halves`` the two ``(pip, cx, cy)`` square centres; ``placed`` its record;
    ``join`` the point ``(x, y)`` where it touches its parent (``None`` for the set)."""

    tile: Tile
    x: float
    y: float
    w: float
    h: float
    halves: tuple
    placed: Placed
    join: tuple | None = None


@dataclass(frozen=True)
class Spot:
    """Where a marker for ``end`` stands: centre ``x, y`` of the square just
    beyond the end, in squares; ``d`` the direction the line would grow."""

    end: End
    x: float
    y: float
    d: tuple


@dataclass(frozen=True)
class Arrangement:
    """Every tile's :class:`Box` and every free end's :class:`Spot`."""

    boxes: tuple[Box, ...]
    spots: Mapping[End, Spot]

    def bounds(self) -> tuple[float, float, float, float]:
        """``(min_x, min_y, max_x, max_y)`` of tiles and marker squares."""
        xs, ys = [], []
        for b in self.boxes:
            xs += [b.x, b.x + b.w]
            ys += [b.y, b.y + b.h]
        for s in self.spots.values():
            xs += [s.x - 0.5, s.x + 0.5]
            ys += [s.y - 0.5, s.y + 0.5]
        return min(xs), min(ys), max(xs), max(ys)


def _rect_of_squares(centres) -> tuple[float, float, float, float]:
    xs = [c[0] for c in centres]
    ys = [c[1] for c in centres]
    return (min(xs) - 0.5, min(ys) - 0.5, max(xs) + 0.5, max(ys) + 0.5)


def _overlap(a, b) -> bool:
    eps = 1e-6
    return a[0] < b[2] - eps and b[0] < a[2] - eps and a[1] < b[3] - eps and b[1] < a[3] - eps


def _inside(r, bounds) -> bool:
    bx, by = bounds
    return r[0] >= -bx - 1e-6 and r[2] <= bx + 1e-6 and r[1] >= -by - 1e-6 and r[3] <= by + 1e-6


def _place_root(p: Placed):
    t = p.tile
    if t.is_double and p.cross:
        centres = ((0.0, -0.5), (0.0, 0.5))
        ends = {"a": ((-0.5, 0.0), W_), "b": ((0.5, 0.0), E_),
                "side-a": ((0.0, -1.0), N_), "side-b": ((0.0, 1.0), S_)}
        rect = (-0.5, -1.0, 0.5, 1.0)
        halves = ((t.low,) + centres[0], (t.low,) + centres[1])
    else:
        centres = ((-0.5, 0.0), (0.5, 0.0))
        ends = ({"a": ((-1.0, 0.0), W_), "b": ((1.0, 0.0), E_)} if t.is_double else
                {str(t.low): ((-1.0, 0.0), W_), str(t.high): ((1.0, 0.0), E_)})
        rect = (-1.0, -0.5, 1.0, 0.5)
        halves = ((t.low,) + centres[0], (t.high,) + centres[1])
    return rect, halves, ends


def _candidates(p: Placed, P, d):
    """Every way to draw ``p`` joined at point ``P`` growing in direction ``d``,
    most preferred first: ``(rect, halves, ends)``."""
    t = p.tile
    C = _add(P, d, 0.5)
    if t.is_double and p.cross:
        l, r = _left(d), _right(d)
        centres = (_add(C, l, 0.5), _add(C, r, 0.5))
        ends = {"b": (_add(C, d, 0.5), d), "side-a": (_add(C, l, 1.0), l), "side-b": (_add(C, r, 1.0), r)}
        yield _rect_of_squares(centres), ((t.low,) + centres[0], (t.low,) + centres[1]), ends
        return
    if t.is_double:   # laid lengthwise: like any tile, its far end is straight side b
        near, far, far_name = t.low, t.low, "b"
    else:
        near = int(p.link)
        far = t.other(near)
        far_name = str(far)
    turns = [d, _left(d), _right(d)]
    # Prefer, after going straight: for a horizontal line turn away from the
    # middle row; for a vertical one turn back toward the middle column.
    if d[1] == 0:
        turns[1:] = sorted(turns[1:], key=lambda v: -v[1] * (1 if P[1] >= 0 else -1))
    else:
        turns[1:] = sorted(turns[1:], key=lambda v: v[0] * (1 if P[0] >= 0 else -1))
    for d2 in turns:
        C2 = _add(C, d2, 1.0)
        ends = {far_name: (_add(C2, d2, 0.5), d2)}
        yield _rect_of_squares((C, C2)), ((near,) + C, (far,) + C2), ends


#: Tries (a tile set down in one of its ways) the search spends, in all, on the page's usual bounds
#: before it lays the tiles out in bounds scaled to their number: eight searches of 20,000, as the
#: page diagrams (at most 40 tiles) have always been drawn.
EFFORT = 160_000
#: The scaled bounds: the first are ``sqrt(SCALE * n)`` squares each way from the middle for ``n``
#: tiles (about six times the area the tiles cover), each next one a fifth wider, to ``2 n + 4``
#: (where no line need ever bend); each search tries ``max(SCALED_TRIES * n, SCALED_LEAST)`` times, and
#: all of them ``max(SCALED_EFFORT * n, 8 * SCALED_LEAST)`` times.
SCALE = 6
SCALED_TRIES = 5
SCALED_LEAST = 500
SCALED_EFFORT = 20


def arrange(layout: Layout, bounds: tuple[float, float] = BOUNDS, budget: int = 20000,
            effort: int = EFFORT) -> Arrangement:
    """Lay out ``layout`` on the square grid without overlaps.

    Tiles are taken in placement order; each may go straight or bend left or
    right (doubles never bend). A line that would leave ``bounds`` (half-width,
    half-height in squares) bends; if no drawing fits, the bounds widen step by
    step (each search trying at most ``budget`` times, all of them ``effort``
    times). Past that, the bounds are scaled to the number of tiles and widen
    by a fifth a step (:data:`SCALE`, :data:`SCALED_TRIES`), and the tiles are
    taken branch by branch (:func:`_branch_order`), so that a long line is
    drawn in a wider square at once instead of bending on itself. The
    drawings of layouts the usual bounds hold do not change.
    The work is bounded: at most ``effort`` tries, then
    ``max(SCALED_EFFORT * n, 8 * SCALED_LEAST)`` for ``n`` tiles. Raises
    :class:`LayoutError` if no drawing was found within it.
    """
    placed = list(layout)
    if not placed:
        return Arrangement((), {})
    left = [effort]
    for strict in (True, False):
        for grow in range(0, 8, 2):
            bx = (bounds[0] + grow, bounds[1] + grow)
            result = _search(placed, bx, min(budget, left[0]), strict, left)
            if result is not None:
                return result
    n = len(placed)
    placed = _branch_order(placed)
    first = max(bounds[0], bounds[1], float(math.ceil(math.sqrt(SCALE * n))))
    for strict in (True, False):           # half the work keeping the markers' squares clear, half not
        left = [max(SCALED_EFFORT * n, 8 * SCALED_LEAST) // 2]
        b = first
        while left[0] > 0:
            result = _search(placed, (b, b), min(max(SCALED_TRIES * n, SCALED_LEAST), left[0]), strict, left)
            if result is not None:
                return result
            if b > 2 * n + 4:
                break
            b = float(math.ceil(b * 1.2))
    raise LayoutError("no overlap-free drawing found")


def _branch_order(placed: list[Placed]) -> list[Placed]:
    """``placed`` branch by branch (each tile after its parent, a branch's
    tiles together, in placement order within it), so that a search that
    meets a collision at a branch's tip bends that branch's own tiles first
    instead of undoing the tiles of other branches placed in between."""
    by_tile = {p.tile: p for p in placed}
    out: list[Placed] = []
    todo = [p for p in placed if p.parent is None]
    while todo:
        p = todo.pop()
        out.append(p)
        kids = sorted((by_tile[t] for _, t in p.children if t in by_tile), key=lambda q: q.index, reverse=True)
        todo.extend(kids)
    return out if len(out) == len(placed) else placed


@functools.lru_cache(maxsize=65536)
def _cells(r) -> tuple[tuple[int, int], ...]:
    """The half-squares (``0.5`` by ``0.5``, numbered by their top-left
    corner in half-squares) a rectangle ``(x0, y0, x1, y1)`` covers. Every
    edge the search makes lies on the half-square grid (a tile is joined at
    the middle of a square's edge, a crosswise double half a square aside),
    so two rectangles overlap exactly when they share a half-square."""
    x0, y0, x1, y1 = (round(v * 2) for v in r)
    return tuple((i, j) for i in range(x0, x1) for j in range(y0, y1))


@functools.lru_cache(maxsize=65536)
def _spot_cells(P, d) -> tuple[tuple[int, int], ...]:
    """The half-squares of the marker square beyond the end at ``P`` growing in ``d``."""
    c = _add(P, d, 0.5)
    return _cells((c[0] - 0.5, c[1] - 0.5, c[0] + 0.5, c[1] + 0.5))


def _search(placed: list[Placed], bounds, budget, strict: bool = True,
            spent: list[int] | None = None) -> Arrangement | None:
    """Depth-first search over bending choices, trying at most ``budget``
    tiles in all (each try is also taken from ``spent[0]``, when given).
    With ``strict``, the square beyond every free end (where its marker is
    drawn) is kept clear too. Overlaps are looked up in the
    half-squares already covered (:func:`_cells`), so a try costs the same
    however many tiles are down."""
    occupied: set[tuple[int, int]] = set()      # under a tile
    marked: dict[tuple[int, int], int] = {}     # under the marker square of an end drawn so far (how many)
    chosen: list = []
    ends: dict[End, tuple] = {}
    count = [budget]

    def go(i: int) -> bool:
        if i == len(placed):
            return True
        count[0] -= 1
        if count[0] < 0:
            return False
        if spent is not None:
            spent[0] -= 1
        p = placed[i]
        if p.parent is None:
            options = [_place_root(p)]
            P = None
            own: set[tuple[int, int]] = set()
        else:
            P, d = ends[p.parent]
            options = list(_candidates(p, P, d))
            own = set(_spot_cells(P, d))       # the end it joins: its marker square is where it goes
        for rect, halves, new_ends in options:
            if not _inside(rect, bounds):
                continue
            cells = _cells(rect)
            if any(c in occupied for c in cells):
                continue
            spots = [c for v in new_ends.values() for c in _spot_cells(*v)]
            if strict:
                if any(marked.get(c, 0) - (c in own) > 0 for c in cells):
                    continue
                mine = set(cells)
                if any(c in occupied or c in mine for c in spots):
                    continue
            occupied.update(cells)
            for c in spots:
                marked[c] = marked.get(c, 0) + 1
            chosen.append((p, rect, halves, P))
            added = [End(p.tile, side) for side in new_ends]
            for side, v in new_ends.items():
                ends[End(p.tile, side)] = v
            if go(i + 1):
                return True
            occupied.difference_update(cells)
            for c in spots:
                marked[c] -= 1
            chosen.pop()
            for e in added:
                del ends[e]
        return False

    if not go(0):
        return None
    chosen.sort(key=lambda c: c[0].index)     # in placement order, however the search took them
    boxes = tuple(Box(p.tile, r[0], r[1], r[2] - r[0], r[3] - r[1], h, p, J) for p, r, h, J in chosen)
    spots = {}
    for e, (P, d) in ends.items():
        c = _add(P, d, 0.5)
        spots[e] = Spot(e, c[0], c[1], d)
    return Arrangement(boxes, spots)


#: The page's directions by growth vector (``y`` grows downwards, as in SVG).
_DIRECTION_NAMES = {E_: "right", W_: "left", N_: "up", S_: "down"}


def side_directions(arr: Arrangement) -> dict[End, str]:
    """Where each side of every double faces in the drawing ``arr``:
    ``End -> "left" | "right" | "up" | "down"``, for the straight sides
    (``a``, ``b``) and side branches (``side-a``, ``side-b``) the drawing
    has, joined or free. A player sees "the right-hand side of [3|3]", not the
    authors' letters, so the page words come from here (issue 29).

    >>> from generator.engine import Layout, Tile, End
    >>> lay = Layout().attach(Tile(3, 3), None, cross=True).attach(Tile(3, 5), End(Tile(3, 3), "b"))
    >>> sorted((e.side, d) for e, d in side_directions(arrange(lay)).items())
    [('a', 'left'), ('b', 'right'), ('side-a', 'up'), ('side-b', 'down')]
    """
    out: dict[End, str] = {}
    for b in arr.boxes:
        if not b.tile.is_double:
            continue
        for side in ("a", "b", "side-a", "side-b"):
            spot = arr.spots.get(End(b.tile, side))
            if spot is not None:
                out[End(b.tile, side)] = _DIRECTION_NAMES[spot.d]
        parent = b.placed.parent
        if parent is not None and parent in arr.spots:     # its side ``a`` faces the tile it joins
            dx, dy = arr.spots[parent].d
            out[End(b.tile, "a")] = _DIRECTION_NAMES[(-dx, -dy)]
    return out


# -- drawing ----------------------------------------------------------------

_GRID = {
    0: [], 1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(x, y) for y in range(3) for x in range(3)],
}


def pip_positions(n: int) -> list[tuple[float, float]]:
    """Dot centres for ``n`` pips in a unit square (0..1 both ways).

    >>> pip_positions(1)
    [(0.5, 0.5)]
    """
    if n in _GRID:
        return [(0.22 + 0.28 * x, 0.22 + 0.28 * y) for x, y in _GRID[n]]
    rows = -(-n // 3)
    step = 0.64 / (rows - 1)
    out = []
    for i in range(n):
        out.append((0.22 + 0.28 * (i % 3), 0.18 + step * (i // 3)))
    return out


def pip_colour(n: int, coloured: bool) -> str:
    """Fill of a pip of number ``n``: black, or (``coloured``, for sets
    beyond double-six) the number's own colour from :data:`PIP_COLOURS`.

    >>> pip_colour(11, False), pip_colour(11, True), pip_colour(3, True)
    ('#1f1f1f', '#78909c', '#c62828')
    """
    return PIP_COLOURS.get(n, COLORS["pip"]) if coloured else COLORS["pip"]


def tile_svg(tile: Tile, x: float, y: float, w: float, h: float, halves, X, Y, *,
             border: str | None = None, coloured: bool = False) -> list[str]:
    """SVG elements of one tile whose cell has its top-left corner at ``(x, y)``
    and is ``w`` by ``h`` squares (2 by 1 or 1 by 2); ``halves`` are the two
    ``(pip, cx, cy)`` with the centre of each half's square; ``X``/``Y`` turn
    squares into SVG coordinates. The face sits :data:`INSET` inside the cell;
    ``border`` (a colour) draws its edge heavier in that colour (a spinner, a
    matador); ``coloured`` pips follow :data:`PIP_COLOURS`.
    """
    u = UNIT
    c = COLORS
    edge, width = (border, 3) if border else (c["edge"], 1.5)
    out = [f'<g class="tile" data-tile="{tile}">',
           f'<rect x="{X(x + INSET)}" y="{Y(y + INSET)}" width="{_f((w - 2 * INSET) * u)}" '
           f'height="{_f((h - 2 * INSET) * u)}" rx="{_f(0.1 * u)}" fill="{c["tile"]}" '
           f'stroke="{edge}" stroke-width="{width}"/>']
    (_, ax, ay), (_, bx, by) = halves
    mx, my = (ax + bx) / 2, (ay + by) / 2
    if abs(ax - bx) > abs(ay - by):
        out.append(f'<line x1="{X(mx)}" y1="{Y(my - 0.3)}" x2="{X(mx)}" y2="{Y(my + 0.3)}" '
                   f'stroke="{c["edge"]}" stroke-width="1.2"/>')
    else:
        out.append(f'<line x1="{X(mx - 0.3)}" y1="{Y(my)}" x2="{X(mx + 0.3)}" y2="{Y(my)}" '
                   f'stroke="{c["edge"]}" stroke-width="1.2"/>')
    for pip, cx, cy in halves:
        r = 0.068 if pip <= 9 else 0.056            # four rows of pips need smaller ones
        for px, py in pip_positions(pip):
            out.append(f'<circle cx="{X(cx + (px - 0.5) * _PIP_SPREAD)}" cy="{Y(cy + (py - 0.5) * _PIP_SPREAD)}" '
                       f'r="{_f(r * u)}" fill="{pip_colour(pip, coloured)}"/>')
    out.append("</g>")
    return out


#: How far pips spread from a half's centre, as a share of :func:`pip_positions`' spread, so
#: that they stay on the face inside its :data:`INSET`.
_PIP_SPREAD = 0.82


def tile_picture(tile: Tile, *, coloured: bool = False, high_first: bool = False) -> str:
    """One tile standing upright (its low half on top, or its high half with
    ``high_first``, as a game that writes tiles higher end first draws them),
    drawn as the diagrams draw tiles: an SVG of one by two squares, without
    words (the caller names it beside the picture; the SVG is hidden from
    assistive technology). For a reader's hand in the browser (:mod:`generator.play`)."""
    u = UNIT

    def X(v):
        return _f(v * u)

    Y = X
    w, h = u, 2 * u
    top, bottom = (tile.high, tile.low) if high_first else (tile.low, tile.high)
    halves = ((top, 0.5, 0.5), (bottom, 0.5, 1.5))
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" focusable="false" width="{_f(w)}" '
           f'height="{_f(h)}" viewBox="0 0 {_f(w)} {_f(h)}">']
    out += tile_svg(tile, 0, 0, 1, 2, halves, X, Y, coloured=coloured)
    out.append("</svg>")
    return "".join(out)


def placed_frame(x: float, y: float, w: float, h: float, X, Y) -> str:
    """The dashed frame of the tile just placed, in the band between the cell
    ``(x, y, w, h)`` (squares) and the tile's face: it never crosses the cell."""
    k = 0.03                                         # centre line; the 2 px stroke stays in the band
    return (f'<rect class="just-placed" x="{X(x + k)}" y="{Y(y + k)}" width="{_f((w - 2 * k) * UNIT)}" '
            f'height="{_f((h - 2 * k) * UNIT)}" rx="{_f(0.14 * UNIT)}" fill="none" stroke="{COLORS["mark"]}" '
            f'stroke-width="2" stroke-dasharray="5 3"/>')


def _f(v: float) -> str:
    s = f"{v:.2f}".rstrip("0").rstrip(".")
    return "0" if s in ("-0", "") else s


def render(arr: Arrangement, *, counted: Mapping[End, int], open_ends: Iterable[End],
           last: Tile | None, title: str, desc: str, lang: str, ident: str,
           joins: Mapping[Tile, tuple[int, bool]] | None = None, coloured: bool = False) -> str:
    """SVG text of an arrangement.

    ``counted`` maps an end to its counted value (pips) and gets a filled
    badge; every other end in ``open_ends`` gets a hollow dot; spinners get the
    accent border; ``last`` gets the dashed frame; ``joins`` maps a tile to
    ``(sum, matador)`` for games that join by a sum (Matador): the sum of the
    touching halves is drawn as a small square badge on the join, and matadors
    get a border of their own colour. Every mark stays inside the tile's own
    cell (see :data:`INSET`). ``coloured`` pips (sets beyond double-six) follow
    :data:`PIP_COLOURS`. ``title``/``desc`` fill
    ``<title>``/``<desc>`` (escaped); ``lang`` is the page language; ``ident``
    makes element ids unique on a page.
    """
    u = UNIT
    margin = 0.25
    x0, y0, x1, y1 = arr.bounds()
    width = (x1 - x0 + 2 * margin) * u
    height = (y1 - y0 + 2 * margin) * u

    def X(v):
        return _f((v - x0 + margin) * u)

    def Y(v):
        return _f((v - y0 + margin) * u)

    c = COLORS
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{escape(lang)}" '
        f'width="{_f(width)}" height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'aria-labelledby="{escape(ident)}-title {escape(ident)}-desc">',
        f'<title id="{escape(ident)}-title">{escape(title)}</title>',
        f'<desc id="{escape(ident)}-desc">{escape(desc)}</desc>',
    ]
    for b in arr.boxes:
        matador = bool(joins and b.tile in joins and joins[b.tile][1])
        border = c["matador"] if matador else c["accent"] if b.placed.spinner else None
        tile = tile_svg(b.tile, b.x, b.y, b.w, b.h, b.halves, X, Y, border=border, coloured=coloured)
        if border:                                   # the face's own border says which: a class for tests
            kind = "matador" if matador else "branch-double"
            tile[1] = tile[1].replace("<rect ", f'<rect class="{kind}" ', 1)
        out += tile
        if last is not None and b.tile == last:
            out.append(placed_frame(b.x, b.y, b.w, b.h, X, Y))
    for b in arr.boxes:
        if not joins or b.join is None or b.tile not in joins:
            continue
        total = joins[b.tile][0]
        jx, jy = b.join
        fill = c["join"] if total == 7 else c["hollow"]
        out.append(f'<g class="join" data-tile="{b.tile}"><rect x="{X(jx - 0.15)}" y="{Y(jy - 0.15)}" '
                   f'width="{_f(0.3 * u)}" height="{_f(0.3 * u)}" rx="{_f(0.05 * u)}" fill="{fill}"/>'
                   f'<text x="{X(jx)}" y="{Y(jy + 0.085)}" text-anchor="middle" font-family="DejaVu Sans" '
                   f'font-weight="bold" font-size="{_f(0.24 * u)}" fill="{c["badge_text"]}">{total}</text></g>')
    for e in sorted(set(open_ends) | set(counted), key=lambda e: e.sort_key):
        s = arr.spots.get(e)
        if s is None:
            continue
        if e in counted:
            out.append(f'<g class="counted" data-end="{e}"><circle cx="{X(s.x)}" cy="{Y(s.y)}" r="{_f(0.3 * u)}" '
                       f'fill="{c["badge"]}"/><text x="{X(s.x)}" y="{Y(s.y + 0.12)}" text-anchor="middle" '
                       f'font-family="DejaVu Sans" font-weight="bold" font-size="{_f(0.34 * u)}" '
                       f'fill="{c["badge_text"]}">{counted[e]}</text></g>')
        else:
            out.append(f'<circle class="open" data-end="{e}" cx="{X(s.x)}" cy="{Y(s.y)}" r="{_f(0.16 * u)}" '
                       f'fill="none" stroke="{c["hollow"]}" stroke-width="2"/>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


#: Where :func:`to_png` keeps rendered PNGs, by the hash of what they show (``None``: no cache).
PNG_CACHE: "Path | None" = None

# What a picture does not show: its accessible name and description and the language
# attributes. The Japanese and English SVG of a diagram differ only in these.
_UNSEEN = re.compile(r'<(title|desc)\b[^>]*>.*?</\1>|\s(?:lang|aria-[a-z]+)="[^"]*"', re.S)


def to_png(svg: str, scale: float = 1.5) -> bytes:
    """Rasterise SVG text with CairoSVG (deterministic bytes for equal input),
    on an opaque white background (a PNG a reader saves and opens elsewhere
    must not show a dark checkerboard through the table).

    The PNG is rendered from the SVG without its title, description and
    language attributes, which a picture does not show. With
    :data:`PNG_CACHE` set, a PNG already rendered from the same drawing and
    scale is read back instead of rendered again (same bytes): the two
    languages' SVGs of one diagram are rendered once. Cache entries are
    checked against their digest (:mod:`generator.base.cachefile`): a damaged one
    is rendered again, never returned."""
    import cairosvg

    drawn = _UNSEEN.sub("", svg)
    digest = hashlib.sha256(f"{scale}|opaque|{drawn}".encode("utf-8")).hexdigest()
    data = key = None
    if PNG_CACHE is not None:
        key = Path(PNG_CACHE) / f"{digest}.entry"
        data = read_entry(key)
    if data is None:
        data = cairosvg.svg2png(bytestring=drawn.encode("utf-8"), scale=scale, background_color="white")
        if key is not None:
            write_entry(key, data)
    return data


def join_marks(layout: Layout, variant) -> dict[Tile, tuple[int, bool]]:
    """For a variant that joins by sum (``matching == "sum-7"``): each joined
    tile -> ``(sum of the touching halves, is a matador)``; else ``{}``."""
    if getattr(variant, "matching", "equal") != "sum-7":
        return {}
    out = {}
    for parent_end, own in layout.connections():
        total = layout.pip_at(parent_end) + layout.pip_at(own)
        out[own.tile] = (total, variant.is_matador(own.tile))
    for p in layout:
        if p.parent is None and variant.is_matador(p.tile):
            out[p.tile] = (0, True)
    return out


def legend_icons() -> dict[str, str]:
    """Small standalone SVGs for the page legend: ``counted``, ``open``,
    ``branch``, ``placed``, ``join``, ``matador``, ``colours`` (each ``aria-hidden``; the
    page gives the words)."""
    c = COLORS
    head = '<svg xmlns="http://www.w3.org/2000/svg" aria-hidden="true" width="28" height="28" viewBox="0 0 28 28">'
    return {
        "counted": head + f'<circle cx="14" cy="14" r="11" fill="{c["badge"]}"/><text x="14" y="18.5" '
                   f'text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="12" '
                   f'fill="{c["badge_text"]}">5</text></svg>\n',
        "open": head + f'<circle cx="14" cy="14" r="6" fill="none" stroke="{c["hollow"]}" stroke-width="2"/></svg>\n',
        "branch": head + f'<rect x="8" y="2" width="12" height="24" rx="3" fill="{c["tile"]}" '
                  f'stroke="{c["accent"]}" stroke-width="3"/></svg>\n',
        "placed": head + f'<rect x="4" y="9" width="20" height="10" rx="2" fill="{c["tile"]}" stroke="{c["edge"]}"/>'
                  f'<rect x="1.5" y="6.5" width="25" height="15" rx="3" fill="none" stroke="{c["mark"]}" '
                  f'stroke-width="2" stroke-dasharray="4 2"/></svg>\n',
        "join": head + f'<rect x="6" y="6" width="16" height="16" rx="2" fill="{c["join"]}"/><text x="14" '
                f'y="18.5" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="12" '
                f'fill="{c["badge_text"]}">7</text></svg>\n',
        "matador": head + f'<rect x="3" y="8" width="22" height="12" rx="2.5" fill="{c["tile"]}" '
                   f'stroke="{c["matador"]}" stroke-width="3"/></svg>\n',
        "colours": head + "".join(f'<circle cx="{x}" cy="14" r="3.5" fill="{PIP_COLOURS[n]}"/>'
                                  for x, n in ((6, 3), (14, 9), (22, 1))) + "</svg>\n",
    }


def overlaps(arr: Arrangement) -> list[tuple[Tile, Tile]]:
    """Pairs of tiles whose boxes overlap (empty for every arrangement this
    module makes; exposed for tests)."""
    out = []
    bs: Sequence[Box] = arr.boxes
    for i, a in enumerate(bs):
        for b in bs[i + 1:]:
            if _overlap((a.x, a.y, a.x + a.w, a.y + a.h), (b.x, b.y, b.x + b.w, b.y + b.h)):
                out.append((a.tile, b.tile))
    return out
