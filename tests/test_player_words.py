"""What a new reader found in the pages' words (issue: newuser2, sections 2 and 3): a game's
comparison cells come from its own rules (Cyprus's eight-armed star grows eight ways, Sebastopol's
four); a player who plays alone is scored against "the other players" and its own hand, never
"sides" (partnership games keep "side"); a deal that leaves nothing says the whole set is dealt; the
trick games' "No play" row says it never happens, and why; a house rule's re-run of its parent's
examples says a play that became possible is not "no longer possible", names open ends as the
diagrams do, and gives the true reason a drawn example fails under `draw: until-playable`; a star
game's branch double is its spinner in both languages. Expected words are worked by hand from the
rules and the position files."""

import pytest

import generator.site.build  # noqa: F401  (loads every family's position kinds, as a build does)
from generator.cli.main import main
from generator.engine import RuleViolation
from generator.families.line.rules.hand import Hand
from generator.model import Catalog
from generator.pages.comparison import cell, compare_cell
from generator.pages.houserules import rerun_parent_positions, rerun_section

from conftest import RULES, T, rules_with


def explain(capsys, path, lang: str) -> str:
    assert main(["explain", "--lang", lang, str(path)]) == 0
    return capsys.readouterr().out


# -- the comparison's rows, from each game's rules -----------------------------------------------

def test_the_comparison_says_how_many_ways_each_star_grows(catalog):
    """Cyprus (`side_branches: eight-arm-star`): four sides and four corners, eight ways; Sebastopol
    (`spinner-first`) and Sniff: the four sides of the first double, four ways."""
    cyprus, sebastopol = catalog.variant("cyprus").rules, catalog.variant("sebastopol").rules
    assert cell(cyprus, "layout", "en") == ("one line, which may grow eight ways from the first double "
                                            "(its four sides and four corners)")
    assert cell(cyprus, "layout", "ja") == "1本の列。最初のダブルの四辺と四隅から八方向に伸びることがある"
    for game in ("sebastopol", "sniff"):
        assert cell(catalog.variant(game).rules, "layout", "en") == \
            "one line, which may grow four ways from the first double"
    assert "四方向" in cell(sebastopol, "layout", "ja") and "八方向" not in cell(sebastopol, "layout", "ja")


def test_the_settlement_row_says_players_where_nobody_plays_in_partnerships(catalog):
    """Cyprus and Sebastopol (no partnerships, `opponents-less-own`): the players; Block, which may be
    played in partnerships, keeps "side"."""
    for game in ("cyprus", "sebastopol"):
        rules = catalog.variant(game).rules
        assert cell(rules, "hand_end", "en") == (
            "going out scores the other players' pips; when blocked, the player with the lowest hand scores "
            "the others' pips less its own; a tie scores nothing")
        assert cell(rules, "hand_end", "ja").startswith("上がった人はほかの人の残りの目を得点")
        assert "side" not in cell(rules, "hand_end", "en") and "側" not in cell(rules, "hand_end", "ja")
    block = catalog.variant("block").rules
    assert cell(block, "hand_end", "en").startswith("going out scores the other sides' pips")


def test_a_deal_that_leaves_nothing_says_the_whole_set_is_dealt(catalog):
    """Sebastopol: four players, 7 each, 4 x 7 = 28 = the double-six set: nothing is left, so nothing
    is said of undealt tiles. Block leaves 14 with two players (28 - 2 x 7), so it keeps them."""
    sebastopol = catalog.variant("sebastopol").rules
    assert cell(sebastopol, "deal", "en") == "4: 7 each (0 left). The whole set is dealt"
    assert cell(sebastopol, "deal", "ja") == "4人：7枚（残り0）。牌はすべて配られる"
    assert cell(catalog.variant("block").rules, "deal", "en").endswith(
        "4: 7 each (0 left). Undealt tiles stay out of play")


