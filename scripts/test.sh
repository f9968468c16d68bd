#!/usr/bin/env bash
# Set up (if needed), verify every position, and run the whole test suite; then run the engine's
# own tests again on the Python modules, the reference the compiled build is made from.
# `bash scripts/test.sh --quick`: the quick tier (engine, model, pages, one site build; no browser, no
# wheel, no fault injection, no attack builds: the tests marked `full` are left out, see tests/conftest.py).
set -euo pipefail
cd "$(dirname "$0")/.."
quick=0
if [ "${1:-}" = "--quick" ]; then
  quick=1
  shift
fi
bash scripts/setup.sh
.venv/bin/rulebook check
# The pages' simulated figures (rules/*/stats.json) must be stored for the current rules and engine, so
# that a build neither recomputes nor changes them: after an engine edit, run scripts/stats.sh.
.venv/bin/python -m generator.sim.stats --check
# The browser tests must run: without Chromium they fail rather than skip (RULEBOOK_REQUIRE_BROWSER=0 lets
# them skip, for a machine where the Debian packages cannot be installed).
export RULEBOOK_REQUIRE_BROWSER="${RULEBOOK_REQUIRE_BROWSER:-1}"
if [ "$quick" = 1 ]; then
  set -- -m "not full" "$@"
fi
# One process per core (pytest-xdist), each taking whole test files (the files that drive the browser
# go to one process together): a file's fixtures (a built site, a browser) are made once, and the
# session's built site is shared under a lock. The files go out in collection order, the slowest first
# (conftest.py). Pass -n 0 to run in one process.
.venv/bin/python -m pytest -n "${RULEBOOK_TEST_PROCESSES:-auto}" --dist loadfile --no-loadscope-reorder "$@"
if [ $# -eq 0 ] && [ "$(.venv/bin/python -m generator.base.native status)" = compiled ]; then
  # The engine's own tests (marked `engine`, as bench/mutation.sh picks them) less those that check or
  # build a whole rules folder, and the simulation's. (Not tests/test_compiled.py: each of its tests
  # names the engine of every process it starts, so it ran in full above whatever RULEBOOK_ENGINE says.)
  echo "The engine's tests and doctests again, on the Python modules (RULEBOOK_ENGINE=python):"
  RULEBOOK_ENGINE=python .venv/bin/python -m pytest -n "${RULEBOOK_TEST_PROCESSES:-auto}" --dist loadfile \
    -m "engine and not whole_site" tests generator/engine generator/families/line/rules generator/families/line/positions.py
  RULEBOOK_ENGINE=python .venv/bin/python -m pytest -n "${RULEBOOK_TEST_PROCESSES:-auto}" --dist loadfile \
    tests/test_simulate.py generator/sim/simulate.py
fi
