"""``side_branches: eight-arm-star`` (Cyprus: Pagat's "Cyprus", an
eight-bladed star round the 9-9; domino-games.com, "Cyprus Domino Rules":
the four edges and four diagonals of the 9-9 before any other tile) and the
line of play's ``draw: one`` (both sources: draw one tile, set it if it
fits, else pass). Every expected value is worked by hand from those rules,
beside the same table played with the four-armed star (``spinner-first``) or
the same deal with drawing until a tile fits, so the tests show each value
changing play."""

import re

import pytest

from generator.engine import RuleViolation
from generator.engine.choices import Choices
from generator.engine.rules import make_variant
from generator.engine.tiles import CORNERS, End, Tile
from generator.families.line import play as line_play
from generator.families.line.draw import arrange, overlaps, render, side_directions
from generator.families.line.rules import Layout
from generator.families.line.rules.hand import Hand

from conftest import E, T

pytestmark = pytest.mark.engine

FOUR = dict(set=9, players=[4], deal={4: 9})
CYPRUS = dict(lead="highest-double", spinners="first", draw="none", settlement="opponents-less-own")
SIDES = ["a", "b", "side-a", "side-b"]


def rules(side_branches, **more):
    return make_variant(dict(FOUR), Choices.from_mapping(dict(CYPRUS, side_branches=side_branches, **more)), "test")


def table(v, *moves):
    layout = Layout()
    for tile, at in moves:
        layout = v.place(layout, T(tile), E(at) if at else None).layout
    return layout


def where(v, layout, tile):
    return [str(p.at) for p in v.plays(layout, T(tile))]


def test_the_set_double_offers_eight_ends():
    # 9-9 set: four arms, its four sides; eight arms, its four corners as well, in the output order
    # a, b, side-a, side-b, then the corners.
    four, eight = rules("spinner-first"), rules("eight-arm-star")
    lay = table(eight, ("9-9", None))
    assert [e.side for e in four.open_ends(table(four, ("9-9", None)))] == SIDES
    assert [e.side for e in eight.open_ends(lay)] == SIDES + list(CORNERS)
    # a nine may go on any of the eight
    assert len(where(eight, lay, "5-9")) == 8


def test_same_table_different_legal_moves():
    # 9-9 set, 3-9 a, 5-9 b, 0-9 side-a, 7-9 side-b: the four sides are taken.
    # Four arms: the star is complete; the open ends are the arms' 0, 3, 5, 7, and 3-4 goes on the 3.
    # Eight arms: the four corners are still free, so they are the only open ends; 3-4 goes nowhere,
    # and 2-9 goes on any of the four corners.
    four, eight = rules("spinner-first"), rules("eight-arm-star")
    moves = [("9-9", None), ("3-9", "9-9:a"), ("5-9", "9-9:b"), ("0-9", "9-9:side-a"), ("7-9", "9-9:side-b")]
    lay4, lay8 = table(four, *moves), table(eight, *moves)
    assert [str(e) for e in four.open_ends(lay4)] == ["0-9:0", "3-9:3", "5-9:5", "7-9:7"]
    assert where(four, lay4, "3-4") == ["3-9:3"]
    assert [str(e) for e in eight.open_ends(lay8)] == [f"9-9:{c}" for c in CORNERS]
    assert where(eight, lay8, "3-4") == []
    assert where(eight, lay8, "2-9") == [f"9-9:{c}" for c in CORNERS]
    with pytest.raises(RuleViolation) as info:
        eight.place(lay8, T("3-4"), E("3-9:3"))
    assert info.value.rule == "test/star-arms-first"
    assert "9-9 must have a tile on all four sides and four corners" in info.value.message


def test_the_corners_may_be_filled_first_and_in_any_order():
    # Pagat and domino-games.com name no order: a corner before any side is allowed. 9-9 set, 1-9 on the
    # corner between b and side-b: the other seven ends stay open, the 1 is not open yet.
    eight = rules("eight-arm-star")
    lay = table(eight, ("9-9", None), ("1-9", "9-9:corner-b-side-b"))
    assert [e.side for e in eight.open_ends(lay)] == SIDES + ["corner-a-side-a", "corner-a-side-b",
                                                              "corner-b-side-a"]
    assert where(eight, lay, "1-2") == []


