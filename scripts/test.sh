#!/usr/bin/env bash
# Set up (if needed), verify every position, and run the whole test suite.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
.venv/bin/rulebook check
exec .venv/bin/python -m pytest "$@"
