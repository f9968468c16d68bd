"""Every value of every rule choice changes play: for each choice a small
scenario run through the engine's public interface, and for each value the
outcome worked by hand from the rule. The values of a choice that a layout
allows must give pairwise different outcomes, so a value the engine accepts
but never plays fails here (and a new value without a worked outcome fails
the first test).

The outcomes are worked by hand beside each scenario; the rule behind each
value is the one its words on the options page give (message catalog,
context ``choice``).
"""

from itertools import combinations

import pytest

from generator.engine import End, RuleViolation, Tile
from generator.families.line.rules import Layout
from generator.engine.choices import CHOICES, INFO, Choices, combination_problems
from generator.families.line.rules.hand import Hand
from generator.engine.rules import make_variant
from generator.families.trains.rules import Round
from generator.families.tricks.rules import Bid

pytestmark = pytest.mark.engine

T = Tile
SIX = dict(set=6, players=[2, 3, 4], deal={2: 7, 3: 5, 4: 5}, target=100)
TWELVE = dict(set=12, players=[2, 3], deal={2: 15, 3: 15}, rounds=[13, 7, 1])
TRAINS = dict(layout="trains", lead="engine", draw="one", settlement="penalty")
TREE = dict(layout="tree", lead="engine", draw="one", settlement="penalty")
NINE = dict(set=9, players=[2, 3, 4], deal={2: 20, 3: 14, 4: 11})


def rules(params=None, **choices):
    return make_variant(dict(params or SIX), Choices.from_mapping(choices), "test")


def place_all(v, steps):
    """Place ``(tile, at)`` steps from an empty table; the last placement."""
    layout, pl = Layout(), None
    for tile, at in steps:
        pl = v.place(layout, tile, at)
        layout = pl.layout
    return pl


# -- one scenario per choice: (layout -> base choices, scenario(value) -> outcome, {value: outcome}) --------

def layout_scenario(value):
    # A double-twelve set dealt 15 each to two: a line keeps 91 - 30 = 61 in the stock; trains set the
    # engine out first (seed 001), so 60 are left. Tricks: Texas 42 deals the whole double-six set
    # to four, so nothing is left: 0.
    if value == "tricks":
        return tricks().stock_size(4)
    if value == "tree":
        # a tree sets the round's double out before the deal too; with double-nine, two players
        # dealt 20 each leave 55 - 1 - 40 = 14
        return tree().stock_size(2)
    if value == "paigow":
        # Pai Gow deals four tiles to each seat from the Chinese set's 32: three seats leave 32 - 12 = 20
        return make_variant({"set": "chinese", "players": [3], "deal": {3: 4}}, {"layout": "paigow"},
                            "test").stock_size(3)
    if value == "tiengow":
        # Tien Gow deals the whole Chinese set to four, as 42 deals its set: nothing is left, so what tells
        # it apart is the hand: 32 / 4 = 8 tiles a seat
        import random

        v = make_variant({"set": "chinese", "players": [4], "deal": {4: 8}}, {"layout": "tiengow"}, "test")
        return len(v.deal_round(["N", "E", "S", "W"], random.Random(1))["S"])
    v = make_variant(dict(TWELVE), Choices.from_mapping(TRAINS if value == "trains" else {}), "test")
    return v.stock_size(2)


def lead_scenario(value):
    if value == "engine":
        # trains: each round is set with its engine double, 12-12 first (seed 001)
        v = make_variant(dict(TWELVE), Choices.from_mapping(TRAINS), "test")
        return str(v.engine_of(1))
    # seats A, B; B holds the only double. By lot: nobody is named; Black (the first seat): A;
    # the highest double: its holder, B.
    v = rules(lead=value)
    return v.first_leader(["A", "B"], {"A": [T(1, 2), T(3, 4)], "B": [T(6, 6), T(0, 5)]})


def matching_scenario(value):
    # 3-5 joins an end showing 3: with equal numbers by its 3; with sum 7 not at all (3 + 3 and
    # 3 + 5 are not 7), where 4-5 would, by its 4. (3-4 totals 7: a matador, which joins anywhere.)
    v = rules(matching=value)
    return v.links(3, T(3, 5)), v.links(3, T(4, 5))