def test_the_eight_arms_grow_once_all_are_filled():
    # Eight nines round the 9-9: 0-9 a, 1-9 b, 2-9 side-a, 3-9 side-b, 4-9, 5-9, 6-9, 7-9 on the corners.
    # Open: the eight arms' far ends 0..7 (the 9-9 takes nothing more). 4-8 goes on the 4 only; 8-9 fits
    # nowhere (no 8 or 9 shows).
    eight = rules("eight-arm-star")
    moves = [("9-9", None)] + [(f"{n}-9", f"9-9:{side}") for n, side in enumerate(SIDES + list(CORNERS))]
    lay = table(eight, *moves)
    assert [str(e) for e in eight.open_ends(lay)] == [f"{n}-9:{n}" for n in range(8)]
    assert where(eight, lay, "4-8") == ["4-9:4"]
    assert where(eight, lay, "8-9") == []
    lay = eight.place(lay, T("4-8"), E("4-9:4")).layout
    assert [str(e) for e in eight.open_ends(lay)] == [f"{n}-9:{n}" for n in (0, 1, 2, 3)] + ["4-8:8"] + \
        [f"{n}-9:{n}" for n in (5, 6, 7)]


def test_only_the_star_has_corners():
    # A four-armed star's spinner has no corners: the position names one, the engine says why.
    four = rules("spinner-first")
    lay = table(four, ("9-9", None))
    with pytest.raises(RuleViolation) as info:
        four.place(lay, T("5-9"), E("9-9:corner-a-side-a"))
    assert "has no corners" in info.value.message
    # a later double of the eight-armed game is not a spinner and has no corners either
    eight = rules("eight-arm-star")
    moves = [("9-9", None)] + [(f"{n}-9", f"9-9:{side}") for n, side in enumerate(SIDES + list(CORNERS))]
    lay = table(eight, *moves)
    lay = eight.place(lay, T("4-4"), E("4-9:4")).layout
    assert [e.side for e in eight.open_ends(lay) if e.tile == T("4-4")] == ["b"]
    with pytest.raises(RuleViolation) as info:
        eight.place(lay, T("4-5"), E("4-4:corner-b-side-a"))
    assert "4-4 has no corners" in info.value.message


def test_a_player_without_a_nine_passes_while_corners_are_free():
    # Four players, nothing drawn. N sets 9-9; E, S and W each hold a nine and put it on a side, N plays
    # a fourth nine on the last side. E holds 4-5 and the 4 of 4-9 shows: four arms, E plays it; eight
    # arms, the corners are free, E holds no nine and passes (S's 8-9 can still go on a corner, so the
    # hand is not blocked).
    hands = {"N": ["9-9", "7-9", "1-1"], "E": ["4-9", "4-5"], "S": ["5-9", "8-9"], "W": ["6-9", "3-3"]}
    for value, e_plays in (("spinner-first", True), ("eight-arm-star", False)):
        h = Hand(rules(value), ["N", "E", "S", "W"], {p: [T(t) for t in ts] for p, ts in hands.items()}, [])
        h.play("N", T("9-9"))
        h.play("E", T("4-9"), E("9-9:a"))
        h.play("S", T("5-9"), E("9-9:b"))
        h.play("W", T("6-9"), E("9-9:side-a"))
        h.play("N", T("7-9"), E("9-9:side-b"))
        assert h.can_play("E") is e_plays
        if not e_plays:
            h.pass_("E")
            assert h.current == "S"


