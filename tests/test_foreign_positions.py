"""A position of one family's games named to a game of another family (a
Mexican Train round named to Block, a Texas 42 deal named to Mexican Train)
is one located error where its kind starts, naming the family it belongs to
and the kinds the game takes, never a list of every key the game does not
take; and a position lying in another family's game's folder is told to move."""

import re

import pytest
import yaml

from generator.cli.main import main
from generator.engine.family import families, family_of
from generator.model import Catalog

from conftest import RULES, games_by_family, rules_with

pytestmark = pytest.mark.engine

#: A round of Mexican Train (the shipped ``round-marker`` position, cut short): named to Block it
#: is a position of a layout of trains; `round` starts it on line 2, column 1.
TRAIN_ROUND = """\
variant: block
round:
  engine: "12-12"
  players: [A, B, C]
  first: A
  trains:
    A: ["12-4"]
    B: ["12-8"]
    C: ["12-1"]
    mexican: ["12-6"]
  hands:
    A: ["0-2", "3-5", "9-10", "0-11"]
    B: ["4-11", "5-6", "0-3"]
    C: ["1-9", "7-8"]
  stock: ["2-7", "4-6"]
turns:
  - by: A
    draw: "2-7"
  - by: A
    pass: true
    expect: {markers: [A], next: B}
"""


def _check_one(path, capsys) -> str:
    """``rulebook check -q path``: exit status 1 and exactly one error line, which is returned."""
    code = main(["check", "-q", str(path)])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    return lines[0]


def test_a_mexican_train_round_named_to_block_is_one_error_at_its_round(tmp_path, capsys):
    f = tmp_path / "round.yaml"
    f.write_text(TRAIN_ROUND)
    line = _check_one(f, capsys)
    assert line == (f"{f}:2:1: error: `round` here starts a position of a layout of trains (as mexican-train has), "
                    "but block is played as a line of play, whose positions have `steps`, `settle`, `deal` with "
                    "`turns` or `practice`: move the file to such a game's positions, or rewrite it as one of "
                    "block's kinds")


def test_a_round_with_a_mistake_names_both_families_that_play_rounds(tmp_path, capsys):
    """With `engine` misspelt the file is no family's position; its keys (`round` with `turns`) are a
    kind of the trains' and of the tree's, and none of Block's."""
    f = tmp_path / "round.yaml"
    f.write_text(TRAIN_ROUND.replace("engine:", "engin:"))
    line = _check_one(f, capsys)
    assert line.startswith(f"{f}:2:1: error: `round` here starts a position of a layout of trains or a tree of "
                           "doubles (as mexican-train has), but block is played as a line of play")


def test_a_round_of_mexican_train_named_to_chicken_foot_is_told_apart_by_its_engine(tmp_path, capsys):
    """Both families' positions have a `round` with `turns`; Mexican Train's has an `engine` and
    trains, Chicken Foot's a `centre` and arms: the file is a train position, not a tree one."""
    f = tmp_path / "round.yaml"
    f.write_text(TRAIN_ROUND.replace("variant: block", "variant: chicken-foot"))
    line = _check_one(f, capsys)
    assert line == (f"{f}:2:1: error: `round` here starts a position of a layout of trains (as mexican-train has), "
                    "but chicken-foot is played as a tree of doubles, whose positions have `table`, `round` with "
                    "`turns` or `match`: move the file to such a game's positions, or rewrite it as one of "
                    "chicken-foot's kinds")


def _one_position_a_family() -> dict[str, tuple[str, str]]:
    """family -> (its first game, that game's first position file's text)."""
    out = {}
    for name, games in games_by_family().items():
        game = games[0]
        first = sorted((RULES / game / "positions").glob("*.yaml"))[0]
        out[name] = (game, first.read_text(encoding="utf-8"))
    return out


POSITIONS = _one_position_a_family()
PAIRS = [(a, b) for a in POSITIONS for b in POSITIONS if a != b]


@pytest.mark.parametrize("mine, theirs", PAIRS, ids=[f"{a}-in-{b}" for a, b in PAIRS])
def test_every_family_s_position_in_every_other_family_s_game_is_one_error(tmp_path, capsys, mine, theirs):
    game, text = POSITIONS[mine]
    other_game = POSITIONS[theirs][0]
    text = re.sub(r"(?m)^variant: .*$", f"variant: {other_game}", text)
    f = tmp_path / "p.yaml"
    f.write_text(text, encoding="utf-8")
    data = yaml.safe_load(text)
    kind = next(k for k in data if k not in ("variant", "title", "note"))
    row = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(f"{kind}:"))
    line = _check_one(f, capsys)
    assert line.startswith(f"{f}:{row}:1: error: `{kind}` here starts a position of {family_of(mine).noun}")
    assert f"but {other_game} is played as {family_of(theirs).noun}, whose positions have " in line


def test_a_train_position_in_block_s_folder_is_told_to_move_not_to_name_block(tmp_path, capsys, monkeypatch):
    rules = rules_with(tmp_path, "block", "mexican-train")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    text = TRAIN_ROUND.replace("variant: block", "variant: mexican-train")
    (rules / "block" / "positions" / "a-round.yaml").write_text(text)
    line = _check_one("rules/block/positions/a-round.yaml", capsys)
    assert line == ("rules/block/positions/a-round.yaml:1:10: error: this file is among block's positions "
                    "(rules/block/positions/) but names the variant 'mexican-train'; it would be shown on no page: "
                    "move it to rules/mexican-train/positions/")
    # named to Block, it is the one error of a layout of trains' position (through the Catalog)
    (rules / "block" / "positions" / "a-round.yaml").write_text(TRAIN_ROUND)
    with pytest.raises(Exception) as info:
        Catalog(rules).position(rules / "block" / "positions" / "a-round.yaml")
    assert "`round` here starts a position of a layout of trains" in str(info.value)
    assert (info.value.line, info.value.col) == (2, 1)


def test_a_position_of_the_same_family_keeps_its_own_words(tmp_path, capsys):
    """A line-of-play position with a misspelt key, named to another line-of-play game: its own
    family's message, not a family's."""
    f = tmp_path / "p.yaml"
    f.write_text('variant: block\nstesp:\n  - play: "1-4"\n')
    line = _check_one(f, capsys)
    assert "did you mean 'steps'" in line and "position of" not in line


def test_every_family_names_its_kinds_in_its_schema():
    """The kinds' keys the message names come from each family's position schema."""
    from generator.model.kinds import kind_keys

    for f in families():
        schema = f.position_schemas()[f.position_schema][0]
        assert kind_keys(schema), f.name
    line = family_of("line")
    assert kind_keys(line.position_schemas()["position"][0]) == [("steps",), ("settle",), ("deal", "turns"),
                                                                  ("practice",)]
