"""Illegal plays: a position that makes one fails `rulebook check` at the step's
line with the rule that forbids it; a step stated as `reject` must be refused by
exactly that rule, is shown on the page, and does not change the layout."""

import json

import pytest

from generator.cli.main import main

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

ILLEGAL = [
    ("matador", 'variant: matador\nsteps:\n  - play: "6-6"\n  - play: "2-6"\n    at: "6-6:a"\n',
     4, "matador/sum-7"),
    ("matador blank", 'variant: matador\nsteps:\n  - play: "6-6"\n  - play: "0-1"\n    at: "6-6:a"\n'
     '  - play: "0-3"\n    at: "0-1:0"\n', 6, "matador/blank"),
    ("all-threes", 'variant: all-threes\nsteps:\n  - play: "1-2"\n  - play: "1-1"\n    at: "1-2:1"\n',
     4, "all-threes/multiple-of-3"),
    ("all-threes set", 'variant: all-threes\nsteps:\n  - play: "1-3"\n', 3, "all-threes/set"),
    ("block", 'variant: block\nsteps:\n  - play: "6-6"\n  - play: "1-2"\n    at: "6-6:a"\n', 4, "block/matching"),
    ("bergen inline", 'variant: bergen\nsteps:\n  - play: "6-6"\n    as: inline\n', 3, "bergen/doubles-crosswise"),
    ("draw", 'variant: draw\nsteps:\n  - play: "2-5"\n  - play: "3-4"\n    at: "2-5:5"\n', 4, "draw/matching"),
    ("sniff second double", 'variant: sniff\nsteps:\n  - play: "4-4"\n  - play: "2-4"\n    at: "4-4:a"\n'
     '  - play: "2-2"\n    at: "2-4:2"\n  - play: "2-5"\n    at: "2-2:side-a"\n', 9, "sniff/placement"),
    ("all-fives", 'variant: all-fives\nsteps:\n  - play: "0-4"\n  - play: "5-6"\n    at: "0-4:4"\n',
     4, "all-fives/matching"),
]


@pytest.mark.parametrize("name,text,line,rule", ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_play_fails_check_with_line_and_rule(tmp_path, capsys, name, text, line, rule):
    f = tmp_path / "p.yaml"
    f.write_text(text)
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1
    assert err[0].startswith(f"{f}:{line}:")
    assert f"[rule {rule}]" in err[0]


def test_illegal_turn_in_a_hand_names_the_rule(tmp_path, capsys):
    # Block: N holds 6-6, the highest double, so E may not lead.
    hands = {"N": ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"],
             "E": ["0-6", "1-1", "1-2", "1-3", "1-4", "1-5", "1-6"]}
    stock = ["2-2", "2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5", "3-6", "4-4", "4-5", "4-6", "5-5", "5-6"]
    text = ("variant: block\ndeal:\n  players: [N, E]\n  leader: E\n"
            f"  hands: {json.dumps(hands)}\n  stock: {json.dumps(stock)}\nturns:\n  - by: E\n    play: \"1-1\"\n")
    f = tmp_path / "t.yaml"
    f.write_text(text)
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err.strip()
    assert err.startswith(f"{f}:4:3:") and "[rule block/lead]" in err and "6-6" in err


REJECT = 'variant: all-threes\nsteps:\n  - play: "1-2"\n  - play: "1-1"\n    at: "1-2:1"\n    reject: {rule}\n' \
         '  - play: "1-1"\n    at: "1-2:1"\n    as: inline\n    expect: {{total: 3, points: 3}}\n'


def test_reject_step_is_verified_and_leaves_the_layout(tmp_path, capsys):
    f = tmp_path / "r.yaml"
    f.write_text(REJECT.format(rule="all-threes/multiple-of-3"))
    assert main(["check", "-q", str(f)]) == 0
    assert main(["score", str(f), "--json"]) == 0
    steps = json.loads(capsys.readouterr().out)[0]["steps"]
    assert steps[1]["rejected"]["rule"] == "all-threes/multiple-of-3"
    assert "2 + 2 = 4" in steps[1]["rejected"]["message"]
    assert steps[1]["open"] == ["1-2:1", "1-2:2"]
    assert steps[2]["points"] == 3


def test_reject_by_another_rule_or_a_legal_step_fails(tmp_path, capsys):
    f = tmp_path / "r.yaml"
    f.write_text(REJECT.format(rule="all-threes/set"))
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:6:" in err and "another rule" in err
    f.write_text('variant: all-threes\nsteps:\n  - play: "1-2"\n  - play: "1-4"\n    at: "1-2:1"\n'
                 '    reject: all-threes/multiple-of-3\n')
    assert main(["check", "-q", str(f)]) == 1
    err = capsys.readouterr().err
    assert f"{f}:6:" in err and "accepts" in err


def test_matador_needs_touch_only_when_no_half_adds_to_seven(tmp_path, capsys):
    f = tmp_path / "m.yaml"
    f.write_text('variant: matador\nsteps:\n  - play: "3-3"\n  - play: "1-6"\n    at: "3-3:a"\n')
    assert main(["check", "-q", str(f)]) == 1
    assert "`touch`" in capsys.readouterr().err
    f.write_text('variant: matador\nsteps:\n  - play: "3-3"\n  - play: "1-6"\n    at: "3-3:a"\n    touch: 1\n'
                 '    expect: {open: ["1-6:6", "3-3:b"]}\n')
    assert main(["check", "-q", str(f)]) == 0
