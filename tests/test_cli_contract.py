"""`rulebook score --json` and `rulebook check` as fixed by the contract in docs/en/authoring.md ("The fixed contract")."""

import json
import os
import re
import shutil
from collections import Counter
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli.main import main

from conftest import ROOT, RULES, shown

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

POS = RULES / "horse-race" / "positions"


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_score_placement_json(capsys):
    code, out, _ = run(capsys, "score", str(POS / "first-tile.yaml"), "--json")
    assert code == 0
    data = json.loads(out)
    assert data == [{
        "file": str(POS / "first-tile.yaml"), "variant": "horse-race",
        "steps": [
            {"play": "1-4", "at": None, "counted": [4, 1], "total": 5, "raw": 5, "points": 1,
             "open": ["1-4:1", "1-4:4"]},
            {"play": "1-1", "at": "1-4:1", "counted": [2, 4], "total": 6, "raw": 0, "points": 0,
             "open": ["1-1:b", "1-4:4"]},
        ]}]


def test_score_settlement_json(capsys):
    code, out, _ = run(capsys, "score", str(POS / "settle-spec-example.yaml"), "--json")
    assert code == 0
    (item,) = json.loads(out)
    assert item["settlement"]["winners"] == ["N+S"]
    assert item["settlement"]["points"] == {"N+S": 3}
    assert item["scores_after"] == {"N+S": 61, "E+W": 40}
    assert item["game_winners"] == ["N+S"]


def test_score_ignores_expect_and_reports_errors(tmp_path, capsys):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text('variant: horse-race\nsteps:\n  - play: "1-4"\n    expect: {total: 99}\n')
    bad = tmp_path / "bad.yaml"
    bad.write_text('variant: horse-race\nsteps:\n  - play: "1-4"\n  - play: "2-3"\n    at: "1-4:4"\n')
    code, out, _ = run(capsys, "score", str(wrong), str(bad), "--json")
    assert code == 1
    a, b = json.loads(out)
    assert a["steps"][0]["total"] == 5                       # expect ignored
    assert b["file"] == str(bad)
    assert re.match(r"^4:\d+: .*2-3 does not match 1-4:4", b["error"])


def test_score_many_files_in_one_call(capsys):
    files = [str(p) for p in sorted(POS.glob("*.yaml"))] * 10
    code, out, _ = run(capsys, "score", *files, "--json")
    assert code == 0
    assert len(json.loads(out)) == len(files)


@pytest.mark.whole_site
def test_check_passes_on_the_repository(capsys):
    code, _, err = run(capsys, "check", str(RULES))
    assert code == 0, err


def _numbers_in_expect(text):
    """(line index, start, end) of every integer inside an `expect` block."""
    spots = []
    in_expect, indent = False, 0
    for i, line in enumerate(text.splitlines()):
        stripped = line.lstrip()
        ind = len(line) - len(stripped)
        if stripped.startswith("expect:"):
            in_expect, indent = True, ind
            target = stripped[len("expect:"):]
            offset = len(line) - len(target)
        elif in_expect and stripped and ind <= indent and not stripped.startswith("#"):
            in_expect = False
            continue
        elif in_expect:
            target, offset = line, 0
        else:
            continue
        for m in re.finditer(r"(?<![\w-])\d+(?![\w-])", target):
            spots.append((i, offset + m.start(), offset + m.end()))
    return spots


@pytest.mark.whole_site
@pytest.mark.full                   # every number of every file changed: the full run
def test_every_stated_number_is_verified(tmp_path, capsys):
    """Changing any stated number in any position of any game (each of the
    nine games and every house rule) fails `check` at that file and line."""
    rules = tmp_path / "rules"
    shutil.copytree(RULES, rules)
    tried = Counter()
    for path in sorted(rules.glob("*/positions/**/*.yaml")):
        original = path.read_text()
        lines = original.splitlines()
        for i, a, b in _numbers_in_expect(original):
            changed = list(lines)
            changed[i] = lines[i][:a] + str(int(lines[i][a:b]) + 1) + lines[i][b:]
            path.write_text("\n".join(changed) + "\n")
            code, _, err = run(capsys, "check", "-q", str(path))
            assert code == 1, f"{path.name}:{i + 1} change not caught"
            assert f"{shown(path)}:{i + 1}:" in err, err
            tried[path.parent.parent.name] += 1
        path.write_text(original)
    games = sorted(p.parent.name for p in rules.glob("*/variant.yaml"))
    assert sorted(tried) == games and len(games) == 33         # a stated number in every game's positions (all 33)
    assert tried["horse-race"] > 100


@pytest.mark.whole_site
def test_console_script_is_installed():
    exe = Path(sys.executable).with_name("rulebook")
    res = subprocess.run([str(exe), "check", str(RULES)], capture_output=True, text=True)
    assert res.returncode == 0, res.stderr


def test_version_and_an_example_in_every_command_help(capsys):
    import tomllib

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    version = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert capsys.readouterr().out == f"rulebook {version}\n"
    for cmd in ("check", "score", "simulate", "new", "explain", "schemas"):
        with pytest.raises(SystemExit):
            main([cmd, "--help"])
        out = capsys.readouterr().out
        assert f"example:\n  rulebook {cmd}" in out, cmd