def doubles_scenario(value):
    # Set 2-4 (ends 2 and 4), then 4-4 on the 4, counting as All Fives: crosswise 2 + 4 + 4 = 10;
    # lengthwise 2 + 4 = 6. Crosswise only: {10}; the player's choice: {6, 10}.
    v = rules(doubles=value, counting="fives", scoring="multiples-of-5")
    layout = v.place(Layout(), T(2, 4), None).layout
    return sorted(v.place(layout, p.tile, p.at, p.as_).total for p in v.plays(layout, T(4, 4)))


def spinners_scenario(value):
    # 3-3 set, 3-5 and 3-4 on its straight sides, 5-5 on the 5, 5-6 on the 5-5. No spinners: the
    # ends 4 and 6. Every double: 4, 6 and both side branches of 3-3 and of 5-5 (6 ends). Only the
    # first: 4, 6 and 3-3's two side branches (4 ends).
    v = rules(spinners=value)
    pl = place_all(v, [(T(3, 3), None), (T(3, 5), End(T(3, 3), "a")), (T(3, 4), End(T(3, 3), "b")),
                       (T(5, 5), End(T(3, 5), "5")), (T(5, 6), None)])
    return len(pl.open)


def side_branches_scenario(value):
    # 3-3 set as the spinner, 3-5 on straight side a: after both straight sides, only side b and
    # the 5 are open (2); at once, also both side branches (4); the spinner's sides first, its
    # three free sides and not yet the 5 (3); an eight-armed star's, also its four corners (7).
    v = rules(spinners="first", side_branches=value)
    return len(place_all(v, [(T(3, 3), None), (T(3, 5), End(T(3, 3), "a"))]).open)


def draw_scenario(value):
    if value == "one":
        # trains: one tile a turn; with it unplayable, a second draw is refused
        v = make_variant(dict(TWELVE), Choices.from_mapping(TRAINS), "test")
        r = Round(v, ["A", "B"], {"A": [T(0, 1)], "B": [T(2, 3)]}, [T(4, 5), T(6, 7)], T(12, 12), "A")
        r.draw("A")
        try:
            r.draw("A")
        except RuleViolation:
            return 1
        return 2
    # A sets 1-2; B holds 2-6 (it fits): may B draw? Then B plays 2-6; A holds only 3-4 (no 1 or
    # 6): may A draw? Until playable: (no, yes); at any time: (yes, yes); no drawing: (no, no).
    v = make_variant(dict(SIX), Choices.from_mapping({"draw": value}), "test")
    h = Hand(v, ["A", "B"], {"A": [T(1, 2), T(3, 4)], "B": [T(2, 6), T(5, 5)]}, [T(0, 0), T(0, 1), T(0, 2)], "A")
    h.play("A", T(1, 2))
    with_play = h.may_draw("B")
    h.play("B", T(2, 6), End(T(1, 2), "2"))
    return with_play, h.may_draw("A")


def counting_scenario(value):
    # 5-5 set crosswise, 5-0 on straight side a: counting open ends, 5 + 0 = 5; counting as the
    # Fives family, the double with an open straight side counts both halves: 10 + 0 = 10.
    v = rules(counting=value, scoring="multiples-of-5")
    return place_all(v, [(T(5, 5), None), (T(0, 5), End(T(5, 5), "a"))]).total


def scoring_scenario(value):
    # 6-6 set (ends 6 + 6 = 12), then 6-4 on straight side a (ends 6 + 4 = 10), counting open ends:
    # none (0, 0); multiples of 5 (0, 10); multiples of 3 (12, 0); fives and threes: 12 is 4 threes,
    # 10 is 2 fives (4, 2); headers: the set scores 2, ends 6 and 4 differ (2, 0).
    v = rules(scoring=value)
    first = v.place(Layout(), T(6, 6), None)
    second = v.place(first.layout, T(4, 6), End(T(6, 6), "a"))
    return first.points, second.points


def legal_totals_scenario(value):
    # 6-6 set (12), then 6-1 on a straight side would leave 6 + 1 = 7, not a multiple of 3:
    # any play that matches is legal; with multiples only, 6-1 has no legal play.
    v = rules(scoring="multiples-of-3", legal_totals=value)
    return bool(v.plays(v.place(Layout(), T(6, 6), None).layout, T(1, 6)))


