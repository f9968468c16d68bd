"""A layout's kept answers against the answers worked out afresh.

A layout made by :meth:`Layout.attach` works out its free ends only when asked,
deriving them from its parent's; one made by :meth:`Variant.place` keeps them
for the variant's reading of side branches at once (and a line with two free
ends takes a short cut); ``Layout(records)`` wraps a finished mapping of
:class:`Placed` records and works everything out from the records. Each test
builds one position in these ways and checks each against the free ends (and
membership, crosswise doubles, numbers showing) worked out by hand, under both
readings of side branches (``after-straight``, Horse Race, seed 000; ``at-once``,
Sniff, seed 004): lines, doubles crosswise and inline, spinners, ends re-sorted
after a join, double-twelve tiles (10 sorts after 9, not before 2 as text would)
and tiles with a pip of 256 or more (``Tile.bit`` is 0, so the layout looks
them up in its records). Also the words of a refusal and a placement's fields
where the rules take a path of their own (sum matching, Bergen's headers)."""

import pytest

from generator.engine import Params, Tile
from generator.families.line.rules import Layout, Variant
from generator.engine.choices import Choices
from generator.families.line.rules.layout import Placed
from generator.engine.rules import make_variant

from conftest import E, T, violation as refusal

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

TWO = Params(set=6, players=(2,), partnerships=(), deal={2: 7})
TWELVE = Params(set=12, players=(2,), partnerships=(), deal={2: 7})

#: A plain line of play read each way: side branches after the straight sides (the default) and at once.
READINGS = {True: Choices(), False: Choices(side_branches="at-once")}


def ends(*texts):
    """The free ends written as text, as the tuple ``free_ends`` gives."""
    return tuple(E(t) for t in texts)



def line_records():
    """The line 1-4 set, 4-6 on its 4, written as records by hand."""
    return {
        T("1-4"): Placed(T("1-4"), None, None, False, False, 0, (("4", T("4-6")),)),
        T("4-6"): Placed(T("4-6"), E("1-4:4"), "4", False, False, 1),
    }


# -- Layout(records) -----------------------------------------------------------

def test_a_layout_of_records_holds_its_tiles():
    """The line 1-4, 4-6 from its records: two tiles, both on the table; 0-0
    (the tile whose bit is 1), 4-4 and 1-6 are not; no double lies crosswise."""
    lay = Layout(line_records())
    assert len(lay) == 2
    assert T("1-4") in lay and T("4-6") in lay
    assert T("0-0") not in lay and T("4-4") not in lay and T("1-6") not in lay
    assert lay.is_cross(T("0-0")) is False
    assert list(lay.tiles) == [T("1-4"), T("4-6")]


@pytest.mark.parametrize("flag", [True, False])
def test_a_layout_of_records_lists_the_far_end_of_a_tile_joined_by_its_low_half(flag):
    """The line 1-4, 4-6 from its records: 1-4's 4 holds 4-6 and 4-6 is joined
    by its 4 (its first end), so the free ends are 1-4:1 and 4-6:6, showing 1
    and 6, under either reading (no double). Attaching 6-3 on the 6 leaves
    1-4:1 and 3-6:3."""
    lay = Layout(line_records())
    assert lay.free_ends(flag) == ends("1-4:1", "4-6:6")
    assert lay.open_mask(flag) == (1 << 1) | (1 << 6)
    assert lay.attach(T("3-6"), E("4-6:6")).free_ends(flag) == ends("1-4:1", "3-6:3")


def test_a_lone_double_twelve_tile_of_records_lists_its_2_before_its_10():
    """2-10 set, as its one record: both ends free, 2-10:2 first (2 before 10 as
    numbers; as text "10" would come first)."""
    lay = Layout({T("2-10"): Placed(T("2-10"), None, None, False, False, 0)})
    assert lay.free_ends(True) == ends("2-10:2", "2-10:10")
    assert lay.free_ends(False) == ends("2-10:2", "2-10:10")


