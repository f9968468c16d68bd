"""Mexican Train (seed 001): each rule with hand-worked values, and the trains
position format through `rulebook check` / `rulebook score`."""

import json

import pytest

from generator.cli.main import main
from generator.engine import RuleViolation

from generator.families.trains.rules import Round

from conftest import T, refusal

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


@pytest.fixture(scope="module")
def mt(catalog):
    return catalog.variant("mexican-train").rules


def message_of(fn):
    with pytest.raises(RuleViolation) as info:
        fn()
    return info.value.message


def tiles(*texts):
    return [T(t) for t in texts]


def rule_of(fn):
    with pytest.raises(RuleViolation) as info:
        fn()
    return info.value.rule


def test_deal_rounds_and_first_turn(mt):
    # 91 tiles, the engine set out first: 91 - 1 - 3 x 15 = 45; 91 - 1 - 5 x 12 = 30; 91 - 1 - 8 x 10 = 10
    assert len(mt.params.tiles) == 91
    assert (mt.stock_size(3), mt.stock_size(5), mt.stock_size(8)) == (45, 30, 10)
    assert [str(mt.engine_of(r, 13)) for r in (1, 2, 13)] == ["12-12", "11-11", "0-0"]
    assert str(mt.engine_of(7, 7)) == "6-6"
    with pytest.raises(ValueError, match="a 7-round match has no round 8"):
        mt.engine_of(8, 7)
    assert [mt.first_player(["A", "B", "C"], "B", r) for r in (1, 2, 3, 4)] == ["B", "C", "A", "B"]


def test_where_a_player_may_play(mt):
    r = Round(mt, ["A", "B", "C"], {"C": tiles("3-4", "9-10", "12-1", "5-6")}, [], T("12-12"), "C",
              trains={"A": tiles("12-5"), "B": tiles("12-3"), "mexican": tiles("12-9")}, markers=["B"])
    assert {t: r.status("C", t) for t in r.trains} == {"A": "unmarked", "B": "marked", "C": "own",
                                                       "mexican": "mexican"}
    assert sorted((str(t), tr) for t, tr in r.plays_for("C")) == [("1-12", "C"), ("3-4", "B"), ("9-10", "mexican")]
    assert rule_of(lambda: r.play("C", T("5-6"), "A")) == "mexican-train/marker"
    assert message_of(lambda: r.play("C", T("5-6"), "A")) == "A's train has no marker: only A may play on it"
    assert message_of(lambda: r.play("C", T("5-6"), "mexican")) == (
        "5-6 does not match the end of the Mexican train, which shows 9")


def test_open_double_must_be_covered_first(mt):
    r = Round(mt, ["A", "B", "C"], {"A": tiles("5-5", "0-1"), "B": tiles("5-8", "9-10"), "C": tiles("1-2")},
              tiles("0-2", "4-4", "6-6"), T("12-12"), "A",
              trains={"A": tiles("12-5"), "mexican": tiles("12-9")})
    r.play("A", T("5-5"), "A")                          # a double: A plays again, and must cover it
    assert r.current == "A" and r.open_doubles == ["A"]
    assert rule_of(lambda: r.play("A", T("0-1"), "mexican")) == "mexican-train/open-double"
    ev = r.draw("A")                                    # 0-1 cannot cover: draw one, 0-2 does not either
    assert ev.tile == T("0-2") and not ev.playable
    assert rule_of(lambda: r.draw("A")) == "mexican-train/draw-once"
    ev = r.pass_("A")
    assert ev.markers == ("A",) and ev.next == "B" and ev.open_doubles == ("5-5 on A",)
    assert r.status("B", "mexican") == "wait" and r.status("B", "A") == "cover"
    assert rule_of(lambda: r.play("B", T("9-10"), "mexican")) == "mexican-train/open-double"
    assert message_of(lambda: r.play("B", T("9-10"), "mexican")) == (
        "the double 5-5 on A's train must be covered before anyone plays elsewhere")
    ev = r.play("B", T("5-8"), "A")                     # B covers A's double, on A's marked train
    assert ev.open_doubles == () and ev.next == "C" and ev.markers == ("A",)


