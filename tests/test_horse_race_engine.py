"""Horse Race rules one by one (seed 000), with values worked by hand."""

import pytest

from generator.engine import RuleViolation, Tile
from generator.families.line.rules import Layout
from generator.families.line.rules.hand import Hand

from conftest import E, T, build

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


# -- counting and scoring (末端と配置内部のダブル, 配置ごとの得点) ----------------

def test_lead_counts_both_ends(hr):
    pl = build(hr, ("1-4", None))
    assert sorted(c.value for c in pl.counted) == [1, 4]
    assert (pl.total, pl.raw, pl.points) == (5, 5, 1)


def test_lone_double_counts_both_halves_once(hr):
    pl = build(hr, ("2-2", None))
    assert [c.value for c in pl.counted] == [4]          # 2 + 2, counted once
    assert (pl.total, pl.raw, pl.points) == (4, 0, 0)    # 4 is not a multiple of 5
    assert [str(e) for e in pl.open] == ["2-2:a", "2-2:b"]


def test_double_counts_while_a_straight_side_is_open(hr):
    # 1-4, then 4-4 on the 4: the 4-4 still has straight side b open -> 8.
    pl = build(hr, ("1-4", None), ("4-4", "1-4:4"))
    assert sorted(c.value for c in pl.counted) == [1, 8]
    assert pl.total == 9 and pl.raw == 0


def test_double_counts_zero_once_both_straight_sides_filled(hr):
    # 5-5 lead (10), 2-5 on b (10 + 2), 3-5 on a: the double now counts 0 -> 2 + 3.
    pl = build(hr, ("5-5", None), ("2-5", "5-5:b"), ("3-5", "5-5:a"))
    assert sorted(c.value for c in pl.counted) == [2, 3]
    assert (pl.total, pl.raw, pl.points) == (5, 5, 1)


def test_unused_side_branches_count_zero_but_are_open(hr):
    pl = build(hr, ("5-5", None), ("2-5", "5-5:b"), ("3-5", "5-5:a"))
    opens = [str(e) for e in pl.open]
    assert "5-5:side-a" in opens and "5-5:side-b" in opens
    assert all(c.end.tile != Tile(5, 5) for c in pl.counted)


def test_side_branch_needs_both_straight_sides(hr):
    with pytest.raises(RuleViolation) as exc:
        build(hr, ("5-5", None), ("2-5", "5-5:b"), ("4-5", "5-5:side-a"))
    assert exc.value.rule == "horse-race/straight-sides-first"
    assert "5-5:a" in exc.value.message          # the open ends are listed


def test_started_side_branch_outer_end_counts(hr):
    # ... then 4-5 on a side branch: 2 + 3 + 4 = 9.
    pl = build(hr, ("5-5", None), ("2-5", "5-5:b"), ("3-5", "5-5:a"), ("4-5", "5-5:side-a"))
    assert sorted(c.value for c in pl.counted) == [2, 3, 4]
    assert (pl.total, pl.raw) == (9, 0)


def test_every_double_is_a_branch_double(hr):
    pl = build(hr, ("1-4", None), ("1-1", "1-4:1"), ("4-4", "1-4:4"))
    assert hr.is_spinner(Layout(), Tile(3, 3), True)
    assert pl.layout.doubles(spinners_only=True) == [Tile(1, 1), Tile(4, 4)]


@pytest.mark.parametrize("total,raw,points", [(0, 0, 0), (5, 5, 1), (10, 10, 2), (15, 15, 3),
                                              (20, 20, 4), (6, 0, 0), (12, 0, 0), (9, 0, 0)])
def test_score_conversion(hr, total, raw, points):
    assert hr.score_total(total) == (raw, points)


def test_blank_counts_as_zero(hr):
    pl = build(hr, ("0-0", None))
    assert [c.value for c in pl.counted] == [0]
    assert (pl.raw, pl.points) == (0, 0)


def test_matching_is_required(hr):
    with pytest.raises(RuleViolation) as exc:
        build(hr, ("1-4", None), ("2-3", "1-4:4"))
    assert exc.value.rule == "horse-race/matching"


def test_at_may_be_omitted_only_when_unique(hr):
    pl = build(hr, ("1-4", None), ("4-6", None))       # only 1-4:4 takes a 4
    assert str(pl.at) == "1-4:4"
    with pytest.raises(RuleViolation) as exc:
        build(hr, ("4-4", None), ("4-6", None))        # 4-4:a and 4-4:b both take it
    assert exc.value.rule == "horse-race/placement" and "4-4:a, 4-4:b" in exc.value.message


def test_tile_cannot_be_played_twice(hr):
    with pytest.raises(RuleViolation) as exc:
        build(hr, ("1-4", None), ("1-4", "1-4:4"))
    assert exc.value.rule == "horse-race/each-tile-once"


