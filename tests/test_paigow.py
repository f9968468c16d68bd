"""Pai Gow's rules (generator/families/paigow/rules.py), every expected value worked by hand from the rules
as the module's sources give them (Wikipedia "Pai gow": pairs, Wong, Gong, points modulo ten, the Gee Joon
tiles as 3 or 6; pagat.com "Pai Gow": the banker wins copies, a push on one hand each)."""

import pytest

from generator.engine import Tile
from generator.engine.rulebase import RuleViolation
from generator.families.paigow.rules import beats, fixed_setting, hand_value, set_hand, showdown, splits

pytestmark = pytest.mark.engine


def T(text):
    return Tile.parse(text)


def H(a, b):
    return hand_value(T(a), T(b))


@pytest.mark.parametrize("a, b, kind, points, name", [
    ("6-6", "4-5", "wong", 1, "Wong (Teen)"),        # Teen with a nine: 12 + 9 = 21, 1 point
    ("1-1", "3-6", "wong", 1, "Wong (Day)"),          # 2 + 9 = 11
    ("1-1", "2-6", "gong", 0, "Gong (Day)"),          # Day with an eight
    ("6-6", "4-4", "gong", 0, "Gong (Teen)"),         # the Yun has eight pips: a Gong too
    ("1-2", "2-4", "pair", 9, "Gee Joon (the Supreme pair)"),
    ("6-6", "6-6", "pair", 4, "pair of Teen"),
    ("4-5", "3-6", "pair", 8, "mixed nines"),         # two different military nines
    ("2-3", "1-4", "pair", 0, "mixed fives"),
    ("1-3", "5-6", "points", 5, "5 points"),          # 4 + 11 = 15
    ("6-6", "2-5", "points", 9, "9 points"),          # 12 + 7 = 19: no "high nine" on this page
    ("1-2", "5-6", "points", 7, "7 points"),          # 1-2 as 6: 6 + 11 = 17 (as 3: 14, 4 points)
    ("2-4", "1-5", "points", 9, "9 points"),          # 2-4 as 3: 3 + 6 = 9 (as 6: 12, 2 points)
    ("5-5", "4-6", "points", 0, "0 points"),          # 10 + 10 = 20
    ("6-6", "1-1", "points", 4, "4 points"),          # 12 + 2 = 14: Teen and Day are no pair
])
def test_value_of_a_hand(a, b, kind, points, name):
    v = H(a, b)
    assert (v.kind, v.points, v.name["en"]) == (kind, points, name)


def test_order_of_hands():
    # Gee Joon > pair of Teen > pair of Day > ... > pair of Look > mixed nines > ... > mixed fives
    order = [H("1-2", "2-4"), H("6-6", "6-6"), H("1-1", "1-1"), H("4-4", "4-4"), H("1-3", "1-3"),
             H("1-5", "1-5"), H("3-6", "4-5"), H("2-6", "3-5"), H("2-5", "3-4"), H("1-4", "2-3"),
             H("6-6", "4-5"), H("1-1", "4-5"), H("6-6", "2-6"), H("1-1", "3-5"), H("6-6", "2-5"), H("1-3", "5-6")]
    for higher, lower in zip(order, order[1:]):
        assert higher.key > lower.key, (higher.name, lower.name)


def test_equal_points_the_higher_tile_decides():
    # 5 points each: 5-6 + 2-2 (11 + 4) tops with the Bon, 1-4 + 5-5 (5 + 10) with the Mooy, which ranks higher
    assert beats(H("1-4", "5-5"), H("5-6", "2-2"))
    assert not beats(H("5-6", "2-2"), H("1-4", "5-5"))


def test_copies_and_zero_ties_go_to_the_banker():
    # 3 points each, both topped by the Gor: a copy
    assert not beats(H("4-5", "1-3"), H("3-6", "1-3"))
    assert not beats(H("3-6", "1-3"), H("4-5", "1-3"))
    # both Wongs of Teen: a copy
    assert not beats(H("6-6", "4-5"), H("6-6", "3-6"))
    # 0 against 0: the player's Mooy outranks the banker's Bon, but zero-zero goes to the banker
    assert not beats(H("5-5", "4-6"), H("2-2", "1-5"))


def test_splits_and_the_fixed_setting():
    four = [T("6-6"), T("6-6"), T("4-5"), T("1-2")]
    ways = {(s.high_value.name["en"], s.low_value.name["en"]) for s in splits(four)}
    # Teen+Teen / 4-5+1-2 (9 + 6 = 15: 5); Teen+4-5 / Teen+1-2 (12 + 6 = 18: 8)
    assert ways == {("pair of Teen", "5 points"), ("Wong (Teen)", "8 points")}
    low = fixed_setting(four, "low-first")
    assert (low.high_value.kind, low.low_value.points) == ("wong", 8)
    high = fixed_setting(four, "high-first")
    assert (high.high_value.name["en"], high.low_value.points) == ("pair of Teen", 5)


def test_a_low_hand_above_the_high_is_refused():
    with pytest.raises(RuleViolation) as e:
        set_hand([T("4-5"), T("1-2")], [T("6-6"), T("6-6")])
    assert e.value.rule == "pai-gow/low-above-high"
    ok = set_hand([T("6-6"), T("6-6")], [T("4-5"), T("1-2")])
    assert ok.low_value.points == 5


def test_tiles_beyond_the_set_are_refused():
    with pytest.raises(RuleViolation, match="2 of 6-6"):
        set_hand([T("6-6"), T("6-6")], [T("6-6"), T("1-2")])
    with pytest.raises(RuleViolation, match="1 of 4-5"):
        splits([T("4-5"), T("4-5"), T("1-1"), T("1-1")])


def test_player_against_the_banker():
    player = set_hand([T("6-6"), T("4-5")], [T("6-6"), T("1-2")])          # Wong / 8 points
    banker = set_hand([T("1-1"), T("1-1")], [T("5-6"), T("2-3")])          # pair of Day / 11 + 5: 6 points
    s = showdown(player, banker, commission=5)
    assert (s.high, s.low, s.result, s.stake) == ("lose", "win", "push", 0)
    weak = set_hand([T("1-3"), T("5-6")], [T("2-5"), T("1-4")])            # 5 points / 7 + 5: 2 points
    assert showdown(weak, banker, 5)[2:] == ("lose", -100)
    assert showdown(player, set_hand([T("1-3"), T("5-6")], [T("2-5"), T("1-4")]), 5)[2:] == ("win", 95)


def test_the_comparison_names_the_chinese_set():
    from generator.model import Catalog
    from generator.pages.comparison import compare_cell

    v = Catalog("rules").variant("pai-gow").rules
    # 11 civil tiles twice and 10 military tiles once: 32
    assert compare_cell(v, "set", "en") == "Chinese set (32 tiles)"
    assert "32" in compare_cell(v, "set", "ja") and "中国式" in compare_cell(v, "set", "ja")


def test_simulation_is_seeded_and_the_same_on_one_or_two_processes():
    from generator.model import Catalog
    from generator.sim.simulate import simulate

    v = Catalog("rules").variant("pai-gow").rules
    one = simulate(v, 3, games=400, seed=9, streams="per-game", jobs=1)
    two = simulate(v, 3, games=400, seed=9, streams="per-game", jobs=2)
    assert one == two
    assert one["hands"] == 800                  # two players against the banker each deal
    assert one["tiles_per_hand"]["mean"] == 4
    assert -100 <= one["points_per_hand"]["mean"] <= 95
