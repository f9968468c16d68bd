"""A game's rules as the engine builds them from ``params`` and ``choices``
(:func:`generator.engine.rules.make_variant`), and the rule functions a page or a
house rule relies on directly: settlement, rounding, the Fives end count,
Bergen's headers, and the plays listed where matching is not by equal numbers.
Every expected value is worked by hand from the rule it names."""

import pytest

from generator.engine import End, Params, RuleViolation
from generator.families.line.rules import Layout
from generator.engine.choices import Choices
from generator.families.line.rules.hand import Hand
from generator.families.line.rules.variant import Contribution, Variant, count_fives_ends, round_half_up_to, side_of, sides_of
from generator.engine.rules import make_variant

from conftest import E, T, tiles

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

TWO = Params(set=6, players=(2,), partnerships=(), deal={2: 7})



def test_a_game_without_choices_is_a_plain_line_of_play():
    """No choices: the defaults (seed 003's Draw game): one line, lead by lot,
    equal numbers match, draw until a tile fits, nothing scored."""
    v = Variant(TWO)
    assert v.choices == Choices()
    assert (v.family, v.lead_rule, v.matching, v.draw_mode, v.settle_rule) == (
        "line", "lot", "equal", "until-playable", "none")


def test_make_variant_reads_the_mappings_of_variant_yaml():
    """``params`` and ``choices`` as written in variant.yaml: a double-nine
    set for two to four, Matador's sum of seven, tied sides all winning."""
    v = make_variant({"set": 9, "players": [2, 3, 4], "deal": {2: 7, 3: 7, 4: 7}, "target": 150},
                     {"matching": "sum-7", "ties": "all-tied-win"})
    assert (v.params.set, v.params.players, v.params.target, v.max_pip) == (9, (2, 3, 4), 150, 9)
    assert (v.matching, v.choices.matching, v.choices.ties) == ("sum-7", "sum-7", "all-tied-win")
    assert v.id == ""                                    # no id given: rule ids read "/<rule>"
    assert make_variant(TWO, None, "plain").choices == Choices()


def test_matador_lists_the_plays_that_make_seven():
    """Matador (seed 004): N sets 3-3, the highest double. E's 4-5 fits with
    its 4 (3 + 4 = 7) and the matador 1-6 fits anywhere; 3-6 shows a 3, which
    would match by equal numbers but makes 6, not 7."""
    mat = make_variant(TWO, Choices(lead="highest-double", matching="sum-7", draw="none"), "matador")
    h = Hand(mat, ["N", "E"], {"N": tiles("3-3", "0-2"), "E": tiles("4-5", "3-6", "1-6")}, [])
    h.play("N", T("3-3"))
    assert sorted({str(p.tile) for p in h.plays_for("E")}) == ["1-6", "4-5"]
    assert {(str(p.tile), str(p.at), p.touch) for p in h.plays_for("E") if p.tile == T("4-5")} == {
        ("4-5", "3-3:a", None), ("4-5", "3-3:b", None)}
    assert h.can_play("N") is False                      # 0-2 makes 3 + 0 or 3 + 2 with a 3


def test_all_threes_lists_only_plays_that_total_a_multiple_of_three():
    """All Threes (seed 004): after the set 1-2 the ends are 1 and 2. E's 1-4
    on the 1 leaves 4 + 2 = 6, and 2-5 on the 2 leaves 1 + 5 = 6: both legal.
    1-5 on the 1 leaves 2 + 5 = 7 (terms in tile order: 1-2, then 1-5): it
    matches, but is refused, and says where it was played."""
    a3 = make_variant(Params(set=6, players=(2,), partnerships=(), deal={2: 7}, target=100),
                      Choices(doubles="choice", counting="fives", scoring="multiples-of-3",
                              legal_totals="multiples", settlement="differences"), "all-threes")
    h = Hand(a3, ["N", "E"], {"N": tiles("1-2", "6-6"), "E": tiles("1-5", "1-4", "2-5")}, [], "N")
    assert h.play("N", T("1-2")).placement.points == 3
    assert [(str(p.tile), str(p.at)) for p in h.plays_for("E")] == [("1-4", "1-2:1"), ("2-5", "1-2:2")]
    with pytest.raises(RuleViolation) as info:
        h.play("E", T("1-5"), E("1-2:1"))
    assert (info.value.message, info.value.rule) == (
        "1-5 at 1-2:1 would leave open ends totalling 2 + 5 = 7, not a multiple of 3", "all-threes/multiple-of-3")


