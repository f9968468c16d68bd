"""Drawing a Chicken Foot tree as SVG: the round's double in the centre, its
arms, and the three toes of every later double (this module only draws; the
state comes from :class:`~generator.families.tree.rules.Round`).

The centre double stands upright with a heavy frame. With six arms (the
double chicken foot) three leave each long side, fanned up, straight and
down; with four, one leaves each side. An arm is a straight row of tiles; a
double at its end is laid across it, and its three toes fan out from its far
side at 45 degrees, straight on, and -45 degrees, as the foot of a chicken.
At each open end a round tag names the arm (``a``, ``b1`` ...): filled where a
tile may go now, white where play must wait for a foot elsewhere. The double
still waiting for its toes has the accent outline; the tile just placed the
dashed mark. Only Latin letters and digits are drawn (arm names), which
CairoSVG renders with DejaVu Sans; ``<title>``/``<desc>`` carry the words.

Sizes are in pip squares of :data:`~generator.draw.svg.UNIT` pixels; a tile
is 2 by 1. Every coordinate is rounded to two decimals, so the same tree
always gives the same bytes.

>>> from generator.engine import Tile
>>> from generator.families.tree.rules import Arm
>>> arms = {n: Arm(n, 9, [], 9) for n in "abcdef"}
>>> arms["a"] = Arm("a", 9, [Tile(9, 4)], 4)
>>> text = draw_tree(Tile(9, 9), arms, 6, {n: "fill" for n in "bcdef"}, title="t", desc="d", lang="en", ident="x")
>>> text.count('class="tile"'), text.count('class="open-end"')
(2, 6)
"""

from __future__ import annotations

import math
from typing import Mapping

from ...engine.tiles import Tile
from ...safety.sanitize import escape
from ...draw.svg import COLORS, INSET, UNIT, _f, placed_frame, tile_svg

__all__ = ["draw_tree", "arm_rays"]

#: How far the fanned arms of a group of three start from the side's middle, across the side (squares).
_FAN = 0.6
#: The gap between a double's side and the first tile of a straight arm, and of a fanned one (squares).
_GAP_STRAIGHT, _GAP_FANNED = 0.15, 0.5
#: The angle between the straight toe and each fanned one (degrees).
_SPREAD = 45.0


def _dir(deg: float) -> tuple[float, float]:
    r = math.radians(deg)
    return math.cos(r), math.sin(r)


def _fan(mid: tuple[float, float], phi: float) -> list[tuple[tuple[float, float], float, float]]:
    """Three rays (origin, direction in degrees, gap) leaving a side whose middle is ``mid``, outwards ``phi``."""
    px, py = _dir(phi + 90)
    return [((mid[0] - px * _FAN, mid[1] - py * _FAN), phi - _SPREAD, _GAP_FANNED),
            (mid, phi, _GAP_STRAIGHT),
            ((mid[0] + px * _FAN, mid[1] + py * _FAN), phi + _SPREAD, _GAP_FANNED)]


def arm_rays(centre_arms: int) -> list[tuple[tuple[float, float], float, float]]:
    """The centre's rays in arm order (``a``, ``b`` ...): ``(origin, degrees,
    gap)``, the origin on the centre double's edge (the double is 1 wide and 2
    tall, centred on 0, 0; degrees clockwise from the right, as SVG's y runs down).

    >>> [d for _, d, _ in arm_rays(4)]
    [-90, 0, 90, 180]
    >>> [d for _, d, _ in arm_rays(6)]
    [-45.0, 0, 45.0, 135.0, 180, 225.0]
    """
    if centre_arms == 4:
        return [((0.0, -1.0), -90, _GAP_STRAIGHT), ((0.5, 0.0), 0, _GAP_STRAIGHT),
                ((0.0, 1.0), 90, _GAP_STRAIGHT), ((-0.5, 0.0), 180, _GAP_STRAIGHT)]
    return _fan((0.5, 0.0), 0) + _fan((-0.5, 0.0), 180)


