"""The quick-reference card of a game (``gen/<id>-card.md`` in each language):
the rules a table needs, on one printed A4 page, generated from the game's
params and rule choices (a house rule's card from its merged ones).

Who plays and with which set, the deal, then the rule choices that apply to
the game's layout, grouped as a turn, scoring, and the end of a hand and of
the game (with the target), and a short list of the rules that are easiest to
get wrong: the params that change play (stock kept back, points counted in
units, set tiles), and the choices that depart from the plainest rules (the
defaults of :class:`~generator.engine.choices.Choices`), marked in the tables.
The page is left out of the site's search (the game's page holds the same
rules), and the stylesheet fits it on one page when printed.
"""

from __future__ import annotations

from ..engine.choices import CHOICES, INFO, Choices
from ..engine.family import family_of
from ..base.i18n import plural, tables
from .comparison import game_set_words
from ..safety.sanitize import escape_cell, escape_md

__all__ = ["card_page", "card_name", "CARD_GROUPS", "groups", "WATCH_MARK", "applies", "choice_words"]

_T = tables("card")

#: The card's three tables, in order (their headings: the ``card`` messages); a rule choice's
#: declaration names the one it is a row of (:attr:`~generator.engine.choices.Choice.card`).
CARD_GROUPS = ("turn", "scoring", "end")


def groups() -> list[tuple[str, tuple[str, ...]]]:
    """The card's tables: ``(heading key, the choice keys of its rows, in reading order)``."""
    return [(g, tuple(info.key for info in CHOICES if info.card == g)) for g in CARD_GROUPS]


def card_name(vid: str) -> str:
    """The card's page name (without ``.md``) for the game ``vid``."""
    return f"{vid}-card"


def applies(key: str, rules) -> bool:
    """Whether the choice ``key`` says anything about the game ``rules`` (a
    rule that changes nothing, such as "any matching play is legal", or who
    leads the next hand in a game of one hand, is left out)."""
    layout = rules.choices.layout
    return layout in INFO[key].layouts and family_of(layout).card_applies(key, rules)


def choice_words(key: str, rules, lang: str) -> str:
    """The card's words for the choice ``key`` of ``rules``: its family's, where it qualifies them
    by what else the game says (:meth:`~generator.engine.family.Family.card_words`), else the options
    page's words for its value."""
    own = family_of(rules.choices.layout).card_words(key, rules, lang)
    if own is not None:
        return own
    return INFO[key].words(getattr(rules.choices, key), lang, rules.params.point_unit)


def _counts(ns, lang: str) -> str:
    """Player counts in words: a run of three or more as a range (2–4, 2〜4)."""
    t = _T[lang]
    ns = sorted(ns)
    if len(ns) >= 3 and ns == list(range(ns[0], ns[-1] + 1)):
        return t["range"].format(low=ns[0], high=ns[-1])
    return either(ns, lang)


def either(ns, lang: str) -> str:
    """Numbers ``ns`` joined as alternatives in ``lang``: ``2 or 3``, ``3, 4 or 6`` (二つ以上は「、」と「か」)."""
    t = _T[lang]
    words = [str(n) for n in ns]
    return words[0] if len(words) == 1 else t["list_sep"].join(words[:-1]) + t["or_sep"] + words[-1]


def _players(params, lang: str) -> str:
    t = _T[lang]
    if not params.players:                  # (a partnership game only)
        return t["players_pairs_only"].format(n=_counts(params.partnerships, lang))
    text = t["players_solo"].format(n=_counts(params.players, lang))
    if params.partnerships:
        text += t["players_pairs"].format(n=_counts(params.partnerships, lang))
    return text


def _departs(key: str, rules) -> bool:
    """Whether the choice ``key`` departs from the plainest game of the layout
    (a rule every game of the layout shares, one its family fixes, is not a departure)."""
    c = rules.choices
    return (applies(key, rules) and getattr(c, key) != getattr(Choices(layout=c.layout), key)
            and key not in family_of(c.layout).fixed)


def _watch(rules, lang: str) -> list[str]:
    """The rules easiest to get wrong: params that change play (the stock's reserve, the family's own
    params: :meth:`~generator.engine.family.Family.card_watch_params`, the point unit), the family's
    own lines (:meth:`~generator.engine.family.Family.card_watch`), then (in one
    line) the rules of the tables marked as departing from the plainest game."""
    t = _T[lang]
    p = rules.params
    out = []
    if p.stock_reserve:
        out.append(plural(lang, "reserve-card", p.stock_reserve))
    out += family_of(rules.choices.layout).card_watch_params(rules, lang)
    if p.point_unit > 1:
        out.append(t["watch_unit"].format(unit=p.point_unit))
    out += family_of(rules.choices.layout).card_watch(rules, lang)
    marked = [INFO[k].title[lang] for _, keys in groups() for k in keys if _departs(k, rules)]
    if marked:
        out.append(t["watch_marked"].format(mark=WATCH_MARK, rules=t["list_sep"].join(marked)))
    return out


#: The mark of a rule that departs from the plainest game, in the card's tables.
WATCH_MARK = "⚠"



def card_page(vdef, deal_table: str, lang: str) -> str:
    """The Markdown of the quick-reference card of ``vdef`` (a
    ``VariantDef``) in ``lang``; ``deal_table`` is the game page's deal table
    (Markdown). Raises nothing: every game has a card."""
    t = _T[lang]
    rules = vdef.rules
    p, c = rules.params, rules.choices
    name = escape_md(vdef.name[lang])
    parts = ["---\nsearch:\n  exclude: true\n---\n",
             f"# {t['title'].format(name=name)}\n",
             '<div class="rb-card" markdown>\n',
             t["intro"].format(name=name, link=f"{vdef.id}.md") + "\n",
             f"## {t['deal']} {{ #deal }}\n",
             f"{_players(p, lang)}{t['sentence_sep']}{t['set'].format(set=game_set_words(p, lang))}\n",
             deal_table]
    parts += family_of(c.layout).card_deal_notes(rules, lang)
    for group, keys in groups():
        rows = [((f"{WATCH_MARK} " if _departs(k, rules) else "") + INFO[k].title[lang], choice_words(k, rules, lang))
                for k in keys if applies(k, rules)]
        rows = family_of(c.layout).card_rows(group, rows, rules, lang)     # the family's own rows
        if not rows:
            continue
        parts.append(f"## {t[group]} {{ #{group} }}\n")
        parts.append(f"| {t['rule']} | {t['how']} |\n|---|---|\n"
                     + "\n".join(f"| **{escape_cell(a)}** | {escape_cell(b)} |" for a, b in rows) + "\n")
    watch = _watch(rules, lang)
    if watch:
        parts.append(f"## {t['watch']} {{ #watch }}\n")
        parts.append("\n".join(f"- {escape_md(w)}" for w in watch) + "\n")
    parts.append("</div>\n")
    return "\n".join(parts)
