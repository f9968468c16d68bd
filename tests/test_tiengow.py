"""Tien Gow's rules (generator/families/tiengow/rules.py), every expected value worked by hand from the rules
as Wikipedia's "Tien Gow", pagat.com's "Tien Gow" and the gupai pages' "Tien Gow" give them."""

import random

import pytest

from generator.engine.rulebase import RuleViolation
from generator.engine.tiles import Tile
from generator.families.tiengow.rules import Hand, Play, beats, combo, payments
from generator.model import Catalog


def T(*texts):
    return [Tile.parse(t) for t in texts]


@pytest.fixture(scope="module")
def v():
    return Catalog("rules").variant("tien-gow").rules


@pytest.mark.parametrize("tiles, kind", [
    (["6-6"], "civil"), (["2-4"], "military"),
    (["1-1", "1-1"], "civil-pair"), (["3-6", "4-5"], "military-pair"), (["1-4", "2-3"], "military-pair"),
    (["6-6", "3-6"], "mixed-pair"), (["1-3", "2-3"], "mixed-pair"), (["1-2", "2-4"], "supreme"),
    (["6-6", "1-1"], ""), (["2-4", "2-5"], ""), (["1-1", "3-6"], ""),        # Earth goes with an eight, not a nine
    (["1-1", "1-1", "3-5"], "civil-triplet"), (["4-4", "2-5", "3-4"], "military-triplet"),
    (["6-6", "6-6", "3-6", "4-5"], "quartet"), (["6-6", "6-6", "1-1"], ""), (["5-5", "5-5", "1-4"], ""),
])
def test_which_sets_may_be_led(tiles, kind):
    assert combo(T(*tiles)).kind == kind


@pytest.mark.parametrize("new, high, wins", [
    (["1-1"], ["4-4"], True),            # Day above Yun
    (["4-4"], ["1-3"], True),            # Yun above Gor
    (["1-5"], ["1-6"], False),           # Look is the lowest civil tile
    (["6-6"], ["2-6"], False),           # a civil tile never beats a military lead
    (["3-6"], ["2-6"], True),            # nine above eight
    (["4-5"], ["3-6"], False),           # the two nines rank alike: the first stays
    (["2-4"], ["1-4"], True),            # the six above the fives (unlike Pai Gow)
    (["1-4"], ["1-2"], True),
    (["6-6", "6-6"], ["3-6", "4-5"], False),      # a civil pair never beats a military pair
    (["2-6", "3-5"], ["2-5", "3-4"], True),       # eights above sevens
    (["6-6", "4-5"], ["1-1", "2-6"], True),       # Heaven-nine above Earth-eight
    (["4-4", "3-4"], ["1-3", "1-4"], True),       # Man-seven above Harmony-five
    (["6-6", "6-6"], ["1-2", "2-4"], False),      # nothing beats the Supreme pair
    (["1-2", "2-4"], ["1-3", "1-3"], False),      # and it beats nothing it follows
    (["6-6", "6-6", "3-6"], ["1-1", "1-1", "2-6"], True),
    (["6-6", "3-6", "4-5"], ["1-1", "1-1", "2-6"], False),   # two military tiles: not the same make-up
])
def test_what_beats_what(new, high, wins):
    assert beats(combo(T(*new)), combo(T(*high))) is wins


def test_payments_worked_by_hand():
    # S won the last trick; N is the banker with 2 tricks: (4 - 2) x 2 = 4; E none: 5; W 5 tricks: 4 - 5 = -1
    assert payments({"N": 2, "E": 0, "S": 1, "W": 5}, "S", "N") == {"N": -4, "E": -5, "S": 8, "W": 1}
    # the banker wins: each payment to it doubled: E 1 trick (3 x 2), S 2 (2 x 2), W 0 (5 x 2)
    assert payments({"N": 5, "E": 1, "S": 2, "W": 0}, "N", "N") == {"N": 20, "E": -6, "S": -4, "W": -10}


def _hand(v, hands, tricks=None):
    h = Hand(v, ["N", "E", "S", "W"], {p: T(*ts) for p, ts in hands.items()})
    if tricks:
        h.tricks = dict(tricks)
    return h


def test_a_trick_of_single_tiles(v):
    h = _hand(v, {"N": ["4-4", "2-2"], "E": ["3-3", "5-5"], "S": ["1-1", "1-5"], "W": ["4-5", "1-6"]})
    h.push("N", Play(tuple(T("4-4")), True))
    with pytest.raises(RuleViolation) as e:
        h.push("E", Play(tuple(T("3-3")), True))          # lower: only face down
    assert e.value.rule == "tien-gow/does-not-beat"
    h.push("E", Play(tuple(T("3-3")), False))
    h.push("S", Play(tuple(T("1-1")), True))
    with pytest.raises(RuleViolation):
        h.push("W", Play(tuple(T("4-5")), True))          # the other suit
    h.push("W", Play(tuple(T("4-5")), False))
    assert h.done[-1].high == "S" and h.tricks["S"] == 1 and h.current == "S"


