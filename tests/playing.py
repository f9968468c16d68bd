"""What the two "Play a hand" browser test files share (one file per language,
so that a parallel run plays both languages at once): the built site served on
127.0.0.1, one Chromium tab at a phone's width whose every request for
another address is aborted, and a hand played to its end by the hooks of the
play region's test contract (``data-rb-play``, ``data-state``,
``data-rb-start``, ``data-rb-move``, ``data-rb-draw``, ``data-rb-pass``,
``data-rb-result``)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from conftest import ROOT, serve_site


LANG_PREFIX = {"ja": "", "en": "en/"}
#: Every game that gets a page (house rules included).
GAMES = sorted(p.parent.name for p in (ROOT / "rules").glob("*/variant.yaml"))
#: Moves after which a hand that has not ended fails the test (the longest hands are some fifty moves).
MAX_MOVES = 400


@dataclass
class PlayTab:
    """The tab and what it saw: requests for other addresses (aborted), and
    console errors and uncaught exceptions."""

    page: object
    base: str
    outside: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open_game(self, lang: str, game: str) -> None:
        """Open ``game``'s page in ``lang``, press the start button and deal
        at the levels offered first (``normal``); wait until the first view
        is shown."""
        self.page.goto(f"{self.base}{LANG_PREFIX[lang]}gen/{game}/")
        self.page.click("[data-rb-play][data-state=idle] [data-rb-start]")
        self.page.click("[data-rb-deal]", timeout=90_000)
        self.page.wait_for_selector("[data-rb-play][data-state=ready], [data-rb-play][data-state=over]",
                                    state="attached", timeout=90_000)

    def play_hand(self) -> int:
        """Make the first offered move (or draw, or pass) until the hand's
        result is shown; returns the number of moves made."""
        page = self.page
        for n in range(MAX_MOVES):
            if page.query_selector("[data-rb-result]"):
                return n
            for hook in ("[data-rb-move]", "[data-rb-draw]", "[data-rb-pass]"):
                button = page.query_selector(hook)
                if button:
                    button.click()
                    self.settle()
                    break
            else:
                raise AssertionError("no move, draw or pass is offered before the hand's end")
        raise AssertionError(f"the hand did not end in {MAX_MOVES} moves")

    def settle(self) -> None:
        """Wait until the engine (in its worker) has answered the last
        press: the region is no longer ``aria-busy``."""
        self.page.wait_for_selector("[data-rb-play]:not([aria-busy])", state="attached", timeout=60_000)

    def region(self, name: str) -> str | None:
        return self.page.get_attribute("[data-rb-play]", name)

    def moves(self) -> list:
        return json.loads(self.region("data-rb-moves") or "[]")


@pytest.fixture(scope="module")
def play_tab(_browser_tab, built_repo):
    """The built site served on 127.0.0.1 and a tab 400 px wide of the
    session's one Chromium (:mod:`test_browser`'s: one Playwright per test
    process), every request for another address aborted; skips (or fails,
    as CI requires) without Chromium."""
    with serve_site(Path(built_repo) / "site", small_search=True) as base:
        yield from _tab(_browser_tab, base)


def _tab(_browser_tab, base: str):
    # Every request for another address goes to a proxy that is not there (port 9, discard), so it
    # fails in the browser; 127.0.0.1 bypasses it. (Not page.route: routing turns the browser's cache
    # off, and each page would fetch and compile Pyodide anew.)
    context = _browser_tab.page.context.browser.new_context(
        viewport={"width": 400, "height": 900}, proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"})
    page = context.new_page()
    tab = PlayTab(page, base)

    def request(r):
        if not r.url.startswith(("http://127.0.0.1:", "data:", "blob:")):
            tab.outside.append(r.url)

    page.on("request", request)
    page.on("console", lambda m: tab.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: tab.errors.append(f"uncaught: {e}"))
    yield tab
    context.close()


def axe_problems(page) -> list[str]:
    """Serious or critical accessibility problems axe-core finds on the page."""
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} ({', '.join(str(n['target']) for n in v['nodes'][:3])})"
            for v in results.response["violations"]
            if v.get("impact") in ("serious", "critical")]
