"""Texas 42, the tricks family: suits, following suit, trick winners, the count,
bids, made and set hands and marks, each value worked by hand from the rules
the game page gives (42-online.com's basic rules, domino-play.com,
dominorules.com, eightygames; the Lechner Hall rules for Nel-O and the
plunge); bad positions refused at FILE:LINE:COL; the seeded simulation's
hands adding up to 42."""

import json
import random
import subprocess
import sys

import pytest

from generator.engine import RuleViolation
from generator.engine.choices import Choices, combination_problems
from generator.engine.rules import make_variant
from generator.families.tricks.rules import DOUBLES, FOLLOW_ME, PASS, Bid, Deal, count_of, settle_marks

from conftest import T

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

PARAMS = {"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7}
SEATS = ["N", "E", "S", "W"]


def game(**choices):
    return make_variant(dict(PARAMS), Choices.from_mapping({"layout": "tricks", **choices}), "test")


def tiles(*names):
    return [T(n) for n in names]


# -- suits -------------------------------------------------------------------------------------

def test_a_led_tile_calls_for_its_higher_end_unless_it_is_a_trump():
    g = game()
    assert g.suit_led(T("6-2"), 4) == 6            # not a trump: sixes
    assert g.suit_led(T("6-4"), 4) == 4            # a trump: the trump suit
    assert g.suit_led(T("3-3"), 2) == 3            # a double of its own number
    assert g.suit_led(T("3-3"), DOUBLES) == DOUBLES
    assert g.suit_led(T("3-1"), FOLLOW_ME) == 3


def test_a_trump_belongs_to_the_trump_suit_alone():
    """Fives trumps, sixes led: 6-5 is a five, not a six (dominorules.com)."""
    g = game()
    assert not g.follows(T("6-5"), 6, 5)
    assert g.follows(T("6-5"), 5, 5)
    assert g.follows(T("6-1"), 6, 5)
    assert g.legal(tiles("6-5", "6-1", "3-3", "2-4"), tiles("6-3"), 5) == [T("6-1")]


def test_with_no_tile_of_the_suit_led_any_tile_may_be_played():
    g = game()
    hand = tiles("4-1", "5-5", "1-2")
    assert g.legal(hand, tiles("6-2"), 4) == hand
    assert g.legal(hand, [], 4) == hand            # the leader may lead anything


def test_the_doubles_named_trumps_are_a_suit_of_their_own():
    """Doubles trumps, fives led: 5-5 is a trump (a double), not a five; 5-6 follows."""
    g = game()
    assert g.legal(tiles("5-5", "4-2", "0-6"), tiles("5-3"), DOUBLES) == tiles("5-5", "4-2", "0-6")
    assert g.legal(tiles("5-6", "1-3", "4-4"), tiles("5-3"), DOUBLES) == [T("5-6")]


# -- trick winners and points ------------------------------------------------------------------

def test_the_highest_trump_wins():
    g = game()
    assert g.trick_winner(tiles("6-2", "6-6", "4-1", "6-5"), 4) == 2      # the only trump
    assert g.trick_winner(tiles("5-3", "5-2", "2-2", "5-6"), 2) == 2      # 2-2 over 5-2 among the twos
    assert g.trick_winner(tiles("5-3", "1-1", "5-5", "5-6"), DOUBLES) == 2  # 5-5 over 1-1


def test_without_a_trump_the_highest_of_the_suit_led_wins():
    """Twos trumps, 4-1 led: 6-6 is no four and cannot win; 4-3 (rank 3) beats 4-1 (rank 1)."""
    g = game()
    assert g.trick_winner(tiles("4-1", "6-6", "4-3", "0-0"), 2) == 2
    assert g.trick_winner(tiles("4-1", "4-3", "5-4", "6-4"), 2) == 3      # 6-4, the highest four


def test_the_double_is_highest_in_its_suit_or_its_own_suit_in_follow_me():
    """Follow-me, 3-1 led, 3-3 played after: the double is the highest three (doubles high), or a
    double that cannot follow (doubles a suit of their own), leaving 3-1 the winner."""
    plays = tiles("3-1", "3-3", "0-2", "6-4")
    assert game(follow_me="doubles-high").trick_winner(plays, FOLLOW_ME) == 1
    assert game(follow_me="doubles-own-suit").trick_winner(plays, FOLLOW_ME) == 0


def test_a_trick_is_worth_one_point_and_its_count():
    g = game()
    assert g.trick_points(tiles("5-5", "6-4", "0-0", "1-2")) == 21        # 1 + 10 + 10
    assert g.trick_points(tiles("4-1", "4-3", "5-4", "6-4")) == 16        # 1 + 5 + 10
    assert g.trick_points(tiles("6-6", "6-3", "6-0", "2-0")) == 1
    assert sum(count_of(t) for t in g.params.tiles) == 35                 # 35 + 7 tricks = 42
    assert [count_of(T(n)) for n in ("5-5", "4-6", "0-5", "1-4", "2-3", "3-3")] == [10, 10, 5, 5, 5, 0]


# -- bids --------------------------------------------------------------------------------------

def test_the_bids_open_to_the_first_bidder():
    """Pass, 30 to 41, then one or two marks (42, 84): fifteen."""
    g = game()
    bids = g.bids(None, tiles("0-0"))
    assert bids[0] == PASS and [b.value for b in bids[1:13]] == list(range(30, 42))
    assert [str(b) for b in bids[13:]] == ["1 mark", "2 marks"]
    assert len(bids) == 15


def test_after_two_marks_each_bid_is_one_mark_more():
    g = game()
    assert [str(b) for b in g.bids(Bid(84, "marks"), [])] == ["pass", "3 marks"]
    assert g.bid_problem(Bid(168, "marks"), Bid(84, "marks"), None, False) is not None
    assert g.bid_problem(Bid(31), Bid(31), None, False) == "a bid must be higher than the highest so far (31)"


def test_top_bid_one_mark_stops_at_42():
    g = game(top_bid="one-mark")
    assert [str(b) for b in g.bids(Bid(35), [])] == ["pass", "36", "37", "38", "39", "40", "41", "1 mark"]
    assert g.bid_problem(Bid(84, "marks"), None, None, False) is not None


def test_the_shaker_must_bid_after_three_passes_or_the_hand_is_shaken_again():
    hands = _deal_hands()
    forced = Deal(game(), SEATS, hands, "W")
    for s in "NES":
        forced.push(s, PASS)
    assert PASS not in forced.plays_for("W")
    with pytest.raises(RuleViolation, match="the shaker must bid"):
        forced.push("W", PASS)
    reshake = Deal(game(all_pass="reshake"), SEATS, hands, "W")
    for s in "NESW":
        reshake.push(s, PASS)
    assert reshake.end == "thrown-in"


def test_a_made_bid_needs_its_points_and_a_bid_in_marks_every_trick():
    g = game()
    assert g.made(Bid(30), 30) and not g.made(Bid(34), 30)
    assert g.made(Bid(42, "marks"), 42) and not g.made(Bid(84, "marks"), 41)
    assert g.made(Bid(42, "nello"), 0) and not g.made(Bid(42, "nello"), 1)


def test_marks_add_up_to_seven():
    """The page's game: N+S reach seven marks after hand 8 (worked in marks-game.yaml)."""
    g = game()
    hands = [("N+S", Bid(30), 31), ("E+W", Bid(32), 28), ("N+S", Bid(84, "marks"), 42), ("E+W", Bid(35), 36),
             ("N+S", Bid(42, "marks"), 41), ("E+W", Bid(31), 20), ("N+S", Bid(30), 34), ("N+S", Bid(33), 40)]
    m = settle_marks(g, ["N+S", "E+W"], hands)
    assert dict(m.marks) == {"N+S": 7, "E+W": 2}
    assert m.won == ("N+S", "N+S", "N+S", "E+W", "E+W", "N+S", "N+S", "N+S")
    assert (m.winner, m.after) == ("N+S", 8)
    assert settle_marks(game(), ["N+S", "E+W"], hands[:7]).winner is None


# -- a whole hand ------------------------------------------------------------------------------

def _deal_hands():
    return {"N": tiles("6-6", "6-5", "6-4", "6-2", "5-5", "1-1", "3-0"),
            "E": tiles("6-3", "5-4", "4-4", "3-3", "2-1", "1-0", "4-0"),
            "S": tiles("6-1", "6-0", "5-0", "2-2", "4-3", "3-1", "5-2"),
            "W": tiles("5-3", "5-1", "4-2", "4-1", "3-2", "2-0", "0-0")}


def test_a_hand_from_the_bidding_to_the_seventh_trick():
    """The page's set hand (deal-set.yaml): the bidding starts at the shaker W's left, N bids 34,
    names sixes and leads; N+S take 30, E+W 12; N+S are set and E+W win the mark."""
    d = Deal(game(), SEATS, _deal_hands(), "W")
    assert d.current == "N"
    for s, b in zip("NESW", (Bid(34), PASS, PASS, PASS)):
        d.push(s, b)
    assert (d.phase, d.current) == ("trumps", "N")
    d.push("N", 6)
    tricks = [("6-6", "6-3", "6-0", "2-0"), ("6-5", "1-0", "6-1", "0-0"), ("5-5", "5-4", "5-0", "5-1"),
              ("6-4", "2-1", "3-1", "4-2"), ("6-2", "4-0", "5-2", "5-3"), ("3-0", "3-3", "4-3", "3-2"),
              ("4-4", "2-2", "4-1", "1-1")]
    for plays in tricks:
        for t in plays:
            d.push(d.current, T(t))
    assert [t.winner for t in d.tricks] == ["N", "N", "N", "N", "N", "E", "E"]
    assert [t.points for t in d.tricks] == [1, 1, 16, 11, 1, 6, 6]
    r = d.result
    assert dict(r.points) == {"N+S": 30, "E+W": 12} and not r.made and dict(r.marks) == {"E+W": 1}
    assert d.end == "set"


def test_a_player_who_can_follow_must():
    d = Deal(game(), SEATS, _deal_hands(), "W")
    for s, b in zip("NESW", (Bid(34), PASS, PASS, PASS)):
        d.push(s, b)
    d.push("N", 6)
    d.push("N", T("6-6"))
    with pytest.raises(RuleViolation, match=r"E must follow suit \(sixes\) with 6-3, not 4-4"):
        d.push("E", T("4-4"))
    with pytest.raises(RuleViolation, match="it is E's turn"):
        d.push("S", T("6-0"))


def test_in_nello_the_partner_sits_out_and_three_play_each_trick():
    """Nel-O (Lechner Hall): N bids it; S sits out; tricks are of three tiles, from N, E and W;
    the count in S's unplayed hand goes to nobody, so the points add up to 42 less it."""
    g = game(nello="allowed")
    hands = _deal_hands()
    d = Deal(g, SEATS, hands, "W")
    d.push("N", Bid(42, "nello"))
    for s in "ESW":
        d.push(s, PASS)
    assert d.plays_for("N") == [FOLLOW_ME]
    d.push("N", FOLLOW_ME)
    assert d.sitting_out == "S"
    d.push("N", T("3-0"))
    assert d.current == "E"
    assert d.plays_for("E") == [T("6-3")]  # the doubles are a suit of their own: 3-3 is no three
    d.push("E", T("6-3"))
    assert d.current == "W"               # S is skipped
    rng = random.Random(1)
    while d.end is None:
        d.push(d.current, rng.choice(d.plays_for(d.current)))
    assert all(len(t.plays) == 3 for t in d.tricks)
    assert sum(d.result.points.values()) == 42 - 5       # S's 5-0 was never played


def test_a_plunge_needs_four_doubles_and_the_partner_names_trumps_and_leads():
    g = game(plunge="allowed")
    hands = _deal_hands()                  # N holds 6-6, 5-5, 1-1: three doubles; E 4-4, 3-3: two
    assert all(b.contract != "plunge" for b in g.bids(None, hands["N"]))
    four = dict(hands, N=tiles("6-6", "5-5", "1-1", "0-0", "6-4", "6-2", "3-0"),
                W=tiles("5-3", "5-1", "4-2", "4-1", "3-2", "2-0", "6-5"))
    plunge = [b for b in g.bids(None, four["N"]) if b.contract == "plunge"]
    assert [str(b) for b in plunge] == ["plunge 4 marks"]
    d = Deal(g, SEATS, four, "W")
    d.push("N", plunge[0])
    for s in "ESW":
        d.push(s, PASS)
    assert (d.phase, d.current) == ("trumps", "S")
    d.push("S", 6)
    assert (d.phase, d.current) == ("play", "S")
    assert "a plunge is not played here" in game().bid_problem(plunge[0], None, four["N"], False)


@pytest.mark.parametrize("choices", [{}, {"nello": "allowed", "plunge": "allowed"}, {"doubles_trump": "not-allowed"},
                                     {"follow_me": "not-allowed"}, {"follow_me": "doubles-own-suit"}])
def test_random_hands_always_end_and_their_points_add_up_to_42(choices):
    g = game(**choices)
    rng = random.Random(7)
    every = list(g.params.tiles)
    for _ in range(60):
        rng.shuffle(every)
        hands = {s: every[7 * i:7 * i + 7] for i, s in enumerate(SEATS)}
        d = Deal(g, SEATS, hands, rng.choice(SEATS))
        while d.end is None:
            d.push(d.current, rng.choice(d.plays_for(d.current)))
        out = sum(count_of(t) for t in d.hands[d.sitting_out]) if d.sitting_out else 0
        assert sum(d.result.points.values()) == 42 - out
        assert sum(len(t.plays) for t in d.tricks) == (21 if d.sitting_out else 28)


def test_a_plunge_with_a_top_bid_of_one_mark_is_refused():
    assert [k for k, _ in combination_problems(Choices(layout="tricks", plunge="allowed", top_bid="one-mark"))] \
        == ["plunge"]


# -- the simulation ----------------------------------------------------------------------------

def test_in_a_seeded_simulation_every_hand_adds_up_to_42():
    """Hands of the base game (no Nel-O: every tile is played) by the planning and random players."""
    from generator.sim.simulate import BOTS, play_game

    g = game()
    for seed in (1, 2, 3):
        rec = play_game(g, SEATS, [BOTS["greedy"], BOTS["random"]] * 2, random.Random(seed),
                        [["N", "S"], ["E", "W"]])
        assert rec["finished"] and rec["winners"]
        for hand in rec["hands"]:
            assert sum(hand["team_points"].values()) == 42 and hand["tiles"] == 28


def test_rulebook_simulate_plays_texas_42_the_same_on_one_or_two_processes():
    def run(jobs):
        out = subprocess.run([sys.executable, "-m", "generator.cli.main", "simulate", "texas-42", "--players", "4",
                              "--partners", "--games", "40", "--seed", "3", "--bots", "greedy", "--jobs", str(jobs),
                              "--json"], capture_output=True, text=True, check=True)
        return json.loads(out.stdout)
    one, two = run(1), run(2)
    assert one == two
    assert one["games"] == 40 and sum(one["game_winners"].values()) == 40
    assert one["tiles_per_hand"]["mean"] == 28            # every tile is played in every hand
    assert 30 <= one["points_per_hand"]["mean"] <= 42     # the winning bid: 30 at least


def test_the_planning_player_bids_and_makes_more_than_the_random_one():
    from generator.sim.simulate import simulate

    r = simulate(game(), 4, 200, seed=4, partners=True, bots=("greedy", "random"))
    assert r["game_winners"].get("N+S", 0) > 150           # the planning pair, N and S


# -- bad input, located ------------------------------------------------------------------------

def _check(rules_copy, capsys, name: str, old: str, new: str) -> tuple[int, list[str], str]:
    from generator.cli.main import main

    path = rules_copy / "texas-42" / "positions" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code = main(["check", "-q", str(path)])
    return code, capsys.readouterr().err.strip().splitlines(), path.read_text(encoding="utf-8")


def _line(text: str, fragment: str) -> int:
    return next(i for i, l in enumerate(text.splitlines(), 1) if fragment in l)


def test_a_tile_played_out_of_suit_is_refused_at_that_tile(rules_copy, capsys):
    """W holds 6-5 (a six) but plays 3-5: sixes were led, so W must follow with 6-5. The message
    writes tiles as 42 players do, the higher end first: 6-5 and 5-3."""
    code, err, text = _check(rules_copy, capsys, "trick-trump-wins.yaml", 'plays: ["6-2", "6-6", "4-1", "6-5"]',
                             'plays: ["6-2", "6-6", "4-1", "3-5"]')
    assert code == 1 and len(err) == 1
    assert f"trick-trump-wins.yaml:{_line(text, 'plays:')}:" in err[0]
    assert "W must follow suit (sixes) with 6-5, not 5-3 [rule texas-42/follow-suit]" in err[0]


def test_a_tile_written_twice_is_named_as_42_players_write_it(rules_copy, capsys):
    """deal-contest: S holds 6-2; writing 6-2 in N's hand too (in place of 2-1) is refused at S's
    6-2, the second one met (N's hand is read first), naming the tile "6-2", as the file writes it and
    42 players do (higher end first), never "2-6"."""
    code, err, text = _check(rules_copy, capsys, "deal-contest.yaml",
                             'N: ["6-6", "6-5", "6-4", "0-0", "1-0", "4-2", "2-1"]',
                             'N: ["6-6", "6-5", "6-4", "0-0", "1-0", "4-2", "6-2"]')
    n_line, s_line = _line(text, 'N: ["6-6"'), _line(text, 'S: ["5-5"')
    n_col = text.splitlines()[n_line - 1].index('"6-2"') + 1
    s_col = text.splitlines()[s_line - 1].index('"6-2"') + 1
    assert code == 1
    assert err[0].endswith(f"deal-contest.yaml:{s_line}:{s_col}: error: 6-2 is written twice "
                           f"(first at line {n_line}, column {n_col})")
    assert not any("2-6" in e for e in err)


def test_a_trick_credited_to_the_wrong_seat_names_the_winner(rules_copy, capsys):
    code, err, text = _check(rules_copy, capsys, "trick-trump-wins.yaml", "winner: S", "winner: E")
    assert code == 1 and len(err) == 1
    assert f":{_line(text, 'winner: E')}:" in err[0]
    assert 'the trick\'s winner: stated "E", the engine computes "S" (S\'s 4-1 wins)' in err[0]


def test_a_hands_count_that_does_not_add_up_is_refused(rules_copy, capsys):
    """deal-set: N+S take 30, E+W 12; stating 10 for E+W is 40 in all, not 42."""
    code, err, text = _check(rules_copy, capsys, "deal-set.yaml", "points: {N+S: 30, E+W: 12}",
                             "points: {N+S: 30, E+W: 10}")
    assert code == 1 and len(err) == 1
    assert f":{_line(text, 'E+W: 10')}:" in err[0]
    assert "40 stated in all; a hand's points add up to 42" in err[0]


def test_a_play_out_of_suit_inside_a_deal_is_refused_at_that_trick(rules_copy, capsys):
    """Trick 3 of deal-set: fives led; W holds 5-3 and 5-1, so W may not play 4-2 (swapped in from trick 4)."""
    code, err, text = _check(rules_copy, capsys, "deal-set.yaml", '["5-5", "5-4", "5-0", "5-1"]',
                             '["5-5", "5-4", "5-0", "4-2"]')
    assert code == 1 and len(err) == 1
    line = _line(text, '"5-0", "4-2"]')
    assert f":{line}:" in err[0]
    assert "trick 3 (led by N): W must follow suit (fives) with" in err[0]


def test_a_hand_after_the_game_is_won_is_refused(rules_copy, capsys):
    code, err, text = _check(rules_copy, capsys, "marks-game.yaml", "    - {bidder: N, bid: 33, points: 40}\n",
                             "    - {bidder: N, bid: 33, points: 40}\n    - {bidder: E, bid: 30, points: 31}\n")
    assert code == 1 and len(err) == 1
    assert f":{_line(text, 'bidder: E, bid: 30')}:" in err[0]
    assert "the game is over: N+S reached 7 marks after hand 8" in err[0]


def test_a_trick_hand_of_more_than_seven_tiles_is_refused(rules_copy, capsys):
    code, err, _ = _check(rules_copy, capsys, "trick-trump-wins.yaml", 'N: ["6-2", "3-3", "0-1"]',
                          'N: ["6-2", "3-3", "0-1", "1-1", "4-4", "5-6", "0-4", "0-5"]')
    assert code == 1 and len(err) == 1 and "trick-trump-wins.yaml:" in err[0]


def test_a_game_to_more_marks_than_the_engine_plays_is_refused(rules_copy, capsys):
    from generator.cli.main import main

    vy = rules_copy / "texas-42" / "variant.yaml"
    text = vy.read_text(encoding="utf-8").replace("target: 7 ", "target: 1000 ")
    vy.write_text(text, encoding="utf-8")
    assert main(["check", "-q", str(vy)]) == 1
    err = capsys.readouterr().err
    assert f"variant.yaml:{_line(text, 'target: 1000')}:" in err and "at most 50 marks" in err


def test_rulebook_score_prints_a_line_for_each_kind(capsys):
    from generator.cli.main import main

    from conftest import RULES

    files = [str(RULES / "texas-42" / "positions" / n) for n in
             ("trick-trump-wins.yaml", "follow-trump-belongs.yaml", "deal-set.yaml", "marks-game.yaml")]
    assert main(["score", *files]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].endswith("won by S, 6 points (count 5)")
    assert out[1].endswith("may play 1-6")
    assert out[2].endswith("N bid 34, points {'N+S': 30, 'E+W': 12}, set, marks {'E+W': 1}")
    assert out[3].endswith("marks {'N+S': 7, 'E+W': 2}, winner N+S")


def test_trumps_that_are_no_suit_are_named_in_players_words(rules_copy, capsys):
    code, err, text = _check(rules_copy, capsys, "trick-trump-wins.yaml", "  trumps: 4", "  trumps: 7")
    assert code == 1 and len(err) == 1
    assert f":{_line(text, 'trumps: 7')}:" in err[0]
    assert err[0].endswith("trick.trumps: trumps are a suit 0-6, doubles or follow-me, not 7")


def test_a_new_game_from_texas_42_says_what_its_params_mean_there(rules_copy, capsys):
    """`rulebook new` from a game of tricks: the target counts marks, and the params a game of tricks
    never changes (the stock's reserve, the point unit) are left out."""
    from generator.cli.main import main

    assert main(["new", "my-42", "--rules", "texas-42"]) == 0
    capsys.readouterr()
    text = (rules_copy / "my-42" / "variant.yaml").read_text(encoding="utf-8")
    assert "target: 7" in text and "the marks that win the game" in text
    assert "stock_reserve" not in text and "point_unit" not in text and "double-twelve" not in text
