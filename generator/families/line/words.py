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
from ...engine.family import family_of
from ...pages.comparison import cell, message as _m
from ...pages.describe import T, Sides, end_name, side_word
from .rules.layout import Layout
from .rules.variant import Contribution, Placement, Variant

__all__ = ["caption", "text_equivalent", "counted_sum", "score_phrase", "settlement_lines", "OVERVIEW_ROWS",
           "OVERVIEW_TERMS", "lead_words", "overview_cell", "compare_cell"]


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
    (the param ``capicua_bonus``, Dominican and Puerto Rican dominoes), or why
    nobody scores."""
    t = T[lang]
    rule, unit = variant.settle_rule, variant.params.point_unit
    by_player = s.blocked and variant.choices.block_winner == "lightest-player"
    if not s.winners:
        return [t["drawn_hand_players" if by_player else "drawn_hand"]] + _match_lines(s, lang, variant)
    out = []
    bonus = variant.params.own_int("capicua_bonus") or 0
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


# -- the comparison page (gen/family.md) and a house rule's comparison -------------------------------

#: The rows of the line games' detailed table on the comparison page, in order (their headings: the
#: message catalog's ``overview-row`` context): the rows every game shares
#: (:data:`~generator.pages.comparison.SHARED_ROWS`), then the line's own (:func:`overview_cell`),
#: then the length of a game (:func:`generator.pages.comparison.cell`).
OVERVIEW_ROWS = ("players", "set", "deal", "lead", "layout", "spinners", "doubles", "matching", "drawing", "scoring",
                 "turn", "direction", "hand_end", "length")

#: The glossary terms the headings of the line's own rows link to.
OVERVIEW_TERMS = {"lead": "set", "direction": "counter-clockwise", "layout": "line-of-play", "spinners": "spinner",
                  "doubles": "crosswise", "matching": "matching", "drawing": "draw", "scoring": "end-total",
                  "turn": "continuation", "hand_end": "settlement"}


def _base(v: Variant) -> type:
    """The rules class of ``v``'s family, which its rule values subclass: a
    hook ``v``'s class overrides is a rule of its own."""
    return family_of(v.family).rules_class


def lead_words(v: Variant, lang: str, later: bool = True) -> str:
    """Who sets the first hand and which tile may be set, in ``lang``: the
    rule choice ``lead`` qualified by the params that limit the set tile
    (``lead_totals``; seed 004, All Threes: 3 or 6) or by a play rule that
    does (``legal_totals: multiples``); with ``later``, who leads the later
    hands (``next_lead``, in a game of more than one hand).

    >>> from generator.model import Catalog
    >>> lead_words(Catalog("rules").variant("all-threes").rules, "en", later=False)
    'chosen by lot; only a tile whose pips total 3 or 6'
    """
    text = {
        "lot": _m(lang, "chosen_by_lot_any_tile"),
        "black": _m(lang, "black_the_first_seat_any"),
        "highest-double": _m(lang, "the_holder_of_the_highest"),
    }[v.lead_rule]
    if v.lead_rule == "highest-double":
        text = _highest_double(v, lang, text)
    totals = v.params.own_ints("lead_totals")
    if totals:
        text = text.split(_m(lang, "any_tile"))[0] + _m(lang, "only_a_tile_whose_pips", totals=_m(lang, "or_sep").join(map(str, totals)))
    elif type(v).lead_allowed is not _base(v).lead_allowed and isinstance(v.play_scoring, tuple):
        m = v.play_scoring[1]
        text = text.split(_m(lang, "any_tile"))[0] + _m(lang, "only_multiple_tiles", m=m)
    if not later:
        return text
    later = v.choices.next_lead if v.params.target is not None else None    # no target: one hand
    if later == "winner":
        text += _m(lang, "later_hands_whoever_went_out")
    elif later == "next-seat":
        text += _m(lang, "later_hands_the_next_seat")
    elif later == "winning-side":
        text += _m(lang, "later_hands_the_winning_side")
    return text


def _highest_double(v: Variant, lang: str, text: str) -> str:
    """The words of ``lead: highest-double`` for ``v``: where every tile is
    dealt at every player count the game has (Dominican Dominoes: 4 x 7 = 28),
    someone always holds the set's top double, so it is named and the
    heaviest-tile fallback, which cannot happen, is left out; where the last
    hand names the next leader (``next_lead`` other than ``as-first-hand``, in
    a game of more than one hand), the rule is said to hold for the first hand
    only, and for the hands that ``next_lead`` hands back to it (after a drawn
    hand under ``winning-side``, after a block under ``winner``)."""
    p = v.params
    counts = set(p.players) | set(p.partnerships)
    if counts and all(v.stock_size(n) == 0 for n in counts):
        text = _m(lang, "the_holder_of_the_top_double", double=f"{p.set}-{p.set}")
    later = v.choices.next_lead if p.target is not None else "as-first-hand"
    key = {"winning-side": "lead_first_hand_and_drawn", "winner": "lead_first_hand_and_block",
           "next-seat": "lead_first_hand"}.get(later)
    return _m(lang, key, rule=text) if key else text


def _layout(v: Variant, lang: str) -> str:
    if v.spinners is True:
        return _m(lang, "a_layout_that_branches_at")
    if v.spinners == "first":
        # the eight-armed star (Cyprus) grows eight ways, from sides and corners
        return _m(lang, "one_line_which_may_grow_eight" if getattr(v, "star_corners", False)
                  else "one_line_which_may_grow")
    return _m(lang, "one_line_with_two_open")