def test_records_of_a_crosswise_and_an_inline_double():
    """3-3 set crosswise, 3-5 on its b, 5-5 inline on the 5 (joined by its a),
    as records: 3-3 lies crosswise, 5-5 does not; free ends 3-3:a and 5-5:b
    (the numbers 3 and 5)."""
    lay = Layout({
        T("3-3"): Placed(T("3-3"), None, None, True, False, 0, (("b", T("3-5")),)),
        T("3-5"): Placed(T("3-5"), E("3-3:b"), "3", False, False, 1, (("5", T("5-5")),)),
        T("5-5"): Placed(T("5-5"), E("3-5:5"), "a", False, False, 2),
    })
    assert [lay.is_cross(T(t)) for t in ("3-3", "5-5", "3-5")] == [True, False, False]
    for flag in (True, False):
        assert lay.free_ends(flag) == ends("3-3:a", "5-5:b")
        assert lay.open_mask(flag) == (1 << 3) | (1 << 5)


def spinner_records(*joined):
    """6-6 set crosswise as a spinner, with 1-6, 2-6, ... (by their 6) on the
    sides named in ``joined``, in that order."""
    recs = {T("6-6"): None}
    children = []
    for i, side in enumerate(joined, 1):
        tile = T(f"{i}-6")
        children.append((side, tile))
        recs[tile] = Placed(tile, E(f"6-6:{side}"), "6", False, False, i)
    recs[T("6-6")] = Placed(T("6-6"), None, None, True, True, 0, tuple(children))
    return recs


def test_a_spinner_of_records_opens_both_branches_when_its_straight_sides_fill():
    """6-6 spinner with 1-6 on its b (records). After-straight, 1-6:1 and 6-6:a
    are free; 3-6 on 6-6:a fills both straight sides, so both side branches
    open: 1-6:1, 3-6:3, 6-6:side-a, 6-6:side-b. The same by attach (worked out
    when asked) and by the rules (Variant.place, kept), and at once."""
    lay = Layout(spinner_records("b"))
    assert lay.free_ends(True) == ends("1-6:1", "6-6:a")
    want = ends("1-6:1", "3-6:3", "6-6:side-a", "6-6:side-b")
    assert lay.attach(T("3-6"), E("6-6:a")).free_ends(True) == want
    assert lay.attach(T("3-6"), E("6-6:a")).free_ends(False) == want
    for flag in (True, False):
        rules = make_variant(TWO, Choices(spinners="all", side_branches="after-straight" if flag else "at-once"))
        p = rules.place(Layout(spinner_records("b")), T("3-6"), E("6-6:a"))
        assert p.open == want
        assert p.layout.free_ends(flag) == want


def test_a_spinner_of_records_keeps_a_joined_side_branch_closed():
    """6-6 spinner with 1-6 on its side-a and 2-6 on its b (records, a layout
    laid at once). Read after-straight: 1-6:1, 2-6:2 and 6-6:a are free
    (side-b waits for the straight sides). 3-6 on 6-6:a fills them: only side-b
    opens, side-a holds 1-6: 1-6:1, 2-6:2, 3-6:3, 6-6:side-b; at once the same."""
    recs = spinner_records("side-a", "b")
    assert Layout(recs).free_ends(True) == ends("1-6:1", "2-6:2", "6-6:a")
    assert Layout(recs).free_ends(False) == ends("1-6:1", "2-6:2", "6-6:a", "6-6:side-b")
    want = ends("1-6:1", "2-6:2", "3-6:3", "6-6:side-b")
    for flag in (True, False):
        assert Layout(recs).attach(T("3-6"), E("6-6:a")).free_ends(flag) == want
        rules = make_variant(TWO, Choices(spinners="all", side_branches="after-straight" if flag else "at-once"))
        assert rules.place(Layout(recs), T("3-6"), E("6-6:a")).open == want


