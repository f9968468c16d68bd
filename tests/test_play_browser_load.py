"""How "Play a hand" loads, in Chromium: the engine in a worker of its own
(the page's thread never holds up for more than 200 ms while it loads and
plays), loading on the reader's intent, a failed load that says what failed
and is retried by Play, and a second visit offline. Each test opens a new
browser context (a new cache, no service worker yet), every request for
another address failing as in :mod:`playing`."""

from __future__ import annotations

import json
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import serve_site
from generator.base.i18n import messages

pytestmark = pytest.mark.full

GAME = "draw"


@pytest.fixture(scope="module")
def site(built_repo):
    with serve_site(Path(built_repo) / "site", small_search=True) as base:
        yield base


@contextmanager
def _context(_browser_tab, **options):
    context = _browser_tab.page.context.browser.new_context(
        viewport={"width": 400, "height": 900}, proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"},
        **options)
    try:
        yield context
    finally:
        context.close()


def _ready(page) -> None:
    """Deal at the chooser's levels and table as offered; wait for the first view."""
    page.click("[data-rb-deal]", timeout=120_000)
    page.wait_for_selector("[data-rb-play][data-state=ready]", state="attached", timeout=120_000)


def _move(page) -> None:
    page.click("[data-rb-move], [data-rb-draw], [data-rb-pass]")
    page.wait_for_selector("[data-rb-play]:not([aria-busy])", state="attached", timeout=60_000)


def test_the_engine_loads_on_intent_in_a_worker(_browser_tab, site):
    """Scrolling to Play starts the load (data-rb-engine) before any press;
    Pyodide runs in play-worker.js, not on the page (no loadPyodide, no
    pyodide on window), and says how long each step of its start took. (How
    long the page's own tasks last is a figure of ``bench/play.py``, not a
    test: it depends on the machine's load.)"""
    with _context(_browser_tab) as context:
        page = context.new_page()
        page.goto(f"{site}en/gen/{GAME}/", wait_until="load")
        page.wait_for_timeout(500)                                  # the page's own start is over
        assert page.get_attribute("[data-rb-play]", "data-rb-engine") is None      # nothing loaded yet
        page.locator("[data-rb-play]").scroll_into_view_if_needed()
        page.wait_for_selector("[data-rb-play][data-rb-engine=ready]", state="attached", timeout=120_000)
        page.click("[data-rb-start]")
        _ready(page)
        for _ in range(5):
            if page.query_selector("[data-rb-result]"):
                break
            _move(page)
        assert any(w.url.endswith("/assets/play-worker.js") for w in page.workers)
        # the worker reports when each step of its start ended (ms of its clock) and its first answers' times
        phases = json.loads(page.get_attribute("[data-rb-play]", "data-rb-phases"))
        assert 0 < phases["pyodide_script"] <= phases["pyodide"] <= phases["imported"], phases
        assert phases["engine_fetched"] <= phases["imported"] and phases["words_fetched"] <= phases["imported"]
        assert phases["serve_tables_ms"] >= 0 and phases["serve_open_ms"] >= 0, phases
        assert page.evaluate("typeof window.loadPyodide === 'undefined' && typeof window.pyodide === 'undefined'")


def test_a_failed_load_says_the_network_failed_and_play_tries_again(_browser_tab, site):
    """The engine's bundle cannot be fetched once: the region goes back to
    idle with the words that blame the connection, Play is pressable again,
    and the second press (the bundle now served) plays."""
    words = dict(messages("play", "en"))
    with _context(_browser_tab, service_workers="block") as context:
        page = context.new_page()
        blocked = []

        def once(route):
            blocked.append(route.request.url)
            route.abort()

        page.route("**/assets/play/engine.zip", once)
        page.goto(f"{site}en/gen/{GAME}/")
        page.click("[data-rb-start]")
        page.wait_for_selector("[data-rb-play][data-state=idle][data-rb-engine=failed]", state="attached",
                               timeout=120_000)
        assert blocked
        assert page.inner_text(".rb-play-status") == words["failed_network"]
        page.unroute("**/assets/play/engine.zip")
        page.click("[data-rb-start]")
        _ready(page)
        assert page.get_attribute("[data-rb-play]", "data-rb-engine") == "ready"
        _move(page)


def test_a_browser_without_webassembly_is_told_so(_browser_tab, site):
    """Without WebAssembly the region says this browser cannot run the
    engine (not the connection), and asks nothing of the network."""
    words = dict(messages("play", "ja"))
    with _context(_browser_tab) as context:
        context.add_init_script("delete window.WebAssembly;")
        page = context.new_page()
        asked = []
        page.on("request", lambda r: asked.append(r.url) if "/pyodide/" in r.url else None)
        page.goto(f"{site}gen/{GAME}/")
        page.click("[data-rb-start]")
        page.wait_for_selector("[data-rb-play][data-state=idle][data-rb-engine=failed]", state="attached",
                               timeout=60_000)
        assert page.inner_text(".rb-play-status") == words["failed"]
        assert asked == []


def test_after_a_first_visit_the_page_plays_offline(_browser_tab, site):
    """A hand started once keeps the page and the engine (data-rb-offline);
    with the connection gone, the page opens again and a hand is played."""
    with _context(_browser_tab) as context:
        page = context.new_page()
        page.goto(f"{site}gen/{GAME}/")
        page.click("[data-rb-start]")
        _ready(page)
        page.wait_for_selector("[data-rb-play][data-rb-offline]", state="attached", timeout=120_000)
        context.set_offline(True)
        page.reload()
        page.click("[data-rb-start]")
        _ready(page)
        _move(page)
        assert len(json.loads(page.get_attribute("[data-rb-play]", "data-rb-moves"))) == 1
