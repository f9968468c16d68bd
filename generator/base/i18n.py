"""Every word the site shows a reader, in one gettext message catalog per language.

The catalogs are ``generator/locale/<lang>/LC_MESSAGES/rulebook.po``, read with
Babel. They are monolingual catalogs (as Weblate and Poedit call them): a
message's ``msgid`` is a key, its ``msgctxt`` the part of the site that shows
it, and each language's catalog gives the text in that language. So adding a
language is adding one catalog that gives a text for every key of the English
one (``tests/test_i18n.py`` checks that the catalogs agree).

The contexts: ``pages`` (game pages and the glossary), ``trains`` (Mexican
Train's tables), ``stats`` ("by the numbers"), ``house`` (a house rule's page),
``explain`` (``rulebook explain``), ``describe`` (captions and diagrams in
words), ``options`` (the options page), ``param`` and ``param-about`` (each
param's name and meaning), ``rule`` (each rule a refused play breaks, by the
last part of its id), ``overview`` (the comparison pages), ``plural``
(counted nouns).

Placeholders are written ``{name}`` and filled with :meth:`str.format`.

A family of games kept in a folder of its own (outside the package) brings
its own words: its family object's ``words`` (``{lang: {context: {key:
text}}}``), added to the catalogs with :func:`add_words` when it registers.
They may add keys, never change a catalog's text.

Where Babel is not installed (the engine and its words in the reader's
browser, under Pyodide), :func:`install` gives the messages instead, as
:func:`export` wrote them at build time.

>>> messages("pages", "ja")["glossary"], messages("pages", "en")["glossary"]
('用語集', 'Glossary')
>>> plural("en", "point", 1), plural("en", "point", 3), plural("ja", "point", 3)
('1 point', '3 points', '3点')
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from pathlib import Path
from typing import Iterator

__all__ = ["LANGS", "LOCALE_DIR", "DOMAIN", "messages", "tables", "plural", "export", "install",
           "PLURAL_SPAN"]

#: The site's languages, the default first.
LANGS = ("ja", "en")
#: Where the catalogs are.
LOCALE_DIR = Path(__file__).resolve().parents[1] / "locale"
#: The catalogs' gettext domain (their file name).
DOMAIN = "rulebook"


#: Installed messages (:func:`install`): lang -> {(context, key): text}, and lang -> plural forms.
_INSTALLED: dict[str, dict[tuple[str, str], str]] = {}
_FORMS: dict[str, list[str]] = {}
#: Words added to the catalogs (:func:`add_words`): lang -> {(context, key): text}.
_ADDED: dict[str, dict[tuple[str, str], str]] = {}
#: The counts whose plural form :func:`export` writes down (0 to 199); a larger count takes the
#: form of ``100 + n % 100`` (CLDR's rules for whole numbers look at most at the last two digits
#: and at the numbers below 200).
PLURAL_SPAN = 200


def _form(lang: str, n: int) -> str:
    forms = _FORMS.get(lang)
    if forms is not None:
        return forms[n if 0 <= n < PLURAL_SPAN else 100 + abs(n) % 100]
    from babel import Locale

    return Locale.parse(lang).plural_form(n)


def export(contexts, langs=LANGS) -> dict:
    """The messages of ``contexts`` in ``langs``, as data for :func:`install`:
    ``{lang: {"messages": {context: {key: text}}, "plural": [form of 0, 1,
    ... 199]}}`` (the ``plural`` context is always included). Needs Babel."""
    out = {}
    for lang in langs:
        cat = _catalog(lang)
        want = set(contexts) | {"plural"}
        msgs: dict[str, dict[str, str]] = {c: {} for c in sorted(want)}
        for (ctx, key), text in sorted(cat.items()):
            if ctx in want:
                msgs[ctx][key] = text
        out[lang] = {"messages": msgs, "plural": [_form(lang, n) for n in range(PLURAL_SPAN)]}
    return out


def install(data: Mapping) -> None:
    """Use ``data`` (what :func:`export` returned) as the catalogs of its
    languages, in place of the ``.po`` files and Babel; contexts and
    languages it lacks are empty. Raises ``KeyError`` for data without ``messages`` or ``plural``."""
    for lang, part in data.items():
        _INSTALLED[lang] = {(ctx, k): v for ctx, texts in part["messages"].items() for k, v in texts.items()}
        _FORMS[lang] = list(part["plural"])
    _catalog.cache_clear()
    messages.cache_clear()


def add_words(words: Mapping, source: str) -> None:
    """Add ``words`` (``{lang: {context: {key: text}}}``, every language of
    :data:`LANGS` giving the same keys) to the catalogs: a family kept in a
    folder of its own brings its words so (its family object's ``words``,
    added when it registers). ``source`` names where they come from, for the
    errors. Raises ``ValueError`` naming ``source`` for a language missing or
    unknown, a key one language gives and another lacks, a text that is not
    a string, or a key the catalog already has with another text (added
    words never change the site's)."""
    if not words:
        return
    if set(words) != set(LANGS):
        raise ValueError(f"{source}: words must be given in {', '.join(LANGS)} (got {', '.join(map(str, words))})")
    flat = {}
    for lang in LANGS:
        flat[lang] = {(ctx, key): text for ctx, texts in words[lang].items() for key, text in texts.items()}
        bad = [f"{c}/{k}" for (c, k), v in flat[lang].items() if not isinstance(v, str) or not v]
        if bad:
            raise ValueError(f"{source}: the {lang} words {', '.join(sorted(bad))} are not texts")
    first = set(flat[LANGS[0]])
    for lang in LANGS[1:]:
        odd = first ^ set(flat[lang])
        if odd:
            raise ValueError(f"{source}: {', '.join(sorted(f'{c}/{k}' for c, k in odd))} "
                             f"not given in every language")
    for lang in LANGS:
        have = _catalog(lang)
        clash = [f"{c}/{k}" for (c, k), v in flat[lang].items() if (c, k) in have and have[c, k] != v]
        if clash:
            raise ValueError(f"{source}: the {lang} catalog already has {', '.join(sorted(clash))} with another text")
    for lang in LANGS:
        _ADDED.setdefault(lang, {}).update(flat[lang])
    _catalog.cache_clear()
    messages.cache_clear()


@functools.cache
def _catalog(lang: str) -> dict[tuple[str, str], str]:
    """``{(context, key): text}`` of one language's catalog, with the words
    :func:`add_words` added."""
    if _INSTALLED:                  # installed as data (no .po files are read then): other languages are empty
        return {**_INSTALLED.get(lang, {}), **_ADDED.get(lang, {})}
    from babel.messages.pofile import read_po

    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as f:
        cat = read_po(f, locale=lang, domain=DOMAIN)
    return {**{(m.context or "", m.id): m.string for m in cat if m.id and m.string}, **_ADDED.get(lang, {})}


class Messages(Mapping):
    """The messages of one context in one language, by key (a read-only
    mapping). A key the catalog lacks raises :class:`KeyError` naming the
    catalog, the context and the key."""

    def __init__(self, context: str, lang: str):
        self.context, self.lang = context, lang
        self._texts = {k: v for (ctx, k), v in _catalog(lang).items() if ctx == context}

    def __getitem__(self, key: str) -> str:
        try:
            return self._texts[key]
        except KeyError:
            raise KeyError(f"the {self.lang} message catalog has no message {key!r} in context "
                           f"{self.context!r}") from None

    def __iter__(self) -> Iterator[str]:
        return iter(self._texts)

    def __len__(self) -> int:
        return len(self._texts)


@functools.cache
def messages(context: str, lang: str) -> Messages:
    """The messages of ``context`` in ``lang``."""
    return Messages(context, lang)


def tables(context: str) -> dict[str, Messages]:
    """``{lang: messages}`` of one context for every language."""
    return {lang: messages(context, lang) for lang in LANGS}


def plural(lang: str, noun: str, n: int) -> str:
    """``n`` and a counted noun in ``lang``, by the language's plural rules
    (CLDR, through Babel): the catalog's ``plural`` context has a message
    ``NOUN.one``, ``NOUN.other`` (and any other form the language uses)."""
    form = _form(lang, n)
    texts = messages("plural", lang)
    text = texts.get(f"{noun}.{form}") or texts[f"{noun}.other"]
    return text.format(n=n)
