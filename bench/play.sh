#!/usr/bin/env bash
# Figures of "Play a hand" (bench/play.py): bytes before and after Play, time to the first move,
# Lighthouse's mobile performance score. Uses the project's .venv (scripts/setup.sh) and Lighthouse
# from the npm registry in bench/.npm (installed here once).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ ! -x bench/.npm/node_modules/.bin/lighthouse ]; then
  npm install --prefix bench/.npm --no-audit --no-fund --loglevel=error lighthouse@13.5.0 >/dev/null
fi
exec .venv/bin/python bench/play.py "$@"
