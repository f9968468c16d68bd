"""Chicken Foot, the tree family: the centre double's sides, three toes on
every later double before any other play, drawing when stuck, blocked rounds,
penalties with the double-blank's value, the match of one round per double;
each value worked by hand from the rules the game page gives (the archived
Chicken Foot rule sheet of 2002; Wikipedia for the four-sided centre); bad
positions refused at FILE:LINE:COL; the seeded simulation."""

import json
import random
import subprocess
import sys

import pytest

from generator.engine import RuleViolation
from generator.engine.choices import Choices
from generator.engine.rules import make_variant
from generator.families.tree.rules import Round

from conftest import T

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

PARAMS = {"set": 9, "players": [2, 3, 4, 5, 6, 7, 8], "deal": {2: 20, 3: 14, 4: 11, 5: 9, 6: 7, 7: 6, 8: 6}}


def game(**choices):
    return make_variant(dict(PARAMS), Choices.from_mapping({"layout": "tree", "lead": "engine", "draw": "one",
                                                           "settlement": "penalty", **choices}), "cf")


def tiles(*names):
    return [T(n) for n in names]


def full_centre():
    """The centre 9-9 with its six arms each holding one tile: a 4, 5, 3, 0, 8 and 6 at their ends."""
    return {"a": tiles("9-4"), "b": tiles("9-5"), "c": tiles("9-3"), "d": tiles("9-0"), "e": tiles("9-8"),
            "f": tiles("9-6")}


# -- the match -----------------------------------------------------------------------------------

def test_a_match_is_one_round_per_double_from_the_highest_down():
    g = game()
    assert g.rounds == 10                                  # 9-9, 8-8, ..., 0-0
    assert [str(g.centre_of(n)) for n in (1, 5, 10)] == ["9-9", "5-5", "0-0"]
    with pytest.raises(ValueError):
        g.centre_of(11)
    # the first turn moves one seat clockwise each round
    assert [g.first_player(["A", "B", "C"], "B", n) for n in (1, 2, 3, 4)] == ["B", "C", "A", "B"]


def test_the_stock_holds_the_set_less_the_centre_and_the_hands():
    assert game().stock_size(4) == 55 - 1 - 4 * 11        # 10
    assert game().stock_size(2) == 55 - 1 - 2 * 20        # 14


def test_the_lowest_total_wins_and_a_tie_shares_it():
    g = game()
    ten = [{"A": 3, "B": 5}] * 9 + [{"A": 10, "B": 0}]
    m = g.settle_match(["A", "B"], ten)
    assert m.totals == {"A": 37, "B": 45} and m.complete and m.winners == ("A",)
    tie = [{"A": 5, "B": 0}] + [{"A": 0, "B": 0}] * 8 + [{"A": 0, "B": 5}]
    assert g.settle_match(["A", "B"], tie).winners == ("A", "B")
    part = g.settle_match(["A", "B"], ten[:4])
    assert not part.complete and part.winners == ()
    with pytest.raises(ValueError):
        g.settle_match(["A", "B"], ten + ten[:1])


# -- penalties -----------------------------------------------------------------------------------

def test_the_double_blank_costs_fifty_or_its_pips():
    """The rule sheet: the pips left in hand, the 0-0 counting 50; the cross house rule counts its 0."""
    assert game().penalty(tiles("0-0", "5-1", "9-9")) == 50 + 6 + 18
    assert game(double_blank="pips").penalty(tiles("0-0", "5-1", "9-9")) == 0 + 6 + 18
    assert game().penalty([]) == 0


def test_the_rule_sheets_blanks_cost_25_each():
    """The archived sheet: blanks count 25 each, the double-blank 50 (each blank half 25 on top of
    the pips, this site's reading): 0-0 = 25 + 25 = 50, 0-5 = 5 + 25 = 30, 5-1 = 6, 9-9 = 18."""
    g = game(double_blank="blanks-25")
    assert [g.tile_penalty(t) for t in tiles("0-0", "0-5", "5-1", "9-9")] == [50, 30, 6, 18]
    assert g.penalty(tiles("0-0", "0-5", "5-1", "9-9")) == 50 + 30 + 6 + 18


