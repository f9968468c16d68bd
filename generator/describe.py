"""Words for what the engine computed, in Japanese and English: captions of
placements, text equivalents of diagrams (after seed 000's: tiles, branch
doubles, connections, open positions, counted values) and turn/settlement lines.

Every function takes ``lang`` (``"ja"`` or ``"en"``) and returns plain text;
escaping for HTML is the caller's job.

>>> from generator.engine import Tile, End
>>> end_name(End(Tile(1, 4), "1"), "en")
'[1|4] (low end)'
>>> end_name(End(Tile(4, 4), "side-a"), "ja")
'[4|4] (側枝A)'
"""

from __future__ import annotations

from typing import Sequence

from .engine.layout import Layout
from .engine.tiles import End, Tile
from .engine.variant import Contribution, Placement, Settlement

__all__ = ["end_name", "caption", "text_equivalent", "counted_sum", "score_phrase", "LANGS", "T"]

LANGS = ("ja", "en")

#: Fixed labels, by language.
T = {
    "ja": {
        "low": "目が少ない端", "high": "目が多い端", "a": "直線側A", "b": "直線側B",
        "side-a": "側枝A", "side-b": "側枝B", "tiles": "ドミノ牌", "branch": "分岐ダブル",
        "connections": "接続", "open": "接続可能位置", "counted": "数える寄与値", "none": "なし",
        "sep": "、", "stop": "。", "colon": "：", "list": "; ",
    },
    "en": {
        "low": "low end", "high": "high end", "a": "straight side A", "b": "straight side B",
        "side-a": "side branch A", "side-b": "side branch B", "tiles": "Tiles", "branch": "Branch doubles",
        "connections": "Connections", "open": "Open positions", "counted": "Counted values",
        "none": "none", "sep": ", ", "stop": ".", "colon": ": ", "list": "; ",
    },
}


def _side_word(end: End, lang: str) -> str:
    t = T[lang]
    if end.tile.is_double:
        return t[end.side]
    return t["low"] if int(end.side) == end.tile.low else t["high"]


def end_name(end: End, lang: str, with_pip: int | None = None) -> str:
    """``[1|4] (low end)`` / ``[4|4] (側枝A)``; with ``with_pip`` the number
    shown there is added: ``[1|1] (straight side B, 1)``."""
    extra = "" if with_pip is None else f", {with_pip}"
    return f"{end.tile.label} ({_side_word(end, lang)}{extra})"


def counted_sum(counted: Sequence[Contribution]) -> str:
    """``2 + 8 = 10`` (``0 = 0`` when nothing counts)."""
    values = [c.value for c in counted] or [0]
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def score_phrase(pl: Placement, lang: str, unit: int) -> str:
    """What the placement scores, raw and displayed, with the reason for 0."""
    if lang == "ja":
        if pl.raw:
            return f"換算前の得点 {pl.raw}点（表示得点 {pl.points}点）"
        if pl.total == 0:
            return "合計が0なので得点なし（換算前 0点・表示 0点）"
        return f"{unit}の倍数ではないので得点なし（換算前 0点・表示 0点）"
    if pl.raw:
        return f"{pl.raw} raw ({pl.points} point{'s' if pl.points != 1 else ''})"
    if pl.total == 0:
        return "a total of 0 scores nothing (0 raw, 0 points)"
    return f"not a multiple of {unit}, so no score (0 raw, 0 points)"


def caption(pl: Placement, lang: str, unit: int) -> str:
    """The caption under a placement diagram: tile placed, counted values as
    ``2 + 8 = 10``, raw and displayed points."""
    where = ""
    if pl.at is not None:
        where = (f"（{end_name(pl.at, lang)}に接続）" if lang == "ja" else f" on {end_name(pl.at, lang)}")
    if lang == "ja":
        return (f"{pl.tile.label}を置く{where}。数える寄与値 {counted_sum(pl.counted)} → "
                f"{score_phrase(pl, lang, unit)}。")
    return (f"{pl.tile.label} placed{where}. Counted: {counted_sum(pl.counted)} → "
            f"{score_phrase(pl, lang, unit)}.")


def text_equivalent(layout: Layout, counted: Sequence[Contribution], open_ends: Sequence[End],
                    lang: str) -> str:
    """A full text equivalent of a layout diagram, in the order of seed 000's:
    tiles (placement order), branch doubles, connections, open positions with
    their numbers, counted values."""
    t = T[lang]
    tiles = t["sep"].join(p.tile.label for p in layout) or t["none"]
    branch = t["sep"].join(x.label for x in layout.doubles(spinners_only=True)) or t["none"]
    conns = t["list"].join(f"{end_name(a, lang)} – {end_name(b, lang)}" for a, b in layout.connections()) \
        or t["none"]
    opens = t["list"].join(end_name(e, lang, layout.pip_at(e)) for e in open_ends) or t["none"]
    cnt = t["list"].join(f"{c.end.tile.label}{t['colon']}{c.value}" for c in counted) or t["none"]
    c, s = t["colon"], t["stop"]
    return (f"{t['tiles']}{c}{tiles}{s} {t['branch']}{c}{branch}{s} {t['connections']}{c}{conns}{s} "
            f"{t['open']}{c}{opens}{s} {t['counted']}{c}{cnt}{s}").replace("。 ", "。")


def settlement_lines(s: Settlement, lang: str, unit: int) -> list[str]:
    """One sentence per winning side: whose pips, rounded how, worth what."""
    out = []
    for w in s.winners:
        opp, raw, pts = s.opponents_pips[w], s.raw[w], s.points[w]
        if lang == "ja":
            out.append(f"{w}：ほかの側の残りの目 {opp} → {unit}の倍数に丸めて {raw} → {raw} ÷ {unit} = {pts}点")
        else:
            out.append(f"{w}: the other sides hold {opp} pips → rounded to {raw} → {raw} ÷ {unit} = {pts} "
                       f"point{'s' if pts != 1 else ''}")
    return out


def tile_list(tiles: Sequence[Tile]) -> str:
    """``[1|2] [0|3]`` for a hand."""
    return " ".join(t.label for t in tiles)
