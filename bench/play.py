"""Figures of "Play a hand" (no pass/fail): for game pages of the built site,
the bytes the page costs before Play and what pressing Play adds (cold, and
on a second visit), the time from pressing Play to the first move offered
(cold: a new browser context and a direct click; scrolled-to: the reader
scrolls to Play, the engine loads on that intent, then the click; warm: a
second visit in the cold visit's context, its cache and service worker
kept), the long tasks of the page's thread (over 50 ms) from the click or
the scroll on, the machine's load, and Lighthouse's mobile performance
score of the page.

    bash bench/play.sh [--games chicken-foot,texas-42] [--langs ja,en] [--no-lighthouse] [--site DIR]

It builds the site into a temporary folder (the project's .venv, with
Pyodide from node_modules), serves it on 127.0.0.1 (text files gzip-compressed, as a
static host serves them) and drives Debian's
Chromium with Playwright; every request for another address fails (a proxy
that is not there: routing requests would turn the browser's cache off).
Lighthouse (npm, bench/.npm) runs with its default mobile settings.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import io
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("RULEBOOK_CHROMIUM", "/usr/bin/chromium")
LIGHTHOUSE = ROOT / "bench" / ".npm" / "node_modules" / ".bin" / "lighthouse"
PREFIX = {"ja": "", "en": "en/"}
#: What the bench's server compresses (:class:`_Quiet`).
COMPRESSED = (".html", ".css", ".js", ".mjs", ".json", ".svg", ".xml", ".txt")


class _Quiet(SimpleHTTPRequestHandler):
    """Serves the site as a static host does (GitHub Pages, Netlify): text files (HTML, CSS, scripts,
    JSON, SVG) gzip-compressed when the browser accepts it; the rest (WebAssembly, zips, PNG) as they
    are. Logs nothing."""

    protocol_version = "HTTP/1.1"
    _gzipped: dict[str, bytes] = {}

    def log_message(self, format, *args):  # noqa: A002
        pass

    def send_head(self):
        path = self.translate_path(self.path)
        if (os.path.isfile(path) and path.endswith(COMPRESSED)
                and "gzip" in self.headers.get("Accept-Encoding", "")):
            body = self._gzipped.get(path)
            if body is None:
                body = self._gzipped[path] = gzip.compress(Path(path).read_bytes(), mtime=0)
            self.send_response(200)
            self.send_header("Content-Type", self.guess_type(path))
            self.send_header("Content-Encoding", "gzip")
            self.send_header("Vary", "Accept-Encoding")
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Last-Modified", self.date_time_string(int(os.path.getmtime(path))))
            self.end_headers()
            return io.BytesIO(body)
        return super().send_head()


def _build(out: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "-q", "-d", str(out)], cwd=ROOT, env=env,
                   check=True)


#: Every long task (over 50 ms) of the page's thread, as [start, duration] in ms of the page's clock.
LONG_TASKS = """
window.rbLongTasks = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.rbLongTasks.push([e.startTime, e.duration]);
}).observe({type: "longtask", buffered: true});
"""


def _context(browser):
    """A new context (its own cache and service workers), a phone's width;
    every request for another address fails (a proxy that is not there:
    routing requests would turn the browser's cache off)."""
    context = browser.new_context(viewport={"width": 400, "height": 900},
                                  proxy={"server": "http://127.0.0.1:9", "bypass": "127.0.0.1"})
    context.add_init_script(LONG_TASKS)
    return context


class _Bytes:
    """The bytes a context fetched over the network (a response its service worker gave, and what the
    service worker itself fetched to keep, mostly from the browser's cache, are not counted)."""

    def __init__(self, context):
        self.total = 0
        context.on("requestfinished", self._done)

    def _done(self, request):
        if request.service_worker is not None:     # the service worker keeping what the page had fetched
            return
        response = request.response()
        if response is None or response.from_service_worker:
            return
        s = request.sizes()
        self.total += s["responseBodySize"] + s["responseHeadersSize"]


def _visit(context, url: str, bytes_: _Bytes, scroll: bool) -> dict:
    """Open ``url`` in a new tab of ``context`` and play: a direct click on
    Play, or (``scroll``) the region scrolled into view first, the engine's
    load (started by that intent) awaited, then the click. The time from the
    click to the first move offered (s), the bytes of the page and what
    Play added, the long tasks of the page's thread from the click (or the
    scroll) on (ms), and the time from the scroll to the engine loaded."""
    page = context.new_page()
    before = bytes_.total
    page.goto(url, wait_until="networkidle")
    page_bytes = bytes_.total - before
    since = page.evaluate("performance.now()")
    out = {"page_bytes": page_bytes}
    if scroll:
        t = time.perf_counter()
        page.locator("[data-rb-play]").scroll_into_view_if_needed()
        page.wait_for_selector("[data-rb-play][data-rb-engine=ready]", state="attached", timeout=180_000)
        out["loaded_s"] = round(time.perf_counter() - t, 2)
    t = time.perf_counter()
    page.click("[data-rb-start]")
    page.click("[data-rb-deal]", timeout=180_000)                       # the chooser's levels and table as offered
    page.wait_for_selector("[data-rb-play][data-state=ready]", state="attached", timeout=180_000)
    out["first_move_s"] = round(time.perf_counter() - t, 2)
    out["phases"] = json.loads(page.get_attribute("[data-rb-play]", "data-rb-phases") or "{}")
    page.click("[data-rb-move], [data-rb-draw], [data-rb-pass]")          # one move: a move's time is in
    page.wait_for_selector("[data-rb-play]:not([aria-busy])", state="attached", timeout=60_000)
    page.wait_for_selector("[data-rb-play][data-rb-offline]", state="attached", timeout=180_000)
    page.wait_for_load_state("networkidle")
    out["play_bytes"] = bytes_.total - before - page_bytes
    out["long_ms"] = [round(d) for start, d in page.evaluate("window.rbLongTasks") if start >= since]
    page.close()
    return out


def _phases(phases: dict) -> str:
    """The worker's timings (play-worker.js), each step's end in ms of the worker's clock, the first
    answers' durations (``..._ms``) after them."""
    ends = sorted((v, k) for k, v in phases.items() if not k.endswith("_ms"))
    took = [(k[:-3], v) for k, v in phases.items() if k.endswith("_ms")]
    return ", ".join([f"{k} {v}" for v, k in ends] + [f"{k} took {v}" for k, v in took])


def _measure(browser, url: str) -> dict:
    """Cold (a new context, a direct click on Play), scrolled-to (a new
    context, the reader scrolls to Play and the engine loads before the
    click) and warm (a second visit in the cold visit's context: its cache
    and its service worker kept, a direct click)."""
    out = {}
    context = _context(browser)
    bytes_ = _Bytes(context)
    out["cold"] = _visit(context, url, bytes_, scroll=False)
    out["warm"] = _visit(context, url, bytes_, scroll=False)
    context.close()
    context = _context(browser)
    out["scrolled"] = _visit(context, url, _Bytes(context), scroll=True)
    context.close()
    return out


def _lighthouse(url: str) -> float | None:
    if not LIGHTHOUSE.exists():
        return None
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run([str(LIGHTHOUSE), url, "--only-categories=performance", "--quiet", "--output=json",
                        f"--output-path={report}", "--chrome-flags=--headless --no-sandbox --disable-gpu"],
                       env=dict(os.environ, CHROME_PATH=CHROMIUM), check=True, timeout=300,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return json.loads(report.read_text())["categories"]["performance"]["score"] * 100


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", default="", help="game ids, comma-separated (default: every game)")
    ap.add_argument("--langs", default="ja,en")
    ap.add_argument("--no-lighthouse", action="store_true")
    ap.add_argument("--site", type=Path, help="a site already built (default: build one)")
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or sorted(p.parent.name for p in (ROOT / "rules").glob("*/variant.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if not args.site:
            _build(site)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"load (/proc/loadavg): {Path('/proc/loadavg').read_text().strip()}")
        print("page                        page KB  +Play KB cold/warm  first move cold/scrolled/warm s  "
              "longest task ms cold/scrolled/warm  Lighthouse (mobile)")
        scores = []
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
            for lang in args.langs.split(","):
                for game in games:
                    url = f"{base}{PREFIX[lang]}gen/{game}/"
                    m = _measure(browser, url)
                    score = None if args.no_lighthouse else _lighthouse(url)
                    if score is not None:
                        scores.append(score)
                    c, sc, w = m["cold"], m["scrolled"], m["warm"]
                    longest = "/".join(str(max(v["long_ms"], default=0)) for v in (c, sc, w))
                    print(f"{lang}/{game:<24} {c['page_bytes'] / 1024:7.0f}  {c['play_bytes'] / 1024:8.0f}/"
                          f"{w['play_bytes'] / 1024:<6.0f}  {c['first_move_s']:10.2f} / {sc['first_move_s']:.2f} "
                          f"(loaded in {sc['loaded_s']:.2f}) / {w['first_move_s']:.2f}   {longest:>18}   "
                          f"{'-' if score is None else f'{score:.0f}'}", flush=True)
                    for visit, v in (("cold", c), ("scrolled", sc), ("warm", w)):
                        print(f"    long tasks {visit}: {v['long_ms']}", flush=True)
                        print(f"    engine's start {visit} (ms): {_phases(v['phases'])}", flush=True)
            browser.close()
        server.shutdown()
        if scores:
            print(f"Lighthouse mobile performance: lowest {min(scores):.0f}, median {sorted(scores)[len(scores) // 2]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
