import pytest

from generator.engine import End, NotationError, Tile, double_set

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


def test_tile_forms_normalise_to_low_high():
    assert str(Tile.parse("4-1")) == "1-4"
    assert str(Tile.parse("[6|3]")) == "3-6"
    assert Tile.parse(" 2 - 5 ") == Tile(2, 5)


@pytest.mark.parametrize("bad", ["7-1", "1_4", "", "a-b", "[1|2", "1-2-3"])
def test_bad_tiles_are_rejected(bad):
    with pytest.raises(NotationError):
        Tile.parse(bad, max_pip=6)


def test_double_twelve_accepts_twelve():
    assert Tile.parse("12-12", max_pip=12).is_double


def test_ends():
    assert str(End.parse("4-1:4")) == "1-4:4"
    assert End.parse("4-4:side-b").side == "side-b"
    with pytest.raises(NotationError):
        End.parse("1-4:3")        # 1-4 has no 3
    with pytest.raises(NotationError):
        End.parse("4-4:c")        # a double's ends are a, b, side-a, side-b
    with pytest.raises(NotationError):
        End.parse("1-4")          # no END


def test_set_sizes():
    # a double-N set has (N+1)(N+2)/2 tiles
    assert len(double_set(6)) == 28
    assert len(double_set(12)) == 91
    assert sum(t.pips for t in double_set(6)) == 168   # 8 * 21


def test_tiles_order_by_low_then_high_and_refuse_other_kinds():
    """Ordering is by (low, high), the order the seeds list tiles in: 1-4
    before 2-2 (lower low half), 2-2 before 2-3; every comparison agrees, and
    a tile compared with anything else is a TypeError, not False."""
    a, b, c = Tile(4, 1), Tile(2, 2), Tile(3, 2)
    assert (a < b, a <= b, a > b, a >= b) == (True, True, False, False)
    assert (b < c, c > b, b <= b, b >= b, b < b, b > b) == (True, True, True, True, False, False)
    assert sorted([c, b, a]) == [a, b, c] and max(double_set(6)) == Tile(6, 6)
    for op in ("__lt__", "__le__", "__gt__", "__ge__"):
        assert getattr(a, op)((1, 4)) is NotImplemented
        assert getattr(End(a, "4"), op)("1-4:4") is NotImplemented
    with pytest.raises(TypeError):
        a < (1, 4)


def test_ends_order_by_tile_then_side():
    """Ends sort by their tile, then their side's name: 1-4:1 < 1-4:4 < 2-2:a
    < 2-2:b < 2-2:side-a."""
    ends = [End(Tile(2, 2), "side-a"), End(Tile(2, 2), "b"), End(Tile(1, 4), "4"), End(Tile(2, 2), "a"),
            End(Tile(1, 4), "1")]
    assert [str(e) for e in sorted(ends)] == ["1-4:1", "1-4:4", "2-2:a", "2-2:b", "2-2:side-a"]
    x, y = End(Tile(1, 4), "1"), End(Tile(1, 4), "4")
    assert (x < y, x <= y, x > y, x >= y, y > x, y >= x, x <= x, x >= x, x < x, x > x) == \
        (True, True, False, False, True, True, True, True, False, False)


def test_tiles_and_ends_cannot_be_changed():
    """Tiles and ends are shared values (one object per value), so neither
    setting nor deleting a field is allowed; the error names the kind with
    the right article and the field."""
    t, e = Tile(1, 4), End(Tile(1, 4), "4")
    for obj, kind in ((t, "a Tile"), (e, "an End")):
        with pytest.raises(AttributeError) as exc:
            obj.low = 9
        assert str(exc.value) == f"{kind} is immutable (cannot set 'low')"
        with pytest.raises(AttributeError) as exc:
            del obj.pips
        assert str(exc.value) == f"{kind} is immutable (cannot delete 'pips')"
    assert (t.low, t.high, e.pip) == (1, 4, 4)


def test_a_tile_knows_its_halves():
    """``has`` and ``other`` answer for either half; asking for a half the
    tile lacks is an error naming both."""
    t = Tile(1, 4)
    assert (t.has(1), t.has(4), t.has(2)) == (True, True, False)
    assert (t.other(1), t.other(4), Tile(3, 3).other(3)) == (4, 1, 3)
    with pytest.raises(ValueError, match="^1-4 has no 2$"):
        t.other(2)
    assert t.label == "[1|4]" and repr(t) == "Tile(low=1, high=4)"
    assert repr(End(t, "4")) == "End(tile=Tile(low=1, high=4), side='4')"


# -- the layout's shape (generator/families/line/rules/layout.py): attach and what it keeps ------------------

