#!/usr/bin/env bash
# Recompute the "by the numbers" figures (rules/*/stats.json) whose definition changed.
# A build does the same on demand; this spreads the stale rows of every game over every core
# (the figures are the same for any number of processes). Arguments: game ids, --jobs N.
set -euo pipefail
cd "$(dirname "$0")/.."
[ -x .venv/bin/python ] || bash scripts/setup.sh
exec .venv/bin/python -m generator.sim.stats "$@"
