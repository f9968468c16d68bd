"""Drawing Chinese tiles as SVG (every game of the Chinese set: Pai Gow, Tien Gow): upright dark tiles, each half's pips laid
out as on a die, the pips of the one and the four red and every other pip
white (the set's ``red_pips``, :mod:`generator.engine.tilesets`). Tiles are
drawn in rows; a row is split into groups (two hands) by a wider gap. Only
digits are drawn (a label under a tile); ``<title>``/``<desc>`` carry the
words, and the page prints the same in its text equivalent.

>>> from generator.engine import Tile
>>> text = draw_rows([[[Tile(1, 4), Tile(6, 6)]]], title="t", desc="d", lang="en", ident="x")
>>> text.count('class="tile"'), text.count('class="pip red"'), text.count('class="pip"')
(2, 5, 12)
"""

from __future__ import annotations

from typing import Sequence

from ..engine.tiles import Tile
from ..engine.tilesets import tileset
from ..safety.sanitize import escape
from .svg import _f

__all__ = ["draw_rows", "tile_picture", "tile_words", "PIP_SPOTS", "COLOURS"]


def tile_words(t: Tile, lang: str) -> str:
    """A tile of the Chinese set as pages and "Play a hand" write it: its numbers and its name,
    ``6-6 (Teen)`` or ``6-6（天牌）``. A name with brackets of its own (``Gee Joon (three)``) loses them
    inside ours: ``1-2 (Gee Joon, three)``."""
    name = tileset("chinese").info(t).name[lang]
    if lang == "ja":
        return f"{t}（{name}）"
    if name.endswith(")") and " (" in name:
        name = name[:-1].replace(" (", ", ", 1)
    return f"{t} ({name})"

#: Where the pips of each number stand on a half (x, y in fractions of the half), as on a die.
PIP_SPOTS = {
    1: ((0.5, 0.5),),
    2: ((0.3, 0.28), (0.7, 0.72)),
    3: ((0.27, 0.25), (0.5, 0.5), (0.73, 0.75)),
    4: ((0.3, 0.28), (0.7, 0.28), (0.3, 0.72), (0.7, 0.72)),
    5: ((0.27, 0.25), (0.73, 0.25), (0.5, 0.5), (0.27, 0.75), (0.73, 0.75)),
    6: ((0.3, 0.22), (0.7, 0.22), (0.3, 0.5), (0.7, 0.5), (0.3, 0.78), (0.7, 0.78)),
}
#: The tile's body, its edge, the white and the red pips, the labels (each stands out from what it
#: is drawn on by at least 3:1).
COLOURS = {"tile": "#1d2430", "edge": "#0b0f14", "white": "#f5f5f0", "red": "#ff5a4f", "label": "#1f1f1f",
           "rule": "#6d7a88", "back": "#7a5230"}
_W, _H, _GAP, _GROUP, _ROW, _LABEL = 34.0, 68.0, 8.0, 26.0, 26.0, 16.0


def _tile(t: Tile | None, x: float, y: float, red: Sequence[int]) -> list[str]:
    if t is None:                                   # a tile face down: its back, no pips
        return [f'<rect class="back" x="{_f(x)}" y="{_f(y)}" width="{_f(_W)}" height="{_f(_H)}" rx="5" '
                f'fill="{COLOURS["back"]}" stroke="{COLOURS["edge"]}" stroke-width="1.5"/>']
    out = [f'<g class="tile" data-tile="{t}"><rect x="{_f(x)}" y="{_f(y)}" width="{_f(_W)}" height="{_f(_H)}" rx="5" '
           f'fill="{COLOURS["tile"]}" stroke="{COLOURS["edge"]}" stroke-width="1.5"/>',
           f'<line x1="{_f(x + 4)}" y1="{_f(y + _H / 2)}" x2="{_f(x + _W - 4)}" y2="{_f(y + _H / 2)}" '
           f'stroke="{COLOURS["rule"]}" stroke-width="1"/>']
    for half, n in enumerate((t.high, t.low)):      # the higher number on top, as the tiles are shown
        top = y + half * _H / 2
        size = _W
        r = 3.6 if n != 1 else 5.2
        cls = "pip red" if n in red else "pip"
        fill = COLOURS["red"] if n in red else COLOURS["white"]
        for fx, fy in PIP_SPOTS.get(n, ()):
            out.append(f'<circle class="{cls}" cx="{_f(x + fx * size)}" cy="{_f(top + fy * _H / 2)}" r="{_f(r)}" '
                       f'fill="{fill}"/>')
    out.append("</g>")
    return out


def draw_rows(rows: Sequence[Sequence[Sequence[Tile]]], *, title: str, desc: str, lang: str, ident: str,
              labels: bool = False) -> str:
    """SVG text of ``rows`` of tiles, each row a list of groups (a hand, the
    set's civil tiles ...), each group a list of tiles drawn left to right;
    with ``labels``, each tile's numbers (``6-6``) under it. Sizes in
    pixels."""
    red = tileset("chinese").red_pips
    widths = [sum(max(0.0, len(g) * (_W + _GAP) - _GAP) for g in row) + _GROUP * (len(row) - 1) for row in rows]
    width = max(widths) + 2 * _GAP
    row_h = _H + (_LABEL if labels else 0) + _ROW
    height = len(rows) * row_h - _ROW + 2 * _GAP
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" role="img" lang="{escape(lang)}" width="{_f(width)}" '
             f'height="{_f(height)}" viewBox="0 0 {_f(width)} {_f(height)}" '
             f'aria-labelledby="{escape(ident)}-title {escape(ident)}-desc">',
             f'<title id="{escape(ident)}-title">{escape(title)}</title>',
             f'<desc id="{escape(ident)}-desc">{escape(desc)}</desc>']
    for r, row in enumerate(rows):
        x = _GAP
        y = _GAP + r * row_h
        for g, group in enumerate(row):
            if g:
                x += _GROUP - _GAP
            for t in group:
                parts += _tile(t, x, y, red)
                if labels and t is not None:
                    parts.append(f'<text x="{_f(x + _W / 2)}" y="{_f(y + _H + 12)}" font-size="11" '
                                 f'font-family="DejaVu Sans, sans-serif" text-anchor="middle" '
                                 f'fill="{COLOURS["label"]}">{t}</text>')
                x += _W + _GAP
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def tile_picture(t: Tile) -> str:
    """One Chinese tile upright, as the pages draw it, as SVG text (no words: the page or the
    player names it beside the picture)."""
    return draw_rows([[[t]]], title=str(t), desc=str(t), lang="en", ident=f"t-{t}", labels=False)
