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

__all__ = ["overview_page", "family_table", "set_words", "game_set_words", "SHARED_ROWS", "cell", "COMPARE_ROWS",
           "compare_cell", "message", "comparison_table"]

#: The rows every game answers in the same words, first in every table: the players, the set, the deal.
#: A family's detailed table (:attr:`~generator.engine.family.Family.overview_rows`) starts with them
#: (and may end with ``length``, the game's target in the family's unit: :func:`cell`).
SHARED_ROWS = ("players", "set", "deal")

#: The glossary terms the headings of the shared rows link to (a detailed table's; a family's own:
#: :attr:`~generator.engine.family.Family.overview_terms`).
SHARED_TERMS = {"deal": "stock", "length": "game"}


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


def _length(v: Rules, lang: str) -> str:
    t = v.params.target
    if t is None:
        return _m(lang, "one_hand_is_the_game")
    unit = _m(lang, "displayed_points") if v.params.point_unit > 1 else _m(lang, "points")
    if family_of(v.family).target_unit_of({"players": list(v.params.players)}) == "mark":   # 42: marks
        unit = _m(lang, "marks")
    key = {"exact": "exactly_to", "in-a-row": "in_a_row_to", "void-at-half": "void_at_half_to"}
    key = key.get(v.choices.target_score, "first_to")
    if key in ("first_to", "exactly_to") and not v.params.partnerships:
        key += "_alone"             # everyone plays alone: the winner is a player (ja 人), not a side (側)
    return _m(lang, key, t=t, unit=unit, half=t // 2)


_CELLS = {"players": _players, "set": _set, "deal": _deal, "length": _length}


def cell(v: Rules, row: str, lang: str) -> str:
    """The text of one cell of a detailed table: row ``row`` (one of :data:`SHARED_ROWS`, ``length``:
    the target in the family's unit, or one of the family's :attr:`~generator.engine.family.Family.overview_rows`, its words:
    :meth:`~generator.engine.family.Family.overview_cell`) for the game ``v`` in ``lang``."""
    own = _CELLS.get(row)
    return own(v, lang) if own is not None else family_of(v.family).overview_cell(v, row, lang)


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
    linked to its page, and a row per item: the family's detailed rows
    (:attr:`~generator.engine.family.Family.overview_rows`) where it has
    them, else the rows every family answers (:data:`COMPARE_ROWS`). Each value cell also names its game
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
                            f"{family_table(group, lang, family)}\n</div>\n")
    if finder:
        out.append(f"\n{_m(lang, 'find_a_game')}\n\n" + "".join(finder))
    return "".join(out + sections)


def family_table(games: Sequence[tuple[str, dict, Rules]], lang: str, family) -> str:
    """The Markdown table of ``family``'s ``games`` (``(id, name, rules)``):
    a column per game, a row per item (the family's
    :attr:`~generator.engine.family.Family.overview_rows`, their headings
    linked to the glossary's terms, where it has them; :data:`COMPARE_ROWS`
    otherwise); each value cell starts with its game's name in a
    ``rb-cmp-game`` span."""
    head = "| " + _m(lang, "item") + " | " + " | ".join(
        f"[{escape_link_text(name[lang], cell=True)}]({vid}.md)" for vid, name, _ in games) + " |"
    rows = [head, "|---|" + "---|" * len(games)]
    detailed = bool(family.overview_rows)
    keys, words = (family.overview_rows, "overview-row") if detailed else (COMPARE_ROWS, "compare-row")
    terms = {**SHARED_TERMS, **family.overview_terms}
    for key in keys:
        label = messages(words, lang)[key]
        if detailed and key in terms:
            label = f"[{label}](glossary.md#{terms[key]})"
        values = (cell(v, key, lang) if detailed else compare_cell(v, key, lang) for _, _, v in games)
        rows.append(f"| **{label}** | " + " | ".join(
            f'<span class="rb-cmp-game">{_m(lang, "game_in_cell", name=escape_cell(name[lang]))}</span>'
            f"{_esc_cell(value)}" for (_, name, _), value in zip(games, values)) + " |")
    return "\n".join(rows) + "\n"


_esc_cell = escape_cell


#: Rows of a two-game comparison (seed 001's table), in order (headings: context ``compare-row``).
COMPARE_ROWS = ("players", "set", "deal", "start", "layout", "where", "drawing", "doubles", "length", "scoring", "options")


def compare_cell(v: Rules, row: str, lang: str) -> str:
    """One cell of a two-game comparison (:data:`COMPARE_ROWS`): the rows
    every game has, then the family's own words
    (:meth:`generator.engine.family.Family.compare_cell`)."""
    if row in SHARED_ROWS:
        return cell(v, row, lang)
    return family_of(v.family).compare_cell(v, row, lang)


def comparison_table(games: Sequence[tuple[str, dict, Rules]], lang: str) -> str:
    """A Markdown table comparing ``games`` (``(id, name, rules)``) row by row."""
    head = "| " + _m(lang, "item") + " | " + " | ".join(
        f"[{escape_link_text(name[lang], cell=True)}]({vid}.md)" for vid, name, _ in games) + " |"
    rows = [head, "|---|" + "---|" * len(games)]
    for key in COMPARE_ROWS:
        label = messages("compare-row", lang)[key]
        rows.append(f"| **{label}** | " + " | ".join(_esc_cell(compare_cell(v, key, lang)) for _, _, v in games) + " |")
    return "\n" + "\n".join(rows) + "\n"
