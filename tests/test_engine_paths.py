"""The engine's quick paths and the answers they promise to share with the full
ones, and the small rule hooks around them: the numbers showing at the free ends
(``Layout.open_mask``), crosswise doubles (``Layout.is_cross``), the quick
listing of plays for equal-number matching (``Variant.plays_of``, which
``Hand.plays_for`` uses), ``can_play_any``, the ways a double may lie, the lead,
and the words of a refusal.

A layout made by :meth:`Layout.attach` does not work out its free ends until
asked; one made by :meth:`Variant.place` (or a :class:`Hand`) keeps them for the
variant's reading of side branches. Each quick answer is checked on both kinds,
under both readings (``side_branches: after-straight``, Horse Race, seed 000;
``at-once``, Sniff, seed 004). Every expected value is worked by hand from the
rule its docstring names."""

import pytest

from generator.engine import Params, RuleViolation, Tile
from generator.families.line.rules import Contribution, Layout, Variant
from generator.engine.choices import Choices
from generator.families.line.rules.hand import Hand
from generator.families.line.rules.variant import Play
from generator.engine.rules import make_variant

from conftest import E, T, tiles, violation as refusal

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

TWO = Params(set=6, players=(2,), partnerships=(), deal={2: 7})




@pytest.fixture(scope="module")
def v(catalog):
    return lambda vid: catalog.variant(vid).rules


def line_1_4_6():
    """1-4 set, 4-6 on its 4, both by Layout.attach (no free ends worked out yet):
    the free ends are 1-4:1 and 4-6:6."""
    return Layout().attach(T("1-4"), None).attach(T("4-6"), E("1-4:4"))


def spinner_6_6():
    """6-6 set crosswise as a spinner, by Layout.attach (nothing worked out yet)."""
    return Layout().attach(T("6-6"), None, spinner=True)


def plays(*rows):
    """Play values from (tile, at[, as, touch]) rows written as text."""
    out = []
    for r in rows:
        tile, at, as_, touch = (tuple(r) + (None, None))[:4]
        out.append(Play(T(tile), E(at) if at else None, as_, touch))
    return out


# -- Layout.open_mask ----------------------------------------------------------

@pytest.mark.parametrize("flag", [True, False])
def test_open_mask_of_a_fresh_layout_is_the_numbers_at_its_ends(flag):
    """The line 1-4, 4-6 (built by attach, so nothing is worked out yet) shows 1
    and 6 at its two free ends: bits 1 and 6, whichever reading of side branches
    is asked first (there is no double), and the same when asked again."""
    lay = line_1_4_6()
    assert lay.open_mask(flag) == (1 << 1) | (1 << 6)
    assert lay.open_mask(flag) == (1 << 1) | (1 << 6)
    assert lay.open_mask(not flag) == (1 << 1) | (1 << 6)


def test_open_mask_without_a_reading_named_is_the_numbers_at_the_ends():
    """The default reading (side branches after the straight sides) on a fresh
    line 1-4, 4-6: 1 and 6 show."""
    assert line_1_4_6().open_mask() == (1 << 1) | (1 << 6)


@pytest.mark.parametrize("flag", [True, False])
def test_a_fresh_spinner_shows_its_pip_under_either_reading(flag):
    """6-6 set as a spinner: after-straight, its open ends are a and b; at once,
    also side-a and side-b. Every one of them shows 6, so only bit 6 is set."""
    assert spinner_6_6().open_mask(flag) == 1 << 6


def test_can_play_any_on_a_fresh_layout_tests_the_numbers_showing(v):
    """Draw (equal numbers) on the fresh line 1-4, 4-6, ends 1 and 6: 0-6 fits
    the 6; 2-3 and 0-5 fit neither end."""
    draw = v("draw")
    assert draw.can_play_any(line_1_4_6(), tiles("2-3", "0-6")) is True
    assert draw.can_play_any(line_1_4_6(), tiles("2-3", "0-5")) is False


# -- Layout.is_cross -----------------------------------------------------------

def test_is_cross_names_the_crosswise_doubles():
    """3-3 set crosswise, 3-5 on its b, 5-5 inline on the 5: 3-3 is a crosswise
    double, 5-5 is not (inline), 3-5 is no double, 4-4 is not on the table."""
    lay = Layout().attach(T("3-3"), None).attach(T("3-5"), E("3-3:b"))
    lay = lay.attach(T("5-5"), E("3-5:5"), cross=False)
    assert [lay.is_cross(T(t)) for t in ("3-3", "5-5", "3-5", "4-4")] == [True, False, False, False]


