"""Cache entries that can never hand back broken bytes.

An entry is one file: a short header (:data:`MAGIC`, then the SHA-256 of the
payload) followed by the payload. It is written to a temporary file of its
own and renamed into place, so a reader sees the old entry or the new one,
never half of one; and it is checked against its digest on every read, so a
truncated, emptied or overwritten entry (a full disk, a killed write, another
program) is dropped, with a log line, and made again by the caller. Used by
the PNG cache (:func:`generator.draw.svg.to_png`) and the page cache
(:func:`generator.pages.game.generate`).
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import secrets
import stat
from pathlib import Path

__all__ = ["MAGIC", "read_entry", "write_entry", "write_atomic"]

log = logging.getLogger("mkdocs.plugins.rulebook")

#: The first bytes of every entry (the format's name and version).
MAGIC = b"rulebook-cache-1\n"
_HEADER = len(MAGIC) + 32


def read_entry(path: str | Path) -> bytes | None:
    """The payload stored at ``path``, or ``None`` when there is no entry or
    it does not match its digest (then the file is removed and a log line
    says so). An entry that is a link, or not a regular file, is no entry:
    it is removed (the link itself), never followed or read.

    >>> import tempfile; d = Path(tempfile.mkdtemp())
    >>> write_entry(d / "a", b"tiles") and read_entry(d / "a")
    b'tiles'
    >>> (d / "a").write_bytes((d / "a").read_bytes()[:-1]) and read_entry(d / "a") is None
    True
    >>> (d / "a").exists()
    False
    """
    path = Path(path)
    data: bytes | None
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
    except OSError as exc:
        if exc.errno != errno.ELOOP:        # none there, or unreadable
            return None
        data = None                         # a link: never followed, dropped below
    else:
        with os.fdopen(fd, "rb") as fh:
            if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):     # a folder, a pipe, a device
                return None
            data = fh.read()
    if data is not None:
        payload = data[_HEADER:]
        if data[:len(MAGIC)] == MAGIC and data[len(MAGIC):_HEADER] == hashlib.sha256(payload).digest():
            return payload
    log.info("rulebook: dropped the cache entry %s (%s); it is made again", path,
             "a link" if data is None else "empty" if not data else "truncated or damaged")
    try:
        path.unlink()
    except OSError:
        pass
    return None


def write_atomic(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` through a temporary file of this process in
    the same folder, renamed into place; the temporary file is removed when
    writing fails. Raises :class:`OSError` (a full disk, a folder that cannot
    be written)."""
    path = Path(path)
    tmp = path.with_name(f".{path.name}.{os.getpid()}.{secrets.token_hex(4)}.tmp")
    try:
        with open(tmp, "wb") as fh:
            fh.write(data)
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except OSError:
            pass
        raise


def write_entry(path: str | Path, payload: bytes) -> bool:
    """Store ``payload`` at ``path`` (folders made as needed) as a checked
    entry, atomically. Returns whether it was stored: a cache that cannot be
    written only makes later builds slower."""
    path = Path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, MAGIC + hashlib.sha256(payload).digest() + payload)
        return True
    except OSError:
        return False
