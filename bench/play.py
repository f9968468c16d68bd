"""Figures of "Play a hand" (no pass/fail): for game pages of the built site,
the bytes the page costs before Play and what pressing Play adds, the time
from pressing Play to the first move offered (a cold browser cache, then a
warm one), and Lighthouse's mobile performance score of the page.

    bash bench/play.sh [--games chicken-foot,texas-42] [--langs ja,en] [--no-lighthouse]

It builds the site into a temporary folder (the project's .venv, with
Pyodide from node_modules), serves it on 127.0.0.1 and drives Debian's
Chromium with Playwright; every request for another address is aborted.
Lighthouse (npm, bench/.npm) runs with its default mobile settings.
"""

from __future__ import annotations

import argparse
import functools
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


class _Quiet(SimpleHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, format, *args):  # noqa: A002
        pass


def _build(out: Path) -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    subprocess.run([str(ROOT / ".venv" / "bin" / "mkdocs"), "build", "-q", "-d", str(out)], cwd=ROOT, env=env,
                   check=True)


def _measure(browser, url: str) -> dict:
    context = browser.new_context(viewport={"width": 400, "height": 900})
    page = context.new_page()
    sizes: list[int] = []
    page.route("**/*", lambda r: r.continue_() if r.request.url.startswith("http://127.0.0.1:") else r.abort())

    def done(request):
        s = request.sizes()
        sizes.append(s["responseBodySize"] + s["responseHeadersSize"])

    page.on("requestfinished", done)
    out = {}
    for visit in ("cold", "warm"):
        sizes.clear()
        page.goto(url, wait_until="networkidle")
        before = sum(sizes)
        t = time.perf_counter()
        page.click("[data-rb-start]")
        page.wait_for_selector("[data-rb-play][data-state=ready]", state="attached", timeout=120_000)
        first = time.perf_counter() - t
        page.wait_for_load_state("networkidle")
        out[visit] = {"page_bytes": before, "play_bytes": sum(sizes) - before, "first_move_s": round(first, 2)}
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
    args = ap.parse_args(argv)
    games = [g for g in args.games.split(",") if g] or sorted(p.parent.name for p in (ROOT / "rules").glob("*/variant.yaml"))
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        _build(site)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        print("page                        page KB  +Play KB  first move cold/warm s  Lighthouse (mobile)")
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
                    c, w = m["cold"], m["warm"]
                    print(f"{lang}/{game:<24} {c['page_bytes'] / 1024:7.0f}  {c['play_bytes'] / 1024:8.0f}  "
                          f"{c['first_move_s']:10.2f} / {w['first_move_s']:.2f}        "
                          f"{'-' if score is None else f'{score:.0f}'}", flush=True)
            browser.close()
        server.shutdown()
        if scores:
            print(f"Lighthouse mobile performance: lowest {min(scores):.0f}, median {sorted(scores)[len(scores) // 2]:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
