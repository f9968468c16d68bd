"""The words of a page's "by the numbers" section claim only what its rows hold: the least count
of hands (or rounds) is claimed of the rows the work limit did not stop, a stopped row is said to
hold only what the table gives, and a game played in rounds says rounds, in both languages."""

import pytest

from conftest import RULES
from generator.model import Catalog
from generator.sim import stats

pytestmark = pytest.mark.engine


def a_row(players: int, hands: int, cut: bool = False, partners: bool = False) -> dict:
    r = {"players": players, "partners": partners, "games": hands // 10, "hands": hands,
         "hands_per_game": {"mean": 10.0}, "tiles_per_hand": {"mean": 40.0, "distribution": {"40": hands}},
         "points_per_hand": {"mean": 90.0}, "block_rate": 0.5, "first_player_wins": 0.25}
    if cut:
        r["cut_short"] = True
    return r


def figures(*rows: dict, sampling: bool = False) -> dict:
    data = {"seed": 2026, "min_hands": stats.FLOOR_HANDS if sampling else stats.MIN_HANDS, "results": list(rows)}
    if sampling:
        data["sampling"] = {"half_width": 0.02, "tiles_relative": 0.02}
    return data


@pytest.fixture(scope="module")
def rules():
    cat = Catalog(RULES)
    return {vid: cat.variant(vid).rules for vid in ("chicken-foot", "mexican-train", "block", "cuban")}


def test_rows_stopped_at_the_work_limit_are_not_claimed_to_hold_the_full_count(rules):
    """The reported page: Chicken Foot rows of 10,000 rounds and rows marked * of 2,238 and 8,632.
    The words claim 10,000 rounds only of the rows without a *, say the marked rows hold only the
    rounds of the table, and never speak of hands (the columns say rounds)."""
    data = figures(a_row(2, 10_000), a_row(3, 8_632, cut=True), a_row(4, 2_238, cut=True))
    en, ja = (stats.section(data, rules["chicken-foot"], lang) for lang in ("en", "ja"))
    assert "every player count without a * was played for at least 10,000 rounds." in en
    assert "every player count was played" not in en
    assert "The rows marked * stopped at the work limit of a build" in en
    assert "hold only the rounds the table gives" in en and "how long rounds run" in en
    assert "hand" not in en.lower()
    assert "| 3 \\* | 863 | 8,632 |" in en and "| 2 | 1,000 | 10,000 |" in en
    assert "*印のない人数はどれも10,000ラウンド以上遊ばせました。" in ja
    assert "表にある数のラウンドしか遊んでいません" in ja and "ラウンドの長さ" in ja
    assert "ハンド" not in ja


def test_every_row_stopped_claims_no_count_and_every_row_full_claims_it(rules):
    """Mexican Train (rounds) with its only rows stopped: the seed alone, no "at least"; Block
    (hands) with every row full: every player count at least 10,000 hands, and no note of a limit."""
    stopped = stats.section(figures(a_row(2, 4_000, cut=True), a_row(3, 5_000, cut=True)),
                            rules["mexican-train"], "en")
    assert "The seed is 2026. They are recomputed" in stopped and "at least" not in stopped
    assert "hold only the rounds the table gives" in stopped
    ja = stats.section(figures(a_row(2, 4_000, cut=True)), rules["mexican-train"], "ja")
    assert "乱数の種は2026です。ルール定義が" in ja and "以上遊ばせました" not in ja
    full = stats.section(figures(a_row(2, 10_000), a_row(3, 10_010)), rules["block"], "en")
    assert "The seed is 2026, and every player count was played for at least 10,000 hands." in full
    assert "work limit" not in full and "how long hands run" in full
    assert "どの人数も10,000ハンド以上遊ばせました。" in stats.section(figures(a_row(2, 10_000)), rules["block"], "ja")


def test_a_clubs_precision_is_said_of_the_rows_that_reached_it(rules):
    """A club's Chicken Foot: rows of 2,401 and 1,000 rounds reached the precision, a row of 600
    was stopped. The range is 1,000 to 2,401 rounds (the stopped row's 600 is not in it), said of
    the rows without a *, per round; the least count claimed is the floor, 1,000 rounds."""
    data = figures(a_row(2, 2_401), a_row(3, 1_000), a_row(4, 600, cut=True), sampling=True)
    en, ja = (stats.section(data, rules["chicken-foot"], lang) for lang in ("en", "ja"))
    assert "every player count without a * was played for at least 1,000 rounds." in en
    assert "each row without a * was played until" in en and "tiles placed per round within ±2%" in en
    assert "which took 1,000 to 2,401 rounds a row." in en
    assert "*印のない各行" in ja and "1ラウンドに置かれた牌" in ja and "1行あたり1,000〜2,401ラウンドでした" in ja
    alone = stats.section(figures(a_row(2, 600, cut=True), sampling=True), rules["chicken-foot"], "en")
    assert "19 times out of 20" not in alone and "at least" not in alone


def test_the_first_players_wins_are_a_sides_only_where_the_rows_play_in_partnerships(rules):
    """Block's rows of two and three players, each alone: the column counts the hands the first
    player won, with no side; Cuban's only row, four in two partnerships: the first player's side;
    Block's rows alone and a row of four in partnerships: the first player, their side in
    partnerships. In Japanese the same three: 先手, 先手の組, and both."""
    alone = figures(a_row(2, 10_000), a_row(3, 10_000))
    en, ja = (stats.section(alone, rules["block"], lang) for lang in ("en", "ja"))
    assert "| Hands won by the first player |" in en and "side" not in en
    assert "| 先手がハンドに勝った割合 |" in ja and "組" not in ja
    pairs = figures(a_row(4, 10_000, partners=True))
    assert "| Hands won by the first player's side |" in stats.section(pairs, rules["cuban"], "en")
    assert "| 先手の組がハンドに勝った割合 |" in stats.section(pairs, rules["cuban"], "ja")
    both = figures(a_row(2, 10_000), a_row(4, 10_000), a_row(4, 10_000, partners=True))
    assert "| Hands won by the first player (in partnerships, their side) |" in stats.section(both, rules["block"], "en")
    assert "| 先手（ペア戦では先手の組）がハンドに勝った割合 |" in stats.section(both, rules["block"], "ja")


def test_beside_its_parent_a_house_rule_speaks_of_sides_only_for_the_rows_both_have():
    """All Fives with a spinner has a row of four in partnerships; All Fives, its parent, has none, so
    the table beside the parent holds only rows of players alone: the first player, no side. Given
    the parent a row of four in partnerships too, the table holds both kinds and says so."""
    from generator.pages.houserules import stats_beside_parent

    child = Catalog(RULES).variant("all-fives-spinner")
    mine = figures(a_row(2, 10_000), a_row(4, 10_000), a_row(4, 10_000, partners=True))
    alone = stats_beside_parent(mine, figures(a_row(2, 10_000), a_row(4, 10_000)), child, "en")
    assert "| Hands won by the first player |" in alone and "their side" not in alone and "player's side" not in alone
    both = stats_beside_parent(mine, mine, child, "ja")
    assert "| 先手（ペア戦では先手の組）がハンドに勝った割合 |" in both
