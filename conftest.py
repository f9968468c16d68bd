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
ENGINE_DOCTESTS = ("engine/", "families/line/rules/", "families/line/positions.py")


#: The test files that drive Chromium. A parallel run (pytest-xdist, ``--dist loadfile``) gives them all to
#: one process, one after the other, while the other processes take the rest (:func:`pytest_xdist_make_scheduler`):
#: two of them at once on two cores made each a third slower (Chromium runs several processes of its own).
BROWSER_FILES = ("test_browser_pages.py", "test_browser.py", "test_play_browser_en.py", "test_play_browser_ja.py",
                 "test_play_browser_load.py")
#: The other test files that take longest, longest first (seconds of a full run on the 2-core machine,
#: measured with ``--junitxml``: 64, 50, 44, 43, 36, 29, 28, 27, 24, 23, 19, 16, 16). Work goes out in
#: collection order (``scripts/test.sh`` passes ``--no-loadscope-reorder``): the browser files, these, then
#: the many short files, which fill the end of every process's queue.
SLOW_FIRST = ("test_wheel.py", "test_untrusted.py", "test_site.py", "test_build_faults.py", "test_house_rules.py",
              "test_page_cache.py", "test_play_trains.py", "test_authoring_build.py", "test_hostile.py",
              "test_cli_contract.py", "test_bad_input.py", "test_compiled.py", "test_boundaries.py")


def pytest_xdist_make_scheduler(config, log):
    """``--dist loadfile`` with the browser files as one unit of work: a
    process takes a whole file (its fixtures are made once), and one process
    takes every file of :data:`BROWSER_FILES`."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class BrowserTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = nodeid.split("::", 1)[0]
            return "browser" if path.rsplit("/", 1)[-1] in BROWSER_FILES else path

    return BrowserTogether(config, log)


def pytest_collection_modifyitems(config, items):
    """Mark the engine's doctests ``engine``; put the test files in the order
    a parallel run should start them (:data:`BROWSER_FILES`, then
    :data:`SLOW_FIRST`, then the rest; each file's tests keep their order)."""
    from generator import _buildinfo

    order = {name: i for i, name in enumerate(BROWSER_FILES + SLOW_FIRST)}
    items.sort(key=lambda item: order.get(item.path.name, len(order)))
    for item in items:
        if type(item).__name__ == "DoctestItem":
            try:
                rel = Path(str(item.path)).resolve().relative_to(_buildinfo.PACKAGE).as_posix()
            except ValueError:
                continue
            if rel.startswith(ENGINE_DOCTESTS):
                item.add_marker(pytest.mark.engine)
