"""Shared fixtures: the Horse Race rules built from the repository's rules/,
and the site built once from a copy of the repository."""

import contextlib
import functools
import json
import os
import shutil
import subprocess
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from generator.engine import Tile, End
from generator.families.line.rules import Layout
from generator.model import Catalog

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"


MKDOCS = [sys.executable, "-m", "mkdocs"]
#: The sites the tests build share one cache of the player's compiled files
#: (:func:`generator.site.play.player_cache`): Node compiles them once, not once a build.
os.environ.setdefault("RULEBOOK_PLAYER_CACHE", str(ROOT / ".cache" / "player"))

#: The test files only the full run takes (``bash scripts/test.sh``); ``bash scripts/test.sh --quick``
#: leaves them out (marker ``full``): the browser, the wheel and its installs, fault injection, the other
#: site builders and club sites, the compiled engine, and the files that build many whole sites to attack
#: them. A test elsewhere can take ``@pytest.mark.full`` for itself.
FULL_ONLY = {"test_browser.py", "test_browser_pages.py", "test_wheel.py", "test_build_faults.py", "test_club_site.py", "test_compiled.py",
             "test_site_builders.py", "test_untrusted.py", "test_hostile.py", "test_boundaries.py",
             "test_page_cache.py", "test_authoring_build.py"}


def pytest_collection_modifyitems(config, items):
    """Mark every test of :data:`FULL_ONLY` ``full``."""
    for item in items:
        if item.path.name in FULL_ONLY:
            item.add_marker(pytest.mark.full)


#: Material's own inline scripts (its configuration, and its palette, scope and anchor helpers).
THEME_INLINE_SCRIPTS = ("application/json:", ":__md_scope=", ":var palette=__md_get(",
                        ":var target=document.getElementById(location.hash")


def page_html_problems(html: str) -> list[str]:
    """What in a built page could run a script or take over the theme, in
    words (empty when nothing): an event attribute, a ``javascript:``,
    ``data:`` or ``vbscript:`` address, a script that is neither the theme's
    nor the site's own, an element other than Material's own settings with the
    id ``__config``, or a ``<title>`` that holds markup."""
    import re
    from html.parser import HTMLParser

    problems: list[str] = []

    class Check(HTMLParser):
        def __init__(self):
            super().__init__(convert_charrefs=True)
            self.scripts, self.in_script = [], False

        def handle_starttag(self, tag, attrs):
            attrs = dict(attrs)
            if tag == "script":
                self.in_script = not attrs.get("src")
                self.scripts.append(attrs.get("src") or (attrs.get("type") or "") + ":")
            problems.extend(f"event attribute {k} on <{tag}>" for k in attrs if k.startswith("on"))
            if attrs.get("id") == "__config" and not (tag == "script" and attrs.get("type") == "application/json"):
                problems.append(f"<{tag} id=__config>")
            for k in ("href", "src"):
                value = re.sub(r"[\x00-\x20]", "", attrs.get(k) or "").lower()
                if value.startswith(("javascript:", "data:", "vbscript:")):
                    problems.append(f"address {value[:40]}")

        def handle_endtag(self, tag):
            self.in_script = self.in_script and tag != "script"

        def handle_data(self, data):
            if self.in_script:
                self.scripts[-1] += data[:80]

    check = Check()
    check.feed(html)
    check.close()
    title = re.search(r"<title>(.*?)</title>", html, re.S)
    if title and "<" in title.group(1):
        problems.append(f"markup in <title>: {title.group(1)[:60]}")
    for src in check.scripts:
        if not (src.startswith(THEME_INLINE_SCRIPTS)
                or re.search(r"assets/(javascripts/bundle\.[0-9a-f]+\.min\.js|rulebook\.js)$", src)):
            problems.append(f"script {src[:60]}")
    if sum(1 for s in check.scripts if s.startswith("application/json:")) > 1:
        problems.append("two configuration scripts")
    return problems


@functools.cache
def games_by_family() -> dict[str, list[str]]:
    """The repository's games (house rules included) by the family of games
    that plays them, every registered family a key (in the registry's order),
    its games sorted: the lists a test meaning "every game of a family" or
    "one game of each family" takes, so that a game or a family added to
    ``rules/`` or to the registry is tested without editing a list here."""
    from generator.engine.family import families

    out: dict[str, list[str]] = {f.name: [] for f in families()}
    cat = Catalog(RULES)
    for vid in cat.variant_ids():
        out[cat.variant(vid).rules.choices.layout].append(vid)
    return out


def shown(path, here=None) -> str:
    """A file's path as every message of the commands prints it: relative to the current folder
    (``here`` for a command run in another folder) when it lies under it, as given otherwise."""
    rel = os.path.relpath(os.path.abspath(path), os.path.abspath(here or os.curdir))
    return str(path) if rel == os.pardir or rel.startswith(os.pardir + os.sep) else rel


