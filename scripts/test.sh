#!/usr/bin/env bash
# Set up (if needed), verify every position, and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/rulebook check
# Two processes (pytest-xdist), one per core of the machines we run on; see tests/conftest.py for
# how the tests are shared out. Pass -n 0 to run in one process.
exec .venv/bin/python -m pytest -n "${RULEBOOK_TEST_PROCESSES:-auto}" --dist loadgroup "$@"
