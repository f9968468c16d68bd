"""Every annotated placement of seed 000, with the seed's stated numbers
(counted values, raw points, displayed points, open positions)."""

import pytest

from conftest import build

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

BASE = [("1-4", None), ("1-1", "1-4:1"), ("4-4", "1-4:4")]
SIDE = BASE + [("3-4", "4-4:b")]

# (moves, counted values in the seed's order, raw, displayed, open positions or None)
SEED = {
    "4-4 on a line with 1-1": (BASE, [2, 8], 10, 2, ["1-1:b", "4-4:b"]),
    "3-4 extends the 4-4": (SIDE, [2, 3], 5, 1, ["1-1:b", "3-4:3", "4-4:side-a", "4-4:side-b"]),
    "lone 2-2": ([("2-2", None)], [4], 0, 0, ["2-2:a", "2-2:b"]),
    "1-2 fills 1-1": (SIDE + [("1-2", "1-1:b")], [2, 3], 5, 1,
                      ["1-1:side-a", "1-1:side-b", "1-2:2", "3-4:3", "4-4:side-a", "4-4:side-b"]),
    "1-5 on a side branch": (SIDE + [("1-2", "1-1:b"), ("1-5", "1-1:side-a")], [2, 5, 3], 10, 2,
                             ["1-1:side-b", "1-2:2", "1-5:5", "3-4:3", "4-4:side-a", "4-4:side-b"]),
    "0-5 after 5-5": (SIDE + [("1-2", "1-1:b"), ("1-5", "1-1:side-a"), ("5-5", "1-5:5"), ("0-5", "5-5:b")],
                      [0, 2, 3], 5, 1, ["0-5:0", "1-1:side-b", "1-2:2", "3-4:3", "4-4:side-a", "4-4:side-b",
                                        "5-5:side-a", "5-5:side-b"]),
    "1-3 on the other side branch": (
        SIDE + [("1-2", "1-1:b"), ("1-5", "1-1:side-a"), ("5-5", "1-5:5"), ("0-5", "5-5:b"), ("1-3", "1-1:side-b")],
        [0, 2, 3, 3], 0, 0, ["0-5:0", "1-2:2", "1-3:3", "3-4:3", "4-4:side-a", "4-4:side-b", "5-5:side-a",
                             "5-5:side-b"]),
    "lead 1-4": ([("1-4", None)], [4, 1], 5, 1, ["1-4:1", "1-4:4"]),
    "1-1 on the lead": ([("1-4", None), ("1-1", "1-4:1")], [2, 4], 0, 0, ["1-1:b", "1-4:4"]),
    "6-6 on 3-6": ([("3-6", None), ("6-6", "3-6:6")], [3, 12], 15, 3, ["3-6:3", "6-6:b"]),
    "lone 0-0": ([("0-0", None)], [0], 0, 0, ["0-0:a", "0-0:b"]),
    # the four-step example; tiles recovered from its totals 10, 12, 5, 9
    "four steps: 5-5": ([("5-5", None)], [10], 10, 2, None),
    "four steps: 2-5": ([("5-5", None), ("2-5", "5-5:b")], [2, 10], 0, 0, None),
    "four steps: 3-5": ([("5-5", None), ("2-5", "5-5:b"), ("3-5", "5-5:a")], [2, 3], 5, 1, None),
    "four steps: 4-5": ([("5-5", None), ("2-5", "5-5:b"), ("3-5", "5-5:a"), ("4-5", "5-5:side-a")],
                        [2, 3, 4], 0, 0, None),
}


@pytest.mark.parametrize("name", list(SEED))
def test_seed_placement(hr, name):
    moves, counted, raw, points, opens = SEED[name]
    pl = build(hr, *moves)
    assert [c.value for c in pl.counted] == counted          # same order as the seed lists them
    assert pl.total == sum(counted)
    assert (pl.raw, pl.points) == (raw, points)
    if opens is not None:
        assert [str(e) for e in pl.open] == opens


def test_every_seed_position_file_checks(catalog):
    good, errors = catalog.check_all()
    assert errors == []
    ids = {cp.position.id for cp in good}
    assert {"terminal-doubles", "lone-double", "four-steps", "side-branches", "first-tile", "double-six",
            "blank-double", "settle-rounding", "settle-partners", "settle-block-partners", "settle-tie-four",
            "settle-tie-pairs", "game-shared-win", "settle-spec-example", "turn-double-continues",
            "turn-scoring-continues", "turn-drawn-tile-ends", "turn-game-ends-mid-turn"} <= ids
