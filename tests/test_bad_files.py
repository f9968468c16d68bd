"""The corpus of author mistakes in tests/bad/: one file per mistake, each
stating in its leading comments the exact location and a fragment of every
message `rulebook check` must print for it:

    # place: rules/draw/variant.yaml      (optional: where it goes in a temporary rules tree)
    # expect: LINE:COL: fragment          (one line per problem, in file order)

A position file without `place` is checked where it is (its variant comes
from the repository's rules/). Every problem is one `FILE:LINE:COL: error:
MESSAGE` line, all of a file's independent problems are reported, and no
traceback is ever printed.
"""

import json
import re
import shutil
from pathlib import Path

import pytest

from generator.cli.main import main

from conftest import RULES, shown

BAD = Path(__file__).with_name("bad")
CASES = sorted(BAD.glob("*.yaml"))
_HEAD = re.compile(r"^# (expect|place): (.*)$")


def _header(path: Path) -> tuple[str | None, list[tuple[str, str]]]:
    place, expects = None, []
    for line in path.read_text(encoding="utf-8").splitlines():
        m = _HEAD.match(line)
        if not m:
            break
        if m.group(1) == "place":
            place = m.group(2).strip()
        else:
            loc, fragment = re.match(r"^(\d+:\d+): (.*)$", m.group(2)).groups()
            expects.append((loc, fragment))
    return place, expects


def test_the_corpus_has_at_least_forty_mistakes():
    assert len(CASES) >= 40
    assert all(_header(p)[1] for p in CASES), "every bad file states what it expects"


def _cases():
    """Every bad file; a position file checked where it lies is also one of the
    engine's own tests (the position model's messages: bench/mutation.sh)."""
    return [pytest.param(p, marks=() if _header(p)[0] else pytest.mark.engine, id=p.stem) for p in CASES]


@pytest.mark.parametrize("path", _cases())
def test_bad_file(path, tmp_path, capsys):
    place, expects = _header(path)
    target = path
    if place:
        rules = tmp_path / "rules"
        rules.mkdir()
        shutil.copy(RULES / "glossary.yaml", rules / "glossary.yaml")
        shutil.copytree(RULES.parent / "docs", tmp_path / "docs",   # and the site's pages beside
                        ignore=shutil.ignore_patterns("gen", "*.png", "*.svg", "schemas"))
        for vy in RULES.glob("*/variant.yaml"):          # the real games are there too
            (rules / vy.parent.name).mkdir()
            shutil.copy(vy, rules / vy.parent.name / "variant.yaml")
        target = tmp_path / place
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(path, target)
    code = main(["check", "-q", str(target)])
    out, err = capsys.readouterr()
    assert code == 1 and out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == len(expects), err
    for line, (loc, fragment) in zip(lines, expects):
        head = f"{shown(target)}:{loc}: error: "
        assert line.startswith(head), f"{line}\nwanted {head}"
        assert fragment in line[len(head):], f"{line}\nwanted {fragment!r}"


def _stated_only(path: Path) -> bool:
    """Whether the file's only mistakes are stated values (it can be scored)."""
    return all("the engine computes" in fragment for _, fragment in _header(path)[1])


@pytest.mark.engine
@pytest.mark.parametrize("path", [p for p in CASES if not _header(p)[0]], ids=lambda p: p.stem)
def test_score_reports_the_first_problem(path, capsys):
    """`rulebook score --json` ignores stated values; any other mistake is
    given as the first problem's LINE:COL: message."""
    code = main(["score", str(path), "--json"])
    (item,) = json.loads(capsys.readouterr().out)
    if _stated_only(path):
        assert code == 0 and "error" not in item
        return
    loc, fragment = _header(path)[1][0]
    assert code == 1
    assert item["error"].startswith(f"{loc}: ") and fragment in item["error"]
