#!/usr/bin/env bash
# Set up (if needed) and serve the site at http://127.0.0.1:8000/ with live rebuilds; an address of
# your own (-a HOST:PORT, --dev-addr HOST:PORT or --dev-addr=HOST:PORT) takes the default's place.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
addr=(-a 127.0.0.1:8000)
for arg in "$@"; do
  case "$arg" in
    --) break ;;                                  # what follows is not an option
    -a|-a?*|--dev-addr|--dev-addr=*) addr=() ;;   # the user's own address: no default beside it
  esac
done
exec .venv/bin/mkdocs serve ${addr[@]+"${addr[@]}"} "$@"
