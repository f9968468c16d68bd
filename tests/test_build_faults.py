"""Builds that are safe to run together, and caches that can never publish a broken file (issue 17).

Faults are injected into real `mkdocs build` runs of a small site (a new site with one game, Draw):
two builds at once (cold and warm caches), builds killed at chosen moments, cache entries
overwritten, cut short or emptied, and writes that fail as on a full disk. After each, the site is
either the previous one, byte for byte, or a complete one, byte-identical to a build of the same
files made alone in another folder (the output is deterministic)."""

import hashlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT, small_site as new_site
from generator.model import Catalog

ENV = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
ENV.pop("RULEBOOK_RULES", None)
MKDOCS = [sys.executable, "-m", "mkdocs"]
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def small_site(folder: Path) -> Path:
    """A new site (`rulebook init`) whose only game is a copy of Draw, without the other standard games."""
    return new_site(folder, "draw")


def build(site: Path, *extra: str) -> subprocess.CompletedProcess:
    return subprocess.run(MKDOCS + ["build", *extra], cwd=site, capture_output=True, text=True, env=ENV)


def start(site: Path, *extra: str) -> subprocess.Popen:
    return subprocess.Popen(MKDOCS + ["build", *extra], cwd=site, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=ENV)


def snapshot(root: Path) -> dict[str, str]:
    """Every file under ``root``: its path and the digest of its bytes."""
    return {p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """The small site, built alone once (its site, generated pages and caches)."""
    site = small_site(tmp_path_factory.mktemp("reference") / "club")
    res = build(site)
    assert res.returncode == 0, res.stderr
    return site


def built_copy(built: Path, folder: Path) -> Path:
    """A copy of the built small site (site, generated pages, caches) in ``folder``."""
    shutil.copytree(built, folder, symlinks=True, ignore=shutil.ignore_patterns("build.lock"))
    return folder


@pytest.fixture(scope="module")
def reference(built) -> dict[str, str]:
    """Every file of the small site's build, with its digest."""
    files = snapshot(built / "site")
    pages = [f for f in files if f.endswith("index.html")]
    # the home page, Draw's page and its card, the glossary, the options, in each language
    assert {"index.html", "gen/draw/index.html", "gen/draw-card/index.html", "gen/glossary/index.html",
            "en/index.html", "en/gen/draw/index.html", "en/gen/draw-card/index.html"} <= set(pages)
    return files


def assert_complete(site: Path, reference: dict[str, str]) -> None:
    got = snapshot(site / "site")
    assert sorted(got) == sorted(reference), set(got) ^ set(reference)
    differ = [f for f in got if got[f] != reference[f]]
    assert not differ, differ[:10]
    for png in (site / "site").rglob("*.png"):
        data = png.read_bytes()
        assert data.startswith(PNG_SIGNATURE) and data.endswith(b"IEND\xaeB`\x82"), png


@pytest.mark.parametrize("caches", ["cold", "warm"])
def test_two_builds_started_together_leave_a_complete_site(tmp_path, built, reference, caches):
    site = built_copy(built, tmp_path / "club") if caches == "warm" else small_site(tmp_path / "club")
    first, second = start(site), start(site)
    outs = [p.communicate(timeout=600) for p in (first, second)]
    codes = [first.returncode, second.returncode]
    assert codes == [0, 0], outs
    assert any("another build of this site is running; waiting" in err for _, err in outs), outs
    assert_complete(site, reference)
    assert not list(site.glob(".site.*")), "a staging folder was left behind"


def test_a_build_that_cannot_get_the_lock_in_time_stops_and_changes_nothing(tmp_path, built):
    import filelock

    site = built_copy(built, tmp_path / "club")
    config = site / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("standard_games: extend-only",
                                                                 "standard_games: extend-only\n      lock_timeout: 1"),
                      encoding="utf-8")
    before = snapshot(site / "site")
    with filelock.FileLock(str(site / ".cache" / "build.lock")):
        res = build(site)
    assert res.returncode == 1
    assert "another build of this site held" in res.stderr and "changed nothing" in res.stderr
    assert "Traceback" not in res.stderr
    assert snapshot(site / "site") == before


