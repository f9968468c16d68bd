"""A site's checkout is untrusted like its rule files (round three): a build
never writes, deletes or copies through a link (the generated folders, the
schemas, the caches, the site folder, the files of docs/ and Pyodide's);
a draft never reaches a built site (menu, pages, Play data, search, lists)
nor fails a club's strict build; and the commands that write refuse to run
outside a site rather than write into the package's own standard games."""

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli.main import main
from generator.model import Catalog
from generator.model.catalog import shipped_rules_dir
from generator.model.schemafiles import write_schemas
from generator.site.build import BuildError, generate, published_ids
from generator.site.fixups import site_nav
from generator.site.play import PYODIDE_FILES, PyodideLinkError, find_pyodide
from generator.site.plugin import outside_files, without_pages

from conftest import CLUB_RULE, MKDOCS, ROOT, small_site, shown

LINK = "error: this is a link"


def _victim(folder: Path) -> dict[str, bytes]:
    """A folder outside the site holding a file of its own; returns what it holds."""
    folder.mkdir()
    (folder / "precious.txt").write_text("not the site's\n", encoding="utf-8")
    return _contents(folder)


def _contents(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _mkdocs(site: Path, *options: str) -> subprocess.CompletedProcess:
    """``mkdocs build`` of ``site``; a build that hangs is a defect too (time limit)."""
    return subprocess.run(MKDOCS + ["build", "-q", *options], cwd=site, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})


# -- rulebook build --out: no write through a link --------------------------------------------------

@pytest.mark.parametrize("where", ["ja/gen", "en", "ja/gen/diagrams", "en/gen/glossary.md",
                                   "schemas/variant.schema.json"])
def test_build_out_refuses_a_link_where_it_writes_and_touches_nothing_behind_it(tmp_path, monkeypatch, capsys,
                                                                                 where):
    """``DIR/ja/gen`` a link used to be written into, every other file there
    deleted, exit 0. A link on the way to a folder the build writes into, or
    inside one (a folder or a file), is now one located error at the link,
    exit 1, and the folder (or file) it leads to keeps exactly what it held."""
    site = small_site(tmp_path / "club")
    out = tmp_path / "out"
    outside = tmp_path / "outside"
    before = _victim(outside)
    link = out / where
    link.parent.mkdir(parents=True)
    link.symlink_to(outside / "precious.txt" if where.endswith((".md", ".json")) else outside)
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["build", "-q", "--out", str(out)]) == 1
    err = capsys.readouterr().err
    assert f"{shown(link)}:1:1: {LINK}" in err and "nothing was written" in err
    # the advice fits what the link stands for: a page or a schema is a file the build writes, the
    # others are folders it makes; and the problem is where the build writes, not in the rules
    advice = ("remove the link, and the build writes its own file there" if where.endswith((".md", ".json"))
              else "remove the link, and the build makes the folder")
    assert err.splitlines()[0].endswith(advice)
    assert "rulebook build: 1 problem(s) where the build writes; nothing was written" in err
    assert "Traceback" not in err
    assert _contents(outside) == before
    assert link.is_symlink()                        # refused, not removed: the author sees it


@pytest.mark.parametrize("where", [".cache", ".cache/pages"])
def test_build_refuses_a_cache_folder_that_is_a_link(tmp_path, monkeypatch, capsys, where):
    """The page cache (``.cache/pages`` beside mkdocs.yml) is written by every
    build: a committed ``.cache`` (or ``.cache/pages``) link would take its entries elsewhere."""
    site = small_site(tmp_path / "club")
    outside = tmp_path / "outside"
    before = _victim(outside)
    (site / where).parent.mkdir(parents=True, exist_ok=True)
    (site / where).symlink_to(outside)
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["build", "-q"]) == 1
    err = capsys.readouterr().err
    assert f"{shown(site / where)}:1:1: {LINK}" in err
    # a cache is no source of the site: the problem is told as where the build writes, and the
    # link stands for a folder (.cache, on the way to .cache/pages; or .cache/pages) the build makes
    assert err.splitlines()[0].endswith("remove the link, and the build makes the folder")
    assert "1 problem(s) where the build writes" in err and "site's sources" not in err
    assert _contents(outside) == before
    assert not (site / "docs" / "ja" / "gen").exists()