@pytest.mark.parametrize("rule,worked", [
    # A keeps 0-0 and 5-1, B keeps 0-7 and 2-6 (worked below)
    ("fifty", {"A": 50 + 6, "B": 7 + 8}),
    ("pips", {"A": 0 + 6, "B": 7 + 8}),
    ("blanks-25", {"A": 50 + 6, "B": (7 + 25) + 8}),
])
def test_a_blocked_rounds_settlement_counts_the_blanks_as_the_table_does(rule, worked):
    """The centre 9-9 filled (ends a 4, b 5, c 3, d 0, e 8, f 6), the stock empty. A lays 3-3 on arm c:
    its toes need 3s and nobody holds one, so the round is blocked at once, before B's 0-7 can go on
    the 0 of arm d. Left in hand: A 0-0 and 5-1, B 0-7 and 2-6. The double-blank alone at 50: A 56,
    B 15; every tile its pips: A 6, B 15; every blank half 25: A 50 + 6 = 56, B 0-7 (7 + 25 = 32)
    and 2-6 (8), 40."""
    r = Round(game(double_blank=rule), ["A", "B"], {"A": tiles("3-3", "0-0", "5-1"), "B": tiles("0-7", "2-6")},
              [], T("9-9"), "A", arms=full_centre())
    r.play("A", T("3-3"), "c")
    assert r.end == "blocked"
    assert r.penalties == worked


@pytest.mark.parametrize("rule,order", [
    ("fifty", ["4-6 on a", "pass", "0-1 on d"]),
    ("blanks-25", ["0-1 on d", "pass", "4-6 on a"]),
])
def test_the_simulations_player_sheds_blanks_first_where_they_cost_25(rule, order):
    """The simulation's greedy player plays the tile that would cost most left in hand. A holds 0-1
    (it fits arm d's 0) and 4-6 (arm a's 4 first, or f's 6); B's 2-7 fits no end (4, 5, 3, 0, 8, 6)
    and the stock is empty, so B passes. With the double-blank alone special, 4-6 (10) outweighs 0-1
    (1); with every blank half at 25, 0-1 costs 26 and goes first. A goes out either way; B keeps 9."""
    from generator.sim.simulate import BOTS, Work, play_out

    r = Round(game(double_blank=rule), ["A", "B"], {"A": tiles("0-1", "4-6"), "B": tiles("2-7")}, [], T("9-9"), "A",
              arms=full_centre())
    play_out(r.variant, r, {"A": BOTS["greedy"], "B": BOTS["greedy"]}, random.Random(1), Work())
    assert [ev.kind if ev.kind != "play" else f"{ev.tile} on {ev.arm}" for ev in r.events] == order
    assert (r.end, r.out, r.penalties) == ("out", "A", {"A": 0, "B": 9})


# -- going out on a double -----------------------------------------------------------------------

def test_going_out_on_a_double_where_the_table_allows_it():
    """The default: A's last tile 4-4 matches arm a's 4; A lays it and goes out, its toes empty.
    B keeps 1-2 and 5-7: 3 + 12 = 15."""
    r = Round(game(), ["A", "B"], {"A": tiles("4-4"), "B": tiles("1-2", "5-7")}, tiles("7-7", "3-8"), T("9-9"), "A",
              arms=full_centre())
    assert r.plays_for("A") == [(T("4-4"), "a")]
    r.play("A", T("4-4"), "a")
    assert (r.end, r.out, r.penalties) == ("out", "A", {"A": 0, "B": 15})


def test_no_going_out_on_a_double_where_the_table_forbids_it():
    """The same table under `go_out_on_double: not-allowed`: A's lone 4-4 may not be played, so A has
    no play and draws 7-7, which fits no end (4, 5, 3, 0, 8, 6): A passes. B lays 5-7 on arm b (5),
    which now shows 7. A holds two tiles, so the 4-4 is no longer the last: 4-4 on a and 7-7 on b
    are both legal."""
    r = Round(game(go_out_on_double="not-allowed"), ["A", "B"], {"A": tiles("4-4"), "B": tiles("1-2", "5-7")},
              tiles("7-7", "3-8"), T("9-9"), "A", arms=full_centre())
    assert r.plays_for("A") == [] and r.may_draw("A")
    with pytest.raises(RuleViolation) as exc:
        r.play("A", T("4-4"), "a")
    assert exc.value.rule == "cf/last-double"
    ev = r.draw("A")
    assert (str(ev.tile), ev.playable) == ("7-7", False)
    r.pass_("A")
    r.play("B", T("5-7"), "b")
    assert sorted(f"{t} on {a}" for t, a in r.plays_for("A")) == ["4-4 on a", "7-7 on b"]


