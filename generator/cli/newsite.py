"""``rulebook init DIR``: a new rulebook site for a club's own rules.

The site is the skeleton in ``site_template/`` (shipped with the package): an
``mkdocs.yml`` with the rulebook plugin and the settings that make Japanese and
English work together (the i18n plugin, the search's word splitting, the
theme's features), home pages in both languages, an empty rules folder with its
glossary, a ``.gitignore``, the ``package.json`` and ``package-lock.json`` that
pin Pyodide (``npm ci``), and a README whose list of the standard games is made
from the games shipped with the package; and the JSON Schemas of the rule files
(``docs/schemas/``), written from the code. The standard games and their
glossary come with the package, so ``mkdocs build`` works in it at once.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from pathlib import Path
from urllib.parse import urlsplit

from ..model.schemafiles import write_schemas

__all__ = ["TEMPLATE_DIR", "STANDARD_GAMES_MARK", "InitError", "init_site", "standard_games_list", "web_address"]

#: The skeleton of a new site.
TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "site_template"


#: Where the skeleton's README lists the standard games (:func:`standard_games_list` fills it in).
STANDARD_GAMES_MARK = "<!-- rulebook:standard-games -->"


def standard_games_list() -> str:
    """Markdown list of the standard games shipped with the package, by their
    English names (a new site's README is in English): one line per game that
    extends no other, in the site's order
    (:func:`generator.site.build.listed_order`), naming the house rules built
    on it (or on one of its house rules); drafts and games that cannot be
    loaded are left out. Empty when the package carries no games."""
    from ..model import Catalog, SourceError
    from ..model.catalog import shipped_rules_dir
    from ..site.build import listed_order

    folder = shipped_rules_dir()
    if folder is None:
        return ""
    catalog = Catalog(folder)
    houses: dict[str, list[str]] = {}       # a game that extends none: its house rules' names
    names: dict[str, str] = {}
    order = listed_order(catalog)
    for vid in order:
        try:
            v = catalog.variant(vid)
            root = next((a.id for a in v.ancestors() if a.parent is None), vid)
        except SourceError:
            continue
        if v.draft:
            continue
        names[vid] = v.name["en"]
        houses.setdefault(root, [])
        if root != vid:
            houses[root].append(v.name["en"])
    lines = [f"- {names[root]}" + (f"; house rules of it: {', '.join(own)}" if own else "")
             for root in order if root in names and (own := houses.get(root)) is not None]
    return "\n".join(lines) + ("\n" if lines else "")


class InitError(Exception):
    """A site that cannot be made in the folder asked for (it has files, or is a file)."""


def template_files() -> list[Path]:
    """The skeleton's files, relative to :data:`TEMPLATE_DIR`, sorted."""
    return sorted(p.relative_to(TEMPLATE_DIR) for p in TEMPLATE_DIR.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


#: What a folder may already hold for a site to be made in it: a fresh clone of an empty repository.
ALLOWED = frozenset({".git", ".gitkeep"})


def web_address(value: str, what: str, folder: bool = False) -> str:
    """``value`` checked as an ``http``/``https`` address with a host and
    nothing a YAML line or a page could misread (spaces, control characters,
    quotes, angle brackets); returned as given, with a final ``/`` added when
    ``folder`` (a site's address names a folder: MkDocs takes its path as the
    site's root). ``what`` names the option in the :class:`InitError` raised
    for anything else."""
    parts = urlsplit(value)
    if (parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment
            or re.search(r'[\s"\'<>\\`\x00-\x1f\x7f]', value)):
        raise InitError(f"{what} {value!r} is not a web address such as https://OWNER.github.io/REPOSITORY/ "
                        "(http or https, a host, no spaces, quotes, query or fragment)")
    return value if not folder or value.endswith("/") else value + "/"


def _set_address(config: Path, key: str, value: str) -> None:
    """In the new site's ``mkdocs.yml``, put ``key: value`` in place of the
    commented-out example line ``# key: ...`` the skeleton holds (the value
    as a YAML double-quoted string)."""
    text = config.read_text(encoding="utf-8")
    line = re.compile(rf"^# {key}: .*$", re.MULTILINE)
    assert len(line.findall(text)) == 1, key
    config.write_text(line.sub(lambda m: f"{key}: {json.dumps(value)}", text), encoding="utf-8")


def init_site(folder: str | Path, site_url: str | None = None, repo_url: str | None = None) -> list[Path]:
    """Make a new site in ``folder`` (created if missing; it must be empty, or
    hold nothing but ``.git``/``.gitkeep``, as a clone of a new repository does)
    and return the files written, in order. ``site_url`` (the address the site
    will be published at, ending in ``/``) and ``repo_url`` (the rules'
    repository), when given, are written into its ``mkdocs.yml``; see
    :func:`web_address`. The site is made in a hidden
    folder beside it and moved in place at the end, so a failure leaves
    nothing behind. Raises :class:`InitError` when ``folder`` is a file, a
    link to nothing, or holds anything else, or an address is not one, and
    :class:`OSError` when it cannot be written."""
    if not str(folder).strip():
        raise InitError("name the folder of the new site (for example: rulebook init club-rules)")
    if site_url is not None:
        site_url = web_address(site_url, "--site-url", folder=True)
    if repo_url is not None:
        repo_url = web_address(repo_url, "--repo-url")
    root = Path(folder)
    for part in [root, *root.parents]:
        if part.is_symlink() and not part.exists():
            raise InitError(f"{part} is a link to nothing; name a new or empty folder")
        if part.exists() and not part.is_dir():
            raise InitError(f"{part} is a file; name a new or empty folder")
    if root.is_symlink() or root.is_dir():   # a link to an empty folder, or ".": the folder it names
        root = root.resolve()
    present = sorted(p.name for p in root.iterdir()) if root.is_dir() else []
    if set(present) - ALLOWED:
        raise InitError(f"{root} is not empty; name a new or empty folder (nothing was written)")
    parent = root.absolute().parent
    parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=f".{root.absolute().name}.", suffix=".init", dir=parent))
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(work, 0o777 & ~mask)
        for rel in template_files():
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(TEMPLATE_DIR / rel, work / rel)
        readme = work / "README.md"
        if readme.is_file():                # its list of the standard games, from the games themselves
            text = readme.read_text(encoding="utf-8")
            readme.write_text(text.replace(STANDARD_GAMES_MARK, standard_games_list().rstrip("\n")),
                              encoding="utf-8")
        write_schemas(work / "docs" / "schemas")
        for key, value in (("site_url", site_url), ("repo_url", repo_url)):
            if value is not None:
                _set_address(work / "mkdocs.yml", key, value)
        if root.is_dir():                   # an empty folder (the current one, say), or a clone of a new
            for entry in sorted(work.iterdir()):    # repository: the files go into it, beside .git
                os.replace(entry, root / entry.name)
            work.rmdir()
        else:
            os.replace(work, root)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return sorted(p for p in root.rglob("*") if p.is_file() and ".git" not in p.relative_to(root).parts[:1])