def test_a_cache_entry_that_is_a_link_is_dropped_unread(tmp_path):
    """A cache entry is read whole before its digest is checked: one that
    is a link to an endless device used to hang the build (and fill the
    memory). It is now dropped as a link, never opened: within seconds,
    the link removed and nothing read (time limit: the child process)."""
    link = tmp_path / "draw.entry"
    link.symlink_to("/dev/zero")
    code = ("import sys; from generator.base.cachefile import read_entry; "
            "print(read_entry(sys.argv[1]))")
    res = subprocess.run([sys.executable, "-c", code, str(link)], capture_output=True, text=True, timeout=60,
                         cwd=ROOT)
    assert res.returncode == 0, res.stderr
    assert res.stdout == "None\n"
    assert not link.is_symlink()


def test_a_schema_file_that_is_a_link_is_replaced_not_written_through(tmp_path, monkeypatch, capsys):
    """``rulebook schemas FOLDER`` with ``FOLDER/variant.schema.json`` a link
    to another file: the link is replaced by the schema, and the file it led
    to keeps its bytes."""
    outside = tmp_path / "outside"
    before = _victim(outside)
    folder = tmp_path / "schemas"
    folder.mkdir()
    (folder / "variant.schema.json").symlink_to(outside / "precious.txt")
    monkeypatch.chdir(tmp_path)
    assert main(["schemas", str(folder)]) == 0
    assert not (folder / "variant.schema.json").is_symlink()
    assert json.loads((folder / "variant.schema.json").read_text("utf-8"))["title"]
    assert _contents(outside) == before
    assert write_schemas(folder) == []             # written once: the next run finds them current


def test_schemas_refuse_a_site_whose_schema_folder_is_a_link(tmp_path, monkeypatch, capsys):
    """``rulebook schemas`` in a site whose ``docs/schemas`` is a link to a
    folder of the machine: one located error at the link, exit 1, and the
    folder behind it as it was."""
    site = small_site(tmp_path / "club")
    outside = tmp_path / "outside"
    before = _victim(outside)
    shutil.rmtree(site / "docs" / "schemas")
    (site / "docs" / "schemas").symlink_to(outside)
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["schemas"]) == 1
    assert capsys.readouterr().err.startswith(f"{shown(site / 'docs' / 'schemas')}:1:1: {LINK}")
    assert _contents(outside) == before


# -- Pyodide's files: nothing copied through a link -------------------------------------------------

def _pyodide_copy(dest: Path) -> Path:
    """A copy of the pinned Pyodide's files (those the build copies and package.json)."""
    found, why = find_pyodide(ROOT)
    assert found is not None, why
    dest.mkdir(parents=True)
    for name in ("package.json",) + PYODIDE_FILES:
        shutil.copyfile(found / name, dest / name)
    return dest


def test_a_link_among_pyodides_files_is_refused_at_its_path(tmp_path, monkeypatch):
    """``node_modules/pyodide/pyodide-lock.json`` a link to a file of the
    machine used to be copied into the site as it was: finding Pyodide now
    stops at the link, naming it."""
    site = tmp_path / "club"
    pyodide = _pyodide_copy(site / "node_modules" / "pyodide")
    secret = tmp_path / "secret.txt"
    secret.write_text("a key\n", encoding="utf-8")
    (pyodide / "pyodide-lock.json").unlink()
    (pyodide / "pyodide-lock.json").symlink_to(secret)
    monkeypatch.delenv("RULEBOOK_PYODIDE", raising=False)
    with pytest.raises(PyodideLinkError) as exc:
        find_pyodide(site)
    assert str(exc.value).startswith(f"{pyodide / 'pyodide-lock.json'}:1:1: {LINK}")