def test_is_cross_for_a_tile_beyond_the_bit_numbering():
    """A tile with a pip of 256 or more has no bit (``Tile.bit`` is 0), so the
    layout looks it up in its mapping: 300-300 set crosswise is a crosswise
    double, set inline it is not, and 0-300, not on the table, is neither."""
    big, other = Tile(300, 300), Tile(0, 300)
    assert big.bit == 0 and other.bit == 0
    cross = Layout().attach(big, None)
    inline = Layout().attach(big, None, cross=False)
    assert cross.is_cross(big) is True
    assert inline.is_cross(big) is False
    assert cross.is_cross(other) is False and inline.is_cross(other) is False


# -- the quick listing (plays_of, plays, Hand.plays_for) -----------------------

@pytest.mark.parametrize("built", ["attach", "place"])
def test_horse_race_lists_a_set_spinner_by_its_straight_sides(v, built):
    """Horse Race (seed 000): every double is a spinner and its side branches
    open only when both straight sides are filled. With 6-6 alone on the table
    only 6-6:a and 6-6:b are open: 5-6 fits each, 1-2 fits nowhere. The same
    whether the layout was built by Layout.attach or by the rules."""
    hr = v("horse-race")
    lay = spinner_6_6() if built == "attach" else hr.place(Layout(), T("6-6"), None).layout
    assert hr.plays_of(lay, tiles("5-6", "1-2")) == plays(("5-6", "6-6:a"), ("5-6", "6-6:b"))
    assert hr.plays(lay, T("5-6")) == plays(("5-6", "6-6:a"), ("5-6", "6-6:b"))
    assert hr.legal_ends(lay, T("5-6")) == [E("6-6:a"), E("6-6:b")]


@pytest.mark.parametrize("built", ["attach", "place"])
def test_sniff_lists_the_sniff_in_all_four_directions(v, built):
    """Sniff (seed 004): the first double laid crosswise, the sniff, opens all
    four sides at once. 6-6 set crosswise: 1-6 fits 6-6:a, b, side-a and
    side-b, in that order."""
    sniff = v("sniff")
    lay = spinner_6_6() if built == "attach" else sniff.place(Layout(), T("6-6"), None).layout
    four = plays(("1-6", "6-6:a"), ("1-6", "6-6:b"), ("1-6", "6-6:side-a"), ("1-6", "6-6:side-b"))
    assert sniff.plays_of(lay, tiles("1-6", "2-3")) == four


def test_sniff_lists_all_four_directions_after_the_layout_was_read_the_other_way(v):
    """The sniff 6-6 set by Sniff's rules, then the layout asked for its free
    ends under the default reading (after-straight: only 6-6:a and 6-6:b).
    Sniff's own listing is still all four sides (seed 004)."""
    sniff = v("sniff")
    lay = sniff.place(Layout(), T("6-6"), None).layout
    assert lay.free_ends() == (E("6-6:a"), E("6-6:b"))
    four = plays(("1-6", "6-6:a"), ("1-6", "6-6:b"), ("1-6", "6-6:side-a"), ("1-6", "6-6:side-b"))
    assert sniff.plays_of(lay, tiles("1-6")) == four
    h = Hand(sniff, ["N", "E"], {"N": tiles("6-6", "0-1"), "E": tiles("1-6", "2-3")}, tiles("4-5"), "N")
    h.play("N", T("6-6"))
    h.layout.free_ends()
    assert h.plays_for("E") == four


def test_a_spinner_whose_side_branch_was_joined_first_has_three_open_ends_after_straight(v):
    """6-6 set as a spinner, 1-6 joined at its side-a (the shape Sniff allows;
    Layout.attach checks no rule). Read as in Horse Race (side branches after
    the straight sides), the open ends are 1-6:1 and the straight sides 6-6:a
    and 6-6:b (side-b stays shut: the straight sides are not filled), three
    ends. 1-2 fits the 1; 3-6 fits a and b; 4-5 fits nothing. Read at once
    (Sniff), side-b is open as well."""
    hr = v("horse-race")
    lay = spinner_6_6().attach(T("1-6"), E("6-6:side-a"))
    assert hr.plays_of(lay, tiles("1-2", "3-6", "4-5")) == plays(
        ("1-2", "1-6:1"), ("3-6", "6-6:a"), ("3-6", "6-6:b"))
    assert lay.free_ends(True) == (E("1-6:1"), E("6-6:a"), E("6-6:b"))
    assert lay.free_ends(False) == (E("1-6:1"), E("6-6:a"), E("6-6:b"), E("6-6:side-b"))
    assert lay.open_mask(True) == lay.open_mask(False) == (1 << 1) | (1 << 6)


