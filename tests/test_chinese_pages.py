"""The built pages of the two Chinese-set games (Tien Gow, Pai Gow), in both languages, read as prose for
players: a glossary word is not repeated in brackets right after it ("親（親）"), and no author wording
leaks onto them."""

import re
from pathlib import Path

import pytest

from generator.model.catalog import Catalog
from generator.site.build import generate

RULES = Path(__file__).resolve().parent.parent / "rules"
GAMES = ("tien-gow", "pai-gow")
# a glossary link as the pages write it, [word](glossary.md#key){ .rb-term }, then the same word in brackets
_REPEATED_TERM = re.compile(r"\[([^\]]+)\]\(glossary\.md#[^)]*\)(?:\{[^}]*\})?\s*[（(]\1[）)]")


@pytest.fixture(scope="module")
def pages():
    files = generate(Catalog(RULES), png=False, with_stats=False, only=set(GAMES))
    return {k: v.decode() for k, v in files.items()
            if k.endswith(".md") and any(f"gen/{g}" in k for g in GAMES)}


def test_every_page_and_card_of_both_games_is_built_in_both_languages(pages):
    for g in GAMES:
        for lang in ("en", "ja"):
            assert f"{lang}/gen/{g}.md" in pages and f"{lang}/gen/{g}-card.md" in pages


def test_the_pattern_catches_the_repetition_it_is_for():
    # the Japanese line as it was built before: the banker's word, then the same word in brackets
    assert _REPEATED_TERM.search("[親](glossary.md#banker){ .rb-term }（親）が最初の")
    assert _REPEATED_TERM.search("the [banker](glossary.md#banker){ .rb-term } (banker) leads")
    assert not _REPEATED_TERM.search("[混ぜ組](glossary.md#mixed-pair){ .rb-term }（天と九、地と八）")


def test_no_glossary_word_is_repeated_in_brackets_after_it(pages):
    found = {k: m.group(0) for k, text in pages.items() if (m := _REPEATED_TERM.search(text))}
    assert found == {}


def test_the_banker_leads_the_first_trick_in_plain_words(pages):
    assert "[親](glossary.md#banker){ .rb-term }が最初の" in pages["ja/gen/tien-gow.md"]
    assert "[親](glossary.md#banker){ .rb-term }1人と" in pages["ja/gen/pai-gow.md"]
