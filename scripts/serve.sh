#!/usr/bin/env bash
# Set up (if needed) and serve the site at http://127.0.0.1:8000/ with live rebuilds.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
exec .venv/bin/mkdocs serve -a 127.0.0.1:8000 "$@"
