"""The line-of-play family's distinctive rules, each with values worked by hand
from the seeds (003: Draw; 004: All Fives, All Threes, Matador, Sniff, Bergen)
and the standard Block game."""

import pytest

from generator.engine import RuleViolation
from generator.families.line.rules import Layout
from generator.families.line.rules.hand import Hand

from conftest import E, T

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def v(catalog):
    return lambda vid: catalog.variant(vid).rules


def place(variant, *moves):
    """Apply (tile, at[, as, touch]) moves; return the last Placement."""
    layout, pl = Layout(), None
    for m in moves:
        tile, at, as_, touch = (tuple(m) + (None, None))[:4]
        pl = variant.place(layout, T(tile), E(at) if at else None, as_, touch)
        layout = pl.layout
    return pl


def rule_of(fn):
    with pytest.raises(RuleViolation) as info:
        fn()
    return info.value.rule


def message(fn):
    """The message and rule of the rule violation ``fn`` raises."""
    with pytest.raises(RuleViolation) as info:
        fn()
    return info.value.message, info.value.rule


def tiles(*texts):
    return [T(t) for t in texts]


# -- Draw (seed 003) -----------------------------------------------------------

def test_draw_worked_position_choice_of_end(v):
    draw = v("draw")
    # ends 2 and 5 (set 2-4, then 4-5 on the 4); the hand holds 2-5, 1-2, 5-6
    start = place(draw, ("2-4", None), ("4-5", "2-4:4"))
    assert sorted(start.layout.pip_at(e) for e in start.open) == [2, 5]
    on5 = draw.place(start.layout, T("2-5"), E("4-5:5"))
    assert sorted(on5.layout.pip_at(e) for e in on5.open) == [2, 2]
    assert draw.legal_ends(on5.layout, T("1-2")) and not draw.legal_ends(on5.layout, T("5-6"))
    on2 = draw.place(start.layout, T("2-5"), E("2-4:2"))
    assert sorted(on2.layout.pip_at(e) for e in on2.open) == [5, 5]
    assert draw.legal_ends(on2.layout, T("5-6")) and not draw.legal_ends(on2.layout, T("1-2"))


def test_draw_draws_until_playable_without_ending_the_turn_and_keeps_two(v):
    draw = v("draw")
    h = Hand(draw, ["B", "W"], {"B": tiles("2-5", "3-3"), "W": tiles("6-6", "0-0")},
             tiles("1-1", "0-2", "1-3", "4-4"), "B")
    h.play("B", T("2-5"))
    assert rule_of(lambda: h.pass_("W")) == "draw/draw-before-pass"
    assert h.draw("W").playable is False and h.current == "W"       # 1-1: no fit, still W's turn
    ev = h.draw("W")                                                # 0-2 fits the 2 end
    assert ev.playable and h.current == "W"
    assert rule_of(lambda: h.play("W", T("6-6"))) == "draw/drawn-tile"
    h.play("W", T("0-2"), E("2-5:2"))
    assert h.current == "B"
    # B: 3-3 does not fit ends 0 and 5; the 2 tiles left are never drawn, so B passes
    assert len(h.stock) == 2 and h.drawable == 0
    assert rule_of(lambda: h.draw("B")) == "draw/empty-stock"
    h.pass_("B")
    assert h.current == "W" and h.end is None                        # W's 0-0 still fits


def test_draw_end_of_hand(v):
    draw = v("draw")
    out = draw.settle(["B", "W"], {"B": 0, "W": 9}, "B")
    assert out.winners == ("B",) and dict(out.points) == {}
    low = draw.settle(["B", "W"], {"B": 7, "W": 9}, None)
    assert low.winners == ("B",)
    tie = draw.settle(["B", "W"], {"B": 8, "W": 8}, None)
    assert tie.winners == ()


# -- Block (standard references) ---------------------------------------------------

def test_block_no_drawing_and_highest_double_sets(v):
    block = v("block")
    hands = {"N": tiles("6-6", "1-2"), "E": tiles("5-5", "0-3"), "W": tiles("4-6", "3-4")}
    assert rule_of(lambda: Hand(block, ["N", "E", "W"], hands, [], "E")) == "block/lead"
    h = Hand(block, ["N", "E", "W"], hands, tiles("0-0"), "N")
    assert rule_of(lambda: h.play("N", T("1-2"))) == "block/lead"
    h.play("N", T("6-6"))
    assert rule_of(lambda: h.draw("E")) == "block/no-draw"
    h.pass_("E")                                        # 5-5 and 0-3 do not fit a 6
    assert h.current == "W"
    # no double dealt: the heaviest tile sets (6-2 and 5-3 both weigh 8: higher top pip)
    assert block.required_lead({"N": tiles("5-3", "0-1"), "E": tiles("6-2", "1-4")}) == ("E", T("6-2"))