def test_a_killed_build_leaves_the_previous_site_and_the_next_build_completes(tmp_path, built, reference):
    site = built_copy(built, tmp_path / "club")
    before = snapshot(site / "site")
    assert before == reference
    for delay in (0.2, 0.8, 1.5, 2.5, 4.0):         # from loading the config to rendering and swapping
        shutil.rmtree(site / ".cache", ignore_errors=True)      # cold caches: every part of the build is on the way
        shutil.rmtree(site / "docs" / "ja" / "gen", ignore_errors=True)
        proc = start(site)
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.communicate()
        assert snapshot(site / "site") == before, f"killed after {delay} s"
    res = build(site)                             # the lock died with the killed build
    assert res.returncode == 0, res.stderr
    assert "waiting" not in res.stderr
    assert_complete(site, reference)


def test_damaged_cache_entries_are_made_again_and_never_published(tmp_path, built, reference):
    site = built_copy(built, tmp_path / "club")
    entries = sorted((site / ".cache").rglob("*.entry"))
    pngs = [e for e in entries if e.parent.name == "png"]
    pages = [e for e in entries if e.parent.name == "pages"]
    assert len(pngs) >= 10 and pages
    damages = [lambda data: b"not a picture at all", lambda data: data[: len(data) // 2], lambda data: b"",
               lambda data: data[:-1] + bytes([data[-1] ^ 1])]      # overwritten, truncated, emptied, one bit
    for i, entry in enumerate(entries):
        entry.write_bytes(damages[i % len(damages)](entry.read_bytes()))
    shutil.rmtree(site / "docs" / "ja" / "gen")   # generated pages: made again from the damaged caches
    (site / "docs" / "en" / "gen" / "draw.md").write_text("# damaged\n", encoding="utf-8")
    res = build(site)
    assert res.returncode == 0, res.stderr
    assert "dropped the cache entry" in res.stderr
    assert_complete(site, reference)
    again = build(site)                           # the entries made again are whole
    assert again.returncode == 0 and "dropped the cache entry" not in again.stderr
    assert_complete(site, reference)


#: Run mkdocs with every write under the folder FAIL_UNDER failing as on a full disk once FAIL_AFTER
#: files have been opened for writing there.
FULL_DISK = """
import builtins, errno, os, sys
under, after = os.path.realpath(os.environ["FAIL_UNDER"]), int(os.environ["FAIL_AFTER"])
count = [0]
real_open = builtins.open
def open(file, mode="r", *args, **kwargs):
    if isinstance(file, (str, bytes, os.PathLike)) and any(c in mode for c in "wax"):
        path = os.path.realpath(os.fsdecode(file))
        if path.startswith(under + os.sep):
            count[0] += 1
            if count[0] > after:
                raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), path)
    return real_open(file, mode, *args, **kwargs)
builtins.open = open
import io; io.open = open
from mkdocs.__main__ import cli
sys.argv = ["mkdocs", "build"]
cli()
"""


@pytest.mark.parametrize("where,after", [("staging", 25), ("docs", 3), ("cache", 5)])
def test_a_full_disk_mid_build_is_a_clear_error_and_the_site_stays(tmp_path, built, reference, where, after):
    site = built_copy(built, tmp_path / "club")
    before = snapshot(site / "site")
    shutil.rmtree(site / ".cache" / "pages")     # the pages are made, and written, again
    shutil.rmtree(site / "docs" / "ja" / "gen")
    if where == "cache":
        shutil.rmtree(site / ".cache" / "png")
    folder = {"staging": site / ".site.building", "docs": site / "docs", "cache": site / ".cache"}[where]
    folder.mkdir(exist_ok=True)
    res = subprocess.run([sys.executable, "-c", FULL_DISK], cwd=site, capture_output=True, text=True,
                         env={**ENV, "FAIL_UNDER": str(folder), "FAIL_AFTER": str(after)})
    if where == "cache":                          # a cache that cannot be written only makes the build slower
        assert res.returncode == 0, res.stderr
        assert_complete(site, reference)
        return
    assert res.returncode == 1, res.stderr
    assert "No space left on device" in res.stderr and "Traceback" not in res.stderr, res.stderr[-3000:]
    assert snapshot(site / "site") == before
    assert not list(site.glob(".site.*")), "a staging folder was left behind"
    res = build(site)
    assert res.returncode == 0, res.stderr
    assert_complete(site, reference)


def test_mkdocs_serve_takes_the_same_lock(tmp_path, built):
    """`mkdocs serve` builds under the same lock as `mkdocs build`: while another build holds it, the
    server waits (saying so), then builds and serves the site."""
    import filelock
    import socket
    import urllib.request

    site = built_copy(built, tmp_path / "club")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    lock = filelock.FileLock(str(site / ".cache" / "build.lock"))
    lock.acquire()
    server = subprocess.Popen(MKDOCS + ["serve", "--no-livereload", "-a", f"127.0.0.1:{port}"], cwd=site,
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=ENV)
    try:
        seen = ""
        while "waiting for it to finish" not in seen:
            line = server.stderr.readline()
            assert line, seen
            seen += line
        lock.release()
        while "Serving on" not in seen:
            line = server.stderr.readline()
            assert line, seen
            seen += line
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/en/gen/draw/", timeout=30) as page:
            assert page.status == 200 and b"Draw" in page.read()
    finally:
        if lock.is_locked:
            lock.release()
        server.terminate()
        server.communicate(timeout=30)


def _club_rules(root: Path, wrong: bool) -> Path:
    """Draw and the glossary, and a new game ``mydraw`` (Draw under another id, so its figures are not
    stored yet); with ``wrong``, one of its positions names B the winner of a block in which W holds
    0 + 1 + 2 + 2 = 5 pips and B 3 + 4 = 7."""
    rules = root / "rules"
    rules.mkdir()
    shutil.copy(ROOT / "rules" / "glossary.yaml", rules / "glossary.yaml")
    shutil.copytree(ROOT / "rules" / "draw", rules / "draw")
    shutil.copytree(ROOT / "rules" / "draw", rules / "mydraw", ignore=shutil.ignore_patterns("stats.json"))
    game = rules / "mydraw" / "variant.yaml"
    game.write_text(game.read_text(encoding="utf-8").replace("id: draw\n", "id: mydraw\n", 1), encoding="utf-8")
    for pos in (rules / "mydraw" / "positions").glob("*.yaml"):
        pos.write_text(pos.read_text(encoding="utf-8").replace("variant: draw\n", "variant: mydraw\n")
                       .replace("reject: draw/", "reject: mydraw/"), encoding="utf-8")
    if wrong:
        pos = rules / "mydraw" / "positions" / "settle-blocked-lower.yaml"
        text = pos.read_text(encoding="utf-8")
        pos.write_text(text.replace("    winners: [W]\n", "    winners: [B]\n", 1), encoding="utf-8")
    return rules


def test_a_wrong_number_fails_the_build_before_any_simulation(tmp_path):
    """The lower total wins a block: W (5 pips), not B (7). The build reports the wrong winner without
    simulating the new game's figures (nothing is stored, the progress is never called)."""
    from generator.site.build import BuildError, generate

    rules = _club_rules(tmp_path, wrong=True)
    calls = []
    with pytest.raises(BuildError) as exc:
        generate(Catalog(rules), png=True, progress=lambda *a: calls.append(a))
    assert any("settle-blocked-lower.yaml" in e.file and 'stated ["B"]' in e.message for e in exc.value.errors), \
        [str(e) for e in exc.value.errors]
    assert calls == [] and not (rules / "mydraw" / "stats.json").exists()


def test_the_build_reports_its_simulation_game_by_game(tmp_path):
    from generator.site.build import generate

    rules = _club_rules(tmp_path, wrong=False)
    calls = []
    files = generate(Catalog(rules), png=False, progress=lambda *a: calls.append(a))
    assert calls == [(0, 1, ""), (1, 1, "mydraw")]          # Draw's figures are stored; mydraw's are not
    assert (rules / "mydraw" / "stats.json").is_file() and "en/gen/mydraw.md" in files