def test_a_settlement_without_scores_before_has_no_scores_after():
    """Block, blocked: N has 3 pips left, E 8. N wins 8 - 3 = 5; with no
    scores given there is nothing to add them to."""
    v = make_variant(TWO, Choices(settlement="opponents-less-own"))
    s = v.settle(["N", "E"], {"N": 3, "E": 8}, None)
    assert (s.winners, dict(s.raw), s.blocked) == (("N",), {"N": 5}, True)
    assert s.scores_after is None and s.game_winners is None


@pytest.mark.parametrize("rule", ["opponents-less-own", "differences"])
def test_tied_sides_that_all_win_gain_nothing_from_each_other(rule):
    """A block with N and E tied on 5 pips, where tied sides all win: each
    winner's opponents hold 5, less its own 5 (or the difference 5 - 5):
    nothing for either."""
    v = make_variant(TWO, Choices(settlement=rule, ties="all-tied-win"))
    s = v.settle(["N", "E"], {"N": 5, "E": 5}, None, scores={"N": 10, "E": 20})
    assert (s.winners, dict(s.raw), dict(s.points)) == (("N", "E"), {"N": 0, "E": 0}, {"N": 0, "E": 0})
    assert dict(s.scores_after) == {"N": 10, "E": 20}


def test_differences_count_nothing_from_an_opponent_left_with_a_blank():
    """All Fives' settlement (seed 004): A goes out; B is left with 0-0 (no
    pips), C with 1-6 (7). A gains 0 from B and 7 from C: 7."""
    v = make_variant(Params(set=6, players=(3,), partnerships=(), deal={3: 5}), Choices(settlement="differences"))
    s = v.settle(["A", "B", "C"], {"A": 0, "B": 0, "C": 7}, "A")
    assert (s.winners, dict(s.raw)) == (("A",), {"A": 7})


def test_side_of_names_the_player_it_cannot_place():
    sides = sides_of(["N", "E", "S", "W"], [["N", "S"], ["E", "W"]])
    assert side_of("W", sides) == "E+W"
    with pytest.raises(KeyError) as info:
        side_of("X", sides)
    assert info.value.args == ("X",)


def test_the_reason_a_tile_may_not_be_set():
    """With set totals (All Threes' 3 or 6) the reason names them; a game with
    no such rule gives the plain reason."""
    plain = Variant(TWO)
    assert plain.lead_reason(T("2-5")) == "2-5 may not be set"
    totals = Variant(Params(set=6, players=(2,), partnerships=(), deal={2: 7}, own=(("lead_totals", (3, 6)),)))
    assert totals.lead_reason(T("2-5")) == (
        "2-5 cannot be set: its ends total 7; only a tile totalling 3 or 6 may be set")
    assert totals.lead_reason(T("1-2")) == "1-2 may not be set"


def test_an_exact_half_rounds_up_for_any_unit():
    """Rounding to a unit of 10: 15 is half way and goes up to 20; 14 goes
    down to 10, 25 up to 30, 26 up to 30 (seed 000's rule, 1-2 down and 3-4
    up, is the case of the unit 5, which has no exact half)."""
    assert [round_half_up_to(v, 10) for v in (15, 14, 25, 26, 5)] == [20, 10, 30, 30, 10]


def test_a_crosswise_double_counts_once_at_its_b_side_in_any_order():
    """Seed 000: a crosswise double with both straight sides open counts both
    halves once, 6 + 6 = 12, entered at its b side, whichever order the open
    ends are given in."""
    lay = Layout().attach(T("6-6"), None, cross=True)
    ends = (End(T("6-6"), "a"), End(T("6-6"), "b"))
    want = [Contribution(End(T("6-6"), "b"), 12)]
    assert count_fives_ends(lay, ends) == want
    assert count_fives_ends(lay, ends[::-1]) == want
    assert count_fives_ends(lay, ends[::-1], itemise=False) == 12


