#!/usr/bin/env bash
# Install everything the project needs on a fresh Debian machine (Python 3.11+):
# Debian packages for CairoSVG and the diagram digits' font, Chromium and a
# Japanese font for the browser tests, then a virtual environment with the
# project and its test dependencies. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/aptlock.sh
if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
  need=()
  for pkg in libcairo2 fonts-dejavu-core chromium fonts-noto-cjk; do
    dpkg -s "$pkg" >/dev/null 2>&1 || need+=("$pkg")
  done
  if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing the Debian packages ${need[*]} (waiting up to 10 minutes if another apt is running)" >&2
    # another apt (an unattended upgrade, a second terminal) may hold its locks: wait for every one of
    # them, the package lists' lock included, which DPkg::Lock::Timeout alone does not cover (aptlock.sh)
    apt_get_waiting 600 update -qq
    DEBIAN_FRONTEND=noninteractive apt_get_waiting 600 install -y -qq "${need[@]}" >/dev/null
  fi
fi
# Pyodide (the npm package, pinned in package-lock.json) for the game pages' "Play a hand": the build
# copies it into the site. Node's npm installs it; Debian's is installed when there is none.
if ! grep -qs '"version": "314.0.8"' node_modules/pyodide/package.json; then
  if ! command -v npm >/dev/null 2>&1 && command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "setup: installing Debian's npm" >&2
    DEBIAN_FRONTEND=noninteractive apt_get_waiting 600 install -y -qq npm >/dev/null
  fi
  echo "setup: installing Pyodide from the npm registry (package-lock.json)" >&2
  npm ci --no-audit --no-fund --loglevel=error >/dev/null
fi
[ -x .venv/bin/python ] || python3 -m venv .venv
# The project is installed in editable mode: an edit to its code needs no new install, only a change
# to what it depends on or how it is packaged (pyproject.toml, setup.py). The stamp in .venv says which
# of them were installed.
stamp=.venv/.rulebook-installed
want=$(cat pyproject.toml setup.py | sha256sum | cut -d' ' -f1)
if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  echo "setup: installing the project and its test tools into .venv (a minute or two)" >&2
  .venv/bin/python -m pip install -q --upgrade pip >/dev/null 2>&1 || true
  log=$(mktemp)
  if ! .venv/bin/python -m pip install -q -e '.[test]' >"$log" 2>&1; then
    cat "$log" >&2; rm -f "$log"; exit 1
  fi
  rm -f "$log"
  echo "$want" > "$stamp"
fi
# The compiled engine (mypyc, with the machine's C compiler): made again only when its sources
# changed since the last build. Without it everything works, in Python, at half the speed.
if [ "$(.venv/bin/python -m generator.base.native status)" != compiled ]; then
  .venv/bin/python -m generator.base.native build || echo "setup: the engine stays in Python (see above)" >&2
fi
