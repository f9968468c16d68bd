"""The family-neutral rules base (:class:`generator.engine.rulebase.Rules`):
every family's rules class builds on it, and only the line of play's class
has a line of play's rules (open ends, spinners, placing a tile on a line).
Figures worked by hand from the games' pages (Texas 42: a double-six set of
28 tiles dealt seven each to four; Mexican Train: a double-twelve set of 91,
the engine set out before the deal; Chicken Foot: a double-nine set of 55,
the centre double set out before the deal)."""

import pytest

from generator.engine.choices import Choices
from generator.engine.rulebase import Rules, RuleViolation
from generator.engine.rules import make_variant

from conftest import T

pytestmark = pytest.mark.engine

TEXAS42 = ({"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7}, {"layout": "tricks"})
MEXICAN_TRAIN = ({"set": 12, "players": [3], "deal": {3: 15}},
                 {"layout": "trains", "lead": "engine", "draw": "one", "settlement": "penalty"})
CHICKEN_FOOT = ({"set": 9, "players": [4], "deal": {4: 11}},
                {"layout": "tree", "lead": "engine", "draw": "one", "settlement": "penalty"})
DRAW = ({"set": 6, "players": [2], "deal": {2: 7}}, {})

#: What a line of play's rules answer and no other family's: open ends, spinners, placing a tile
#: at an end, the plays on a layout, the count of the ends.
LINE_ONLY = ("open_ends", "is_spinner", "spinners", "place", "plays", "legal_ends", "counted", "end_total",
             "sides_after_straight")


def rules(game):
    params, choices = game
    return make_variant(dict(params), Choices.from_mapping(choices), "test")


@pytest.mark.parametrize("game", [TEXAS42, MEXICAN_TRAIN, CHICKEN_FOOT], ids=["tricks", "trains", "tree"])
def test_a_game_off_the_line_has_no_line_of_play_rules(game):
    r = rules(game)
    assert isinstance(r, Rules)
    assert [name for name in LINE_ONLY if hasattr(r, name)] == []


def test_a_trick_game_has_no_open_ends_spinners_or_place():
    t42 = rules(TEXAS42)
    for name in ("open_ends", "is_spinner", "spinners", "place"):
        with pytest.raises(AttributeError):
            getattr(t42, name)


def test_the_line_of_play_keeps_its_own_rules():
    draw = rules(DRAW)
    assert isinstance(draw, Rules)
    assert [name for name in LINE_ONLY if not hasattr(draw, name)] == []


def test_every_family_counts_its_stock_on_the_base():
    # 28 - 4 x 7 = 0 (the whole set dealt); 91 - 1 - 3 x 15 = 45; 55 - 1 - 4 x 11 = 10; 28 - 2 x 7 = 14
    assert [rules(g).stock_size(n) for g, n in ((TEXAS42, 4), (MEXICAN_TRAIN, 3), (CHICKEN_FOOT, 4), (DRAW, 2))] \
        == [0, 45, 10, 14]


def test_every_family_reads_a_tile_of_its_own_set():
    assert rules(MEXICAN_TRAIN).parse_tile("12-11") == T("11-12")
    assert rules(CHICKEN_FOOT).parse_tile("9-9") == T("9-9")
    with pytest.raises(ValueError):
        rules(TEXAS42).parse_tile("6-7")        # a double-six set has no 7


def test_the_first_turn_moves_one_seat_each_round():
    for game in (MEXICAN_TRAIN, CHICKEN_FOOT):
        assert [rules(game).first_player(["A", "B", "C"], "C", n) for n in (1, 2, 3)] == ["C", "A", "B"]


def test_a_refusal_names_its_rule_and_pickles_whole():
    import pickle

    err = pickle.loads(pickle.dumps(RuleViolation("it is N's turn, not E's", "test/turn-order")))
    assert (err.message, err.rule, str(err)) == ("it is N's turn, not E's", "test/turn-order",
                                                 "it is N's turn, not E's [rule test/turn-order]")
