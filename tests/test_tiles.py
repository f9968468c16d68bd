import pytest

from generator.engine import End, NotationError, Tile, double_set


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
