"""The package as a club installs it (issue 16): the wheel, built from this checkout and installed
with pip (not editable) in a fresh virtual environment, carries everything a site needs: the
standard games, the theme overrides, the stylesheet and script, the JSON Schemas and the new-site
skeleton. A club makes a site with `rulebook init`, adds a house rule with one verified position,
and builds it in both languages; and `pre-commit try-repo` on this repository runs the check."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import CLUB_POSITION as POSITION, CLUB_RULE, ROOT

#: What the wheel is built from (nothing else of the checkout goes into it).
SOURCES = ("pyproject.toml", "setup.py", "README.md", "generator", "rules")


def run(cmd, cwd, env=None, ok=True):
    res = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True, env={**os.environ, **(env or {})})
    if ok:
        assert res.returncode == 0, f"{cmd}: {res.stdout[-2000:]}\n{res.stderr[-3000:]}"
    return res


@pytest.fixture(scope="module")
def venv(tmp_path_factory) -> Path:
    """A fresh virtual environment with the wheel of this checkout installed (its bin folder)."""
    work = tmp_path_factory.mktemp("wheel")
    src = work / "src"
    src.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy(ROOT / name, src / name)
    run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(work / "dist"), str(src)], work)
    wheel = next((work / "dist").glob("domino_rulebook-*.whl"))
    shutil.rmtree(src)                      # nothing of the sources is left to fall back on
    base = getattr(sys, "_base_executable", sys.executable)
    run([base, "-m", "venv", str(work / "venv")], work)
    run([str(work / "venv" / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], work)
    return work / "venv" / "bin"


#: A hand of a game played by the player's files alone, as the reader's browser runs them (play.js):
#: Pyodide, the standard library and the engine's modules (bytecode) of the site's own files and nothing else
#: (YAML, Jinja and Babel refused), the words and the game's rules from the site's JSON.
_PLAY = """
import json, sys
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in ("yaml", "jinja2", "babel", "mkdocs", "cairosvg", "nh3"):
            raise ImportError(name)
sys.meta_path.insert(0, Refuse())
site, game = sys.argv[1], sys.argv[2]
from generator.base.i18n import install
install(json.load(open(site + "/assets/play/words-en.json", encoding="utf-8")))
from generator.play.session import Session
s = Session(json.load(open(site + "/assets/play/games/" + game + ".json", encoding="utf-8")), 7, "en")
for _ in range(2000):
    view = s.view()
    if view["phase"] != "turn":
        break
    s.move(0) if view["moves"] else s.draw() if view["draw"] else s.pass_()
print(json.dumps([view["phase"], view["result"], sorted({m.__file__.split("/generator/")[0] for m in sys.modules.values()
                  if m.__name__.startswith("generator") and getattr(m, "__file__", None)})]))