# -- side branches joined before the straight sides fill ------------------------

def test_two_spinners_keep_their_joined_branches_apart():
    """Laid at once: 6-6 spinner; 1-6 on its side-a, 4-6 on its side-b, 5-6 on
    its b; 5-5 spinner on 5-6's 5, 2-5 on its side-a, 3-5 on its side-b; then 0-6
    on 6-6:a fills 6-6's straight sides. Read after-straight, both of 6-6's
    branches are taken, so none opens: the free ends are the far ends 0, 1, 2,
    3, 4 and 5-5:b (5-5's b is free, so its branches, taken anyway, would wait).
    At once the same. The records of the finished layout give the same."""
    lay = Layout().attach(T("6-6"), None, spinner=True)
    for tile, at in (("1-6", "6-6:side-a"), ("4-6", "6-6:side-b"), ("5-6", "6-6:b")):
        lay = lay.attach(T(tile), E(at))
    lay = lay.attach(T("5-5"), E("5-6:5"), spinner=True)
    for tile, at in (("2-5", "5-5:side-a"), ("3-5", "5-5:side-b"), ("0-6", "6-6:a")):
        lay = lay.attach(T(tile), E(at))
    want = ends("0-6:0", "1-6:1", "2-5:2", "3-5:3", "4-6:4", "5-5:b")
    assert lay.free_ends(True) == want
    assert lay.free_ends(False) == want
    assert Layout(dict(lay.tiles)).free_ends(True) == want


def test_a_line_of_three_ends_read_after_straight():
    """6-6 spinner with 1-6 on its side-a (laid at once). Read after-straight
    three ends are free: 1-6:1, 6-6:a, 6-6:b. Horse-Race-like rules (every
    double a spinner, branches after the straight sides) place 2-1 on 1-6:1:
    1-2:2, 6-6:a, 6-6:b; at once 6-6:side-b is free as well."""
    lay = Layout().attach(T("6-6"), None, spinner=True).attach(T("1-6"), E("6-6:side-a"))
    assert lay.free_ends(True) == ends("1-6:1", "6-6:a", "6-6:b")
    rules = make_variant(TWO, Choices(spinners="all"))
    p = rules.place(lay, T("1-2"), E("1-6:1"))
    assert p.open == ends("1-2:2", "6-6:a", "6-6:b")
    assert p.layout.free_ends(False) == ends("1-2:2", "6-6:a", "6-6:b", "6-6:side-b")
    assert lay.attach(T("1-2"), E("1-6:1")).free_ends(True) == ends("1-2:2", "6-6:a", "6-6:b")


# -- kept against fresh: lines and double-twelve ---------------------------------

@pytest.mark.parametrize("flag", [True, False])
def test_double_twelve_line_re_sorts_its_ends_after_a_join(flag):
    """Double-twelve, plain line: 2-10 set (2-10:2, 2-10:10: 2 before 10 as
    numbers); 10-12 on its 10 (2-10:2, 10-12:12); 12-1 on the 12: its 1 now
    sorts first (1-12 before 2-10): 1-12:1, 2-10:2. The same step by step by
    attach (worked out when asked), by the rules (kept, each step from the
    last) and from the finished records."""
    steps = [("2-10", None, ("2-10:2", "2-10:10")), ("10-12", "2-10:10", ("2-10:2", "10-12:12")),
             ("1-12", "10-12:12", ("1-12:1", "2-10:2"))]
    rules = make_variant(TWELVE, READINGS[flag])
    placed = attached = Layout()
    for tile, at, want in steps:
        p = rules.place(placed, T(tile), E(at) if at else None)
        placed = p.layout
        attached = attached.attach(T(tile), E(at) if at else None)
        assert p.open == ends(*want)
        assert attached.free_ends(flag) == ends(*want)
        assert Layout(dict(attached.tiles)).free_ends(flag) == ends(*want)