# -- mkdocs build: the site folder, the generated folders, docs/ and Pyodide ------------------------

def test_files_of_docs_or_a_theme_folder_leading_out_of_the_site_are_found(tmp_path):
    """MkDocs walks ``docs/`` (and a theme's ``custom_dir``) following links
    and copies what it finds. Worked by hand: a plain file, and a link to a
    file of the site's own ``rules/``, stay; a link to a file outside, a
    file inside a linked folder outside, and a theme file linked outside are
    found, each by the path MkDocs found it at."""
    site, outside = tmp_path / "club", tmp_path / "outside"
    _victim(outside)
    for folder in ("docs", "rules", "overrides"):
        (site / folder).mkdir(parents=True)
    (site / "docs" / "plain.md").write_text("# ours\n", encoding="utf-8")
    (site / "rules" / "notes.txt").write_text("ours\n", encoding="utf-8")
    (site / "docs" / "notes.txt").symlink_to(site / "rules" / "notes.txt")
    (site / "docs" / "key.txt").symlink_to(outside / "precious.txt")
    (site / "docs" / "more").symlink_to(outside)
    (site / "overrides" / "main.html").symlink_to(outside / "precious.txt")
    paths = [str(site / "docs" / n) for n in ("plain.md", "notes.txt", "key.txt", "more/precious.txt")] \
        + [str(site / "overrides" / "main.html"), "/usr/lib/python3/dist-packages/x.css"]
    assert outside_files(paths, [site / "docs", site / "overrides"], site) == sorted(
        [str(site / "docs" / "key.txt"), str(site / "docs" / "more" / "precious.txt"),
         str(site / "overrides" / "main.html")])


@pytest.mark.full
@pytest.mark.parametrize("case", ["gen", "site", "site-dirty", "docs-file", "pyodide", "lock"])
def test_mkdocs_build_stops_at_a_link_and_nothing_outside_is_written_or_published(tmp_path, case):
    """A club site (``rulebook init``, no games of its own) with one link
    committed: ``docs/ja/gen`` to a folder of the machine (the build used to
    write there and delete the rest), ``site`` itself (the swap would have
    replaced and deleted the folder it leads to; ``--dirty`` would have
    written into it), the build lock ``.cache/build.lock`` (a traceback),
    a file of ``docs/`` leading to a file of the machine, or a Pyodide file
    doing so. Each build fails naming the link, the folder behind it keeps
    what it held, and no site is made."""
    site = small_site(tmp_path / "club")
    outside = tmp_path / "outside"
    before = _victim(outside)
    secret = outside / "precious.txt"
    link = {"gen": site / "docs" / "ja" / "gen", "site": site / "site", "site-dirty": site / "site",
            "docs-file": site / "docs" / "key.txt", "lock": site / ".cache" / "build.lock",
            "pyodide": site / "node_modules" / "pyodide" / "python_stdlib.zip"}[case]
    if case == "pyodide":
        _pyodide_copy(link.parent)
        link.unlink()
    link.parent.mkdir(parents=True, exist_ok=True)
    link.symlink_to(secret if case in ("docs-file", "pyodide", "lock") else outside)
    res = _mkdocs(site, *(["--dirty"] if case == "site-dirty" else []))
    assert res.returncode != 0
    assert f"{shown(link, site)}:1:1: error: this is a link" in res.stderr, res.stderr
    assert "Traceback" not in res.stderr
    assert _contents(outside) == before
    assert link.is_symlink()
    made = site / "site"
    assert made.is_symlink() if case.startswith("site") else not made.exists()
    assert [p.name for p in site.iterdir() if p.name.startswith(".site")] == []


# -- drafts ------------------------------------------------------------------------------------------

