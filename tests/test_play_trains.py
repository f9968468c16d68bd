"""Mexican Train played by a reader (:mod:`generator.families.trains.play` through
:class:`generator.play.session.Session`): a whole match in each language, and
hand-worked values on rounds set up by hand (the moves offered, the rule
that refuses a tile, the hint, the words of a move)."""

import copy

import pytest

from generator.engine import Tile
from generator.families.trains import play as show
from generator.play.session import Session, spec_of
from generator.families.trains.rules import MEXICAN, Round


@pytest.fixture(scope="module")
def mt(catalog):
    return catalog.variant("mexican-train").rules


def who(seat):
    return {"N": "North", "S": "South (you)"}[seat]


# -- a whole match ------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_match_is_played_to_its_end_through_the_session(mt, lang):
    s = Session(spec_of(mt), seed=7, lang=lang)
    view = s.view()
    assert view["you"] == "S" and set(view["seats"]) == {"N", "S"}
    rounds_seen = 0
    for _ in range(5000):
        if view["phase"] == "game-over":
            break
        assert view["table"].startswith("<svg") and "<title" in view["table"] and view["table_words"]
        assert view["scores"]
        if view["phase"] == "hand-over":
            rounds_seen += 1
            assert len(view["result"]) == 3
            view = s.next_hand()
            continue
        assert view["turn"] == "S"
        for tile in view["hand"]:             # a tile has moves, or a rule that refuses it
            assert tile["moves"] or tile["why"]
        assert all(m["words"] for m in view["moves"])
        hint = s.hint()
        assert hint["words"] and hint["reason"]
        if view["moves"]:
            view = s.move(0)
        elif view["draw"]:
            view = s.draw()
        else:
            assert view["pass"]
            view = s.pass_()
    assert view["phase"] == "game-over"
    assert rounds_seen == 12 and view["hands"] == 13          # 13 rounds: the last is shown with the game's end
    assert len(view["result"]) == 4                          # out/blocked, penalties, match over, the game
    assert s.record["finished"] and s.record["winners"]


# -- hand-worked values ----------------------------------------------------------------------------------


def _open_round(mt):
    """North's train ends 5 (no marker), South's 3, the Mexican train 9; South to move."""
    hand = [Tile(3, 4), Tile(9, 10), Tile(5, 6), Tile(3, 9), Tile(0, 1), Tile(6, 6)]
    return Round(mt, ["N", "S"], {"N": [Tile(1, 2)], "S": hand}, [Tile(2, 2), Tile(0, 0)], Tile(12, 12), "S",
                 trains={"N": [Tile(5, 12)], "S": [Tile(3, 12)], MEXICAN: [Tile(9, 12)]})


def test_the_moves_offered_refusals_and_hint_worked_by_hand(mt):
    r = _open_round(mt)
    # open to South: their own train (3) and the Mexican train (9); North's has no marker
    plays = r.plays_for("S")
    assert plays == [(Tile(3, 4), "S"), (Tile(3, 9), "S"), (Tile(9, 10), MEXICAN), (Tile(3, 9), MEXICAN)]
    assert [i for i, p in enumerate(plays) if show.action_tile(p) == Tile(3, 9)] == [1, 3]
    before = copy.deepcopy((r.hands, r.trains, r.open_doubles, r.phase, r.current))
    assert show.refusal(mt, r, "S", Tile(5, 6)) == "mexican-train/marker"      # fits North's 5: no marker
    assert show.refusal(mt, r, "S", Tile(0, 1)) == "mexican-train/matching"    # fits no end
    assert show.refusal(mt, r, "S", Tile(6, 6)) == "mexican-train/matching"
    assert (r.hands, r.trains, r.open_doubles, r.phase, r.current) == before
    with pytest.raises(RuntimeError):
        show.refusal(mt, r, "S", Tile(3, 4))
    # greedy: the heaviest tile, [9|10] (19 pips) over [3|9] (12) and [3|4] (7)
    action, reason = show.hint(mt, r, "S", "en")
    assert action == (Tile(9, 10), MEXICAN)
    assert reason == ("Pips left in your hand count against you: [9|10] is the heaviest tile you may play "
                      "(19 pips off your penalty).")
    # a tile is written from the half that touches the train's end
    assert show.action_words(mt, r, "S", (Tile(3, 9), MEXICAN), "en") == "[9|3] on the Mexican train"
    assert show.action_words(mt, r, "S", (Tile(3, 9), MEXICAN), "ja") == "[9|3]をメキシカントレインに出す"
    assert show.action_words(mt, r, "S", (Tile(3, 4), "S"), "en") == "[3|4] on your own train"
    assert show.action_words(mt, r, "S", "draw", "ja") == "タロンから1枚引く"
    assert show.log_words(mt, r, "S", (Tile(9, 10), MEXICAN), "en") == "plays [9|10] on the Mexican train"
    assert show.log_words(mt, r, "N", (Tile(5, 6), "N"), "ja") == "[5|6]を自分のトレインに出す"
    assert show.log_words(mt, r, "N", (Tile(3, 4), "S"), "en") == "plays [3|4] on your train"    # the reader's
    assert show.scores(mt, r, "en", who) == ("Round 1 of 13 (engine [12|12]) · Tiles in hand: North 1 tile, "
                                            "South (you) 6 tiles · Stock: 2 tiles")
    svg, words = show.table(mt, r, "en", "t")
    assert 'id="t-title"' in svg and svg.count('class="marker"') == 0
    assert "North's train: [12|5], open end 5; may play here now: North." in words
    assert "The Mexican train: [12|9], open end 9; open to everyone; may play here now: North, South (you)." in words