def test_doubles_are_always_crosswise(hr):
    with pytest.raises(RuleViolation) as exc:
        hr.place(Layout(), T("3-3"), None, "inline")
    assert exc.value.rule == "horse-race/doubles-crosswise"


# -- turn flow (配置と手番の継続, ドローとパス) --------------------------------------

FULL = [str(t) for t in __import__("generator.engine", fromlist=["double_set"]).double_set(6)]


def deal(n_hand, hands, stock_first=()):
    """A two-player hand: the given hands, then stock_first on top of the rest."""
    used = {t for h in hands.values() for t in h} | set(stock_first)
    rest = [t for t in FULL if t not in used]
    return {p: [T(t) for t in h] for p, h in hands.items()}, [T(t) for t in list(stock_first) + rest]


def test_double_continues_and_plain_tile_ends_turn(hr):
    hands, stock = deal(7, {"N": ["3-3", "3-6", "0-1", "1-1", "0-2", "2-2", "1-2"],
                            "E": ["4-6", "0-0", "5-5", "0-5", "1-5", "2-5", "0-4"]})
    h = Hand(hr, ["N", "E"], hands, stock, "N")
    assert h.play("N", T("3-3")).next == "N"          # total 6, no score, but a double
    assert h.play("N", T("3-6"), E("3-3:b")).next == "E"  # 6 + 6 = 12: ends the turn
    ev = h.play("E", T("4-6"), E("3-6:6"))            # 6 + 4 = 10: 2 points, continues
    assert (ev.placement.points, ev.next, ev.scores["E"]) == (2, "E", 2)


def test_must_play_when_able(hr):
    hands, stock = deal(7, {"N": ["1-2", "0-1", "1-1", "0-2", "1-3", "2-3", "1-4"],
                            "E": ["0-0", "0-3", "3-3", "4-4", "5-5", "5-6", "2-6"]})
    h = Hand(hr, ["N", "E"], hands, stock, "N")
    h.play("N", T("1-2"))
    with pytest.raises(RuleViolation) as exc:
        h.draw("E")                                   # E holds 2-6, which fits the 2
    assert exc.value.rule == "horse-race/must-play"
    with pytest.raises(RuleViolation) as exc:
        h.pass_("E")
    assert str(exc.value) == "E can play and may not pass [rule horse-race/must-play]"


def test_drawn_playable_tile_is_placed_and_ends_turn(hr):
    hands, stock = deal(7, {"N": ["1-2", "0-1", "1-1", "0-2", "1-3", "2-3", "1-4"],
                            "E": ["0-0", "0-3", "3-3", "4-4", "5-5", "5-6", "6-6"]}, ["3-4", "2-2", "1-6"])
    h = Hand(hr, ["N", "E"], hands, stock, "N")
    h.play("N", T("1-2"))                             # 2 + 1 = 3
    ev = h.draw("E")
    assert (str(ev.drawn), ev.playable, ev.next) == ("3-4", False, "E")
    ev = h.draw("E")
    assert (str(ev.drawn), ev.playable) == ("2-2", True)
    with pytest.raises(RuleViolation) as exc:
        h.draw("E")                                   # must place the drawn 2-2 first
    assert exc.value.rule == "horse-race/drawn-tile"
    # 3-4 was drawn too, but it is not the playable tile just drawn: refused for that, before the
    # question of where it would fit (no tile E held before drawing fits, or E could not have drawn)
    with pytest.raises(RuleViolation) as exc:
        h.play("E", T("3-4"), E("1-2:2"))
    assert exc.value.rule == "horse-race/drawn-tile" and "2-2" in exc.value.message
    ev = h.play("E", T("2-2"), E("1-2:2"))            # 1 + 4 = 5 -> 1 point, a double...
    assert (ev.placement.points, ev.next) == (1, "N")  # ...but drawn: the turn ends


def test_game_end_during_a_turn_beats_continuation(hr):
    hands, stock = deal(7, {"N": ["0-5", "5-5", "1-1", "1-2", "1-3", "2-2", "2-3"],
                            "E": ["0-0", "0-1", "0-2", "0-3", "0-4", "0-6", "4-4"]})
    h = Hand(hr, ["N", "E"], hands, stock, "N", scores={"N": 59, "E": 57})
    assert h.play("N", T("0-5")).scores["N"] == 60          # 5 -> 1 point, continues
    ev = h.play("N", T("5-5"), E("0-5:5"))                  # 0 + 10 = 10 -> 2 points: 62
    assert (ev.end, ev.next, ev.scores["N"]) == ("game", None, 62)
    assert h.game_winners == ("N",) and h.settlement is None
    with pytest.raises(RuleViolation) as exc:
        h.play("E", T("0-0"), E("0-5:0"))
    assert exc.value.rule == "horse-race/hand-over"


