"""What a :class:`~generator.families.line.rules.hand.Hand` answers about the position as it
stands (who may play, draw or pass, and what), and how it ends: each value
worked by hand from the deal. The hand keeps a record of the last legal plays
it listed; these tests ask in the orders that would expose a stale record."""

import pytest

from generator.engine import Params
from generator.engine.choices import Choices
from generator.families.line.rules.hand import Hand
from generator.engine.rules import make_variant

from conftest import E, T, refusal, tiles

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine




@pytest.fixture
def block():
    """Two players, Block's rules: the highest double sets, nobody draws."""
    return make_variant(Params(set=6, players=(2,), partnerships=(), deal={2: 7}),
                        Choices(lead="highest-double", draw="none", settlement="opponents-less-own"), "block")


def test_before_the_lead_only_the_holder_of_the_highest_double_has_a_play(block):
    """N holds 6-6, the highest double dealt, so only N has a play: the 6-6,
    set on the empty table. E's tiles would fit an empty table (``can_play``
    asks about the table only), but E has no play now."""
    h = Hand(block, ["N", "E"], {"N": tiles("1-2", "6-6"), "E": tiles("5-6", "0-0")}, [])
    assert h.plays_for("E") == []
    assert h.can_play("E") is True
    assert [(str(p.tile), p.at) for p in h.plays_for("N")] == [("6-6", None)]
    assert h.can_play("N") is True


def test_can_play_answers_for_the_player_asked_not_the_one_listed_last(block):
    """After N sets 6-6 both ends show 6. E's 5-6 fits either end; N's 1-2 and
    3-4 fit neither. Listing E's plays first must not change N's answer, nor
    E's."""
    h = Hand(block, ["N", "E"], {"N": tiles("6-6", "1-2", "3-4"), "E": tiles("5-6", "0-0")}, [])
    h.play("N", T("6-6"))
    assert sorted(str(p.at) for p in h.plays_for("E")) == ["6-6:a", "6-6:b"]
    assert h.can_play("N") is False
    assert h.plays_for("E") and h.can_play("E") is True
    assert h.can_play("N") is False and h.plays_for("N") == []


@pytest.fixture
def draw_game(catalog):
    """Seed 003's Draw game: draw until a tile fits, and the last two tiles of
    the stock are never drawn."""
    return catalog.variant("draw").rules


def test_only_the_player_whose_turn_it_is_may_draw(draw_game):
    """B sets 2-5: ends 2 and 5. Neither B's 3-3 nor W's 6-6 and 0-0 fit;
    four tiles are in the stock, two of them drawable. It is W's turn: W may
    draw, B (who cannot play either) may not."""
    h = Hand(draw_game, ["B", "W"], {"B": tiles("2-5", "3-3"), "W": tiles("6-6", "0-0")},
             tiles("1-1", "0-2", "1-3", "4-4"), "B")
    h.play("B", T("2-5"))
    assert (h.current, h.drawable) == ("W", 2)
    assert h.may_draw("W") is True
    assert h.may_draw("B") is False


def test_a_drawn_playable_tile_must_be_placed_before_anything_else(draw_game):
    """W draws 1-1 (no fit), then 0-2, which fits the 2: W must now place it,
    so W may neither draw again nor pass."""
    h = Hand(draw_game, ["B", "W"], {"B": tiles("2-5", "3-3"), "W": tiles("6-6", "0-0")},
             tiles("1-1", "0-2", "1-3", "4-4"), "B")
    h.play("B", T("2-5"))
    h.draw("W")
    assert h.draw("W").playable and h.must_play == T("0-2")
    assert h.may_draw("W") is False
    assert refusal(lambda: h.draw("W")) == ("W must place the drawn 0-2 first", "draw/drawn-tile")
    assert refusal(lambda: h.pass_("W")) == ("W can play and may not pass", "draw/must-play")
    assert [(str(p.tile), str(p.at)) for p in h.plays_for("W")] == [("0-2", "2-5:2")]


def test_after_the_last_tile_nobody_is_to_move(block):
    """N sets 6-6 and E goes out with 5-6: the hand is over, nobody moves."""
    h = Hand(block, ["N", "E"], {"N": tiles("6-6", "1-2"), "E": tiles("5-6")}, [])
    h.play("N", T("6-6"))
    ev = h.play("E", T("5-6"), E("6-6:a"))
    assert (h.end, ev.end, ev.next) == ("out", "out", None)
    assert h.current is None
    assert h.plays_for("N") == [] and h.may_draw("N") is False


