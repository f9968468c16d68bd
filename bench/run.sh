#!/usr/bin/env bash
# Print the benchmark figures (no pass/fail), in the bench's own environment (bench/setup.sh).
# Usage: bash bench/run.sh [--quick] [--only engine,pypi,check,build]
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/setup.sh
export NO_MKDOCS_2_WARNING=1
# The compiled engine (generator/_compiled/, shared with the project's own .venv): built when missing
# or older than its sources; the comparisons also load the Python sources beside it.
if [ "$(bench/.venv/bin/python -m generator.base.native status)" != compiled ]; then
  bench/.venv/bin/python -m generator.base.native build || echo "bench: comparing the Python engine only" >&2
fi
exec bench/.venv/bin/python bench/bench.py "$@"