@pytest.mark.parametrize("rule,worked", [
    ("allowed", ("out", "A", {"A": 0, "B": 9})),
    ("not-allowed", ("blocked", None, {"A": 8, "B": 9})),
])
def test_a_lone_double_that_may_not_go_out_blocks_the_round(rule, worked):
    """The stock is empty; A holds only 4-4 (arm a shows 4), B only 2-7 (no end shows 2 or 7).
    Allowed: A goes out, B keeps 9. Not allowed: A may not lay it and cannot draw, so A passes;
    then nobody can play (B's 2-7 fits nothing, A's lone double may not go), and the round is blocked
    with A keeping 8 and B 9."""
    r = Round(game(go_out_on_double=rule), ["A", "B"], {"A": tiles("4-4"), "B": tiles("2-7")}, [], T("9-9"), "A",
              arms=full_centre())
    if rule == "allowed":
        r.play("A", T("4-4"), "a")
    else:
        r.pass_("A")
    assert (r.end, r.out, r.penalties) == worked


# -- the centre ----------------------------------------------------------------------------------

def test_the_centre_takes_six_tiles_before_any_other_play():
    g = game()
    r = Round(g, ["A", "B"], {"A": tiles("9-4", "4-1"), "B": tiles("9-2", "1-3")}, tiles("0-1"), T("9-9"), "A")
    assert r.must_fill == ("a", "b", "c", "d", "e", "f") and r.foot == "centre"
    r.play("A", T("9-4"), "a")
    assert r.must_fill == ("b", "c", "d", "e", "f")
    with pytest.raises(RuleViolation) as exc:
        r.play("B", T("1-3"), "a")               # a does not show a 1 anyway, but it must wait first
    assert exc.value.rule == "cf/fill-the-foot"
    assert r.plays_for("B") == [(T("9-2"), n) for n in "bcdef"]


def test_the_four_sided_centre_takes_four():
    g = game(centre_double="four-sides")
    assert g.centre_arms == 4
    r = Round(g, ["A", "B"], {"A": tiles("9-4"), "B": tiles("9-2")}, [], T("9-9"), "A",
              arms={"a": tiles("9-1"), "b": tiles("9-2"), "c": tiles("9-3")})
    assert r.must_fill == ("d",)
    assert sorted(r.arms) == ["a", "b", "c", "d"]
    r.play("A", T("9-4"), "d")                    # A's last tile: out
    assert (r.end, r.out) == ("out", "A")


def test_an_arm_the_centre_does_not_have_is_refused():
    r = Round(game(centre_double="four-sides"), ["A", "B"], {"A": tiles("9-4", "1-2"), "B": tiles("9-2")}, [],
              T("9-9"), "A")
    with pytest.raises(RuleViolation) as exc:
        r.play("A", T("9-4"), "e")
    assert exc.value.rule == "cf/arms"


# -- the chicken foot ----------------------------------------------------------------------------

def test_a_double_closes_its_arm_and_its_three_toes_come_first():
    g = game()
    r = Round(g, ["A", "B", "C"], {"A": tiles("4-4", "0-2"), "B": tiles("4-1", "8-7"), "C": tiles("4-6", "3-2")},
              tiles("1-1"), T("9-9"), "A", arms=full_centre())
    assert r.must_fill == () and r.status("a") == "open"
    r.play("A", T("4-4"), "a")
    assert r.status("a") == "closed" and r.foot == "a"
    assert r.must_fill == ("a1", "a2", "a3")
    assert {r.status(n) for n in "bcdef"} == {"wait"}
    with pytest.raises(RuleViolation) as exc:
        r.play("B", T("8-7"), "e")                # 8 matches arm e, but the toes wait
    assert exc.value.rule == "cf/fill-the-foot"
    r.play("B", T("4-1"), "a1")
    assert r.must_fill == ("a2", "a3")
    r.play("C", T("4-6"), "a3")
    assert r.must_fill == ("a2",)
    with pytest.raises(RuleViolation) as exc:
        r.play("A", T("0-2"), "a")                # the arm itself goes on at its toes
    assert exc.value.rule == "cf/closed-arm" and "play on its toes a1, a2, a3" in str(exc.value)


