"""The pages read beside their sources: what a review against the cited
documents found wrong, each checked against the engine (values worked by
hand) or against what the source says (quoted in the test)."""

import pytest

from generator.engine import End, RuleViolation, Tile
from generator.families.line.rules import Layout
from generator.site.build import generate

pytestmark = pytest.mark.whole_site

T = Tile


@pytest.fixture(scope="module")
def pages(catalog):
    files = generate(catalog, png=False, with_stats=False)
    return {k: v.decode("utf-8") for k, v in files.items() if k.endswith(".md")}


def test_all_threes_sets_only_the_books_six_and_a_zero_total_comes_later(catalog, pages):
    """Seed 004, All Threes: only 6-0, 5-1, 3-3, 4-2, 3-0, 2-1 may be set (totals 3 or 6), so not
    0-0; a total of 0 can still arise: 0-3 set (3), 3-6 on the 3 (0 + 6 = 6), 0-6 on the 6 (0 + 0)."""
    a3 = catalog.variant("all-threes").rules
    with pytest.raises(RuleViolation) as exc:
        a3.place(Layout(), T(0, 0), None)
    assert exc.value.rule.endswith("/set")
    p = a3.place(Layout(), T(0, 3), None)
    p = a3.place(p.layout, T(3, 6), End(T(0, 3), "3"))
    assert (p.total, p.points) == (6, 6)
    p = a3.place(p.layout, T(0, 6), End(T(3, 6), "6"))
    assert (p.total, p.points) == (0, 0)
    # the ten-tile reading (a house rule) does let 0-0 be set, for nothing
    assert catalog.variant("all-threes-ten").rules.place(Layout(), T(0, 0), None).points == 0
    en, ja = pages["en/gen/all-threes.md"], pages["ja/gen/all-threes.md"]
    assert "we also allow 3-6, 4-5, 6-6 and 0-0" not in en and "0-0も出せるものとしました" not in ja
    assert "such as a 0-0 set, is a multiple of three and may be played" not in en
    assert "so 3-6, 4-5, 6-6 and 0-0 may not be set" in en


def test_the_club_sheet_page_states_where_the_engine_departs_from_the_sheet(catalog, pages):
    """The Idaho Good Sam sheet deals first and has the holder of the round's double set it, so its
    stock after the deal is 91 less the tiles dealt: 91 - 2 x 16 = 59, 91 - 3 x 15 = 46, 91 - 4 x 14 =
    35, 91 - 5 x 13 = 26, 91 - 6 x 12 = 19, 91 - 7 x 11 = 14, 91 - 8 x 10 = 11. This site sets the
    engine out before the deal: one fewer each."""
    club = catalog.variant("mexican-train-club").rules
    assert [club.stock_size(n) for n in range(2, 9)] == [58, 45, 34, 25, 18, 13, 10]
    en, ja = pages["en/gen/mexican-train-club.md"], pages["ja/gen/mexican-train-club.md"]
    assert "59, 46, 35, 26, 19, 14 and 11" in en and "59、46、35、26、19、14、11枚" in ja
    assert "58, 45, 34, 25, 18, 13 and 10" in en
    # the sheet: "for a shorter game, any double can be used" (it names no single 12-12 round)
    assert "start from any double" in en
    assert "Short of time, a table may play a single round" not in en
    assert "everything else is played as on this site's Mexican Train page" not in en


def test_number_9_train_states_what_it_plays_of_pagats_page_and_what_not(catalog, pages):
    """Pagat's Number 9 Train deals 11 each to as many as five, which with five uses all 55 tiles
    (5 x 11 = 55); this site sets the engine out first, so five take 10 each: 55 - 1 - 50 = 4 left.
    Pagat scores every play (2 a tile, 5 more for starting a train from the hub, 5 more for the
    starting double) and the highest score wins; the engine plays Mexican Train's penalties, and the
    page says so."""
    n9 = catalog.variant("number-9-train").rules
    assert n9.params.deal[5] == 10 and n9.stock_size(5) == 4
    assert n9.choices.settlement == "penalty"
    en, ja = pages["en/gen/number-9-train.md"], pages["ja/gen/number-9-train.md"]
    assert "uses up all 55 tiles" in en and "55枚をすべて配り切ります" in ja
    assert "2 points for each tile laid, 5 more for starting a train from the hub" in en
    assert "1枚2点、ハブから新しいトレインを始めるとさらに5点" in ja
    assert "This site does not score that way" in en
    # the comparison's options row names each game's own set (Mexican Train's column: double-twelve)
    assert "| only the number of rounds; everyone plays alone, always with double-nine |" in en


def test_sniff_states_pagats_reading_as_a_different_one(catalog, pages):
    """Pagat's American Sniff: the sniff's ends keep counting while exposed; its example, a 4-4 set
    (8) and a 6-4 on it, makes 4 + 4 + 6 = 14. Our count gives 14 there too (the sniff has an open
    straight side); once both straight sides are filled, ours counts the sniff 0: a 1-4 on its other
    straight side leaves 6 + 1 = 7."""
    sniff = catalog.variant("sniff").rules
    p = sniff.place(Layout(), T(4, 4), None)
    assert p.total == 8
    p = sniff.place(p.layout, T(4, 6), End(T(4, 4), "a"))
    assert p.total == 14
    p = sniff.place(p.layout, T(1, 4), End(T(4, 4), "b"))
    assert p.total == 7
    en = pages["en/gen/sniff.md"]
    assert "likewise treats the crosswise sniff like an ordinary spinner" not in en
    assert "4 + 4 + 6 = 14" in en and '"stubby" spinner' in en


def test_fives_and_threes_is_to_exactly_61_as_pagat_has_it(catalog, pages):
    """Pagat: "a score that would take the total over 61 is disregarded"; and nobody scores the
    point for going out in a block (no source gives the lightest hand anything)."""
    ft = catalog.variant("fives-and-threes").rules
    assert ft.choices.target_score == "exact"
    s = ft.settle(["A", "B"], {"A": 0, "B": 9}, "A", scores={"A": 61 - 1, "B": 0})
    assert s.scores_after == {"A": 61, "B": 0} and s.game_winners == ("A",)
    s = ft.settle(["A", "B"], {"A": 0, "B": 9}, "A", scores={"A": 61, "B": 0})      # 62 would pass 61
    assert s.scores_after == {"A": 61, "B": 0}
    en = pages["en/gen/fives-and-threes.md"]
    assert "As Pagat describes it, a score that would take a total past 61 is not counted" in en
    assert "the lightest hand wins the hand" not in en and "this page's engine counts 61 or more" not in en


def test_block_credits_the_heaviest_tile_only_to_the_source_that_gives_it(pages):
    en = pages["en/gen/block.md"]
    assert "sets that tile (learnplaywin.net, zpag.net)" not in en
    assert "zpag.net does not say what happens then" in en


def test_draw_faq_says_only_what_its_source_says(pages):
    """Seed 003's FAQ: Chinese checkers uses a star-shaped board and jumping does not capture."""
    en, ja = pages["en/gen/draw.md"], pages["ja/gen/draw.md"]
    assert "pegs or marbles" not in en
    assert "star-shaped board, where a piece may jump over a neighbouring one without capturing it" in en
    assert "跳び越しても取ることはありません" in ja
