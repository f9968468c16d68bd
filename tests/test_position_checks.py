"""What `rulebook check` says about each stated value that the engine does not
confirm (generator/families/line/positions.py), and what `rulebook score --json` gives
for a hand played move by move. Every expected value is worked by hand in the
test's docstring or comment."""

import json

import pytest

from generator.cli.main import main

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


def check(tmp_path, capsys, text, name="p.yaml"):
    """``rulebook check`` of one position file: (exit code, its stderr lines)."""
    f = tmp_path / name
    f.write_text(text, encoding="utf-8")
    code = main(["check", "-q", str(f)])
    return code, [line.replace(str(f), "FILE") for line in capsys.readouterr().err.strip().splitlines()]


def test_each_wrong_value_of_a_step_is_located_and_explained(tmp_path, capsys):
    """Horse Race: 3-3 crosswise, 3-6 on its b side, 4-6 on the 6. The
    crosswise 3-3 counts 3 + 3 = 6 at its open straight side and 4-6 shows
    its 4: 6 + 4 = 10, a multiple of 5, so 10 raw and 10 / 5 = 2 points; the
    open ends are 3-3:a and 4-6:4. Every stated value here is off, and each
    is reported at its own column with the engine's count beside it."""
    code, err = check(tmp_path, capsys, 'variant: horse-race\nsteps:\n  - play: "3-3"\n  - play: "3-6"\n'
                      '    at: "3-3:b"\n  - play: "4-6"\n    at: "3-6:6"\n'
                      '    expect: {counted: [6, 5], total: 11, raw: 5, points: 1, open: ["3-3:a", "4-6:6"]}\n')
    why = "(counted 6 + 4 = 10)"
    assert code == 1 and err == [
        f"FILE:8:14: error: step 3 (4-6) counted: stated [6, 5], the engine computes [6, 4] {why}",
        f"FILE:8:31: error: step 3 (4-6) total: stated 11, the engine computes 10 {why}",
        f"FILE:8:42: error: step 3 (4-6) raw: stated 5, the engine computes 10 {why}",
        f"FILE:8:50: error: step 3 (4-6) points: stated 1, the engine computes 2 {why}",
        f'FILE:8:61: error: step 3 (4-6) open: stated ["3-3:a", "4-6:6"], the engine computes ["3-3:a", "4-6:4"] {why}']
    code, err = check(tmp_path, capsys, 'variant: horse-race\nsteps:\n  - play: "3-4"\n'
                      '    expect: {counted: [3, 4], total: 7, raw: 0, points: 0, open: ["3-4:4", "3-4:3"]}\n')
    assert (code, err) == (0, []), "the same values in any order (counted, open) agree"


def test_an_open_end_written_wrongly_is_named_and_the_rest_still_checked(tmp_path, capsys):
    """A lone crosswise 3-3 counts as one value, 3 + 3 = 6."""
    code, err = check(tmp_path, capsys, 'variant: horse-race\nsteps:\n  - play: "3-3"\n'
                      '    expect: {total: 7, open: ["3-3:c"]}\n')
    assert code == 1 and err[:2] == [
        "FILE:4:14: error: step 1 (3-3) total: stated 7, the engine computes 6 (counted 6 = 6)",
        "FILE:4:24: error: step 1 (3-3): '3-3:c': a double's ends are a, b, side-a and side-b, or a corner (corner-a-side-a, "
        "corner-a-side-b, corner-b-side-a, corner-b-side-b), not 'c'"]


def test_a_wrong_settlement_names_each_winners_pips(tmp_path, capsys):
    """Draw: B goes out; W holds 3-5 and 0-2 = 8 + 2 = 10 pips. B wins and
    nothing is scored."""
    code, err = check(tmp_path, capsys, 'variant: draw\nsettle:\n  out: B\n  hands:\n    B: []\n'
                      '    W: ["3-5", "0-2"]\n  expect:\n    winners: [W]\n    points: {B: 1}\n')
    assert code == 1 and err[:2] == [
        'FILE:8:5: error: winners: stated ["W"], the engine computes ["B"] '
        '(B: the other player holds 10 pips, its own hand 0)',
        'FILE:9:5: error: points: stated {"B": 1}, the engine computes {} '
        '(B: the other player holds 10 pips, its own hand 0)']
    # All Fives, blocked: N 1-2 + 0-6 = 9, E 3-6 + 3-4 = 16; N scores the difference, 16 - 9 = 7
    code, err = check(tmp_path, capsys, 'variant: all-fives\nsettle:\n  hands:\n    N: ["1-2", "0-6"]\n'
                      '    E: ["3-6", "3-4"]\n  expect:\n    winners: [N]\n    points: {N: 8}\n')
    assert err[0] == ('FILE:8:5: error: points: stated {"N": 8}, the engine computes {"N": 7} '
                      '(N: the other player holds 16 pips, its own hand 9, raw 7)')
    # Draw, blocked on equal totals: B 2-6 + 1-1 = 10, W 4-5 + 0-1 = 10: nobody wins
    code, err = check(tmp_path, capsys, 'variant: draw\nsettle:\n  hands:\n    B: ["2-6", "1-1"]\n'
                      '    W: ["4-5", "0-1"]\n  expect:\n    winners: [B]\n')
    assert err[0] == ('FILE:7:5: error: winners: stated ["B"], the engine computes [] '
                      '(no single lowest total: nobody wins)')


