"""A pip too high for the game's set, however long (``99-3`` in a double-six
game, a pip of thirty digits, of six thousand), is one located error naming
the tile and the set's highest pip; and a huge integer anywhere in a position
or a game's file is a located error, never a traceback."""

import re
import shutil

import pytest
import yaml

from generator.cli.main import main

from conftest import RULES, games_by_family

pytestmark = pytest.mark.engine

HUGE = 10 ** 30


def _check(paths, capsys) -> tuple[int, list[str]]:
    code = main(["check", "-q", *map(str, paths)])
    err = capsys.readouterr().err
    assert "Traceback" not in err, err
    return code, err.strip().splitlines()


def _one(path, text, capsys) -> str:
    path.write_text(text, encoding="utf-8")
    code, lines = _check([path], capsys)
    assert code == 1 and len(lines) == 1, lines
    return lines[0]


def test_a_pip_above_the_set_names_the_tile_and_the_highest_pip(tmp_path, capsys):
    f = tmp_path / "p.yaml"
    line = _one(f, 'variant: draw\nsteps:\n  - play: "99-3"\n', capsys)
    assert line == f"{f}:3:11: error: '99-3' is not in a double-6 set (pips run from 0 to 6)"


def test_a_pip_of_thirty_one_digits_is_said_as_the_tile_not_as_its_length(tmp_path, capsys):
    """The tile is longer than a tile may be written (40 characters): it is still the pip that is wrong."""
    f = tmp_path / "p.yaml"
    tile = f"{HUGE}-{HUGE}"                                  # 63 characters
    line = _one(f, f'variant: mexican-train\ntable:\n  engine: "{tile}"\n  players: [A, B]\n  to_move: A\n'
                   f'  hand: ["1-3"]\n', capsys)
    assert line == (f"{f}:3:11: error: '1000000000000000000000000000000-10000000'… (63 characters): a pip of 31 "
                    "digits is more than the double-12 set's highest pip, 12")


def test_an_end_of_a_huge_pip_is_said_alike(tmp_path, capsys):
    f = tmp_path / "p.yaml"
    line = _one(f, f'variant: all-fives\nsteps:\n  - play: "1-4"\n  - play: "4-5"\n    at: "1-4:{HUGE}{HUGE}"\n',
                capsys)
    assert line.startswith(f"{f}:5:9: error: '1-4:1000")
    assert line.endswith(": a pip of 62 digits is more than the double-6 set's highest pip, 6")


def test_six_thousand_digits_are_counted_not_read(tmp_path, capsys):
    """Python will not turn more than 4,300 digits into a number: the pip is measured as text."""
    f = tmp_path / "p.yaml"
    line = _one(f, 'variant: draw\nsteps:\n  - play: "' + "9" * 6000 + '-3"\n', capsys)
    assert line.startswith(f"{f}:3:11: error: '9999999999999999999999999999999999999999'… (6,002 characters)")
    assert line.endswith("a pip of 6,000 digits is more than the double-6 set's highest pip, 6")


def test_pai_gow_names_its_own_set(tmp_path, capsys):
    """Pai Gow's Chinese set runs from 1 to 6; it is no double-six set."""
    f = tmp_path / "p.yaml"
    line = _one(f, 'variant: pai-gow\nhand:\n  tiles: ["99-3", "1-1"]\n', capsys)
    assert line == f"{f}:3:11: error: '99-3' is not a tile of the Chinese set (pips run from 1 to 6)"
    line = _one(f, f'variant: pai-gow\nhand:\n  tiles: ["{HUGE}{HUGE}-3", "1-1"]\n', capsys)
    assert line.endswith(": a pip of 62 digits is more than the Chinese set's highest pip, 6")