def test_going_out_settles_and_names_next_leader(hr):
    # A short partnership hand (not a full deal): N leads its only tile and is out.
    hands = {"N": [T("0-1")], "E": [T("2-3")], "S": [T("4-5")], "W": [T("6-6")]}
    h = Hand(hr, ["N", "E", "S", "W"], hands, [], "N", teams=[["N", "S"], ["E", "W"]])
    ev = h.play("N", T("0-1"))                              # 1 + 0 = 1, N is out
    assert ev.end == "out"
    s = h.settlement
    # N+S win; opponents E (5) + W (12) = 17 -> 15 -> 3; S's 9 pips are not counted.
    assert s.winners == ("N+S",) and s.points == {"N+S": 3}
    assert h.next_leader == "N"


def test_blocked_hand_needs_empty_stock_and_no_play(hr):
    hands = {"N": [T("0-1"), T("6-6")], "E": [T("2-3"), T("4-5")]}
    h = Hand(hr, ["N", "E"], hands, [], "N")
    ev = h.play("N", T("0-1"))                      # ends 0 and 1: nobody holds a 0 or 1
    assert ev.end == "blocked"
    # N 12 vs E 5 + 9 = 14: N wins with the lower total, scores 14 -> 15 -> 3
    assert h.settlement.winners == ("N",) and h.settlement.points == {"N": 3}
    assert h.next_leader is None                    # a new lot after a block


def test_pass_only_with_empty_stock(hr):
    hands = {"N": [T("0-1"), T("1-1")], "E": [T("2-3"), T("4-5")]}
    h = Hand(hr, ["N", "E"], hands, [T("5-6"), T("6-6")], "N")
    h.play("N", T("0-1"))                           # 1 + 0 = 1, turn ends
    with pytest.raises(RuleViolation) as exc:
        h.pass_("E")
    assert exc.value.rule == "horse-race/draw-before-pass"
    h.draw("E")
    h.draw("E")                                      # both unplayable; stock now empty
    ev = h.pass_("E")
    assert ev.next == "N"


def test_turn_order_is_enforced(hr):
    hands = {"N": [T("0-1")], "E": [T("1-2")]}
    h = Hand(hr, ["N", "E"], hands, [T("3-3")], "N")
    with pytest.raises(RuleViolation) as exc:
        h.play("E", T("1-2"))
    assert exc.value.rule == "horse-race/turn-order"


# -- settlement (ハンドの精算, 最小値が同点の場合, 対局の勝者と得点の記録) -----------------

@pytest.mark.parametrize("pips,points", [(17, 3), (18, 4), (22, 4), (12, 2), (15, 3), (1, 0), (3, 1), (0, 0)])
def test_rounding_to_nearest_five(hr, pips, points):
    s = hr.settle(["N", "E"], {"N": 0, "E": pips}, "N")
    assert s.points == {"N": points}


def test_partner_pips_excluded(hr):
    s = hr.settle(["N", "E", "S", "W"], {"N": 0, "E": 9, "S": 7, "W": 8}, "N", [["N", "S"], ["E", "W"]])
    assert s.points == {"N+S": 3}                   # 9 + 8 = 17 -> 15 -> 3


def test_blocked_partnerships_compare_sums(hr):
    s = hr.settle(["N", "E", "S", "W"], {"N": 1, "E": 5, "S": 17, "W": 6}, None, [["N", "S"], ["E", "W"]])
    assert s.winners == ("E+W",) and s.points == {"E+W": 4}   # 18 -> 20 -> 4


def test_tie_each_gets_a_full_bonus_from_all_others(hr):
    s = hr.settle(["N", "E", "S", "W"], {"N": 4, "E": 4, "S": 4, "W": 14}, None)
    assert s.winners == ("N", "E", "S")
    assert s.points == {"N": 4, "E": 4, "S": 4}     # 4 + 4 + 14 = 22 -> 20 -> 4


def test_tied_pairs_each_score_once(hr):
    s = hr.settle(["N", "E", "S", "W"], {"N": 6, "E": 7, "S": 6, "W": 5}, None, [["N", "S"], ["E", "W"]])
    assert s.points == {"N+S": 2, "E+W": 2}         # 12 -> 10 -> 2 each


def test_shared_game_win(hr):
    s = hr.settle(["N", "E", "S", "W"], {"N": 6, "E": 7, "S": 6, "W": 5}, None, [["N", "S"], ["E", "W"]],
                  {"N+S": 59, "E+W": 59})
    assert s.scores_after == {"N+S": 61, "E+W": 61}
    assert s.game_winners == ("N+S", "E+W")


def test_target_and_deal_parameters(hr):
    p = hr.params
    assert p.target == 61 and p.target * p.point_unit == 305
    assert [(n, p.deal[n], p.stock_size(n)) for n in (2, 3, 4)] == [(2, 7, 14), (3, 6, 10), (4, 5, 8)]