def test_a_closed_arm_takes_no_tile_once_its_toes_are_filled():
    arms = full_centre() | {"a": tiles("9-4", "4-4"), "a1": tiles("4-1"), "a2": tiles("4-2"), "a3": tiles("4-3")}
    r = Round(game(), ["A", "B"], {"A": tiles("4-5", "0-1"), "B": tiles("0-6")}, [], T("9-9"), "A", arms=arms)
    assert r.must_fill == () and r.status("a") == "closed"
    with pytest.raises(RuleViolation) as exc:
        r.play("A", T("4-5"), "a")
    assert exc.value.rule == "cf/closed-arm"
    # the open ends: b 5, c 3, d 0, e 8, f 6, a1 1, a2 2, a3 3
    assert sorted(f"{t} {a}" for t, a in r.plays_for("A")) == ["0-1 a1", "0-1 d", "4-5 b"]


def test_a_tile_that_does_not_match_is_refused():
    r = Round(game(), ["A", "B"], {"A": tiles("2-7", "0-1"), "B": tiles("0-6")}, [], T("9-9"), "A",
              arms=full_centre())
    with pytest.raises(RuleViolation) as exc:
        r.play("A", T("2-7"), "b")                # b shows 5
    assert exc.value.rule == "cf/matching"


# -- drawing and passing -------------------------------------------------------------------------

def test_a_player_who_cannot_play_draws_one_and_must_play_it_if_it_fits():
    r = Round(game(), ["A", "B"], {"A": tiles("1-2", "7-7"), "B": tiles("0-6")}, tiles("5-7", "3-3"), T("9-9"),
              "A", arms=full_centre())
    with pytest.raises(RuleViolation) as exc:
        r.pass_("A")
    assert exc.value.rule == "cf/draw-before-pass"
    ev = r.draw("A")
    assert (str(ev.tile), ev.playable, r.current) == ("5-7", True, "A")
    assert r.plays_for("A") == [(T("5-7"), "b")]
    with pytest.raises(RuleViolation) as exc:
        r.draw("A")
    assert exc.value.rule == "cf/draw-once"
    with pytest.raises(RuleViolation) as exc:
        r.pass_("A")                              # the drawn tile fits: it must be played
    assert exc.value.rule == "cf/must-play"
    r.play("A", T("5-7"), "b")
    assert r.current == "B" and r.stock == [T("3-3")]


def test_a_drawn_tile_that_does_not_fit_means_a_pass():
    r = Round(game(), ["A", "B"], {"A": tiles("1-2"), "B": tiles("0-6", "2-2")}, tiles("7-7", "1-1"), T("9-9"),
              "A", arms=full_centre())
    ev = r.draw("A")
    assert (str(ev.tile), ev.playable) == ("7-7", False)
    r.pass_("A")
    assert r.current == "B" and r.hands["A"] == tiles("1-2", "7-7")


def test_a_player_who_can_play_may_not_draw():
    r = Round(game(), ["A", "B"], {"A": tiles("4-2"), "B": tiles("0-6")}, tiles("7-7"), T("9-9"), "A",
              arms=full_centre())
    with pytest.raises(RuleViolation) as exc:
        r.draw("A")
    assert exc.value.rule == "cf/must-play"


def test_a_round_is_blocked_when_the_stock_is_empty_and_nobody_can_play():
    """A foot on 3-3 that nobody can fill: the round stops; penalties A 0-0 (50) + 5-1 = 56, B 2-6 = 8."""
    r = Round(game(), ["A", "B"], {"A": tiles("3-3", "0-0", "5-1"), "B": tiles("2-6")}, [], T("9-9"), "A",
              arms=full_centre())
    r.play("A", T("3-3"), "c")
    assert r.end == "blocked" and r.current is None and r.out is None
    assert r.penalties == {"A": 56, "B": 8}
    with pytest.raises(RuleViolation) as exc:
        r.play("B", T("2-6"), "f")
    assert exc.value.rule == "cf/round-over"


# -- trees the rules cannot reach ----------------------------------------------------------------

