#!/usr/bin/env bash
# How long a "hard" move takes under Pyodide on this machine (bench/hard_move.mjs): the goal is at
# most one second. Uses the project's .venv (for the games' rules and mypy_extensions) and Node.
set -euo pipefail
cd "$(dirname "$0")/.."
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
PY=${PYTHON:-.venv/bin/python}
"$PY" - "$tmp" <<'PYEOF'
import json, shutil, sys
import mypy_extensions
from generator.model import Catalog, find_rules_dir
from generator.play.session import spec_of
cat = Catalog(find_rules_dir())
games = ["draw", "block", "mexican-train", "chicken-foot", "texas-42"]
json.dump({g: spec_of(cat.variant(g).rules) for g in games}, open(f"{sys.argv[1]}/specs.json", "w"))
shutil.copy(mypy_extensions.__file__, sys.argv[1])
PYEOF
node bench/hard_move.mjs "$tmp/specs.json" "$tmp"