"""


def _the_player_plays_a_hand(out: Path, game: str, work: Path) -> None:
    """The built site carries "Play a hand": Pyodide copied in, the game's
    page asks for the player, and the engine's modules in the site's zip play
    a hand to its end by themselves, under the site's own Pyodide (run by
    Node, ``tests/pyodide_run.mjs``), which sees nothing else."""
    assert all((out / "assets" / "pyodide" / f).is_file() for f in ("pyodide.mjs", "pyodide.asm.wasm"))
    assert 'name="rulebook:play"' in (out / "en" / "gen" / game / "index.html").read_text(encoding="utf-8")
    work.mkdir()
    (work / "play.py").write_text(_PLAY, encoding="utf-8")
    res = subprocess.run(["node", str(ROOT / "tests" / "pyodide_run.mjs"), str(out), str(work / "play.py"), "/site",
                          game], capture_output=True, text=True, timeout=600)
    assert res.returncode == 0, res.stderr[-3000:]
    phase, result, where = __import__("json").loads(res.stdout.strip().splitlines()[-1])
    assert phase in ("hand-over", "game-over") and result and where == ["/home/pyodide/engine.zip"]


def workflow_steps(lang: str) -> list[str]:
    """The shell commands (``run:``) of the GitHub Actions workflow in the
    authoring guide of ``lang`` ("Checking in CI"), in order."""
    import yaml

    text = (ROOT / "docs" / lang / "authoring.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(# \.github/workflows/rules\.yml\n.*?)```", text, re.S)
    assert block, f"no workflow in docs/{lang}/authoring.md"
    flow = yaml.safe_load(block.group(1))
    assert "RULEBOOK_PACKAGE" in flow["env"]
    return [step["run"] for job in flow["jobs"].values() for step in job["steps"] if "run" in step]


HOUSE_RULE = {
    '  ja: "【要記入】ハウスルールの名前"': "  ja: オール・ファイブ（150点先取）",
    "  en: \"TODO: the house rule's name\"": "  en: All Fives to 150",
    "draft: true\n": "",
    "# params:\n": "params:\n  target: 150\n",
}

def test_a_club_site_builds_from_the_installed_package_alone(venv, tmp_path):
    env = {"PATH": f"{venv}{os.pathsep}{os.environ.get('PATH', '')}", "NO_MKDOCS_2_WARNING": "1",
           "RULEBOOK_RULES": "", "PYTHONPATH": ""}
    where = run([str(venv / "python"), "-c", "import generator; print(generator.__file__)"], tmp_path, env)
    assert str(venv.parent) in where.stdout and str(ROOT) not in where.stdout
    run(["rulebook", "init", "club"], tmp_path, env)
    site = tmp_path / "club"
    made = run(["rulebook", "new", "fives-to-150", "--extends", "all-fives"], site, env)
    assert "fives-to-150" in made.stdout
    game = site / "rules" / "fives-to-150"
    text = (game / "variant.yaml").read_text(encoding="utf-8")
    for old, new in HOUSE_RULE.items():
        assert old in text, old
        text = text.replace(old, new, 1)
    (game / "variant.yaml").write_text(text, encoding="utf-8")
    (game / "positions").mkdir(exist_ok=True)
    for extra in (game / "positions").glob("*.yaml"):
        extra.unlink()
    (game / "positions" / "ten.yaml").write_text(POSITION.replace("POINTS", "10"), encoding="utf-8")
    checked = run(["rulebook", "check"], site, env)
    assert "1 position(s) verified" in checked.stderr

    # the guide's GitHub Actions workflow, its commands as written: the package (from the wheel here),
    # Pyodide from npm as the package-lock.json that init wrote pins it, the check, the build
    assert '"pyodide": "314.0.8"' in (site / "package.json").read_text(encoding="utf-8")
    wheel = next((venv.parent.parent / "dist").glob("domino_rulebook-*.whl"))
    recipe = workflow_steps("en")
    assert recipe == workflow_steps("ja")
    ran = []
    for step in recipe:
        if step.startswith("sudo apt-get"):       # the system's packages: the machine's set-up installs them
            continue
        if step.startswith("npm ") and shutil.which("npm") is None:
            pytest.skip("no npm on this machine: the workflow's npm step cannot run")
        res = run(["bash", "-e", "-c", step], site, {**env, "RULEBOOK_PACKAGE": str(wheel),
                                                     "npm_config_prefer_offline": "true"})
        ran.append((step, res))
    assert [s for s, _ in ran] == ['pip install "$RULEBOOK_PACKAGE"', "npm ci", "rulebook check --format github",
                                   "mkdocs build"]
    built = ran[-1][1].stderr
    assert "Play a hand" not in built                   # Pyodide was found: no warning
    # one pass per language: the first makes every page (the house rule's figures simulated on the way),
    # the second finds them all made
    passes = [line for line in built.splitlines() if "rulebook:" in line and "pages made for" in line]
    assert len(passes) == 2 and "fives-to-150" in passes[0] and "pages made for none" in passes[1], passes
    out = site / "site"
    _the_player_plays_a_hand(out, "fives-to-150", tmp_path / "unzipped")
    for root in (out, out / "en"):
        page = (root / "gen" / "fives-to-150" / "index.html").read_text(encoding="utf-8")
        assert "150" in page and "assets/rulebook.js" in page and "assets/rulebook.css" in page
        assert (root / "gen" / "fives-to-150-card" / "index.html").is_file()
        assert (root / "gen" / "draw" / "index.html").is_file()          # standard_games: pages
        assert (root / "search" / "search_index.json").is_file()
    assert "オール・ファイブ（150点先取）" in (out / "index.html").read_text(encoding="utf-8")
    assert "All Fives to 150" in (out / "en" / "index.html").read_text(encoding="utf-8")
    assert (out / "assets" / "rulebook.js").is_file() and (out / "schemas" / "variant.schema.json").is_file()

    (game / "positions" / "ten.yaml").write_text(POSITION.replace("POINTS", "15"), encoding="utf-8")
    res = run(["rulebook", "check", "--format", "github"], site, env, ok=False)
    assert res.returncode == 1
    assert re.match(r"::error file=rules/fives-to-150/positions/ten\.yaml,line=5,col=\d+,title=rulebook check::"
                    r".*stated 15, the engine computes 10", res.stdout), res.stdout


def test_pre_commit_try_repo_runs_the_check(tmp_path):
    """pre-commit installs this repository's hook in its own environment and runs it on a club's
    rule files: a wrong number stops the commit at its line (a right one passes: the same check as
    test_club_site's)."""
    if not (ROOT / ".git").exists():
        pytest.skip("pre-commit tries a git repository; this copy of the project is not one")
    pre_commit = str(Path(sys.executable).parent / "pre-commit")     # a test dependency (pyproject.toml)
    club = tmp_path / "club"
    game = club / "rules" / "fives-to-150" / "positions"
    game.mkdir(parents=True)
    (club / "rules" / "glossary.yaml").write_text("terms: []\n", encoding="utf-8")
    (game.parent / "variant.yaml").write_text(CLUB_RULE, encoding="utf-8")
    (game / "ten.yaml").write_text(POSITION.replace("POINTS", "15"), encoding="utf-8")
    git = ["git", "-c", "user.email=club@example.org", "-c", "user.name=club"]
    run(git + ["init", "-q"], club)
    run(git + ["add", "-A"], club)
    run(git + ["commit", "-qm", "rules"], club)
    env = {"PRE_COMMIT_HOME": str(tmp_path / "pre-commit-home"), "RULEBOOK_RULES": ""}
    res = run([pre_commit, "try-repo", str(ROOT), "rulebook-check", "--all-files"], club, env, ok=False)
    assert res.returncode == 1, res.stdout + res.stderr
    assert "rules/fives-to-150/positions/ten.yaml:5:" in res.stdout
    assert "stated 15, the engine computes 10" in res.stdout


@pytest.mark.full           # 75-100 s on 2 shared cores: ~10 s of pip, 35-65 s of mypyc and gcc
def test_the_compiled_engine_builds_for_the_installed_package_from_any_folder(venv, tmp_path):
    """A club's fast engine (issue 49): `pip install '<wheel>[fast]'` adds mypy, and `rulebook engine
    build`, run from a folder that has nothing to do with the package, compiles the engine into the
    installed package in site-packages (beside mypy's own dependencies, mypy_extensions.py and
    typing_extensions.py, which the build must not trip over). `rulebook engine status` then says
    `compiled`, a new process loads the engine's modules from the package's `_compiled` folder, and a
    seeded simulation gives the very figures the Python modules give (the compiled code is the same
    code). The folder it ran from is left as it was."""
    import json

    env = {"PATH": f"{venv}{os.pathsep}{os.environ.get('PATH', '')}", "NO_MKDOCS_2_WARNING": "1",
           "RULEBOOK_RULES": "", "PYTHONPATH": "", "RULEBOOK_ENGINE": ""}
    wheel = next((venv.parents[1] / "dist").glob("domino_rulebook-*.whl"))
    run([str(venv / "python"), "-m", "pip", "install", "-q", f"{wheel}[fast]"], tmp_path, env)
    site_packages = Path(run([str(venv / "python"), "-c", "import generator, pathlib; "
                              "print(pathlib.Path(generator.__file__).parents[1])"], tmp_path, env).stdout.strip())
    assert (site_packages / "typing_extensions.py").is_file() and (site_packages / "mypy_extensions.py").is_file()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    assert run(["rulebook", "engine", "status"], elsewhere, env).stdout.startswith("python (not compiled")
    built = run(["rulebook", "engine", "build"], elsewhere, env)
    assert built.stdout == "compiled\n", built.stderr
    assert f"compiled into {site_packages / 'generator' / '_compiled'}" in built.stderr
    assert run(["rulebook", "engine", "status"], elsewhere, env).stdout == "compiled\n"
    assert run([str(venv / "python"), "-m", "generator.base.native", "status"], elsewhere, env).stdout == "compiled\n"

    where = "import generator.families.line.rules.hand as h, generator.sim.simulate as s; print(h.__file__); print(s.__file__)"
    loaded = run([str(venv / "python"), "-c", where], elsewhere, env).stdout.split()
    assert len(loaded) == 2
    assert all(Path(f).is_relative_to(site_packages / "generator" / "_compiled") and f.endswith(".so") for f in loaded)
    game = ["rulebook", "simulate", "block", "--players", "4", "--partners", "--games", "30", "--seed", "49",
            "--json", "--jobs", "1"]
    fast = run(game, elsewhere, env).stdout
    assert json.loads(fast)["games"] == 30
    assert fast == run(game, elsewhere, {**env, "RULEBOOK_ENGINE": "python"}).stdout
    assert list(elsewhere.iterdir()) == []
