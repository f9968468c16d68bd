"""A reference players can trust (issue 13): the rules as the source documents
state them, sources a reader can find, words instead of author notation.
Every expected value is worked by hand from the rules."""

import re

import pytest

from generator.engine import End, Tile
from generator.families.line.rules import Layout
from generator.site.build import generate

from conftest import RULES


@pytest.fixture(scope="module")
def pages(catalog):
    files = generate(catalog, png=False, with_stats=False)
    return {k: v.decode() for k, v in files.items() if k.endswith(".md")}


def T(text):
    return Tile.parse(text)


def test_the_largest_end_total_is_22_and_the_largest_score_20(catalog, pages):
    af = catalog.variant("all-fives").rules
    # 5-6 set (11), 5-5 crosswise on the 5 (10 + 6 = 16), 6-6 crosswise on the 6 (10 + 12 = 22)
    p = af.place(Layout(), T("5-6"), None)
    p = af.place(p.layout, T("5-5"), End(T("5-6"), "5"))
    assert (p.total, p.points) == (16, 0)
    p = af.place(p.layout, T("6-6"), End(T("5-6"), "6"))
    assert (p.total, p.points) == (22, 0)
    en, ja = pages["en/gen/all-fives.md"], pages["ja/gen/all-fives.md"]
    assert "largest total the two ends can ever show" not in en
    assert "up to 22" in en and "22まで" in ja


def test_all_threes_sets_only_the_books_six_tiles(catalog):
    book = catalog.variant("all-threes").rules
    wide = catalog.variant("all-threes-ten").rules
    tiles = book.params.tiles
    # the book: 6-0, 5-1, 3-3, 4-2, 3-0, 2-1 (pips totalling 3 or 6)
    assert {str(t) for t in tiles if book.lead_allowed(t)} == {"0-6", "1-5", "3-3", "2-4", "0-3", "1-2"}
    # by the multiple-of-three rule alone: those and 0-0, 3-6, 4-5, 6-6
    assert {str(t) for t in tiles if wide.lead_allowed(t)} == {"0-6", "1-5", "3-3", "2-4", "0-3", "1-2",
                                                               "0-0", "3-6", "4-5", "6-6"}
    assert catalog.variant("all-threes-ten").parent.id == "all-threes"


def test_a_crosswise_3_3_also_raises_the_total_by_three(catalog):
    a3 = catalog.variant("all-threes").rules
    # 0-3 set (3), then 3-3 crosswise on the 3: 0 + 6 = 6, 6 points
    p = a3.place(Layout(), T("0-3"), None)
    p = a3.place(p.layout, T("3-3"), End(T("0-3"), "3"), "cross")
    assert (p.total, p.points) == (6, 6)


def test_the_three_player_all_fives_hand_counts_the_set(catalog, pages):
    cp = catalog.position(RULES / "all-fives" / "positions" / "turn-three-player-hand.yaml")
    by_a = [ev.placement.points for ev in cp.outcome.events if ev.placement is not None and ev.player == "A"]
    assert by_a == [5, 0, 15, 5, 5] and sum(by_a) == 30          # 1-4 set, 6-6, 3-3, 2-2, 0-5
    assert cp.outcome.hand.scores["A"] == 30 + 17 == 47
    assert "5 + 15 + 5 + 5 = 30" in pages["en/gen/all-fives.md"]
    assert "5＋15＋5＋5＝30" in pages["ja/gen/all-fives.md"]


def test_the_difference_is_read_two_ways(catalog, pages):
    # N 6, E 10, S 15, blocked. Block: 10 + 15 - 6 = 19; All Fives: (10 - 6) + (15 - 6) = 13.
    hands = {"N": 6, "E": 10, "S": 15}
    assert catalog.variant("block").rules.settle(["N", "E", "S"], hands, None).points == {"N": 19}
    assert catalog.variant("all-fives").rules.settle(["N", "E", "S"], hands, None).points == {"N": 13}
    # N 9, E 15, S 21: Matador 36 - 9 = 27; All Fives' count (15 - 9) + (21 - 9) = 18
    hands = {"N": 9, "E": 15, "S": 21}
    assert catalog.variant("matador").rules.settle(["N", "E", "S"], hands, None).points == {"N": 27}
    assert catalog.variant("all-fives").rules.settle(["N", "E", "S"], hands, None).points == {"N": 18}
    for page in ("block", "matador", "all-fives"):
        for lang in ("ja", "en"):
            text = pages[f"{lang}/gen/{page}.md"]
            assert ("差額" in text) if lang == "ja" else ('"The difference"' in text or '"the difference"' in text)
    assert "4 + 9 = 13" in pages["en/gen/block.md"] and "6 + 12 = 18" in pages["en/gen/matador.md"]


