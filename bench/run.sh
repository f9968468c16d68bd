#!/usr/bin/env bash
# Print the benchmark figures (no pass/fail). The bench has its own environment, bench/.venv,
# holding the project and the PyPI packages it is compared with (never project dependencies).
# Usage: bash bench/run.sh [--quick] [--only engine,pypi,check,build]
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x bench/.venv/bin/python ]; then
  python3.11 -m venv bench/.venv 2>/dev/null || python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q --upgrade pip
fi
# (Re)install when the project's dependencies changed since the last install.
if [ ! -f bench/.venv/.installed ] || [ pyproject.toml -nt bench/.venv/.installed ]; then
  bench/.venv/bin/pip install -q -e ".[test]" "dominoes==6.1.0" "all-fives-domino" "jsons" "flask"
  touch bench/.venv/.installed
fi
export NO_MKDOCS_2_WARNING=1
# The compiled engine (generator/_compiled/, shared with the project's own .venv): built when missing
# or older than its sources; the comparisons also load the Python sources beside it.
if [ "$(bench/.venv/bin/python -m generator.native status)" != compiled ]; then
  bench/.venv/bin/python -m generator.native build || echo "bench: comparing the Python engine only" >&2
fi
exec bench/.venv/bin/python bench/bench.py "$@"