@pytest.mark.parametrize("built", ["attach", "place"])
def test_a_plain_line_lists_by_its_two_ends(v, built):
    """Draw on the line 1-4, 4-6 (ends 1 and 6): 0-1 fits the 1, 1-6 fits both
    (the 1 first: ends in output order), 2-3 nowhere, 6-6 the 6."""
    draw = v("draw")
    if built == "attach":
        lay = line_1_4_6()
    else:
        lay = draw.place(draw.place(Layout(), T("1-4"), None).layout, T("4-6"), E("1-4:4")).layout
    assert draw.plays_of(lay, tiles("0-1", "1-6", "2-3", "6-6")) == plays(
        ("0-1", "1-4:1"), ("1-6", "1-4:1"), ("1-6", "4-6:6"), ("6-6", "4-6:6"))


# -- the ways a double may lie --------------------------------------------------

def test_only_a_game_with_the_choice_lays_doubles_either_way(v):
    """All Fives (doubles: choice) may lay a double crosswise or inline; a
    non-double has only the default; Draw (doubles: cross) lays every double
    crosswise, the default."""
    fives, draw = v("all-fives"), v("draw")
    assert fives.orientations(T("5-5")) == ("cross", "inline")
    assert fives.orientations(T("1-4")) == (None,)
    assert draw.orientations(T("5-5")) == (None,)
    assert fives.plays(Layout(), T("5-5")) == plays(("5-5", None, "cross"), ("5-5", None, "inline"))
    assert draw.plays(Layout(), T("5-5")) == plays(("5-5", None))


def test_a_non_double_never_lies_crosswise():
    """``orientation`` says whether a tile lies crosswise: never a non-double;
    a double by default yes, inline only where the game allows it."""
    plain = Variant(TWO)
    assert plain.orientation(T("1-4"), None) is False
    assert plain.orientation(T("4-4"), None) is True
    assert refusal(lambda: plain.orientation(T("1-4"), "cross")).rule == "/doubles"


def test_inline_is_refused_where_every_double_lies_crosswise(v):
    """Draw lays every double crosswise: setting 6-6 inline is refused, with
    the rule and the reason."""
    err = refusal(lambda: v("draw").place(Layout(), T("6-6"), None, "inline"))
    assert (err.message, err.rule) == ("draw lays every double crosswise; `as: inline` is not allowed",
                                       "draw/doubles-crosswise")


def test_sum_matching_with_the_choice_lists_a_double_both_ways():
    """Matador's sum of seven with doubles laid either way: 4-5 set, ends 4 and
    5. 3-3 makes 7 with the 4 (a double counts as one number) and 8 with the 5,
    so it fits 4-5:4 only, crosswise or inline."""
    mc = make_variant(TWO, Choices(matching="sum-7", doubles="choice"), "matador-choice")
    lay = mc.place(Layout(), T("4-5"), None).layout
    assert mc.plays(lay, T("3-3")) == plays(("3-3", "4-5:4", "cross"), ("3-3", "4-5:4", "inline"))


# -- checked plays (check_placement) -------------------------------------------

def test_all_threes_keeps_a_play_that_fits_two_ends(v):
    """All Threes (seed 004): 3-3 set crosswise counts both halves, 6. 3-6 on
    either straight side leaves 3-6:6 and the other side of 3-3 (still both
    halves): 6 + 6 = 12, a multiple of 3, so both plays are legal. 1-3 would
    leave 1 + 6 = 7: no play."""
    a3 = v("all-threes")
    lay = a3.place(Layout(), T("3-3"), None).layout
    assert a3.plays(lay, T("3-6")) == plays(("3-6", "3-3:a"), ("3-6", "3-3:b"))
    assert a3.plays(lay, T("1-3")) == []


def test_a_checked_game_keeps_the_touch_of_a_matador():
    """Sum of seven with only multiples of 3 legal (ends counted once each).
    0-3 set: 0 + 3 = 3. The matador 1-6 may join either end with either half
    (no half adds to 7 with 0 or 3), so each play names its touch:
    on 0-3:0 touching 1 leaves 3 + 6 = 9 (legal), touching 6 leaves 3 + 1 = 4;
    on 0-3:3 touching 1 leaves 0 + 6 = 6 (legal), touching 6 leaves 0 + 1 = 1."""
    mt = make_variant(TWO, Choices(matching="sum-7", scoring="multiples-of-3", legal_totals="multiples"),
                      "matador-threes")
    lay = mt.place(Layout(), T("0-3"), None).layout
    assert mt.plays(lay, T("1-6")) == plays(("1-6", "0-3:0", None, 1), ("1-6", "0-3:3", None, 1))


# -- the placement of a listed play ----------------------------------------------

