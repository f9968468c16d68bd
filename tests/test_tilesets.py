"""Tile sets as data (generator/engine/tilesets.py): the Chinese set's tiles, suits, copies and names as the
sources give them (pagat.com "Pai Gow": all pairs of 1..6, eleven of them duplicated; Wikipedia "Chinese
dominoes": civil and military suits), and a game's ``set`` param choosing its set."""

import pytest

from generator.engine import NotationError, Tile
from generator.engine.rules import make_variant
from generator.engine.tilesets import tileset

pytestmark = pytest.mark.engine

#: The eleven civil tiles, doubled in the set (pagat.com: 66, 65, 64, 61, 55, 51, 44, 33, 31, 22, 11).
CIVIL = ["6-6", "5-6", "4-6", "1-6", "5-5", "1-5", "4-4", "3-3", "1-3", "2-2", "1-1"]
#: The ten military tiles, once each: the other throws of two dice.
MILITARY = ["3-6", "4-5", "2-6", "3-5", "2-5", "3-4", "2-4", "1-4", "2-3", "1-2"]


def test_chinese_set_is_the_21_throws_with_eleven_doubled():
    s = tileset("chinese")
    assert len(s.distinct) == 21            # 6 * 7 / 2 throws of two dice
    assert len(s.tiles) == 32               # 11 * 2 + 10
    assert sorted(str(t) for t in s.distinct) == sorted(CIVIL + MILITARY)
    for text in CIVIL:
        t = Tile.parse(text)
        assert (s.copies(t), s.info(t).suit) == (2, "civil")
    for text in MILITARY:
        t = Tile.parse(text)
        assert (s.copies(t), s.info(t).suit) == (1, "military")
    assert s.min_pip == 1 and s.max_pip == 6
    assert s.red_pips == (1, 4)
    # 32 tiles' pips: every throw's pips (21 * 7 = 147) plus the civil ones again (12+11+10+7+10+6+8+6+4+4+2 = 80)
    assert sum(t.pips for t in s.tiles) == 227


def test_names_and_ranks():
    s = tileset("chinese")
    assert s.info(Tile(6, 6)).name == {"en": "Teen", "ja": "天牌"}
    assert s.info(Tile(1, 1)).name["en"] == "Day"
    assert s.info(Tile(4, 4)).name["en"] == "Yun"
    assert s.info(Tile(1, 3)).name["en"] == "Gor"
    # the civil tiles rank above every military one; military tiles of equal pips rank alike
    assert max(s.info(Tile.parse(t)).rank for t in CIVIL) < min(s.info(Tile.parse(t)).rank for t in MILITARY)
    assert s.info(Tile(4, 5)).rank == s.info(Tile(3, 6)).rank
    assert s.info(Tile(6, 6)).rank < s.info(Tile(1, 1)).rank < s.info(Tile(4, 4)).rank


@pytest.mark.parametrize("text, why", [("0-6", "no blanks"), ("0-0", "no blanks"), ("6-7", "1 to 6")])
def test_tiles_the_chinese_set_lacks_are_refused(text, why):
    with pytest.raises(NotationError, match=why):
        tileset("chinese").parse_tile(text)


def test_counting_copies():
    s = tileset("chinese")
    six = Tile(6, 6)
    assert s.check_counts([six, six, Tile(4, 5)]) is None
    assert s.check_counts([six, six, six]) is six               # a third 6-6
    assert s.check_counts([Tile(4, 5), Tile(5, 4)]) is Tile(4, 5)  # a second 4-5


def test_double_n_sets_are_unchanged():
    assert tileset(6).tiles == tuple(sorted(tileset(6).tiles)) and len(tileset(6).tiles) == 28
    assert len(tileset(9).tiles) == 55
    assert tileset(6).parse_tile("0-0") == Tile(0, 0)


def test_a_game_names_its_set():
    chinese = make_variant({"set": "chinese", "players": [2], "deal": {2: 4}}, {}, "x")
    assert chinese.params.tileset == "chinese" and chinese.max_pip == 6
    assert len(chinese.params.tiles) == 32
    with pytest.raises(NotationError):
        chinese.parse_tile("0-3")
    six = make_variant({"set": 6, "players": [2], "deal": {2: 7}}, {}, "x")
    assert six.params.tileset == "" and len(six.params.tiles) == 28
    assert six.parse_tile("0-3") == Tile(0, 3)


@pytest.mark.parametrize("value, needle", [
    ("chinese", "a line of play is played with a double-n set (a number), not `set: chinese`"),
    ("mahjong", "mahjong"),
])
def test_a_game_of_the_wrong_set_is_refused_at_its_set(tmp_path, capsys, value, needle):
    """A line-of-play game (Draw) given the Chinese set, or a set nobody defines: one located error at
    the `set` line of its variant.yaml."""
    import shutil

    from conftest import RULES
    from generator.cli.main import main

    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    f = rules / "draw" / "variant.yaml"
    lines = f.read_text(encoding="utf-8").split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("  set: "))
    lines[at] = f"  set: {value}"
    f.write_text("\n".join(lines), encoding="utf-8")
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert any(line.startswith(f"{f}:{at + 1}:") and needle in line for line in err), err