def test_the_trick_games_no_play_row_says_it_never_happens(catalog):
    """In a game of tricks a player who cannot follow suit plays any tile, so nobody is ever without
    a play; Texas 42 deals all 28 tiles (4 x 7), Moon 21 of its 22 (3 x 7, the widow to the bidder)."""
    assert compare_cell(catalog.variant("texas-42").rules, "drawing", "en") == (
        "never: a player who cannot follow suit may play any tile, and there is nothing to draw "
        "(the whole set is dealt)")
    assert compare_cell(catalog.variant("moon").rules, "drawing", "en") == (
        "never: a player who cannot follow suit may play any tile, and there is nothing to draw "
        "(seven tiles each, the widow to the bidder)")
    assert compare_cell(catalog.variant("texas-42").rules, "drawing", "ja").startswith("起こらない：")


def test_tien_gows_no_play_row_says_what_a_player_who_cannot_beat_does(catalog):
    """Tien Gow: a player who cannot (or will not) beat the highest set so far puts down as many
    tiles face down, so nobody is ever without a play; all 32 tiles are dealt (4 x 8), so nobody
    draws. The row says so, not just "none"."""
    tien_gow = catalog.variant("tien-gow").rules
    en, ja = compare_cell(tien_gow, "drawing", "en"), compare_cell(tien_gow, "drawing", "ja")
    assert en == ("never: a player who cannot (or will not) beat the highest set so far discards as many "
                  "tiles face down, and there is nothing to draw (the whole set is dealt)")
    assert ja.startswith("起こらない：") and "伏せて捨て" in ja and "引く牌もない" in ja


# -- a player alone in a settlement -------------------------------------------------------------

def test_a_settlement_of_single_players_names_the_other_players_and_its_own_hand(capsys):
    """Cyprus, six players blocked (settle-blocked-six): A holds 3, the others 9 + 18 + 8 + 8 + 13 = 56:
    A scores 56 - 3 = 53."""
    pos = RULES / "cyprus" / "positions" / "settle-blocked-six.yaml"
    assert "A: the other players hold 56 pips, less the 3 in its own hand → 53 points" in explain(capsys, pos, "en")
    assert "A：ほかの人の残りの目 56 − 自分の手の残り 3 = 53点" in explain(capsys, pos, "ja")


def test_two_single_players_name_the_other_player(capsys):
    """All Fives, two players blocked (settle-blocked-two): N 1-2 + 0-6 = 9, E 3-6 + 3-4 = 16: N scores
    the difference, 16 - 9 = 7; Sebastopol's E goes out against N 3, S 4, W 5: 12."""
    pos = RULES / "all-fives" / "positions" / "settle-blocked-two.yaml"
    assert "N: difference against the other player (16 − 9) = 7 points" in explain(capsys, pos, "en")
    assert "N：相手との差 (16 − 9) = 7点" in explain(capsys, pos, "ja")
    pos = RULES / "sebastopol" / "positions" / "settle-game-60.yaml"
    out = explain(capsys, pos, "en")
    assert "E: the other players hold 12 pips → 12 points" in out and "sides" not in out


def test_a_partnership_settlement_keeps_its_sides(capsys):
    """Five-Up, partners blocked (settle-partners-blocked): E+W win against N+S's 12 pips, rounded to 10,
    10 / 5 = 2."""
    pos = RULES / "five-up" / "positions" / "settle-partners-blocked.yaml"
    assert "E+W: the other sides hold 12 pips → rounded to 10 → 10 ÷ 5 = 2 points" in explain(capsys, pos, "en")


# -- the engine's reason for a pass after a draw ------------------------------------------------

def test_a_player_whose_drawn_tile_does_not_fit_must_keep_drawing(catalog):
    """Draw (`draw: until-playable`, two tiles reserved): B sets 3-4 (open 3 and 4); W holds 0-0 and 1-1
    and may not pass before drawing; it draws 5-5, which does not fit, and with 0-2 still drawable (two
    of the three left are the reserve) it must keep drawing: its own reason, not "draw before passing"."""
    draw = catalog.variant("draw").rules
    h = Hand(draw, ["B", "W"], {"B": [T("3-4"), T("6-6")], "W": [T("0-0"), T("1-1")]},
             [T("5-5"), T("0-2"), T("6-6"), T("2-2")], "B")
    h.play("B", T("3-4"))
    with pytest.raises(RuleViolation) as before:
        h.pass_("W")
    assert before.value.rule == "draw/draw-before-pass"
    ev = h.draw("W")
    assert (str(ev.drawn), ev.playable) == ("5-5", False)
    with pytest.raises(RuleViolation) as after:
        h.pass_("W")
    assert after.value.rule == "draw/keep-drawing"