def test_w_draws_eight_tiles_before_the_5_5(catalog, pages):
    cp = catalog.position(RULES / "draw" / "positions" / "hand-blocked-tie.yaml")
    draws = []
    for ev in cp.outcome.events:
        if ev.player == "W" and ev.kind == "draw":
            draws.append(str(ev.drawn))
        if ev.placement is not None and str(ev.placement.tile) == "5-5":
            break
    assert draws == ["2-2", "0-1", "4-4", "0-0", "2-3", "0-3", "1-6", "5-5"]
    assert "draws eight tiles" in pages["en/gen/draw.md"] and "8枚引き" in pages["ja/gen/draw.md"]


def test_the_comparison_page_says_what_it_compares(pages):
    en, ja = pages["en/gen/family.md"], pages["ja/gen/family.md"]
    # every game is compared, in a table of its family's (none is left out as "played otherwise")
    assert "every game on this site, grouped by the way its tiles are laid out" in en
    assert "played otherwise" not in en
    assert "## Games of trains { #trains }" in en and "## ダブルの木のゲーム { #tree }" in ja

    def cell(row_start: str, k: int) -> str:
        """The k-th game's value in the row of the line table that starts so, its phone label taken off."""
        row = next(line for line in en.splitlines() if line.startswith(row_start))
        return row.split(" | ")[k].split("</span>", 1)[1].strip(" |")
    # Block (3rd game): going out does not take off the partner's pips
    assert cell("| **[End of a hand]", 3) == ("going out scores the other sides' pips; when blocked, the lowest side "
                                              "scores the others' pips less its own; a tie scores nothing")
    assert cell("| **[Lead (set)]", 4) == ("chosen by lot; any tile; later hands: whoever went out (after a block, "
                                           "as for the first hand)")
    assert "目の合計が3か6の牌だけをセット" in ja


def test_sources_name_no_internal_file(pages):
    internal = re.compile(r"\d{3}_[0-9a-f]{8,}|\.txt\b|seed[ -]?00\d|seed-004|shared/notes|reading\.md", re.I)
    for name, text in pages.items():
        assert not internal.search(text), (name, internal.search(text).group(0))
    hr = pages["en/gen/horse-race.md"].split("{ #sources }")[1]
    assert "guide to Horse Race" in hr
    block = pages["en/gen/block.md"].split("{ #sources }")[1]
    assert "seven tiles each to two players and five each to three or four" in block


def test_reconstructions_are_listed(pages):
    sniff = pages["en/gen/sniff.md"].split("{ #sources }")[1]
    matador = pages["en/gen/matador.md"].split("{ #sources }")[1]
    assert "partner" in sniff.lower() and "partnership" in matador.lower()


def test_horse_race_keeps_the_guides_japanese_terms(pages):
    ja = pages["ja/gen/horse-race.md"]
    assert "パートナー" in ja and "相棒" not in ja
    assert "[クリベッジ盤](glossary.md#cribbage-board)" in ja


def test_glossary_in_gojuon_order_with_readings_and_other_names(catalog, pages):
    ja = pages["ja/gen/glossary.md"]
    heads = re.findall(r"^## (.+) \{ #", ja, re.M)
    # hand-ordered by reading: あがり (上がり), えんじん, おや (親, Pai Gow's banker), かうんとはい (う, of the
    # あ row, before ぞ), かぞえるきよち, かぴくー (ぞ, of the さ row, before ぴ, of the は row; ぴ before ん),
    # かんさんまえのとくてん ... other names stand in the heading, after the term
    assert heads[:7] == ["上がり（ドミノ）", "エンジン", "親（バンカー・胴元）", "カウント牌（カウント）", "数える寄与値",
                         "カピクー（カピクア）", "換算前の得点"]
    assert "## ダブル（ゾロ目・ぞろ目） { #double }" in ja
    en = pages["en/gen/glossary.md"]
    heads = re.findall(r"^## (.+) \{ #(?!game-names)", en, re.M)
    assert heads == sorted(heads, key=str.casefold)
    assert "## stock (boneyard, talon, bone pile) { #stock }" in en


def test_games_carry_the_names_players_use(pages):
    """A game's other names show under its title and in the glossary's table
    of game names, in the reader's language (and only there)."""
    assert '<p class="rb-aka">ほかの呼び方：ドロー・ドミノ、ドロー・ゲーム</p>' in pages["ja/gen/draw.md"]
    assert "rb-aka" not in pages["en/gen/horse-race.md"]            # no English other name is given
    # the Horse Race guide gives no other name (a literal 競馬, "horse racing", is not a domino game's name)
    assert "rb-aka" not in pages["ja/gen/horse-race.md"] and "競馬" not in pages["ja/gen/horse-race.md"]
    assert '<p class="rb-aka">Also called: Muggins</p>' in pages["en/gen/all-fives.md"]
    ja = pages["ja/gen/glossary.md"].split("{ #game-names }")[1]
    assert "| [ホースレース](horse-race.md) | Horse Race | — |" in ja
    assert "| [ドロー](draw.md) | Draw | ドロー・ドミノ、ドロー・ゲーム |" in ja
    en = pages["en/gen/glossary.md"].split("{ #game-names }")[1]
    assert "| [All Fives](all-fives.md) | オール・ファイブ | Muggins |" in en
    assert "| [Horse Race](horse-race.md) | ホースレース | — |" in en
    assert "all-threes-ten.md" in en and "draft" not in en


