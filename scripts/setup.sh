#!/usr/bin/env bash
# Install everything the project needs on a fresh Debian machine (Python 3.11+):
# Debian packages for CairoSVG and the diagram digits' font, Chromium and a
# Japanese font for the browser tests, then a virtual environment with the
# project and its test dependencies. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  need=()
  for pkg in libcairo2 fonts-dejavu-core chromium fonts-noto-cjk; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null
  fi
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
.venv/bin/python -m pip install -q -e '.[test]'
# The compiled engine (mypyc, with the machine's C compiler): made again only when its sources
# changed since the last build. Without it everything works, in Python, at half the speed.
if [ "$(.venv/bin/python -m generator.native status)" != compiled ]; then
  .venv/bin/python -m generator.native build || echo "setup: the engine stays in Python (see above)" >&2
fi