def one_game_a_family() -> list[str]:
    """The first game (by id) of each family: for a test that runs one case per family."""
    return [games[0] for games in games_by_family().values()]


def single_line_games() -> list[str]:
    """Every game of a family whose games are one line of play (the families'
    ``single_line``): those :func:`generator.sim.simulate` plays as a line of
    play and the line drawing lays out as one chain."""
    from generator.engine.family import family_of

    return [vid for name, games in games_by_family().items() if family_of(name).single_line for vid in games]


def rules_with(dest: Path, *games: str) -> Path:
    """A rules folder ``dest/rules`` holding the glossary and the named games
    of the repository's rules/ (copies); returns it."""
    rules = dest / "rules"
    rules.mkdir()
    shutil.copy(RULES / "glossary.yaml", rules / "glossary.yaml")
    for game in games:
        shutil.copytree(RULES / game, rules / game)
    return rules


#: A club's house rule of All Fives played to 150 (All Fives: to 100), and one of its positions:
#: setting 5-5 crosswise, both halves count at the two ends, 5 + 5 = 10, a multiple of five: 10 points.
#: ``POINTS`` stands for the stated points (10 is right; the expect line is line 5).
CLUB_RULE = """\
id: fives-to-150
extends: all-fives
name: {ja: オール・ファイブ（150点先取）, en: All Fives to 150}
params: {target: 150}
"""
CLUB_POSITION = """\
variant: fives-to-150
title: {ja: 5-5の先出しで10点, en: Setting the 5-5 scores ten}
steps:
  - play: "5-5"
    expect: {total: 10, points: POINTS}
"""


def small_site(folder: Path, *games: str) -> Path:
    """A new site made by ``rulebook init`` in ``folder`` whose only games are copies of ``games``
    (the standard games are there only to be extended); returns ``folder``."""
    from generator.cli.main import main

    assert main(["init", str(folder)]) == 0
    for game in games:
        shutil.copytree(RULES / game, folder / "rules" / game)
    config = folder / "mkdocs.yml"
    text = config.read_text(encoding="utf-8")
    assert "standard_games: pages" in text
    config.write_text(text.replace("standard_games: pages", "standard_games: extend-only"), encoding="utf-8")
    return folder


def copy_repo(dest: Path, caches: bool = True) -> Path:
    """Copy what a site build reads (``mkdocs.yml``, ``docs/`` without generated
    files, ``rules/``) into ``dest``; return ``dest``. With ``caches`` the copy
    also gets its own copy of the PNG and page caches of the session's built
    site (:func:`shared_site`, built on first use): both are keyed by what
    their entries were made from, so a copy builds what it changed and reuses
    the rest, as a site does between two builds."""
    for name in ("mkdocs.yml", "docs", "rules"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("gen"))
        else:
            shutil.copy(src, dest / name)
    if caches and _FACTORY is not None:
        warm = shared_site(_FACTORY) / ".cache"
        for part in ("png", "pages"):
            if (warm / part).is_dir():
                shutil.copytree(warm / part, dest / ".cache" / part)
    return dest


#: The session's temporary-folder factory (set by :func:`_session_factory`), for :func:`copy_repo`.
_FACTORY = None


@pytest.fixture(scope="session", autouse=True)
def _session_factory(tmp_path_factory):
    """Remember the session's temporary folders (nothing is built until a test asks)."""
    global _FACTORY
    _FACTORY = tmp_path_factory
    yield
    _FACTORY = None


def shared_site(tmp_path_factory) -> Path:
    """A copy of the repository with the site built into its ``site/``, once per run: the test
    processes of a parallel run (pytest-xdist) share it, the first one building it under a lock."""
    import filelock

    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        base = base.parent                  # the folder every worker's temporary folder is in
    work = base / "built-repo"
    with filelock.FileLock(str(base / "built-repo.lock")):
        if not (work / "site" / "index.html").is_file():
            shutil.rmtree(work, ignore_errors=True)
            work.mkdir()
            copy_repo(work, caches=False)
            res = subprocess.run(MKDOCS + ["build", "-q"], cwd=work, capture_output=True, text=True)
            assert res.returncode == 0, res.stderr
    return work


class _SiteHandler(SimpleHTTPRequestHandler):
    """Serves a built site over HTTP/1.1 (kept-alive connections, as a real
    server's: a game page asks for a hundred pictures) without logging every
    request; with ``small_search`` the search index lists no page."""

    protocol_version = "HTTP/1.1"
    small_search = False

    def log_message(self, format, *args):  # noqa: A002 (the base class's name)
        pass

    def do_GET(self):
        if self.small_search and self.path.split("?")[0].endswith("/search/search_index.json"):
            index = json.loads(Path(self.translate_path(self.path)).read_text(encoding="utf-8"))
            body = json.dumps({"config": index["config"], "docs": []}).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        super().do_GET()


