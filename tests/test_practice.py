"""Practice positions: the engine lists every legal play of a hand on a table
with its outcome and marks the best; the stated answer is verified like any
stated value. Expected values are worked by hand in each position file's
comment (and below)."""

import json

import pytest

from generator.cli.main import main

from conftest import RULES, rules_with, shown

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


def _score(path, capsys):
    assert main(["score", "--json", str(path)]) == 0
    return json.loads(capsys.readouterr().out)[0]["practice"]


def test_best_play_lists_every_legal_play_with_its_points(capsys):
    """All Fives, ends 6 and 2: 6-3 on the 6 makes 3 + 2 = 5; the 2-2
    crosswise 4 + 6 = 10, lengthwise 2 + 6 = 8; the 6-6 crosswise 12 + 2 = 14,
    lengthwise 6 + 2 = 8; the 1-5 fits nowhere."""
    got = _score(RULES / "all-fives" / "positions" / "practice-double-crosswise.yaml", capsys)
    assert got["question"] == "best-play"
    assert {o["play"]: o["points"] for o in got["options"]} == {
        "3-6 at 4-6:6": 5, "2-2 at 2-4:2 as cross": 10, "2-2 at 2-4:2 as inline": 0,
        "6-6 at 4-6:6 as cross": 0, "6-6 at 4-6:6 as inline": 0}
    assert got["best"] == ["2-2 at 2-4:2 as cross"]


def test_most_playable_counts_the_tiles_that_can_follow(capsys):
    """Draw, ends 2 and 5, hand 2-5, 1-2, 5-6 (seed 003's position)."""
    got = _score(RULES / "draw" / "positions" / "practice-keep-playable.yaml", capsys)
    assert {o["play"]: (o["open"], o["playable"]) for o in got["options"]} == {
        "2-5 at 2-4:2": (["2-5:5", "4-5:5"], ["5-6"]),
        "2-5 at 4-5:5": (["2-4:2", "2-5:2"], ["1-2"]),
        "1-2 at 2-4:2": (["1-2:1", "4-5:5"], ["2-5", "5-6"]),
        "5-6 at 4-5:5": (["2-4:2", "5-6:6"], ["2-5", "1-2"]),
    }
    assert got["best"] == ["1-2 at 2-4:2", "5-6 at 4-5:5"]


def _practice(tmp_path, body: str):
    rules = rules_with(tmp_path, "draw")
    path = rules / "draw" / "positions" / "practice-case.yaml"
    path.write_text("variant: draw\npractice:\n  question: most-playable\n  layout:\n    - play: \"2-4\"\n"
                    "    - play: \"4-5\"\n      at: \"2-4:4\"\n" + body)
    return path


def test_an_answer_that_is_no_legal_play_names_the_legal_ones(tmp_path, capsys):
    path = _practice(tmp_path, '  hand: ["2-5", "1-2"]\n  answer: ["1-2 at 4-5:5"]\n')
    assert main(["check", "-q", str(path)]) == 1
    assert capsys.readouterr().err == (f"{shown(path)}:9:12: error: '1-2 at 4-5:5' is not a legal play of this hand here; "
                                       "the legal plays are 1-2 at 2-4:2, 2-5 at 2-4:2, 2-5 at 4-5:5\n")


def test_a_hand_tile_already_on_the_table_is_refused(tmp_path, capsys):
    path = _practice(tmp_path, '  hand: ["2-4", "1-2"]\n  answer: ["1-2 at 2-4:2"]\n')
    assert main(["check", "-q", str(path)]) == 1
    assert capsys.readouterr().err == f"{shown(path)}:8:10: error: 2-4 is already on the table\n"


def test_a_hand_with_no_play_is_refused(tmp_path, capsys):
    path = _practice(tmp_path, '  hand: ["0-0", "1-1"]\n  answer: ["0-0"]\n')
    assert main(["check", "-q", str(path)]) == 1
    assert "no tile of this hand can be played on this table, so there is nothing to choose" in capsys.readouterr().err


def test_explain_shows_every_play_and_marks_the_best(capsys):
    assert main(["explain", "--lang", "en", str(RULES / "draw" / "positions" / "practice-keep-playable.yaml")]) == 0
    out = capsys.readouterr().out
    assert "Question: Which play leaves the most of the rest of your hand playable?" in out
    assert "★ [1|2] on the low end of [2|4]" in out and "★ [5|6] on the high end of [4|5]" in out
    assert "  [2|5] on the low end of [2|4]" in out


def test_a_practice_table_asks_where_the_player_may_play(capsys):
    """Mexican Train, D's train marked, C to move (seed 001's markers): 1-4
    fits C's own train, 10-2 D's marked one, 9-6 the Mexican train; A's train
    (end 5, for the 5-0) is closed without a marker."""
    path = RULES / "mexican-train" / "positions" / "practice-marker.yaml"
    assert main(["score", "--json", str(path)]) == 0
    got = json.loads(capsys.readouterr().out)[0]
    assert got["practice"] == {"question": "where-to-play", "best": ["C", "D", "mexican"]}
    assert sorted(got["table"]["plays"]) == ["1-4 on C", "2-10 on D", "6-9 on mexican"]


def test_a_wrong_train_answer_is_located(tmp_path, capsys):
    rules = rules_with(tmp_path, "mexican-train")
    path = rules / "mexican-train" / "positions" / "practice-uncovered-double.yaml"
    text = path.read_text("utf-8")
    path.write_text(text.replace("answer: [A]", "answer: [A, B]"), "utf-8")
    line = next(n for n, t in enumerate(path.read_text("utf-8").splitlines(), 1) if t.startswith("  answer:"))
    assert main(["check", "-q", str(path)]) == 1
    assert capsys.readouterr().err == (f'{path}:{line}:3: error: where B may play: stated ["A", "B"], the engine '
                                       'computes ["A"] (legal plays: 5-8 on A)\n')
