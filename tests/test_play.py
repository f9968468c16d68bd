"""The reader's game (generator.play): every game plays a hand through the
Session in both languages, refusals are said in words, the same seed and
moves replay the same game, the player's bundle imports without the build's
libraries, and the catalogs travel as data."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from conftest import ROOT, T, one_game_a_family
from conftest import E as End
from generator.base import i18n
from generator.engine.family import families
from generator.families.line.rules.hand import Hand
from generator.model import Catalog, find_rules_dir
from generator.families.line import play as line
from generator.play.session import Session, seats_of, spec_of, variant_of
from generator.site.play import REFUSED, bundle_modules, engine_bundle, find_pyodide, lock_file, precompiled

CATALOG = Catalog(find_rules_dir())
GAMES = CATALOG.page_ids()


def _first_hand(s: Session) -> dict:
    for _ in range(2000):
        view = s.view()
        if view["phase"] != "turn":
            return view
        for t in view["hand"]:
            assert bool(t["moves"]) != bool(t["why"])          # a tile has moves or a reason, never both
        s.move(0) if view["moves"] else s.draw() if view["draw"] else s.pass_()
    raise AssertionError("the hand did not end")


@pytest.mark.parametrize("game", GAMES)
def test_every_game_plays_a_hand_and_replays_it(game):
    spec = spec_of(CATALOG.variant(game).rules)
    s = Session(spec, 11, "ja")
    view = _first_hand(s)
    assert view["result"] and view["phase"] in ("hand-over", "game-over")
    again = Session(spec, 11, "ja")
    for m in s.replayed_moves():
        again.draw() if m == "draw" else again.pass_() if m == "pass" else again.move(m)
    assert again.view()["result"] == view["result"] and again.view()["scores"] == view["scores"]


@pytest.mark.parametrize("game", one_game_a_family())
def test_the_end_of_a_hand_announces_only_what_followed_the_readers_last_move(game):
    """The page's live region says the view's ``new`` log lines: at the end
    of a hand, the moves after the reader's own last one (not the whole
    hand again)."""
    s = Session(spec_of(CATALOG.variant(game).rules), 11, "en")
    view = _first_hand(s)
    mine = [i for i, line in enumerate(view["log"]) if "(you)" in line.split(":")[0]]
    assert mine, view["log"]
    assert view["new"] == len(view["log"]) - (mine[-1] + 1)


def test_the_rules_travel_as_data():
    v = CATALOG.variant("all-threes-ten").rules
    back = variant_of(spec_of(v))
    assert (back.params, back.choices, back.id) == (v.params, v.choices, v.id)


def test_a_partnership_game_seats_the_reader_south_with_north():
    names, teams, you = seats_of(CATALOG.variant("cuban").rules)
    assert names == ["N", "E", "S", "W"] and teams == [["N", "S"], ["E", "W"]] and you == "S"


def test_a_move_not_offered_is_refused():
    s = Session(spec_of(CATALOG.variant("draw").rules), 3, "en")
    with pytest.raises(ValueError):
        s.move(99)
    with pytest.raises(ValueError):
        s.next_hand()


def test_a_line_refusal_and_hint_worked_by_hand():
    # All Fives: [5|5] set as the spinner; South holds [1|2] (no open end shows a 1 or a 2), [0|5], which
    # makes the ends 5 + 5 + 0 = 10, a multiple of five: 10 points, and [3|5]: 5 + 5 + 3 = 13, nothing.
    v = CATALOG.variant("all-fives").rules
    h = Hand(v, ["N", "S"], {"N": [T("5-5"), T("6-6")], "S": [T("1-2"), T("0-5"), T("3-5")]}, [], "N")
    h.play("N", T("5-5"))
    assert line.refusal(v, h, "S", T("1-2")) == "all-fives/matching"      # no open end shows a 1 or a 2
    best, reason = line.hint(v, h, "S", "en")
    assert best.tile == T("0-5") and "10 points" in reason
    assert h.hands["S"] == [T("1-2"), T("0-5"), T("3-5")]        # trying a refused tile changed nothing


def test_every_refusal_the_engine_raises_has_words():
    ids = set()
    for path in (ROOT / "generator").glob("*/*.py"):
        ids |= set(re.findall(r'f"\{(?:vid|self\.id|variant\.id|v\.id)\}/([a-z0-9-]+)"', path.read_text("utf-8")))
        ids |= set(re.findall(r'"texas-42/([a-z-]+)"', path.read_text("utf-8")))
    for lang in i18n.LANGS:
        words = i18n.messages("rule", lang)
        assert sorted(k for k in ids if k not in words) == [], lang


def test_the_bundle_imports_without_the_build_libraries():
    names = {p.as_posix().split("/generator/")[-1] for p in bundle_modules()}
    assert {"play/session.py", "pages/describe.py"} | {f"families/{f.name}/play.py" for f in families()} \
        | {f"families/{p.parent.name}/sim.py" for p in (ROOT / "generator/families").glob("*/sim.py")} <= names
    assert not {"model/yamlsrc.py", "pages/game.py", "site/plugin.py"} & names
    assert "yaml" in REFUSED and engine_bundle() == engine_bundle()   # the same bytes every build


#: The first four bytes of a .pyc of CPython 3.14, Pyodide 314's Python (its magic number, 3627, and
#: "\r\n": the table in CPython's Lib/importlib/_bootstrap_external.py), and PEP 552's flags of an
#: unchecked hash-based .pyc (no date in it; the source is never read to check it).
MAGIC_314, UNCHECKED_HASH = (3627).to_bytes(2, "little") + b"\r\n", 1


@pytest.mark.full
def test_the_player_ships_bytecode_for_pyodides_python(tmp_path, monkeypatch):
    """The site's engine holds every module of the bundle as 3.14 bytecode and no source; the
    standard library holds the modules Pyodide's start and the engine import as bytecode, the others
    as their source; the same inputs give the same bytes; a cache answers the next build without Node."""
    import io
    import shutil
    import zipfile

    pyodide, why = find_pyodide(ROOT)
    if pyodide is None or shutil.which("node") is None:
        pytest.skip(f"no Pyodide or no Node: {why}")
    source = engine_bundle()
    stdlib, engine = precompiled(pyodide, source, tmp_path)
    sources = [n for n in zipfile.ZipFile(io.BytesIO(source)).namelist() if n.endswith(".py")]
    compiled = zipfile.ZipFile(io.BytesIO(engine))
    assert sorted(compiled.namelist()) == sorted(n + "c" for n in sources)
    assert "generator/play/session.pyc" in compiled.namelist()
    for name in compiled.namelist():
        head = compiled.read(name)[:8]
        assert head[:4] == MAGIC_314 and int.from_bytes(head[4:], "little") == UNCHECKED_HASH, name
    names = set(zipfile.ZipFile(io.BytesIO(stdlib)).namelist())
    assert {"json/__init__.pyc", "dataclasses.pyc", "random.pyc", "typing.pyc", "re/_parser.pyc",
            "_pyodide/_base.pyc"} <= names                  # the engine's and Pyodide's start's
    assert not {"json/__init__.py", "dataclasses.py", "random.py"} & names
    assert {"smtplib.py", "mailbox.py"} <= names                        # not imported: kept as sources
    monkeypatch.setenv("RULEBOOK_NODE", str(tmp_path / "no-node"))          # a Node that cannot run
    assert precompiled(pyodide, source, tmp_path) == (stdlib, engine)       # from the cache
    monkeypatch.delenv("RULEBOOK_NODE")
    assert precompiled(pyodide, source) == (stdlib, engine)                 # compiled again: the same bytes


def test_the_sites_lock_file_keeps_pyodides_info_and_lists_no_package(tmp_path):
    """The player loads no package: the site's lock file is Pyodide's without its list of packages."""
    info = {"abi_version": "2026_0", "arch": "wasm32", "python": "3.14.2"}
    (tmp_path / "pyodide-lock.json").write_text(json.dumps(
        {"info": info, "packages": {"numpy": {"name": "numpy", "file_name": "numpy.whl", "depends": []}}}))
    assert json.loads(lock_file(tmp_path)) == {"info": info, "packages": {}}


def test_catalogs_installed_as_data_give_the_same_words():
    """As the player does under Pyodide (in a new interpreter, where Babel is refused)."""
    code = """