def test_rulebook_alone_prints_the_commands_with_an_example_each_as_a_usage_error():
    """`rulebook` with no command is a usage error (exit 2) that shows what
    there is to do: every command, an example of each, and the one
    `rulebook: error:` line argparse's own usage errors end with."""
    res = subprocess.run([sys.executable, "-m", "generator.cli"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert res.returncode == 2 and res.stdout == "" and "Traceback" not in res.stderr
    for cmd in ("check", "score", "simulate", "new", "init", "explain", "build", "schemas", "engine"):
        assert re.search(rf"^    {cmd} ", res.stderr, re.M), cmd               # the list of commands
        assert re.search(rf"^  rulebook {cmd}\b", res.stderr, re.M), cmd         # and an example of it
    assert res.stderr.endswith("rulebook: error: name a command (one of the commands above)\n")
    assert "the following arguments are required" not in res.stderr


def test_every_usage_error_of_simulate_has_one_form(capsys):
    """A count out of bounds (argparse's) and a game or player count the game
    refuses (simulate's own) both end in `rulebook simulate: error: ...`, exit 2."""
    with pytest.raises(SystemExit) as exc:
        main(["simulate", "draw", "--players", "2", "--games", "99999999999999999999"])
    assert exc.value.code == 2
    argparse_line = capsys.readouterr().err.splitlines()[-1]
    assert argparse_line.startswith("rulebook simulate: error: argument --games: ")
    for args, words in [(["draw", "--players", "4"], "draw is played by 2 players"),
                        (["no-such-game", "--players", "2"], "unknown variant")]:
        code, out, err = run(capsys, "simulate", *args, "--games", "1")
        assert code == 2 and out == "" and err.startswith("rulebook simulate: error: ") and words in err, err
        assert err.count("\n") == 1


def test_engine_says_which_engine_runs_and_builds_it(monkeypatch, capsys):
    """`rulebook engine status` prints what `python -m generator.base.native status` does; `build`
    compiles it for the installation, and a failed build says the engine stays in Python (exit 1)."""
    from generator.base import native
    from generator.cli.main import main

    monkeypatch.setenv("RULEBOOK_ENGINE", "python")
    assert main(["engine", "status"]) == 0
    assert capsys.readouterr().out == "python (RULEBOOK_ENGINE=python)\n"

    def no_compiler(verbose=False):
        raise RuntimeError("mypyc is not installed (No module named 'mypyc'); pip install mypy setuptools")
    monkeypatch.setattr(native, "build", no_compiler)
    assert main(["engine", "build"]) == 1
    err = capsys.readouterr().err
    assert "mypyc is not installed" in err and "stays in Python" in err
    with pytest.raises(SystemExit) as exc:
        main(["engine", "start"])
    assert exc.value.code == 2


_REFUSE_MYPYC = """
import sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "mypyc":
            raise ModuleNotFoundError(name)
sys.meta_path.insert(0, Refuse())
from generator.cli import main
sys.exit(main(["engine", "build"]))
"""


@pytest.mark.parametrize("case", ["no compiler", "no mypy"])
def test_engine_build_says_in_one_line_what_to_install(case, tmp_path):
    """Where the engine cannot be compiled, `rulebook engine build` stops before compiling anything,
    with one line on stderr: why, and what to install (the package's `fast` extra for mypy; a C
    compiler and Python's headers, Debian's build-essential and python3-dev, for the compiler). The
    compiler is the one `$CC` names (as for any C extension), here one that does not exist."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "RULEBOOK_ENGINE": ""}
    if case == "no compiler":
        env["CC"] = str(tmp_path / "no-such-cc")
        cmd = [sys.executable, "-m", "generator.cli", "engine", "build"]
    else:
        cmd = [sys.executable, "-c", _REFUSE_MYPYC]
    res = subprocess.run(cmd, cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert res.returncode == 1 and res.stdout == ""
    lines = res.stderr.splitlines()
    assert len(lines) == 1, res.stderr
    assert lines[0].startswith("rulebook engine: ") and "the engine stays in Python" in lines[0]
    if case == "no compiler":
        assert f"no C compiler ({tmp_path / 'no-such-cc'} not found)" in lines[0]
        assert "build-essential python3-dev" in lines[0]
    else:
        assert "mypyc not installed: pip install 'domino-rulebook[fast]'" in lines[0]
    assert list(tmp_path.iterdir()) == []

def test_rulebook_build_outside_a_site_is_a_usage_error(tmp_path, monkeypatch, capsys):
    """No mkdocs.yml, no rules/ and no RULEBOOK_RULES: nothing to build (and
    never the package's own folder); an empty --out is a usage error too."""
    from generator.cli.main import main

    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["build"]) == 2
    assert "no site here" in capsys.readouterr().err
    assert main(["build", "--out", ""]) == 2
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("config, line, words", [
    ("site_name: x\nplugins: 5\n", 2, "plugins is a list of plugins"),
    ("site_name: x\nplugins:\n  - rulebook: 5\n", 3, "the rulebook plugin's options are a mapping"),
    ("site_name: x\nplugins:\n  - search\n  - rulebook:\n      standard_games: nope\n", 5,
     "standard_games is pages or extend-only, not 'nope'"),
    ("site_name: x\nplugins:\n  - rulebook:\n      bogus_option: 1\n", 4, "the rulebook plugin has no option 'bogus_option'"),
    ("site_name: x\nplugins:\n  - rulebook:\n      lock_timeout: abc\n", 4, "lock_timeout is a whole number of seconds"),
    ("- just\n- a list\n", 1, "a site's configuration is a mapping of settings"),
])
def test_rulebook_build_refuses_the_settings_mkdocs_refuses(tmp_path, monkeypatch, capsys, config, line, words):
    """The plugin options MkDocs' own check would refuse stop ``rulebook build``
    at their line in mkdocs.yml, before anything is written."""
    from generator.cli.main import main

    (tmp_path / "mkdocs.yml").write_text(config, encoding="utf-8")
    (tmp_path / "rules").mkdir()
    monkeypatch.chdir(tmp_path)
    assert main(["build"]) == 1
    err = capsys.readouterr().err
    assert f"mkdocs.yml:{line}:1: error: {words}" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["mkdocs.yml", "rules"]
