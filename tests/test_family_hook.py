"""A family of games written outside the package joins the registry through
``RULEBOOK_FAMILIES`` (generator/engine/family.py), with no file of the
package changed: the registry lists it after the shipped families, finds it
by name, and offers it as a value of the ``layout`` choice."""

import os
import subprocess
import sys

from conftest import ROOT
from generator.engine.family import FAMILY_MODULES

#: A fixture family (not shipped): one line of play under another name, in a folder of its own.
SOLO = '''\
"""A fixture family: one line of play, registered from outside the package."""
from generator.engine.family import register
from generator.families.line import LineFamily


class SoloFamily(LineFamily):
    name = "solo"
    noun = "a solitary line"


SOLO = register(SoloFamily())
'''

ASK = ("from generator.engine.family import families, family_of; from generator.engine.choices import INFO; "
       "print([f.name for f in families()]); print(family_of('solo').noun); print(list(INFO['layout'].values))")


def _fresh(tmp_path, **env):
    run = subprocess.run([sys.executable, "-c", ASK], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path / "families")]), **env})
    return run


def test_a_family_from_a_folder_of_its_own_is_registered_listed_and_a_layout(tmp_path):
    (tmp_path / "families").mkdir()
    (tmp_path / "families" / "solo.py").write_text(SOLO, encoding="utf-8")
    shipped = [m.rsplit(".", 1)[-1] for m in FAMILY_MODULES]         # each module is named after its family
    run = _fresh(tmp_path, RULEBOOK_FAMILIES="solo")
    assert run.returncode == 0, run.stderr
    names, noun, layouts = run.stdout.splitlines()
    assert names == repr(shipped + ["solo"]) and noun == "a solitary line" and layouts == names
    # without the variable the package's families alone, and the fixture's name is unknown
    run = _fresh(tmp_path, RULEBOOK_FAMILIES="")
    assert run.returncode == 1 and f"no family of games 'solo' (known: {', '.join(shipped)})" in run.stderr