def continuation_scenario(value):
    # A sets 6-6 (12, no score): with no continuation B (holding 3-6) moves next; with a double or a
    # score continuing, A again.
    v = rules(continuation=value, counting="fives", scoring="multiples-of-5")
    h = Hand(v, ["A", "B"], {"A": [T(6, 6), T(1, 6)], "B": [T(3, 6), T(2, 2)]}, [], "A")
    return h.play("A", T(6, 6)).next


def settlement_scenario(value):
    if value == "penalty":
        # trains: the pips left in hand are penalties; one round (12-12), A out, B holding 12:
        # the totals are A 0, B 12 and A wins
        v = make_variant(dict(TWELVE), Choices.from_mapping(TRAINS), "test")
        result = v.settle_match(["A", "B"], [{"A": 0, "B": 12}], 1)
        return dict(result.totals), result.winners
    # Three players, a point unit of 5. A goes out, B holds 12 pips, C 7: others 19.
    # A blocked hand: A 3, B 12, C 7 (A lowest): others 19, less A's own 16,
    # differences (12 - 3) + (7 - 3) = 13. Raw points (out, blocked):
    # none (0, 0); opponents (19, 19); opponents less own (19, 16); differences (19, 13);
    # rounded to fives (20, 20); one (1, 1); one for going out only (1, 0); every pip left, A's own
    # included (0 + 12 + 7 = 19; 3 + 12 + 7 = 22).
    v = make_variant(dict(SIX, point_unit=5), Choices.from_mapping({"settlement": value,
                                                                     "scoring": "multiples-of-5"}), "test")
    out = v.settle(["A", "B", "C"], {"A": 0, "B": 12, "C": 7}, "A")
    blocked = v.settle(["A", "B", "C"], {"A": 3, "B": 12, "C": 7}, None)
    return out.raw.get("A", 0), blocked.raw.get("A", 0)


def ties_scenario(value):
    # blocked with A and B tied on 3 pips, C on 7: nobody wins, or both tied players do
    return rules(ties=value).settle(["A", "B", "C"], {"A": 3, "B": 3, "C": 7}, None).winners


def block_winner_scenario(value):
    # Four in pairs N+S, E+W, blocked with N 3, S 20, E 8, W 8 pips: the pairs' totals are N+S 23 and
    # E+W 16, so E+W wins; by players, N holds fewest (3) and wins for N+S whatever S holds.
    v = make_variant(dict(set=6, players=[], partnerships=[4], deal={4: 7}, target=6),
                     Choices.from_mapping({"block_winner": value, "settlement": "one"}), "test")
    return v.settle(["N", "E", "S", "W"], {"N": 3, "E": 8, "S": 20, "W": 8}, None, [["N", "S"], ["E", "W"]]).winners


def next_lead_scenario(value):
    # Going out: A sets 0-1; B (5-5, 4-5) cannot play and may not draw; C goes out with 1-2 on
    # the 1. A block: A sets 0-0 and nobody holds a 0; A keeps 6-6 (12), B 5-5 (10), C 1-2 (3):
    # C, the lightest, wins. The next leader (going out, block): the winner: (C, nobody named: a
    # lot); as for the first hand: (nobody, nobody); the seat after the last setter A: (B, B);
    # the winning side: (C, C, its lightest player).
    v = rules(next_lead=value, draw="none")
    h = Hand(v, ["A", "B", "C"], {"A": [T(0, 1), T(6, 6)], "B": [T(5, 5), T(4, 5)], "C": [T(1, 2)]}, [], "A")
    h.play("A", T(0, 1))
    h.pass_("B")
    h.play("C", T(1, 2), End(T(0, 1), "1"))
    b = Hand(v, ["A", "B", "C"], {"A": [T(0, 0), T(6, 6)], "B": [T(5, 5)], "C": [T(1, 2)]}, [], "A")
    b.play("A", T(0, 0))
    assert b.end == "blocked"
    return h.next_leader, b.next_leader


def direction_scenario(value):
    # Seats A, B, C clockwise: who plays after A (clockwise B, counter-clockwise C)
    h = Hand(rules(direction=value), ["A", "B", "C"], {"A": [T(0, 1)], "B": [T(2, 3)], "C": [T(4, 5)]}, [], "A")
    return h.next_seat("A")