def test_going_out_is_settled_as_going_out(catalog):
    """Fives and Threes: going out scores 1 (a block scores nothing). N sets
    1-2 as its last tile: the ends total 3, one point in play, and N is out:
    1 more. E keeps 3-4 and 5-6 (18 pips)."""
    ft = catalog.variant("fives-and-threes").rules
    h = Hand(ft, ["N", "E"], {"N": tiles("1-2"), "E": tiles("3-4", "5-6")}, [], "N")
    ev = h.play("N", T("1-2"))
    s = h.settlement
    assert ev.end == "out" and ev.placement.points == 1
    assert (s.winners, dict(s.points), s.blocked) == (("N",), {"N": 1}, False)
    assert dict(s.pips) == {"N": 0, "E": 18}
    assert h.scores == {"N": 2, "E": 0}


def test_going_out_pays_a_side_the_other_sides_pips_only(catalog):
    """Block with partners (N+S against E+W), settled as opponents' pips less
    the winner's own after a block, but only the opponents' pips when a player
    goes out (seed 004, Block): N goes out with 6-6 while partner S still holds
    5-5 (10 pips) and E and W hold 1-2 and 0-1 (4 pips). N+S score 4, not
    4 - 10."""
    blk = catalog.variant("block").rules
    h = Hand(blk, ["N", "E", "S", "W"], {"N": tiles("6-6"), "E": tiles("1-2"), "S": tiles("5-5"),
                                         "W": tiles("0-1")}, [], None, [["N", "S"], ["E", "W"]])
    ev = h.play("N", T("6-6"))
    s = h.settlement
    assert ev.end == "out" and s.blocked is False
    assert (s.winners, dict(s.raw), dict(s.points)) == (("N+S",), {"N+S": 4}, {"N+S": 4})


def test_a_deal_with_an_unknown_leader_or_missing_scores():
    """The leader (here chosen by lot, so named) must be seated; scores given
    for some sides only start the others at 0."""
    by_lot = make_variant(Params(set=6, players=(2,), partnerships=(), deal={2: 7}), Choices(draw="none"), "plain")
    deal = {"N": tiles("1-2"), "E": tiles("3-4")}
    with pytest.raises(ValueError) as info:
        Hand(by_lot, ["N", "E"], deal, [], "X")
    assert str(info.value) == "the leader 'X' is not a player"
    h = Hand(by_lot, ["N", "E"], deal, [], "N", scores={"N": 10})
    assert h.scores == {"N": 10, "E": 0}
    assert (h.leader, h.current, h.last_player) == ("N", "N", None)        # nobody has played yet


def test_every_move_out_of_turn_or_after_the_end_says_why(block):
    """N sets 6-6; it is E's turn. A player not seated, N playing again, or
    anyone moving after E goes out with 5-6 are each refused with its rule."""
    h = Hand(block, ["N", "E"], {"N": tiles("6-6", "1-2"), "E": tiles("5-6")}, [])
    h.play("N", T("6-6"))
    assert refusal(lambda: h.play("Z", T("1-2"))) == ("'Z' is not a player", "block/players")
    assert refusal(lambda: h.play("N", T("1-2"))) == ("it is E's turn, not N's", "block/turn-order")
    assert refusal(lambda: h.play("E", T("1-2"))) == ("E does not hold 1-2", "block/own-tiles")
    h.play("E", T("5-6"), E("6-6:a"))
    assert refusal(lambda: h.pass_("N")) == ("the hand is over (out); no more moves", "block/hand-over")


def test_events_say_what_each_move_did_and_share_unchanged_scores(draw_game):
    """A play or a pass is never 'playable' (that is a draw's word). The
    scores of consecutive events that changed nothing are one mapping
    (Event's docstring: read it, do not change it)."""
    h = Hand(draw_game, ["B", "W"], {"B": tiles("2-5", "3-3"), "W": tiles("6-6", "0-0")},
             tiles("1-1", "0-2", "1-3", "4-4"), "B")
    first = h.play("B", T("2-5"))
    drew = h.draw("W")
    assert (first.kind, first.playable, drew.kind, drew.drawn, drew.playable) == ("play", False, "draw", T("1-1"), False)
    assert first.scores == {"B": 0, "W": 0} and drew.scores is first.scores