def test_draw_one_then_pass():
    # Four players. N sets 9-9; E holds no nine. Stock (top first) 1-2, 3-9, 4-4, 5-5.
    # Until a tile fits: E draws 1-2 (no nine), may draw again, draws 3-9 and must set it.
    # One tile: E draws 1-2, may not draw again (refused) and passes; S is next; 1-2 stays in E's hand.
    hands = {"N": ["9-9", "0-0"], "E": ["0-1", "0-2"], "S": ["0-3", "0-4"], "W": ["0-5", "0-6"]}
    stock = ["1-2", "3-9", "4-4", "5-5"]

    def deal(draw):
        v = rules("eight-arm-star", draw=draw)
        h = Hand(v, ["N", "E", "S", "W"], {p: [T(t) for t in ts] for p, ts in hands.items()}, [T(t) for t in stock])
        h.play("N", T("9-9"))
        ev = h.draw("E")
        assert ev.drawn == T("1-2") and not ev.playable
        return h

    h = deal("until-playable")
    assert h.may_draw("E")
    with pytest.raises(RuleViolation):
        h.pass_("E")
    assert h.draw("E").playable and h.must_play == T("3-9")

    h = deal("one")
    assert not h.may_draw("E")
    with pytest.raises(RuleViolation) as info:
        h.draw("E")
    assert info.value.rule == "test/draw-once"
    h.pass_("E")
    assert h.current == "S" and T("1-2") in h.hands["E"] and len(h.stock) == 3
    # S holds no nine either: S may draw one (the turn is new), draws 3-9 and must set it
    assert h.may_draw("S")
    assert h.draw("S").playable and h.must_play == T("3-9")


def star_layout(length):
    """The 9-9 with all eight arms ``length`` tiles long: arm ``i`` starts with ``i-9`` and its ``j``-th
    next tile brings the number ``10 + 8 (j - 1) + i`` (a large set: the drawing draws any layout it is
    given, and no tile repeats)."""
    lay = Layout().attach(Tile(9, 9), None, cross=True, spinner=True, star=True)
    for i, side in enumerate(SIDES + list(CORNERS)):
        lay = lay.attach(Tile(i, 9), E(f"9-9:{side}"))
        tile, pip = Tile(i, 9), i
        for j in range(1, length):
            nxt = Tile(pip, 10 + 8 * (j - 1) + i)
            lay = lay.attach(nxt, End(tile, str(pip)))
            tile, pip = nxt, nxt.other(pip)
    return lay


@pytest.mark.parametrize("length", [1, 2, 4, 6])
def test_the_star_is_drawn_without_overlaps_at_any_arm_length(length):
    # Eight arms of one, two, four and six tiles: no two tiles overlap, each corner arm has its stroke to
    # the double's corner, and the four corners face the four diagonals (a on the left, side-a up).
    arr = arrange(star_layout(length))
    assert overlaps(arr) == []
    ties = [b for b in arr.boxes if b.tie is not None]
    assert sorted(b.placed.parent.side for b in ties) == sorted(CORNERS)
    dirs = side_directions(arr)
    assert {c: dirs[E(f"9-9:{c}")] for c in CORNERS} == {
        "corner-a-side-a": "up-left", "corner-a-side-b": "down-left",
        "corner-b-side-a": "up-right", "corner-b-side-b": "down-right"}
    # each stroke runs from a corner of the 9-9 (the box -0.5..0.5 by -1..1) diagonally away from it
    for b in ties:
        x0, y0, x1, y1 = b.tie
        assert abs(x0) == 0.5 and abs(y0) == 1.0
        assert abs(x1 - x0) == abs(y1 - y0) == 0.5 and abs(x1) > abs(x0) and abs(y1) > abs(y0)


def test_free_corners_are_marked_open_in_the_drawing():
    # 9-9 set and 3-9 on side a: the seven free ends (three sides, four corners) each get a hollow dot.
    eight = rules("eight-arm-star")
    lay = table(eight, ("9-9", None), ("3-9", "9-9:a"))
    svg = render(arrange(lay), counted={}, open_ends=eight.open_ends(lay), last=None, title="t", desc="d",
                 lang="en", ident="t")
    assert sorted(re.findall(r'class="open" data-end="([^"]+)"', svg)) == sorted(
        ["9-9:b", "9-9:side-a", "9-9:side-b"] + [f"9-9:{c}" for c in CORNERS])


def test_play_a_hand_names_the_corner_as_the_reader_sees_it():
    # Play's words for a corner: the drawing's quarter, not the authors' letters.
    eight = rules("eight-arm-star")
    hands = {"N": ["9-9", "0-0"], "E": ["4-9", "1-1"], "S": ["5-5"], "W": ["6-6"]}
    h = Hand(eight, ["N", "E", "S", "W"], {p: [T(t) for t in ts] for p, ts in hands.items()}, [])
    h.play("N", T("9-9"))
    words = [line_play.action_words(eight, h, "E", p, "en") for p in h.plays_for("E")]
    assert "[4|9] on the upper left-hand corner of [9|9]" in words
