"""Collection settings for the whole repository (tests/ and the package's doctests)."""

from pathlib import Path

import pytest


def pytest_ignore_collect(collection_path: Path, config):
    """While the compiled modules are loaded (``generator.native``), their
    ``.py`` sources are not collected for doctests: the import would give the
    compiled module, not the file. scripts/test.sh runs those doctests, with
    the engine's tests, on the Python modules (``RULEBOOK_ENGINE=python``)."""
    from generator import _buildinfo

    if not _buildinfo.active():
        return None
    try:
        rel = Path(collection_path).resolve().relative_to(_buildinfo.PACKAGE).as_posix()
    except ValueError:
        return None
    return True if rel in _buildinfo.MODULES else None


#: The modules whose doctests belong to the engine's own tests (marked ``engine``, as the tests/ files
#: that set ``pytestmark = pytest.mark.engine`` are): mutation testing runs them (bench/mutation.sh).
ENGINE_DOCTESTS = ("engine/", "variants/", "model/positions.py")


def pytest_collection_modifyitems(config, items):
    from generator import _buildinfo

    for item in items:
        if type(item).__name__ == "DoctestItem":
            try:
                rel = Path(str(item.path)).resolve().relative_to(_buildinfo.PACKAGE).as_posix()
            except ValueError:
                continue
            if rel.startswith(ENGINE_DOCTESTS):
                item.add_marker(pytest.mark.engine)
