"""Print the score of the last mutation run (bench/mutation.sh) and every
surviving mutant that is not listed as equivalent.

A mutant is a one-token change that mutmut plants in a copy of the package
(``mutants/``): ``<=`` for ``<``, ``1`` for ``0``, a string changed, a call's
argument dropped... The tests kill it when one of them fails. What survives
is either a gap in the tests (a promise no test holds the code to) or an
equivalent mutant: a change that no behaviour can reveal (a cache's size, a
message held by nothing). Those are listed in ``bench/mutation-equivalent.txt``,
one a line: the mutant's name, then why. The score counts a mutant as caught
when it is killed or times out (an endless loop caught), out of every mutant
but the equivalent ones; "no tests" means no selected test even runs the
function.

Usage: python bench/mutation_report.py [--all | --names]   (--all also lists the equivalent mutants;
--names prints only the names of the tested mutants that were neither caught nor listed as equivalent, for
bench/mutation.sh --retest)
Exit status: 0 when every tested mutant is caught or listed as equivalent, 1 when some are neither (or no
run was found), 2 for a usage error.
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MUTANTS = ROOT / "mutants"
EQUIVALENT = ROOT / "bench" / "mutation-equivalent.txt"
#: The areas the score is given for: a name and the source files (relative to the repository).
AREAS = {
    "engine and variants": ("generator/engine/", "generator/families/line/rules/"),
    "position model": ("generator/families/line/positions.py", "generator/model/kinds.py"),
}
#: The outcomes that catch a mutant (mutmut's words: a test failed, it hung, the type check refused
#: it, or it crashed the interpreter).
CAUGHT = ("killed", "timeout", "caught by type check", "segfault")
#: The outcomes --names gives for testing again (mutmut tests a mutant only while it has no result).
AGAIN = ("survived", "no tests", "suspicious", "check was interrupted by user")


def equivalent() -> dict[str, str]:
    """The mutants listed as equivalent, with why: ``{name: reason}``."""
    out = {}
    if EQUIVALENT.is_file():
        for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
            line = line.strip()
            if line and not line.startswith("#"):
                name, _, why = line.partition(" ")
                out[name] = why.strip()
    return out


#: The source file of each mutant (as mutmut names it), filled by :func:`outcomes`.
SOURCE: dict[str, str] = {}


def outcomes() -> dict[str, dict[str, str]]:
    """Each area's mutants and what became of them: ``{area: {name: outcome}}``."""
    from mutmut.stats import status_by_exit_code      # mutmut's exit codes by outcome

    out: dict[str, dict[str, str]] = {area: {} for area in AREAS}
    for meta in sorted(MUTANTS.rglob("*.py.meta")):
        rel = meta.relative_to(MUTANTS).as_posix()[: -len(".meta")]
        area = next((a for a, prefixes in AREAS.items() if rel.startswith(prefixes)), None)
        if area is None:
            continue
        codes = json.loads(meta.read_text(encoding="utf-8")).get("exit_code_by_key", {})
        for name, code in codes.items():
            out[area][name] = status_by_exit_code[code]
            SOURCE[name] = rel
    return out


def one_line(name: str) -> str:
    """The mutant's change as ``old  ->  new`` (its first changed line), or '' when mutmut cannot say."""
    try:
        from mutmut.mutation.diff_apply import get_diff_for_mutant
        diff = get_diff_for_mutant(name, path=SOURCE.get(name)).splitlines()
    except Exception:                       # mutmut's own helper; a name it cannot find
        return ""
    old = next((d[1:].strip() for d in diff if d.startswith("-") and not d.startswith("---")), "")
    new = next((d[1:].strip() for d in diff if d.startswith("+") and not d.startswith("+++")), "")
    return f"{old}  ->  {new}"


def main(argv: list[str]) -> int:
    if argv in (["-h"], ["--help"]):
        print(__doc__.strip())
        return 0
    if argv not in ([], ["--all"], ["--names"]):
        print("usage: python bench/mutation_report.py [--all | --names]", file=sys.stderr)
        return 2
    if not MUTANTS.is_dir():
        print("no mutation run found: run bash bench/mutation.sh first", file=sys.stderr)
        return 1
    if argv == ["--names"]:                 # what bench/mutation.sh --retest tests again
        eq = equivalent()                   # known to survive: a new run tests them again
        for res in outcomes().values():
            for name, outcome in sorted(res.items()):
                if outcome in AGAIN and name not in eq:
                    print(name)
        return 0
    import os
    os.chdir(ROOT)                          # mutmut's helpers read mutants/ from the current folder
    eq = equivalent()
    results = outcomes()
    unknown_eq = sorted(set(eq) - {n for r in results.values() for n in r})
    print(f"{'area':<22}{'mutants':>8}{'killed':>8}{'timeout':>8}{'survived':>9}{'no tests':>9}"
          f"{'equivalent':>11}{'score':>8}")
    for area, res in results.items():
        c = Counter(res.values())
        # an equivalent mutant leaves the score only once it has been tested (and not caught)
        equiv = sum(1 for n, o in res.items() if n in eq and o not in (*CAUGHT, "skipped", "not checked"))
        caught = sum(c[o] for o in CAUGHT)
        total = len(res) - equiv - c["skipped"] - c["not checked"]
        score = f"{100 * caught / total:.1f}%" if total > 0 else "-"
        print(f"{area:<22}{len(res):>8}{c['killed']:>8}{c['timeout']:>8}{c['survived']:>9}{c['no tests']:>9}"
              f"{equiv:>11}{score:>8}")
        if c["not checked"]:
            print(f"  ({c['not checked']} not checked yet: the run is going on, or was stopped; "
                  "bench/mutation.sh --resume goes on with it)")
    unexplained = 0
    for area, res in results.items():
        left = sorted(n for n, o in res.items()
                      if o not in CAUGHT and n not in eq and o not in ("skipped", "not checked"))
        unexplained += len(left)
        print(f"\n{area}: {len(left)} mutants neither caught nor listed as equivalent")
        for name in left:
            print(f"  {res[name]:<9} {name}  {one_line(name)}")
        if "--all" in argv:
            listed = sorted(n for n, o in res.items() if n in eq and o not in (*CAUGHT, "not checked"))
            print(f"{area}: {len(listed)} equivalent")
            for name in listed:
                print(f"  {name}  {eq[name]}")
    caught_listed = sorted(n for r in results.values() for n, o in r.items() if n in eq and o in CAUGHT)
    for name in caught_listed:
        print(f"listed as equivalent but caught now (remove it from {EQUIVALENT.name}): {name}")
    for name in unknown_eq:
        print(f"listed as equivalent but no such mutant (the code changed; look again): {name}")
    tested = sum(1 for r in results.values() for o in r.values() if o != "not checked")
    return 1 if unexplained or not tested else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