@pytest.mark.parametrize("arms,fragment", [
    ({"a": tiles("9-4", "4-4"), "b": tiles("9-5", "5-5")}, "two doubles wait for their tiles"),
    ({"a": tiles("9-4"), "a1": tiles("4-1")}, "there is no arm 'a1' here"),
    ({"a": tiles("9-4", "3-1")}, "1-3 does not fit: arm a shows 4 there"),
    ({"a": tiles("8-4")}, "4-8 does not fit: arm a starts with 9"),
    ({"a": tiles("9-4", "4-4", "4-1")}, "4-4 closes arm a"),
])
def test_an_impossible_tree_is_named(arms, fragment):
    with pytest.raises(ValueError) as exc:
        Round(game(), ["A", "B"], {"A": [], "B": []}, [], T("9-9"), "A", arms=full_centre() | arms)
    assert fragment in str(exc.value)


# -- the simulation ------------------------------------------------------------------------------

def test_a_seeded_match_plays_ten_rounds_and_the_lowest_total_wins():
    from generator.sim.simulate import BOTS, play_game

    g = game()
    for seed in (1, 2):
        rec = play_game(g, ["N", "E", "S"], [BOTS["greedy"], BOTS["random"], BOTS["greedy"]],
                        random.Random(seed), None)
        assert rec["finished"] and len(rec["hands"]) == 10 and rec["winners"]
        for hand in rec["hands"]:
            assert 1 <= hand["tiles"] <= 54               # the centre is set out, never played


def test_rulebook_simulate_plays_chicken_foot_the_same_on_one_or_two_processes():
    def run(jobs):
        out = subprocess.run([sys.executable, "-m", "generator.cli.main", "simulate", "chicken-foot", "--players",
                              "4", "--games", "12", "--seed", "5", "--jobs", str(jobs), "--json"],
                             capture_output=True, text=True, check=True)
        return json.loads(out.stdout)
    one, two = run(1), run(2)
    assert one == two
    assert one["games"] == 12 and one["hands"] == 120 and sum(one["game_winners"].values()) >= 12


# -- bad input, located --------------------------------------------------------------------------

def _check(rules_copy, capsys, name: str, old: str, new: str, game: str = "chicken-foot") -> tuple[int, list[str], str]:
    from generator.cli.main import main

    path = rules_copy / game / "positions" / name
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code = main(["check", "-q", str(path)])
    return code, capsys.readouterr().err.strip().splitlines(), path.read_text(encoding="utf-8")


def _line(text: str, fragment: str) -> int:
    return next(i for i, l in enumerate(text.splitlines(), 1) if fragment in l)


def test_a_toe_placed_before_the_foot_is_filled_is_refused_at_that_turn(rules_copy, capsys):
    """round-foot-filled, turn 2: B plays 8-7 on arm e while the 4-4's toes wait."""
    code, err, text = _check(rules_copy, capsys, "round-foot-filled.yaml", '    play: "4-1"\n    arm: a1',
                             '    play: "8-7"\n    arm: e')
    assert code == 1 and len(err) == 1
    assert f"round-foot-filled.yaml:{_line(text, 'arm: e')}:" in err[0]      # the arm it was put on
    assert err[0].endswith("move 2: the double at the end of arm a must get its tiles first: play on a1, a2, a3 "
                           "[rule chicken-foot/fill-the-foot]")


def test_a_table_whose_toe_grew_while_the_foot_waits_is_refused(rules_copy, capsys):
    """table-toes-wait: the 4-4 closes arm a and a2, a3 are still empty, so
    a1 cannot hold a second tile (6-2 after 4-6): every toe takes one tile
    before any other play. Located at the table's arms."""
    code, err, text = _check(rules_copy, capsys, "table-toes-wait.yaml", 'a1: ["4-6"]', 'a1: ["4-6", "6-2"]')
    assert code == 1 and len(err) == 1
    assert f"table-toes-wait.yaml:{_line(text, 'arms:')}:" in err[0]
    assert "toe a1 has grown while the double at the end of arm a still waits for a2, a3" in err[0]


def test_a_wrong_penalty_is_refused_with_the_engines_value(rules_copy, capsys):
    """round-blocked: A holds 0-0 and 5-1, 50 + 6 = 56 penalty points, not 6."""
    code, err, text = _check(rules_copy, capsys, "round-blocked.yaml", "penalties: {A: 56,", "penalties: {A: 6,")
    assert code == 1 and len(err) == 1
    assert f"round-blocked.yaml:{_line(text, 'penalties: {A: 6,')}:" in err[0]
    assert err[0].endswith('penalties: stated {"A": 6, "B": 8, "C": 15}, the engine computes '
                           '{"A": 56, "B": 8, "C": 15}')


