"""What the Texas 42 pages teach a learner, held to the rules: the planning
player's judgement of a hand (the "Judging your hand" section's figures), each
value worked by hand from its rule of thumb (a trump in an unbroken run from
the top is a trick, another trump half of one, another double one or half,
the partner one and a half, six points a trick, seven tricks at most), and the
new worked hands and Nel-O practice positions, a wrong number in each
failing `rulebook check` at its line."""

import pytest

from generator.families.tricks.sim import PARTNER_TRICKS, TRICK_VALUE, bid_limit, estimate, hand_strength, plan_key
from generator.families.tricks.rules import FOLLOW_ME, DOUBLES, Bid, Deal

from test_texas42 import _check, _line, game, tiles

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

#: N's hand in the page's auction (deal-contest.yaml).
CONTEST_N = ("6-6", "6-5", "6-4", "0-0", "1-0", "4-2", "2-1")
#: N's hand in the page's bid of one mark (deal-mark.yaml).
MARK_N = ("5-5", "4-4", "3-3", "0-0", "6-3", "4-3", "4-1")
#: E's hand in the page's auction: no double, no top trump.
CONTEST_E = ("6-3", "6-1", "6-0", "5-3", "5-1", "5-0", "4-1")


def names(ts):
    return sorted(str(t) for t in ts)


# -- the rule of thumb ---------------------------------------------------------------------------

def test_the_constants_of_the_rule_of_thumb():
    """42 points over seven tricks is six a trick; the partner is counted on for a trick and a half."""
    assert TRICK_VALUE == 6 and PARTNER_TRICKS == 1.5


def test_a_run_of_trumps_from_the_top_is_a_trick_each():
    """Sixes: the hand holds 6-6, 6-5, 6-4, the three highest sixes, so 3 sure tricks; no other six;
    the 0-0, a double that is no trump, is a whole trick as the top trump is held; the partner 1.5:
    3 + 1 + 1.5 = 5.5 tricks, 5.5 x 6 = 33 points."""
    s = hand_strength(game(), tiles(*CONTEST_N), 6)
    assert names(s.run) == names(tiles("6-6", "6-5", "6-4")) and s.other_trumps == ()
    assert names(s.doubles) == ["0-0"] and s.double_value == 1
    assert (s.tricks, s.points) == (5.5, 33)


def test_a_trump_after_a_gap_is_half_a_trick():
    """Threes: the hand holds 3-3 and 6-3, the two highest threes, then 4-3 (the 5-3 is missing):
    2 + 0.5; the other doubles 5-5, 4-4 and 0-0 a trick each, the top trump being held: 3; and 1.5:
    7 tricks, 42 points."""
    s = hand_strength(game(), tiles(*MARK_N), 3)
    assert names(s.run) == names(tiles("3-3", "6-3")) and names(s.other_trumps) == ["3-4"]
    assert (s.tricks, s.points) == (7, 42)


def test_without_the_top_trump_every_trump_and_double_is_half_a_trick():
    """Fours without the 4-4: 6-4 and 5-4 are half a trick each (1); the doubles 2-2 and 1-1 half a
    trick each (1); and 1.5: 3.5 tricks, 21 points."""
    s = hand_strength(game(), tiles("6-4", "5-4", "2-2", "1-1", "3-0", "2-0", "1-0"), 4)
    assert s.run == () and s.double_value == 0.5
    assert (s.tricks, s.points) == (3.5, 21)


def test_in_follow_me_each_double_is_a_trick():
    """No trumps: the four doubles 5-5, 4-4, 3-3 and 0-0 are a trick each, and 1.5: 5.5 tricks, 33."""
    s = hand_strength(game(), tiles(*MARK_N), FOLLOW_ME)
    assert s.run == s.other_trumps == () and len(s.doubles) == 4
    assert s.points == 33


def test_the_doubles_as_trumps_count_as_trumps_not_as_doubles():
    """Doubles trumps: 6-6 and 5-5 the two highest (2), the 3-3 after the missing 4-4 (0.5); no double
    is left to count apart; and 1.5: 4 tricks, 24 points."""
    s = hand_strength(game(), tiles("6-6", "5-5", "3-3", "2-1", "4-0", "6-1", "5-2"), DOUBLES)
    assert len(s.run) == 2 and len(s.other_trumps) == 1 and s.doubles == ()
    assert s.points == 24


def test_a_hand_is_never_judged_above_seven_tricks():
    """All seven sixes: 7 sure tricks and 1.5 from the partner is 8.5, held to 7: 42 points."""
    s = hand_strength(game(), tiles("6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"), 6)
    assert (s.tricks, s.points) == (7, 42)


def test_the_estimate_is_the_best_trumps():
    """N's auction hand: sixes 33 (above); blanks 0-0 (1) and 1-0 after the gap (0.5), 6-6 a whole
    trick (1), and 1.5 = 4 tricks, 24; nothing reaches 33."""
    assert estimate(game(), tiles(*CONTEST_N)) == (33, 6)
    assert hand_strength(game(), tiles(*CONTEST_N), 0).points == 24


