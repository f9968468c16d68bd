"""Generated pages are made again only when their inputs change, and what is
reused is byte-identical to what would be made (mkdocs serve edits one
position: only that variant's page is made again)."""

import shutil

import pytest

from generator.site import build as pages
from generator.model import Catalog
from generator.site.build import BuildError, generate, page_keys

from conftest import rules_with


#: The games of the tests' rules folders: a few of each kind (a house rule and its parent among them).
GAMES = ("horse-race", "draw", "block", "all-fives", "five-up", "fives-and-threes")


@pytest.fixture()
def rules(tmp_path):
    dest = rules_with(tmp_path, *GAMES)
    pages._MEMO.clear()
    yield dest
    pages._MEMO.clear()


@pytest.fixture(scope="module")
def cold(tmp_path_factory):
    """One first build of the tests' rules folder (:data:`GAMES`) with an
    empty disk cache, made once for the tests that start from such a build:
    ``(rules, cache, files, stats)``. Tests change only their copies
    (:func:`warm`); a cache key holds no path, so a copy's keys are the same."""
    base = tmp_path_factory.mktemp("cold")
    rules = rules_with(base, *GAMES)
    pages._MEMO.clear()
    pages._sources_digest.cache_clear()
    stats: dict = {}
    files = generate(Catalog(rules), png=False, cache_dir=base / "cache", stats=stats)
    pages._MEMO.clear()
    return rules, base / "cache", files, stats


@pytest.fixture()
def warm(cold, tmp_path):
    """A copy of :func:`cold`'s rules folder and disk cache, nothing kept in
    memory (a new process after the first build): ``(rules, cache, files)``."""
    rules, cache, files, _ = cold
    shutil.copytree(rules, tmp_path / "rules")
    shutil.copytree(cache, tmp_path / "cache")
    pages._MEMO.clear()
    pages._sources_digest.cache_clear()
    yield tmp_path / "rules", tmp_path / "cache", files
    pages._MEMO.clear()


def test_editing_one_position_remakes_only_its_variant(cold, warm):
    first = cold[3]                          # the first build made every page and reused none
    assert first["reused"] == [] and "draw" in first["made"]

    rules, cache, files = warm               # a new process: everything comes from the disk cache
    again: dict = {}
    assert generate(Catalog(rules), png=False, cache_dir=cache, stats=again) == files
    assert again["made"] == [] and sorted(again["reused"]) == sorted(first["made"])

    # change a caption in one Draw position: only Draw's page is made again
    pos = sorted((rules / "draw" / "positions").glob("*.yaml"))[0]
    text = pos.read_text(encoding="utf-8")
    pos.write_text(text + "\n# an edit\n", encoding="utf-8")
    edited: dict = {}
    generate(Catalog(rules), png=False, cache_dir=cache, stats=edited)
    assert edited["made"] == ["draw"]
    assert "horse-race" in edited["reused"] and "draw" not in edited["reused"]


def test_a_first_build_makes_and_writes_a_new_games_pages_once(tmp_path, monkeypatch):
    """A new house rule has no figures yet: the first build simulates them and
    writes its ``stats.json``. MkDocs with the i18n plugin runs the plugin's
    build once per language in one process, and each pass, like the next
    build, must find the pages already made. Worked by hand: the first pass
    makes the two games' pages (the house rule's and its parent's, whose
    figures the smaller sample below makes stale too) and writes every file;
    the second pass and a later build in a new process (only the disk cache
    left) make nothing, reuse both, and rewrite no file on disk."""
    from conftest import CLUB_POSITION, CLUB_RULE
    from generator.sim import stats as sim
    from generator.site.build import build_site

    monkeypatch.setattr(sim, "MIN_HANDS", 60)           # the figures' sample size does not matter here
    rules = rules_with(tmp_path, "all-fives")
    game = rules / "fives-to-150"
    (game / "positions").mkdir(parents=True)
    (game / "variant.yaml").write_text(CLUB_RULE, encoding="utf-8")
    (game / "positions" / "ten.yaml").write_text(CLUB_POSITION.replace("POINTS", "10"), encoding="utf-8")
    docs, cache = tmp_path / "docs", tmp_path / "cache"
    pages._MEMO.clear()
    try:
        first: dict = {}
        files, written = build_site(Catalog(rules), docs, cache_dir=cache, counts=first)
        assert first["made"] == ["all-fives", "fives-to-150"] and (game / "stats.json").is_file()
        page = docs / "en" / "gen" / "fives-to-150.md"
        assert written >= len(files) and page.read_bytes() == files["en/gen/fives-to-150.md"]
        stamp = page.stat().st_mtime_ns
        for fresh_process in (False, True):             # the other language's pass; the next build
            if fresh_process:
                pages._MEMO.clear()
            again: dict = {}
            assert build_site(Catalog(rules), docs, cache_dir=cache, counts=again) == (files, 0)
            assert again["made"] == [] and again["reused"] == ["all-fives", "fives-to-150"], fresh_process
        assert page.stat().st_mtime_ns == stamp
    finally:
        pages._MEMO.clear()


def test_reused_files_equal_a_build_without_cache(warm):
    rules, cache, _ = warm
    stats: dict = {}
    cached = generate(Catalog(rules), png=False, cache_dir=cache, stats=stats)
    assert stats["made"] == []               # every page came from the disk cache
    pages._MEMO.clear()
    fresh = generate(Catalog(rules), png=False, cache_dir=None)
    assert cached == fresh