def double_cover_scenario(value):
    # A lays 5-5 on A's train (ending in 5): the same player covers it, so A moves again; or the
    # turn passes at once to B, who must cover it.
    v = make_variant(dict(TWELVE), Choices.from_mapping(dict(TRAINS, double_cover=value)), "test")
    r = Round(v, ["A", "B"], {"A": [T(5, 5), T(1, 2)], "B": [T(5, 9), T(3, 4)]}, [T(0, 0)], T(12, 12), "A",
              trains={"A": [T(5, 12)]})
    return r.play("A", T(5, 5), "A").next


def target_score_scenario(value):
    # To 61, A on 59 sets 3-6 under Fives and Threes scoring: 9 = 3 threes, 3 points. Reaching or
    # passing the target wins: A 62, the game is over. Exactly the target: 59 + 3 = 62 would pass
    # 61, so the points are not scored and play goes on. (In a row, void at half: as reaching it.)
    v = make_variant(dict(SIX, target=61), Choices.from_mapping({"target_score": value, "counting": "fives",
                                                                  "scoring": "fives-and-threes"}), "test")
    h = Hand(v, ["A", "B"], {"A": [T(3, 6), T(0, 0)], "B": [T(6, 6), T(1, 2)]}, [], "A", scores={"A": 59, "B": 0})
    event = h.play("A", T(3, 6))
    # A match of hands won (one point a hand) to 6; A goes out. With B on 3 and A on 0: A gains its
    # point (A 1, B 3), except in a row, where B's count is wiped and A's win adds nothing (0, 0).
    # With A on 5 and B on 3: A reaches 6 and wins (A 6, B 3; A), except in a row (wiped: 0, 0; no
    # winner) and void at half, where B holds 3, half of 6, so the match is void (A 6, B 3; nobody).
    m = make_variant(dict(SIX, target=6), Choices.from_mapping({"target_score": value, "settlement": "one"}), "test")
    first = m.settle(["A", "B"], {"A": 0, "B": 9}, "A", scores={"A": 0, "B": 3})
    last = m.settle(["A", "B"], {"A": 0, "B": 9}, "A", scores={"A": 5, "B": 3})
    return (event.scores["A"], event.end, dict(first.scores_after), dict(last.scores_after), last.game_winners,
            m.game_over(last.scores_after))


def train_access_scenario(value):
    # The engine 12-12; B's train 12-4 ends in 4 and carries no marker; A's own train and the
    # Mexican train are empty (they take a 12). A holds 4-6 and 1-2: under the marker rule B's train
    # is closed to A, so A has no play; with every train open A may lay 4-6 on B's train. Then, with
    # the stock empty, A holding only 1-2 passes: a marker goes on A's train under the marker rule,
    # none where every train is open already.
    v = make_variant(dict(TWELVE), Choices.from_mapping(dict(TRAINS, train_access=value)), "test")
    r = Round(v, ["A", "B"], {"A": [T(4, 6), T(1, 2)], "B": [T(3, 3)]}, [T(0, 0)], T(12, 12), "A",
              trains={"B": [T(12, 4)]})
    plays = [f"{t} on {tr}" for t, tr in r.plays_for("A")]
    stuck = Round(v, ["A", "B"], {"A": [T(1, 2)], "B": [T(3, 3)]}, [], T(12, 12), "A", trains={"B": [T(12, 4)]})
    return plays, stuck.pass_("A").markers


FORTY_TWO = dict(set=6, players=[], partnerships=[4], deal={4: 7}, target=7)


def tricks(**choices):
    return make_variant(dict(FORTY_TWO), Choices.from_mapping({"layout": "tricks", **choices}), "test")


def follow_me_scenario(value):
    # Whether no trumps may be named, and then the trick 3-1 (led), 3-3, 0-2, 6-4: with the doubles
    # high the 3-3 is the highest three (index 1); as a suit of their own it cannot follow, and the
    # 3-1 wins (index 0); not allowed: no follow-me hand at all.
    v = tricks(follow_me=value)
    if "follow-me" not in v.trump_options():
        return (False, None)
    return (True, v.trick_winner([T(1, 3), T(3, 3), T(0, 2), T(4, 6)], "follow-me"))


def doubles_trump_scenario(value):
    # What a bidder may name: the suits 0-6, follow-me, and the doubles only where allowed.
    return "doubles" in tricks(doubles_trump=value).trump_options()


def nello_scenario(value):
    # The bids in Nel-O open to the first bidder: one or two marks (42, 84) where it is played.
    return [b.value for b in tricks(nello=value).bids(None, [T(0, 0)]) if b.contract == "nello"]