def test_a_joining_tile_touches_with_the_pip_it_is_told():
    """Layout.attach takes the touching pip from ``link`` when given (Matador
    joins by sums): 2-5 joins the 4 of 1-4 with its 5, so its 2 is open."""
    lay = Layout().attach(T("1-4"), None).attach(T("2-5"), E("1-4:4"), link="5")
    assert [str(e) for e in lay.free_ends()] == ["1-4:1", "2-5:2"]
    with pytest.raises(ValueError) as info:
        Layout().attach(T("1-4"), None).attach(T("2-5"), E("1-4:4"))     # by default it touches with a 4
    assert str(info.value) == "2-5 has no 4"


def test_bergen_headers_count_matching_ends_of_the_line():
    """Seed 004 section 5: both ends of the line showing one number is a
    double-header (2); with a crosswise double at one of them, three ends show
    it: a triple-header (3); ends that differ: none (0). A double laid
    lengthwise (a house rule's ``doubles: choice``) shows its number at one
    end only, so it can make a double-header, never a triple."""
    bg = make_variant(TWO, Choices(lead="highest-double", scoring="headers", settlement="one", doubles="choice"))
    line = Layout().attach(T("2-4"), None)
    assert bg.headers(line) == 0                                                     # ends 2 and 4
    assert bg.headers(line.attach(T("4-6"), E("2-4:4")).attach(T("2-6"), E("4-6:6"))) == 2  # ends 2 and 2
    crossed = bg.place(Layout(), T("4-4"), None, "cross").layout
    assert bg.headers(crossed) == 3                                                  # 4-4 across: 4, 4, 4
    assert bg.headers(bg.place(Layout(), T("4-4"), None, "inline").layout) == 2      # 4-4 lengthwise: 4, 4
    lay = bg.place(crossed, T("4-5"), E("4-4:a")).layout                             # ends 4 and 5
    assert bg.headers(lay) == 0
    lay = bg.place(bg.place(lay, T("5-6"), E("4-5:5")).layout, T("4-6"), E("5-6:6")).layout
    assert bg.headers(lay) == 3                                                      # 4-4:b and 4-6:4


def test_a_train_game_is_not_settled_as_a_line_hand(catalog):
    """Mexican Train's penalty pips are added up round by round
    (``settle_match``: 0 + 4 for A, 5 + 0 for B over two rounds); its rules
    have no line hand's settlement at all."""
    mt = catalog.variant("mexican-train").rules
    assert not hasattr(mt, "settle")
    m = mt.settle_match(["A", "B"], [{"A": 0, "B": 5}, {"A": 4, "B": 0}], 13)
    assert (dict(m.totals), m.complete, m.winners) == ({"A": 4, "B": 5}, False, ())


def test_quick_paths_apply_only_where_matching_is_by_equal_numbers_alone():
    """``equal_matching`` is True for a plain game and False for Matador's sums
    and All Threes' multiples (a further rule restricts plays)."""
    assert Variant(TWO).equal_matching is True
    assert make_variant(TWO, Choices(matching="sum-7")).equal_matching is False
    assert make_variant(TWO, Choices(scoring="multiples-of-3", legal_totals="multiples")).equal_matching is False


def test_a_games_own_check_applies_even_when_nothing_scores():
    """A game of its own (a subclass, as a house rule's code would be) that
    forbids setting 6-6, in a game that scores nothing: the check still runs."""
    class NoDoubleSixLead(Variant):
        def check_placement(self, placement):
            if placement.at is None and placement.tile == T("6-6"):
                raise RuleViolation("6-6 may not be set here", "test/no-6-6")

    v = NoDoubleSixLead(TWO)
    with pytest.raises(RuleViolation) as info:
        v.place(Layout(), T("6-6"), None)
    assert info.value.rule == "test/no-6-6"
    assert v.place(Layout(), T("5-5"), None).tile == T("5-5")
