"""The tree family's play module (generator.families.tree.play): a whole Chicken Foot
match played through the Session in both languages, and rounds set up by
hand whose moves, refusals, hint, words and penalties are worked out from the
rules (the centre double's arms first, three toes on a later double before any
other play, draw one when stuck, pips left in hand as penalties with the
double-blank at 50 or its pips)."""

import subprocess
import sys

import pytest

from generator.engine.choices import Choices
from generator.families.tree import play as show
from generator.play.session import Session, spec_of
from generator.engine.rules import make_variant
from generator.families.tree.rules import Round

from conftest import T, tiles

PARAMS = {"set": 9, "players": [2, 3, 4, 5, 6, 7, 8], "deal": {2: 20, 3: 14, 4: 11, 5: 9, 6: 7, 7: 6, 8: 6}}


def game(**choices):
    return make_variant(dict(PARAMS), Choices.from_mapping({"layout": "tree", "lead": "engine", "draw": "one",
                                                           "settlement": "penalty", **choices}), "chicken-foot")


def name(seat):
    return seat


# -- a whole match through the Session --------------------------------------------------------------

@pytest.mark.parametrize("lang, seed, choices", [
    ("en", 5, {"centre_double": "six-toes", "double_blank": "fifty"}),
    ("ja", 11, {"centre_double": "four-sides", "double_blank": "pips"}),
    ("en", 7, {"double_blank": "blanks-25", "go_out_on_double": "not-allowed"}),
])
def test_a_whole_match_is_played_to_its_end_choosing_the_first_move(lang, seed, choices):
    v = game(**choices)
    s = Session(spec_of(v), seed=seed, lang=lang)
    view = s.view()
    hand_overs = 0
    for _ in range(5000):
        assert view["table"].startswith("<svg") and view["table_words"]
        assert view["scores"]
        if view["phase"] == "game-over":
            break
        if view["phase"] == "hand-over":
            hand_overs += 1
            assert len(view["result"]) >= 3 and all(view["result"])
            view = s.next_hand()
            continue
        assert view["phase"] == "turn" and view["turn"] == s.you
        assert all(m["words"] for m in view["moves"])
        # every tile of the hand either has a move or a rule that refuses it
        assert all(t["moves"] or t["why"] for t in view["hand"])
        hint = s.hint()
        assert hint["reason"] and hint["words"]
        if view["moves"]:
            view = s.move(0)
        elif view["draw"]:
            view = s.draw()
        else:
            assert view["pass"]
            view = s.pass_()
    assert view["phase"] == "game-over"
    assert hand_overs == v.rounds - 1          # the last round's result is shown with the match's
    assert s.over and len(s.states) == v.rounds
    assert view["result"][-1].startswith("Game over" if lang == "en" else "ゲーム")


def test_the_module_imports_without_jinja_yaml_or_babel():
    code = ("import sys\n"
            "for m in ('jinja2', 'yaml', 'babel', 'markdown'): sys.modules[m] = None\n"
            "import generator.families.tree.play\n")
    subprocess.run([sys.executable, "-c", code], check=True)


# -- a round set up by hand: a chicken foot waiting for two toes --------------------------------------

def foot_waiting(south, stock=()):
    """Round 1 (centre 9-9, six arms). Arm b ends in the double 5-5, whose toe b1 holds 5-2: toes b2
    and b3 (both showing 5) must be filled before anything else. Open ends: a 4, b1 2, b2 5, b3 5,
    c 3, d 0, e 8, f 6. South to move."""
    arms = {"a": tiles("9-4"), "b": tiles("9-5", "5-5"), "b1": tiles("5-2"), "c": tiles("9-3"),
            "d": tiles("9-0"), "e": tiles("9-8"), "f": tiles("9-6")}
    return Round(game(), ["N", "S"], {"N": tiles("2-3", "1-1"), "S": tiles(*south)}, tiles(*stock), T("9-9"), "S",
                 arms)


def snapshot(r):
    return ({p: list(h) for p, h in r.hands.items()}, {a: list(arm.tiles) for a, arm in r.arms.items()},
            list(r.stock), r.current, r.phase)


def test_only_the_waiting_toes_take_a_tile_and_the_rest_is_refused_by_the_engines_rule():
    v = game()
    r = foot_waiting(["5-7", "4-6", "5-1", "7-7"])
    # only the toes b2 and b3 (a 5) are open; 5-7 and 5-1 carry a 5, in the hand's order for each toe
    assert r.plays_for("S") == [(T("5-7"), "b2"), (T("5-1"), "b2"), (T("5-7"), "b3"), (T("5-1"), "b3")]
    before = snapshot(r)
    # 4-6 fits arm a's 4, but the foot on b must get its toes first
    assert show.refusal(v, r, "S", T("4-6")) == "chicken-foot/fill-the-foot"
    # 7-7: no open end shows a 7
    assert show.refusal(v, r, "S", T("7-7")) == "chicken-foot/matching"
    assert snapshot(r) == before
    with pytest.raises(RuntimeError):
        show.refusal(v, r, "S", T("5-7"))      # a legal move is never made for a refusal
    assert snapshot(r) == before