def test_a_variant_definition_change_remakes_every_page(rules, tmp_path):
    # pages compare variants with each other, so a variant.yaml edit reaches every page
    cat = Catalog(rules)
    before = page_keys(cat)
    vy = rules / "block" / "variant.yaml"
    vy.write_text(vy.read_text(encoding="utf-8") + "\n# edit\n", encoding="utf-8")
    after = page_keys(Catalog(rules))
    assert all(before[v] != after[v] for v in before)


def test_a_broken_edit_is_still_reported_with_a_warm_cache(warm):
    rules, cache, _ = warm
    generate(Catalog(rules), png=False, cache_dir=cache)      # warm in memory too (a build in this process)
    pos = rules / "horse-race" / "positions" / "first-tile.yaml"
    text = pos.read_text(encoding="utf-8")
    assert "points: 1" in text
    pos.write_text(text.replace("points: 1", "points: 2", 1), encoding="utf-8")
    with pytest.raises(BuildError) as exc:
        generate(Catalog(rules), png=False, cache_dir=cache)
    assert any("first-tile.yaml" in str(e) and "points" in str(e) for e in exc.value.errors)


def test_a_corrupt_cache_file_is_ignored(warm):
    rules, cache, files = warm
    for f in cache.iterdir():
        f.write_bytes(b"not a pickle")
    stats: dict = {}
    assert generate(Catalog(rules), png=False, cache_dir=cache, stats=stats) == files
    assert stats["reused"] == []


def test_a_rebuild_after_editing_one_position_makes_only_that_page(tmp_path):
    # through MkDocs and the plugin, as `mkdocs serve` rebuilds after a save
    import os
    import subprocess
    import sys

    from conftest import small_site

    # a new site (no `nav:`) with a few of the games
    work = small_site(tmp_path / "site-src", "draw", "horse-race", "all-fives", "five-up", "fives-and-threes")
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")

    def build():
        run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-d", str(tmp_path / "out")], cwd=work,
                             env=env, capture_output=True, text=True)
        assert run.returncode == 0, run.stderr
        return [line for line in run.stderr.splitlines() if "rulebook:" in line]

    first = build()
    assert "reused for 0 variant(s)" in first[0]
    assert "pages made for none, reused for 5 variant(s)" in build()[0]
    pos = sorted((work / "rules" / "draw" / "positions").glob("*.yaml"))[0]
    pos.write_text(pos.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert "pages made for draw, reused for 4 variant(s)" in build()[0]
    # a house rule's page re-runs its parent's examples: editing one of All Fives' remakes both house rules too
    pos = sorted((work / "rules" / "all-fives" / "positions").glob("*.yaml"))[0]
    pos.write_text(pos.read_text(encoding="utf-8") + "# edited\n", encoding="utf-8")
    assert "pages made for all-fives, five-up, fives-and-threes, reused for 2 variant(s)" in build()[0]


def test_every_input_of_a_page_is_in_its_key(rules, tmp_path, monkeypatch):
    """A page's cache key changes with each thing that can change the page:
    the glossary (every page links to it), the build's options (pictures,
    figures), the generator's own code and message catalogs, the versions of
    the libraries whose output lands in the files, and for a house rule its
    parent's folder (its page re-runs the parent's positions); a change to
    one game's position leaves an unrelated game's key alone."""
    import shutil
    import jinja2

    def keys(**options):
        pages._sources_digest.cache_clear()
        return page_keys(Catalog(rules), **options)

    base = keys()
    assert keys(png=False).keys() == base.keys()
    for options in ({"png": False}, {"with_stats": False}):
        assert all(k != base[v] for v, k in keys(**options).items()), options

    gl = rules / "glossary.yaml"
    gl.write_text(gl.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    edited = keys()
    assert all(edited[v] != base[v] for v in base)
    base = edited

    # five-up extends all-fives: an edit to a parent's position reaches the house rule's page, not Draw's
    pos = sorted((rules / "all-fives" / "positions").glob("*.yaml"))[0]
    pos.write_text(pos.read_text(encoding="utf-8") + "\n# an edit\n", encoding="utf-8")
    edited = keys()
    assert {v for v in base if edited[v] != base[v]} == {"all-fives", "five-up", "fives-and-threes"} & set(base)
    base = edited

    # the generator's code and catalogs: a copy of the package stands in for it
    package = tmp_path / "package"
    shutil.copytree(pages.Path(pages.__file__).resolve().parents[1], package, ignore=shutil.ignore_patterns("_compiled*", "*.so"))
    monkeypatch.setattr(pages, "__file__", str(package / "site" / "build.py"))
    copied = keys()
    assert copied == base                                   # the same code gives the same keys
    for rel in ("draw/svg.py", "families/line/rules/hand.py", "locale/en/LC_MESSAGES/rulebook.po"):
        f = package / rel
        f.write_bytes(f.read_bytes() + b"\n# an edit\n")
        edited = keys()
        assert all(edited[v] != base[v] for v in base), rel
        base = edited
    monkeypatch.setattr(jinja2, "__version__", "0.0-test")
    edited = keys()
    assert all(edited[v] != base[v] for v in base)
    base = edited
    monkeypatch.setattr("importlib.metadata.version", lambda name: "0.0-test")
    assert all(k != base[v] for v, k in keys().items())
    pages._sources_digest.cache_clear()