def test_a_wrong_match_total_is_refused(rules_copy, capsys):
    code, err, text = _check(rules_copy, capsys, "match-ten-rounds.yaml", "totals: {A: 68,", "totals: {A: 67,")
    assert code == 1 and len(err) == 1
    assert f"match-ten-rounds.yaml:{_line(text, 'totals: {A: 67,')}:" in err[0]
    assert err[0].endswith('the engine computes {"A": 68, "B": 128, "C": 161}')


def test_two_waiting_doubles_are_refused_at_the_arms(rules_copy, capsys):
    code, err, text = _check(rules_copy, capsys, "table-toes-wait.yaml", '    b: ["9-5"]', '    b: ["9-5", "5-5"]')
    assert code == 1 and len(err) == 1
    assert f"table-toes-wait.yaml:{_line(text, 'arms:')}:" in err[0]
    assert err[0].endswith("two doubles wait for their tiles (a and b): a double's tiles are filled before any "
                           "other play, so only one can wait")


def test_the_page_draws_its_rounds_and_links_its_words(catalog):
    from generator.site.build import generate

    files = generate(catalog, png=False, with_stats=False, only={"chicken-foot"})
    en, ja = files["en/gen/chicken-foot.md"].decode(), files["ja/gen/chicken-foot.md"].decode()
    for text in (en, ja):
        assert "](diagrams/chicken-foot/round-foot-filled-start.svg)" in text
        assert "](diagrams/chicken-foot/round-foot-filled-end.svg)" in text
    assert "[chicken foot](glossary.md#chicken-foot)" in en and "[チキンフット](glossary.md#chicken-foot)" in ja
    assert "[toe](glossary.md#toe)" in en


# -- the round from the deal and the practice on the cross: a wrong number is located -------------

def test_a_wrong_penalty_in_the_round_from_the_deal_is_refused(rules_copy, capsys):
    """round-from-the-deal: B keeps 8-8, 5-5 and 0-0, 16 + 10 + 50 = 76 penalty points, not 26 (26 would
    be the 0-0 at its pips)."""
    code, err, text = _check(rules_copy, capsys, "round-from-the-deal.yaml", "penalties: {A: 0, B: 76,",
                             "penalties: {A: 0, B: 26,")
    assert code == 1 and len(err) == 1
    line = _line(text, "penalties: {A: 0, B: 26,")
    col = text.splitlines()[line - 1].index("penalties") + 1
    assert f"round-from-the-deal.yaml:{line}:{col}: error:" in err[0]
    assert err[0].endswith('penalties: stated {"A": 0, "B": 26, "C": 20}, the engine computes '
                           '{"A": 0, "B": 76, "C": 20}')


def test_a_draw_that_is_not_the_top_of_the_stock_is_refused(rules_copy, capsys):
    """round-from-the-deal, move 33: the stock was 9-1, 9-7, 9-0, ... from the top and C drew the 9-1 at
    move 6, so B draws the 9-7; a draw of 9-0 is refused at that draw."""
    code, err, text = _check(rules_copy, capsys, "round-from-the-deal.yaml", '    draw: "9-7"', '    draw: "9-0"')
    assert code == 1 and len(err) == 1
    line = _line(text, 'draw: "9-0"')
    assert f"round-from-the-deal.yaml:{line}:" in err[0]
    assert err[0].endswith("move 33: B draws 7-9, the top of the stock, not 0-9")


def test_a_wrong_answer_on_the_cross_is_refused_with_the_engines(rules_copy, capsys):
    """practice-cross-toes: the 6-6 closing arm b waits for toes b2 and b3; only 6-2 carries a 6, so
    C may play on b2 and b3, not on arm a (where 3-8 would match the 3, but must wait)."""
    code, err, text = _check(rules_copy, capsys, "practice-cross-toes.yaml", "answer: [b2, b3]", "answer: [a, b2, b3]",
                             game="chicken-foot-cross")
    assert code == 1 and len(err) == 1
    assert f"practice-cross-toes.yaml:{_line(text, 'answer: [a, b2, b3]')}:" in err[0]
    assert err[0].endswith('where C may play: stated ["a", "b2", "b3"], the engine computes ["b2", "b3"] '
                           '(legal plays: 2-6 on b2, 2-6 on b3)')


