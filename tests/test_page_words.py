"""The shared page code's units and words (issue 47): a target in its
family's unit (marks in a game of tricks) on every page that states it, a
house rule's re-run of its parent's examples in the reader's words and with
the true reason an example cannot be tried (each result said once), one tile
notation per game, and partnerships said to be compulsory where a game has
no solo player counts. Expected values are worked by hand from the rules."""

import re

import pytest

import generator.site.build  # noqa: F401  (loads every family's position kinds, as a build does)
from generator.engine import Tile
from generator.engine.family import family_of
from generator.model import Catalog
from generator.pages.card import card_page
from generator.pages.comparison import cell
from generator.pages.game import deal_table
from generator.pages.houserules import differences_section, rerun_parent_positions, rerun_section
from generator.pages.options import options_page
from generator.site.build import generate

from conftest import ROOT, rules_with

#: A house rule of Texas 42 played to ten marks instead of seven.
TEN_MARKS = ("id: forty-two-to-ten\nextends: texas-42\n"
             "name: {ja: テキサス42（10マーク）, en: Texas 42 to ten marks}\nparams: {target: 10}\n")


@pytest.fixture(scope="module")
def ten(tmp_path_factory):
    rules = rules_with(tmp_path_factory.mktemp("ten"), "texas-42")
    (rules / "forty-two-to-ten").mkdir()
    (rules / "forty-two-to-ten" / "variant.yaml").write_text(TEN_MARKS, encoding="utf-8")
    catalog = Catalog(rules)
    return catalog, catalog.variant("forty-two-to-ten")


@pytest.fixture(scope="module")
def pages(catalog):
    files = generate(catalog, png=False, with_stats=False)
    return {k: v.decode() for k, v in files.items() if k.endswith(".md")}


def _row(md: str, start: str) -> str:
    return next(line for line in md.splitlines() if line.startswith(start))


# -- 1. a target counts its family's unit ------------------------------------------------------------

def test_a_house_rule_of_42_changing_the_target_says_marks_in_both_languages(ten):
    """Texas 42 is played to 7 marks; the house rule to 10. Neither is a number of points."""
    _, child = ten
    en, ja = differences_section(child, "en"), differences_section(child, "ja")
    assert _row(en, "| Game target |") == "| Game target | [first to 7 marks](texas-42.md#marks) | **first to 10 marks** |"
    assert _row(ja, "| 勝ちになるマーク数 |") == "| 勝ちになるマーク数 | [7マーク先取](texas-42.md#marks) | **10マーク先取** |"
    assert "points" not in en and "点先取" not in ja


def test_the_options_page_comparison_and_card_give_42_its_marks(catalog):
    """The options page defines `target` as points and says a game of tricks counts marks; the
    comparison's length of a game and the card say 7 marks for Texas 42, 100 points for All Fives."""
    games = [(vid, catalog.variant(vid).name, catalog.variant(vid)) for vid in catalog.variant_ids()]
    en = _row(options_page(games, "en"), "| <code>target</code>")
    assert "the points (displayed points) that win the game" in en and "counts marks, not points" in en
    assert "マークで数え" in _row(options_page(games, "ja"), "| <code>target</code>")
    t42, fives = catalog.variant("texas-42"), catalog.variant("all-fives")
    assert cell(t42.rules, "length", "en") == "first to 7 marks"
    assert cell(t42.rules, "length", "ja") == "7マークに先に届いた側の勝ち"
    assert cell(fives.rules, "length", "en") == "first to 100 points"
    assert "| **Game** | first team to 7 marks |" in card_page(t42, deal_table(t42, "en"), "en")
    assert "7マークに先に届いた組の勝ち" in card_page(t42, deal_table(t42, "ja"), "ja")


def test_the_glossarys_list_of_who_plays_a_target_gives_42_marks(catalog, ten):
    """A glossary term naming the param `target` lists each game whose target is not its family's
    default, in that family's unit: the 42 house rule to 10 marks, All Fives to 100 points (Texas 42's
    own 7 marks is the default of a game of tricks, so it is not listed)."""
    from generator.pages.glossary import who_plays

    games = [catalog.variant("texas-42"), ten[1], catalog.variant("all-fives")]
    en, ja = who_plays(["target"], games, "en"), who_plays(["target"], games, "ja")
    assert "(game target: first to 10 marks)" in en and "(game target: first to 100 points)" in en
    assert "10 points" not in en and "7 marks" not in en
    assert "10マーク先取" in ja and "100点先取" in ja and "勝ちになるマーク数" in ja


# -- 2. the re-run says its changes in the reader's words --------------------------------------------

