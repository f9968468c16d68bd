"""Drawing a Mexican Train table as SVG: the engine in the centre and the
trains radiating from it (this module only draws; the state comes from
:class:`~generator.families.trains.rules.Round`).

Trains are drawn as rows leaving the engine to the right (the first half, in
seat order) and to the left (the rest, the Mexican train last), each joined
to the engine by a spoke. At a row's inner end stands its owner's name (the
Mexican train on a green band, marked ``M``) and, when it has one, the red
marker; at its open end a tag names who may play there now. An uncovered
double has the accent outline; the tile just placed the dashed mark. Only
Latin letters and digits are drawn (player names), which CairoSVG renders with
DejaVu Sans; ``<title>``/``<desc>`` carry the words.

>>> from generator.engine import Tile
>>> from generator.families.trains.rules import Train
>>> svg_text = draw_table(Tile(12, 12), {"A": Train("A", [Tile(5, 12)], 5)}, {"A": ["A"]}, [],
...                       title="t", desc="d", lang="en", ident="x")
>>> svg_text.count('class="tile"')
2
"""

from __future__ import annotations

from ...safety.sanitize import escape
from typing import Mapping, Sequence

from ...engine.tiles import Tile
from ...draw.svg import COLORS, INSET, UNIT, _f, placed_frame, tile_svg

__all__ = ["draw_table", "ROW_GAP"]

#: Vertical distance between two trains' centre lines, in squares.
ROW_GAP = 2.6
_MEX = "mexican"


def _tile(t: Tile, first: int, x: float, y: float, vertical: bool, X, Y, coloured: bool,
          mark: str | None = None) -> list[str]:
    """A tile whose cell's top-left is ``(x, y)`` (squares): 2x1 across, 1x2
    upright; ``first`` is the number drawn left (or on top); ``mark``
    ``"open-double"`` gives it the accent border of a double not yet covered."""
    w, h = (1.0, 2.0) if vertical else (2.0, 1.0)
    second = t.other(first)
    halves = ((first, x + 0.5, y + 0.5), (second, x + 0.5, y + 1.5)) if vertical else \
        ((first, x + 0.5, y + 0.5), (second, x + 1.5, y + 0.5))
    out = tile_svg(t, x, y, w, h, halves, X, Y, coloured=coloured, border=COLORS["accent"] if mark else None)
    if mark:
        out[1] = out[1].replace("<rect ", f'<rect class="{mark}" ', 1)
    return out