def test_a_line_through_an_inline_double():
    """Doubles either way (Sniff's choice, no spinners): 1-4 set, 4-4 inline on
    its 4 (1-4:1, 4-4:b), 4-6 on 4-4:b (1-4:1, 4-6:6), 6-6 crosswise on the 6
    (1-4:1, 6-6:b). 4-4 does not lie crosswise, 6-6 does; 1 and 6 show. By
    the rules, by attach and from the records, either reading."""
    for flag in (True, False):
        rules = make_variant(TWO, Choices(doubles="choice", side_branches="after-straight" if flag else "at-once"))
        lay = rules.place(Layout(), T("1-4"), None).layout
        lay = rules.place(lay, T("4-4"), E("1-4:4"), "inline").layout
        assert lay.free_ends(flag) == ends("1-4:1", "4-4:b")
        lay = rules.place(lay, T("4-6"), E("4-4:b")).layout
        assert lay.free_ends(flag) == ends("1-4:1", "4-6:6")
        p = rules.place(lay, T("6-6"), E("4-6:6"), "cross")
        assert p.open == ends("1-4:1", "6-6:b")
        by_attach = (Layout().attach(T("1-4"), None).attach(T("4-4"), E("1-4:4"), cross=False)
                     .attach(T("4-6"), E("4-4:b")).attach(T("6-6"), E("4-6:6")))
        for lay in (p.layout, by_attach, Layout(dict(by_attach.tiles))):
            assert lay.free_ends(flag) == ends("1-4:1", "6-6:b")
            assert lay.open_mask(flag) == (1 << 1) | (1 << 6)
            assert (lay.is_cross(T("4-4")), lay.is_cross(T("6-6"))) == (False, True)


# -- tiles beyond the bits, and ends worked out for the first time ----------------

def test_tiles_with_pips_past_255_are_found_in_the_records():
    """5-256 set, 256-257 on its 256 (no tile has a bit): both are on the
    table, 257-258 is not; the free ends are 5-256:5 and 256-257:257 (worked
    out here for the first time for 256-257 joined by its 256); 5-256 cannot be
    laid again. Its records say the same."""
    assert Tile(5, 256).bit == 0
    lay = Layout().attach(T("5-256"), None).attach(T("256-257"), E("5-256:256"))
    assert lay.free_ends(True) == ends("5-256:5", "256-257:257")
    assert lay.free_ends(False) == ends("5-256:5", "256-257:257")
    assert (T("5-256") in lay, T("256-257") in lay, T("257-258") in lay) == (True, True, False)
    with pytest.raises(ValueError, match="5-256 is already on the table"):
        lay.attach(T("5-256"), E("256-257:257"))
    recs = Layout(dict(lay.tiles))
    assert len(recs) == 2
    assert (T("5-256") in recs, T("256-257") in recs, T("257-258") in recs) == (True, True, False)


def test_a_tile_joining_a_spinner_for_the_first_time():
    """213-213 set as a spinner, 97-213 on its a (a tile used nowhere else, so
    its far end is worked out here first). After-straight: 97-213:97 and
    213-213:b; at once also both side branches."""
    lay = Layout().attach(T("213-213"), None, spinner=True).attach(T("97-213"), E("213-213:a"))
    assert lay.free_ends(True) == ends("97-213:97", "213-213:b")
    assert lay.free_ends(False) == ends("97-213:97", "213-213:b", "213-213:side-a", "213-213:side-b")


@pytest.mark.parametrize("flag", [True, False])
def test_a_double_twelve_lead_lists_its_2_before_its_10(flag):
    """2-10 set alone: 2-10:2 before 2-10:10, by attach and by the rules."""
    assert Layout().attach(T("2-10"), None).free_ends(flag) == ends("2-10:2", "2-10:10")
    assert make_variant(TWELVE, READINGS[flag]).place(Layout(), T("2-10"), None).open == ends("2-10:2", "2-10:10")


