"""How much of each family lives in its folder, and what outside it still names it (issue 50's
closing note): per family folder ``generator/families/<name>/``, its lines (every file there, code
and data), then every line of the package outside the folder (``generator/``, ``pyproject.toml``,
``setup.py``; the tests excluded) that names the family: its name as a string (``"trains"``), its
module path (``families.trains``, ``families/trains``) or one of its own rule choices or params as a
key (``"train_access"``, ``.train_access``, ``train_access=``, `` `train_access` ``, a catalog's
``msgid "train_access...``). Lines are counted by where they are: the shared code (Python outside
``generator/families/``), another family's folder (often a word the two share: a trick game's
``"tricks"``), the message catalogs, other files. A common word used as a key (``"doubles"``,
``"scoring"``) is counted wherever it stands as one, so the figures are an upper bound.

    python bench/family_tally.py [--lines]      # --lines: print each line counted

Run from the root of the checkout to tally (its package is imported: the families and their keys come from its registry).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path.cwd()
sys.path.insert(0, str(ROOT))

from generator.engine.family import families  # noqa: E402

#: The file of the registry (``FAMILY_MODULES``), whose line naming each family is not counted.
REGISTRY = ROOT / "generator" / "engine" / "family.py"


def _files() -> list[Path]:
    out = subprocess.run(["git", "ls-files", "generator", "pyproject.toml", "setup.py"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / p for p in out]


def _pattern(name: str, keys: set[str]) -> re.Pattern:
    words = "|".join(sorted(map(re.escape, keys))) or "(?!)"
    return re.compile(rf"""(["']{name}["']|families[./]{name}\b"""
                      rf"""|["'`.]({words})\b|\b({words})=|msgid "({words})[.=\"])""")


def main(show: bool = False) -> None:
    files = _files()
    print(f"{'family':<8} {'folder':>7}   outside: {'shared':>6} {'others':>6} {'.po':>5} {'other':>5}"
          "   (not counted: its registry line in engine/family.py)")
    for fam in families():
        folder = ROOT / "generator" / "families" / fam.name
        inside = sum(len(p.read_bytes().splitlines()) for p in files if folder in p.parents)
        keys = {c.key for c in fam.own_choices} | set(fam.own_params)
        pat = _pattern(fam.name, keys)
        counts = {"shared": 0, "others": 0, "po": 0, "other": 0}
        families_dir = ROOT / "generator" / "families"
        for p in files:
            if folder in p.parents or not p.is_file():
                continue
            try:
                text = p.read_text(encoding="utf-8")
            except UnicodeDecodeError:
                continue
            kind = ("others" if families_dir in p.parents and p.parent != families_dir else "shared") \
                if p.suffix == ".py" else "po" if p.suffix == ".po" else "other"
            for n, line in enumerate(text.splitlines(), 1):
                if pat.search(line):
                    if p == REGISTRY and f'"generator.families.{fam.name}"' in line:
                        continue            # the registry line itself (FAMILY_MODULES)
                    counts[kind] += 1
                    if show:
                        print(f"  {fam.name}: {p.relative_to(ROOT)}:{n}: {line.strip()[:110]}")
        print(f"{fam.name:<8} {inside:>7}            {counts['shared']:>6} {counts['others']:>6} {counts['po']:>5} "
              f"{counts['other']:>5}")


if __name__ == "__main__":
    main("--lines" in sys.argv[1:])
