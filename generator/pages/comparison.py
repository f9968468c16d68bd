"""The comparison of the games (``gen/family.md``): every game of the site,
grouped by family (a line of play, trains, tricks, a tree of doubles: the
registered families, :func:`~generator.engine.family.families`), one table
per family, generated from the rule classes' choices
(the attributes of the family's rules class) and each game's
``params``, in the spirit of seed ``001_*``'s comparison table
(メキシカントレインと標準のドミノの違い).

:func:`overview_page` returns the Markdown of the page for one language.
Nothing here is written by hand per game: change a parameter or a rule
choice and the tables follow. On a wide screen a family's games stand side
by side, a column each; on a phone (rulebook.css) each item lists them one
under another, each value after its game's name.
"""

from __future__ import annotations

from typing import Sequence

from ..engine.family import families, family_of
from ..engine.rulebase import Rules
from ..engine.tilesets import tileset
from ..base.i18n import messages, plural
from ..safety.sanitize import escape_cell, escape_link_text, escape_md

__all__ = ["overview_page", "family_table", "set_words", "game_set_words", "lead_words", "ROWS", "cell", "COMPARE_ROWS", "compare_cell", "line_cell", "message", "comparison_table"]

#: Rows of the table, in order (their headings: the message catalog's ``overview-row`` context).
ROWS = ("players", "set", "deal", "lead", "layout", "spinners", "doubles", "matching", "drawing", "scoring", "turn",
        "direction", "hand_end", "length")

#: Rows whose heading links to a glossary term.
ROW_TERMS = {"deal": "stock", "lead": "set", "direction": "counter-clockwise", "layout": "line-of-play", "spinners": "spinner", "doubles": "crosswise",
             "matching": "matching", "drawing": "draw", "scoring": "end-total", "turn": "continuation",
             "hand_end": "settlement", "length": "game"}


def _base(v: Rules) -> type:
    """The rules class of ``v``'s family, which its rule values subclass: a
    hook ``v``'s class overrides is a rule of its own."""
    return family_of(v.family).rules_class


def message(lang: str, key: str, **values) -> str:
    """The comparison pages' message ``key`` in ``lang`` (the message
    catalog's ``overview`` context), its placeholders filled from ``values``
    (also the words of a family's own comparison cells)."""
    return messages("overview", lang)[key].format(**values)


_m = message


def _players(v: Rules, lang: str) -> str:
    p = v.params
    solo = sorted(p.players)
    if not solo:                            # (a partnership game only: Cuban Dominoes)
        return _m(lang, "only_as_two_partnerships", n=", ".join(map(str, p.partnerships)))
    text = _m(lang, "players_range", low=solo[0], high=solo[-1])
    if len(solo) == 1:
        text = _m(lang, "players_one", low=solo[0])
    if p.partnerships:
        n = ", ".join(map(str, p.partnerships))
        only = [k for k in p.partnerships if k not in p.players]
        if only:
            text += _m(lang, "always_as_two_partnerships", n=n)
        else:
            text += _m(lang, "also_as_partnerships", n=n)
    return text


def set_words(top: int, lang: str) -> str:
    """A set by its highest pip, in words with its tile count.

    >>> set_words(6, "en"), set_words(12, "ja")
    ('double-six (28 tiles)', 'ダブルトゥエルブ（91枚）')
    """
    names = messages("set-name", lang)
    name = names.get(str(top)) or names["other"].format(top=top)
    count = (top + 1) * (top + 2) // 2
    return _m(lang, "set_with_count", name=name, count=count)


def game_set_words(params, lang: str) -> str:
    """The set a game's ``params`` name, in words with its tile count: a
    double-n set (:func:`set_words`), or a set defined as data
    (:mod:`generator.engine.tilesets`: ``Chinese set (32 tiles)``)."""
    if params.tileset:
        s = tileset(params.tileset)
        return _m(lang, "set_with_count", name=s.words[lang], count=len(s.tiles))
    return set_words(params.set, lang)