import json, sys
from generator.base import i18n
data = json.loads(sys.stdin.read())
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] == 'babel':
            raise ImportError(name)
sys.meta_path.insert(0, Refuse())
i18n.install(data)
print(json.dumps([i18n.messages('play', 'en')['you'], i18n.plural('en', 'point', 1), i18n.plural('en', 'point', 301),
                  len(i18n.messages('play', 'ja'))]))
"""
    data = i18n.export(["play", "plural"], ["en"])
    assert data["en"]["plural"][:3] == ["other", "one", "other"]
    out = subprocess.run([sys.executable, "-c", code], input=json.dumps(data), capture_output=True, text=True,
                         cwd=ROOT, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ["{seat} (you)", "1 point", "301 points", 0]   # a language not installed: empty


def test_the_service_worker_s_version_follows_the_player_s_files():
    """The site's service worker (rulebook-sw.js) keeps the player's files
    from its cache first, so its version must change with any of them and
    only with them: the same files give the same bytes (a deterministic
    build), a changed game's rules or another Pyodide give another version,
    and a script without its one version mark is refused."""
    import re

    from generator.site.play import VERSION_MARK, service_worker
    from generator.site.plugin import ASSETS_DIR, SERVICE_WORKER

    template = (ASSETS_DIR / SERVICE_WORKER).read_text("utf-8")
    files = {"assets/play.js": b"player", "assets/play/games/draw.json": b'{"a":1}'}
    first = service_worker(template, files, "1.0")
    assert first == service_worker(template, dict(reversed(list(files.items()))), "1.0")
    version = re.search(rb'const VERSION = "([0-9a-f]{16})";', first)
    assert version and VERSION_MARK.encode() not in first
    changed = service_worker(template, {**files, "assets/play/games/draw.json": b'{"a":2}'}, "1.0")
    assert changed != first and service_worker(template, files, "1.1") != first
    assert changed.replace(re.search(rb'"([0-9a-f]{16})"', changed)[1], version[1]) == first
    with pytest.raises(ValueError):
        service_worker("const VERSION = 1;", files, "1.0")


def test_sebastopol_refuses_a_tile_beyond_the_spinner_in_words_worked_by_hand():
    # Sebastopol: N sets the 6-6, E joins 4-6 on its side a. S holds 4-5, which matches the 4 of the 4-6, but
    # the 6-6 still has three free sides: the refusal names the spinner's sides, not the 6-6's six; S's only
    # play is none, and S passes (no drawing).
    v = CATALOG.variant("sebastopol").rules
    h = Hand(v, list("NESW"), {"N": [T("6-6"), T("0-1")], "E": [T("4-6"), T("1-2")], "S": [T("4-5"), T("2-3")],
                               "W": [T("0-6"), T("3-3")]}, [])
    h.play("N", T("6-6"))
    h.play("E", T("4-6"), End("6-6:a"))
    assert line.refusal(v, h, "S", T("4-5")) == "sebastopol/spinner-sides-first"
    assert line.refusal(v, h, "S", T("2-3")) == "sebastopol/matching"
    assert h.plays_for("S") == [] and h.end is None