def test_a_hand_without_a_named_leader_is_set_by_the_player_the_rules_name(v):
    # Block: whoever holds the highest double sets it, so the leader may be left out
    hands = {"N": tiles("4-4", "1-2"), "E": tiles("5-5", "0-3"), "W": tiles("4-6", "3-4")}
    h = Hand(v("block"), ["N", "E", "W"], hands, [])
    assert h.current == "E"
    assert [str(p.tile) for p in h.plays_for("E")] == ["5-5"]
    # Draw: the player with black leads; the rules name nobody, so the hand needs a leader
    with pytest.raises(ValueError, match="say who leads"):
        Hand(v("draw"), ["B", "W"], {"B": tiles("2-5"), "W": tiles("6-6")}, [])


def test_push_makes_a_listed_or_a_written_play_and_checks_any_other(v):
    from generator.families.line.rules.variant import Play
    hands = {"N": tiles("6-6", "1-2"), "E": tiles("2-6", "0-3", "3-6"), "W": tiles("4-6", "3-4")}
    h = Hand(v("block"), ["N", "E", "W"], hands, [])
    h.push("N", Play(T("6-6"), None))                   # written, not taken from the list
    # E's plays on the set 6-6 (both straight sides are open), tile by tile in hand order
    assert [f"{p.tile}@{p.at}" for p in h.plays_for("E")] == ["2-6@6-6:a", "2-6@6-6:b", "3-6@6-6:a", "3-6@6-6:b"]
    assert rule_of(lambda: h.push("E", Play(T("0-3"), E("6-6:b")))) == "block/matching"
    assert rule_of(lambda: h.push("W", Play(T("4-6"), E("6-6:b")))) == "block/turn-order"
    ev = h.push("E", h.plays_for("E")[3])               # 3-6 on the 6-6's b side
    assert (str(ev.placement.tile), ev.next, [str(e) for e in h.layout.free_ends()]) == ("3-6", "W", ["3-6:3", "6-6:a"])


def test_tiles_and_ends_are_equal_exactly_when_they_are_the_same_value(v):
    assert T("4-1") == T("1-4") and not T("1-4") != T("4-1")
    assert T("1-4") != T("1-5") and T("1-4") != "1-4" and T("1-4") != (1, 4)
    assert E("1-4:4") == E("4-1:4") and E("1-4:4") != E("1-4:1")
    hand = tiles("0-1", "2-3", "1-4")
    hand.remove(T("4-1"))
    assert hand == tiles("0-1", "2-3")


def test_block_settlement_less_own(v):
    block = v("block")
    s = block.settle(["N", "E", "W"], {"N": 0, "E": 10, "W": 7}, "N")
    assert s.winners == ("N",) and s.points["N"] == 17
    s = block.settle(["N", "E", "W"], {"N": 5, "E": 12, "W": 9}, None)
    assert s.points["N"] == 12 + 9 - 5
    s = block.settle(["N", "E", "S", "W"], {"N": 3, "S": 4, "E": 6, "W": 2}, None, [["N", "S"], ["E", "W"]])
    assert s.winners == ("N+S",) and s.points["N+S"] == 1            # 8 - 7
    assert block.settle(["N", "E", "W"], {"N": 5, "E": 5, "W": 9}, None).winners == ()


# -- All Fives (seed 004, section 6) ----------------------------------------------

def test_all_fives_book_example_and_doubles(v):
    af = v("all-fives")
    p = place(af, ("0-4", None))
    assert (p.total, p.points) == (4, 0)
    p = place(af, ("0-4", None), ("0-1", "0-4:0"))
    assert (p.total, p.points) == (5, 5)
    cross = place(af, ("0-5", None), ("5-5", "0-5:5"))              # 0 + 5 + 5
    assert (cross.total, cross.points) == (10, 10)
    inline = place(af, ("0-5", None), ("5-5", "0-5:5", "inline"))   # 0 + 5
    assert (inline.total, inline.points) == (5, 5)
    assert [str(e) for e in cross.open] == ["0-5:0", "5-5:b"]         # no spinner: two ends


def test_all_fives_settlement_differences(v):
    af = v("all-fives")
    s = af.settle(["N", "E", "W"], {"N": 4, "E": 10, "W": 13}, None)
    assert s.points["N"] == (10 - 4) + (13 - 4)
    s = af.settle(["N", "E", "W"], {"N": 0, "E": 10, "W": 13}, "N")
    assert s.points["N"] == 23


# -- All Threes (seed 004, section 7) ---------------------------------------------

def test_all_threes_book_example(v):
    a3 = v("all-threes")
    a = place(a3, ("1-2", None))
    b = a3.place(a.layout, T("1-4"), E("1-2:1"))
    c = a3.place(b.layout, T("2-5"), E("1-2:2"))
    assert (a.points, b.points, c.points) == (3, 6, 9)