def test_a_listed_play_is_placed_where_it_was_listed(v):
    """Draw: B sets 2-5; W's only play is 5-6 on 2-5:5. Made from the list, the
    placement is at 2-5:5 and leaves ends 2 and 6."""
    draw = v("draw")
    h = Hand(draw, ["B", "W"], {"B": tiles("2-5", "3-3"), "W": tiles("5-6", "0-0")},
             tiles("1-1", "0-2", "1-3", "4-4"), "B")
    h.play("B", T("2-5"))
    listed = h.plays_for("W")
    assert listed == plays(("5-6", "2-5:5"))
    ev = h.push("W", listed[0])
    assert ev.placement.at == E("2-5:5")
    assert ev.placement.layout.free_ends() == (E("2-5:2"), E("5-6:6"))
    direct = draw.play_placement(draw.place(Layout(), T("2-5"), None).layout, listed[0])
    assert direct.at == E("2-5:5")


def test_a_tile_that_fits_two_ends_of_one_tile_needs_at():
    """Sum matching on a double-twelve set (the sum is 13, SumMatching's
    ``set + 1``): 9-10 set. 3-4 fits 9-10:9 (4 + 9) and 9-10:10 (3 + 10), so
    without ``at`` it is refused, naming both ends in output order (the 9 before
    the 10)."""
    m13 = make_variant(Params(set=12, players=(2,), partnerships=(), deal={2: 7}), Choices(matching="sum-7"),
                       "sum-13")
    lay = m13.place(Layout(), T("9-10"), None).layout
    err = refusal(lambda: m13.place(lay, T("3-4"), None))
    assert (err.message, err.rule) == (
        "3-4 fits 9-10:9, 9-10:10; say where with `at` (open ends: 9-10:9, 9-10:10)", "sum-13/placement")


def test_the_default_touch_is_the_only_option():
    """The base rule's touch when a play does not say: the only pip that may
    touch; with two to choose from, none (the author must say)."""
    plain = Variant(TWO)
    assert plain.default_touch(3, T("3-5"), (3,)) == 3
    assert plain.default_touch(3, T("3-4"), (3, 4)) is None


# -- the end total -------------------------------------------------------------

def test_end_total_counts_every_open_end_of_a_spinner_line():
    """Every double a spinner, ends counted once each, side branches after the
    straight sides. 6-6 set: a and b open, 6 + 6 = 12. 1-6 on a: 1 + 6 = 7.
    2-6 on b fills the straight sides and opens both side branches:
    1 + 2 + 6 + 6 = 15."""
    spin = make_variant(TWO, Choices(spinners="all"), "spin-ends")
    p = spin.place(Layout(), T("6-6"), None)
    assert p.total == 12
    p = spin.place(p.layout, T("1-6"), E("6-6:a"))
    assert p.total == 7
    p = spin.place(p.layout, T("2-6"), E("6-6:b"))
    assert p.total == 15


class _DoubledEnds(Variant):
    """A rule value of its own (as the game modules write them): every open end
    counts twice its pip."""

    def counted(self, layout):
        return [Contribution(e, 2 * e.pip) for e in self.open_ends(layout)]


def test_end_total_follows_a_game_s_own_count():
    """With ``counted`` overridden, the end total is the sum of its terms:
    1-4 set, ends 1 and 4 counting 2 and 8, total 10."""
    p = _DoubledEnds(TWO).place(Layout(), T("1-4"), None)
    assert [c.value for c in p.counted] == [2, 8]  # the terms as the game lists them: the 1 end, the 4 end
    assert p.total == 10


# -- the lead and refusals -------------------------------------------------------

def test_nothing_dealt_means_no_required_lead():
    """Block sets the highest double dealt, else the heaviest tile; with no
    tile dealt at all there is nothing that must open the hand."""
    block = make_variant(TWO, Choices(lead="highest-double", draw="none"), "block")
    assert block.required_lead({"N": [], "E": []}) is None
    assert block.required_lead({"N": tiles("1-2"), "E": tiles("0-4")}) == ("E", T("0-4"))


def test_a_refusal_says_what_is_wrong_in_its_message_and_args(v):
    """Draw: 2-5 set, then 2-5 again: refused as already on the table. The
    message is the exception's argument (as for any exception) and its text
    names the rule."""
    draw = v("draw")
    lay = draw.place(Layout(), T("2-5"), None).layout
    err = refusal(lambda: draw.place(lay, T("2-5"), E("2-5:2")))
    assert (err.message, err.rule) == ("2-5 is already on the table", "draw/each-tile-once")
    assert err.args == ("2-5 is already on the table",)
    assert str(err) == "2-5 is already on the table [rule draw/each-tile-once]"


def test_a_refusal_crosses_a_process_boundary_whole():
    """A refusal raised in a worker process is pickled back to the caller:
    its message and rule survive the trip."""
    import pickle

    err = pickle.loads(pickle.dumps(RuleViolation("1-2 does not match 3-4:4, which shows 4", "draw/matching")))
    assert type(err) is RuleViolation
    assert (err.message, err.rule, str(err)) == (
        "1-2 does not match 3-4:4, which shows 4", "draw/matching",
        "1-2 does not match 3-4:4, which shows 4 [rule draw/matching]")
