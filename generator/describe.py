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
from .engine.variant import Contribution, Placement, Settlement, Variant

__all__ = ["end_name", "end_words", "caption", "text_equivalent", "counted_sum", "score_phrase", "settlement_lines",
           "rule_text", "RULE_WORDS", "LANGS", "T"]

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


def end_words(end: End, lang: str) -> str:
    """An attachment point in words, for sentences and tables:
    ``[3|3]の直線側B`` / ``the straight side B of [3|3]``.

    >>> end_words(End(Tile(3, 3), "b"), "en"), end_words(End(Tile(1, 4), "4"), "ja")
    ('the straight side B of [3|3]', '[1|4]の目が多い端')
    """
    side = _side_word(end, lang)
    return f"{end.tile.label}の{side}" if lang == "ja" else f"the {side} of {end.tile.label}"


def counted_sum(counted: Sequence[Contribution]) -> str:
    """``2 + 8 = 10`` (``0 = 0`` when nothing counts)."""
    values = [c.value for c in counted] or [0]
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def _pts(n: int, lang: str) -> str:
    return f"{n}点" if lang == "ja" else f"{n} point{'s' if n != 1 else ''}"


def score_phrase(pl: Placement, lang: str, variant: Variant) -> str:
    """What the placement scores under ``variant``'s play scoring, with the
    reason for 0: raw and displayed points (Horse Race), points (All Fives,
    All Threes, Sniff), headers (Bergen), or that nothing scores in play."""
    rule, unit = variant.play_scoring, variant.params.point_unit
    ja = lang == "ja"
    if rule is None:
        return "このゲームでは置いても点は入らない" if ja else "nothing scores during play in this game"
    if rule == "headers":
        if len(pl.layout) == 1:
            return f"セットで{_pts(pl.points, lang)}" if ja else f"the set scores {_pts(pl.points, lang)}"
        n = variant.headers(pl.layout)
        if n == 3:
            return f"トリプルヘッダーで{_pts(pl.points, lang)}" if ja else f"a triple-header: {_pts(pl.points, lang)}"
        if n == 2:
            return f"ダブルヘッダーで{_pts(pl.points, lang)}" if ja else f"a double-header: {_pts(pl.points, lang)}"
        return "両端の数が違うので得点なし" if ja else "the ends differ, so no score"
    m = rule[1]
    if unit > 1:
        if ja:
            if pl.raw:
                return f"換算前の得点 {pl.raw}点（表示得点 {pl.points}点）"
            if pl.total == 0:
                return "合計が0なので得点なし（換算前 0点・表示 0点）"
            return f"{m}の倍数ではないので得点なし（換算前 0点・表示 0点）"
        if pl.raw:
            return f"{pl.raw} raw ({_pts(pl.points, lang)})"
        if pl.total == 0:
            return "a total of 0 scores nothing (0 raw, 0 points)"
        return f"not a multiple of {m}, so no score (0 raw, 0 points)"
    if pl.points:
        return f"{m}の倍数なので{_pts(pl.points, lang)}" if ja else f"a multiple of {m}: {_pts(pl.points, lang)}"
    if pl.total == 0:
        return "合計が0なので得点なし" if ja else "a total of 0 scores nothing"
    return f"{m}の倍数ではないので得点なし" if ja else f"not a multiple of {m}, so no score"


def caption(pl: Placement, lang: str, variant: Variant) -> str:
    """The caption under a placement diagram: tile placed, counted values as
    ``2 + 8 = 10`` (the open ends, for games that do not count), and what it
    scores (:func:`score_phrase`)."""
    where = ""
    if pl.at is not None:
        where = (f"（{end_name(pl.at, lang)}に接続）" if lang == "ja" else f" on {end_name(pl.at, lang)}")
    phrase = score_phrase(pl, lang, variant)
    if variant.play_scoring is None or variant.play_scoring == "headers":
        ends = " / ".join(str(pl.layout.pip_at(e)) for e in pl.open) or "—"
        if lang == "ja":
            return f"{pl.tile.label}を置く{where}。端の数 {ends}。{phrase}。"
        return f"{pl.tile.label} placed{where}. Open ends show {ends}; {phrase}."
    if lang == "ja":
        return f"{pl.tile.label}を置く{where}。数える寄与値 {counted_sum(pl.counted)} → {phrase}。"
    return f"{pl.tile.label} placed{where}. Counted: {counted_sum(pl.counted)} → {phrase}."


def text_equivalent(layout: Layout, counted: Sequence[Contribution], open_ends: Sequence[End],
                    lang: str, variant: Variant | None = None) -> str:
    """A full text equivalent of a layout diagram, in the order of seed 000's:
    tiles (placement order), branch doubles, connections (with the sum of the
    touching halves where the variant matches by sum, as in Matador), open
    positions with their numbers, counted values."""
    t = T[lang]
    tiles = t["sep"].join(p.tile.label for p in layout) or t["none"]
    branch = t["sep"].join(x.label for x in layout.doubles(spinners_only=True)) or t["none"]
    by_sum = variant is not None and variant.matching == "sum-7"

    def conn(a: End, b: End) -> str:
        text = f"{end_name(a, lang)} – {end_name(b, lang)}"
        if by_sum:
            x, y = layout.pip_at(a), layout.pip_at(b)
            text += f" ({x} + {y} = {x + y})"
        return text

    conns = t["list"].join(conn(a, b) for a, b in layout.connections()) or t["none"]
    opens = t["list"].join(end_name(e, lang, layout.pip_at(e)) for e in open_ends) or t["none"]
    c, s = t["colon"], t["stop"]
    text = (f"{t['tiles']}{c}{tiles}{s} {t['branch']}{c}{branch}{s} {t['connections']}{c}{conns}{s} "
            f"{t['open']}{c}{opens}{s}")
    if variant is None or variant.play_scoring is not None:
        cnt = t["list"].join(f"{x.end.tile.label}{t['colon']}{x.value}" for x in counted) or t["none"]
        text += f" {t['counted']}{c}{cnt}{s}"
    return text.replace("。 ", "。")


