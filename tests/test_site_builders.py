"""Generation apart from MkDocs: ``rulebook build`` writes the files the
plugin writes, and the site builds the same with ProperDocs (the maintained
fork of MkDocs 1.x), so the project has a tested road the day MkDocs or
Material stop."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import copy_repo

pytestmark = pytest.mark.whole_site

BIN = Path(sys.executable).parent
#: The one line a site builder writes about itself in every page.
GENERATOR_TAG = re.compile(rb'<meta name="generator" content="[^"]*">')


def _tree(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_rulebook_build_writes_what_the_plugin_writes(built_repo, tmp_path):
    """Every generated page, diagram and schema: the same names and bytes as
    the MkDocs build left in its ``docs/`` (the plugin's output)."""
    (tmp_path / "site").mkdir()
    site = copy_repo(tmp_path / "site")
    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_RULES"}
    res = subprocess.run([str(BIN / "rulebook"), "build", "--out", str(tmp_path / "out")], cwd=site, env=env,
                         capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert res.stdout == ""                 # what it says goes to the standard error
    assert "generated file(s)" in res.stderr
    made = _tree(tmp_path / "out")
    plugin = {k: v for k, v in _tree(built_repo / "docs").items() if k.split("/")[1:2] == ["gen"]
              or k.startswith("schemas/")}
    assert sorted(made) == sorted(plugin)
    assert [k for k in made if made[k] != plugin[k]] == []
    assert any(k.endswith(".png") for k in made) and "ja/gen/draw.md" in made and "en/gen/glossary.md" in made


def test_rulebook_build_stops_at_a_wrong_number_and_writes_nothing(tmp_path):
    (tmp_path / "site").mkdir()
    site = copy_repo(tmp_path / "site")
    pos = site / "rules" / "all-fives" / "positions" / "book-example.yaml"
    text = pos.read_text(encoding="utf-8")
    assert "raw: 5, points: 5," in text     # 0-1 on the 0-4's blank: ends 1 and 4, 5 points
    pos.write_text(text.replace("raw: 5, points: 5,", "raw: 5, points: 6,", 1), encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "RULEBOOK_RULES"}
    res = subprocess.run([str(BIN / "rulebook"), "build", "--out", str(tmp_path / "out")], cwd=site, env=env,
                         capture_output=True, text=True)
    assert res.returncode == 1
    assert re.search(r"book-example\.yaml:15:\d+: error: step 2 \(0-1\) points: stated 6, the engine computes 5", res.stderr), res.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.skipif(shutil.which("properdocs", path=str(BIN)) is None, reason="ProperDocs is not installed")
def test_properdocs_builds_the_same_site(built_repo, tmp_path):
    """The repository built with ProperDocs: the same files with the same
    bytes as MkDocs' build, apart from the generator tag of each page."""
    (tmp_path / "site").mkdir()
    site = copy_repo(tmp_path / "site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    res = subprocess.run([str(BIN / "properdocs"), "build", "-q"], cwd=site, env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    theirs, ours = _tree(site / "site"), _tree(built_repo / "site")
    assert sorted(theirs) == sorted(ours)
    differ = [k for k in ours if GENERATOR_TAG.sub(b"", ours[k]) != GENERATOR_TAG.sub(b"", theirs[k])]
    assert differ == []
    assert b"ProperDocs" in theirs["index.html"] and b"ProperDocs" not in ours["index.html"]
