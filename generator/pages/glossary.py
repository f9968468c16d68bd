"""The glossary page (``gen/glossary.md`` in each language): every term of
``rules/glossary.yaml``, in 五十音 order in Japanese (:func:`gojuon_key`) and
alphabetical order in English, with the games that use it (:func:`who_plays`).
"""

from __future__ import annotations

import unicodedata


from .card import applies, choice_words
from ..engine.choices import INFO
from ..engine.family import family_of
from . import houserules
from ..base.i18n import messages, tables
from ..safety.sanitize import escape_cell, escape_link_text, escape_md
from ..model import VariantDef
from ..model.catalog import full_params

_UI = tables("pages")
_esc = escape_md
_cell = escape_cell


__all__ = ["glossary_page", "who_plays", "gojuon_key"]


def glossary_page(terms: list[dict], lang: str, games: list[VariantDef] = ()) -> str:
    """The glossary page in ``lang``: one heading per term, anchored by key,
    then a table of the ``games`` (in site order) with the name in the other
    language and the other names players use for each, linked to its page."""
    ui = _UI[lang]
    other = "en" if lang == "ja" else "ja"
    # The glossary defines the words the pages use: a search for a term shows its definition near the
    # top, above the pages that merely use it (Material multiplies the page's sections' scores).
    parts = ["---\nsearch:\n  boost: 2.5\n---\n", f"# {ui['glossary']}\n", f"{ui['glossary_intro']}\n"]
    order = (lambda t: (gojuon_key(t.get("reading") or t["ja"]), t.get("reading") or t["ja"])) if lang == "ja" else \
        (lambda t: (t["en"].casefold(), t["key"]))
    for t in sorted(terms, key=order):
        # the other names stand in the heading: a search for one of them then finds this entry first
        also = (t.get("aka") or {}).get(lang)
        head = ui["term_aka"].format(term=t[lang], aka=ui["term_aka_sep"].join(also)) if also else t[lang]
        parts.append(f"## {_esc(head)} {{ #{t['key']} }}\n")
        if lang == "ja" and t.get("reading") and t["reading"] != t["ja"]:
            parts.append(f"<span class=\"rb-reading\">{_esc(t['reading'])}</span>\n")
        parts.append(f"{_esc(t['def'][lang].strip())}\n")
        if t.get("games") and games:
            parts.append(who_plays(t["games"], games, lang) + "\n")
        parts.append(f"*{ui['en_term']}: {_esc(t[other])}*\n")
    if games:
        parts.append(f"## {ui['game_names']} {{ #game-names }}\n")
        parts.append(f"{ui['game_names_intro']}\n")
        rows = [f"| {ui['game']} | {ui['en_term']} | {ui['aka'].rstrip(' ：:')} |", "|---|---|---|"]
        for v in games:
            rows.append(f"| [{escape_link_text(v.name[lang], cell=True)}]({v.id}.md) | {_cell(v.name[other])} | "
                        f"{_cell(ui['aka_sep'].join(v.aka.get(lang, [])) or ui['no'])} |")
        parts.append("\n".join(rows) + "\n")
    return "\n".join(parts)


def who_plays(keys, games, lang: str) -> str:
    """The glossary's sentence naming which of ``games`` play each way, for
    each rule choice or param in ``keys`` (a term's ``games:``), made from
    their rules so that it cannot go stale: per choice, the games grouped by
    the words of their value (a game the choice says nothing about left out,
    as on its card); per param, the games whose value differs from the
    default, grouped by value. Each game links to its page."""
    ui = _UI[lang]
    groups: dict[str, list[str]] = {}
    for key in dict.fromkeys(keys):            # a key named twice is listed once
        for v in games:
            rules = v.rules
            if key in INFO:
                if not applies(key, rules):
                    continue
                words = choice_words(key, rules, lang)
            else:
                value = v.params.get(key)
                if value is None or value == full_params({}, v.choices.layout).get(key):
                    continue
                name = houserules.param_title(key, v.choices.layout, lang)
                name = name[:1].lower() + name[1:]          # inside a sentence (Japanese has no case)
                unit = family_of(v.choices.layout).target_unit_of(v.params)     # (marks in a game of 42)
                words = f"{name}{ui['who_plays_param_sep']}{houserules.param_words(key, value, lang, unit)}"
            names = groups.setdefault(words, [])
            link = f"[{escape_link_text(v.name[lang])}]({v.id}.md)"
            if link not in names:
                names.append(link)
    text = ui["who_plays_sep"].join(ui["who_plays_group"].format(games=ui["who_plays_games_sep"].join(names),
                                                                 words=_esc(words))
                                    for words, names in groups.items())
    return ui["who_plays"].format(groups=text) if text else ""


_SMALL = str.maketrans("ぁぃぅぇぉっゃゅょゎゕゖ", "あいうえおつやゆよわかけ")


def gojuon_key(reading: str) -> str:
    """A sort key that puts hiragana ``reading``s in 五十音 order: voiced and
    semi-voiced kana sort with their plain kana, small kana with the full
    ones, and a long-vowel mark as the vowel it lengthens.

    >>> sorted(["ぱす", "はい", "ばん", "はしのごうけい"], key=gojuon_key)
    ['はい', 'はしのごうけい', 'ぱす', 'ばん']
    >>> gojuon_key("どろー") == gojuon_key("とろお")
    True
    """
    reading = "".join(chr(ord(c) - 0x60) if "ァ" <= c <= "ヶ" else c for c in reading)   # katakana as hiragana
    plain = unicodedata.normalize("NFD", reading)
    plain = "".join(c for c in plain if c not in "\u3099\u309a")
    plain = unicodedata.normalize("NFC", plain).translate(_SMALL)
    out = []
    for c in plain:
        if c == "ー" and out:
            c = _VOWEL.get(out[-1], out[-1])
        out.append(c)
    return "".join(out)


#: The vowel of each kana, for a long-vowel mark after it.
_VOWEL = {k: v for v, row in (("あ", "あかさたなはまやらわ"), ("い", "いきしちにひみり"), ("う", "うくすつぬふむゆる"),
                              ("え", "えけせてねへめれ"), ("お", "おこそとのほもよろを")) for k in row}