def draw_tree(centre: Tile, arms: Mapping[str, object], centre_arms: int, status: Mapping[str, str] | None, *,
              title: str, desc: str, lang: str, ident: str, last: tuple[Tile, str] | None = None,
              waiting: str | None = None, coloured: bool = True) -> str:
    """SVG text of a Chicken Foot tree.

    ``arms`` maps each arm's name (the centre's ``a``, ``b`` ..., toes such
    as ``b1``) to an object with ``tiles`` (from its double outwards), its
    ``start`` pip and its open ``end`` pip; ``centre_arms`` is 6 or 4;
    ``status`` maps an arm to its status for the next play (``fill`` and
    ``open`` draw a filled tag; ``None``: every tag white, for a question whose
    answer they would give); ``last`` is ``(tile, arm)`` of the tile just
    placed; ``waiting`` the arm whose closing double waits for its toes
    (``"centre"`` for the centre). ``coloured`` pips take each number's colour.
    """
    u = UNIT
    c = COLORS
    shapes: list[tuple] = []            # (kind, tile, arm, cx, cy, degrees, inner pip)
    tags: list[tuple] = []              # (arm, x, y, origin x, origin y)
    spokes: list[tuple] = []            # (x1, y1, x2, y2)

    def walk(name: str, origin, deg: float, gap: float) -> None:
        arm = arms[name]
        dx, dy = _dir(deg)
        d = gap
        if gap > 0.2:
            spokes.append((origin[0], origin[1], origin[0] + dx * gap, origin[1] + dy * gap))
        end = arm.start
        for t in arm.tiles:
            if t.is_double:
                cx, cy = origin[0] + dx * (d + 0.5), origin[1] + dy * (d + 0.5)
                shapes.append(("double", t, name, cx, cy, deg, end))
                far = (origin[0] + dx * (d + 1.0), origin[1] + dy * (d + 1.0))
                for i, (o, toe_deg, toe_gap) in enumerate(_fan(far, deg)):
                    toe = f"{name}{i + 1}"
                    if toe in arms:
                        walk(toe, o, toe_deg, toe_gap)
                return
            cx, cy = origin[0] + dx * (d + 1.0), origin[1] + dy * (d + 1.0)
            shapes.append(("tile", t, name, cx, cy, deg, end))
            end = t.other(end)
            d += 2.0
        tags.append((name, origin[0] + dx * (d + 0.55), origin[1] + dy * (d + 0.55)))

    letters = [n for n in arms if len(n) == 1]
    for name, (o, deg, gap) in zip(letters, arm_rays(centre_arms)):
        walk(name, o, deg, gap)

    # the bounds: every tile's corners, every tag's disc, the centre double
    xs, ys = [-0.5, 0.5], [-1.0, 1.0]
    for kind, _, _, cx, cy, deg, _ in shapes:
        hl, hw = (0.5, 1.0) if kind == "double" else (1.0, 0.5)
        dx, dy = _dir(deg)
        for sa, sb in ((1, 1), (1, -1), (-1, 1), (-1, -1)):
            xs.append(cx + sa * hl * dx - sb * hw * dy)
            ys.append(cy + sa * hl * dy + sb * hw * dx)
    for _, x, y in tags:
        xs += [x - 0.5, x + 0.5]
        ys += [y - 0.5, y + 0.5]
    pad = 0.3
    x0, y0 = min(xs) - pad, min(ys) - pad
    width, height = (max(xs) + pad - x0) * u, (max(ys) + pad - y0) * u

    def X(v):
        return _f((v - x0) * u)

    def Y(v):
        return _f((v - y0) * u)

    def LX(v):
        return _f(v * u)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{escape(lang)}" width="{_f(width)}" '
        f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" '
        f'aria-labelledby="{escape(ident)}-title {escape(ident)}-desc">',
        f'<title id="{escape(ident)}-title">{escape(title)}</title>',
        f'<desc id="{escape(ident)}-desc">{escape(desc)}</desc>',
    ]
    for x1, y1, x2, y2 in spokes:
        out.append(f'<line class="spoke" x1="{X(x1)}" y1="{Y(y1)}" x2="{X(x2)}" y2="{Y(y2)}" '
                   f'stroke="{c["hollow"]}" stroke-width="1.5"/>')
    # the centre double, upright, with its heavy frame (the accent while its arms are not all filled)
    halves = ((centre.low, -0.0, -0.5), (centre.low, 0.0, 0.5))
    out += tile_svg(centre, -0.5, -1.0, 1.0, 2.0, halves, X, Y, coloured=coloured,
                    border=c["accent"] if waiting == "centre" else None)
    k = INSET / 2
    out.append(f'<rect class="centre" x="{X(-0.5 + k)}" y="{Y(-1.0 + k)}" width="{_f((1 - 2 * k) * u)}" '
               f'height="{_f((2 - 2 * k) * u)}" rx="{_f(0.14 * u)}" fill="none" stroke="{c["edge"]}" '
               f'stroke-width="2.5"/>')
    for kind, t, name, cx, cy, deg, inner in shapes:
        out.append(f'<g class="on-arm" data-arm="{escape(name)}" transform="translate({X(cx)} {Y(cy)}) '
                   f'rotate({_f(deg)})">')
        if kind == "double":
            w, h = 1.0, 2.0
            halves = ((t.low, 0.0, -0.5), (t.low, 0.0, 0.5))
        else:
            w, h = 2.0, 1.0
            halves = ((inner, -0.5, 0.0), (t.other(inner), 0.5, 0.0))
        border = c["accent"] if kind == "double" and waiting == name else None
        part = tile_svg(t, -w / 2, -h / 2, w, h, halves, LX, LX, coloured=coloured, border=border)
        if border:
            part[1] = part[1].replace("<rect ", '<rect class="waiting-foot" ', 1)
        out += part
        if last is not None and last == (t, name):
            out.append(placed_frame(-w / 2, -h / 2, w, h, LX, LX))
        out.append("</g>")
    font = 'font-family="DejaVu Sans" font-weight="bold"'
    for name, x, y in tags:
        live = status is not None and status.get(name) in ("fill", "open")
        fill, ink = (c["badge"], "#ffffff") if live else ("#ffffff", c["badge"])
        size = 0.36 if len(name) < 3 else 0.28
        out.append(f'<g class="open-end" data-arm="{escape(name)}"><circle cx="{X(x)}" cy="{Y(y)}" r="{_f(0.42 * u)}" '
                   f'fill="{fill}" stroke="{c["badge"]}" stroke-width="1.5"/><text x="{X(x)}" y="{Y(y + size * 0.36)}" '
                   f'text-anchor="middle" {font} font-size="{_f(size * u)}" fill="{ink}">{escape(name)}</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"