# -- the rules' own paths ----------------------------------------------------------

def test_a_tile_that_fits_both_sides_of_a_double_needs_at():
    """Draw: 4-4 set crosswise (4-4:a, 4-4:b). 1-4 fits both, so without
    ``at`` it is refused, naming both ends."""
    draw = make_variant(TWO, Choices(), "draw")
    lay = draw.place(Layout(), T("4-4"), None).layout
    err = refusal(lambda: draw.place(lay, T("1-4"), None))
    assert (err.message, err.rule) == (
        "1-4 fits 4-4:a, 4-4:b; say where with `at` (open ends: 4-4:a, 4-4:b)", "draw/placement")


def test_a_matador_that_fits_both_ends_lists_them_in_number_order():
    """Sum matching on double-twelve (the sum is 13): 3-10 set. 1-12 (1 + 12 =
    13) is a matador and fits any end: 3-10:3 and 3-10:10, named 3 first (as
    text "10" would come first)."""
    m13 = make_variant(TWELVE, Choices(matching="sum-7"), "sum-13")
    lay = m13.place(Layout(), T("3-10"), None).layout
    err = refusal(lambda: m13.place(lay, T("1-12"), None))
    assert (err.message, err.rule) == (
        "1-12 fits 3-10:3, 3-10:10; say where with `at` (open ends: 3-10:3, 3-10:10)", "sum-13/placement")


def test_bergen_placements_say_where_the_tile_went():
    """Bergen (scoring: headers): 6-6 set scores 2; 2-6 on 6-6:a leaves 2 and 6
    (total 8, no header, 0); 4-6 on 6-6:b leaves 2 and 4 (0); 2-4 on 4-6:4
    leaves 2 and 2: a double-header, 2 points, total 4."""
    bg = make_variant(Params(set=6, players=(2, 3, 4), partnerships=(), deal={2: 6, 3: 6, 4: 5}, target=15),
                      Choices(lead="highest-double", scoring="headers", settlement="one"), "bergen")
    p = bg.place(Layout(), T("6-6"), None)
    assert (p.tile, p.at, p.raw, p.points) == (T("6-6"), None, 2, 2)
    p = bg.place(p.layout, T("2-6"), E("6-6:a"))
    assert (p.tile, p.at, p.total, p.raw, p.points) == (T("2-6"), E("6-6:a"), 8, 0, 0)
    assert [(str(c.end), c.value) for c in p.counted] == [("2-6:2", 2), ("6-6:b", 6)]
    assert p.open == ends("2-6:2", "6-6:b")
    p = bg.place(p.layout, T("4-6"), E("6-6:b"))
    assert (p.at, p.total, p.points) == (E("6-6:b"), 6, 0)
    p = bg.place(p.layout, T("2-4"), E("4-6:4"))
    assert (p.tile, p.at, p.total, p.raw, p.points) == (T("2-4"), E("4-6:4"), 4, 2, 2)
    assert p.open == ends("2-4:2", "2-6:2")


def test_a_games_own_default_touch_is_told_the_tile():
    """A game's own ``default_touch`` hook is called with the end's number, the
    tile being placed and its options: 4-6 on 1-4:4 asks (4, 4-6, (4,))."""
    seen = []

    class Told(Variant):
        def default_touch(self, shown, tile, options):
            seen.append((shown, tile, tuple(options)))
            return super().default_touch(shown, tile, options)

    rules = Told(TWO)
    lay = rules.place(Layout(), T("1-4"), None).layout
    assert rules.place(lay, T("4-6"), E("1-4:4")).open == ends("1-4:1", "4-6:6")
    assert seen == [(4, T("4-6"), (4,))]