def _spinners(v: Variant, lang: str) -> str:
    if v.spinners is True:
        return (_m(lang, "every_double_side_branches_once")
                if v.sides_after_straight else _m(lang, "every_double"))
    if v.spinners == "first":
        after = _m(lang, "all_four_sides_filled_first") if v.choices.side_branches == "spinner-first" \
            else _m(lang, "all_eight_arms_filled_first") if v.choices.side_branches == "eight-arm-star" \
            else _m(lang, "all_four_sides_open_at") if not v.sides_after_straight \
            else _m(lang, "sides_once_both_straight_sides")
        # the sniff is Sniff's own word: its first double branches only if its player lays it crosswise
        return _m(lang, "only_the_first_double_when" if v.doubles == "choice" else "only_the_first_double",
                  after=after)
    return _m(lang, "none")


def _doubles(v: Variant, lang: str) -> str:
    if v.doubles == "choice":
        return _m(lang, "crosswise_or_lengthwise_as_the")
    return _m(lang, "crosswise")


def _matching(v: Variant, lang: str) -> str:
    if v.matching == "sum-7":
        s = v.params.set + 1
        return _m(lang, "touching_ends_add_to_only", s=s)
    return _m(lang, "equal_numbers")


def _drawing(v: Variant, lang: str) -> str:
    return {
        "until-playable": _m(lang, "draw_until_a_tile_fits"),
        "optional": _m(lang, "may_draw_even_with_a"),
        "none": _m(lang, "pass_no_drawing"),
        "one": _m(lang, "draw_one_and_play_open"),
    }[v.draw_mode]


def _scoring(v: Variant, lang: str) -> str:
    rule, unit = v.play_scoring, v.params.point_unit
    if rule is None:
        return _m(lang, "none")
    if rule == "fives-and-threes":
        return _m(lang, "an_end_total_divisible_by")
    if rule == "headers":
        return _m(lang, "the_set_2_a_double")
    m = rule[1]
    if unit > 1:
        return _m(lang, "multiple_scores_displayed", m=m, unit=unit)
    extra = ""
    if type(v).check_placement is not _base(v).check_placement:
        extra = _m(lang, "a_play_that_misses_a")
    return _m(lang, "multiple_scores_total", m=m, extra=extra)


def _turn(v: Variant, lang: str) -> str:
    if type(v).continues_turn is not _base(v).continues_turn:
        return _m(lang, "a_double_or_a_scoring")
    return _m(lang, "one_tile_per_turn")


def _direction(v: Variant, lang: str) -> str:
    return _m(lang, "counter_clockwise" if v.choices.direction == "counter-clockwise" else "clockwise")


def _hand_end(v: Variant, lang: str) -> str:
    rule = v.settle_rule
    unit = v.params.point_unit
    all_tied = v.choices.ties == "all-tied-win"
    out = {
        "none": _m(lang, "going_out_wins_if_blocked"),
        "rounded": _m(lang, "rounded_all_tied_win" if all_tied else "rounded_tie_scores_nothing", unit=unit),
        "go-out-one": _m(lang, "going_out_scores_1_a"),
        "opponents": _m(lang, "going_out_or_the_lowest"),
        # where nobody plays in partnerships (Cyprus, Sebastopol) the winner is a player, not a side
        "opponents-less-own": _m(lang, "going_out_scores_the_other" if v.params.partnerships
                                 else "going_out_scores_the_other_players"),
        "differences": _m(lang, "going_out_scores_every_other"),
        "one": _m(lang, "going_out_domino_scores_1"),
        "all-hands": _m(lang, "going_out_or_the_lowest_all_pips"),
    }[rule]
    bonus = v.params.own_int("capicua_bonus")
    if bonus:                               # Dominican Dominoes: 25, Puerto Rican: 100
        points = _m(lang, "displayed_points") if unit > 1 else _m(lang, "points")
        out += _m(lang, "capicua_adds", n=bonus, unit=points)
    return out


_CELLS = {"lead": lead_words, "layout": _layout, "spinners": _spinners, "doubles": _doubles, "matching": _matching,
          "drawing": _drawing, "scoring": _scoring, "turn": _turn, "direction": _direction, "hand_end": _hand_end}


def overview_cell(v: Variant, row: str, lang: str) -> str:
    """The text of one cell of the comparison page's detailed table: row ``row`` (one of
    :data:`OVERVIEW_ROWS` but the shared ones and ``length``, which
    :func:`generator.pages.comparison.cell` answers) of the line game ``v`` in ``lang``. Raises ``KeyError`` for a row the line has not."""
    return _CELLS[row](v, lang)


def _line_where(v: Variant, lang: str) -> str:
    if v.spinners:
        return _m(lang, "any_open_end_side_branches")
    return _m(lang, "either_end_of_the_line")


def compare_cell(v: Variant, row: str, lang: str) -> str:
    """A line-of-play game's cell of a two-game comparison
    (:data:`~generator.pages.comparison.COMPARE_ROWS`, past the rows every game has), in ``lang``."""
    if row == "start":
        return cell(v, "lead", lang)
    if row == "where":
        return _line_where(v, lang)
    if row == "doubles":
        if v.spinners:
            return cell(v, "spinners", lang)
        if v.doubles == "choice":
            return cell(v, "doubles", lang)
        return _m(lang, "like_any_other_tile_laid")
    if row == "scoring":
        return cell(v, "scoring", lang) + _m(lang, "clause_sep") + cell(v, "hand_end", lang)
    if row == "options":
        return (_m(lang, "partnerships_for", players=', '.join(map(str, v.params.partnerships))) if v.params.partnerships
                else _m(lang, "none"))
    return cell(v, {"drawing": "drawing", "length": "length", "layout": "layout"}[row], lang)
