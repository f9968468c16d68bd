"""``rulebook init DIR``: a new rulebook site for a club's own rules.

The site is the skeleton in ``site_template/`` (shipped with the package): an
``mkdocs.yml`` with the rulebook plugin and the settings that make Japanese and
English work together (the i18n plugin, the search's word splitting, the
theme's features), home pages in both languages, an empty rules folder with its
glossary, a ``.gitignore`` and a README; and the JSON Schemas of the rule files
(``docs/schemas/``), written from the code. The standard games and their
glossary come with the package, so ``mkdocs build`` works in it at once.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from ..model.schemafiles import write_schemas

__all__ = ["TEMPLATE_DIR", "InitError", "init_site"]

#: The skeleton of a new site.
TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "site_template"


class InitError(Exception):
    """A site that cannot be made in the folder asked for (it has files, or is a file)."""


def template_files() -> list[Path]:
    """The skeleton's files, relative to :data:`TEMPLATE_DIR`, sorted."""
    return sorted(p.relative_to(TEMPLATE_DIR) for p in TEMPLATE_DIR.rglob("*")
                  if p.is_file() and "__pycache__" not in p.parts)


#: What a folder may already hold for a site to be made in it: a fresh clone of an empty repository.
ALLOWED = frozenset({".git", ".gitkeep"})


def init_site(folder: str | Path) -> list[Path]:
    """Make a new site in ``folder`` (created if missing; it must be empty, or
    hold nothing but ``.git``/``.gitkeep``, as a clone of a new repository does)
    and return the files written, in order. The site is made in a hidden
    folder beside it and moved in place at the end, so a failure leaves
    nothing behind. Raises :class:`InitError` when ``folder`` is a file, a
    link to nothing, or holds anything else, and :class:`OSError` when it
    cannot be written."""
    if not str(folder).strip():
        raise InitError("name the folder of the new site (for example: rulebook init club-rules)")
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
        write_schemas(work / "docs" / "schemas")
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