def test_draw_one_then_play_or_pass_and_markers(mt):
    r = Round(mt, ["A", "B"], {"A": tiles("12-5", "7-8"), "B": tiles("3-4", "0-0")},
              tiles("0-11", "3-12"), T("12-12"), "A")
    r.play("A", T("12-5"), "A")
    assert rule_of(lambda: r.pass_("B")) == "mexican-train/draw-before-pass"
    ev = r.draw("B")                                    # 0-11 fits nothing open to B
    assert not ev.playable
    ev = r.pass_("B")
    assert ev.markers == ("B",) and r.trains["B"].marker and r.current == "A"
    ev = r.draw("A")                                    # 7-8 fits nothing; 3-12 fits the 12 of B's marked train
    assert ev.playable
    assert rule_of(lambda: r.play("A", T("7-8"), "A")) == "mexican-train/drawn-tile"
    r.play("A", T("3-12"), "B")                         # a marked train is open to everyone
    assert r.trains["B"].marker                         # only B's own play lifts it
    r.play("B", T("3-4"), "B")
    assert r.trains["B"].marker is False


def test_round_ends_by_going_out_even_on_a_double(mt):
    r = Round(mt, ["A", "B"], {"A": tiles("5-5"), "B": tiles("1-2", "3-9")}, tiles("0-1"), T("12-12"), "A",
              trains={"A": tiles("12-5")})
    ev = r.play("A", T("5-5"), "A")
    assert ev.end == "out" and r.out == "A" and r.penalties == {"A": 0, "B": 3 + 12}


def test_round_ends_blocked_when_nobody_can_play(mt):
    # stock empty; A's 0-1 and B's 2-3 fit no end (A 5, B 7, Mexican 9) even if every train were marked
    r = Round(mt, ["A", "B"], {"A": tiles("0-1", "8-8"), "B": tiles("2-3", "5-6")}, [], T("12-12"), "A",
              trains={"A": tiles("12-5"), "B": tiles("12-7"), "mexican": tiles("12-9")})
    assert r.plays_for("A") == []
    ev = r.pass_("A")                                   # A marks; B may now use A's train with 5-6
    assert ev.end is None and r.current == "B" and r.plays_for("B") == [(T("5-6"), "A")]
    ev = r.play("B", T("5-6"), "A")                     # ends 6, 7, 9: nothing in either hand fits
    assert ev.end == "blocked" and ev.next is None
    assert r.penalties == {"A": 1 + 16, "B": 5}


def test_match_totals_and_a_drawn_match(mt):
    res = mt.settle_match(["A", "B", "C"], [{"A": 0, "B": 23, "C": 7}], 1, "A")
    assert res.complete and res.winners == ("A",) and [str(e) for e in res.engines] == ["12-12"]
    rounds = [{"A": 10, "B": 0, "C": 4}, {"A": 0, "B": 12, "C": 9}] + [{"A": 1, "B": 1, "C": 1}] * 5
    res = mt.settle_match(["A", "B", "C"], rounds, 7, "C")
    assert dict(res.totals) == {"A": 15, "B": 17, "C": 18} and res.winners == ("A",)
    assert list(res.first) == ["C", "A", "B", "C", "A", "B", "C"]
    tie = mt.settle_match(["A", "B"], [{"A": 9, "B": 9}], 1)
    assert tie.winners == ("A", "B")                    # equal lowest totals: a drawn match
    with pytest.raises(ValueError, match="a 1-round match has no round 2"):
        mt.settle_match(["A", "B"], [{"A": 1, "B": 2}] * 2, 1)


TABLE = """variant: mexican-train
table:
  engine: "12-12"
  players: [A, B, C]
  trains: {A: ["12-5", "5-5"], B: ["12-3"], mexican: ["12-9"]}
  markers: [B]
  to_move: C
  hand: ["5-8", "3-4", "9-10"]
  expect:
    trains: {A: cover, B: wait, C: wait, mexican: wait}
    plays: ["5-8 on A"]
"""