def test_all_threes_only_multiples_are_legal(v):
    a3 = v("all-threes")
    assert rule_of(lambda: place(a3, ("1-3", None))) == "all-threes/set"
    assert rule_of(lambda: place(a3, ("0-0", None))) == "all-threes/set"   # not among the book's six
    assert place(v("all-threes-ten"), ("0-0", None)).points == 0     # the wider reading: 0 is a multiple
    start = place(a3, ("1-2", None))
    # 1-1 crosswise on the 1: 2 + 2 = 4 (illegal); lengthwise: 2 + 1 = 3 (legal, 3 points)
    assert rule_of(lambda: a3.place(start.layout, T("1-1"), E("1-2:1"))) == "all-threes/multiple-of-3"
    assert a3.place(start.layout, T("1-1"), E("1-2:1"), "inline").points == 3
    assert [(str(p.at), p.as_) for p in a3.plays(start.layout, T("1-1"))] == [("1-2:1", "inline")]
    assert a3.plays(start.layout, T("2-6")) == []                     # 1 + 6 = 7


# -- Matador (seed 004, section 8) -------------------------------------------------

def test_matador_sum_to_seven(v):
    m = v("matador")
    p = place(m, ("6-6", None), ("1-3", "6-6:a"), ("2-4", "1-3:3"))
    assert sorted(p.layout.pip_at(e) for e in p.open) == [2, 6]
    assert rule_of(lambda: m.place(p.layout, T("2-6"), E("2-4:2"))) == "matador/sum-7"
    assert [str(e) for e in m.place(p.layout, T("5-5"), E("2-4:2")).open] == ["5-5:b", "6-6:b"]


def test_matador_blank_and_matadors(v):
    m = v("matador")
    p = place(m, ("6-6", None), ("0-1", "6-6:a"))                    # 1 + 6: the blank is open
    assert rule_of(lambda: m.place(p.layout, T("3-3"), E("0-1:0"))) == "matador/blank"
    assert rule_of(lambda: m.place(p.layout, T("1-6"), E("0-1:0"))) == "matador/placement"   # say which half
    q = m.place(p.layout, T("1-6"), E("0-1:0"), touch=6)
    assert [str(e) for e in q.open] == ["1-6:1", "6-6:b"]
    # a matador on an end where neither half adds to 7 (3 + 6, 3 + 1)
    r = place(m, ("3-3", None), ("1-6", "3-3:a", None, 1))
    assert [str(e) for e in r.open] == ["1-6:6", "3-3:b"]
    # 0-0 goes anywhere; only matadors follow it
    z = place(m, ("5-5", None), ("0-0", "5-5:a"))
    assert rule_of(lambda: m.place(z.layout, T("0-2"), E("0-0:b"))) == "matador/blank"
    assert [str(e) for e in m.place(z.layout, T("3-4"), E("0-0:b"), touch=3).open] == ["3-4:4", "5-5:b"]


# -- Sniff (seed 004) ---------------------------------------------------------------

def test_sniff_book_example_one(v):
    sn = v("sniff")
    assert place(sn, ("1-4", None)).points == 5
    inline = place(sn, ("1-4", None), ("1-1", "1-4:1", "inline"))
    cross = place(sn, ("1-4", None), ("1-1", "1-4:1", "cross"))
    assert (inline.total, inline.points) == (5, 5)
    assert (cross.total, cross.points) == (6, 0)


def test_sniff_four_arms_open_at_once_and_count(v):
    sn = v("sniff")
    s = place(sn, ("4-4", None))
    assert [str(e) for e in s.open] == ["4-4:a", "4-4:b", "4-4:side-a", "4-4:side-b"]
    p = sn.place(s.layout, T("2-4"), E("4-4:side-a"))                # 8 + 2
    assert (p.total, p.points) == (10, 10)
    # both straight sides filled: the sniff counts 0, each arm its end: 2 + 3 + 6 + 4 = 15
    four = place(sn, ("4-4", None), ("2-4", "4-4:side-a"), ("3-4", "4-4:a"), ("4-6", "4-4:b"),
                 ("4-5", "4-4:side-b"))
    assert sorted(c.value for c in four.counted) == [2, 3, 5, 6]
    assert (four.total, four.points) == (16, 0)
    # later doubles are not spinners
    d = sn.place(p.layout, T("2-2"), E("2-4:2"))
    assert not d.layout.get(T("2-2")).spinner


def test_sniff_optional_draw_keeps_two(v):
    sn = v("sniff")
    h = Hand(sn, ["N", "E"], {"N": tiles("1-4", "4-6"), "E": tiles("1-2", "3-3")},
             tiles("0-0", "5-6", "0-1"), "N")
    h.play("N", T("1-4"))
    assert h.can_play("E") and h.may_draw("E")
    ev = h.draw("E")                                                  # allowed although 1-2 fits
    assert ev.drawn == T("0-0") and h.current == "E" and h.must_play is None
    assert rule_of(lambda: h.draw("E")) == "sniff/empty-stock"       # the last two stay
    s = sn.settle(["N", "E", "W"], {"N": 3, "E": 10, "W": 12}, None)
    assert s.points["N"] == 22