def test_attach_refuses_what_no_table_allows():
    """``Layout.attach`` keeps the shape honest whatever the game: one lead,
    each tile once, only at a tile on the table and a free end, and a
    non-double joins by a half it has."""
    from generator.families.line.rules import Layout

    lay = Layout().attach(Tile(1, 4), None)
    for tile, at, link, message in [
            (Tile(2, 2), None, None, "only the first tile is placed without an attachment point"),
            (Tile(4, 1), End(Tile(1, 4), "1"), None, "1-4 is already on the table"),
            (Tile(2, 3), End(Tile(2, 2), "a"), None, "2-2 is not on the table"),
            (Tile(2, 3), End(Tile(1, 4), "4"), "4", "2-3 has no 4"),
            (Tile(2, 3), End(Tile(1, 4), "4"), None, "2-3 has no 4")]:      # the link defaults to the pip at 1-4:4
        with pytest.raises(ValueError) as exc:
            lay.attach(tile, at, link=link)
        assert str(exc.value) == message
    joined = lay.attach(Tile(4, 6), End(Tile(1, 4), "4"))
    for known in (False, True):             # before and after its free ends are worked out and kept
        if known:
            assert [str(e) for e in joined.free_ends()] == ["1-4:1", "4-6:6"]
        with pytest.raises(ValueError) as exc:
            joined.attach(Tile(4, 5), End(Tile(1, 4), "4"))
        assert str(exc.value) == "1-4:4 is already joined"
    assert len(lay) == 1 and Tile(4, 6) not in lay                  # a layout never changes


def test_what_attach_records_of_each_tile():
    """A non-double joins by the half showing the end's pip (or ``link``),
    never crosswise and never a spinner; a double joins by its side ``a``,
    lies crosswise unless told otherwise, and is a spinner only when asked."""
    from generator.families.line.rules import Layout

    lay = (Layout().attach(Tile(1, 4), None)
           .attach(Tile(4, 6), End(Tile(1, 4), "4"), cross=True, spinner=True)
           .attach(Tile(1, 1), End(Tile(1, 4), "1"))
           .attach(Tile(6, 6), End(Tile(4, 6), "6"), cross=False, spinner=True))
    got = {str(p.tile): (str(p.parent) if p.parent else None, p.link, p.cross, p.spinner, p.index) for p in lay}
    assert got == {"1-4": (None, None, False, False, 0), "4-6": ("1-4:4", "4", False, False, 1),
                   "1-1": ("1-4:1", "a", True, False, 2), "6-6": ("4-6:6", "a", False, True, 3)}
    assert lay.doubles() == [Tile(1, 1), Tile(6, 6)] and lay.doubles(spinners_only=True) == [Tile(6, 6)]
    assert [lay.free_pip(lay.get(Tile(t[0], t[1]))) for t in ((1, 4), (4, 6), (1, 1))] == [None, 6, None]
    assert lay.is_cross(Tile(1, 1)) and not lay.is_cross(Tile(6, 6)) and lay.has_double
    assert str(lay.last.tile) == "6-6"
    # 1-1 is no spinner: its straight side b only; 6-6 is: its side branches wait for both straight sides
    assert [str(e) for e in lay.free_ends()] == ["1-1:b", "6-6:b"]
    assert [str(e) for e in lay.free_ends(sides_after_straight=False)] == ["1-1:b", "6-6:b", "6-6:side-a",
                                                                           "6-6:side-b"]


def test_layouts_are_equal_by_their_tiles():
    """Two layouts built by the same joins are equal (a layout is a value);
    another join, or another kind of object, is not."""
    from generator.families.line.rules import Layout

    def build(second):
        return Layout().attach(Tile(1, 4), None).attach(second, End(Tile(1, 4), "4"))

    assert build(Tile(4, 6)) == build(Tile(4, 6)) and build(Tile(4, 6)) != build(Tile(4, 5))
    assert Layout() == Layout() and Layout() != Layout().attach(Tile(0, 0), None)
    assert (build(Tile(4, 6)) == "1-4") is False and build(Tile(4, 6)).__eq__("1-4") is NotImplemented
    assert [(str(a), str(b)) for a, b in build(Tile(4, 6)).connections()] == [("1-4:4", "4-6:4")]


@pytest.mark.parametrize("text,said", [
    (14, 'a tile is written as a string like "1-4", not 14'),
    (None, 'a tile is written as a string like "1-4", not None'),
])
def test_a_tile_that_is_not_text_is_refused_in_words(text, said):
    with pytest.raises(NotationError) as info:
        Tile.parse(text)
    assert str(info.value) == said


@pytest.mark.parametrize("text,said", [
    ("1-4", '\'1-4\' is not an attachment point; write it as TILE:END, e.g. "1-4:4" or "4-4:b"'),
    ("1-4:5", "'1-4:5': the ends of 1-4 are 1 and 4"),
    # only the last colon separates the end: "1-4:4" is then the tile, which is not one
    ("1-4:4:4", '\'1-4:4\' is not a tile; write it as "a-b" or "[a|b]"'),
    # a digit that is not an ASCII one (Arabic-Indic four) is not an end
    ("1-4:\u0664", "'1-4:\u0664': the ends of 1-4 are 1 and 4"),
])
def test_an_attachment_point_that_cannot_be_read_says_why(text, said):
    with pytest.raises(NotationError) as info:
        End.parse(text)
    assert str(info.value) == said