def test_the_rerun_of_42s_game_to_seven_marks_under_ten_marks_is_in_words(ten):
    """"A game to seven marks": N+S reach 7 marks in hand 8, E+W have 2 (the example's own working).
    Played to ten, nobody has won after those eight hands: no winner and no winning hand yet."""
    catalog, child = ten
    results = rerun_parent_positions(catalog, child)
    en, ja = rerun_section(results, child, "en"), rerun_section(results, child, "ja")
    assert _row(en, "| A game to seven marks |") == (
        "| A game to seven marks | what changes: game won by N+S → **nobody yet**; "
        "game won in hand 8 → **not yet** |")
    assert _row(ja, "| 7マークまでのゲーム |") == (
        "| 7マークまでのゲーム | 変わるところ：ゲームの勝ち N+S → **まだ決まらない**、"
        "勝ちが決まるハンド 8 → **まだ決まらない** |")
    for md in (en, ja):
        assert not re.search(r"\b(winner|after|none)\b", md)
    # the nine other examples (tricks, follows, whole hands) still hold, said in one row
    assert sum("still holds" in line for line in en.splitlines()) == 1


# -- 3. the true reason, said once ------------------------------------------------------------------

def test_dominicans_table_of_cuban_examples_names_the_set_once(catalog):
    """Cuban is played with a double-nine set and each of its examples holds a tile above six
    (5-8, 2-9, 4-7, 8-9, 0-7, 2-8, 4-9, 3-8, and the whole hand's 9-9); Dominican is played with a
    double-six set. So none can be tried, because of its tiles (not its moves), and the table says so
    in one row naming them all."""
    child = catalog.variant("dominican")
    results = rerun_parent_positions(catalog, child)
    assert len(results) == 9
    en, ja = rerun_section(results, child, "en"), rerun_section(results, child, "ja")
    body = [line for line in en.splitlines() if line.startswith("| ") and not line.startswith("| Example")]
    assert len(body) == 1
    assert body[0].endswith("| no longer possible: its tiles are not in this game's double-six set |")
    assert all(r["title"]["en"] in body[0] for r in results)
    assert "moves do not fit" not in en and "手順がこのルールに合わない" not in ja
    assert ja.count("この例の牌が、このゲームのダブルシックスのセットにない") == 1


def test_an_example_a_rule_choice_forbids_names_that_rule(tmp_path):
    """Texas 42 without doubles as trumps: its two examples that name the doubles trumps (a bid made
    with them, a trick with them) cannot be tried, because of that rule, not because of "its moves";
    its other examples hold (a trump suit, follow-suit, a whole hand in fives, the auctions played out
    ... and the game to seven marks, which this house rule leaves at seven)."""
    rules = rules_with(tmp_path, "texas-42")
    (rules / "no-double-trumps").mkdir()
    (rules / "no-double-trumps" / "variant.yaml").write_text(
        "id: no-double-trumps\nextends: texas-42\nname: {ja: ダブルなし, en: No doubles trumps}\n"
        "choices: {doubles_trump: not-allowed}\n", encoding="utf-8")
    catalog = Catalog(rules)
    child = catalog.variant("no-double-trumps")
    results = rerun_parent_positions(catalog, child)
    en, ja = rerun_section(results, child, "en"), rerun_section(results, child, "ja")
    assert ("| A bid made with the doubles as trumps; A trick with the doubles as trumps | no longer possible: it "
            "breaks a rule of this game: Doubles as trumps, not allowed: trumps are a suit from 0 to 6 |") in en
    assert "このゲームの「ダブルの切り札」の決まり（できない。切り札は0〜6のスート）に合わない" in ja
    statuses = [r["status"] for r in results]
    assert statuses.count("holds") == len(results) - 2
    assert "[allowed: the doubles form the trump suit, 6-6 highest](texas-42.md#trumps)" in \
        differences_section(child, "en")


def test_chicken_foot_on_a_cross_names_the_missing_arm_once_a_cell(catalog):
    """The cross has four arms (a to d) where Chicken Foot has six (a to f). "The centre double takes
    its six tiles first" states the arms to fill first as b, c, d, e, f, arm f among the arms, and
    the 2-9's plays on b to f; on the cross only b, c and d are left to fill, arm f is not there, and
    the 2-9 may go on b, c or d."""
    child = catalog.variant("chicken-foot-cross")
    en = rerun_section(rerun_parent_positions(catalog, child), child, "en")
    row = _row(en, "| The centre double takes its six tiles first |")
    assert "arms to fill first b, c, d, e, f → **b, c, d**" in row
    assert row.count("it uses arm e and arm f, which this table does not have") == 1
    assert "legal plays [2\\|9] on arm b, [2\\|9] on arm c, [2\\|9] on arm d, [2\\|9] on arm e, " \
           "[2\\|9] on arm f → **[2\\|9] on arm b, [2\\|9] on arm c, [2\\|9] on arm d**" in row
    assert "moves do not fit" not in en
    ja = _row(rerun_section(rerun_parent_positions(catalog, child), child, "ja"), "| 中央のダブルが先に6枚を受ける |")
    assert ja.count("このテーブルにない枝eと枝fを使っている") == 1 and "出せる手 枝bに[2\\|9], 枝cに[2\\|9]" in ja
    assert " on " not in ja


