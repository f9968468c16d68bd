"""The built site with authoring in mind: a scaffolded variant is built into
both languages, the JSON Schemas are published under /schemas/, and a build
that fails on a wrong stated value leaves the previous site byte for byte.
The site is a club's (``rulebook init``) with one game, Horse Race, and the
draft: a build of the whole repository's site proves nothing more here and
takes ten times as long (the repository's own site is built by conftest)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli.main import main

from conftest import ROOT, small_site

MKDOCS = [sys.executable, "-m", "mkdocs", "build", "-q"]


def _snapshot(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    work = small_site(tmp_path_factory.mktemp("authoring-site") / "club", "horse-race")
    cwd = os.getcwd()
    os.chdir(work)
    try:
        assert main(["new", "my-line"]) == 0
    finally:
        os.chdir(cwd)
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    res = subprocess.run(MKDOCS, cwd=work, capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    return work, env


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_scaffolded_draft_is_left_out_of_the_built_site(built, lang):
    """``rulebook new`` makes a draft (``draft: true``, placeholder texts): ``mkdocs build`` checks it
    but publishes neither its page nor its card, in either language, and no page holds its
    placeholders (``mkdocs serve`` shows it: tests/test_house_rules.py)."""
    work, _ = built
    gen = work / "site" / ("" if lang == "ja" else "en") / "gen"
    assert (gen / "horse-race" / "index.html").is_file()
    assert not (gen / "my-line").exists() and not (gen / "my-line-card").exists()
    for page in (work / "site").rglob("gen/**/*.html"):      # (the authoring guide names the marks)
        text = page.read_text(encoding="utf-8")
        assert "【要記入】" not in text and "TODO:" not in text, page


def test_schemas_are_published(built):
    """Every schema file (the variant's, the glossary's, each family's positions') is published as it is."""
    work, _ = built
    ours = sorted(p.name for p in (ROOT / "docs" / "schemas").glob("*.schema.json"))
    assert len(ours) >= 6
    assert sorted(p.name for p in (work / "site" / "schemas").iterdir()) == ours
    for name in ours:
        assert (work / "site" / "schemas" / name).read_bytes() == (ROOT / "docs" / "schemas" / name).read_bytes()


def test_a_failed_build_leaves_the_site_untouched(built):
    work, env = built
    before = _snapshot(work / "site")
    pos = work / "rules" / "horse-race" / "positions" / "double-six.yaml"
    text = pos.read_text()
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "raw: 15" in l)
    pos.write_text(text.replace("raw: 15", "raw: 20"))
    try:
        res = subprocess.run(MKDOCS, cwd=work, capture_output=True, text=True, env=env)
    finally:
        pos.write_text(text)
    assert res.returncode != 0
    assert f"double-six.yaml:{line}:" in res.stderr and "stated 20" in res.stderr and "computes 15" in res.stderr
    assert "Traceback" not in res.stderr
    assert _snapshot(work / "site") == before


def test_a_build_failing_on_a_strict_warning_leaves_the_site_untouched(built):
    # a link to a missing anchor in a hand-written page (rule texts' links are checked before the build)
    # fails the strict build late, after MkDocs has written pages: the build goes to a staging folder, so
    # the site is still the previous one
    work, env = built
    before = _snapshot(work / "site")
    vy = work / "docs" / "en" / "index.md"
    text = vy.read_text(encoding="utf-8")
    vy.write_text(text + "\nSee [the missing part](#no-such-part).\n", encoding="utf-8")
    loud = [a for a in MKDOCS if a != "-q"]  # with -q MkDocs drops warnings before strict mode counts them
    try:
        res = subprocess.run(loud, cwd=work, capture_output=True, text=True, env=env)
    finally:
        vy.write_text(text, encoding="utf-8")
    assert res.returncode != 0
    said = res.stdout + res.stderr
    assert "no-such-part" in said and "strict mode" in said and "left as it was" in said
    assert _snapshot(work / "site") == before
    assert not (work / ".site.building").exists()
    # and a good build afterwards replaces the site
    res = subprocess.run(MKDOCS, cwd=work, capture_output=True, text=True, env=env)
    assert res.returncode == 0, res.stderr
    assert not (work / ".site.building").exists() and not (work / ".site.old").exists()