def plunge_scenario(value):
    # A hand with four doubles: a plunge of four marks (168) where it is played.
    hand = [T(6, 6), T(5, 5), T(4, 4), T(0, 0), T(1, 2), T(1, 3), T(2, 3)]
    return [b.value for b in tricks(plunge=value).bids(None, hand) if b.contract == "plunge"]


def splash_scenario(value):
    # A hand with three doubles: a splash of three marks (126) where it is played; over a bid of three
    # marks (126), one mark more (168).
    hand = [T(6, 6), T(5, 5), T(4, 4), T(0, 1), T(1, 2), T(1, 3), T(2, 3)]
    rules = tricks(splash=value)
    return ([b.value for b in rules.bids(None, hand) if b.contract == "splash"],
            [b.value for b in rules.bids(Bid(126, "marks"), hand) if b.contract == "splash"])


def top_bid_scenario(value):
    # The first bids in marks: one or two marks (42, 84), or 42 only.
    return [b.value for b in tricks(top_bid=value).bids(None, [T(0, 0)]) if b.contract == "marks"]


def all_pass_scenario(value):
    # N, E and S pass; W, the shaker, holds the last bid: forced to bid (no pass offered), or the
    # hand is thrown in when W passes too.
    from generator.families.tricks.rules import PASS, Deal

    every = list(tricks().params.tiles)
    hands = {s: every[7 * i:7 * i + 7] for i, s in enumerate("NESW")}
    d = Deal(tricks(all_pass=value), list("NESW"), hands, "W")
    for seat in "NES":
        d.push(seat, PASS)
    if PASS not in d.plays_for("W"):
        return (False, None)
    d.push("W", PASS)
    return (True, d.end)


MOON = dict(set="moon", players=[3], partnerships=[], deal={3: 7}, target=21)


def moon(**choices):
    return make_variant(dict(MOON), Choices.from_mapping({"layout": "tricks", **choices}), "test")


def widow_scenario(value):
    # Moon's 22 tiles dealt seven to N, E and W, the 6-4 left over. W shakes; N bids five tricks, E and
    # W pass. Taking the widow, N holds eight tiles and must discard one before naming trumps; without
    # it, N names trumps at once with the seven dealt.
    from generator.families.tricks.rules import PASS, Deal

    hands = {"N": [T(6, 6), T(5, 6), T(3, 6), T(5, 5), T(4, 4), T(1, 2), T(1, 3)],
             "E": [T(2, 6), T(1, 6), T(4, 5), T(3, 5), T(3, 3), T(2, 2), T(0, 0)],
             "W": [T(2, 5), T(1, 5), T(3, 4), T(2, 4), T(1, 4), T(2, 3), T(1, 1)]}
    d = Deal(moon(widow=value), list("NEW"), hands, "W", (T(4, 6),))
    d.push("N", Bid(5, "tricks"))
    d.push("E", PASS)
    d.push("W", PASS)
    return (d.phase, len(d.hands["N"]))


def shoot_moon_scenario(value):
    # Over a bid of seven tricks: the moon (21) where it is played, else nothing but the pass.
    return [b.value for b in moon(shoot_moon=value).bids(Bid(7, "tricks"), [T(0, 0)])]


def tree(**choices):
    return make_variant(dict(NINE), Choices.from_mapping({**TREE, **choices}), "test")


def centre_double_scenario(value):
    # A round's start: the arms of the centre 9-9 that must get a tile before any other play: three on
    # each side (six), or one on each side (four).
    from generator.families.tree.rules import Round as TreeRound

    return len(TreeRound(tree(centre_double=value), ["A", "B"], {}, [], T(9, 9), "A").must_fill)


def double_blank_scenario(value):
    # A hand of 0-0 and 0-3 left at the end of a round: the double-blank 50 and 0-3 its 3 pips, 53; every
    # tile its pips, 0 + 3 = 3; every blank half 25 on top of the pips, 0-0 (0 + 25 + 25 = 50) and 0-3
    # (3 + 25 = 28), 78.
    return tree(double_blank=value).penalty([T(0, 0), T(0, 3)])