def test_chicken_foot_on_a_cross_gives_each_example_that_lacks_an_arm_the_same_reason(catalog):
    """Every Chicken Foot example but the match is laid or answered on arms e and f, which the
    cross (arms a to d) lacks. An example whose table cannot be laid on the cross (an arm e or f
    with tiles on it) is no longer possible, and says both arms. "While the centre still has empty
    arms" lays only arms a, b and d around the 8-8 and asks where A, holding 1-5, 8-2 and 3-3, may
    play: Chicken Foot answers c, e and f (the centre's empty arms, which the 8-2 fits and which come
    first); on the cross only c is empty, so the answer becomes c: it changes, and names both arms
    it used that the cross lacks."""
    child = catalog.variant("chicken-foot-cross")
    results = rerun_parent_positions(catalog, child)
    for lang, changes, gone, arms in (("en", "what changes: ", "no longer possible: ", "it uses arm e and arm f, "
                                                                                        "which this table does not have"),
                                      ("ja", "変わるところ：", "このルールでは試せない：", "このテーブルにない枝eと枝fを使っている")):
        md = rerun_section(results, child, lang)
        rows = [line for line in md.splitlines() if line.startswith("| ") and arms in line]
        assert len(rows) == 3, (lang, rows)           # the six not laid together, the centre practice, the centre table
        assert sum(1 for line in rows if line.endswith(f"| {gone}{arms} |")) == 1
        assert all(gone in line or changes in line for line in rows)
        assert "arm e, which" not in md and "枝eを使っている" not in md
    en = rerun_section(results, child, "en")
    assert "| While the centre still has empty arms | what changes: arms to play on c, e, f → **c**; " \
           "it uses arm e and arm f, which this table does not have |" in en
    assert "出せる枝 c, e, f → **c**" in rerun_section(results, child, "ja")


def test_no_house_rule_page_says_a_result_twice(catalog):
    """Over every house rule, in both languages: no two rows of the re-run give the same result, and
    no cell says the same thing twice."""
    for vid in catalog.variant_ids():
        child = catalog.variant(vid)
        if child.parent is None:
            continue
        results = rerun_parent_positions(catalog, child)
        for lang, sep in (("en", "; "), ("ja", "、")):
            md = rerun_section(results, child, lang)
            cells = [line.rsplit(" | ", 1)[1][:-2] for line in md.splitlines()[6:] if line.startswith("| ")]
            assert len(cells) == len(set(cells)), (vid, lang)
            for c in cells:
                parts = c.split("：" if lang == "ja" else ": ", 1)[-1].split(sep)
                assert len(parts) == len(set(parts)), (vid, lang, c)


# -- 4. one tile notation per game ------------------------------------------------------------------

_TILE = re.compile(r"(?<![0-9\-–.:/A-Za-z_])([0-9]{1,2})-([0-9]{1,2})(?![0-9\-A-Za-z_])")


def test_each_game_writes_its_tiles_one_way(catalog, pages):
    """A game of tricks writes a tile higher end first (6-4), as 42 players do; every other game
    lower end first (1-4 in its text, [1|4] in the engine's words): in the rule text, tables,
    captions, text equivalents and on the card."""
    assert family_of("tricks").tile_name(Tile(4, 6)) == "6-4"
    assert family_of("line").tile_name(Tile(6, 4)) == "[4|6]"
    for vid in catalog.variant_ids():
        high_first = catalog.variant(vid).rules.family == "tricks"
        for lang in ("ja", "en"):
            for page in (f"{lang}/gen/{vid}.md", f"{lang}/gen/{vid}-card.md"):
                text = pages[page]
                wrong = [m.group(0) for m in _TILE.finditer(text)
                         if (int(m.group(1)) < int(m.group(2))) == high_first and m.group(1) != m.group(2)]
                assert not wrong, (page, wrong[:5])
                brackets = [(int(a), int(b)) for a, b in re.findall(r"\[(\d+)\\?\|(\d+)\]", text)]
                assert not brackets if high_first else all(a <= b for a, b in brackets), page


