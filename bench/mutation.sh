#!/usr/bin/env bash
# Mutation testing of the engine, the variants and the position model with mutmut 3 (not in CI: about
# an hour on two cores). Its settings are [tool.mutmut] in pyproject.toml: what it mutates and which
# tests it runs. Prints the score of each area and every mutant that survived and is not listed as
# equivalent in bench/mutation-equivalent.txt (bench/mutation_report.py).
# Usage: bash bench/mutation.sh            a new run (mutants/ made afresh)
#        bash bench/mutation.sh --resume   go on with a stopped run (also re-tests edited functions)
#        bash bench/mutation.sh --report   only print the last run's figures
set -euo pipefail
cd "$(dirname "$0")/.."
bash bench/setup.sh
# The Python modules: mutmut edits their source, which the compiled build would hide.
export RULEBOOK_ENGINE=python NO_MKDOCS_2_WARNING=1
case "${1:-}" in
  --report) ;;
  --resume) bench/.venv/bin/mutmut run --max-children "$(nproc)" ;;
  "") rm -rf mutants
      bench/.venv/bin/mutmut run --max-children "$(nproc)" ;;
  *) echo "usage: bash bench/mutation.sh [--resume | --report]" >&2; exit 2 ;;
esac
exec bench/.venv/bin/python bench/mutation_report.py
