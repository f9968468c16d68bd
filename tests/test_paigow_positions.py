"""Pai Gow's position files through `rulebook check`: the shipped ones verify, and each author mistake gives
one located line (FILE:LINE:COL, the engine's reason and value), never a traceback. Lines and columns counted
by hand from the texts below."""

import pytest

from generator.cli.main import main

BAD = [
    ("a blank", "variant: pai-gow\nhand:\n  tiles: [0-6, 4-5]\n", "3:11", "no blanks"),
    ("a third 6-6", "variant: pai-gow\nsetting:\n  tiles: [6-6, 6-6, 6-6, 1-2]\n", "3:21",
     "6-6 is named 3 times here, but the Chinese set has 2 of it"),
    ("a second military nine", "variant: pai-gow\nshowdown:\n  player: {high: [4-5, 1-3], low: [5-5, 4-6]}\n"
     "  banker: {high: [4-5, 1-3], low: [2-2, 1-5]}\n", "4:19", "the Chinese set has 1 of it"),
    ("low above high", "variant: pai-gow\nsetting:\n  tiles: [6-6, 6-6, 4-5, 1-2]\n  high: [4-5, 1-2]\n"
     "  low: [6-6, 6-6]\n", "5:3", "the low hand (pair of Teen) is above the high hand (5 points)"),
    ("a wrong hand value", "variant: pai-gow\nhand:\n  tiles: [1-3, 5-6]\n  expect: {kind: points, points: 6}\n",
     "4:26", "points: stated 6, the engine computes 5"),
    ("a wrong kind", "variant: pai-gow\nhand:\n  tiles: [6-6, 4-5]\n  expect: {kind: points}\n",
     "4:12", 'kind: stated "points", the engine computes "wong"'),
    ("a wrong result", "variant: pai-gow\nshowdown:\n  player: {high: [6-6, 4-5], low: [6-6, 1-2]}\n"
     "  banker: {high: [1-1, 1-1], low: [5-6, 2-3]}\n  expect: {result: win}\n", "5:12",
     'result: stated "win", the engine computes "push"'),
    ("a fair setting marked refused", "variant: pai-gow\nsetting:\n  tiles: [6-6, 6-6, 4-5, 1-2]\n"
     "  high: [6-6, 6-6]\n  low: [4-5, 1-2]\n  reject: low-above-high\n", "6:11", "this setting is allowed"),
    ("a wrong practice answer", "variant: pai-gow\nhand:\n  tiles: [6-6, 2-6]\n  banker: [1-1, 3-6]\n"
     "  question: which-is-higher\n  answer: player\n", "6:3", 'stated "player", the engine computes "banker"'),
    ("a line-of-play key", "variant: pai-gow\nsteps:\n  - play: 1-4\n", "2:1", "`steps` here starts a position of a line of play"),
]


@pytest.mark.parametrize("name,text,where,needle", BAD, ids=[c[0] for c in BAD])
def test_bad_pai_gow_position_gives_one_located_line(tmp_path, capsys, name, text, where, needle):
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


def test_shipped_pai_gow_positions_verify(capsys):
    assert main(["check", "-q", "rules/pai-gow/positions"]) == 0


def test_score_reports_the_engine_values(capsys):
    assert main(["score", "--json", "rules/pai-gow/positions/setting-best.yaml"]) == 0
    out = capsys.readouterr().out
    # Teen + 4-5 is a Wong over Teen + 1-2 (12 + 6 = 18: 8 points)
    assert '"best"' in out and '"6-6"' in out and '"1-2"' in out