def test_an_open_double_must_be_covered_first(mt):
    # North's train ends in the double [5|5]: it must be covered before anyone plays elsewhere
    r = Round(mt, ["N", "S"], {"N": [Tile(1, 2)], "S": [Tile(5, 7), Tile(3, 4), Tile(9, 9)]}, [Tile(2, 2)],
              Tile(12, 12), "S", trains={"N": [Tile(5, 12), Tile(5, 5)], "S": [Tile(3, 12)]})
    assert r.plays_for("S") == [(Tile(5, 7), "N")]
    assert show.refusal(mt, r, "S", Tile(3, 4)) == "mexican-train/open-double"   # fits South's own 3
    assert show.refusal(mt, r, "S", Tile(9, 9)) == "mexican-train/matching"      # fits no end
    assert show.action_words(mt, r, "S", (Tile(5, 7), "N"), "en") == "[5|7] on North's train (covers the double [5|5])"
    assert show.action_words(mt, r, "S", (Tile(5, 7), "N"), "ja") == "[5|7]をNのトレインに出す（ダブル[5|5]をふさぐ）"
    assert show.hint(mt, r, "S", "en") == ((Tile(5, 7), "N"), "It is the only legal play.")


def test_after_a_draw_only_the_drawn_tile_may_be_played(mt):
    r = Round(mt, ["N", "S"], {"N": [Tile(1, 2)], "S": [Tile(0, 1), Tile(4, 5)]}, [Tile(3, 11), Tile(2, 2)],
              Tile(12, 12), "S", trains={"S": [Tile(3, 12)]})
    assert r.plays_for("S") == [] and r.may_draw("S")
    assert show.hint(mt, r, "S", "en")[0] == "draw"
    r.draw("S")                                       # [3|11]: fits South's 3 and nothing else
    assert r.plays_for("S") == [(Tile(3, 11), "S")]
    assert show.refusal(mt, r, "S", Tile(4, 5)) == "mexican-train/drawn-tile"
    assert show.hint(mt, r, "S", "en")[0] == (Tile(3, 11), "S")


def test_a_finished_round_is_settled_in_words(mt):
    r = Round(mt, ["N", "S"], {"N": [Tile(1, 2), Tile(6, 6)], "S": [Tile(3, 4)]}, [], Tile(12, 12), "S",
              trains={"S": [Tile(3, 12)]})
    r.play("S", Tile(3, 4), "S")
    assert r.end == "out"
    # North keeps 1 + 2 + 6 + 6 = 15 pips
    assert show.hand_result(mt, r, "en", who) == [
        "South (you) played their last tile: the round is over.",
        "Round 1 penalties, the pips left in each hand: North 15 pips, South (you) 0 pips.",
        "Round 2 is played from the engine [11|11]."]
    assert show.hand_result(mt, r, "ja", lambda s: {"N": "北", "S": "南（あなた）"}[s])[1] == (
        "ラウンド1の失点（手に残った目）：北 15目、南（あなた） 0目。")