def go_out_on_double_scenario(value):
    # The centre 9-9 with its six arms filled (ends a 4, b 5, c 3, d 0, e 8, f 6); A's last tile is 4-4,
    # which matches arm a: allowed, it is A's one play (and A goes out); not allowed, A has no play.
    from generator.families.tree.rules import Round as TreeRound

    arms = {"a": [T(9, 4)], "b": [T(9, 5)], "c": [T(9, 3)], "d": [T(9, 0)], "e": [T(9, 8)], "f": [T(9, 6)]}
    r = TreeRound(tree(go_out_on_double=value), ["A", "B"], {"A": [T(4, 4)], "B": [T(1, 2)]}, [T(7, 7)], T(9, 9),
                  "A", arms)
    return [f"{t} on {a}" for t, a in r.plays_for("A")]


#: choice -> (its scenario, {value: the outcome worked by hand})
WORKED = {
    "layout": (layout_scenario, {"line": 61, "trains": 60, "tricks": 0, "tree": 14, "paigow": 20,
                                         "tiengow": 8}),
    "lead": (lead_scenario, {"lot": None, "black": "A", "highest-double": "B", "engine": "12-12"}),
    "matching": (matching_scenario, {"equal": ((3,), ()), "sum-7": ((), (4,))}),
    "doubles": (doubles_scenario, {"cross": [10], "choice": [6, 10]}),
    "spinners": (spinners_scenario, {"none": 2, "all": 6, "first": 4}),
    "side_branches": (side_branches_scenario, {"after-straight": 2, "at-once": 4, "spinner-first": 3,
                                                 "eight-arm-star": 7}),
    "draw": (draw_scenario, {"until-playable": (False, True), "optional": (True, True), "none": (False, False),
                             "one": 1}),
    "counting": (counting_scenario, {"ends": 5, "fives": 10}),
    "scoring": (scoring_scenario, {"none": (0, 0), "multiples-of-5": (0, 10), "multiples-of-3": (12, 0),
                                   "fives-and-threes": (4, 2), "headers": (2, 0)}),
    "legal_totals": (legal_totals_scenario, {"any": True, "multiples": False}),
    "continuation": (continuation_scenario, {"none": "B", "double-or-score": "A"}),
    "settlement": (settlement_scenario, {"none": (0, 0), "opponents": (19, 19), "opponents-less-own": (19, 16),
                                         "differences": (19, 13), "rounded": (20, 20), "one": (1, 1),
                                         "go-out-one": (1, 0), "all-hands": (19, 22),
                                         "penalty": ({"A": 0, "B": 12}, ("A",))}),
    "ties": (ties_scenario, {"nobody-wins": (), "all-tied-win": ("A", "B")}),
    "block_winner": (block_winner_scenario, {"lighter-side": ("E+W",), "lightest-player": ("N+S",)}),
    "next_lead": (next_lead_scenario, {"winner": ("C", None), "as-first-hand": (None, None), "next-seat": ("B", "B"),
                                       "winning-side": ("C", "C")}),
    "direction": (direction_scenario, {"clockwise": "B", "counter-clockwise": "C"}),
    "double_cover": (double_cover_scenario, {"same-player": "A", "next-player": "B"}),
    "train_access": (train_access_scenario, {"marker": ([], ("A",)), "open": (["4-6 on B"], ())}),
    "target_score": (target_score_scenario, {
        "reach": (62, "game", {"A": 1, "B": 3}, {"A": 6, "B": 3}, ("A",), True),
        "exact": (59, None, {"A": 1, "B": 3}, {"A": 6, "B": 3}, ("A",), True),
        "in-a-row": (62, "game", {"A": 0, "B": 0}, {"A": 0, "B": 0}, (), False),
        "void-at-half": (62, "game", {"A": 1, "B": 3}, {"A": 6, "B": 3}, (), True)}),
    "follow_me": (follow_me_scenario, {"doubles-high": (True, 1), "doubles-own-suit": (True, 0),
                                       "not-allowed": (False, None)}),
    "doubles_trump": (doubles_trump_scenario, {"allowed": True, "not-allowed": False}),
    "nello": (nello_scenario, {"not-allowed": [], "allowed": [42, 84]}),
    "plunge": (plunge_scenario, {"not-allowed": [], "allowed": [168]}),
    "splash": (splash_scenario, {"not-allowed": ([], []), "allowed": ([126], [168])}),
    "top_bid": (top_bid_scenario, {"raise-by-one-mark": [42, 84], "one-mark": [42]}),
    "all_pass": (all_pass_scenario, {"forced-bid": (False, None), "reshake": (True, "thrown-in")}),
    "widow": (widow_scenario, {"none": ("trumps", 7), "bidder-exchanges": ("discard", 8)}),
    "shoot_moon": (shoot_moon_scenario, {"not-allowed": [0], "allowed": [0, 21]}),
    "centre_double": (centre_double_scenario, {"six-toes": 6, "four-sides": 4}),
    "double_blank": (double_blank_scenario, {"fifty": 53, "pips": 3, "blanks-25": 78}),
    "go_out_on_double": (go_out_on_double_scenario, {"allowed": ["4-4 on a"], "not-allowed": []}),
}