def test_a_lead_that_is_no_set_and_a_follow_of_the_wrong_number(v):
    h = _hand(v, {"N": ["6-6", "1-1"], "E": ["3-3", "5-5"], "S": ["1-5", "1-6"], "W": ["4-5", "2-6"]})
    with pytest.raises(RuleViolation) as e:
        h.push("N", Play(tuple(T("6-6", "1-1")), True))
    assert e.value.rule == "tien-gow/not-a-set"
    h.push("N", Play(tuple(T("6-6")), True))
    with pytest.raises(RuleViolation) as e:
        h.push("E", Play(tuple(T("3-3", "5-5")), False))
    assert e.value.rule == "tien-gow/same-number"


def test_the_last_trick_and_the_hand_settled(v):
    # one tile each, the last trick; E has no trick yet and may not win it even with the Teen
    h = _hand(v, {"N": ["1-5"], "E": ["6-6"], "S": ["1-3"], "W": ["2-2"]}, {"N": 3, "E": 0, "S": 2, "W": 2})
    assert not h.is_last()                                  # before the lead
    h.push("N", Play(tuple(T("1-5")), True))
    assert h.is_last()
    assert all(p.face_up is False for p in h.plays_for("E"))
    with pytest.raises(RuleViolation) as e:
        h.push("E", Play(tuple(T("6-6")), True))
    assert e.value.rule == "tien-gow/no-trick-yet"
    h.push("E", Play(tuple(T("6-6")), False))
    h.push("S", Play(tuple(T("1-3")), True))
    h.push("W", Play(tuple(T("2-2")), False))
    assert h.end == "over" and h.winner == "S"
    # S took 3 with the last; N the banker 3: (4 - 3) x 2 = 2; E none: 5; W 2: 2 -> S gains 9
    assert h.result == {"N": -2, "E": -5, "S": 9, "W": -2}


def test_the_last_trick_rule_is_a_choice_that_changes_play(v):
    # a last trick of two tiles: E, without a trick, may win it under "single" but not under "any"
    hands = {"N": ["2-5", "3-4"], "E": ["3-6", "4-5"], "S": ["1-5", "1-6"], "W": ["2-2", "3-3"]}
    tricks = {"N": 3, "E": 0, "S": 1, "W": 0}
    h = _hand(v, hands, tricks)
    h.push("N", Play(tuple(T("2-5", "3-4")), True))
    assert any(p.face_up for p in h.plays_for("E"))
    v2 = type(v)(v.params, v.choices, last_trick="any")
    h2 = _hand(v2, hands, tricks)
    h2.push("N", Play(tuple(T("2-5", "3-4")), True))
    assert not any(p.face_up for p in h2.plays_for("E"))


def test_a_whole_hand_takes_eight_tricks_worth(v):
    from generator.families.tiengow.sim import greedy_key
    for seed in range(20):
        rng = random.Random(seed)
        h = Hand(v, ["N", "E", "S", "W"], v.deal_round(["N", "E", "S", "W"], rng))
        while h.end is None:
            plays = h.plays_for(h.current)
            h.push(h.current, max(plays, key=greedy_key) if seed % 2 else rng.choice(plays))
        assert sum(h.tricks.values()) == 8 and sum(h.result.values()) == 0
        assert 2 <= len(h.done) <= 8


def test_simulation_is_seeded_and_the_same_on_one_or_two_processes(v):
    from generator.sim.simulate import simulate

    one = simulate(v, 4, games=200, seed=9, streams="per-game", jobs=1)
    two = simulate(v, 4, games=200, seed=9, streams="per-game", jobs=2)
    assert one == two
    assert one["hands"] == 200                  # one hand a game
    # a hand is two to eight tricks (eight single tiles each, at most four tiles a trick)
    assert set(one["tiles_per_hand"]["distribution"]) <= {str(n) for n in range(2, 9)}
    # the most a winner takes: the banker, from three players who took nothing, 5 x 2 each
    assert 0 < one["points_per_hand"]["mean"] and one["points_per_hand"]["max"] <= 30


def test_the_comparison_names_the_chinese_set(v):
    from generator.pages.comparison import compare_cell

    assert compare_cell(v, "set", "en") == "Chinese set (32 tiles)"


def test_the_whole_set_is_dealt_and_nobody_draws(v):
    # 32 tiles, four seats of eight: nothing left to draw, and the comparison says the whole set is dealt (no undealt tiles)
    from generator.pages.comparison import _deal

    assert v.stock_size(4) == 0 and v.draw_mode == "none"
    assert _deal(v, "en") == "4: 8 each (0 left). The whole set is dealt"
