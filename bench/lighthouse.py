"""Lighthouse's mobile scores (performance, accessibility, best practices)
of game pages that carry "Play a hand", with the audits that cost points
(no pass/fail).

    bash bench/lighthouse.sh [--pages en/gen/draw/,gen/mexican-train/] [--site DIR] [--runs 1]

Serves a built site (``--site``, else one built into a temporary folder
as bench/play.py builds it) on 127.0.0.1 and runs Lighthouse (npm, in
bench/.npm: bench/lighthouse.sh installs it there, never into the project)
with its default mobile settings (a phone's screen, a slowed CPU and
network, simulated) on Debian's Chromium (``RULEBOOK_CHROMIUM``, else
/usr/bin/chromium). Prints the machine's load before and after: the
performance score depends on it.
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
from http.server import ThreadingHTTPServer
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from play import CHROMIUM, LIGHTHOUSE, _build, _Quiet  # noqa: E402

CATEGORIES = ("performance", "accessibility", "best-practices")


def run(url: str) -> dict:
    """Lighthouse's report (JSON) of ``url``, mobile, the three categories."""
    with tempfile.TemporaryDirectory() as tmp:
        report = Path(tmp) / "report.json"
        subprocess.run([str(LIGHTHOUSE), url, f"--only-categories={','.join(CATEGORIES)}", "--quiet",
                        "--output=json", f"--output-path={report}",
                        "--chrome-flags=--headless --no-sandbox --disable-gpu"],
                       env=dict(os.environ, CHROME_PATH=CHROMIUM), check=True, timeout=600,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        return json.loads(report.read_text())


def losses(report: dict) -> list[str]:
    """The audits that cost points, each with its category, score and what it measured."""
    out = []
    for cat in CATEGORIES:
        for ref in report["categories"][cat]["auditRefs"]:
            audit = report["audits"][ref["id"]]
            if ref["weight"] and audit["score"] is not None and audit["score"] < 1:
                out.append(f"{cat}: {ref['id']} {audit['score']:.2f} {audit.get('displayValue', '')}".rstrip())
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--pages", default="en/gen/draw/,gen/mexican-train/",
                    help="paths of pages in the site, comma-separated")
    ap.add_argument("--site", type=Path, help="a site already built (default: build one)")
    ap.add_argument("--runs", type=int, default=1, help="runs a page (the median score is printed)")
    args = ap.parse_args(argv)
    if not LIGHTHOUSE.exists():
        print(f"no Lighthouse at {LIGHTHOUSE}: run bash bench/lighthouse.sh", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site or Path(tmp) / "site"
        if not args.site:
            _build(site)
        server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(site)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/"
        print(f"load before (/proc/loadavg): {Path('/proc/loadavg').read_text().strip()}")
        print("page                      " + "  ".join(f"{c:>14}" for c in CATEGORIES))
        for path in [p for p in args.pages.split(",") if p]:
            reports = [run(base + path) for _ in range(max(1, args.runs))]
            scores = {c: sorted(r["categories"][c]["score"] * 100 for r in reports)[len(reports) // 2]
                      for c in CATEGORIES}
            print(f"{path:<25} " + "  ".join(f"{scores[c]:14.0f}" for c in CATEGORIES), flush=True)
            for line in losses(reports[len(reports) // 2]):
                print("    " + line, flush=True)
        print(f"load after (/proc/loadavg): {Path('/proc/loadavg').read_text().strip()}")
        server.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
