"""Drawing a single line of play as SVG: its tiles arranged on a grid and drawn
with the pieces every drawing shares (:mod:`generator.draw.svg`). This module
only draws.

:func:`arrange` places every tile of a :class:`~generator.families.line.rules.layout.Layout`
on a grid of pip squares: a tile covers two squares along its line, a crosswise
double covers one square along the line and two across it, a side branch leaves
a double perpendicular to its line. The set double of an eight-armed star
(Cyprus) has its four corner arms in the four quarters around it: each
starts on the square diagonally off a corner of the double, half a square
clear of it and of the arms beside it, and runs parallel to the line; a
short diagonal stroke ties it to that corner. Lines bend (turn 90 degrees) before they
cross the page's bounds, and no two tiles ever overlap; a depth-first search
over the bending choices, with a bounded amount of work (:func:`arrange`),
guarantees it, or raises :class:`LayoutError`.

:func:`render` draws an arrangement with the conventions of seed 000's figures:
pips as dots, counted contributions as filled numbered badges, open but
uncounted positions as hollow dots, branch doubles (spinners) outlined in the
accent colour and the tile just placed marked with a dashed frame. The SVG holds
no words (only digits in the badges); ``<title>`` and ``<desc>`` carry the
caption and text equivalent for assistive technology.

>>> from generator.engine import Tile
>>> from generator.families.line.rules import Layout
>>> arr = arrange(Layout().attach(Tile(1, 4), None))
>>> [(b.tile.label, b.x, b.y, b.w, b.h) for b in arr.boxes]
[('[1|4]', -1.0, -0.5, 2.0, 1.0)]
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

from ...draw.svg import COLORS, UNIT, LayoutError, _f, placed_frame, tile_svg
from ...engine.tiles import CORNERS, End, Tile
from ...safety.sanitize import escape
from .rules.layout import Layout, Placed

__all__ = ["Box", "Spot", "Arrangement", "LayoutError", "EFFORT", "BOUNDS", "arrange", "side_directions", "render",
           "join_marks", "overlaps"]

BOUNDS = (7.0, 7.0)

E_, S_, W_, N_ = (1, 0), (0, 1), (-1, 0), (0, -1)


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
    ``join`` the point ``(x, y)`` where it touches its parent (``None`` for the set);
    ``tie`` for a tile on a corner of a star's set double, the stroke
    ``(x0, y0, x1, y1)`` from that corner to the tile (``None`` otherwise)."""

    tile: Tile
    x: float
    y: float
    w: float
    h: float
    halves: tuple
    placed: Placed
    join: tuple | None = None
    tie: tuple | None = None


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


def _corners(C, d) -> tuple[dict, tuple]:
    """The four corner ends of a star's set double drawn crosswise at
    centre ``C`` along direction ``d`` (its side ``a`` behind, ``b`` ahead,
    ``side-a`` on the left): ``{corner: (P, growth)}``, and the half-squares
    kept clear for the strokes that tie them to the double. A corner arm's
    first square is one and a half squares back (``a``) or ahead (``b``) of
    the centre and two squares to its side, so it touches neither the double
    nor the arms beside it; it grows away from the middle, parallel to the
    line."""
    ends = {}
    gaps = []
    for name in CORNERS:
        along = -1.0 if name.startswith("corner-a") else 1.0
        side = _left(d) if name.endswith("side-a") else _right(d)
        g = (d[0] * along, d[1] * along)
        Q = _add(_add(C, g, 1.5), side, 2.0)        # the first square of the arm
        ends[name] = (_add(Q, g, -0.5), g)
        K = _add(_add(C, g, 0.5), side, 1.0)        # the double's corner
        N = _add(_add(Q, g, -0.5), side, -0.5)      # the nearest corner of that square
        gaps.append((min(K[0], N[0]), min(K[1], N[1]), max(K[0], N[0]), max(K[1], N[1])))
    return ends, tuple(c for r in gaps for c in _cells(r))


def _place_root(p: Placed):
    t = p.tile
    extra: tuple = ()
    if t.is_double and p.cross:
        centres = ((0.0, -0.5), (0.0, 0.5))
        ends = {"a": ((-0.5, 0.0), W_), "b": ((0.5, 0.0), E_),
                "side-a": ((0.0, -1.0), N_), "side-b": ((0.0, 1.0), S_)}
        if p.star:
            corners, extra = _corners((0.0, 0.0), E_)
            ends.update(corners)
        rect = (-0.5, -1.0, 0.5, 1.0)
        halves = ((t.low,) + centres[0], (t.low,) + centres[1])
    else:
        centres = ((-0.5, 0.0), (0.5, 0.0))
        ends = ({"a": ((-1.0, 0.0), W_), "b": ((1.0, 0.0), E_)} if t.is_double else
                {str(t.low): ((-1.0, 0.0), W_), str(t.high): ((1.0, 0.0), E_)})
        rect = (-1.0, -0.5, 1.0, 0.5)
        halves = ((t.low,) + centres[0], (t.high,) + centres[1])
    return rect, halves, ends, extra