def _layouts(key, value):
    """The layouts in which ``key: value`` can be played (on the choices the scenarios start from)."""
    out = []
    for layout, base in (("line", {}), ("trains", TRAINS), ("tricks", {"layout": "tricks"}), ("tree", TREE)):
        if layout not in INFO[key].layouts and key != "layout":
            continue
        c = dict(base, **{key: value}) if key != "layout" else (TRAINS if value == "trains" else {})
        if key in ("lead", "draw", "settlement") and layout in ("trains", "tree") and value not in TRAINS.values():
            continue
        try:
            if not [k for k, _ in combination_problems(Choices.from_mapping(c)) if k == key]:
                out.append(layout)
        except ValueError:
            pass
    return out


def test_every_value_of_every_choice_has_a_worked_outcome():
    for info in CHOICES:
        assert set(WORKED[info.key][1]) == set(info.values), info.key
    assert set(WORKED) == set(INFO)


@pytest.mark.parametrize("key,value", [(i.key, v) for i in CHOICES for v in i.values])
def test_the_engine_plays_each_value_as_worked_by_hand(key, value):
    scenario, worked = WORKED[key]
    assert scenario(value) == worked[value]


@pytest.mark.parametrize("key,a,b", [(i.key, a, b) for i in CHOICES for a, b in combinations(i.values, 2)
                                     if set(_layouts(i.key, a)) & set(_layouts(i.key, b))
                                     or i.key == "layout"])
def test_two_values_of_a_choice_never_play_alike(key, a, b):
    """Each pair of values one layout may choose between plays differently."""
    scenario, _ = WORKED[key]
    assert scenario(a) != scenario(b)


def test_every_pair_of_values_is_compared():
    """The pairs above: every two values of the line's choices, and of the trains' (where a trains
    game has two values to choose from: ``double_cover`` and ``train_access``)."""
    pairs = {(i.key, a, b) for i in CHOICES for a, b in combinations(i.values, 2)
             if set(_layouts(i.key, a)) & set(_layouts(i.key, b))}
    assert ("double_cover", "same-player", "next-player") in pairs
    assert ("train_access", "marker", "open") in pairs
    assert ("settlement", "opponents", "rounded") in pairs
    assert ("lead", "lot", "black") in pairs and ("lead", "lot", "engine") not in pairs
    assert len([p for p in pairs if p[0] == "settlement"]) == 28     # 8 line values: 8 x 7 / 2
    assert len([p for p in pairs if p[0] == "follow_me"]) == 3       # a game of tricks': 3 x 2 / 2
    assert ("all_pass", "forced-bid", "reshake") in pairs


# -- values that cannot change a game are refused -------------------------------------------------