def two_spinners(side):
    """Records of a layout laid at once with two spinners, each with a side
    branch joined on ``side``: 6-6 set (crosswise, a spinner) with 1-6 on its
    ``side`` and 5-6 on its b; 5-5 (crosswise, a spinner) on 5-6's 5 by its a,
    with 3-5 on its ``side`` and 4-5 on its b."""
    return {
        T("6-6"): Placed(T("6-6"), None, None, True, True, 0, ((side, T("1-6")), ("b", T("5-6")))),
        T("1-6"): Placed(T("1-6"), E(f"6-6:{side}"), "6", False, False, 1),
        T("5-6"): Placed(T("5-6"), E("6-6:b"), "6", False, False, 2, (("5", T("5-5")),)),
        T("5-5"): Placed(T("5-5"), E("5-6:5"), "a", True, True, 3, ((side, T("3-5")), ("b", T("4-5")))),
        T("3-5"): Placed(T("3-5"), E(f"5-5:{side}"), "5", False, False, 4),
        T("4-5"): Placed(T("4-5"), E("5-5:b"), "5", False, False, 5),
    }


@pytest.mark.parametrize("joined,opens", [("side-a", "side-b"), ("side-b", "side-a")])
def test_two_spinners_of_records_each_keep_their_joined_branch(joined, opens):
    """Read after-straight: 5-5's straight sides are both filled (5-6 and 4-5),
    so its free branch is open; 6-6's a is still free, so its branch waits.
    2-6 on 6-6:a fills 6-6's straight sides: only its free branch opens (the
    other holds 1-6), and 5-5 keeps its own."""
    lay = Layout(two_spinners(joined))
    assert lay.free_ends(True) == ends("1-6:1", "3-5:3", "4-5:4", f"5-5:{opens}", "6-6:a")
    assert lay.attach(T("2-6"), E("6-6:a")).free_ends(True) == ends(
        "1-6:1", "2-6:2", "3-5:3", "4-5:4", f"5-5:{opens}", f"6-6:{opens}")


def test_a_crosswise_double_of_records_that_is_no_spinner_opens_no_branches():
    """3-3 and 0-0 set crosswise but not spinners (two separate layouts of
    records), each with a tile on its b: filling the a leaves only the two far
    ends, no side branch."""
    three = Layout({T("3-3"): Placed(T("3-3"), None, None, True, False, 0, (("b", T("3-5")),)),
                    T("3-5"): Placed(T("3-5"), E("3-3:b"), "3", False, False, 1)})
    assert three.attach(T("1-3"), E("3-3:a")).free_ends(True) == ends("1-3:1", "3-5:5")
    blank = Layout({T("0-0"): Placed(T("0-0"), None, None, True, False, 0, (("b", T("0-1")),)),
                    T("0-1"): Placed(T("0-1"), E("0-0:b"), "0", False, False, 1)})
    assert blank.attach(T("0-2"), E("0-0:a")).free_ends(True) == ends("0-1:1", "0-2:2")


def test_an_inline_blank_double_of_records_is_not_crosswise():
    """0-0 set lengthwise (inline), as its one record: not a crosswise double."""
    assert Layout({T("0-0"): Placed(T("0-0"), None, None, False, False, 0)}).is_cross(T("0-0")) is False


def test_only_the_first_double_is_a_spinner_after_a_layout_of_records():
    """Sniff's reading (the first double is the spinner, its branches open at
    once): on records where 3-3 already lies (crosswise, not a spinner) with
    3-5 on its b, 5-5 placed crosswise on the 5 is no spinner: the free ends
    are 3-3:a and 5-5:b, no side branches."""
    sniff_like = make_variant(TWO, Choices(spinners="first", side_branches="at-once"))
    lay = Layout({T("3-3"): Placed(T("3-3"), None, None, True, False, 0, (("b", T("3-5")),)),
                  T("3-5"): Placed(T("3-5"), E("3-3:b"), "3", False, False, 1)})
    assert sniff_like.place(lay, T("5-5"), E("3-5:5"), "cross").open == ends("3-3:a", "5-5:b")
