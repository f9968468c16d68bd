"""Who leads the next hand, and nobody once the game is over: a hand that takes a side to the
target ends the game, whether it ended by going out, by a block or by points scored in play, so it
names no next leader (``Hand.next_leader`` is ``None``). Every figure below is worked by hand."""

import pytest

from generator.engine import Params
from generator.engine.choices import Choices
from generator.families.line.rules.hand import Hand
from generator.families.line.rules.variant import Variant

from conftest import T, tiles

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

TEAMS = [["N", "S"], ["E", "W"]]


def _partners_out(scores: dict, next_lead: str = "winner") -> Hand:
    """A double-six partnership game to 200 (the Dominican game's numbers, play counter-clockwise).
    N holds the highest double, 6-6, and sets it; W joins 2-6 (ends 6 and 2); S (0-0) passes; E joins
    1-2 on the 2 (ends 6 and 1); N goes out with 1-6, which fits the 6 and the 1: a capicúa.
    Left: E 3-3 (6) and W 4-4 (8), 14 pips, and 25 for the capicúa: N+S score 39."""
    v = Variant(Params(set=6, players=(), partnerships=(4,), deal={4: 3}, target=200, own=(("capicua_bonus", 25),)),
                Choices(draw="none", settlement="opponents", direction="counter-clockwise",
                        lead="highest-double", next_lead=next_lead))
    hands = {"N": tiles("6-6", "1-6"), "W": tiles("2-6", "4-4"), "S": tiles("0-0"), "E": tiles("1-2", "3-3")}
    h = Hand(v, ["N", "E", "S", "W"], hands, [], None, TEAMS, scores)
    h.play("N", T("6-6"))
    h.play("W", T("2-6"), v.legal_ends(h.layout, T("2-6"))[0])
    h.pass_("S")
    h.play("E", T("1-2"), v.legal_ends(h.layout, T("1-2"))[0])
    assert len(v.legal_ends(h.layout, T("1-6"))) == 2          # the 6 end and the 1 end
    h.play("N", T("1-6"), v.legal_ends(h.layout, T("1-6"))[0])
    assert h.end == "out"
    return h


def test_going_out_with_a_capicua_past_the_target_ends_the_game_and_names_no_leader():
    h = _partners_out({"N+S": 190, "E+W": 120})
    assert h.settlement.points == {"N+S": 39}
    assert h.game_winners == ("N+S",)                         # 190 + 39 = 229, past 200
    assert h.next_leader is None


def test_going_out_short_of_the_target_lets_the_player_who_went_out_lead():
    h = _partners_out({"N+S": 100, "E+W": 120})                # 139: the game goes on
    assert h.game_winners == ()
    assert h.next_leader == "N"


def _partners_blocked(scores: dict) -> Hand:
    """Double-nine partnership game to 100, the winning side leading after a block. N sets 5-5 and
    nobody holds a 5: the hand blocks at once. Left: N 0 (0-0), S 4 (1-3), E 3 (1-2), W 5 (2-3):
    N+S 4 against E+W 8, so N+S win and score the other pair's 8 pips."""
    v = Variant(Params(set=9, players=(4,), partnerships=(4,), deal={4: 2}, target=100),
                Choices(draw="none", settlement="opponents", next_lead="winning-side"))
    hands = {"N": tiles("5-5", "0-0"), "E": tiles("1-2"), "S": tiles("1-3"), "W": tiles("2-3")}
    h = Hand(v, ["N", "E", "S", "W"], hands, [], "N", TEAMS, scores)
    h.play("N", T("5-5"))
    for _ in range(4):
        if h.end is None:
            h.pass_(h.current)
    assert h.end == "blocked" and h.settlement.points == {"N+S": 8}
    return h


def test_a_block_that_wins_the_game_names_no_leader_under_the_winning_side_rule():
    h = _partners_blocked({"N+S": 95, "E+W": 40})              # 95 + 8 = 103
    assert h.game_winners == ("N+S",)
    assert h.next_leader is None


def test_a_block_short_of_the_target_lets_the_winning_sides_lighter_player_lead():
    assert _partners_blocked({"N+S": 50, "E+W": 40}).next_leader == "N"    # N 0 pips, S 4


def _two_out(scores: dict) -> Hand:
    """Two players, double-six, draw none, game to 100. A sets 3-3; B (1-2) cannot play and passes;
    A goes out with 3-4. B's 3 pips are A's: A 98 + 3 = 101 ends the game."""
    v = Variant(Params(set=6, players=(2,), partnerships=(), deal={2: 2}, target=100),
                Choices(draw="none", settlement="opponents", next_lead="winner"))
    h = Hand(v, ["A", "B"], {"A": tiles("3-3", "3-4"), "B": tiles("1-2")}, [], "A", None, scores)
    h.play("A", T("3-3"))
    h.pass_("B")
    h.play("A", T("3-4"), v.legal_ends(h.layout, T("3-4"))[0])
    assert h.end == "out" and h.settlement.points == {"A": 3}
    return h


def test_a_line_game_won_by_going_out_names_no_leader():
    h = _two_out({"A": 98, "B": 10})
    assert h.game_winners == ("A",)
    assert h.next_leader is None
    assert _two_out({"A": 50, "B": 10}).next_leader == "A"     # 53: A went out and leads the next hand


def test_a_game_won_by_points_in_play_names_no_leader():
    """All Fives' way: the ends count. A sets 5-5 (ends 5 + 5 = 10 pips, 2 points at 5 pips a point);
    A stood at 59 of 61, so 61 is reached in play and the game ends there."""
    v = Variant(Params(set=6, players=(2,), partnerships=(), deal={2: 2}, target=61, point_unit=5),
                Choices(draw="none", counting="ends", scoring="multiples-of-5", next_lead="winner"))
    h = Hand(v, ["A", "B"], {"A": tiles("5-5", "0-1"), "B": tiles("2-3")}, [], "A", None, {"A": 59, "B": 0})
    h.play("A", T("5-5"))
    assert h.end == "game" and h.game_winners == ("A",)
    assert h.next_leader is None
