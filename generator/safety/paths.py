"""Folders the build writes into are never reached through a link.

A site's checkout is untrusted like its rule files: a folder the build
writes into (``docs/ja/gen/``, ``docs/schemas/``, the caches) or a file it
copies into the site could be a link, committed or left there, leading
anywhere on the machine. Writing through it would write (and, for the
generated folders, delete stale files) outside the site; copying through it
would publish a file from outside. These functions find such links without
following any: the build refuses them, each at its path.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

__all__ = ["link_on_the_way", "links_under", "written_links", "is_plain_file", "inside"]


def inside(path: str | Path, folder: str | Path) -> bool:
    """Whether ``path`` is ``folder`` or lies under it, comparing the paths
    as written (made absolute, ``..`` folded; no link is followed).

    >>> inside("/a/b/c", "/a/b"), inside("/a/bc", "/a/b"), inside("/a/b/../c", "/a/b")
    (True, False, False)
    """
    p, f = os.path.abspath(path), os.path.abspath(folder)
    return p == f or p.startswith(f.rstrip(os.sep) + os.sep)


def link_on_the_way(root: str | Path, path: str | Path) -> Path | None:
    """The first folder or file from ``root`` (excluded: the folder the
    caller was given) down to ``path`` (included) that is a link, or
    ``None``. Only the parts of ``path`` below ``root`` are looked at: a
    ``path`` outside ``root`` is the caller's own choice and gives ``None``.
    Nothing is followed; a part that does not exist ends the walk."""
    root, path = Path(os.path.abspath(root)), Path(os.path.abspath(path))
    if not inside(path, root) or path == root:
        return None
    here = root
    for part in path.relative_to(root).parts:
        here = here / part
        try:
            mode = os.lstat(here).st_mode
        except OSError:                     # not there (yet): nothing further down can be a link
            return None
        if stat.S_ISLNK(mode):
            return here
    return None


def links_under(folder: str | Path) -> list[Path]:
    """Every link at any depth under ``folder`` (sorted; the folder itself
    not included), found without following any."""
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):     # os.walk does not enter a linked folder
        for name in dirnames + filenames:
            p = Path(dirpath) / name
            if p.is_symlink():
                out.append(p)
    return sorted(out)


def written_links(root: str | Path, folders) -> list[Path]:
    """The links a build writing into each of ``folders`` (paths under
    ``root``) would go through: a link on the way from ``root`` to the
    folder (:func:`link_on_the_way`), else every link inside it
    (:func:`links_under`). Sorted, each once."""
    found: set[Path] = set()
    for folder in folders:
        folder = Path(root) / folder
        link = link_on_the_way(root, folder)
        if link is not None:
            found.add(link)
        elif folder.is_dir():
            found.update(links_under(folder))
    return sorted(found)


def is_plain_file(path: str | Path) -> bool:
    """Whether ``path`` is itself a regular file: not a link (to a file or
    anything else), not a device, pipe or folder."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except OSError:
        return False
