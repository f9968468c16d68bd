"""Moon (rules/moon): three players alone, Moon's 22 tiles, bids of four to seven tricks or the
moon, the widow, one point a trick and 21 to win. Expected values are worked by hand from the rules
the page cites (dominorules.com, "Rules to Moon"; Pagat, "Moon"); the engine is asked through its
public interface (:class:`~generator.families.tricks.rules.Deal`, ``rulebook check``)."""

import random

import pytest

from generator.engine import RuleViolation
from generator.engine.choices import Choices
from generator.engine.rules import make_variant
from generator.families.tricks.rules import PASS, Bid, Deal, settle_scores

from generator.engine import Tile as T

pytestmark = pytest.mark.engine

MOON = {"set": "moon", "players": [3], "partnerships": [], "deal": {3: 7}, "target": 21}
CHOICES = {"layout": "tricks", "follow_me": "not-allowed", "doubles_trump": "not-allowed", "all_pass": "reshake",
           "widow": "bidder-exchanges", "shoot_moon": "allowed"}
# The hand of rules/moon/positions/deal-widow-five.yaml: W shakes, the 6-4 left over.
HANDS = {"N": [T(6, 6), T(5, 6), T(3, 6), T(5, 5), T(4, 4), T(1, 2), T(1, 3)],
         "E": [T(2, 6), T(1, 6), T(4, 5), T(3, 5), T(3, 3), T(2, 2), T(0, 0)],
         "W": [T(2, 5), T(1, 5), T(3, 4), T(2, 4), T(1, 4), T(2, 3), T(1, 1)]}


def moon(params=None, **choices):
    return make_variant(dict(params or MOON), Choices.from_mapping({**CHOICES, **choices}), "test")


def test_the_moon_set_is_double_six_less_the_blanks_but_the_double_blank():
    tiles = moon().params.tiles
    assert len(tiles) == 22
    assert T(0, 0) in tiles and not any(t.low == 0 and t.high > 0 for t in tiles)
    # a full double-six set for three players deals 21 of 28 and leaves seven, blanks among the dealt
    assert len(moon({**MOON, "set": 6}, widow="none").params.tiles) == 28


def test_three_seats_bid_tricks_once_each_from_the_shakers_left():
    d = Deal(moon(), list("NEW"), HANDS, "W", (T(4, 6),))
    assert d.current == "N"
    assert [str(b) for b in d.plays_for("N")] == ["pass", "4 tricks", "5 tricks", "6 tricks", "7 tricks", "moon"]
    d.push("N", Bid(5, "tricks"))
    # E may not bid five again: a bid must be higher
    with pytest.raises(RuleViolation):
        d.push("E", Bid(5, "tricks"))
    d.push("E", Bid(7, "tricks"))
    assert [str(b) for b in d.plays_for("W")] == ["pass", "moon"]


def test_the_bidder_takes_the_widow_discards_then_names_trumps():
    d = Deal(moon(), list("NEW"), HANDS, "W", (T(4, 6),))
    for seat, bid in (("N", Bid(5, "tricks")), ("E", PASS), ("W", PASS)):
        d.push(seat, bid)
    assert d.phase == "discard" and d.current == "N" and T(4, 6) in d.hands["N"]
    with pytest.raises(RuleViolation):
        d.push("N", 6)                        # trumps before the discard
    d.push("N", T(1, 2))
    assert d.phase == "trumps" and len(d.hands["N"]) == 7 and d.discarded == T(1, 2)
    d.push("N", 6)
    # the first trick has three tiles, N, E, W: 6-6 led, E must follow with a six, W has none
    d.push("N", T(6, 6))
    assert sorted(map(str, d.plays_for("E"))) == ["1-6", "2-6"]
    d.push("E", T(1, 6))
    d.push("W", T(2, 3))
    assert len(d.tricks) == 1 and d.tricks[0].winner == "N" and d.tricks[0].points == 1


def test_a_trick_is_one_point_without_count_tiles():
    # 5-5 and 4-1 would be 15 count in 42; in Moon the trick is worth one
    assert moon().trick_points([T(5, 5), T(1, 4), T(2, 3)]) == 1


def test_scores_made_set_and_the_moon():
    r = moon()
    assert r.hand_scores("N", Bid(5, "tricks"), {"N": 6, "E": 1, "W": 0}) == {"N": 6, "E": 1, "W": 0}
    assert r.hand_scores("W", Bid(6, "tricks"), {"N": 2, "E": 0, "W": 5}) == {"N": 2, "E": 0, "W": -6}
    assert r.hand_scores("N", Bid(21, "moon"), {"N": 7, "E": 0, "W": 0}) == {"N": 21, "E": 0, "W": 0}
    # a moon that loses one trick costs 21; the seven taken as a bid of seven would have scored 7
    assert r.hand_scores("E", Bid(21, "moon"), {"N": 1, "E": 6, "W": 0}) == {"N": 1, "E": -21, "W": 0}