#: Draw, two players (seed 003's deal of seven each): B sets 3-4; W holds no 3 and no 4 and draws 0-2,
#: 1-5 and 2-6 (none fits), then 1-3, which fits the 3 and must be placed at once, ending the turn;
#: B then plays 4-4 crosswise on the 4 end, which leaves its straight side b open. (Errors are listed in
#: the file's order: line, then column.)
TURNS = ('variant: draw\ndeal:\n  players: [B, W]\n  leader: B\n  hands:\n'
         '    B: ["3-4", "3-3", "4-4", "2-4", "3-5", "0-4", "6-6"]\n'
         '    W: ["0-0", "0-1", "0-6", "1-1", "1-2", "2-5", "5-6"]\n'
         '  stock: ["0-2", "1-5", "2-6", "1-3", "0-3", "0-5", "1-4", "1-6", "2-2", "2-3", "3-6", "4-5", "4-6", "5-5"]\n'
         'turns:\n'
         '  - by: B\n    play: "3-4"\n'
         '  - by: W\n    draw: "0-2"\n'
         '  - by: W\n    draw: "1-5"\n'
         '  - by: W\n    draw: "2-6"\n'
         '  - by: W\n    draw: "1-3"\n'
         '  - by: W\n    play: "1-3"\n    at: "3-4:3"\n'
         '  - by: B\n    play: "4-4"\n    at: "3-4:4"\n')


def test_a_hand_move_by_move_as_json(tmp_path, capsys):
    f = tmp_path / "t.yaml"
    f.write_text(TURNS + "expect:\n  end: none\n", encoding="utf-8")
    assert main(["score", str(f), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)[0]
    for t in data["turns"]:                 # the counted values in any order
        t["counted"] = sorted(t.get("counted", []))
    none = {"B": 0, "W": 0}
    assert data["turns"] == [
        {"by": "B", "move": "play", "play": "3-4", "at": None, "counted": [3, 4], "total": 7, "raw": 0, "points": 0,
         "open": ["3-4:3", "3-4:4"], "next": "W", "scores": none, "end": None},
        *({"by": "W", "move": "draw", "draw": t, "playable": False, "next": "W", "scores": none, "end": None,
           "counted": []} for t in ("0-2", "1-5", "2-6")),
        {"by": "W", "move": "draw", "draw": "1-3", "playable": True, "next": "W", "scores": none, "end": None,
         "counted": []},
        # Draw counts the number at each open end (1 and 4; then 1 and the crosswise 4-4's 4), scoring nothing
        {"by": "W", "move": "play", "play": "1-3", "at": "3-4:3", "counted": [1, 4], "total": 5, "raw": 0,
         "points": 0, "open": ["1-3:1", "3-4:4"], "next": "B", "scores": none, "end": None},
        {"by": "B", "move": "play", "play": "4-4", "at": "3-4:4", "counted": [1, 4], "total": 5, "raw": 0,
         "points": 0, "open": ["1-3:1", "4-4:b"], "next": "W", "scores": none, "end": None}]
    assert data["result"] == {"end": "none", "winners": [], "points": {}, "scores_after": none,
                              "game_winners": [], "next_leader": None}


def test_a_wrong_value_of_a_move_or_of_the_hands_end_is_located(tmp_path, capsys):
    moves = TURNS.replace('    draw: "0-2"\n', '    draw: "0-2"\n    expect: {playable: true, next: B, points: 0}\n')
    moves = moves.replace('    at: "3-4:3"\n', '    at: "3-4:3"\n    expect: {scores: {B: 0, W: 1}, end: out}\n')
    code, err = check(tmp_path, capsys, moves + "expect:\n  end: blocked\n  winners: [W]\n  next_leader: B\n")
    assert code == 1 and err == [
        "FILE:14:5: error: move 2 (W draw 0-2): placement values need a `play`",
        "FILE:14:14: error: move 2 (W draw 0-2) playable: stated true, the engine computes false",
        'FILE:14:30: error: move 2 (W draw 0-2) next: stated "B", the engine computes "W"',
        'FILE:24:14: error: move 6 (W play 1-3) scores: stated {"B": 0, "W": 1}, the engine computes {"B": 0, "W": 0}',
        'FILE:24:36: error: move 6 (W play 1-3) end: stated "out", the engine computes null',
        'FILE:29:3: error: end: stated "blocked", the engine computes "none"',
        'FILE:30:3: error: winners: stated ["W"], the engine computes []',
        'FILE:31:3: error: next_leader: stated "B", the engine computes null']