def test_the_cross_page_shows_its_practice_and_chicken_foot_its_whole_round(catalog):
    from generator.site.build import generate

    files = generate(catalog, png=False, with_stats=False, only={"chicken-foot", "chicken-foot-cross"})
    for lang in ("en", "ja"):
        cross = files[f"{lang}/gen/chicken-foot-cross.md"].decode()
        for pid in ("practice-cross-empty", "practice-cross-toes", "practice-cross-open"):
            assert f'id="ex-{pid}"' in cross
        assert cross.count('class="rb-question"') >= 3
        whole = files[f"{lang}/gen/chicken-foot.md"].decode()
        assert 'id="ex-round-from-the-deal"' in whole
    en = files["en/gen/chicken-foot.md"].decode()
    # the last move lays a double that ends the round: it opens no foot (B keeps 8-8, 5-5, 0-0: 76)
    row = next(l for l in en.splitlines() if l.startswith("| 42 | A |"))
    assert "toes come first" not in row and "last tile" in row
    assert "| B | [8\\|8] [5\\|5] [0\\|0] | 76 |" in en


def test_a_round_from_the_deal_must_be_the_whole_deal(rules_copy, capsys):
    """round-from-the-deal says `dealt: true`: three players are dealt 14 each from double-nine, and the
    9-9, the hands and the stock hold all 55 tiles. Dropping the stock's last tile (8-2) leaves it out."""
    code, err, text = _check(rules_copy, capsys, "round-from-the-deal.yaml", ', "8-4", "8-2"]', ', "8-4"]')
    assert code == 1 and len(err) == 1
    assert f"round-from-the-deal.yaml:{_line(text, '  stock: [')}:3: error:" in err[0]
    assert err[0].endswith("the deal leaves out 1 of the set's 55 tiles (2-8): the centre, the hands and the "
                           "stock hold the whole set")


def test_a_hand_of_the_wrong_size_is_no_deal(rules_copy, capsys):
    """Dropping A's last tile, 3-1, leaves A 13 tiles, not 14 (the hands are counted before the set)."""
    code, err, text = _check(rules_copy, capsys, "round-from-the-deal.yaml", '"4-1", "3-1"]', '"4-1"]')
    assert code == 1 and len(err) == 1
    assert f"round-from-the-deal.yaml:{_line(text, '    A: [')}:5: error:" in err[0]
    assert err[0].endswith("A is dealt 14 tiles with 3 players, not 13")


def test_the_round_from_the_deal_ends_otherwise_where_no_one_goes_out_on_a_double():
    """The page's round from the deal, replayed up to A's last turn (move 42) under each value. The open
    ends then: a 1, b 0, c 7, d 7, e 4 and the 1-1's toes f1 2, f2 4, f3 6; A holds only 4-4, and the stock
    has lost 9-1 and 9-7, so 9-0 is on top. Allowed: the 4-4 may go on e or f2, and A goes out. Not
    allowed: A has no play, draws 9-0, which fits b's 0 alone, plays it, and still holds the 4-4."""
    import yaml
    from generator.model.catalog import Catalog
    from conftest import RULES

    data = yaml.safe_load((RULES / "chicken-foot" / "positions" / "round-from-the-deal.yaml").read_text("utf-8"))
    rnd, turns = data["round"], data["turns"]
    assert Catalog(RULES).variant("chicken-foot").choices.go_out_on_double == "allowed"   # what the page plays
    for rule in ("allowed", "not-allowed"):
        r = Round(game(go_out_on_double=rule), rnd["players"], {p: tiles(*h) for p, h in rnd["hands"].items()},
                  tiles(*rnd["stock"]), T(rnd["centre"]), rnd["first"])
        for m in turns[:41]:
            if "play" in m:
                r.play(m["by"], T(m["play"]), m["arm"])
            elif "draw" in m:
                r.draw(m["by"])
            else:
                r.pass_(m["by"])
        assert r.current == "A" and r.hands["A"] == tiles("4-4")
        if rule == "allowed":
            assert r.plays_for("A") == [(T("4-4"), "e"), (T("4-4"), "f2")]
            r.play("A", T("4-4"), "e")
            assert (r.end, r.out) == ("out", "A")
        else:
            assert r.plays_for("A") == []
            ev = r.draw("A")
            assert (str(ev.tile), ev.playable) == ("0-9", True)
            assert r.plays_for("A") == [(T("9-0"), "b")]
            r.play("A", T("9-0"), "b")
            assert r.end is None and r.hands["A"] == tiles("4-4") and r.current == "B"
