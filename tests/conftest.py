"""Shared fixtures: the Horse Race rules built from the repository's rules/."""

from pathlib import Path

import pytest

from generator.engine import Layout, Tile, End
from generator.model import Catalog

ROOT = Path(__file__).resolve().parents[1]
RULES = ROOT / "rules"


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