def test_pages_name_ends_and_rules_in_words(pages):
    matador = pages["en/gen/matador.md"]
    assert "**✗ [0|3] may not go on the low end of [0|2]**: [only a matador may join a blank end" in matador
    assert not re.search(r"rule `?matador/|`matador/", matador)
    turns = pages["en/gen/block.md"]
    assert "| 2 | N | plays [4\\|6] on the right-hand side of [6\\|6] | 4 / 6 | E |" in turns
    assert not re.search(r"→ \d-\d:", turns)
    ja = pages["ja/gen/matador.md"]
    assert "[0|3]を[0|2]の目が少ない端に置くことはできません" in ja


def test_the_legend_comes_before_the_first_diagram(pages):
    from generator.engine.family import family_of
    from generator.model import Catalog

    cat = Catalog(RULES)
    single = {vid for vid in cat.variant_ids() if family_of(cat.variant(vid).rules.family).single_line}
    for name, text in pages.items():
        game = name.rsplit("/", 1)[-1].removesuffix(".md")
        if "/gen/" not in name or "diagrams/" not in text or game not in single:
            continue                        # (a trains table, a trick, a tree, Chinese tiles: no legend of line marks)
        first_diagram = text.index("](diagrams/")
        assert 'class="rb-legend"' in text[:first_diagram], name


def test_the_ten_tile_reading_re_runs_all_threes_examples(pages):
    # All Threes refuses 3-6 as the set (step 2 of "Which tiles may be set"); the wider reading allows it,
    # so the example goes otherwise (a play became possible: not "no longer possible")
    en = pages["en/gen/all-threes-ten.md"]
    assert ("| Which tiles may be set | the example no longer goes as written: the play refused at step 2 is "
            "allowed under these rules (was: only certain tiles may be set) |") in en


def test_a_position_no_section_places_is_shown_under_more_worked_examples(tmp_path):
    """Every checked position reaches its page: one that no section of the
    rule text places (and that is not a practice drill) is drawn under "More
    worked examples" in both languages, after the rule text; while every
    position is placed, the page has no such section."""
    import shutil

    from generator.model import Catalog

    shutil.copytree(RULES / "draw", tmp_path / "draw")
    shutil.copy(RULES / "glossary.yaml", tmp_path / "glossary.yaml")
    (tmp_path / "draw" / "stats.json").unlink()
    before = generate(Catalog(tmp_path), png=False, with_stats=False)
    assert all(b"more-examples" not in before[f"{lang}/gen/draw.md"] for lang in ("ja", "en"))
    (tmp_path / "draw" / "positions" / "zz-unplaced.yaml").write_text(
        "variant: draw\n"
        "title: {ja: 置き場のない例, en: An example no section places}\n"
        "settle:\n  out: B\n  hands: {B: [], W: ['1-2']}\n"
        "  expect: {winners: [B], points: {}, raw: {}}\n", encoding="utf-8")
    after = generate(Catalog(tmp_path), png=False, with_stats=False)
    for lang, heading, title in [("en", "More worked examples", "An example no section places"),
                                 ("ja", "そのほかの例", "置き場のない例")]:
        md = after[f"{lang}/gen/draw.md"].decode()
        assert md.count(f"## {heading} {{ #more-examples }}") == 1
        more = md.index("{ #more-examples }")
        assert md.count(title) == 1 and md.index(title) > more          # drawn there, and only there
        assert more > md.index("## ", md.index("\n")) and more < md.index("{ #sources }")


def test_sides_of_doubles_are_named_as_the_reader_sees_them(pages):
    # Horse Race's four steps: the 5-5 is set crosswise, so its straight sides lie left and right and its
    # side branches up and down; the 2-5 goes on side b, the 3-5 on side a, the 4-5 on side branch a
    hr_en, hr_ja = pages["en/gen/horse-race.md"], pages["ja/gen/horse-race.md"]
    assert "[2|5] placed on [5|5] (right-hand side)." in hr_en
    assert "[3|5] placed on [5|5] (left-hand side)." in hr_en
    assert "[4|5] placed on [5|5] (upper side branch)." in hr_en
    assert "[4|5]を置く（[5|5]の上の側枝に接続）。" in hr_ja
    # a lengthwise double has no side branches to name (Sniff's refused 3-6)
    assert "[3|6] may not go on the side branch of [3|3]" in pages["en/gen/sniff.md"]
    letters = re.compile(r"straight side [AB]\b|side branch [AB]\b|直線側[AB]|側枝[AB]")
    assert [k for k, v in pages.items() if "/gen/" in k and letters.search(v)] == []