def test_the_hint_sheds_the_tile_that_would_cost_most_left_in_hand():
    v = game()
    r = foot_waiting(["5-7", "4-6", "5-1", "7-7"])
    # of the tiles that fit, 5-7 costs 12 and 5-1 costs 6; the first of equals is the toe b2
    action, reason = show.hint(v, r, "S", "en")
    assert action == (T("5-7"), "b2")
    assert reason == ("A double is waiting for its tiles, so the play goes there; of the tiles that fit, [5|7] "
                      "would cost most left in your hand (12 points).")
    assert show.hint(v, r, "S", "ja")[1] == ("牌を待っているダブルがあるので、そこへ出します。合う牌のうち、"
                                            "手に残ると最も失点が大きいのは[5|7]です（12点）。")


def test_a_move_in_words_names_the_toe_and_its_double_in_both_languages():
    v = game()
    r = foot_waiting(["5-7", "4-6", "5-1", "7-7"])
    assert show.action_words(v, r, "S", (T("5-7"), "b2"), "en") == "[5|7] on toe b2, a toe of [5|5]"
    assert show.action_words(v, r, "S", (T("5-7"), "b2"), "ja") == "[5|7]を[5|5]の指b2に出す"
    # a tile is written from the half that touches: 1-5 on a 5
    assert show.action_words(v, r, "S", (T("5-1"), "b3"), "en") == "[5|1] on toe b3, a toe of [5|5]"
    assert show.log_words(v, r, "S", (T("5-1"), "b3"), "en") == "plays [5|1] on toe b3"
    assert show.log_words(v, r, "S", "draw", "ja") == "タロンから1枚引く"
    assert show.action_tile((T("5-1"), "b3")) == T("5-1") and show.action_tile("pass") is None


def test_the_table_says_which_double_waits_and_draws_it_outlined():
    v = game()
    r = foot_waiting(["5-7", "4-6", "5-1", "7-7"])
    svg, words = show.table(v, r, "en", "t")
    assert words.startswith("Round 1 of 10: the centre double [9|9] with its 6 arms. Arm a: [9|4], open end 4. "
                            "Arm b: [9|5] [5|5], closed by the double [5|5], which carries on at its toes. ")
    assert "Toe b1: [5|2], open end 2. Toe b2 has no tile yet, open end 5. " in words
    assert words.endswith("The double [5|5] at the end of arm b still needs its toes b2, b3 filled: every play "
                          "goes there first.")
    assert '<title id="t-title">The tree in round 1 of 10</title>' in svg
    assert svg.count('class="open-end"') == 8           # a, b1, b2, b3, c, d, e, f (b is closed)
    assert 'class="waiting-foot"' in svg
    _, ja = show.table(v, r, "ja", "t")
    assert ja.endswith("枝bの先のダブル[5|5]はまだb2、b3に牌を待っている（チキンフット）。どの牌もまずそこへ出す。")
    assert show.scores(v, r, "en", name) == "Round 1 of 10 · Tiles in hand: N 2 tiles, S 4 tiles · Stock: 0 tiles"


def test_after_a_draw_only_the_drawn_tile_may_be_played():
    v = game()
    r = foot_waiting(["7-7", "4-6"], stock=["5-3", "0-1"])
    # nothing shows a 5: draw (4-6 would fit arm a, but the foot comes first)
    assert r.plays_for("S") == [] and r.may_draw("S")
    assert show.hint(v, r, "S", "en") == ("draw", "A double is waiting for its tiles and none of yours fits there "
                                                  "(a tile that fits elsewhere must wait): draw.")
    r.draw("S")                                          # 5-3, which fits b2 and b3
    assert r.plays_for("S") == [(T("5-3"), "b2"), (T("5-3"), "b3")]
    assert show.refusal(v, r, "S", T("4-6")) == "chicken-foot/drawn-tile"
    assert show.refusal(v, r, "S", T("7-7")) == "chicken-foot/drawn-tile"
    assert show.hint(v, r, "S", "en") == ((T("5-3"), "b2"), "The tile you drew fits, so it must be played.")


# -- a round played out by hand: South goes out, North keeps the double-blank -------------------------

