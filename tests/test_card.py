"""Each game's quick-reference card (gen/<id>-card.md): generated from the
game's params and rule choices, in both languages, linked from its page and
left out of the search. (That it prints on one A4 page is checked in a real
browser: tests/test_browser.py.)"""

import re

import pytest

from generator.site.build import generate


@pytest.fixture(scope="module")
def files(catalog):
    return generate(catalog, png=False, with_stats=False)


def test_every_game_has_a_card_in_both_languages_linked_from_its_page(files, catalog):
    for vid in catalog.variant_ids():
        for lang in ("ja", "en"):
            card = files[f"{lang}/gen/{vid}-card.md"].decode()
            assert card.startswith("---\nsearch:\n  exclude: true\n---\n")
            assert f"]({vid}.md)" in card                                     # back to the full rules
            assert f"]({vid}-card.md){{ .rb-card-link }}" in files[f"{lang}/gen/{vid}.md"].decode()


def _rows(card: str) -> dict[str, str]:
    return {k.removeprefix("⚠ "): v for k, v in re.findall(r"^\| \*\*(.+?)\*\* \| (.+?) \|$", card, re.M)}


def test_horse_race_card_states_its_params_and_choices(files):
    """Horse Race (seed 000): 2 to 4 players or 4 in partnerships, a
    double-six set, 7/6/5 tiles dealt, every crosswise double a spinner whose
    sides open after both straight sides, multiples of 5 scored in units of 5,
    61 points to win; its departures from the plainest game come first in
    the list of rules easy to get wrong, the unit of points before them."""
    card = files["en/gen/horse-race-card.md"].decode()
    assert "2–4 players, each for themselves, or 4 as two partnerships" in card
    assert "The set: double-six (28 tiles)." in card
    assert "| 2 | 7 | 14 | — |" in card and "| 3 | 6 | 10 | — |" in card and "| 4 | 5 | 8 | optional |" in card
    rows = _rows(card)
    assert rows["Spinners"] == "every double laid crosswise"
    assert rows["Side branches"] == "once both straight sides are filled"
    assert rows["Scoring in play"] == "an end total that is a multiple of 5 scores that total, ÷ 5 in displayed points"
    assert rows["The game"] == "the first side to reach 61 points wins"
    watch = re.findall(r"^- (.+)$", card.split("## Easy to get wrong", 1)[1], re.M)
    assert watch[0] == "Points are counted in pips and written down divided by 5."
    # every choice that departs from the defaults is marked, and named in the list
    assert "| **⚠ Spinners** |" in card and "| **Matching** |" in card
    assert watch[1].endswith(": Spinners, Turn, Counting the ends, Scoring in play, End of a hand, Tied lowest "
                             "totals.")
    assert len(watch) == 2
    ja = files["ja/gen/horse-race-card.md"].decode()
    assert "2〜4人で、それぞれ個人戦。4人なら2組のペア戦もできます" in ja
    assert "先に61点に達した側の勝ち" in ja


def test_a_card_leaves_out_rules_that_do_not_apply(files):
    """Draw has no spinners and no scoring in play: no row for side branches,
    counting or plays that miss; its stock keeps two tiles back (seed 003),
    the first thing to get wrong."""
    card = files["en/gen/draw-card.md"].decode()
    rows = _rows(card)
    assert "Side branches" not in rows and "Counting the ends" not in rows and "Plays that miss" not in rows
    assert "| 2 | 7 | 14 |\n" in card                                      # no partnerships: no such column
    assert rows["The game"] == "one hand is the whole game"
    assert "- The last 2 tiles of the stock are never drawn." in card


def test_a_game_of_trains_has_its_match_on_the_card(files):
    card = files["en/gen/mexican-train-card.md"].decode()
    rows = _rows(card)
    assert rows["A match"].startswith("13 rounds")
    assert "Matching" not in rows and "The game" not in rows


def test_no_play_is_worded_for_the_game_a_tree_has_no_train_to_mark(files):
    """Chicken Foot and Mexican Train both draw one tile when stuck, but only
    a game of trains marks the player's train (seed 001's marker); a stuck
    Chicken Foot player draws one and passes. So the card of each says so,
    and the Chicken Foot page's comparison with Mexican Train differs there."""
    for lang, train, no_play in (("en", "train", "No play"), ("ja", "トレイン", "出せないとき")):
        for game in ("chicken-foot", "chicken-foot-cross"):
            words = _rows(files[f"{lang}/gen/{game}-card.md"].decode())[no_play]
            assert train not in words and ("pass" in words or "パス" in words), words
        assert train in _rows(files[f"{lang}/gen/mexican-train-card.md"].decode())[no_play]
        page = files[f"{lang}/gen/chicken-foot.md"].decode()
        row = next(line for line in page.splitlines() if line.startswith(f"| **{no_play}** |"))
        ours, theirs = row.split(" | ")[1:3]
        assert train not in ours and train in theirs, row


def test_the_reserve_is_counted_in_good_grammar_on_the_card_and_the_family_page(files):
    """Cyprus keeps the last tile of the stock back (stock_reserve: 1), Draw
    the last two (seed 003): one tile is said in the singular, in both
    languages, on the card and in the deal row of the family page."""
    cyprus = {lang: files[f"{lang}/gen/cyprus-card.md"].decode() for lang in ("en", "ja")}
    assert "The last tile of the stock is never drawn." in cyprus["en"] and "last 1 tile" not in cyprus["en"]
    assert "タロンの最後の1枚は引けません。" in cyprus["ja"]
    assert "The last 2 tiles of the stock are never drawn." in files["en/gen/draw-card.md"].decode()
    family = {lang: files[f"{lang}/gen/family.md"].decode() for lang in ("en", "ja")}
    # Cyprus's row ends with ten players: 55 - 10 x 5 = 5 left, the last of them kept back
    assert "10: 5 each (5 left). The last tile of the stock is never drawn" in family["en"]
    assert "last 1 tiles" not in family["en"] and ". The last 2 tiles of the stock are never drawn" in family["en"]
    assert "10人：5枚（残り5）。タロンの最後の1枚は引かない" in family["ja"]
