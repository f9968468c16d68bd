"""The words of a single line of play, in Japanese and English: captions of
placements, text equivalents of diagrams (after seed 000's: tiles, branch
doubles, connections, open positions, counted values) and settlement lines.
Every function takes ``lang`` (``"ja"`` or ``"en"``) and returns plain text;
escaping for HTML is the caller's job. The words every family shares are
:mod:`generator.pages.describe`'s.
"""

from __future__ import annotations

from typing import Sequence

from ...base.i18n import plural
from ...engine.rulebase import Settlement
from ...engine.tiles import End
from ...pages.describe import T, Sides, end_name, side_word
from .rules.layout import Layout
from .rules.variant import Contribution, Placement, Variant

__all__ = ["caption", "text_equivalent", "counted_sum", "score_phrase", "settlement_lines"]


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
    where = "" if pl.at is None else t["on_end"].format(tile=pl.at.tile.label, side=side_word(pl.at, lang, sides))
    phrase = score_phrase(pl, lang, variant)
    if variant.play_scoring is None or variant.play_scoring == "headers":
        ends = " / ".join(str(pl.layout.pip_at(e)) for e in pl.open) or "—"
        return t["caption_ends"].format(tile=pl.tile.label, where=where, ends=ends, phrase=phrase)
    return t["caption_counted"].format(tile=pl.tile.label, where=where, sum=counted_sum(pl.counted), phrase=phrase)


def text_equivalent(layout: Layout, counted: Sequence[Contribution], open_ends: Sequence[End],
                    lang: str, variant: Variant | None = None, sides: Sides | None = None) -> str:
    """A full text equivalent of a layout diagram, in the order of seed 000's:
    tiles (placement order), branch doubles (a star game's: its spinner), connections (with the sum of the
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
    # a star game's one branch double is its spinner, as its legend and its rules call it (glossary: star)
    star = variant is not None and variant.choices.side_branches in ("spinner-first", "eight-arm-star")
    label = t["branch_spinner" if star else "branch"]
    text = (f"{t['tiles']}{c}{tiles}{s} {label}{c}{branch}{s} {t['connections']}{c}{conns}{s} "
            f"{t['open']}{c}{opens}{s}")
    if variant is None or variant.play_scoring is not None:
        by_tile: dict = {}                  # each tile once: a lead with both ends open counts two values
        for x in counted:
            by_tile.setdefault(x.end.tile, []).append(str(x.value))
        cnt = t["list"].join(f"{tile.label}{t['colon']}{' + '.join(vs)}" for tile, vs in by_tile.items()) \
            or t["none"]
        text += f" {t['counted']}{c}{cnt}{s}"
    return text.replace("。 ", "。")


def settlement_lines(s: Settlement, lang: str, variant: Variant) -> list[str]:
    """One sentence per winning side saying how its points follow from the
    pips (by ``variant.settle_rule``; a player who plays alone is told
    apart from a partnership: "the other player(s)", not "the other sides") and a capicúa's bonus
    (``params.capicua_bonus``, Dominican and Puerto Rican dominoes), or why
    nobody scores."""
    t = T[lang]
    rule, unit = variant.settle_rule, variant.params.point_unit
    by_player = s.blocked and variant.choices.block_winner == "lightest-player"
    if not s.winners:
        return [t["drawn_hand_players" if by_player else "drawn_hand"]] + _match_lines(s, lang, variant)
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
            key = ("settle_lightest_player" if by_player else "settle_lowest") if s.blocked else "settle_out"
        if key in ("settle_rounded", "settle_opponents", "settle_less_own", "settle_differences") and "+" not in w:
            # a player alone (no partnership: a team is named "N+S"): its opponents are players, not sides
            key += "_player" if len(others) == 1 else "_players"
        line = t[key].format(**words)
        if capicua:
            line += t["settle_capicua"].format(bonus=_pts(bonus, lang), points=_pts(pts, lang))
        out.append(line)
    return out + _match_lines(s, lang, variant)


def _match_lines(s: Settlement, lang: str, variant: Variant) -> list[str]:
    """What a match of hands won adds to a settlement with scores: a count
    wiped (``target_score: in-a-row``, Pagat's Jamaican Partner) or a match
    reached but void (``void-at-half``, domino-play.com's Latin American
    Match Dominoes)."""
    t = T[lang]
    after, rule = s.scores_after, variant.choices.target_score
    if after is None:
        return []
    if rule == "in-a-row" and s.winners and not any(after.values()) and not any(s.points.get(w, 0) == 0
                                                                              for w in s.winners):
        return [t["count_wiped"].format(w=", ".join(s.winners))]
    if rule == "void-at-half" and variant.game_over(after) and not s.game_winners:
        return [t["match_void"].format(half=variant.params.target // 2)]
    return []