# -- Bergen (seed 004, section 5) ---------------------------------------------------

def test_bergen_headers(v):
    bg = v("bergen")
    steps = [("6-6", None), ("2-6", "6-6:a"), ("4-6", "6-6:b"), ("2-4", "4-6:4"), ("2-2", "2-4:2")]
    layout, got = Layout(), []
    for tile, at in steps:
        pl = bg.place(layout, T(tile), E(at) if at else None)
        layout = pl.layout
        got.append(pl.points)
    assert got == [2, 0, 0, 2, 3]     # set 2; ends 2|6, 2|4; 2|2 double-header; 2|2-2 triple-header


def test_bergen_set_scores_and_settlement(v):
    bg = v("bergen")
    assert place(bg, ("3-5", None)).points == 2
    assert bg.settle(["N", "E"], {"N": 0, "E": 9}, "N").points == {"N": 1}
    assert bg.settle(["N", "E"], {"N": 4, "E": 9}, None).points == {"N": 1}
    assert bg.settle(["N", "E"], {"N": 9, "E": 9}, None).winners == ()


def test_every_game_set_by_the_highest_double_opens_with_it(catalog):
    """Block, Matador and Bergen (seed 004: the holder of the highest double
    sets it), and every house rule of theirs: E holds 5-5, the highest double
    dealt (N's 6-5 is heavier but no double; N's 3-3 is lower), so E leads
    without being named, may place only 5-5 first, and N may not lead. With no
    double dealt, the heaviest tile sets: N's 6-5 (11 pips) over E's 6-4."""
    games = [vid for vid in catalog.variant_ids() if catalog.variant(vid).choices.lead == "highest-double"]
    assert {"block", "matador", "bergen"} <= set(games)
    for vid in games:
        rules = catalog.variant(vid).rules
        deal = {"N": tiles("6-5", "3-3"), "E": tiles("1-2", "5-5")}
        h = Hand(rules, ["N", "E"], deal, [])
        assert (h.current, h.required_lead) == ("E", ("E", T("5-5"))), vid
        assert {p.tile for p in h.plays_for("E")} == {T("5-5")}, vid
        assert message(lambda: h.play("E", T("1-2"))) == (
            "the hand opens with 5-5, the highest double dealt, not 1-2", f"{vid}/lead")
        assert message(lambda: Hand(rules, ["N", "E"], deal, [], "N")) == (
            "E holds 5-5, the highest double dealt, and sets it; N cannot lead", f"{vid}/lead")
        assert h.play("E", T("5-5")).placement.tile == T("5-5") and h.current == "N"
        plain_deal = {"N": tiles("1-2", "6-5"), "E": tiles("6-4", "0-1")}
        plain = Hand(rules, ["N", "E"], plain_deal, [])
        assert (plain.current, plain.required_lead) == ("N", ("N", T("6-5"))), vid
        assert message(lambda: plain.play("N", T("1-2"))) == (
            "the hand opens with 5-6, the heaviest tile dealt (no double was dealt), not 1-2", f"{vid}/lead")
        assert message(lambda: Hand(rules, ["N", "E"], plain_deal, [], "E")) == (
            "N holds 5-6, the heaviest tile dealt (no double was dealt), and sets it; E cannot lead", f"{vid}/lead")


def test_a_listed_play_is_still_checked_for_whose_turn_and_whose_tile(v):
    """Block, after N sets 6-6: it is E's turn. Listing N's plays (1-6 at
    either straight side) gives N no right to move out of turn, and gives E
    no right to place N's tile: the quick path for a listed play must not
    skip the turn or the ownership check."""
    h = Hand(v("block"), ["N", "E"], {"N": tiles("6-6", "1-6", "1-2"), "E": tiles("5-6", "2-3")}, [])
    h.play("N", T("6-6"))
    listed = h.plays_for("N")
    assert [(str(p.tile), str(p.at)) for p in listed] == [("1-6", "6-6:a"), ("1-6", "6-6:b")]
    assert rule_of(lambda: h.push("N", listed[0])) == "block/turn-order"
    assert rule_of(lambda: h.push("E", listed[0])) == "block/own-tiles"
    assert h.current == "E" and len(h.layout) == 1
    assert h.push("E", h.plays_for("E")[0]).placement.tile == T("5-6") and h.current == "N"
    assert h.pips("N") == 7 + 3 and h.pips("E") == 5      # 1-6 and 1-2 left to N, 2-3 to E