def test_bid_limit_is_the_estimate_a_mark_at_42_and_none_below_30():
    """33 for N's auction hand; 42 (all seven tricks) is one mark; E's hand is 18 at best (ones: 6-1,
    5-1 and 4-1 without the 1-1 are 1.5 tricks, and 1.5: 3 tricks), under the lowest bid, 30."""
    g = game()
    assert bid_limit(g, tiles(*CONTEST_N)) == Bid(33)
    assert bid_limit(g, tiles(*MARK_N)) == Bid(42, "marks")
    assert estimate(g, tiles(*CONTEST_E))[0] == 18
    assert bid_limit(g, tiles(*CONTEST_E)) is None


def test_the_planning_player_outbids_up_to_its_limit_and_no_further():
    """With N's auction hand (limit 33) N bids 30 when first, 33 over 32, and passes over 33."""
    g = game()
    others = {"E": tiles(*CONTEST_E), "S": tiles("5-5", "3-3", "6-2", "5-2", "4-3", "3-2", "3-1"),
              "W": tiles("4-4", "2-2", "1-1", "5-4", "4-0", "3-0", "2-0")}
    hands = {"N": tiles(*CONTEST_N), **others}

    def n_bids_over(*before):
        d = Deal(g, ["N", "E", "S", "W"], hands, "E")          # the bidding starts at S, N bids third
        for seat, bid in zip(("S", "W"), before):
            d.push(seat, bid)
        assert d.current == "N"
        return max(d.plays_for("N"), key=plan_key(g, d))

    from generator.families.tricks.rules import PASS

    assert n_bids_over(PASS, PASS) == Bid(30)
    assert n_bids_over(Bid(30), Bid(32)) == Bid(33)
    assert n_bids_over(Bid(30), Bid(33)).is_pass


# -- the new positions: a wrong number fails at its line ----------------------------------------

def test_a_wrong_total_in_the_auction_example_is_located(rules_copy, capsys):
    """deal-contest: N+S take 34 and E+W 8; stating 35 for N+S is 43 in all."""
    code, err, text = _check(rules_copy, capsys, "deal-contest.yaml", "points: {N+S: 34, E+W: 8}",
                             "points: {N+S: 35, E+W: 8}")
    assert code == 1 and len(err) == 1
    assert f"deal-contest.yaml:{_line(text, 'N+S: 35')}:" in err[0]
    assert "43 stated in all; a hand's points add up to 42" in err[0]


def test_a_wrong_trick_in_the_mark_example_is_located(rules_copy, capsys):
    """deal-mark, trick 7: N's 4-1 takes 1 + 5 = 6 points, not 11."""
    code, err, text = _check(rules_copy, capsys, "deal-mark.yaml", "expect: {winner: N, points: 6}",
                             "expect: {winner: N, points: 11}")
    assert code == 1 and len(err) == 1
    last = [i for i, l in enumerate(text.splitlines(), 1) if "points: 11}" in l][-1]     # trick 7's line
    assert f"deal-mark.yaml:{last}:" in err[0]
    assert "trick 7's points: stated 11, the engine computes 6" in err[0]


def test_the_shaker_who_passes_after_three_passes_is_refused_at_that_bid(rules_copy, capsys):
    """deal-forced: W, N and E pass; the shaker S may not pass too."""
    code, err, text = _check(rules_copy, capsys, "deal-forced.yaml", "bids: [pass, pass, pass, 30]",
                             "bids: [pass, pass, pass, pass]")
    assert code == 1 and len(err) == 1
    assert f"deal-forced.yaml:{_line(text, 'bids:')}:" in err[0]
    assert "S may not bid pass: the shaker must bid" in err[0]


def test_a_wrong_made_in_the_forced_example_is_located(rules_copy, capsys):
    """deal-forced: N+S take 17 of the 30 bid: set."""
    code, err, text = _check(rules_copy, capsys, "deal-forced.yaml", "made: false", "made: true")
    assert code == 1 and len(err) == 1
    assert f"deal-forced.yaml:{_line(text, 'made: true')}:" in err[0]


def _check_nello(rules_copy, capsys, name, old, new):
    from generator.cli.main import main

    path = rules_copy / "texas-42-nello" / "positions" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    code = main(["check", "-q", str(path)])
    return code, capsys.readouterr().err.strip().splitlines(), text


@pytest.mark.parametrize("name, old, new, said", [
    # N must follow fours with the 6-4, the highest four: the bidder takes the trick
    ("practice-nello-who-wins.yaml", "answer: N", "answer: E", 'stated "E", the engine computes "N"'),
    # 1 + 5 (5-0) + 10 (5-5, thrown off as a double): 16
    ("practice-nello-points.yaml", "answer: 16", "answer: 11", "stated 11, the engine computes 16"),
    # the 5-5 is a double, no five: only the 5-0 follows
    ("practice-nello-may-i-play.yaml", 'answer: ["5-0"]', 'answer: ["5-0", "5-5"]', "the tiles that may be played"),
])
def test_a_wrong_answer_in_a_nello_practice_position_is_located(rules_copy, capsys, name, old, new, said):
    code, err, text = _check_nello(rules_copy, capsys, name, old, new)
    assert code == 1 and len(err) == 1
    assert f"{name}:{_line(text, new.split(':')[0] + ':')}:" in err[0]
    assert said in err[0]