def test_the_game_goes_to_21_and_the_bidder_wins_a_tie_for_it():
    r = moon()
    hands = [("N", Bid(6, "tricks"), {"N": 6, "E": 1, "W": 0}),     # 6 1 0
             ("E", Bid(5, "tricks"), {"N": 2, "E": 5, "W": 0}),     # 8 6 0
             ("N", Bid(7, "tricks"), {"N": 7, "E": 0, "W": 0}),     # 15 6 0
             ("W", Bid(4, "tricks"), {"N": 2, "E": 1, "W": 4})]     # 17 7 4
    got = settle_scores(r, "NEW", hands)
    assert dict(got.scores) == {"N": 17, "E": 7, "W": 4} and got.winner is None
    # N bids five and takes five: N 22, E 9 -- N is past 21 after the fifth hand
    more = hands + [("N", Bid(5, "tricks"), {"N": 5, "E": 2, "W": 0})]
    got = settle_scores(r, "NEW", more)
    assert got.winner == "N" and got.after == 5
    # two reach 21 in one hand: the bidder wins though the other has more
    tie = [("E", Bid(7, "tricks"), {"N": 0, "E": 7, "W": 0}), ("E", Bid(7, "tricks"), {"N": 0, "E": 7, "W": 0}),
           ("N", Bid(7, "tricks"), {"N": 7, "E": 0, "W": 0}), ("N", Bid(7, "tricks"), {"N": 7, "E": 0, "W": 0}),
           ("E", Bid(4, "tricks"), {"N": 3, "E": 4, "W": 0}), ("N", Bid(4, "tricks"), {"N": 4, "E": 3, "W": 0})]
    got = settle_scores(r, "NEW", tie)
    assert dict(got.scores) == {"N": 21, "E": 21, "W": 0} and got.winner == "N" and got.after == 6


def test_no_widow_leaves_the_tile_out_and_no_moon_stops_at_seven():
    d = Deal(moon(widow="none"), list("NEW"), HANDS, "W", (T(4, 6),))
    for seat, bid in (("N", Bid(7, "tricks")), ("E", PASS), ("W", PASS)):
        d.push(seat, bid)
    assert d.phase == "trumps" and T(4, 6) not in d.hands["N"]
    d = Deal(moon(shoot_moon="not-allowed"), list("NEW"), HANDS, "W", (T(4, 6),))
    with pytest.raises(RuleViolation):
        d.push("N", Bid(21, "moon"))


@pytest.mark.parametrize("params,choices,words", [
    ({**MOON, "set": 6}, {}, "`set: moon` (22 tiles) leaves one"),
    ({"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7}, {"all_pass": "forced-bid"},
     "belongs to a game of three players"),
    (MOON, {"top_bid": "one-mark"}, "three players bid tricks, never marks"),
    (MOON, {"plunge": "allowed"}, "needs partners"),
])
def test_values_a_game_of_three_cannot_play_are_refused(params, choices, words):
    from generator.engine.choices import combination_problems

    problems = combination_problems(Choices.from_mapping({**CHOICES, **choices}), params)
    assert any(words in msg for _, msg in problems), problems


def test_seeded_games_of_three_end_with_a_winner_at_21():
    from generator.families.tricks.sim import play_forty_two
    from generator.sim.simulate import Work
    from generator.sim.simulate import named_players

    r = moon()
    bot = named_players()["greedy"]
    game = play_forty_two(r, ["N", "E", "W"], {s: bot for s in "NEW"}, random.Random(3), Work(10_000_000))
    assert game["finished"] and len(game["winners"]) == 1
    totals = {s: sum(h["team_points"][s] for h in game["hands"]) for s in "NEW"}
    assert totals[game["winners"][0]] >= 21
    assert all(h["tiles"] == 21 for h in game["hands"])


def test_a_moon_deal_without_its_widow_is_refused_at_the_line(rules_copy, capsys):
    from generator.cli.main import main

    path = rules_copy / "moon" / "positions" / "deal-set.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('  widow: "1-1"\n', ""), encoding="utf-8")
    assert main(["check", "-q", str(path)]) != 0
    err = capsys.readouterr().err
    assert "deal-set.yaml:" in err and "give the `widow`" in err


@pytest.mark.parametrize("old,new,words", [
    ('  discard: "2-1"\n', '  discard: "3-3"\n', "discards one tile of its hand, not 3-3"),
    ('  bids: [6 tricks, pass, pass]\n', '  bids: [6 tricks, 5 tricks, pass]\n', "higher than the highest so far"),
    ('  bids: [6 tricks, pass, pass]\n', '  bids: [8 tricks, pass, pass]\n', "'4 tricks' to '7 tricks' or 'moon'"),
    ('    W: ["6-6"', '    S: ["6-6"', "'S' is no seat: the seats are N, E, W"),
])
def test_a_bad_moon_deal_is_refused_at_its_line(rules_copy, capsys, old, new, words):
    from generator.cli.main import main

    path = rules_copy / "moon" / "positions" / "deal-set.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    assert main(["check", "-q", str(path)]) != 0
    err = capsys.readouterr().err
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if l == new.rstrip("\n")
                or l.startswith(new.rstrip("\n")))
    assert f"deal-set.yaml:{line}:" in err and words in err, err
    assert "Traceback" not in err


def test_a_points_question_is_refused_in_a_game_of_three(rules_copy, capsys):
    from generator.cli.main import main

    path = rules_copy / "moon" / "positions" / "practice-moon-double.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("question: winner\n  answer: E", "question: points\n  answer: 1"), encoding="utf-8")
    assert main(["check", "-q", str(path)]) != 0
    assert "always one point in a game of three" in capsys.readouterr().err