def open_centre(double_blank="fifty"):
    """Round 1, the centre's six arms filled, no double waiting: ends a 4, b 5, c 3, d 1, e 8, f 6; an empty
    stock. South holds 4-6 (for a or f) and 1-2 (for d), North 0-0 and 7-7 (nothing of North's fits, then
    or after 4-6 on a)."""
    arms = {"a": tiles("9-4"), "b": tiles("9-5"), "c": tiles("9-3"), "d": tiles("9-1"), "e": tiles("9-8"),
            "f": tiles("9-6")}
    v = game(double_blank=double_blank)
    return v, Round(v, ["N", "S"], {"N": tiles("0-0", "7-7"), "S": tiles("4-6", "1-2")}, [], T("9-9"), "S", arms)


def test_with_nothing_waiting_a_tile_joins_the_arms_last_tile():
    v, r = open_centre()
    # 4-6 fits arm a's 4 and arm f's 6, 1-2 arm d's 1 (the arms in order, the hand's tiles for each)
    assert r.plays_for("S") == [(T("4-6"), "a"), (T("1-2"), "d"), (T("4-6"), "f")]
    assert show.action_words(v, r, "S", (T("4-6"), "f"), "en") == "[6|4] on arm f, against [9|6]"
    assert show.action_words(v, r, "S", (T("4-6"), "a"), "en") == "[4|6] on arm a, against [9|4]"
    assert show.action_words(v, r, "S", (T("4-6"), "a"), "ja") == "[4|6]を枝aの[9|4]につなぐ"
    # 4-6 costs 10 left in hand, 1-2 costs 3; of the two plays of 4-6 the first, on arm a
    assert show.hint(v, r, "S", "en") == ((T("4-6"), "a"), "Nothing scores in play; of the tiles you can play, "
                                                          "[4|6] would cost most left in your hand (10 points).")


def test_the_rounds_result_counts_the_double_blank_as_the_rule_says():
    for blank, north, said in (("fifty", 64, "N kept the double-blank [0|0]: it counts 50 points, not its pips."),
                               # every blank half 25: the 0-0 costs 25 + 25 = 50, as under "fifty"
                               ("blanks-25", 64, "N kept [0|0]: at this table every blank half counts 25, so it "
                                                 "costs 50 points."),
                               ("pips", 14, "N kept the double-blank [0|0]: at this table it counts its pips, "
                                            "0 points.")):
        v, r = open_centre(blank)
        r.push("S", (T("4-6"), "a"))
        assert show.hint(v, r, "N", "en") == ("pass", "No tile fits and nothing is left to draw: pass.")
        r.pass_("N")
        r.push("S", (T("1-2"), "d"))                    # South's last tile
        assert r.end == "out"
        # North: 0-0 (50, or 0 by its pips) + 7-7 (14)
        assert show.hand_result(v, r, "en", name) == [
            "S played their last tile, and the round is over.",
            f"Penalty points for round 1, the pips left in each hand: N {north} points, S 0 points.",
            said,
            "Next comes round 2, with [8|8] in the centre.",
        ]
        assert show.scores(v, r, "en", name) == f"Round 1 of 10 · Penalty points this round: N {north} points, S 0 points"
    assert show.hand_result(v, r, "ja", name)[:2] == ["Sが最後の牌を出して上がり、ラウンドが終わりました。",
                                                      "第1ラウンドの失点（手に残った目）：N 14点、S 0点。"]


def test_the_hint_says_why_a_lone_double_is_not_played_where_no_one_goes_out_on_one():
    """Arms a 4, b 5, c 3, d 1, e 8, f 6 (open_centre); South holds only 4-4, which fits arm a's 4.
    Where a player may not go out on a double, the hint is to draw (one tile is left, 7-2), and with
    an empty stock to pass; the rule refusing the 4-4 is named."""
    arms = {"a": tiles("9-4"), "b": tiles("9-5"), "c": tiles("9-3"), "d": tiles("9-1"), "e": tiles("9-8"),
            "f": tiles("9-6")}
    v = game(go_out_on_double="not-allowed")
    r = Round(v, ["N", "S"], {"N": tiles("0-0", "7-7"), "S": tiles("4-4")}, tiles("7-2"), T("9-9"), "S", arms)
    assert show.hint(v, r, "S", "en") == ("draw", "Your last tile is a double, and at this table you may not go "
                                                  "out on a double: draw.")
    assert show.refusal(v, r, "S", T("4-4")) == "chicken-foot/last-double"
    r = Round(v, ["N", "S"], {"N": tiles("0-0", "7-7"), "S": tiles("4-4")}, [], T("9-9"), "S", arms)
    assert show.hint(v, r, "S", "ja")[0] == "pass"