def _set(v: Rules, lang: str) -> str:
    return game_set_words(v.params, lang)


def _deal(v: Rules, lang: str) -> str:
    p = v.params
    parts = []
    for n in sorted(set(p.players) | set(p.partnerships)):
        left = v.stock_size(n)
        parts.append(_m(lang, "deal_each_left", n=n, each=p.deal[n], left=left))
    text = _m(lang, "list_sep").join(parts)
    family = family_of(v.family)
    own = family.deal_words(v, lang)
    if own is not None:                     # the tiles left, as the family deals with them (a widow)
        text += own
    elif v.draw_mode == "none":
        # with nothing left at any player count (Sebastopol: 4 x 7 = 28) there are no undealt tiles to speak of
        counts = set(p.players) | set(p.partnerships)
        text += _m(lang, "the_whole_set_is_dealt" if all(v.stock_size(n) == 0 for n in counts)
                   else "undealt_tiles_stay_out_of")
    elif p.stock_reserve:
        text += plural(lang, "reserve-overview", p.stock_reserve)
    else:
        text += _m(lang, "the_whole_stock_may_be")
    return text + family.deal_notes(v, lang)


def _lead(v: Rules, lang: str) -> str:
    return lead_words(v, lang)


def lead_words(v: Rules, lang: str, later: bool = True) -> str:
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
    totals = v.params.lead_totals
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


def _highest_double(v: Rules, lang: str, text: str) -> str:
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


def _layout(v: Rules, lang: str) -> str:
    if v.spinners is True:
        return _m(lang, "a_layout_that_branches_at")
    if v.spinners == "first":            # the eight-armed star (Cyprus) grows eight ways, from sides and corners
        return _m(lang, "one_line_which_may_grow_eight" if getattr(v, "star_corners", False)
                  else "one_line_which_may_grow")
    return _m(lang, "one_line_with_two_open")


def _spinners(v: Rules, lang: str) -> str:
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


def _doubles(v: Rules, lang: str) -> str:
    if v.doubles == "choice":
        return _m(lang, "crosswise_or_lengthwise_as_the")
    return _m(lang, "crosswise")


def _matching(v: Rules, lang: str) -> str:
    if v.matching == "sum-7":
        s = v.params.set + 1
        return _m(lang, "touching_ends_add_to_only", s=s)
    return _m(lang, "equal_numbers")


def _drawing(v: Rules, lang: str) -> str:
    return {
        "until-playable": _m(lang, "draw_until_a_tile_fits"),
        "optional": _m(lang, "may_draw_even_with_a"),
        "none": _m(lang, "pass_no_drawing"),
        "one": _m(lang, "draw_one_and_play_open"),
    }[v.draw_mode]


def _scoring(v: Rules, lang: str) -> str:
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


def _turn(v: Rules, lang: str) -> str:
    if type(v).continues_turn is not _base(v).continues_turn:
        return _m(lang, "a_double_or_a_scoring")
    return _m(lang, "one_tile_per_turn")


def _direction(v: Rules, lang: str) -> str:
    return _m(lang, "counter_clockwise" if v.choices.direction == "counter-clockwise" else "clockwise")


def _hand_end(v: Rules, lang: str) -> str:
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
    bonus = v.params.capicua_bonus
    if bonus:                               # Dominican Dominoes: 25, Puerto Rican: 100
        points = _m(lang, "displayed_points") if unit > 1 else _m(lang, "points")
        out += _m(lang, "capicua_adds", n=bonus, unit=points)
    return out


