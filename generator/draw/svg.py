"""The pieces every drawing shares, as SVG (and PNG through CairoSVG): the
palette and the size of a pip square (:data:`COLORS`, :data:`UNIT`), a tile's
face with its pips (:func:`tile_svg`, :func:`tile_picture`), the frame of the
tile just placed (:func:`placed_frame`), the legend's icons
(:func:`legend_icons`) and the PNG copy of a drawing (:func:`to_png`). This
module only draws; each family arranges its own table in its folder (a single
line of play: :mod:`generator.families.line.draw`).

>>> from generator.engine import Tile
>>> tile_picture(Tile(1, 4)).startswith("<svg")
True
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..base.cachefile import read_entry, write_entry
from ..engine.tiles import Tile

__all__ = ["LayoutError", "UNIT", "COLORS", "INSET", "PIP_COLOURS", "pip_positions", "pip_colour", "tile_svg", "tile_picture",
           "placed_frame", "to_png", "legend_icons"]

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
# -- drawing ----------------------------------------------------------------

_GRID = {
    0: [], 1: [(1, 1)], 2: [(0, 0), (2, 2)], 3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)], 5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(x, y) for y in range(3) for x in range(3)],
}


class LayoutError(Exception):
    """No overlap-free drawing of a table was found within its search's
    bounded work (a family's drawing raises it; the page reports it at the
    position's file)."""



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