#: The rule ids a position may name in ``reject``, in words: ``{suffix: (ja, en)}``.
RULE_WORDS = {
    "matching": ("つなぐ半面は端と同じ数でなければならない", "the touching halves must show the same number"),
    "sum-7": ("つなぐ二つの数の和が7でなければならない", "touching ends must add up to seven"),
    "blank": ("ブランクの端（0-0を含む）にはマタドールしかつなげない",
              "only a matador may join a blank end, the double blank included"),
    "multiple-of-3": ("置いたあとの端の合計が3の倍数でなければならない",
                      "after the play the ends must total a multiple of three"),
    "multiple-of-5": ("置いたあとの端の合計が5の倍数でなければならない",
                      "after the play the ends must total a multiple of five"),
    "set": ("セットにできる牌は決まっている", "only certain tiles may be set"),
    "lead": ("ハンドを始める人と牌は決まっている", "who sets, and with which tile, is fixed"),
    "straight-sides-first": ("側枝は直線側が両方埋まってから開く", "side branches open only after both straight sides are filled"),
    "doubles-crosswise": ("ダブルはいつも交差置きにする", "every double lies crosswise"),
    "placement": ("そこは接続可能位置ではない", "that is not an open end"),
    "each-tile-once": ("同じ牌は一度しか置けない", "each tile is placed once"),
    "touch": ("`touch` は、どちらの半面でもつなげる牌（マタドール）の、実際に触れる半面の数だけを書く",
              "`touch` names the touching half, only for a tile that may join with either half (a matador)"),
    "doubles": ("`as` で向きを決められるのはダブルだけ", "only a double can be turned with `as`"),
}


def rule_text(rule: str, lang: str) -> str:
    """The rule named by a rule id such as ``matador/blank``, in words."""
    words = RULE_WORDS.get(rule.split("/", 1)[-1])
    if words is None:
        return rule
    return words[0] if lang == "ja" else words[1]


def refusal(r, lang: str) -> tuple[str, str, str | None]:
    """A play the rules refuse (a :class:`~generator.model.positions.Rejected`)
    as the pages say it: ``(what, rule, reason)``. ``what`` names the tile and
    where it was tried, in words; ``rule`` is the rule it breaks, in words;
    ``reason`` is the engine's own sentence, which is in English and uses the
    authors' notation, so only the authoring tools show it (``None`` in
    Japanese)."""
    words = rule_text(r.rule, lang)
    if r.at is None:
        what = f"{r.tile.label}は置けません" if lang == "ja" else f"{r.tile.label} may not be placed"
    elif lang == "ja":
        what = f"{r.tile.label}を{end_words(r.at, lang)}に置くことはできません"
    else:
        what = f"{r.tile.label} may not go on {end_words(r.at, lang)}"
    return what, words, (None if lang == "ja" else r.message)


def settlement_lines(s: Settlement, lang: str, variant: Variant) -> list[str]:
    """One sentence per winning side saying how its points follow from the
    pips (by ``variant.settle_rule``), or why nobody scores."""
    ja = lang == "ja"
    rule, unit = variant.settle_rule, variant.params.point_unit
    if not s.winners:
        return ["残りの目の合計が同じなので引き分け。誰も点を得ない" if ja
                else "the lowest totals are equal: a drawn hand, and nobody scores"]
    out = []
    for w in s.winners:
        own, opp = s.pips[w], s.opponents_pips[w]
        others = [v for k, v in s.pips.items() if k != w]
        if rule == "none":
            out.append(f"{w}の勝ち" if ja else f"{w} wins")
        elif rule == "rounded":
            raw, pts = s.raw[w], s.points[w]
            out.append(f"{w}：ほかの側の残りの目 {opp} → {unit}の倍数に丸めて {raw} → {raw} ÷ {unit} = {pts}点" if ja
                       else f"{w}: the other sides hold {opp} pips → rounded to {raw} → {raw} ÷ {unit} = "
                            f"{_pts(pts, lang)}")
        elif rule == "opponents" or (not s.blocked and rule in ("opponents-less-own", "differences")):
            out.append(f"{w}：ほかの側の残りの目 {opp} → {s.points[w]}点" if ja
                       else f"{w}: the other sides hold {opp} pips → {_pts(s.points[w], lang)}")
        elif rule == "opponents-less-own":
            out.append(f"{w}：ほかの側の残りの目 {opp} − 自分の残り {own} = {s.points[w]}点" if ja
                       else f"{w}: the other sides hold {opp} pips, less its own {own} → {_pts(s.points[w], lang)}")
        elif rule == "differences":
            terms = " + ".join(f"({v} − {own})" for v in others)
            out.append(f"{w}：ほかの各側との差 {terms} = {s.points[w]}点" if ja
                       else f"{w}: differences against each other side {terms} = {_pts(s.points[w], lang)}")
        else:
            why = ("上がり" if ja else "for going out") if not s.blocked else ("目の合計が最も少ない" if ja
                                                                              else "for the lowest total")
            out.append(f"{w}：{why}で{s.points[w]}点" if ja else f"{w}: {_pts(s.points[w], lang)} {why}")
    return out


def tile_list(tiles: Sequence[Tile]) -> str:
    """``[1|2] [0|3]`` for a hand."""
    return " ".join(t.label for t in tiles)