#: A club house rule that is no draft, whose own section links to the club's draft (a link a built
#: site cannot keep: the draft has no page there).
PUBLISHED = CLUB_RULE + """\
sections:
  - id: club-notes
    title: {ja: クラブの覚え書き, en: Club notes}
    body:
      ja: "試作中の[新しいルール](my-rule.md)も遊んでいます。"
      en: "We are also trying [a new rule](my-rule.md)."
"""


def _club_with_a_draft(folder: Path, monkeypatch) -> Path:
    """A club site showing only its own games (standard games only to be
    extended), no ``nav:``, strict: the house rule Fives to 150 (extends All
    Fives, no draft) and a draft made by ``rulebook new my-rule --extends
    block``. Returns the site folder."""
    site = small_site(folder)
    (site / "rules" / "fives-to-150").mkdir()
    (site / "rules" / "fives-to-150" / "variant.yaml").write_text(PUBLISHED, encoding="utf-8")
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["new", "my-rule", "--extends", "block"]) == 0
    text = (site / "mkdocs.yml").read_text(encoding="utf-8")
    assert "\nnav:" not in text and "strict: true" in text
    return site


def test_a_draft_and_a_game_only_a_draft_extends_are_not_published(tmp_path, monkeypatch, capsys):
    """Worked by hand: the site lists its own games, fives-to-150 and the
    draft my-rule. A built site publishes the listed games that are no
    drafts (fives-to-150) and the standard games they extend (all-fives);
    block is extended only by the draft, so it would have no page without
    it, and gets none. The menu made for a built site names no draft;
    ``mkdocs serve`` (drafts shown) names it after fives-to-150."""
    site = _club_with_a_draft(tmp_path / "club", monkeypatch)
    cat = Catalog(site / "rules")
    assert published_ids(cat) == ["all-fives", "fives-to-150"]
    assert "gen/my-rule.md" not in site_nav(cat)
    assert "gen/my-rule.md" in site_nav(cat, drafts=True)
    files = generate(cat, png=False, with_stats=False, drafts=False)
    games = {name.split("/")[2].removesuffix(".md") for name in files
             if re.fullmatch(r"(ja|en)/gen/[a-z0-9-]+\.md", name)}
    assert games == {"all-fives", "all-fives-card", "fives-to-150", "fives-to-150-card", "family", "options",
                     "glossary"}
    assert not any("/diagrams/block/" in n or "/diagrams/my-rule/" in n for n in files)
    # the published house rule's link to the draft is left as its words
    assert "a new rule" in files["en/gen/fives-to-150.md"].decode() \
        and "my-rule.md" not in files["en/gen/fives-to-150.md"].decode()
    assert "my-rule.md" not in files["ja/gen/fives-to-150.md"].decode()


def test_a_draft_in_an_explicit_menu_leaves_it():
    """An explicit ``nav:`` that names a draft's page (as the authoring guide
    says to add a game) loses that entry, and a section left empty goes too."""
    nav = ["index.md", {"Games": ["gen/fives-to-150.md", {"Mine": "gen/my-rule.md"}]},
           {"Drafts": ["en/gen/my-rule-card.md"]}, "gen/glossary.md"]
    assert without_pages(nav, {"gen/my-rule.md", "gen/my-rule-card.md"}) == \
        ["index.md", {"Games": ["gen/fives-to-150.md"]}, "gen/glossary.md"]


