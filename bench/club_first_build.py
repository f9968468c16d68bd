"""A club's first build, timed: ``rulebook init`` in a temporary folder, two
house rules (Texas 42 played to 3 marks, Mexican Train with smaller hands),
then ``rulebook build`` once, with its progress lines shown as they come.

Prints the machine's load (``/proc/loadavg``) before and after, the engine
that ran (compiled or Python), each line of the build's progress with the
time it came at, the build's wall time and CPU time (on a shared machine the
CPU time says more: on two idle cores the simulation's part of it is about
halved), and each house rule's
rows of figures (hands, games, the percentages with their 95% half-widths).
Never fails on time: it prints figures. The goal (issue 49) is a first build
with figures within 60 s on the project's 2-core machine.

Usage (from a checkout, or wherever the package is installed)::

    python bench/club_first_build.py [--keep] [--mkdocs]

``--keep`` leaves the site's folder and names it; ``--mkdocs`` times
``mkdocs build`` (the pages, then their HTML, as the CI recipe builds)
instead of ``rulebook build`` (the pages only).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TEXAS = """\
id: texas-42-short
extends: texas-42
name: {ja: テキサス42（3マーク先取）, en: Texas 42 to three marks}
summary:
  ja: 7マークではなく3マークを先に取ったチームの勝ちにする、短いテキサス42です。
  en: A shorter Texas 42, won by the first team to take three marks instead of seven.
params:
  target: 3
"""

TRAIN = """\
id: mexican-train-small-hands
extends: mexican-train
name: {ja: メキシカントレイン（少なく配る）, en: Mexican Train with smaller hands}
summary:
  ja: 配る牌をどの人数でも2枚ずつ減らして遊ぶメキシカントレインです。
  en: Mexican Train dealt two tiles fewer at every table size.
params:
  deal: {2: 13, 3: 13, 4: 13, 5: 10, 6: 10, 7: 8, 8: 8}
"""


def load() -> str:
    """The 1, 5 and 15 minute load averages, as ``/proc/loadavg`` says."""
    try:
        return " ".join(Path("/proc/loadavg").read_text().split()[:3])
    except OSError:
        return "unknown"


def rulebook(*args: str, cwd: Path, env: dict) -> subprocess.CompletedProcess:
    """``rulebook ARGS`` run with this Python (the package it imports)."""
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], cwd=cwd, env=env)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--keep", action="store_true", help="keep the club's folder")
    ap.add_argument("--mkdocs", action="store_true", help="time `mkdocs build` instead of `rulebook build`")
    args = ap.parse_args()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    env.pop("RULEBOOK_RULES", None)
    engine = subprocess.run([sys.executable, "-m", "generator.base.native", "status"], env=env,
                            capture_output=True, text=True).stdout.strip()
    top = Path(tempfile.mkdtemp(prefix="club-first-build-"))
    site = top / "club"
    print(f"bench: engine: {engine}; load before: {load()}; cores: {os.cpu_count()}", flush=True)
    if rulebook("init", str(site), cwd=top, env=env).returncode:
        return 1
    for name, text in (("texas-42-short", TEXAS), ("mexican-train-small-hands", TRAIN)):
        (site / "rules" / name).mkdir()
        (site / "rules" / name / "variant.yaml").write_text(text, encoding="utf-8")
    t0 = time.monotonic()
    command = ["mkdocs", "build"] if args.mkdocs else ["generator.cli", "build"]
    build = subprocess.Popen([sys.executable, "-m", *command], cwd=site, env=env, stderr=subprocess.PIPE, text=True)
    for line in build.stderr:              # the build's progress, each line with the time it came at
        print(f"[{time.monotonic() - t0:6.1f} s] {line.rstrip()}", flush=True)
    code = build.wait()
    took = time.monotonic() - t0
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    what = "mkdocs build" if args.mkdocs else "rulebook build"
    print(f"bench: first build ({what}): {took:.1f} s wall, {used.ru_utime + used.ru_stime:.1f} s of CPU "
          f"(its processes together, init included) (exit {code}); load after: {load()}", flush=True)
    for name in ("texas-42-short", "mexican-train-small-hands"):
        path = site / "rules" / name / "stats.json"
        if not path.is_file():
            print(f"bench: {name}: no figures written")
            continue
        data = json.loads(path.read_text(encoding="utf-8"))
        for r in data["results"]:
            hw = r.get("half_width", {})
            print(f"bench: {name} {r['players']}{'p' if r['partners'] else ''}: {r['hands']:,} hands, "
                  f"{r['games']:,} games; blocked {100 * r['block_rate']:.1f}% "
                  f"(±{100 * hw.get('block_rate', float('nan')):.1f}), first player's side wins "
                  f"{100 * r['first_player_wins']:.1f}% (±{100 * hw.get('first_player_wins', float('nan')):.1f})")
    if args.keep:
        print(f"bench: the site is in {site}")
    else:
        import shutil

        shutil.rmtree(top, ignore_errors=True)
    return code


if __name__ == "__main__":
    sys.exit(main())
