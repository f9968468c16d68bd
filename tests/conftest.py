"""Shared fixtures: the Horse Race rules built from the repository's rules/,
and the site built once from a copy of the repository."""

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.engine import Layout, Tile, End
from generator.model import Catalog

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"


MKDOCS = [sys.executable, "-m", "mkdocs"]


def copy_repo(dest: Path) -> Path:
    """Copy what a site build reads (``mkdocs.yml``, ``docs/`` without generated
    files, ``rules/``) into ``dest``; return ``dest``."""
    for name in ("mkdocs.yml", "docs", "rules"):
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=shutil.ignore_patterns("gen"))
        else:
            shutil.copy(src, dest / name)
    return dest


@pytest.fixture(scope="session")
def built_repo(tmp_path_factory) -> Path:
    """A copy of the repository with the site built into its ``site/`` (once per session)."""
    work = copy_repo(tmp_path_factory.mktemp("repo"))
    res = subprocess.run(MKDOCS + ["build", "-q"], cwd=work, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    return work


@pytest.fixture
def rules_copy(tmp_path, monkeypatch):
    """A copy of the repository's rules/ in a temporary folder, which is made
    the current folder (so the commands find it), without RULEBOOK_RULES."""
    dest = tmp_path / "rules"
    shutil.copytree(RULES, dest)
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    return dest


@pytest.fixture(scope="session")
def catalog():
    return Catalog(RULES)


@pytest.fixture(scope="session")
def hr(catalog):
    return catalog.variant("horse-race").rules


def T(text):
    return Tile.parse(text)


def E(text):
    return End.parse(text)


def build(variant, *moves):
    """Apply (tile, at) moves to an empty layout; return the last Placement."""
    layout = Layout()
    pl = None
    for tile, at in moves:
        pl = variant.place(layout, T(tile), E(at) if at else None)
        layout = pl.layout
    return pl