@pytest.mark.full
def test_a_club_with_a_draft_builds_strict_and_publishes_nothing_of_it(tmp_path, monkeypatch):
    """A club site showing only its own games, no ``nav:``, strict, whose
    only game is the draft made by ``rulebook new my-rule --extends block``:
    the build used to list the draft in the menu, leave its page out and
    fail. Now it passes, and no page, menu entry, search entry or Play data
    of the draft or of block (which only the draft extends) is in the site
    (the home pages, glossary and options are). Then the same with an
    explicit ``nav:`` naming the draft: it builds as well, the draft named
    nowhere."""
    site = small_site(tmp_path / "club")
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["new", "my-rule", "--extends", "block"]) == 0
    config = site / "mkdocs.yml"
    assert "\nnav:" not in config.read_text("utf-8") and "strict: true" in config.read_text("utf-8")
    res = _mkdocs(site)
    assert res.returncode == 0, res.stderr
    out = site / "site"
    hidden = re.compile(r'href="[^"]*\b(my-rule|block)(-card)?/')
    for lang, root in (("ja", out), ("en", out / "en")):
        assert (root / "gen" / "glossary" / "index.html").is_file()
        for gone in ("my-rule", "my-rule-card", "block", "block-card"):
            assert not (root / "gen" / gone).exists(), (lang, gone)
        index = json.loads((root / "search" / "search_index.json").read_text("utf-8"))
        assert [d for d in index["docs"] if d["location"].startswith("gen/glossary/")]
        assert not [d["location"] for d in index["docs"] if re.match(r"gen/(my-rule|block)\b", d["location"])]
    assert (out / "assets" / "play" / "engine.zip").is_file()          # Play is on the site, with no game's data
    assert not (out / "assets" / "play" / "games").exists()
    assert [p for p in sorted(out.rglob("*.html")) if hidden.search(p.read_text("utf-8"))] == []
    config.write_text(config.read_text("utf-8") + "\nnav:\n  - index.md\n  - gen/my-rule.md\n  - gen/glossary.md\n",
                      encoding="utf-8")
    res = _mkdocs(site)
    assert res.returncode == 0, res.stderr
    assert [p for p in sorted(out.rglob("*.html")) if hidden.search(p.read_text("utf-8"))] == []


# -- commands outside a site ------------------------------------------------------------------------

@pytest.mark.parametrize("argv", [["new", "club-draw"], ["new", "club-draw", "--extends", "draw"],
                                  ["schemas"], ["schemas", "--check"]])
def test_new_and_schemas_outside_a_site_are_usage_errors(tmp_path, monkeypatch, capsys, argv):
    """Outside any site (no rules folder here or above, no RULEBOOK_RULES)
    these used to write into the package's own standard games (or beside
    them): now they refuse as ``rulebook build`` does, exit 2, and write
    nothing anywhere."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    shipped = shipped_rules_dir()
    before = sorted(p.name for p in shipped.iterdir())
    assert main(argv) == 2
    captured = capsys.readouterr()
    assert f"rulebook {argv[0]}: error: no site here" in captured.err and captured.out == ""
    assert list(tmp_path.iterdir()) == []
    assert sorted(p.name for p in shipped.iterdir()) == before


def test_schemas_outside_a_site_write_into_the_folder_named(tmp_path, monkeypatch, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    assert main(["schemas", "mine"]) == 0
    assert (tmp_path / "mine" / "variant.schema.json").is_file()
    assert main(["schemas", "--check", "mine"]) == 0


@pytest.mark.parametrize("target", ["nothing", "folder"])
def test_new_over_a_link_is_a_clear_error(rules_copy, tmp_path, capsys, target):
    """``rules/ID`` a link to nothing used to end in a traceback (the folder
    could not be made); a link to a folder elsewhere is no place for a new
    game either. Both: one error line naming the link, exit 2, and the link
    and what it leads to as they were."""
    elsewhere = tmp_path / "elsewhere"
    if target == "folder":
        before = _victim(elsewhere)
    link = rules_copy / "club-draw"
    link.symlink_to(elsewhere)
    assert main(["new", "club-draw", "--extends", "draw"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"rulebook new: error: {link} is a link") and err.count("\n") == 1, err
    assert link.is_symlink()
    if target == "folder":
        assert _contents(elsewhere) == before
    else:
        assert "to nothing" in err and not elsewhere.exists()