def test_the_authoring_guide_says_which_notation_each_game_uses():
    for lang, words in (("en", ("higher end first", "lower end first", "fixed form")),
                        ("ja", ("大きいほうの数を先に", "小さいほうの数が先", "決まった形"))):
        guide = (ROOT / "docs" / lang / "authoring.md").read_text(encoding="utf-8")
        section = guide.split("{ #tiles-and-attachment-points }", 1)[1].split("\n## ", 1)[0]
        assert all(w in section for w in words), lang
        assert "always puts the lower number first" not in section


# -- 5. partnerships compulsory where nobody plays alone --------------------------------------------

def test_partnerships_are_compulsory_where_the_game_has_no_solo_counts(catalog):
    """Texas 42 and Cuban are played only by four in two partnerships (no solo player counts): 42 deals
    all 28 tiles, 7 each; Cuban deals 10 each of 55, 15 left out. Horse Race's four may play alone or
    in partnerships: 5 each of 28, 8 left."""
    t42, cuban, horse = (catalog.variant(v) for v in ("texas-42", "cuban", "horse-race"))
    assert "| 4 | 7 | 0 | compulsory |" in deal_table(t42, "en")
    assert "| 4 | 10 | 15 | compulsory |" in deal_table(cuban, "en")
    assert "| 4 | 10 | 15 | 必ず組む |" in deal_table(cuban, "ja")
    assert "| 4 | 5 | 8 | optional |" in deal_table(horse, "en")
    card = card_page(t42, deal_table(t42, "en"), "en")
    assert "| 4 | 7 | 0 | compulsory |" in card and "| yes |" not in card


# -- teaching: practice on every page ----------------------------------------------------------------

def test_every_game_page_has_at_least_three_practice_positions(catalog, pages):
    """The README's promise: every game's page, house rules included, asks the reader at least three
    practice questions (a practice block is an example whose answer the engine checks)."""
    for vid in catalog.variant_ids():
        for lang in ("ja", "en"):
            blocks = re.findall(r'class="rb-example[^"]*\brb-practice\b', pages[f"{lang}/gen/{vid}.md"])
            assert len(blocks) >= 3, (vid, lang, len(blocks))
# -- 6. the words of a game of tricks --------------------------------------------------------------

def test_the_nello_card_says_when_each_bid_is_made(catalog):
    """The card's "Made or set" row follows the bids the game has: a bid of 30 to 41 needs that many
    points; a bid in marks (42 and up) and the plunge need all seven tricks (42 points: every trick
    is worth at least its one point); Nel-O is made only when the bidder takes no trick. Plain
    Texas 42 has neither Nel-O nor the plunge, so its row names neither."""
    nello, plain = catalog.variant("texas-42-nello"), catalog.variant("texas-42")
    en = _row(card_page(nello, deal_table(nello, "en"), "en"), "| **Made or set** |")
    assert "a bid of 30 to 41 is made with at least that many points" in en
    assert "a bid in marks (42, 84 and up) needs all seven tricks; so does a plunge" in en
    assert "Nel-O is made only if the bidder takes no trick at all" in en
    ja = _row(card_page(nello, deal_table(nello, "ja"), "ja"), "| **成立かセットか** |")
    assert "プランジも7トリックすべてが必要" in ja and "ネロはビッドした人がトリックを1つも取らなければ成立" in ja
    plain_en = _row(card_page(plain, deal_table(plain, "en"), "en"), "| **Made or set** |")
    assert "Nel-O" not in plain_en and "plunge" not in plain_en and "all seven tricks" in plain_en


def test_a_deals_notes_on_the_bidding_are_not_filed_under_a_trick(pages):
    """"W outbid S, and N outbid W" tells the bidding of "An auction both teams fight over", before any
    trick is played: it stands under the example's title, and the note under trick 1 speaks of that
    trick only (N leads the top trump, 6-6, to draw the others' trumps). No deal example of Texas
    42 files the bidding (a bid, an outbid, a pass) under a trick, in either language."""
    en, ja = pages["en/gen/texas-42.md"], pages["ja/gen/texas-42.md"]
    example = en.split('id="ex-deal-contest"', 1)[1].split("</details>", 1)[0]
    assert '<p class="rb-note">W outbid S, and N outbid W; E passed' in example
    assert "- Trick 1: N leads the top trump first, to draw the others' trumps." in example
    for md, trick, words in ((en, "- Trick ", ("bid", "pass")), (ja, "- トリック ", ("ビッド", "パス"))):
        notes = [line for line in md.splitlines() if line.startswith(trick)]
        assert notes
        assert not [n for n in notes if any(w in n for w in words)]
