"""``side_branches: spinner-first`` (Sebastopol and Cyprus: Pagat's star
index; gambiter.com, Sebastopol): the first double is a spinner whose four
sides are open at once, and until each of them holds a tile no other end is
open. Every expected value is worked by hand from that rule, beside the
same deal played with the spinner's sides merely open at once (Sniff's and
Block with Spinners' reading), so the tests show the value changing play."""

import pytest

from generator.engine import RuleViolation
from generator.engine.choices import Choices
from generator.engine.rules import make_variant
from generator.families.line.rules import Layout
from generator.families.line.rules.hand import Hand

from conftest import E, T

pytestmark = pytest.mark.engine

FOUR = dict(set=6, players=[4], deal={4: 7})
BLOCK = dict(lead="highest-double", spinners="first", draw="none", settlement="opponents-less-own")


def rules(side_branches):
    return make_variant(dict(FOUR), Choices.from_mapping(dict(BLOCK, side_branches=side_branches)), "test")


def table(v, *moves):
    layout = Layout()
    for tile, at in moves:
        layout = v.place(layout, T(tile), E(at) if at else None).layout
    return layout


def where(v, layout, tile):
    return [str(p.at) for p in v.plays(layout, T(tile))]


def test_same_table_different_legal_moves():
    # 6-6 set, 4-6 on its side a. At once: the 6-6's other three sides and the 4 are open, so 4-5 goes on
    # the 4. Spinner first: only the 6-6's three free sides are open, and 4-5 has no 6: nowhere.
    at_once, first = rules("at-once"), rules("spinner-first")
    lay = table(first, ("6-6", None), ("4-6", "6-6:a"))
    assert where(at_once, lay, "4-5") == ["4-6:4"]
    assert where(first, lay, "4-5") == []
    assert [str(e) for e in first.open_ends(lay)] == ["6-6:b", "6-6:side-a", "6-6:side-b"]
    # a six goes on any free side of the spinner under both readings
    assert where(first, lay, "1-6") == where(at_once, lay, "1-6") == ["6-6:b", "6-6:side-a", "6-6:side-b"]


def test_a_play_beyond_the_spinner_is_refused_while_a_side_is_free():
    first = rules("spinner-first")
    lay = table(first, ("6-6", None), ("4-6", "6-6:a"), ("1-6", "6-6:b"), ("2-6", "6-6:side-a"))
    with pytest.raises(RuleViolation) as info:
        first.place(lay, T("4-5"), E("4-6:4"))
    assert info.value.rule == "test/spinner-sides-first"
    assert "6-6 must have a tile on all four sides" in info.value.message
    # the fourth side filled, every arm's end is open and the 4-5 goes on the 4
    lay = table(first, ("6-6", None), ("4-6", "6-6:a"), ("1-6", "6-6:b"), ("2-6", "6-6:side-a"),
                ("3-6", "6-6:side-b"))
    assert [str(e) for e in first.open_ends(lay)] == ["1-6:1", "2-6:2", "3-6:3", "4-6:4"]
    assert where(first, lay, "4-5") == ["4-6:4"]


def test_a_player_without_the_spinners_number_passes():
    # Four players, nothing drawn. N holds the 6-6 and sets it; E plays 4-6 on it. S holds no six, only
    # 4-5: at once S plays it on the 4; spinner first S cannot play and passes, and W, with 0-6, plays.
    hands = {"N": ["6-6", "0-1"], "E": ["4-6", "1-1"], "S": ["4-5", "2-3"], "W": ["0-6", "2-2"]}
    for value, s_plays in (("at-once", True), ("spinner-first", False)):
        h = Hand(rules(value), ["N", "E", "S", "W"], {p: [T(t) for t in ts] for p, ts in hands.items()}, [])
        h.play("N", T("6-6"))
        h.play("E", T("4-6"), E("6-6:a"))
        assert h.can_play("S") is s_plays
        if not s_plays:
            h.pass_("S")
            assert h.current == "W" and h.end is None
            assert [str(p.at) for p in h.plays_for("W")] == ["6-6:b", "6-6:side-a", "6-6:side-b"]


def test_nobody_holding_the_spinners_number_blocks_the_hand():
    # 6-6 set, 5-6 on it; the other sixes are out of play and nobody else holds a six: the spinner's
    # sides cannot be filled, so the hand blocks although 5-5 would fit the 5 at once.
    h = Hand(rules("spinner-first"), ["N", "E", "S", "W"],
             {"N": [T("6-6"), T("0-1")], "E": [T("5-6"), T("1-2")], "S": [T("5-5")], "W": [T("0-0")]}, [])
    h.play("N", T("6-6"))
    h.play("E", T("5-6"), E("6-6:a"))
    assert h.end == "blocked"


def test_the_count_takes_every_free_end():
    # The rule limits where a tile goes, not what the ends show: with 6-6 set and 4-6 on side a, the free
    # ends show 6, 6, 6 and 4: 22 (open ends counted once each).
    v = make_variant(dict(FOUR), Choices.from_mapping(dict(BLOCK, side_branches="spinner-first",
                                                           scoring="multiples-of-5")), "test")
    lay = table(v, ("6-6", None), ("4-6", "6-6:a"))
    assert v.end_total(lay) == 22


def test_the_diagram_marks_only_the_ends_that_are_open():
    # Play's diagram of the table: the hollow dots stand at the open ends only. 6-6 set, 4-6 on side a:
    # the 6-6's three free sides, not the 4 of the 4-6 (free, but not open yet). With the star complete
    # (1-6 on b, 0-6 on side-a, 5-6 on side-b): the four arms' ends 0, 1, 4 and 5.
    import re

    from generator.families.line import play as line_play

    first = rules("spinner-first")
    h = Hand(first, ["N", "E", "S", "W"], {"N": [T("6-6"), T("5-6")], "E": [T("4-6"), T("2-3")],
                                           "S": [T("1-6"), T("3-3")], "W": [T("0-6"), T("2-2")]}, [])
    h.play("N", T("6-6"))
    h.play("E", T("4-6"), E("6-6:a"))
    svg, _ = line_play.table(first, h, "en", "t")
    assert sorted(re.findall(r'class="open" data-end="([^"]+)"', svg)) == ["6-6:b", "6-6:side-a", "6-6:side-b"]
    h.play("S", T("1-6"), E("6-6:b"))
    h.play("W", T("0-6"), E("6-6:side-a"))
    h.play("N", T("5-6"), E("6-6:side-b"))
    svg, _ = line_play.table(first, h, "en", "t")
    assert sorted(re.findall(r'class="open" data-end="([^"]+)"', svg)) == ["0-6:0", "1-6:1", "4-6:4", "5-6:5"]