def test_matador_says_what_an_end_takes(v):
    """Touching ends add to 7: 6-6 shows 6 and takes a 1; a blank end takes
    only a matador; on the double blank only a matador may be played."""
    m = v("matador")
    assert message(lambda: place(m, ("6-6", None), ("2-6", "6-6:a"))) == (
        "2-6 cannot join 6-6:a: touching ends must add to 7, 6-6:a shows 6, so it takes a 1 (or a matador) "
        "(open ends: 6-6:a, 6-6:b)", "matador/sum-7")
    assert message(lambda: place(m, ("6-6", None), ("0-1", "6-6:a"), ("0-3", "0-1:0"))) == (
        "0-3 cannot join 0-1:0: a blank takes only a matador (6-1, 5-2, 4-3, 0-0) (open ends: 0-1:0, 6-6:b)",
        "matador/blank")
    assert message(lambda: place(m, ("0-0", None), ("2-3", "0-0:a"))) == (
        "2-3 cannot join 0-0:a: the double blank takes only a matador (6-1, 5-2, 4-3, 0-0) "
        "(open ends: 0-0:a, 0-0:b)", "matador/blank")
    # 1-3 joins the 6 with its 1; touching with its 3 makes 3 + 6 = 9, and 1-3 is no matador
    assert message(lambda: place(m, ("6-6", None), ("1-3", "6-6:a", None, 3))) == (
        "1-3 cannot touch 6-6:a with its 3: 3 + 6 is not 7 (open ends: 6-6:a, 6-6:b)", "matador/sum-7")


def test_all_threes_says_why_a_tile_cannot_be_set(v):
    """All Threes sets only the book's tiles totalling 3 or 6: 1-1 (2) is no
    multiple of 3; 4-5 (9) is, but not one of the set totals; 3-3 (6) sets."""
    a3 = v("all-threes")
    assert message(lambda: place(a3, ("1-1", None))) == (
        "1-1 cannot be set: its ends total 2, not a multiple of 3 (the set must make a multiple of 3)",
        "all-threes/set")
    assert message(lambda: place(a3, ("4-5", None))) == (
        "4-5 cannot be set: its ends total 9; only a tile totalling 3 or 6 may be set", "all-threes/set")
    assert place(a3, ("3-3", None)).points == 6


def test_a_closed_end_is_named_with_the_open_ones(v):
    """Block: 6-6 set crosswise, 5-6 on its side a. Side a is taken; a
    double that is no spinner has no side branches. Horse Race: a spinner's
    side branch waits for both straight sides."""
    block = v("block")
    assert message(lambda: place(block, ("6-6", None), ("5-6", "6-6:a"), ("4-6", "6-6:a"))) == (
        "6-6:a is already joined (open ends: 5-6:5, 6-6:b)", "block/placement")
    assert message(lambda: place(block, ("6-6", None), ("5-6", "6-6:side-a"))) == (
        "6-6 is not a branch double, so it has no side branches (open ends: 6-6:a, 6-6:b)", "block/placement")
    assert message(lambda: place(v("horse-race"), ("5-5", None), ("4-5", "5-5:side-b"))) == (
        "5-5:side-b is not open yet: both straight sides of 5-5 must be filled before a side branch "
        "(open ends: 5-5:a, 5-5:b)", "horse-race/straight-sides-first")


def test_where_a_tile_fits_is_listed_in_number_order_even_past_nine():
    """A Matador of double-twelve (touching ends add to 13): on a set 9-10,
    3-4 fits both ends (4 + 9 and 3 + 10). The ends are listed by number,
    9 before 10, not as text ("10" before "9")."""
    from generator.engine.choices import Choices
    from generator.families.line.rules.variant import Params
    from generator.engine.rules import make_variant

    m12 = make_variant(Params(set=12, players=(2,), partnerships=(), deal={2: 7}),
                       Choices(matching="sum-7"), "matador-12")
    lay = place(m12, ("9-10", None)).layout
    assert [str(e) for e in m12.legal_ends(lay, T("3-4"))] == ["9-10:9", "9-10:10"]
    assert m12.legal_ends(Layout(), T("3-4")) == [None]


def test_small_answers_of_a_games_rules(v):
    """Public answers the pages and tools ask of a game's rules: the stock
    after the deal (Draw, 2 players: 28 - 2 x 7 = 14), the points a
    placement scores (Horse Race: an end total of 10 is 10 raw, 10 / 5 = 2
    displayed), which half of a tile may touch an end (Block: 4-6 touches a
    4 with its 4; Matador: 1-2 touches a 6 with its 1, the matador 3-4 with
    either half, its 3 first, and 2-3 not at all), and the parameters survive
    being sent to another process."""
    import pickle

    assert v("draw").stock_size(2) == 14
    hr = v("horse-race")
    pl = place(hr, ("3-3", None), ("3-6", "3-3:b"), ("4-6", "3-6:6"))
    assert (pl.total, hr.score_placement(pl)) == (10, (10, 2))
    assert v("block").link_pip(4, T("4-6")) == 4
    m = v("matador")
    assert (m.link_pip(6, T("1-2")), m.link_pip(6, T("3-4")), m.link_pip(6, T("2-3"))) == (1, 3, None)
    for vid in ("horse-race", "all-fives", "mexican-train"):
        params = v(vid).params
        assert pickle.loads(pickle.dumps(params)) == params