ROUND = """variant: mexican-train
round:
  engine: "12-12"
  players: [A, B]
  first: A
  hands: {A: ["12-5", "5-5", "5-7"], B: ["12-3", "1-2"]}
  stock: ["2-9"]
turns:
  - {by: A, play: "12-5", train: A}
  - {by: B, play: "12-3", train: B}
  - {by: A, play: "5-5", train: A, expect: {next: A, open_doubles: ["5-5 on A"]}}
  - {by: A, play: "5-7", train: A, expect: {end: out, next: null}}
expect: {end: out, out: A, penalties: {A: 0, B: 3}}
"""


def test_trains_positions_check_and_score(tmp_path, capsys):
    (tmp_path / "t.yaml").write_text(TABLE)
    (tmp_path / "r.yaml").write_text(ROUND)
    assert main(["check", "-q", str(tmp_path / "t.yaml"), str(tmp_path / "r.yaml")]) == 0
    assert main(["score", "--json", str(tmp_path / "t.yaml"), str(tmp_path / "r.yaml")]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out[0]["table"]["plays"] == ["5-8 on A"]
    assert out[1]["result"] == {"end": "out", "out": "A", "penalties": {"A": 0, "B": 3}}
    assert out[1]["turns"][2]["open_doubles"] == ["5-5 on A"]


def test_wrong_values_and_illegal_moves_are_located(tmp_path, capsys):
    f = tmp_path / "t.yaml"
    f.write_text(TABLE.replace("B: wait, C: wait", "B: marked, C: wait"))
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:10:" in err and 'stated "marked", the engine computes "wait"' in err
    f.write_text(ROUND.replace('{by: B, play: "12-3", train: B}', '{by: B, play: "12-3", train: A}'))
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{f}:10:") and "[rule mexican-train/marker]" in err
    f.write_text("variant: mexican-train\nmatch:\n  players: [A, B]\n  rounds: 7\n  penalties: [{A: 1, B: 2}]\n"
                 "  expect: {winners: [A]}\n")
    assert main(["check", "-q", str(f)]) == 1
    assert "the match is not over" in capsys.readouterr().err
    f.write_text("variant: mexican-train\nsteps:\n  - play: \"1-4\"\n")
    assert main(["check", "-q", str(f)]) == 1
    assert ("`steps` here starts a position of a line of play (as horse-race has), but mexican-train is played as "
            "a layout of trains, whose positions have `table`, `round` with `turns` or `match`") in capsys.readouterr().err


BAD = [
    ("nine players", "variant: mexican-train\nmatch:\n  players: [A, B, C, D, E, F, G, H, I]\n  rounds: 1\n"
     "  penalties:\n    - {A: 0, B: 3, C: 3, D: 3, E: 3, F: 3, G: 3, H: 3, I: 3}\n", 3, "2 to 8 players"),
    ("two open doubles", 'variant: mexican-train\ntable:\n  engine: "12-12"\n  players: [A, B, C]\n'
     '  trains: {A: ["12-5", "5-5"], B: ["12-3", "3-3"]}\n  to_move: C\n', 5, "only one double"),
    ("bare on", ROUND.replace('{by: B, play: "12-3", train: B}', '{by: B, play: "12-3", on: B}'), 10, "`train:`"),
    ("play without train", ROUND.replace('{by: B, play: "12-3", train: B}', '{by: B, play: "12-3"}'), 10,
     "add `train:"),
    ("broken train", 'variant: mexican-train\ntable:\n  engine: "12-12"\n  players: [A, B]\n  trains:\n    A:\n'
     '      - "12-5"\n      - "6-9"\n  to_move: B\n', 8, "A's train shows 5"),
    ("train off the engine", 'variant: mexican-train\ntable:\n  engine: "12-12"\n  players: [A, B]\n'
     '  trains: {B: ["11-2"]}\n  to_move: B\n', 5, "engine's 12"),
    ("impossible penalty", "variant: mexican-train\nmatch:\n  players: [A, B]\n  rounds: 1\n"
     "  penalties:\n    - {A: 0, B: 99999}\n", 6, "whole set"),
    ("stranger in a round", "variant: mexican-train\nmatch:\n  players: [A, B]\n  rounds: 1\n"
     "  penalties:\n    - {A: 0, B: 3, Z: 4}\n", 6, "'Z' is not seated"),
    ("full-width digit", 'variant: mexican-train\ntable:\n  engine: "12-12"\n  players: [A, B]\n'
     '  trains: {A: ["12-６"]}\n  to_move: B\n', 5, "is not a tile"),
]


@pytest.mark.parametrize("name,text,line,needle", BAD, ids=[b[0] for b in BAD])
def test_bad_trains_positions_give_one_located_line(tmp_path, capsys, name, text, line, needle):
    f = tmp_path / "x.yaml"
    f.write_text(text)
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith(f"{f}:{line}:") and needle in err[0], err


def test_score_prints_every_kind_without_json(tmp_path, capsys):
    (tmp_path / "t.yaml").write_text(TABLE)
    (tmp_path / "m.yaml").write_text("variant: mexican-train\nmatch:\n  players: [A, B]\n  rounds: 1\n"
                                     "  penalties:\n    - {A: 0, B: 3}\n")
    assert main(["score", str(tmp_path / "t.yaml"), str(tmp_path / "m.yaml")]) == 0
    out = capsys.readouterr().out
    assert "C may play: 5-8 on A" in out and "winners A" in out


def test_last_double_needs_no_cover(mt):
    r = Round(mt, ["A", "B"], {"A": tiles("5-5"), "B": tiles("1-2")}, [], T("12-12"), "A",
              trains={"A": tiles("12-5")})
    ev = r.play("A", T("5-5"), "A")
    assert ev.end == "out" and ev.open_doubles == ()


def test_a_match_adds_up_every_round(mt):
    """The table settings are 13, 7 and 1 rounds (13 unless said): a round
    where a player holds nothing counts 0 for them; winners are named only
    once every round is played; the engines step down from 12-12 whatever
    the setting; a setting the rules do not offer is refused by name."""
    res = mt.settle_match(["A", "B"], [{"A": 5}] * 13)                # B went out every round
    assert dict(res.totals) == {"A": 65, "B": 0} and res.complete and res.winners == ("B",)
    assert [str(e) for e in res.engines] == [f"{n}-{n}" for n in range(12, -1, -1)]
    part = mt.settle_match(["A", "B"], [{"A": 5, "B": 1}] * 12)
    assert dict(part.totals) == {"A": 60, "B": 12} and not part.complete and part.winners == ()
    assert mt.engine_of(13) == T("0-0")                                 # the 13th round of the full match
    half = mt.settle_match(["A", "B"], [{"A": 1, "B": 2}] * 2, 7)
    assert [str(e) for e in half.engines] == ["12-12", "11-11"] and not half.complete
    with pytest.raises(ValueError) as exc:
        mt.settle_match(["A", "B"], [], 8)
    assert str(exc.value) == "the table settings are 13, 7, 1 rounds, not 8"


def test_a_round_set_up_mid_way_is_checked(mt):
    """A round may start mid-way: each train must run on from the engine's
    number (12-5, then 5-5, shows 5; a double keeps the number), a train
    ending in a double is an open double unless said otherwise, and the
    first player must be seated."""
    r = Round(mt, ["A", "B"], {"A": tiles("5-9"), "B": tiles("0-1")}, [], T("12-12"), "A",
              trains={"A": tiles("12-5", "5-5"), "B": tiles("12-3")})
    assert (r.trains["A"].end, r.trains["B"].end, r.trains["mexican"].end) == (5, 3, 12)
    assert r.open_doubles == ["A"] and r.status("B", "B") == "wait" and r.status("A", "A") == "cover"
    assert r.plays_for("A") == [(T("5-9"), "A")] and not r.can_play("B")
    assert (r.pips("A"), r.penalties) == (14, {"A": 14, "B": 1})
    with pytest.raises(ValueError) as exc:
        Round(mt, ["A", "B"], {}, [], T("12-12"), "A", trains={"A": tiles("12-5", "6-6")})
    assert str(exc.value) == "6-6 does not match the end of the A train, which shows 5"
    with pytest.raises(ValueError) as exc:
        Round(mt, ["A", "B"], {}, [], T("12-12"), "Z")
    assert str(exc.value) == "'Z' is not seated"
    quiet = Round(mt, ["A", "B"], {}, [], T("12-12"), "A", trains={"A": tiles("12-5", "5-5")}, open_doubles=[])
    assert quiet.open_doubles == [] and quiet.status("B", "B") == "own"


def test_every_refused_move_of_a_round_says_why(mt):
    """A holds 12-4 and 12-6 (each fits every train, all showing 12) and
    0-1; B holds 3-5; the stock is empty."""
    r = Round(mt, ["A", "B"], {"A": tiles("12-4", "12-6", "0-1"), "B": tiles("3-5")}, [], T("12-12"), "A")
    for fn, said in [
            (lambda: r.play("A", T("12-4"), "C"), ("there is no train 'C'; the trains are A, B, mexican",
                                                   "mexican-train/trains")),
            (lambda: r.play("A", T("3-5"), "A"), ("A does not hold 3-5", "mexican-train/own-tiles")),
            (lambda: r.play("Z", T("12-4"), "A"), ("'Z' is not a player", "mexican-train/players")),
            (lambda: r.play("B", T("3-5"), "B"), ("it is A's turn, not B's", "mexican-train/turn-order")),
            (lambda: r.draw("A"), ("A can play and may not draw instead", "mexican-train/must-play")),
            (lambda: r.pass_("A"), ("A can play and may not pass", "mexican-train/must-play")),
            (lambda: r.play("A", T("0-1"), "A"), ("0-1 does not match the end of A's train, which shows 12",
                                                  "mexican-train/matching"))]:
        with pytest.raises(RuleViolation) as exc:
            fn()
        assert (exc.value.message, exc.value.rule) == said
    r.play("A", T("12-4"), "A")
    with pytest.raises(RuleViolation) as exc:
        r.draw("B")                     # B cannot play and nothing is left to draw (A still can: no block)
    assert (exc.value.message, exc.value.rule) == ("the stock is empty; the player passes and marks their train",
                                                   "mexican-train/empty-stock")


def test_a_rounds_record_of_moves(mt):
    """Every move is recorded as it was made. A plays 12-5 on its own train;
    B draws 0-11 (no fit), passes and marks its train; A draws 3-12 (it fits
    B's marked train) and plays it there; B plays 3-4 on its own train,
    lifting the marker. Now A holds only 7-8 and B 0-0 and 0-11; none fits
    any train and the stock is empty: that play ends the round blocked."""
    r = Round(mt, ["A", "B"], {"A": tiles("12-5", "7-8"), "B": tiles("3-4", "0-0")},
              tiles("0-11", "3-12"), T("12-12"), "A")
    r.play("A", T("12-5"), "A")
    r.draw("B")
    r.pass_("B")
    r.draw("A")
    r.play("A", T("3-12"), "B")
    last = r.play("B", T("3-4"), "B")
    got = [(e.kind, e.player, e.tile and str(e.tile), e.train, e.playable, e.next, e.markers, e.end) for e in r.events]
    assert got == [("play", "A", "5-12", "A", False, "B", (), None),
                   ("draw", "B", "0-11", None, False, "B", (), None),
                   ("pass", "B", None, None, False, "A", ("B",), None),
                   ("draw", "A", "3-12", None, True, "A", ("B",), None),
                   ("play", "A", "3-12", "B", False, "B", ("B",), None),
                   ("play", "B", "3-4", "B", False, None, (), "blocked")]
    assert last is r.events[-1] and (r.end, r.current, r.out) == ("blocked", None, None)
    assert r.penalties == {"A": 7 + 8, "B": 0 + 11}          # B still holds the 0-11 it drew


def test_going_out_ends_the_round_with_the_last_play(mt):
    r = Round(mt, ["A", "B"], {"A": tiles("12-5"), "B": tiles("3-4")}, tiles("0-1"), T("12-12"), "A")
    ev = r.play("A", T("12-5"), "A")
    assert (ev.kind, ev.player, str(ev.tile), ev.train, ev.next, ev.end) == ("play", "A", "5-12", "A", None, "out")
    assert (r.end, r.out, r.current, r.drawn) == ("out", "A", None, None)


def test_a_round_passes_through_its_phases(mt):
    """A round's ``phase`` says where the turn stands (the simulation reads
    it): ``start``; ``cover`` after a double, whose cover is owed; ``drawn`` and
    ``cover-drawn`` once the player has drawn in either. A holds 5-5 and 0-1;
    A's train shows 5 and the Mexican train 9; B holds 5-8 and 9-10."""
    r = Round(mt, ["A", "B"], {"A": tiles("5-5", "0-1"), "B": tiles("5-8", "9-10")}, tiles("0-2", "4-4"),
              T("12-12"), "A", trains={"A": tiles("12-5"), "mexican": tiles("12-9")})
    assert (r.phase, r.drawn, r.out, r.end, r.engine) == ("start", None, None, None, T("12-12"))
    assert {o: (tr.owner, tr.end, tr.marker) for o, tr in r.trains.items()} == {
        "A": ("A", 5, False), "B": ("B", 12, False), "mexican": ("mexican", 9, False)}
    ev = r.play("A", T("5-5"), "A")
    assert (ev.kind, ev.player, ev.tile, ev.train, ev.next, ev.open_doubles, ev.end) == (
        "play", "A", T("5-5"), "A", "A", ("5-5 on A",), None)
    assert r.phase == "cover"
    # 0-1 cannot cover the 5-5, but the stock is not empty: A must draw before passing
    assert refusal(lambda: r.pass_("A")) == ("A must draw one tile before passing", "mexican-train/draw-before-pass")
    ev = r.draw("A")
    assert (ev.tile, ev.playable, r.phase, r.drawn) == (T("0-2"), False, "cover-drawn", T("0-2"))
    assert refusal(lambda: r.play("A", T("0-1"), "A")) == ("A drew 0-2 and may play only that tile",
                                                           "mexican-train/drawn-tile")
    assert refusal(lambda: r.draw("A")) == ("A has already drawn this turn", "mexican-train/draw-once")
    assert r.plays_for("A") == []                       # the drawn 0-2 fits nowhere
    assert r.plays_for("B") == [(T("5-8"), "A")]        # B's own tiles: only the cover of A's double
    r.pass_("A")
    assert (r.phase, r.drawn, r.current, r.trains["A"].marker) == ("start", None, "B", True)


def test_one_draw_a_turn_and_the_end_of_moves(mt):
    """B cannot play on the 5 of A's train or the 12s: B draws 0-11, which
    fits nothing, and may not draw again. Then B passes and A goes out."""
    r = Round(mt, ["A", "B"], {"A": tiles("5-6"), "B": tiles("3-4", "0-0")}, tiles("0-11", "3-12"),
              T("12-12"), "B", trains={"A": tiles("12-5"), "B": tiles("12-1"), "mexican": tiles("12-2")})
    ev = r.draw("B")
    assert (ev.tile, ev.playable, r.phase) == (T("0-11"), False, "drawn")
    assert refusal(lambda: r.draw("B")) == ("B has already drawn this turn", "mexican-train/draw-once")
    r.pass_("B")
    r.play("A", T("5-6"), "A")
    assert (r.end, r.out, r.current) == ("out", "A", None)
    assert refusal(lambda: r.draw("B")) == ("the round is over (out); no more moves", "mexican-train/round-over")



def test_a_table_without_the_thirteen_round_setting_settles_its_own_match():
    """A club table whose only setting is seven rounds: its one-round score
    sheet names round 1's engine, 12-12 (seed 001: 12-12 first)."""
    from generator.engine import Params
    from generator.engine.choices import Choices
    from generator.engine.rules import make_variant

    seven = make_variant(Params(set=12, players=(2,), partnerships=(), deal={2: 15}, own=(("rounds", (7,)),)),
                         Choices(layout="trains", lead="engine", draw="one", settlement="penalty"), "club")
    result = seven.settle_match(["A", "B"], [{"A": 1, "B": 2}], setting=7)
    assert result.engines == (T("12-12"),) and result.totals == {"A": 1, "B": 2} and not result.complete
