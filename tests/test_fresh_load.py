"""Every kind of position loads in a fresh interpreter, whatever was imported before.

A position's family is found by its game's ``layout`` and its kinds are loaded from the registry on first
use (:func:`generator.model.kinds.kinds_for`): reading a Texas 42 or Mexican Train position must not
depend on some other module (the schema files, the pages) having loaded that family's kinds first. Each
kind every family lists (:attr:`generator.model.kinds.Kinds.names`) is read here as the only thing a new
interpreter does, from one of the shipped games' position files of that kind.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from generator.engine.family import families

from conftest import ROOT, RULES

#: (family, kind) for every kind of position of every family, as the registry lists them.
KINDS = [(f.name, kind) for f in families() for kind in f.kinds().names]

#: What a new interpreter runs: read one position file through the catalog, and say what it read.
_READ = ("import sys\n"
         "from generator.model.catalog import Catalog\n"
         "cp = Catalog(sys.argv[1]).position(sys.argv[2])\n"
         "print(cp.position.family, cp.position.kind)\n")


@pytest.fixture(scope="module")
def examples(catalog) -> dict[tuple[str, str], str]:
    """The first shipped position file (games by id, files by name) of each (family, kind)."""
    out: dict[tuple[str, str], str] = {}
    for vid in catalog.variant_ids():
        layout = catalog.variant(vid).choices.layout
        if all((layout, kind) in out for kind in families_kinds(layout)):
            continue                        # every kind of this family already has its example
        for path in catalog.position_files(vid):
            pos = catalog.position(path).position
            out.setdefault((pos.family, pos.kind), str(path))
    return out


def families_kinds(layout: str) -> list[str]:
    return [kind for name, kind in KINDS if name == layout]


def test_the_registry_lists_every_family_s_kinds():
    """Each family names its kinds, once each (the list the test below loads)."""
    for f in families():
        names = f.kinds().names
        assert names and len(set(names)) == len(names), f.name
        assert f.kinds().layout == f.name


@pytest.mark.parametrize("family, kind", KINDS, ids=[f"{f}-{k}" for f, k in KINDS])
def test_a_position_of_each_kind_loads_in_a_fresh_interpreter(examples, family, kind):
    path = examples.get((family, kind))
    assert path is not None, f"no shipped position of the kind {kind!r} of the family {family!r}"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    res = subprocess.run([sys.executable, "-c", _READ, str(RULES), path], cwd=ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.split() == [family, kind]