def test_an_end_outside_the_set_is_refused(v):
    """A double-six game reads only pips 0 to 6 in a position's ends."""
    from generator.engine import NotationError

    assert str(v("draw").parse_end("1-6:6")) == "1-6:6"
    with pytest.raises(NotationError) as exc:
        v("draw").parse_end("1-7:7")
    assert str(exc.value) == "'1-7' is not in a double-6 set (pips run from 0 to 6)"


def _rules(**choices):
    """A double-six line game for three (or four, in partners) with the given choices, point unit 5 for
    ``rounded`` (1 otherwise), to 10 points."""
    from generator.engine.choices import Choices
    from generator.families.line.rules.variant import Params
    from generator.engine.rules import make_variant

    unit = 5 if choices.get("settlement") == "rounded" else 1
    return make_variant(Params(set=6, players=(3, 4), partnerships=(4,), deal={3: 5, 4: 5}, target=10,
                               point_unit=unit), Choices(**choices), "test-game")


@pytest.mark.parametrize("rule,out,blocked", [
    # A holds 5 pips, B 12, C 20 (the others: 32). Out: A went out; blocked: A has the lowest total.
    ("opponents", 32, 32),
    ("opponents-less-own", 32, 32 - 5),               # going out takes nothing off; a block takes A's own 5
    ("differences", (12 - 5) + (20 - 5), 22),
    ("one", 1, 1),
    ("go-out-one", 1, 0),
    ("rounded", 30, 30),                              # 32 rounds to 30 (a remainder of 2 goes down): 6 points
    ("none", None, None),
])
def test_every_settlement_rule_worked_by_hand(rule, out, blocked):
    v = _rules(settlement=rule)
    pips = {"A": 5, "B": 12, "C": 20}
    for went_out, raw in ((True, out), (False, blocked)):
        s = v.settle(["A", "B", "C"], pips, "A" if went_out else None, scores={"A": 8, "B": 9})
        assert s.winners == ("A",) and s.blocked is (not went_out) and dict(s.pips) == pips
        assert dict(s.opponents_pips) == {"A": 32}
        if raw is None:                              # nothing is scored at the end
            assert (dict(s.raw), dict(s.points)) == ({}, {})
            continue
        points = raw // (5 if rule == "rounded" else 1)
        assert (dict(s.raw), dict(s.points)) == ({"A": raw}, {"A": points}), (rule, went_out)
        # to 10 points: A had 8; B (9) gains nothing; C had nothing and stays at 0
        assert dict(s.scores_after) == {"A": 8 + points, "B": 9, "C": 0}
        assert s.game_winners == (("A",) if 8 + points >= 10 else ())


def test_ties_partners_and_who_leads_next():
    """A block on equal lowest totals (A 5, B 5, C 20): nobody wins under
    ``ties: nobody-wins``, both under ``all-tied-win`` (each scoring the
    others' pips: 5 + 20 = 25). Partners add their pips: N 3 + S 4 = 7
    against E 10 + W 0 = 10, so N+S wins a block. The next hand is led by
    whoever went out (``winner``), afresh after a block or always
    (``as-first-hand``)."""
    pips = {"A": 5, "B": 5, "C": 20}
    s = _rules(settlement="opponents").settle(["A", "B", "C"], pips, None)
    assert (s.winners, dict(s.points)) == ((), {})
    s = _rules(settlement="opponents", ties="all-tied-win").settle(["A", "B", "C"], pips, None)
    assert (s.winners, dict(s.points)) == (("A", "B"), {"A": 25, "B": 25})
    s = _rules(settlement="opponents").settle(["N", "E", "S", "W"], {"N": 3, "E": 10, "S": 4, "W": 0}, None,
                                              teams=[["N", "S"], ["E", "W"]])
    assert (s.winners, dict(s.pips), dict(s.points)) == (("N+S",), {"N+S": 7, "E+W": 10}, {"N+S": 10})
    assert _rules().next_leader("out", "B") == "B" and _rules().next_leader("blocked", "B") is None
    assert _rules(next_lead="as-first-hand").next_leader("out", "B") is None


def test_the_next_hand_passes_to_the_left_under_next_seat():
    """A leads and goes out at once: under ``next_lead: winner`` A leads
    again; under ``next-seat`` the lead passes to A's left, B."""
    for rule, leader in (("winner", "A"), ("next-seat", "B")):
        h = Hand(_rules(next_lead=rule, draw="none"), ["A", "B", "C"],
                 {"A": tiles("1-2"), "B": tiles("3-4"), "C": tiles("5-6")}, [], "A")
        assert h.next_leader is None                    # the hand is not over yet
        h.play("A", T("1-2"))
        assert (h.end, h.next_leader) == ("out", leader), rule


