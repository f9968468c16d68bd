#!/usr/bin/env bash
# Recompute the "by the numbers" figures (rules/*/stats.json) whose definition changed.
# A build does the same on demand; this runs the variants two at a time.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || bash scripts/setup.sh
exec .venv/bin/python - "$@" <<'PY'
import sys, time
from concurrent.futures import ProcessPoolExecutor
from generator.model import Catalog, find_rules_dir


def one(vid):
    t = time.time()
    from generator.stats import figures
    figures(Catalog(find_rules_dir()).variant(vid))
    return vid, time.time() - t

ids = sys.argv[1:] or Catalog(find_rules_dir()).variant_ids()
with ProcessPoolExecutor(2) as ex:
    for vid, dt in ex.map(one, ids):
        print(f"{vid}: {dt:.1f} s", flush=True)
PY
