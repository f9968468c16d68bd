#!/usr/bin/env bash
# Lighthouse's mobile scores of game pages with "Play a hand" (bench/lighthouse.py). Lighthouse comes
# from the npm registry into bench/.npm (installed here once; never a project dependency); Chromium is
# Debian's (scripts/setup.sh installs it; RULEBOOK_CHROMIUM names another). Uses the project's .venv.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
if [ ! -x bench/.npm/node_modules/.bin/lighthouse ]; then
  npm install --prefix bench/.npm --no-audit --no-fund --loglevel=error lighthouse@13.5.0 >/dev/null
fi
exec .venv/bin/python bench/lighthouse.py "$@"