def test_drawing_and_passing_say_why_they_are_refused(v):
    """Draw keeps the last two tiles of the stock back (seed 003). B sets
    3-4; W holds no 3 or 4. With three tiles in the stock W must draw before
    passing; drawing 0-2 (no fit) leaves only the two reserved tiles, and as
    nobody holds a 3 or a 4 the hand is blocked: B holds 6-6 (12 pips), W
    0-0, 1-1 and 0-2 (4), so W wins. With only the reserve, or nothing, left
    to draw (and B still holding 4-5, so the hand goes on), the refusal says
    which, and W passes. Block has no drawing at all."""
    draw = v("draw")
    hands = {"B": tiles("3-4", "6-6"), "W": tiles("0-0", "1-1")}
    h = Hand(draw, ["B", "W"], hands, tiles("0-2", "5-5", "2-2"), "B")
    assert message(lambda: h.draw("B")) == ("B holds a playable tile and may not draw instead", "draw/must-play")
    h.play("B", T("3-4"))
    assert message(lambda: h.pass_("W")) == ("W must draw while the stock has drawable tiles", "draw/draw-before-pass")
    ev = h.draw("W")
    assert (str(ev.drawn), ev.playable, ev.end) == ("0-2", False, "blocked")
    assert (h.settlement.winners, dict(h.settlement.pips)) == (("W",), {"B": 12, "W": 4})
    for stock, why in ((tiles("5-5", "2-2"), "only the 2 reserved tiles are left in the stock, and they are never "
                                              "drawn"), ([], "the stock is empty")):
        h = Hand(draw, ["B", "W"], {"B": tiles("3-4", "6-6", "4-5"), "W": tiles("0-0", "6-1")}, stock, "B")
        h.play("B", T("3-4"))
        assert message(lambda: h.draw("W")) == (f"{why}; W cannot draw", "draw/empty-stock")
        assert h.pass_("W").next == "B"
    # Cyprus keeps one tile back (stock_reserve: 1): A sets the 9-9, B holds no 9, and the stock holds
    # only that tile, so B may not draw it (said of one tile) and passes to C
    cyprus = Hand(v("cyprus"), ["A", "B", "C", "D"], {"A": tiles("9-9", "0-1"), "B": tiles("1-2", "3-3"),
                                                     "C": tiles("9-4", "4-4"), "D": tiles("9-5", "5-5")},
                  tiles("2-2"), "A")
    cyprus.play("A", T("9-9"))
    assert message(lambda: cyprus.draw("B")) == ("only the reserved tile is left in the stock, and it is never "
                                                 "drawn; B cannot draw", "cyprus/empty-stock")
    assert cyprus.pass_("B").next == "C"
    block = Hand(v("block"), ["N", "E"], {"N": tiles("6-6", "1-6"), "E": tiles("0-1", "0-2")}, tiles("3-3"))
    block.play("N", T("6-6"))
    assert message(lambda: block.draw("E")) == ("this game has no drawing", "block/no-draw")


@pytest.mark.parametrize("game,moves,said", [
    ("block", [("6-6", "1-2:1")], ("the first tile is placed on an empty table; it takes no `at` (1-2:1)",
                                    "block/lead")),
    ("matador", [("1-6", None, None, 1)], ("the first tile joins nothing, so it takes no `touch`", "matador/touch")),
    ("block", [("6-6", None), ("1-2", None)], ("1-2 fits nowhere; say where with `at` (open ends: 6-6:a, 6-6:b)",
                                                "block/placement")),
    ("block", [("6-6", None), ("5-6", "5-5:a")], ("5-5 is not on the table (open ends: 6-6:a, 6-6:b)",
                                                   "block/placement")),
    ("block", [("6-6", None), ("5-6", None, "inline")], ("5-6 is not a double; `as` only turns doubles",
                                                          "block/doubles")),
    ("matador", [("6-6", None), ("1-6", "6-6:a", None, 3)], ("1-6 has no 3 to touch 6-6:a", "matador/touch")),
    ("matador", [("6-6", None), ("1-1", "6-6:a", None, 1)], ("1-1 is a double: both halves show 1, so it takes "
                                                             "no `touch`", "matador/touch")),
    ("matador", [("6-6", None), ("1-3", "6-6:a", None, 1)], ("`touch` is only for a tile that may join with "
                                                             "either half; 1-3 can only join 6-6:a with its 1, so "
                                                             "leave `touch` out", "matador/touch")),
    # the matador 3-4 adds to 7 with neither half on a 6 (3 + 6, 4 + 6): it may join by either, and must say which
    ("matador", [("6-6", None), ("3-4", "6-6:a")], ("3-4 may join 6-6:a with either half; say which pip touches "
                                                    "with `touch` (3 or 4)", "matador/placement")),
], ids=["lead at", "lead touch", "fits nowhere", "not on the table", "as on a non-double", "touch it lacks",
        "touch on a double", "touch not needed", "touch needed"])