@contextlib.contextmanager
def serve_site(folder: Path, small_search: bool = False):
    """Serve the built site ``folder`` on a free port of 127.0.0.1; yields its
    address ("http://127.0.0.1:PORT/"). ``small_search``: the search index
    lists no page, for the tests that never search (Material's search builds
    its index in every page it loads: about a second of work a Japanese page,
    beside the test's own)."""
    handler = type("Handler", (_SiteHandler,), {"small_search": small_search})
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture(scope="session")
def built_repo(tmp_path_factory) -> Path:
    """The session's built site (:func:`shared_site`). Tests only read it."""
    return shared_site(tmp_path_factory)


@pytest.fixture
def rules_copy(tmp_path, monkeypatch):
    """A copy of the repository's rules/ in a temporary folder, which is made
    the current folder (so the commands find it), without RULEBOOK_RULES."""
    dest = tmp_path / "rules"
    shutil.copytree(RULES, dest)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    return dest


@pytest.fixture(scope="session")
def catalog():
    return Catalog(RULES)


@pytest.fixture(scope="session")
def hr(catalog):
    return catalog.variant("horse-race").rules


def T(text):
    return Tile.parse(text)


def tiles(*texts):
    """Tiles from their notation, as a list: ``tiles("1-2", "3-3")``."""
    return [T(t) for t in texts]


def violation(fn):
    """The :class:`RuleViolation` that ``fn()`` must raise."""
    import pytest
    from generator.engine import RuleViolation

    with pytest.raises(RuleViolation) as info:
        fn()
    return info.value


def refusal(fn):
    """``(message, rule)`` of the rule violation that ``fn()`` must raise."""
    v = violation(fn)
    return v.message, v.rule


def E(text):
    return End.parse(text)


def build(variant, *moves):
    """Apply (tile, at) moves to an empty layout; return the last Placement."""
    layout = Layout()
    pl = None
    for tile, at in moves:
        pl = variant.place(layout, T(tile), E(at) if at else None)
        layout = pl.layout
    return pl


# ---------------------------------------------------------------- the session's one browser
# (one Playwright per test process: the page tests and the "Play a hand" tests share it)
try:
    from playwright.sync_api import Page, sync_playwright
except ImportError as _exc:  # not installed: the browser tests skip (or fail when required)
    _BROWSER_IMPORT_ERROR: ImportError | None = _exc
else:
    _BROWSER_IMPORT_ERROR = None
from dataclasses import dataclass as _dataclass, field  # noqa: E402

CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu"]
_REQUIRE_BROWSER = os.environ.get("RULEBOOK_REQUIRE_BROWSER") == "1"
dataclass = _dataclass


@pytest.fixture(scope="session")
def chromium():
    """Skip (or fail, with RULEBOOK_REQUIRE_BROWSER=1) when there is no browser."""
    if _BROWSER_IMPORT_ERROR is not None:
        problem = f"Playwright or axe-playwright-python is not installed ({_BROWSER_IMPORT_ERROR}); run bash scripts/setup.sh"
    elif not os.access(CHROMIUM, os.X_OK):
        problem = f"no Chromium at {CHROMIUM} (apt-get install chromium, or bash scripts/setup.sh as root)"
    else:
        return CHROMIUM
    if _REQUIRE_BROWSER:
        pytest.fail(f"{problem}; RULEBOOK_REQUIRE_BROWSER=1 requires the browser tests", pytrace=False)
    pytest.skip(problem)


@dataclass
class Tab:
    """The one browser tab the tests share, with what it saw since ``reset()``:
    every request's URL, console errors and uncaught exceptions, requests that
    failed and responses with an error status."""

    page: Page
    requests: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def reset(self) -> None:
        """Forget what was recorded so far."""
        self.requests.clear()
        self.errors.clear()

    def watch(self) -> None:
        """Start recording the tab's requests and errors."""
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("console", self._console)
        self.page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        self.page.on("requestfailed", self._failed)
        self.page.on("response", self._response)

    def _failed(self, request) -> None:
        # A page whose Play region was in view starts loading the engine (the reader's intent); a test
        # that then leaves the page cancels those downloads, as a reader would: not an error.
        player = "/assets/pyodide/" in request.url or "/assets/play" in request.url
        if player and request.failure == "net::ERR_ABORTED":
            return
        self.errors.append(f"request failed: {request.url} ({request.failure})")

    def _console(self, message) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text} ({message.location})")

    def _response(self, response) -> None:
        if response.status >= 400:
            self.errors.append(f"HTTP {response.status}: {response.url}")


@pytest.fixture(scope="session")
def _browser_tab(chromium):
    """One Chromium, one context and one tab for the whole session."""
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS)
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        tab = Tab(context.new_page())
        tab.watch()
        yield tab
        context.close()
        browser.close()


