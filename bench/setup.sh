#!/usr/bin/env bash
# The bench's own environment, bench/.venv: the project (editable, with its test extras) and the PyPI
# packages it is compared or tested with (never project dependencies): dominoes and all-fives-domino
# for bench/run.sh, mutmut for bench/mutation.sh. Made once, and again when pyproject.toml changes.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ ! -x bench/.venv/bin/python ]; then
  python3.11 -m venv bench/.venv 2>/dev/null || python3 -m venv bench/.venv
  bench/.venv/bin/pip install -q --upgrade pip
fi
if [ ! -f bench/.venv/.installed ] || [ pyproject.toml -nt bench/.venv/.installed ] \
   || [ bench/setup.sh -nt bench/.venv/.installed ]; then
  bench/.venv/bin/pip install -q -e ".[test]" "dominoes==6.1.0" "all-fives-domino" "jsons" "flask" "mutmut==3.8.1"
  touch bench/.venv/.installed
fi
