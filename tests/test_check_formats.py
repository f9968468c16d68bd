"""`rulebook check --format text|github|json`: the same problems, as text
lines (the contract), GitHub Actions annotations, or one JSON document; the
exit status is the same in every format."""

import json

import pytest

from generator.cli.main import main

from conftest import RULES, rules_with, shown

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


@pytest.fixture
def broken(tmp_path, monkeypatch):
    """Draw with two problems: a stated raw score of 1 where nothing scores
    (Draw scores nothing in play: the engine's 0), and in another file 1-5
    joined to a side of the 5-5, which a Draw double never opens (rule
    draw/placement)."""
    rules = rules_with(tmp_path, "draw")
    pos = rules / "draw" / "positions" / "double-ordinary.yaml"
    text = pos.read_text("utf-8")
    old = 'expect: {open: ["3-5:3", "3-5:5"], raw: 0, points: 0}'
    assert old in text
    pos.write_text(text.replace(old, old.replace("raw: 0", "raw: 1"), 1), "utf-8")
    (rules / "draw" / "positions" / "bad-play.yaml").write_text(
        'variant: draw\nsteps:\n  - play: "3-5"\n  - play: "5-5"\n    at: "3-5:5"\n  - play: "1-5"\n'
        '    at: "5-5:side-a"\n', "utf-8")
    monkeypatch.chdir(tmp_path)
    return "rules/draw/positions/bad-play.yaml", "rules/draw/positions/double-ordinary.yaml"


_PLACEMENT = "step 3: 5-5 is not a branch double, so it has no side branches (open ends: 3-5:3, 5-5:b)"
_RAW = "step 1 (3-5) raw: stated 1, the engine computes 0 (counted 5 + 3 = 8)"


def test_text_is_the_contracts_lines(broken, capsys):
    play, wrong = broken
    assert main(["check", "-q", "rules/draw"]) == 1
    out, err = capsys.readouterr()
    assert out == ""
    assert err.splitlines() == [f"{shown(play)}:7:5: error: {_PLACEMENT} [rule draw/placement]",
                                f"{shown(wrong)}:11:40: error: {_RAW}"]


def test_github_annotations_go_to_stdout_one_per_problem(broken, capsys):
    play, wrong = broken
    assert main(["check", "-q", "--format", "github", "rules/draw"]) == 1
    out, err = capsys.readouterr()
    assert err == ""
    assert out.splitlines() == [
        f"::error file={play},line=7,col=5,title=rulebook check (draw/placement)::{_PLACEMENT}",
        f"::error file={wrong},line=11,col=40,title=rulebook check::{_RAW}",
    ]


def test_json_is_one_document(broken, capsys):
    play, wrong = broken
    assert main(["check", "-q", "--format", "json", "rules/draw"]) == 1
    data = json.loads(capsys.readouterr().out)
    assert data["problems"] == [
        {"file": play, "line": 7, "col": 5, "rule": "draw/placement", "message": _PLACEMENT},
        {"file": wrong, "line": 11, "col": 40, "rule": None, "message": _RAW},
    ]


@pytest.mark.whole_site
def test_a_clean_check_is_exit_0_in_every_format(capsys):
    for fmt in ("text", "github", "json"):
        assert main(["check", "-q", "--format", fmt, str(RULES / "draw")]) == 0
        out = capsys.readouterr().out
        assert out == "" if fmt != "json" else json.loads(out)["problems"] == []


def test_an_unknown_format_is_a_usage_error(capsys):
    with pytest.raises(SystemExit) as info:
        main(["check", "--format", "xml"])
    assert info.value.code == 2
