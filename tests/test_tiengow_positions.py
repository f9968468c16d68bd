"""Tien Gow's position files through `rulebook check`: the shipped ones verify, and each author mistake gives
one located line (FILE:LINE:COL, the engine's reason and value), never a traceback. Lines and columns counted
by hand from the texts below."""

import pytest

from generator.cli.main import main

_TRICK = ("variant: tien-gow\ntrick:\n  plays:\n    - tiles: [4-4]\n    - tiles: [3-3]\n      down: true\n"
          "    - tiles: [1-1]\n    - tiles: [4-5]\n      down: true\n")
BAD = [
    ("a blank", "variant: tien-gow\nlead:\n  tiles: [0-6]\n", "3:11", "no blanks"),
    ("a third 6-6", "variant: tien-gow\nlead:\n  tiles: [6-6, 6-6, 6-6]\n", "3:21",
     "6-6 is named 3 times here, but the Chinese set has 2 of it"),
    ("a wrong winner", _TRICK + "  expect: {winner: N}\n", "10:12",
     'the trick\'s winner: stated "N", the engine computes "S"'),
    ("a wrong kind of lead", "variant: tien-gow\nlead:\n  tiles: [6-6, 3-6]\n  expect: {kind: civil-pair}\n",
     "4:12", 'stated "civil-pair", the engine computes "mixed-pair"'),
    ("a trick won by a tile that cannot win it",
     "variant: tien-gow\ntrick:\n  plays:\n    - tiles: [5-6]\n    - tiles: [3-6]\n", "5:14",
     "3-6 (Chop Gow) does not beat 5-6 (Foo) (a tile of the other suit)"),
    ("an equal tile played face up", "variant: tien-gow\ntrick:\n  plays:\n    - tiles: [2-5]\n    - tiles: [3-4]\n",
     "5:14", "does not beat 2-5 (Chop Chit) (not higher)"),
    ("a follow of the wrong number", "variant: tien-gow\ntrick:\n  plays:\n    - tiles: [6-6, 6-6]\n"
     "    - tiles: [1-1]\n", "5:14", "led with 2 tile(s): play as many, not 1"),
    ("a wrong payment", "variant: tien-gow\nscore:\n  tricks: {N: 2, E: 0, S: 1, W: 5}\n  winner: S\n"
     "  expect:\n    chips: {N: -2, E: -5, S: 8, W: 1}\n", "6:13", "N's chips: stated -2, the engine computes -4"),
    ("tricks that are not eight", "variant: tien-gow\nscore:\n  tricks: {N: 2, E: 0, S: 1, W: 4}\n  winner: S\n",
     "3:3", "these add up to 7"),
    ("a last-trick winner holding no trick",
     "variant: tien-gow\nscore:\n  tricks: {N: 2, E: 0, S: 1, W: 5}\n  winner: E\n", "4:3",
     "the winner of the last trick (E) holds 0 tricks here; they took at least that one"),
    ("a lead that is a set marked refused", "variant: tien-gow\nlead:\n  tiles: [6-6, 6-6]\n  reject: not-a-set\n",
     "4:11", "these tiles may be led: pair of Teen"),
    ("a refused play that is allowed", "variant: tien-gow\ntrick:\n  plays:\n    - tiles: [5-6]\n"
     "  refused: {tiles: [1-1], reject: does-not-beat}\n", "5:35", "E may play 1-1 face up here"),
    ("a wrong practice answer", "variant: tien-gow\ntrick:\n  plays:\n    - tiles: [4-4]\n    - tiles: [3-3]\n"
     "    - tiles: [1-1]\n    - tiles: [4-5]\n  question: who-wins\n  answer: W\n", "9:3",
     'stated "W", the engine computes "S"'),
    ("a discard marked in a practice trick", _TRICK + "  question: who-wins\n  answer: S\n", "6:7",
     "in a practice trick leave out `down`"),
    ("a Pai Gow key", "variant: tien-gow\nhand:\n  tiles: [6-6, 4-5]\n", "2:1", "starts a position of"),
]


@pytest.mark.parametrize("name,text,where,needle", BAD, ids=[c[0] for c in BAD])
def test_bad_tien_gow_position_gives_one_located_line(tmp_path, capsys, name, text, where, needle):
    f = tmp_path / "p.yaml"
    f.write_text(text)
    code = main(["check", "-q", str(f)])
    out, err = capsys.readouterr()
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{f}:{where}: error: "), lines[0]
    assert needle in lines[0]
    assert "Traceback" not in err


def test_shipped_tien_gow_positions_verify(capsys):
    assert main(["check", "-q", "rules/tien-gow/positions"]) == 0


def test_score_reports_the_engine_values(capsys):
    assert main(["score", "--json", "rules/tien-gow/positions/score-hand.yaml"]) == 0
    out = capsys.readouterr().out
    # N (banker, 2 tricks) pays (4 - 2) x 2 = 4, E (none) 5, W (5 tricks) receives 1: S gains 8
    assert '"S": 8' in out and '"N": -4' in out and '"W": 1' in out