# -- a house rule's re-run of its parent's examples ---------------------------------------------

def test_sebastopols_rerun_of_block_says_a_play_became_possible_and_names_sides_as_drawn(catalog):
    """Block's "Matching equal numbers" under Sebastopol (a spinner-first star): at step 3 the 6-6 is
    a spinner, so its two side branches open too (drawn above and below it); step 5 plays on a place
    Block refused (not an open end), which Sebastopol allows: the example goes otherwise, it is not
    "no longer possible"."""
    child = catalog.variant("sebastopol")
    results = rerun_parent_positions(catalog, child)
    en, ja = rerun_section(results, child, "en"), rerun_section(results, child, "ja")
    row = next(line for line in en.splitlines() if line.startswith("| Matching equal numbers |"))
    assert ("step 5: the example no longer goes as written: the play refused there is allowed under these "
            "rules (was: that is not an open end)") in row
    assert "no longer possible" not in row
    assert ("[6\\|6] (right-hand side), [6\\|6] (upper side branch), [6\\|6] (lower side branch)") in row
    assert "straight side" not in row and "(side branch)" not in row
    assert "5手目：この例は書かれたとおりには進まない：そこで置けなかった手が、このルールでは置ける" in ja
    assert "[6\\|6]（上の側枝）" in ja


def test_a_house_rule_that_draws_on_gives_the_real_reason_a_draw_one_example_fails(tmp_path):
    """Cyprus played with `draw: until-playable`: in Cyprus's "Draw one, and pass if it does not fit"
    E draws 4-7 (no nine to match the 9-9) and passes; under the house rule E did draw, but must go on
    drawing until a tile fits. Cyprus's other examples (no draw-and-pass) still hold."""
    rules = rules_with(tmp_path, "cyprus")
    (rules / "cyprus-club").mkdir()
    (rules / "cyprus-club" / "variant.yaml").write_text(
        "id: cyprus-club\nextends: cyprus\nname: {ja: キプロス（引き続ける）, en: Cyprus drawing on}\n"
        "choices: {draw: until-playable}\n", encoding="utf-8")
    catalog = Catalog(rules)
    child = catalog.variant("cyprus-club")
    results = rerun_parent_positions(catalog, child)
    en, ja = rerun_section(results, child, "en"), rerun_section(results, child, "ja")
    assert ("| Draw one, and pass if it does not fit | no longer possible: a player whose drawn tile does not "
            "fit keeps drawing until a tile fits |") in en
    assert "draw before passing" not in en
    assert "引いた牌が合わなければ、合う牌が出るまで引き続ける" in ja
    assert [r["status"] for r in results].count("holds") == len(results) - 1


# -- the spinner of a star game -----------------------------------------------------------------

def test_a_star_games_branch_double_is_its_spinner_in_both_languages(capsys):
    """Cyprus's star-nine sets the 9-9: the text beside its diagram names it the spinner, as the
    legend does; Horse Race (a double laid crosswise, not a star) keeps "Branch doubles"."""
    pos = RULES / "cyprus" / "positions" / "star-nine.yaml"
    en, ja = explain(capsys, pos, "en"), explain(capsys, pos, "ja")
    assert "Spinner: [9|9]." in en and "Branch doubles" not in en
    assert "スピナー：[9|9]。" in ja and "分岐ダブル" not in ja
    assert "Branch doubles: [6|6]." in explain(capsys, RULES / "horse-race" / "positions" / "double-six.yaml", "en")


def test_the_star_rules_refusal_says_spinner_in_japanese():
    from generator.base.i18n import messages

    assert messages("rule", "ja")["star-arms-first"] == "スピナーの四辺と四隅が埋まるまでほかの端には置けない"
    assert messages("rule", "ja")["spinner-sides-first"] == "スピナーの四辺が埋まるまでほかの端には置けない"
