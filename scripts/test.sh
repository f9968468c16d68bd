#!/usr/bin/env bash
# Set up (if needed), verify every position, and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/rulebook check
# One process per core (pytest-xdist), each taking whole test files: a file's fixtures (a built
# site, a browser) are made once, and the session's built site is shared under a lock
# (tests/conftest.py). Pass -n 0 to run in one process.
exec .venv/bin/python -m pytest -n "${RULEBOOK_TEST_PROCESSES:-auto}" --dist loadfile "$@"
