"""What the pages say about the games agrees with the games: every catalog
message renders whole, no page holds an unfilled or wrongly filled message,
and the sentences that say which games have something (glossary, cards) are
made from the games' params and rule choices."""

import re
import string

import pytest

from generator.cli.main import main
from generator.base.i18n import LANGS, _catalog
from generator.site.build import generate

pytestmark = pytest.mark.whole_site


@pytest.fixture(scope="module")
def site(catalog):
    files = generate(catalog, png=False, with_stats=False)
    return {k: v.decode("utf-8") for k, v in files.items() if k.endswith(".md")}


def _names(text):
    return [name for _, name, _, _ in string.Formatter().parse(text) if name]


@pytest.mark.parametrize("lang", LANGS)
def test_every_message_renders_whole_with_sample_values(lang):
    """Each message filled with a sample value for each placeholder leaves no
    brace behind (a misspelt placeholder, an unbalanced brace)."""
    for (context, key), text in _catalog(lang).items():
        names = _names(text)
        filled = text.format(**{n: "7" for n in names})
        assert "{" not in filled and "}" not in filled, (context, key, text)
        assert all(re.fullmatch(r"[a-z_][a-z0-9_]*", n) for n in names), (context, key, names)


#: A placeholder left in a page, a letter where a number belongs ("a multiple of i", 「iの倍数」),
#: a fill left empty ("()", "（）").
UNFILLED = re.compile(r"\{[a-z_]+\}|\b(?:multiple|multiples) of [a-zA-Z]\b|(?<![0-9A-Za-z_;&#])[a-zA-Z]の倍数"
                      r"|\(\)|（）")


def test_no_page_holds_an_unfilled_message(site):
    bad = {(path, m.group()) for path, text in site.items() for m in UNFILLED.finditer(text)}
    assert not bad, sorted(bad)[:10]


def test_fives_and_threes_captions_name_both_divisions(site):
    # pagat: 6-6 crosswise on 3-6 makes 3 + 12 = 15: 15 / 5 + 15 / 3 = 3 + 5 = 8 points
    en, ja = site["en/gen/fives-and-threes.md"], site["ja/gen/fives-and-threes.md"]
    assert "15 ÷ 5 + 15 ÷ 3 = 3 + 5 = 8 points" in en
    assert "15÷5 + 15÷3 = 3 + 5 = 8点" in ja


def test_explain_names_the_fives_and_threes_division(capsys):
    assert main(["explain", "rules/fives-and-threes/positions/fifteen-scores-eight.yaml", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "multiple of i" not in out and "÷ 5 + 15 ÷ 3" in out


def _entry(page: str, key: str) -> str:
    """One glossary entry: from its heading (anchored ``key``) to the next heading."""
    m = re.search(r"^## .*\{ #" + re.escape(key) + r" \}\n(.*?)(?=^## )", page, re.S | re.M)
    assert m, key
    return m.group(1)


def _group_of(entry: str, vid: str) -> str:
    """The words of the group of the "on this site" line that names the game ``vid``."""
    line = next(x for x in entry.splitlines() if x.startswith("*On this site:*"))
    for group in line.split(" · "):
        if f"]({vid}.md)" in group:
            return group
    raise AssertionError(f"{vid} is not named: {line}")


def test_the_glossary_names_each_game_by_its_own_rules(site, catalog):
    page = site["en/gen/glossary.md"]
    for vid in catalog.page_ids():
        rules = catalog.variant(vid).rules
        if rules.choices.layout != "line":
            continue
        spinners = _group_of(_entry(page, "branch-double"), vid)
        words = {"none": "(none: the line keeps two open ends)", "all": "(every double laid crosswise)",
                 "first": "(only the first double, when laid crosswise)"}[rules.choices.spinners]
        assert spinners.rstrip(".").endswith(words), (vid, spinners)
        lead = _group_of(_entry(page, "set"), vid)
        if rules.params.own_ints("lead_totals"):
            assert " or ".join(map(str, rules.params.own_ints("lead_totals"))) in lead and "any tile" not in lead
    # Five-Up makes every double a spinner (hand-written text once said only Horse Race and Sniff)
    assert "[Five-Up](five-up.md)" in _group_of(_entry(page, "branch-double"), "horse-race")
    # All Threes sets only a tile totalling 3 or 6 (seed 004), not any multiple of three
    assert "3 or 6" in _group_of(_entry(page, "set"), "all-threes")
    assert "multiple of three" not in _entry(page, "set")
    # Fives and Threes has no drawing (the text once named only Block and Matador)
    assert "no drawing" in _group_of(_entry(page, "draw"), "fives-and-threes")


def test_a_card_qualifies_each_rule_by_the_games_params(site):
    three = site["en/gen/all-threes-card.md"]
    lead = next(x for x in three.splitlines() if x.startswith("| **Lead"))
    assert "3 or 6" in lead and "any tile" not in lead
    for vid in ("all-fives", "fives-and-threes", "all-threes"):      # no spinners: no straight sides to fill
        assert "straight side" not in site[f"en/gen/{vid}-card.md"], vid
        assert "直線側" not in site[f"ja/gen/{vid}-card.md"], vid
    assert "straight sides" in site["en/gen/horse-race-card.md"]
    # lists in words: "3 or 6", "2 or 3 players"
    assert "Only a tile whose pips total 3 or 6 may be set." in three
    assert "2 or 3 players" in site["en/gen/sniff-card.md"] and "2か3人" in site["ja/gen/sniff-card.md"]
    # Draw is one hand: nobody leads a next hand
    assert "Next hand" not in site["en/gen/draw-card.md"]
    assert "Next hand" in site["en/gen/block-card.md"]


def test_every_card_has_every_part(site, catalog):
    """The deal, the turn, scoring, the end of a hand and of the game, and what is easy to get wrong,
    on every game's card in both languages (Mexican Train's lacked the last two)."""
    for vid in catalog.page_ids():
        for lang in LANGS:
            card = site[f"{lang}/gen/{vid}-card.md"]
            for part in ("deal", "turn", "scoring", "end", "watch"):
                assert f"{{ #{part} }}" in card, (vid, lang, part)
    mt = site["en/gen/mexican-train-card.md"]
    assert "A double must be covered before anyone plays anywhere else: whoever lays it plays again" in mt


def test_a_term_naming_a_rule_twice_lists_each_game_once(catalog):
    from generator.pages.glossary import who_plays

    games = [catalog.variant(v) for v in catalog.page_ids()]
    assert who_plays(["spinners", "spinners"], games, "en") == who_plays(["spinners"], games, "en")
    line = who_plays(["spinners"], games, "en")
    assert line.count("[Sniff](sniff.md)") == 1


def test_a_diagram_in_words_names_each_tile_once(catalog):
    """All Fives, 1-3 set: both its ends count, 3 and 1; the counted values name the tile once."""
    from generator.families.line.words import text_equivalent
    from generator.engine import Tile
    from generator.families.line.rules import Layout

    v = catalog.variant("all-fives").rules
    p = v.place(Layout(), Tile(1, 3), None)
    en = text_equivalent(p.layout, p.counted, p.open, "en", v)
    assert en.endswith("Counted values: [1|3]: 3 + 1.") and en.count("[1|3]:") == 1


def test_a_page_shows_one_legend(site):
    """Horse Race's text asks for the legend where it explains branch doubles; the first diagram
    already brought it, so it is shown once."""
    for lang in LANGS:
        for vid in ("horse-race", "all-fives", "sniff"):
            assert site[f"{lang}/gen/{vid}.md"].count('class="rb-legend"') == 1, (lang, vid)