def test_each_refused_placement_says_why(v, game, moves, said):
    assert message(lambda: place(v(game), *moves)) == said


def test_a_games_parameters_as_written_and_their_defaults():
    """``params`` in variant.yaml: what is left out means no partnerships,
    no reserve, no target, one raw point per displayed point, and (the line
    of play's own params) any set tile, no capicúa bonus and no deal thrown
    in; what is written is read as numbers."""
    from generator.engine.family import family_of
    from generator.families.line.rules.variant import Params

    line = family_of("line").own_params
    bare = Params.from_mapping({"set": 6, "players": [2, 3], "deal": {2: 7, 3: 5}}, line)
    assert (bare.set, bare.players, bare.deal) == (6, (2, 3), {2: 7, 3: 5})
    assert (bare.partnerships, bare.stock_reserve, bare.target, bare.point_unit, bare.own_ints("lead_totals"),
            bare.own_int("capicua_bonus"), bare.own_int("redeal_doubles")) == ((), 0, None, 1, (), None, None)
    full = Params.from_mapping({"set": "12", "players": ["4"], "partnerships": [4], "deal": {"4": "12"},
                                "stock_reserve": 2, "target": "100", "point_unit": 5, "lead_totals": [3, 6],
                                "capicua_bonus": "25", "redeal_doubles": 5}, line)
    assert (full.set, full.players, full.partnerships, full.deal, full.stock_reserve, full.target, full.point_unit,
            full.own_ints("lead_totals"), full.own_int("capicua_bonus"), full.own_int("redeal_doubles")) \
        == (12, (4,), (4,), {4: 12}, 2, 100, 5, (3, 6), 25, 5)


def test_a_game_holds_the_params_of_its_own_family_only():
    """A family declares its own params (``own_params``) and a game's params hold those alone: the
    same mapping read for a line of play keeps the tiles that may be set and leaves out a match's
    rounds; read for a layout of trains, the other way round (Mexican Train's 13, 7 or 1 rounds)."""
    from generator.engine.family import family_of
    from generator.engine.rulebase import Params

    m = {"set": 12, "players": [4], "deal": {4: 12}, "rounds": [13, 7, 1], "lead_totals": [3, 6]}
    line, trains = (Params.from_mapping(m, family_of(name).own_params) for name in ("line", "trains"))
    assert (line.own_ints("lead_totals"), line.own_ints("rounds")) == ((3, 6), ())
    assert (trains.own_ints("lead_totals"), trains.own_ints("rounds")) == ((), (13, 7, 1))
    assert [k for k, _ in line.own] == ["lead_totals", "capicua_bonus", "redeal_doubles"]
    assert trains.own == (("rounds", (13, 7, 1)),)
    assert Params.from_mapping(m).own == ()         # no family named: the params every game takes


def test_a_hand_nobody_can_set_is_blocked_by_the_first_pass(v):
    """All Threes sets only a tile totalling 3 or 6. A holds 1-1 (2) and 4-5
    (9), B holds 2-2 (4), and there is nothing to draw: A cannot set and
    passes, and as B cannot either, that pass blocks the hand. A holds 11
    pips, B 4: B wins."""
    h = Hand(v("all-threes"), ["A", "B"], {"A": tiles("1-1", "4-5"), "B": tiles("2-2")}, [], "A")
    ev = h.pass_("A")
    assert (ev.kind, ev.player, ev.next, ev.end) == ("pass", "A", None, "blocked")
    assert (h.end, h.current, h.events[-1] is ev) == ("blocked", None, True)
    assert (h.settlement.winners, dict(h.settlement.pips)) == (("B",), {"A": 11, "B": 4})


def test_practice_answers_list_the_numbers_at_the_open_ends_smallest_first(catalog):
    from generator.site.build import generate
    files = generate(catalog, png=False, with_stats=False, only={"cyprus"})
    for lang in ("en", "ja"):
        page = files[f"{lang}/gen/cyprus.md"].decode()
        # Cyprus "After the star": the 9-9 with 3-9, 5-9, 0-9, 7-9 on its sides and 1-9, 2-9, 6-9, 8-9 on its
        # corners shows 3, 5, 0, 7, 1, 2, 6, 8. 3-4 on the 3 leaves 4 there -> 0 / 1 / 2 / 4 / 5 / 6 / 7 / 8;
        # 1-1 on the 1 shows 1 again -> 0 / 1 / 2 / 3 / 5 / 6 / 7 / 8.
        answers = page.split("practice-arms-table.svg", 1)[1].split("</details>", 1)[0]
        assert "| **0 / 1 / 2 / 4 / 5 / 6 / 7 / 8** |" in answers and "| 0 / 1 / 2 / 3 / 5 / 6 / 7 / 8 |" in answers, \
            answers
        assert "4 / 5 / 0 / 7" not in page