def test_a_huge_pip_total_is_more_than_the_set_holds(tmp_path, capsys):
    """A double-six set holds 168 pips (each pip 0-6 on eight halves: 8 x 21)."""
    f = tmp_path / "p.yaml"
    line = _one(f, f"variant: draw\nsettle:\n  out: N\n  hands: {{N: 0, E: {HUGE}}}\n", capsys)
    assert line == f"{f}:4:17: error: a pip total of 31 digits is more than the whole set holds (168)"
    line = _one(f, "variant: draw\nsettle:\n  out: N\n  hands: {N: 0, E: 5000000}\n", capsys)
    assert line == f"{f}:4:17: error: 5,000,000 pips is more than the whole set holds (168)"


def _int_paths(value, path=()):
    """The path of every integer (not true/false) in ``value``."""
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [p for k, v in items for p in _int_paths(v, path + (k,))]


def _tile_paths(value, path=()):
    """The path of every string written as a tile or an end (``1-4``, ``1-4:4``)."""
    if isinstance(value, str):
        return [path] if re.fullmatch(r"\d+-\d+(:\w+)?", value) else []
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else []
    return [p for k, v in items for p in _tile_paths(v, path + (k,))]


def _set(data, path, make):
    for k in path[:-1]:
        data = data[k]
    data[path[-1]] = make(data[path[-1]])


@pytest.mark.full                   # every integer of a game of each family, one at a time: the full run
def test_a_huge_integer_anywhere_in_a_position_is_located(tmp_path, capsys):
    """Every integer and every tile's first pip of one game's positions of each family made 10**30, one
    at a time: each copy is refused with a located error of its own file, and none is a traceback."""
    copies = []
    for games in games_by_family().values():
        for src in sorted((RULES / games[0] / "positions").glob("*.yaml")):
            data = yaml.safe_load(src.read_text(encoding="utf-8"))
            edits = [(p, lambda _: HUGE) for p in _int_paths(data)]
            edits += [(p, lambda t: f"{HUGE}" + t[t.index("-"):]) for p in _tile_paths(data)]
            for i, (path, make) in enumerate(edits):
                copy = yaml.safe_load(src.read_text(encoding="utf-8"))
                _set(copy, path, make)
                f = tmp_path / f"{games[0]}-{src.stem}-{i}.yaml"
                f.write_text(yaml.safe_dump(copy, allow_unicode=True, sort_keys=False), encoding="utf-8")
                copies.append(f)
    assert len(copies) > 100
    code, lines = _check(copies, capsys)
    assert code == 1
    where = {}
    for line in lines:
        m = re.match(r"(.+?):(\d+):(\d+): error: ", line)
        assert m or line.startswith("rulebook check: "), line
        if m:
            where.setdefault(m.group(1), []).append(line)
    missing = [str(f) for f in copies if str(f) not in where]
    assert missing == []


@pytest.mark.full                   # every param of a game of each family, one at a time: the full run
def test_a_huge_integer_in_a_game_s_params_is_located(tmp_path, capsys, monkeypatch):
    """Every integer of the params of each family's first game that has params made 10**30, one game
    copy each."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "glossary.yaml", rules / "glossary.yaml")
    made = []
    for games in games_by_family().values():
        game = next(g for g in games if "params" in yaml.safe_load((RULES / g / "variant.yaml").read_text("utf-8")))
        text = (RULES / game / "variant.yaml").read_text(encoding="utf-8")
        data = yaml.safe_load(text)
        for i, path in enumerate(_int_paths(data["params"])):
            copy = yaml.safe_load(text)
            _set(copy["params"], path, lambda _: HUGE)
            gid = f"{game}-huge-{i}"
            copy["id"] = gid
            (rules / gid).mkdir()
            (rules / gid / "variant.yaml").write_text(yaml.safe_dump(copy, allow_unicode=True, sort_keys=False),
                                                      encoding="utf-8")
            made.append(gid)
    assert len(made) >= 5
    code, lines = _check([f"rules/{g}/variant.yaml" for g in made], capsys)
    assert code == 1
    for g in made:
        assert any(re.match(rf"rules/{g}/variant.yaml:\d+:\d+: error: ", ln) for ln in lines), (g, lines)
