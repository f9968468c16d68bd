"""The compiled build of the engine (``python -m generator.base.native build``): the
same games as the Python modules, loaded only while it matches its sources,
and never when ``RULEBOOK_ENGINE=python`` asks for the reference.

``RULEBOOK_REQUIRE_COMPILED=1`` (as in CI) makes a missing build a failure;
elsewhere the tests that compare the two skip without one.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator import _buildinfo

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "generator"
REQUIRED = os.environ.get("RULEBOOK_REQUIRE_COMPILED") == "1"


def _python(code: str, cwd: Path = ROOT, **env) -> str:
    """Run ``code`` in a new interpreter (the environment plus ``env``) and
    return what it printed."""
    full = {k: v for k, v in os.environ.items() if k != "RULEBOOK_ENGINE"}
    full.update(env)
    out = subprocess.run([sys.executable, "-c", code], cwd=cwd, env=full, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr[-3000:]
    return out.stdout


def _rulebook(*args: str, **env) -> str:
    return _python(f"import sys; from generator.cli import main; sys.exit(main({list(args)!r}))", **env)


@pytest.fixture(scope="module")
def compiled():
    """Skip (or fail, with RULEBOOK_REQUIRE_COMPILED=1) without a current build."""
    status = _python("from generator.base.native import status; print(status())").strip()
    if status != "compiled":
        if REQUIRED:
            pytest.fail(f"RULEBOOK_REQUIRE_COMPILED=1 but the engine is {status}")
        pytest.skip(f"no compiled engine here: {status}")
    return status


def test_a_new_process_loads_the_compiled_modules_unless_told_otherwise(compiled):
    where = "import generator.families.line.rules.hand as h, generator.sim.simulate as s, " \
            "generator.families.line.rules.horse_race as r, generator.families.line.sim as g, " \
            "generator.engine.rulebase as b; print(h.__file__); print(s.__file__); print(r.__file__); " \
            "print(g.__file__); print(b.__file__)"
    loaded = _python(where).split()
    assert len(loaded) == 5 and all(f.endswith(".so") and "_compiled" in f for f in loaded)
    reference = _python(where, RULEBOOK_ENGINE="python").split()
    assert [Path(f).relative_to(PACKAGE).as_posix() for f in reference] == [
        "families/line/rules/hand.py", "sim/simulate.py", "families/line/rules/horse_race.py",
        "families/line/sim.py", "engine/rulebase.py"]
    assert _python("from generator.base.native import status; print(status())", RULEBOOK_ENGINE="python").strip() \
        == "python (RULEBOOK_ENGINE=python)"


@pytest.mark.parametrize("game, players", [
    ("horse-race", ["--players", "2"]), ("horse-race", ["--players", "4", "--partners"]),
    ("block", ["--players", "4", "--partners"]), ("all-fives", ["--players", "3"]),
    ("all-threes", ["--players", "2"]), ("matador", ["--players", "2"]), ("sniff", ["--players", "4", "--partners"]),
    ("bergen", ["--players", "3"]), ("fives-and-threes", ["--players", "2"]), ("mexican-train", ["--players", "4"]),
    ("sebastopol", ["--players", "4"]),
])
def test_the_compiled_and_the_python_modules_play_the_same_games(compiled, game, players):
    """Seeded games of every family, each with the greedy and the random
    player: every figure the same, whichever modules played them."""
    args = ["simulate", game, *players, "--games", "40", "--seed", "18", "--json", "--jobs", "1"]
    fast, reference = _rulebook(*args), _rulebook(*args, RULEBOOK_ENGINE="python")
    assert json.loads(fast)["games"] == 40
    assert fast == reference


def test_the_compiled_and_the_python_modules_score_every_position_alike(compiled):
    files = sorted(str(p) for p in (ROOT / "rules").glob("*/positions/*.yaml"))
    fast = _rulebook("score", *files, "--json")
    assert len(json.loads(fast)) == len(files) > 100
    assert fast == _rulebook("score", *files, "--json", RULEBOOK_ENGINE="python")


def test_a_build_older_than_its_sources_is_not_loaded(compiled, tmp_path):
    """A copy of the package with the build: its compiled modules load; after
    a one-line edit to one compiled module's source (a comment), none of them
    do, and ``status`` says to build again."""
    copy = tmp_path / "generator"
    shutil.copytree(PACKAGE, copy, ignore=shutil.ignore_patterns("__pycache__", "standard"))
    where = "import generator.engine.tiles as t, generator.sim.simulate as s; print(t.__file__); print(s.__file__)"
    env = {"PYTHONPATH": str(tmp_path)}
    assert all(f.endswith(".so") for f in _python(where, cwd=tmp_path, **env).split())
    with (copy / "sim" / "simulate.py").open("a", encoding="utf-8") as f:
        f.write("# an edit\n")
    loaded = _python(where, cwd=tmp_path, **env).split()
    assert [Path(f).name for f in loaded] == ["tiles.py", "simulate.py"]
    assert all(Path(f).is_relative_to(tmp_path) for f in loaded)
    status = _python("from generator.base.native import status; print(status())", cwd=tmp_path, **env)
    assert "older than the sources" in status


def test_the_build_records_what_it_was_made_from(tmp_path):
    """The digest covers every compiled module's source and the
    interpreter's module suffix; a stamp that differs is not a match."""
    copy = tmp_path / "pkg"
    for name in _buildinfo.MODULES:
        (copy / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(PACKAGE / name, copy / name)
    assert _buildinfo.digest(copy) == _buildinfo.digest(PACKAGE)
    for name in _buildinfo.MODULES:
        before = _buildinfo.digest(copy)
        (copy / name).write_text((copy / name).read_text(encoding="utf-8") + "\n", encoding="utf-8")
        assert _buildinfo.digest(copy) != before, name
    folder = tmp_path / "built"
    folder.mkdir()
    assert _buildinfo.stamp(folder) is None
    (folder / _buildinfo.STAMP).write_text("abc\n", encoding="ascii")
    assert _buildinfo.stamp(folder) == "abc"


def test_the_compiled_modules_type_check_as_the_build_needs():
    """mypyc refuses a module mypy rejects, and the engine then stays in
    Python: the same type check, without a C compiler, so a wrong type shows
    up in the quick tier and not only where the build runs."""
    pytest.importorskip("mypy")
    from generator.base.buildinfo import MODULES
    out = subprocess.run([sys.executable, "-m", "mypy", "--ignore-missing-imports", "--follow-imports=silent",
                          "--no-incremental", *[f"generator/{m}" for m in MODULES]],
                         cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout[-3000:]
