"""The message catalogs: one per language, read through Babel, agreeing with
each other; the pages take their words from them."""

import re

import pytest
from babel import Locale
from babel.messages.pofile import read_po

from generator.base import i18n
from generator.base.i18n import LANGS, messages, plural
from generator.site.build import generate


def _read(lang):
    path = i18n.LOCALE_DIR / lang / "LC_MESSAGES" / f"{i18n.DOMAIN}.po"
    with path.open("rb") as f:
        return read_po(f, locale=lang, domain=i18n.DOMAIN)


def _placeholders(text):
    return set(re.findall(r"(?<!\{)\{(\w+)[^{}]*\}(?!\})", text))


def test_every_language_has_one_catalog_that_gettext_tools_read():
    for lang in LANGS:
        cat = _read(lang)
        assert str(cat.locale) == lang
        assert len(cat) > 300
        assert all(m.string for m in cat if m.id), [m.id for m in cat if m.id and not m.string]


def test_the_catalogs_give_the_same_messages_with_the_same_placeholders():
    """Every message of one language is in the other (counted nouns apart,
    which follow each language's own plural forms), with the same
    ``{placeholders}``, so a text never lacks a number the other shows."""
    texts = {lang: {(m.context, m.id): m.string for m in _read(lang) if m.id} for lang in LANGS}
    plain = {lang: {k for k in t if k[0] != "plural"} for lang, t in texts.items()}
    assert plain["ja"] == plain["en"], plain["ja"] ^ plain["en"]
    for key in plain["en"]:
        assert _placeholders(texts["ja"][key]) == _placeholders(texts["en"][key]), key


def test_counted_nouns_have_every_plural_form_of_their_language():
    """English says "1 point" and "2 points"; Japanese has one form, "1点",
    "2点" (CLDR plural rules, through Babel)."""
    nouns = {m.id.split(".")[0] for m in _read("en") if m.context == "plural"}
    for lang in LANGS:
        forms = Locale.parse(lang).plural_form.tags
        have = {m.id for m in _read(lang) if m.context == "plural"}
        for noun in nouns:
            assert {f"{noun}.{form}" for form in forms} <= have, (lang, noun)
    assert (plural("en", "point", 1), plural("en", "point", 0), plural("en", "point", 2)) == \
        ("1 point", "0 points", "2 points")
    assert (plural("ja", "point", 1), plural("ja", "tile", 7)) == ("1点", "7枚")


def test_a_missing_message_names_the_catalog_and_the_key():
    with pytest.raises(KeyError, match="the en message catalog has no message 'no-such-key' in context 'pages'"):
        messages("pages", "en")["no-such-key"]


def test_pages_take_their_words_from_the_catalogs(catalog, monkeypatch):
    """Change a message in the catalog and the pages say it: the words are
    not also written somewhere in the code."""
    files = generate(catalog, png=False, with_stats=False, only={"horse-race"})
    legend = messages("pages", "en")["legend"]
    assert f"**{legend}**" in files["en/gen/horse-race.md"].decode()
    patched = dict(messages("pages", "en")._texts, legend="How to read the pictures")
    monkeypatch.setattr(messages("pages", "en"), "_texts", patched)
    from generator.site import build as pages

    monkeypatch.setattr(pages, "_MEMO", {})
    again = generate(catalog, png=False, with_stats=False, only={"horse-race"})
    assert "**How to read the pictures**" in again["en/gen/horse-race.md"].decode()
    assert f"**{legend}**" not in again["en/gen/horse-race.md"].decode()
    assert "**How to read the pictures**" not in again["ja/gen/horse-race.md"].decode()