def _length(v: Rules, lang: str) -> str:
    t = v.params.target
    if t is None:
        return _m(lang, "one_hand_is_the_game")
    unit = _m(lang, "displayed_points") if v.params.point_unit > 1 else _m(lang, "points")
    if family_of(v.family).target_unit_of({"players": list(v.params.players)}) == "mark":   # 42: marks
        unit = _m(lang, "marks")
    key = {"exact": "exactly_to", "in-a-row": "in_a_row_to", "void-at-half": "void_at_half_to"}
    return _m(lang, key.get(v.choices.target_score, "first_to"), t=t, unit=unit, half=t // 2)


_CELLS = {"players": _players, "set": _set, "deal": _deal, "lead": _lead, "layout": _layout,
          "spinners": _spinners, "doubles": _doubles, "matching": _matching, "drawing": _drawing,
          "scoring": _scoring, "turn": _turn, "direction": _direction, "hand_end": _hand_end,
          "length": _length}


def cell(v: Rules, row: str, lang: str) -> str:
    """The text of one table cell: row ``row`` (a key of :data:`ROWS`) for
    variant ``v`` in ``lang``."""
    return _CELLS[row](v, lang)


#: The most games in one table of the comparison page: a family with more is split into tables of
#: nearly equal size, so that each stays readable on a phone.
MAX_COLUMNS = 5


def table_groups(games: Sequence, most: int = MAX_COLUMNS) -> list[list]:
    """``games`` cut, in order, into the fewest runs of at most ``most``,
    of nearly equal length (the longer runs first).

    >>> [len(g) for g in table_groups(list(range(14)))], table_groups([1, 2])
    ([5, 5, 4], [[1, 2]])
    """
    if not games:
        return []
    n = -(-len(games) // most)
    size, extra = divmod(len(games), n)
    out, at = [], 0
    for i in range(n):
        step = size + (1 if i < extra else 0)
        out.append(list(games[at:at + step]))
        at += step
    return out


def overview_page(games: Sequence[tuple[str, dict, Rules]], lang: str) -> str:
    """Markdown of the comparison page in ``lang``. ``games`` are ``(id,
    name {ja, en}, rules)`` of every game to compare (drafts left out by the
    caller), in site order. The page opens with a finder: a line for each
    family naming its games, each linked to the table it is in. Each family
    that has games gets a section (in the order of
    :func:`~generator.engine.family.families`; its heading and its one
    sentence are the ``overview`` message ``family_<name>`` and
    :meth:`~generator.engine.family.Family.family_about` of its games) with its tables (at most :data:`MAX_COLUMNS`
    games each, :func:`table_groups`; where there are several, each has a
    heading naming its games, anchored ``<family>-<n>``): a column per game,
    linked to its page, and a row per item, the detailed rows :data:`ROWS`
    for the games in a single line of play, the rows every family answers
    (:data:`COMPARE_ROWS`) for the others. Each value cell also names its game
    (``rb-cmp-game``), shown only where the table is stacked on a phone."""
    title = _m(lang, "the_games_side_by_side")
    out = [f"---\nhide:\n  - toc\n---\n\n# {title}\n\n{_m(lang, 'these_tables_compare_every_game')}\n\n"
           f"{_m(lang, 'if_the_table_is_wider')}\n"]
    sep = "、" if lang == "ja" else ", "
    sections, finder = [], []
    for family in families():
        mine = [g for g in games if g[2].family == family.name]
        if not mine:
            continue
        heading = _m(lang, 'family_' + family.name)
        groups = table_groups(mine)
        anchors = [family.name] if len(groups) == 1 else [f"{family.name}-{i + 1}" for i in range(len(groups))]
        finder.append(f"- **[{heading}](#{family.name})**{_m(lang, 'finder_sep')}" + sep.join(
            f"[{escape_link_text(name[lang])}](#{anchor})" for group, anchor in zip(groups, anchors)
            for _, name, _ in group) + "\n")
        about = family.family_about(mine, lang)
        sections.append(f"\n## {heading} {{ #{family.name} }}\n\n{about}\n")
        for group, anchor in zip(groups, anchors):
            if len(groups) > 1:
                sections.append(f"\n### {sep.join(escape_md(name[lang]) for _, name, _ in group)} {{ #{anchor} }}\n")
            # the table is the page: no table of contents beside it, and the stylesheet lets the page's
            # column take the whole width of the window (rb-comparison)
            sections.append(f"\n<div class=\"rb-comparison\" markdown>\n\n"
                            f"{family_table(group, lang, family.single_line)}\n</div>\n")
    if finder:
        out.append(f"\n{_m(lang, 'find_a_game')}\n\n" + "".join(finder))
    return "".join(out + sections)


def family_table(games: Sequence[tuple[str, dict, Rules]], lang: str, detailed: bool) -> str:
    """The Markdown table of one family's ``games`` (``(id, name, rules)``):
    a column per game, a row per item (:data:`ROWS` when ``detailed``, for
    games in a single line of play; :data:`COMPARE_ROWS` otherwise); each
    value cell starts with its game's name in a ``rb-cmp-game`` span."""
    head = "| " + _m(lang, "item") + " | " + " | ".join(
        f"[{escape_link_text(name[lang], cell=True)}]({vid}.md)" for vid, name, _ in games) + " |"
    rows = [head, "|---|" + "---|" * len(games)]
    keys, words = (ROWS, "overview-row") if detailed else (COMPARE_ROWS, "compare-row")
    for key in keys:
        label = messages(words, lang)[key]
        if detailed and key in ROW_TERMS:
            label = f"[{label}](glossary.md#{ROW_TERMS[key]})"
        values = (cell(v, key, lang) if detailed else compare_cell(v, key, lang) for _, _, v in games)
        rows.append(f"| **{label}** | " + " | ".join(
            f'<span class="rb-cmp-game">{_m(lang, "game_in_cell", name=escape_cell(name[lang]))}</span>'
            f"{_esc_cell(value)}" for (_, name, _), value in zip(games, values)) + " |")
    return "\n".join(rows) + "\n"


_esc_cell = escape_cell


#: Rows of a two-game comparison (seed 001's table), in order (headings: context ``compare-row``).
COMPARE_ROWS = ("players", "set", "deal", "start", "layout", "where", "drawing", "doubles", "length", "scoring", "options")


def _line_where(v: Rules, lang: str) -> str:
    if v.spinners:
        return _m(lang, "any_open_end_side_branches")
    return _m(lang, "either_end_of_the_line")


def compare_cell(v: Rules, row: str, lang: str) -> str:
    """One cell of a two-game comparison (:data:`COMPARE_ROWS`): the rows
    every game has, then the family's own words
    (:meth:`generator.engine.family.Family.compare_cell`)."""
    if row in ("players", "set", "deal"):
        return cell(v, row, lang)
    return family_of(v.family).compare_cell(v, row, lang)


def line_cell(v: Rules, row: str, lang: str) -> str:
    """A line-of-play game's cell of a comparison (:data:`COMPARE_ROWS`, past the rows every game has)."""
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
        return _m(lang, "partnerships_for", players=', '.join(map(str, v.params.partnerships))) if v.params.partnerships else _m(lang, "none")
    return cell(v, {"drawing": "drawing", "length": "length", "layout": "layout"}[row], lang)


def comparison_table(games: Sequence[tuple[str, dict, Rules]], lang: str) -> str:
    """A Markdown table comparing ``games`` (``(id, name, rules)``) row by row."""
    head = "| " + _m(lang, "item") + " | " + " | ".join(
        f"[{escape_link_text(name[lang], cell=True)}]({vid}.md)" for vid, name, _ in games) + " |"
    rows = [head, "|---|" + "---|" * len(games)]
    for key in COMPARE_ROWS:
        label = messages("compare-row", lang)[key]
        rows.append(f"| **{label}** | " + " | ".join(_esc_cell(compare_cell(v, key, lang)) for _, _, v in games) + " |")
    return "\n" + "\n".join(rows) + "\n"
