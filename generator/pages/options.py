"""The options reference page (authoring section): every param and rule
choice a ``variant.yaml`` may give, generated from the JSON Schema's source
(:data:`generator.engine.choices.CHOICES`, :data:`generator.model.schema.PARAMS_SCHEMA`)
and from the games on the site (which game uses which value).
"""

from __future__ import annotations

from typing import Sequence

from ..engine.choices import CHOICES, Choices
from ..engine.family import families, family_of
from ..base.i18n import messages, tables
from ..safety.sanitize import escape, escape_cell, escape_link_text
from ..model.schema import PARAMS_SCHEMA

__all__ = ["options_page"]

_T = tables("options")


_esc = escape_cell


def _key(text: str) -> str:
    """A key or value as code, never broken inside (the page's build marks it
    ``rb-key``: :func:`generator.site.typeset.keep_whole`; rulebook.css keeps it on one line)."""
    return "<code>" + escape(text) + "</code>"


def options_page(games: Sequence[tuple[str, dict, object]], lang: str) -> str:
    """Markdown of ``gen/options.md`` in ``lang``. ``games`` are ``(id, name
    {ja, en}, VariantDef)`` in site order (drafts left out by the caller)."""
    t = _T[lang]
    out = [f"# {t['title']}\n", f"{t['intro']}\n", f"## {t['params']} {{ #params }}\n",
           f"| {t['key']} | {t['meaning']} |", "|---|---|"]
    for key, spec in PARAMS_SCHEMA["properties"].items():
        about = messages("param-about", lang)[key]
        title = messages("param", lang)[key]
        # a family that counts the param in its own unit says so (a game of tricks: target in marks)
        about += "".join(t["family_note"].format(note=note) for f in families()
                         if (note := messages("param-about", lang).get(f"{key}.{f.name}")))
        out.append(f"| {_key(key)} | **{_esc(title)}**: {_esc(about)} |")
    out.append(f"\n## {t['choices']} {{ #choices }}\n")
    for info in CHOICES:
        # a choice only some families play says which (a table's key per family: only_<family>)
        only = "" if Choices().layout in info.layouts else "".join(t[f"only_{name}"] for name in info.layouts)
        out.append(f"### {_esc(info.title[lang])} (`{info.key}`) {{ #{info.key.replace('_', '-')} }}\n")
        out.append(f"{_esc(info.about[lang])}{only}\n")
        out.append(f"| {t['value']} | {t['meaning']} | {t['games']} |")
        out.append("|---|---|---|")
        for value, words in info.values.items():
            users = [f"[{escape_link_text(name[lang], cell=True)}]({vid}.md)" for vid, name, vdef in games
                     if vdef.choices.layout in info.layouts and getattr(vdef.choices, info.key) == value
                     and family_of(vdef.choices.layout).choice_applies(info.key, vdef.rules)]
            mark = f' <span class="rb-keep">({t["default"]})</span>' if value == info.default else ""
            # a value some families always play says which (the others may choose it or not)
            fixed = info.always_in(value)
            always = t["always_in"].format(families=t["families_and"].join(t[f"family_{n}"] for n in fixed)) \
                if fixed else ""
            out.append(f"| {_key(value)}{mark} | {_esc(info.words(value, lang) + always)} | "
                       f"{', '.join(users) or t['none']} |")
        out.append("")
    return "\n".join(out).rstrip() + "\n"
