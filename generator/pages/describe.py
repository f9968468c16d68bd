"""Words for what the engine computed, in Japanese and English: captions of
placements, text equivalents of diagrams (after seed 000's: tiles, branch
doubles, connections, open positions, counted values) and turn/settlement lines.

Every function takes ``lang`` (``"ja"`` or ``"en"``) and returns plain text;
escaping for HTML is the caller's job.

>>> from generator.engine import Tile, End
>>> end_name(End(Tile(1, 4), "1"), "en")
'[1|4] (low end)'
>>> end_name(End(Tile(4, 4), "side-a"), "ja")
'[4|4]（側枝A）'
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..engine.layout import Layout
from ..engine.tiles import End, Tile
from ..engine.variant import Contribution, Placement, Settlement, Variant
from ..base.i18n import LANGS, messages, plural, tables

__all__ = ["end_name", "end_words", "play_words", "caption", "text_equivalent", "counted_sum", "score_phrase", "settlement_lines",
           "rule_text", "LANGS", "T"]


#: Fixed labels, by language.
T = tables("describe")


#: Where the sides of doubles face in the diagram beside the words: ``End -> "left" | "right" | "up" |
#: "down"`` (:func:`generator.draw.svg.side_directions`). Without it (the authoring tools, which have no
#: diagram) a double's sides keep the letters of the position grammar.
Sides = Mapping[End, str]


def _side_word(end: End, lang: str, sides: Sides | None = None) -> str:
    t = T[lang]
    if end.tile.is_double:
        if sides is None:
            return t[end.side]
        branch = end.side.startswith("side-")
        where = sides.get(end)
        if where is None:       # a side branch the drawing does not have (a double laid lengthwise)
            return t["branch_none"] if branch else t[end.side]
        return t[("branch_" if branch else "straight_") + where]
    return t["low"] if int(end.side) == end.tile.low else t["high"]


def end_name(end: End, lang: str, with_pip: int | None = None, sides: Sides | None = None) -> str:
    """``[1|4] (low end)`` / ``[4|4]（側枝A）``; with ``with_pip`` the number
    shown there is added: ``[1|1] (straight side B, 1)``. With ``sides`` (the
    diagram's directions) a double's side is named as the reader sees it:
    ``[1|1] (right-hand side, 1)``."""
    t = T[lang]
    extra = "" if with_pip is None else t["pip_extra"].format(pip=with_pip)
    return t["end_name"].format(tile=end.tile.label, side=_side_word(end, lang, sides), extra=extra)


def end_words(end: End, lang: str, sides: Sides | None = None) -> str:
    """An attachment point in words, for sentences and tables:
    ``[3|3]の直線側B`` / ``the straight side B of [3|3]``; with the diagram's
    ``sides``, ``the right-hand side of [3|3]`` / ``[3|3]の右側``.

    >>> end_words(End(Tile(3, 3), "b"), "en"), end_words(End(Tile(1, 4), "4"), "ja")
    ('the straight side B of [3|3]', '[1|4]の目が多い端')
    >>> end_words(End(Tile(3, 3), "b"), "en", {End(Tile(3, 3), "b"): "right"})
    'the right-hand side of [3|3]'
    >>> end_words(End(Tile(3, 3), "side-a"), "ja", {End(Tile(3, 3), "side-a"): "up"})
    '[3|3]の上の側枝'
    """
    return T[lang]["end_of"].format(tile=end.tile.label, side=_side_word(end, lang, sides))


def counted_sum(counted: Sequence[Contribution]) -> str:
    """``2 + 8 = 10`` (``0 = 0`` when nothing counts)."""
    values = [c.value for c in counted] or [0]
    return " + ".join(str(v) for v in values) + f" = {sum(values)}"


def _pts(n: int, lang: str) -> str:
    return plural(lang, "point", n)


def score_phrase(pl: Placement, lang: str, variant: Variant) -> str:
    """What the placement scores under ``variant``'s play scoring, with the
    reason for 0: raw and displayed points (Horse Race), points (All Fives,
    All Threes, Sniff), headers (Bergen), or that nothing scores in play."""
    rule, unit = variant.play_scoring, variant.params.point_unit
    t = T[lang]
    points = _pts(pl.points, lang)
    if rule is None:
        return t["no_play_scoring"]
    if rule == "headers":
        if len(pl.layout) == 1:
            return t["set_scores"].format(points=points)
        n = variant.headers(pl.layout)
        if n in (2, 3):
            return t["triple_header" if n == 3 else "double_header"].format(points=points)
        return t["ends_differ"]
    if rule == "fives-and-threes":      # one point per 5 and one per 3 that divide the total (pagat)
        total = pl.total
        if total == 0:
            return t["zero_total"]
        fives, threes = (total // 5 if total % 5 == 0 else 0), (total // 3 if total % 3 == 0 else 0)
        if fives and threes:
            return t["fives_threes_both"].format(total=total, fives=fives, threes=threes, points=points)
        if fives or threes:
            return t["fives_threes_five" if fives else "fives_threes_three"].format(total=total, points=points)
        return t["not_fives_threes"]
    m = rule[1]
    if unit > 1:
        if pl.raw:
            return t["raw_scores"].format(raw=pl.raw, points=points)
        return t["zero_total_units" if pl.total == 0 else "not_multiple_units"].format(m=m)
    if pl.points:
        return t["multiple"].format(m=m, points=points)
    return t["zero_total" if pl.total == 0 else "not_multiple"].format(m=m)


def caption(pl: Placement, lang: str, variant: Variant, sides: Sides | None = None) -> str:
    """The caption under a placement diagram: tile placed, counted values as
    ``2 + 8 = 10`` (the open ends, for games that do not count), and what it
    scores (:func:`score_phrase`); ``sides`` are the diagram's (see :data:`Sides`)."""
    t = T[lang]
    where = "" if pl.at is None else t["on_end"].format(tile=pl.at.tile.label, side=_side_word(pl.at, lang, sides))
    phrase = score_phrase(pl, lang, variant)
    if variant.play_scoring is None or variant.play_scoring == "headers":
        ends = " / ".join(str(pl.layout.pip_at(e)) for e in pl.open) or "—"
        return t["caption_ends"].format(tile=pl.tile.label, where=where, ends=ends, phrase=phrase)
    return t["caption_counted"].format(tile=pl.tile.label, where=where, sum=counted_sum(pl.counted), phrase=phrase)


def text_equivalent(layout: Layout, counted: Sequence[Contribution], open_ends: Sequence[End],
                    lang: str, variant: Variant | None = None, sides: Sides | None = None) -> str:
    """A full text equivalent of a layout diagram, in the order of seed 000's:
    tiles (placement order), branch doubles, connections (with the sum of the
    touching halves where the variant matches by sum, as in Matador), open
    positions with their numbers, counted values; the sides of doubles named
    by the diagram's ``sides`` (see :data:`Sides`)."""
    t = T[lang]
    tiles = t["sep"].join(p.tile.label for p in layout) or t["none"]
    branch = t["sep"].join(x.label for x in layout.doubles(spinners_only=True)) or t["none"]
    by_sum = variant is not None and variant.matching == "sum-7"

    def conn(a: End, b: End) -> str:
        text = f"{end_name(a, lang, sides=sides)} – {end_name(b, lang, sides=sides)}"
        if by_sum:
            x, y = layout.pip_at(a), layout.pip_at(b)
            text += T[lang]["join_sum"].format(x=x, y=y, sum=x + y)
        return text

    conns = t["list"].join(conn(a, b) for a, b in layout.connections()) or t["none"]
    opens = t["list"].join(end_name(e, lang, layout.pip_at(e), sides) for e in open_ends) or t["none"]
    c, s = t["colon"], t["stop"]
    text = (f"{t['tiles']}{c}{tiles}{s} {t['branch']}{c}{branch}{s} {t['connections']}{c}{conns}{s} "
            f"{t['open']}{c}{opens}{s}")
    if variant is None or variant.play_scoring is not None:
        by_tile: dict = {}                  # each tile once: a lead with both ends open counts two values
        for x in counted:
            by_tile.setdefault(x.end.tile, []).append(str(x.value))
        cnt = t["list"].join(f"{tile.label}{t['colon']}{' + '.join(vs)}" for tile, vs in by_tile.items()) \
            or t["none"]
        text += f" {t['counted']}{c}{cnt}{s}"
    return text.replace("。 ", "。")


def rule_text(rule: str, lang: str) -> str:
    """The rule named by a rule id such as ``matador/blank``, in words (the
    message catalog's ``rule`` context); the id itself when it has none."""
    return messages("rule", lang).get(rule.split("/", 1)[-1], rule)


def refusal(r, lang: str, sides: Sides | None = None) -> tuple[str, str, str | None]:
    """A play the rules refuse (a :class:`~generator.families.line.positions.Rejected`)
    as the pages say it: ``(what, rule, reason)``. ``what`` names the tile and
    where it was tried, in words; ``rule`` is the rule it breaks, in words;
    ``reason`` is the engine's own sentence, which is in English and uses the
    authors' notation, so only the authoring tools show it (``None`` in any
    other language)."""
    t = T[lang]
    what = t["refused"].format(tile=r.tile.label) if r.at is None else \
        t["refused_at"].format(tile=r.tile.label, end=end_words(r.at, lang, sides))
    return what, rule_text(r.rule, lang), (r.message if lang == "en" else None)


def settlement_lines(s: Settlement, lang: str, variant: Variant) -> list[str]:
    """One sentence per winning side saying how its points follow from the
    pips (by ``variant.settle_rule``) and a capicúa's bonus
    (``params.capicua_bonus``, Dominican and Puerto Rican dominoes), or why
    nobody scores."""
    t = T[lang]
    rule, unit = variant.settle_rule, variant.params.point_unit
    if not s.winners:
        return [t["drawn_hand"]]
    out = []
    bonus = variant.params.capicua_bonus or 0
    for w in s.winners:
        own, opp, pts = s.pips[w], s.opponents_pips[w], s.points.get(w, 0)
        # a capicúa adds its bonus (in displayed points) to what the pips give: said after them
        capicua = bool(bonus) and rule != "none" and not s.blocked and \
            s.raw[w] - bonus * unit == variant.settle_raw(s.pips, w, True)
        others = [v for k, v in s.pips.items() if k != w]
        words = dict(w=w, own=own, opp=opp, points=_pts(pts - bonus if capicua else pts, lang), unit=unit)
        if rule == "none":
            key = "wins"
        elif rule == "rounded":
            key, words["raw"] = "settle_rounded", s.raw[w] - (bonus * unit if capicua else 0)
        elif rule == "opponents" or (not s.blocked and rule in ("opponents-less-own", "differences")):
            key = "settle_opponents"
        elif rule == "opponents-less-own":
            key = "settle_less_own"
        elif rule == "differences":
            key, words["terms"] = "settle_differences", " + ".join(f"({v} − {own})" for v in others)
        else:
            key = "settle_lowest" if s.blocked else "settle_out"
        line = t[key].format(**words)
        if capicua:
            line += t["settle_capicua"].format(bonus=_pts(bonus, lang), points=_pts(pts, lang))
        out.append(line)
    return out


def tile_list(tiles: Sequence[Tile]) -> str:
    """``[1|2] [0|3]`` for a hand."""
    return " ".join(t.label for t in tiles)


def play_words(play, lang: str, sides: Sides | None = None) -> str:
    """A legal play in a reader's words: ``[2|2] on the low end of [2|4],
    crosswise`` (the way a double lies only where the rules let the player
    choose, and the half that touches where a tile may touch with either);
    ``sides`` are the diagram's (see :data:`Sides`)."""
    ui = messages("pages", lang)
    text = play.tile.label if play.at is None else ui["practice_on"].format(
        tile=play.tile.label, where=end_words(play.at, lang, sides))
    if play.as_ is not None:
        text += ui["practice_" + play.as_]
    if play.touch is not None:
        text += ui["practice_touch"].format(n=play.touch)
    return text