def _candidates(p: Placed, P, d):
    """Every way to draw ``p`` joined at point ``P`` growing in direction ``d``,
    most preferred first: ``(rect, halves, ends, extra)``, ``extra`` the
    half-squares besides the tile's own that must stay clear (a star's
    corner strokes)."""
    t = p.tile
    C = _add(P, d, 0.5)
    if t.is_double and p.cross:
        l, r = _left(d), _right(d)
        centres = (_add(C, l, 0.5), _add(C, r, 0.5))
        ends = {"b": (_add(C, d, 0.5), d), "side-a": (_add(C, l, 1.0), l), "side-b": (_add(C, r, 1.0), r)}
        extra: tuple = ()
        if p.star:
            corners, extra = _corners(C, d)
            ends.update(corners)
        yield _rect_of_squares(centres), ((t.low,) + centres[0], (t.low,) + centres[1]), ends, extra
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
        yield _rect_of_squares((C, C2)), ((near,) + C, (far,) + C2), ends, ()


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
        for rect, halves, new_ends, extra in options:
            if not _inside(rect, bounds):
                continue
            cells = _cells(rect) + extra
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
    rects = {p.tile: r for p, r, h, J in chosen}
    boxes = tuple(Box(p.tile, r[0], r[1], r[2] - r[0], r[3] - r[1], h, p, J,
                      _tie(rects[p.parent.tile], h[0][1:]) if p.parent is not None and p.parent.side in CORNERS
                      else None)
                  for p, r, h, J in chosen)
    spots = {}
    for e, (P, d) in ends.items():
        c = _add(P, d, 0.5)
        spots[e] = Spot(e, c[0], c[1], d)
    return Arrangement(boxes, spots)


def _tie(rect, near) -> tuple:
    """The stroke from the corner of the double ``rect`` nearest the centre
    ``near`` of a corner arm's first square, to that square's nearest corner."""
    cx = rect[0] if near[0] < rect[0] else rect[2]
    cy = rect[1] if near[1] < rect[1] else rect[3]
    return (cx, cy, near[0] + (0.5 if cx > near[0] else -0.5), near[1] + (0.5 if cy > near[1] else -0.5))


#: The page's directions by growth vector (``y`` grows downwards, as in SVG).
_DIRECTION_NAMES = {E_: "right", W_: "left", N_: "up", S_: "down"}


def side_directions(arr: Arrangement) -> dict[End, str]:
    """Where each side of every double faces in the drawing ``arr``:
    ``End -> "left" | "right" | "up" | "down"``, for the straight sides
    (``a``, ``b``) and side branches (``side-a``, ``side-b``) the drawing
    has, joined or free; a star's corners face ``"up-left"``, ``"up-right"``,
    ``"down-left"`` or ``"down-right"``. A player sees "the right-hand side of
    [3|3]", not the authors' letters, so the page words come from here (issue 29).

    >>> from generator.engine import Tile, End
    >>> from generator.families.line.rules import Layout
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
        if b.placed.star:
            mid = (b.x + b.w / 2, b.y + b.h / 2)
            for side in CORNERS:
                e = End(b.tile, side)
                spot = arr.spots.get(e)
                if spot is not None:
                    q: tuple | None = (spot.x, spot.y)
                else:                                       # joined: the first square of the tile there
                    child = b.placed.child(side)
                    q = next((c.halves[0][1:] for c in arr.boxes if c.tile == child), None)
                if q is not None:
                    out[e] = ("up" if q[1] < mid[1] else "down") + "-" + ("left" if q[0] < mid[0] else "right")
    return out


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
    cell (see :data:`~generator.draw.svg.INSET`). ``coloured`` pips (sets beyond double-six) follow
    :data:`~generator.draw.svg.PIP_COLOURS`. ``title``/``desc`` fill
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
        if b.tie is not None:                        # a star's corner arm: the stroke to the corner
            x0_, y0_, x1_, y1_ = b.tie
            out.append(f'<line class="corner-tie" x1="{X(x0_)}" y1="{Y(y0_)}" x2="{X(x1_)}" y2="{Y(y1_)}" '
                       f'stroke="{c["edge"]}" stroke-width="{_f(0.08 * u)}" stroke-linecap="round"/>')
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
