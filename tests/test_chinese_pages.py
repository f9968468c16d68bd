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


def test_plain_words_are_escaped_once(pages):
    # an apostrophe is written as itself: escaping twice showed "the player&amp;&#35;x27;s"
    assert not [k for k, text in pages.items() if "&amp;&#35;" in text or "&amp;amp;" in text]
    assert "Whose hand is higher, the player's or the banker's?" in pages["en/gen/pai-gow.md"]


def test_a_tile_name_with_brackets_is_not_bracketed_twice(pages):
    # the 1-2 is named "Gee Joon (three)"; written after its numbers it reads "1-2 (Gee Joon, three)"
    for g in GAMES:
        assert "(Gee Joon (" not in pages[f"en/gen/{g}.md"]
    assert "South discards 1-2 (Gee Joon, three) + 2-4 (Gee Joon, six) face down." in pages["en/gen/tien-gow.md"]
    assert "| 1-2 | Gee Joon (three) | military | 1 |" in pages["en/gen/tien-gow.md"]


def test_the_other_names_do_not_repeat_the_title(pages):
    for k, text in pages.items():
        if k.endswith("-card.md") or 'class="rb-aka"' not in text:
            continue
        title = text.split("\n", 1)[0]
        aka = text.split('class="rb-aka">', 1)[1].split("</p>", 1)[0].split("：", 1)[-1].split(": ", 1)[-1]
        names = aka.replace("、", ",").split(",")
        assert not [n for n in names if n.strip() and n.strip() in title], (k, title, aka)


def test_a_lead_of_three_reads_as_a_phrase(pages):
    # two Days and an eight (1-1, 1-1, 2-6): two civil tiles and a military one, Earths and Eights
    assert ("1-1 (Day) + 1-1 (Day) + 2-6 (Chop Bot): two Earths and an eight, a three of two civil tiles and "
            "a military one.") in pages["en/gen/tien-gow.md"]


def test_the_pai_gow_card_says_points_and_losses_in_plain_words(pages):
    card = pages["en/gen/pai-gow-card.md"]
    assert "modulo" not in card and "both not higher" not in card
    assert "neither higher loses" in card and "the last digit of the pips" in card


@pytest.mark.parametrize("lang,banker,tie", [
    ("en", "The banker's Wong (Day) beats the player's Gong (Teen).",
     "The player's 3 points and the banker's 3 points are equal, and a tie goes to the banker."),
    ("ja", "親の地王がプレイヤーの天槓に勝ちます。", "プレイヤーの3点と親の3点は同じ強さで、同じ強さなら親の勝ちです。")])
def test_which_hand_is_higher_says_why(tmp_path, capsys, lang, banker, tie):
    """Teen with an eight (6-6, 2-6) is a Gong, Day with a nine (1-1, 3-6) a Wong: the banker's Wong is
    simply higher, and the verdict says so (not "equal hands go to the banker"). 4-5 + 1-3 and 3-6 + 1-3
    are both 3 points topped by the Gor: a copy, which goes to the banker as a tie."""
    from generator.cli.main import main

    higher = tmp_path / "higher.yaml"
    higher.write_text("variant: pai-gow\nhand:\n  tiles: [6-6, 2-6]\n  banker: [1-1, 3-6]\n")
    copy = tmp_path / "copy.yaml"
    copy.write_text("variant: pai-gow\nhand:\n  tiles: [4-5, 1-3]\n  banker: [3-6, 1-3]\n")
    assert main(["explain", "--lang", lang, str(higher)]) == 0
    assert banker in capsys.readouterr().out
    assert main(["explain", "--lang", lang, str(copy)]) == 0
    assert tie in capsys.readouterr().out


def test_the_japanese_pai_gow_page_ties_wong_and_gong_to_their_terms(pages):
    # the page and its examples say ワン and ゴン; the overview links each to its glossary term once
    ja = pages["ja/gen/pai-gow.md"]
    assert "[天王・地王](glossary.md#wong){ .rb-term }（ワン）" in ja
    assert "[天槓・地槓](glossary.md#gong){ .rb-term }（ゴン）" in ja
    assert "練習問題：誰" not in pages["ja/gen/tien-gow.md"] and "練習問題：だれがこのトリックを取る？" in pages["ja/gen/tien-gow.md"]


@pytest.mark.parametrize("game", GAMES)
def test_play_a_hand_names_the_gee_joon_tiles_without_double_brackets(game):
    # "Play a hand" writes a tile as the page does: the 2-4, named "Gee Joon (six)", is "2-4 (Gee Joon, six)"
    import json

    from generator.play.session import Session, spec_of

    rules = Catalog(RULES).variant(game).rules
    seen = ""
    for seed in range(6):                    # a few deals, each played to its end by the reader's last move
        s = Session(spec_of(rules), seed=seed, lang="en")
        view = s.view()
        seen += json.dumps(view, ensure_ascii=False)
        for _ in range(10):
            if view["phase"] != "turn":
                break
            view = s.move(len(view["moves"]) - 1)
            seen += json.dumps(view, ensure_ascii=False)
    assert "(Gee Joon (" not in seen
    assert "(Gee Joon, six)" in seen or "(Gee Joon, three)" in seen
