"""Drawing a trick of Texas 42 as SVG: the four seats around the table, N at
the top and clockwise (E right, S below, W left), each seat's tile in front of
it, its higher end first (at the top, or on the left), as 42 players write a tile
(this module only draws; the trick comes from
:class:`~generator.families.tricks.rules.Trick` or a trick begun).

Each tile carries a small numbered badge, the order in which it was played (1
for the lead). The winning tile has the accent outline and its seat's tag is
filled; a seat that sits out (Nel-O) has a dashed tag and no tile; a seat
still to play has an empty dashed place. Only Latin letters and digits are
drawn (seat names, the badges), which CairoSVG renders with DejaVu Sans;
``<title>``/``<desc>`` carry the words.

>>> from generator.engine import Tile
>>> text = draw_trick([("N", Tile(2, 6)), ("E", Tile(6, 6))], winner="E", title="t", desc="d",
...                   lang="en", ident="x")
>>> text.count('class="tile"'), text.count('class="winner"')
(2, 1)
"""

from __future__ import annotations

from typing import Sequence

from ...engine.tiles import Tile
from ...safety.sanitize import escape
from ...draw.svg import COLORS, UNIT, _f, tile_svg

__all__ = ["draw_trick", "SEAT_PLACES"]

#: Each seat's tile cell (top-left x, y in squares, and whether upright) and its tag's centre.
SEAT_PLACES = {
    "N": ((-1.0, -2.9), False, (0.0, -3.9)),
    "E": ((1.9, -1.0), True, (3.75, 0.0)),
    "S": ((-1.0, 1.9), False, (0.0, 3.9)),
    "W": ((-2.9, -1.0), True, (-3.75, 0.0)),
}
_HALF = 4.6          # half the drawing's side, in squares


def draw_trick(plays: Sequence[tuple[str, Tile]], *, winner: str | None, title: str, desc: str, lang: str,
               ident: str, out: str | None = None, seats: Sequence[str] = ("N", "E", "S", "W")) -> str:
    """SVG text of one trick: ``plays`` are ``(seat, tile)`` in play order
    (fewer than the seats for a trick begun), ``winner`` the seat whose tile
    wins (``None``: not marked, for a practice question or a trick begun),
    ``out`` a seat that sits out. Sizes are in pip squares of
    :data:`~generator.draw.svg.UNIT` pixels; the drawing is square."""
    u = UNIT
    c = COLORS
    side = 2 * _HALF * u

    def X(v):
        return _f((v + _HALF) * u)

    def Y(v):
        return _f((v + _HALF) * u)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{escape(lang)}" width="{_f(side)}" '
        f'height="{_f(side)}" viewBox="0 0 {_f(side)} {_f(side)}" aria-labelledby="{escape(ident)}-title '
        f'{escape(ident)}-desc">',
        f'<title id="{escape(ident)}-title">{escape(title)}</title>',
        f'<desc id="{escape(ident)}-desc">{escape(desc)}</desc>',
        f'<rect class="table" x="{X(-2.0)}" y="{Y(-2.0)}" width="{_f(4 * u)}" height="{_f(4 * u)}" '
        f'rx="{_f(0.5 * u)}" fill="#eef3ee" stroke="#9fb5a3" stroke-width="1.5"/>',
    ]
    order = {seat: (i + 1, tile) for i, (seat, tile) in enumerate(plays)}
    font = 'font-family="DejaVu Sans" font-weight="bold"'
    for seat in seats:
        (x, y), upright, (tx, ty) = SEAT_PLACES[seat]
        w, h = (1.0, 2.0) if upright else (2.0, 1.0)
        won = seat == winner
        if seat in order:
            n, tile = order[seat]
            halves = ((tile.high, x + 0.5, y + 0.5), (tile.low, x + 0.5, y + 1.5)) if upright else \
                ((tile.high, x + 0.5, y + 0.5), (tile.low, x + 1.5, y + 0.5))
            drawn = tile_svg(tile, x, y, w, h, halves, X, Y, border=c["accent"] if won else None)
            if won:
                drawn[1] = drawn[1].replace("<rect ", '<rect class="winner" ', 1)
            parts += drawn
            bx, by = (x + w + 0.35, y + 0.3) if seat in ("N", "S") else (x + 0.5, y - 0.35) if seat == "E" \
                else (x + 0.5, y + h + 0.35)
            parts.append(f'<g class="order"><circle cx="{X(bx)}" cy="{Y(by)}" r="{_f(0.27 * u)}" '
                         f'fill="{c["badge"]}"/><text x="{X(bx)}" y="{Y(by + 0.11)}" text-anchor="middle" {font} '
                         f'font-size="{_f(0.3 * u)}" fill="{c["badge_text"]}">{n}</text></g>')
        elif seat != out:
            parts.append(f'<rect class="to-play" x="{X(x + 0.1)}" y="{Y(y + 0.1)}" width="{_f((w - 0.2) * u)}" '
                         f'height="{_f((h - 0.2) * u)}" rx="{_f(0.1 * u)}" fill="none" stroke="{c["hollow"]}" '
                         f'stroke-width="1.5" stroke-dasharray="4 3"/>')
        fill, ink, dash = (c["accent"], "#ffffff", "") if won else \
            ("#ffffff", c["hollow"], ' stroke-dasharray="4 3"') if seat == out else ("#37474f", "#ffffff", "")
        parts.append(f'<g class="seat" data-seat="{escape(seat)}"><rect x="{X(tx - 0.5)}" y="{Y(ty - 0.38)}" '
                     f'width="{_f(u)}" height="{_f(0.76 * u)}" rx="{_f(0.2 * u)}" fill="{fill}" '
                     f'stroke="{c["hollow"] if seat == out else fill}" stroke-width="1.5"{dash}/>'
                     f'<text x="{X(tx)}" y="{Y(ty + 0.16)}" text-anchor="middle" {font} font-size="{_f(0.42 * u)}" '
                     f'fill="{ink}">{escape(seat)}</text></g>')
    parts.append("</svg>")
    return "\n".join(parts) + "\n"
