"""What a compiled build of the hot modules was made from (see
:mod:`generator.base.native`). Read by the package on import, so it imports
nothing of the package."""

from __future__ import annotations

import hashlib
import os
import sysconfig
from pathlib import Path

__all__ = ["MODULES", "PACKAGE", "COMPILED", "STAMP", "digest", "stamp", "wanted", "active"]

#: The modules compiled, as paths inside the package: the engine's rules, the rule values of
#: the line games that need code of their own, the players and the line's game loop.
MODULES = ("engine/tiles.py", "engine/rulebase.py", "families/line/rules/layout.py", "families/line/rules/variant.py", "families/line/rules/hand.py",
           "families/line/rules/horse_race.py", "families/line/rules/all_threes.py",
           "families/line/rules/bergen.py", "families/line/rules/matador.py",
           "sim/simulate.py", "families/line/sim.py")
#: The package's folder.
PACKAGE = Path(__file__).resolve().parents[1]
#: Where the compiled modules go (``engine/`` inside it for the engine's).
COMPILED = PACKAGE / "_compiled"
#: The file in :data:`COMPILED` holding the digest of what was compiled.
STAMP = "SOURCES"


def digest(package: Path = PACKAGE) -> str:
    """SHA-256 (hex) of the compiled modules' sources in ``package`` and of
    this interpreter's extension-module suffix: what a build is made from."""
    h = hashlib.sha256(str(sysconfig.get_config_var("EXT_SUFFIX")).encode())
    for name in MODULES:
        h.update(b"\0" + name.encode() + b"\0")
        h.update((package / name).read_bytes())
    return h.hexdigest()


def stamp(folder: Path = COMPILED) -> str | None:
    """The digest a build in ``folder`` was made from, or ``None``."""
    try:
        return (folder / STAMP).read_text(encoding="ascii").strip()
    except OSError:
        return None


def wanted() -> bool:
    """False when ``RULEBOOK_ENGINE=python`` asks for the Python modules."""
    return os.environ.get("RULEBOOK_ENGINE", "") != "python"


def active() -> bool:
    """Whether this process loads the compiled modules: they are wanted and
    were built from the sources as they are now (decided once, on import)."""
    return _ACTIVE


_ACTIVE = wanted() and stamp() is not None and stamp() == digest()    # (no build: the sources are not read)
