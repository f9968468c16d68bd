"""The hard level's three questions for the games played in rounds (Mexican
Train and Chicken Foot, answered once by the rounds base for both): what a
seat cannot see, a round with the unseen tiles dealt afresh (the round it
came from untouched), and how good an ended round is for a seat. Asked
through the family objects, as the search asks them; expected values worked
by hand from the rounds below."""

import pytest

from generator.engine.family import family_of
from generator.families.trains.rules import Round as TrainRound
from generator.families.tree.rules import Round as TreeRound
from generator.model import Catalog, find_rules_dir

CAT = Catalog(find_rules_dir())


def _tiles(v, *texts):
    return [v.parse_tile(t) for t in texts]


@pytest.fixture
def mexican():
    """Mexican Train (double-twelve: 91 tiles), three players, the 12-12 engine; A's train holds
    12-4, the Mexican train 12-6 (a 5-5 left open on B's train: B's train 12-5, 5-5)."""
    v = CAT.variant("mexican-train").rules
    hands = {"A": _tiles(v, "0-2", "3-5", "9-10"), "B": _tiles(v, "4-11", "5-6"), "C": _tiles(v, "1-9")}
    stock = _tiles(v, "2-7", "4-6", "0-0", "1-1")
    r = TrainRound(v, ["A", "B", "C"], hands, stock, v.parse_tile("12-12"), "A",
                   trains={"A": _tiles(v, "12-4"), "B": _tiles(v, "12-5", "5-5"), "mexican": _tiles(v, "12-6")})
    return v, r


def test_what_a_seat_of_mexican_train_cannot_see(mexican):
    v, r = mexican
    pool, places, forbidden = family_of("trains").hidden(v, r, "A")
    # seen by A: its 3 tiles, the engine and the 4 tiles on the trains: 91 - 8 = 83 unseen
    assert len(pool) == 83 and pool == sorted(pool)
    assert not set(pool) & set(_tiles(v, "0-2", "3-5", "9-10", "12-12", "12-4", "12-5", "5-5", "12-6"))
    assert set(_tiles(v, "4-11", "5-6", "1-9", "2-7", "4-6", "0-0", "1-1")) <= set(pool)
    assert places == [("B", 2), ("C", 1), ("stock", 4)]
    assert forbidden == {}


def test_a_redealt_round_of_mexican_train_leaves_the_real_one_as_it_was(mexican):
    v, r = mexican
    dealt = {"B": _tiles(v, "0-0", "1-1"), "C": _tiles(v, "2-7"), "stock": _tiles(v, "4-11", "5-6", "1-9", "4-6")}
    s = family_of("trains").redeal(v, r, "A", dealt)
    assert s.hands == {"A": _tiles(v, "0-2", "3-5", "9-10"), "B": _tiles(v, "0-0", "1-1"), "C": _tiles(v, "2-7")}
    assert s.stock == _tiles(v, "4-11", "5-6", "1-9", "4-6")
    assert s.open_doubles == ["B"] and s.trains["B"].tiles == _tiles(v, "12-5", "5-5")
    # A covers the open 5-5 with its 3-5, in the copy only
    s.play("A", v.parse_tile("3-5"), "B")
    assert s.trains["B"].tiles == _tiles(v, "12-5", "5-5", "3-5") and s.open_doubles == []
    assert r.trains["B"].tiles == _tiles(v, "12-5", "5-5") and r.open_doubles == ["B"]
    assert r.hands["A"] == _tiles(v, "0-2", "3-5", "9-10") and r.events == []
    assert r.hands["B"] == _tiles(v, "4-11", "5-6")


def test_how_good_an_ended_round_is_for_each_seat(mexican):
    """Penalties A 0+2+3+5+9+10 = 29, B 4+11+5+6 = 26, C 1+9 = 10: C has fewest and wins the round,
    one plus the others' mean less its own, (29 + 26) / 2 - 10 = 17.5, in hundredths: 1.175. A:
    (26 + 10) / 2 - 29 = -11, -0.11; B: (29 + 10) / 2 - 26 = -6.5, -0.065."""
    v, r = mexican
    f = family_of("trains")
    assert r.penalties == {"A": 29, "B": 26, "C": 10}
    assert f.outcome(v, r, "C") == pytest.approx(1.175)
    assert f.outcome(v, r, "A") == pytest.approx(-0.11)
    assert f.outcome(v, r, "B") == pytest.approx(-0.065)


def test_what_a_seat_of_chicken_foot_cannot_see_and_a_redealt_tree():
    """Chicken Foot (double-nine: 55 tiles), the 9-9 in the centre with six arms; arm a holds 9-3,
    arm b 9-2: C sees its 2 tiles, the centre and the 2 on the arms, 5, so 50 are unseen."""
    v = CAT.variant("chicken-foot").rules
    hands = {"A": _tiles(v, "1-2", "3-4", "0-0"), "B": _tiles(v, "5-6"), "C": _tiles(v, "9-5", "7-8")}
    r = TreeRound(v, ["A", "B", "C"], hands, _tiles(v, "1-1", "2-2"), v.parse_tile("9-9"), "C",
                  arms={"a": _tiles(v, "9-3"), "b": _tiles(v, "9-2")})
    f = family_of("tree")
    pool, places, forbidden = f.hidden(v, r, "C")
    assert len(pool) == 55 - 5 and not set(pool) & set(_tiles(v, "9-5", "7-8", "9-9", "9-3", "9-2"))
    assert places == [("A", 3), ("B", 1), ("stock", 2)] and forbidden == {}
    s = f.redeal(v, r, "C", {"A": _tiles(v, "1-1", "2-2", "5-6"), "B": _tiles(v, "1-2"),
                             "stock": _tiles(v, "3-4", "0-0")})
    assert s.hands["A"] == _tiles(v, "1-1", "2-2", "5-6") and s.stock == _tiles(v, "3-4", "0-0")
    assert s.must_fill == r.must_fill                    # the centre's arms c.. still wait, in both
    s.play("C", v.parse_tile("9-5"), s.must_fill[0])
    assert r.arms[r.must_fill[0]].tiles == [] and r.hands["C"] == _tiles(v, "9-5", "7-8")
    assert s.must_fill == r.must_fill[1:]                # the copy's arm is filled, the real one still waits
