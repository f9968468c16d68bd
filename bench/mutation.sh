#!/usr/bin/env bash
# Mutation testing of the engine, the variants and the position model with mutmut 3 (not in CI: about
# three hours on two cores). Its settings are [tool.mutmut] in pyproject.toml: what it mutates
# and which tests it runs. Prints the score of each area and every mutant that survived and is not listed
# as equivalent in bench/mutation-equivalent.txt (bench/mutation_report.py); exits 1 when there is one.
usage() {
  cat <<'TEXT'
usage: bash bench/mutation.sh [--resume | --retest | --report]
  (none)     a new run: deletes mutants/ (the last run's results) and tests every mutant afresh
  --resume   go on with a stopped run (also re-tests the functions edited since)
  --retest   test again every mutant the last run did not catch and that is not listed as equivalent
             (after adding tests), then report
  --report   only print the last run's figures
Ctrl-C stops a run; --resume goes on with it later.
TEXT
}
if [ $# -gt 1 ]; then
  echo "bench/mutation.sh: one option at most, not: $*" >&2; usage >&2; exit 2
fi
case "${1-}" in
  --resume|--retest|--report) ;;
  -h|--help) usage; exit 0 ;;
  *) if [ $# -eq 1 ]; then echo "bench/mutation.sh: unknown option '$1'" >&2; usage >&2; exit 2; fi ;;
esac
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 1 ] && [ ! -d mutants ]; then
  echo "bench/mutation.sh: no mutation run found (mutants/ is missing): run bash bench/mutation.sh first" >&2
  exit 1
fi
bash bench/setup.sh
# The Python modules: mutmut edits their source, which the compiled build would hide.
export RULEBOOK_ENGINE=python NO_MKDOCS_2_WARNING=1
run() {
  # mutmut in a process group of its own, so that Ctrl-C stops it and every worker it started
  setsid bench/.venv/bin/mutmut run --max-children "$(nproc)" "$@" &
  local pid=$! status=0
  trap 'kill -TERM -- "-$pid" 2>/dev/null; wait "$pid" || true; echo "stopped: bash bench/mutation.sh --resume goes on" >&2; exit 130' INT TERM
  wait "$pid" || status=$?
  trap - INT TERM
  if [ "$status" -ne 0 ]; then
    echo "bench/mutation.sh: mutmut stopped with status $status (see its output above)" >&2
    exit "$status"
  fi
}
case "${1-}" in
  --report) ;;
  --resume) run ;;
  --retest) mapfile -t names < <(bench/.venv/bin/python bench/mutation_report.py --names)
            if [ "${#names[@]}" -gt 0 ]; then run "${names[@]}"; fi ;;
  "") rm -rf mutants; run ;;
esac
exec bench/.venv/bin/python bench/mutation_report.py