@pytest.mark.parametrize("choices,params,key", [
    # counting only matters where plays score by the end count
    ({"counting": "fives"}, None, "counting"),
    ({"counting": "fives", "scoring": "headers"}, None, "counting"),
    # a double's way of lying matters only with spinners, the Fives count or triple headers
    ({"doubles": "choice"}, None, "doubles"),
    # a game of one hand has no next hand to lead
    ({"next_lead": "next-seat"}, {"target": None}, "next_lead"),
    ({"next_lead": "as-first-hand"}, {"target": None}, "next_lead"),
    # rounding to 1 is no rounding
    ({"settlement": "rounded"}, {"target": 61, "point_unit": 1}, "settlement"),
    # no target: nothing to reach exactly
    ({"target_score": "exact"}, {"target": None}, "target_score"),
    ({"target_score": "in-a-row", "settlement": "one"}, {"target": None}, "target_score"),
    # hands won in a row cannot be wiped of points scored in play
    ({"target_score": "in-a-row", "scoring": "multiples-of-5", "settlement": "one"}, {"target": 6}, "target_score"),
    # without partnerships a side is one player: the lightest player is the lighter side
    ({"block_winner": "lightest-player", "settlement": "opponents"}, {"target": 100, "players": [2, 3]}, "block_winner"),
    # a target that nothing can reach: the game would never end
    ({"scoring": "none", "settlement": "none"}, {"target": 100}, "settlement"),
    # four players dealt 7 each from 28 tiles: nothing is left to draw, at any table
    ({"draw": "optional", "settlement": "opponents"}, {"target": 100, "set": 6, "players": [4], "deal": {4: 7}}, "draw"),
    ({"draw": "until-playable", "settlement": "opponents"}, {"target": 100, "set": 6, "players": [4], "partnerships": [4], "deal": {4: 7}},
     "draw"),
])
def test_a_value_that_changes_nothing_is_refused(choices, params, key):
    assert [k for k, _ in combination_problems(Choices.from_mapping(choices), params)] == [key]


def test_a_lead_that_the_set_rules_may_forbid_is_refused():
    """All Threes with the highest double as the set: 6-6 totals 12, not 3 or 6 (``lead_totals``),
    so the hand could not start; nor could a 1-1 (2) under ``legal_totals: multiples``."""
    six = Choices.from_mapping({"lead": "highest-double", "settlement": "opponents"})
    assert [k for k, _ in combination_problems(six, {"target": 100, "lead_totals": [3, 6]})] == ["lead"]
    threes = Choices.from_mapping({"lead": "highest-double", "counting": "fives", "scoring": "multiples-of-3",
                                   "legal_totals": "multiples", "settlement": "opponents"})
    assert [k for k, _ in combination_problems(threes, {"target": 100})] == ["lead"]
    assert combination_problems(six, {"target": 100, "lead_totals": []}) == []


@pytest.mark.parametrize("choices,params", [
    ({"counting": "fives", "scoring": "fives-and-threes"}, None),
    ({"doubles": "choice", "spinners": "first"}, None),
    ({"doubles": "choice", "scoring": "headers"}, None),
    ({"doubles": "choice", "counting": "fives", "scoring": "multiples-of-3"}, None),
    ({"next_lead": "next-seat", "settlement": "one"}, {"target": 61}),
    ({"settlement": "rounded"}, {"target": 61, "point_unit": 5}),
    # two players dealt 7 leave 14 to draw (Block's own tables include two)
    ({"draw": "until-playable", "settlement": "opponents"}, {"target": 100, "set": 6, "players": [2, 4],
                                                            "deal": {2: 7, 4: 7}}),
])
def test_the_same_values_where_they_count_are_accepted(choices, params):
    assert combination_problems(Choices.from_mapping(choices), params) == []


def test_a_later_hand_is_led_by_whom_the_last_hand_names():
    """``next_lead: winner`` under ``lead: highest-double`` (a Block house rule): the first hand is
    set by the holder of the highest double; a later hand is led by the winner of the last, with
    any tile, though another player holds a higher double."""
    v = rules(lead="highest-double", next_lead="winner", draw="none")
    deal = {"A": [T(1, 2), T(0, 3)], "B": [T(6, 6), T(3, 5)]}
    with pytest.raises(RuleViolation) as exc:
        Hand(v, ["A", "B"], deal, [], "A")
    assert exc.value.rule == "test/lead"
    h = Hand(v, ["A", "B"], deal, [], "A", later_hand=True)
    assert h.play("A", T(0, 3)).next == "B"


def test_values_with_code_of_their_own_combine():
    """Matador's sums with Bergen's headers (two value classes joined, which the compiled engine once
    dispatched wrongly): 6-6 set scores 2; 1-6 joins it by 1 + 6 = 7, its 1 touching, so the ends show
    6 (the crosswise 6-6) and 6: a triple header, 3."""
    v = make_variant(dict(SIX, target=15), Choices.from_mapping({"matching": "sum-7", "scoring": "headers",
                                                                 "settlement": "one"}), "test")
    p = v.place(Layout(), T(6, 6), None)
    assert p.points == 2
    p = v.place(p.layout, T(1, 6), End(T(6, 6), "a"))
    assert (v.headers(p.layout), p.points) == (3, 3)