def draw_table(engine: Tile, trains: Mapping[str, object], may_play: Mapping[str, Sequence[str]] | None,
               open_doubles: Sequence[str], *, title: str, desc: str, lang: str, ident: str,
               last: tuple[Tile, str] | None = None, coloured: bool = True) -> str:
    """SVG text of a Mexican Train table.

    ``trains`` maps each train's name (players in seat order, then
    ``"mexican"``) to an object with ``tiles`` (from the engine out), ``end``
    (pip) and ``marker``; ``may_play`` (``None``: no tags, for a question
    whose answer they would give) maps a train to the players who may
    play there now (the open-end tag); ``open_doubles`` names the trains whose
    last double is uncovered; ``last`` is ``(tile, train)`` of the tile just
    placed. Sizes are in pip squares of :data:`~generator.draw.svg.UNIT` pixels.
    ``coloured`` pips (on by default: the game's double-twelve set) take each
    number's colour (:data:`~generator.draw.svg.PIP_COLOURS`).
    """
    names = list(trains)
    right = names[: (len(names) + 1) // 2]
    left = names[(len(names) + 1) // 2:]
    u = UNIT
    c = COLORS
    rows = {}
    for side, group in ((1, right), (-1, left)):
        for i, name in enumerate(group):
            rows[name] = (side, (i - (len(group) - 1) / 2) * ROW_GAP)
    # lengths, in squares, of each row (label 1.6 + tiles + tag 1.8)
    def length(name):
        return sum(1.0 if t.is_double else 2.0 for t in trains[name].tiles)

    reach = max([length(n) for n in names] + [0.0])
    half_w = 0.5 + 0.8 + 1.7 + reach + 2.6
    half_h = max([abs(y) for _, y in rows.values()] + [0.0]) + 1.3
    x0, y0 = -half_w, -half_h
    width, height = 2 * half_w * u, 2 * half_h * u

    def X(v):
        return _f((v - x0) * u)

    def Y(v):
        return _f((v - y0) * u)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{escape(lang)}" width="{_f(width)}" '
        f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" aria-labelledby="{escape(ident)}-title {escape(ident)}-desc">',
        f'<title id="{escape(ident)}-title">{escape(title)}</title>',
        f'<desc id="{escape(ident)}-desc">{escape(desc)}</desc>',
    ]
    # the engine, upright in the centre
    out += _tile(engine, engine.low, -0.5, -1.0, True, X, Y, coloured)
    k = INSET / 2                              # the engine's heavy frame, in the band around its face
    out.append(f'<rect class="engine" x="{X(-0.5 + k)}" y="{Y(-1.0 + k)}" width="{_f((1 - 2 * k) * u)}" '
               f'height="{_f((2 - 2 * k) * u)}" rx="{_f(0.14 * u)}" fill="none" stroke="{c["edge"]}" '
               f'stroke-width="2.5"/>')
    font = 'font-family="DejaVu Sans" font-weight="bold"'
    for name in names:
        side, cy = rows[name]
        tr = trains[name]
        start = 0.5 + 0.8                      # where the label column begins
        label_x = side * (start + 0.8)
        out.append(f'<line class="spoke" x1="{X(side * 0.58)}" y1="{Y(0)}" x2="{X(side * start)}" y2="{Y(cy)}" '
                   f'stroke="{c["hollow"]}" stroke-width="1.5"/>')
        mex = name == _MEX
        band = "#2e7d32" if mex else "#37474f"
        label = "M" if mex else name
        out.append(f'<g class="{"mexican" if mex else "owner"}" data-train="{escape(name)}">'
                   f'<rect x="{X(label_x - 0.75)}" y="{Y(cy - 0.4)}" width="{_f(1.5 * u)}" height="{_f(0.8 * u)}" '
                   f'rx="{_f(0.2 * u)}" fill="{band}"/><text x="{X(label_x)}" y="{Y(cy + 0.17)}" '
                   f'text-anchor="middle" {font} font-size="{_f(0.42 * u)}" fill="#ffffff">{escape(label)}</text></g>')
        if getattr(tr, "marker", False):
            mx = side * (start + 0.8)
            out.append(f'<g class="marker" data-train="{escape(name)}"><circle cx="{X(mx)}" cy="{Y(cy - 0.85)}" '
                       f'r="{_f(0.3 * u)}" fill="#c62828" stroke="#ffffff" stroke-width="1.5"/></g>')
        x = start + 1.7
        for t in tr.tiles:
            vertical = t.is_double
            w = 1.0 if vertical else 2.0
            left_x = x if side > 0 else -(x + w)
            top = cy - (1.0 if vertical else 0.5)
            if vertical:
                first = t.low
            else:
                inner = tr_inner(tr, t)
                first = inner if side > 0 else t.other(inner)
            uncovered = t.is_double and name in open_doubles and t == tr.tiles[-1]
            out += _tile(t, first, left_x, top, vertical, X, Y, coloured, "open-double" if uncovered else None)
            if last is not None and last == (t, name):
                out.append(placed_frame(left_x, top, w, 2.0 if vertical else 1.0, X, Y))
            x += w
        if may_play is None:                # (a practice question: who may play is the answer)
            continue
        who = " ".join(may_play.get(name, ())) or "-"
        tag_w = max(1.2, 0.32 * len(who) + 0.6)
        tx = side * (x + 0.3 + tag_w / 2)
        closed = not may_play.get(name)
        out.append(f'<g class="open-end" data-train="{escape(name)}"><rect x="{X(tx - tag_w / 2)}" y="{Y(cy - 0.36)}" '
                   f'width="{_f(tag_w * u)}" height="{_f(0.72 * u)}" rx="{_f(0.36 * u)}" '
                   f'fill="{"#ffffff" if closed else c["badge"]}" stroke="{c["badge"]}" stroke-width="1.5"/>'
                   f'<text x="{X(tx)}" y="{Y(cy + 0.13)}" text-anchor="middle" {font} font-size="{_f(0.34 * u)}" '
                   f'fill="{c["badge"] if closed else "#ffffff"}">{escape(who)}</text></g>')
    out.append("</svg>")
    return "\n".join(out) + "\n"


def tr_inner(train, tile: Tile) -> int:
    """The pip of ``tile`` that faces the engine in ``train`` (the end it was
    joined by), found by walking the train from the engine out."""
    end = _start_pip(train)
    for t in train.tiles:
        if t == tile:
            return end
        end = t.other(end) if not t.is_double else end
    raise ValueError(f"{tile} is not in the train")


def _start_pip(train) -> int:
    """The engine's pip, recovered by walking back from the train's end."""
    end = train.end
    for t in reversed(train.tiles):
        end = t.other(end) if not t.is_double else end
    return end
