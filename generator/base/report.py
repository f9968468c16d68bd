"""The one writer of lines that a person or a CI runner reads.

Rule files are untrusted (clubs send them by pull request), and their text reaches
messages: a quoted value, a key, a file name. A raw line break in a message would
start a new line of the log, and a CI runner reads some lines as commands
(GitHub Actions runs ``::add-mask::...`` or ``::error file=...::...`` found at
the start of any line of a job's output). A terminal, likewise, obeys escape
bytes and shows right-to-left overrides reversed. So every line the project
prints (``rulebook``'s messages in every format, the build log) passes
:func:`printable` on its way out, and JSON output is written by
:func:`json_text`.

>>> printable("a.yaml:3:1: error: bad name 'x\\n::add-mask::y'")
"a.yaml:3:1: error: bad name 'x\\\\n::add-mask::y'"
>>> printable("日本語 [6|6] 50% ok")
'日本語 [6|6] 50% ok'
"""

from __future__ import annotations

import json
import logging
import os
import re
import sys
from typing import Any

__all__ = ["printable", "shown_path", "json_text", "emit", "PrintableFilter"]

_SHORT = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


#: The characters a line must not hold raw: controls (C0, DEL, C1), line and paragraph separators,
#: format characters (right-to-left overrides, zero-width ones, the byte-order mark) and lone surrogates
#: (the bytes of a file name that is not UTF-8, as Python reads them); that is, the Unicode categories
#: Cc, Cf, Cs, Zl and Zp, as ranges (Unicode 14.0, Python 3.11's; a test checks it against ``unicodedata``):
#: one regular expression instead of a call per character.
_UNSAFE = re.compile(
    "[\\x00-\\x1f\\x7f-\\x9f\\xad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890-\\u0891\\u08e2\\u180e\\u200b-\\u200f"
    "\\u2028-\\u202e\\u2060-\\u2064\\u2066-\\u206f\\ud800-\\udfff\\ufeff\\ufff9-\\ufffb\\U000110bd\\U000110cd"
    "\\U00013430-\\U00013438\\U0001bca0-\\U0001bca3\\U0001d173-\\U0001d17a\\U000e0001\\U000e0020-\\U000e007f]")


def _shown(c: str) -> str:
    if c in _SHORT:
        return _SHORT[c]
    n = ord(c)
    if 0xdc80 <= n <= 0xdcff:            # a byte of a name that is not UTF-8 (surrogateescape)
        return f"\\x{n - 0xdc00:02x}"
    if n < 0x100:
        return f"\\x{n:02x}"
    return f"\\u{n:04x}" if n < 0x10000 else f"\\U{n:08x}"


def printable(text: Any) -> str:
    r"""``text`` (any object, as ``str``) as one safe line: each character that
    is not safe to print raw (see the module) written as its escape, ``\n``,
    ``\r``, ``\t``, ``\xNN``, ``\uNNNN`` or ``\UNNNNNNNN``; a byte of a file
    name that is not UTF-8 as ``\xNN``. Everything else is kept as it is.

    >>> printable("tab\there\r\n\x1b[31m\u202eabc")
    'tab\\there\\r\\n\\x1b[31m\\u202eabc'
    >>> printable("bad\udcff.yaml")
    'bad\\xff.yaml'
    """
    return _UNSAFE.sub(lambda m: _shown(m.group()), str(text))


def shown_path(file: Any) -> str:
    """The path ``file`` as every message prints it: relative to the current
    folder when it lies under it (``rules/draw/variant.yaml``, whether it was
    named ``./rules/draw/variant.yaml``, by its absolute path or found by the
    catalog), else as given. Its folders are compared as written first, then
    with links resolved (a current folder reached through a link); the
    file's own name is never resolved, so a link is shown by its own name.

    >>> shown_path(os.path.join(os.getcwd(), "rules", "a.yaml")), shown_path("./rules//a.yaml")
    ('rules/a.yaml', 'rules/a.yaml')
    >>> shown_path("/nowhere/else.yaml") == "/nowhere/else.yaml" or os.getcwd() == "/"
    True
    """
    text = str(file)
    if not text:
        return text
    try:
        here = os.getcwd()
        folder, name = os.path.split(os.path.abspath(text))
        for base, where in ((os.path.abspath(here), folder), (os.path.realpath(here), os.path.realpath(folder))):
            rel = os.path.relpath(os.path.join(where, name), base)
            if rel != os.pardir and not rel.startswith(os.pardir + os.sep):
                return rel.replace(os.sep, "/")
    except (OSError, ValueError):           # no current folder (removed), a NUL byte in the name
        pass
    return text


def json_text(value: Any, **kwargs) -> str:
    r"""``json.dumps(value, ensure_ascii=False, **kwargs)`` with every character
    :func:`printable` would escape written as a JSON escape instead (the data
    read back is the same, the text holds no control or format character, and
    a lone surrogate cannot stop the output). ``json`` itself escapes every
    character below U+0020 inside a string, so a line break left in the text
    is one of the layout's (``indent``).

    >>> json_text({"file": "a\u2028b\udcff"})
    '{"file": "a\\u2028b\\udcff"}'
    >>> json_text({"a": "x\ny"}, indent=1)
    '{\n "a": "x\\ny"\n}'
    """
    text = json.dumps(value, ensure_ascii=False, **kwargs)
    return _UNSAFE.sub(lambda m: m.group() if m.group() < " " else
                       "".join(f"\\u{u:04x}" for u in _utf16(m.group())), text)


def _utf16(c: str) -> list[int]:
    n = ord(c)
    if n < 0x10000:
        return [n]
    n -= 0x10000
    return [0xd800 + (n >> 10), 0xdc00 + (n & 0x3ff)]


def emit(text: Any, file=None, flush: bool = False) -> None:
    """Print ``text`` as one :func:`printable` line on ``file`` (standard
    output by default, as ``print``; ``flush`` as there)."""
    print(printable(text), file=file or sys.stdout, flush=flush)


class PrintableFilter(logging.Filter):
    """A logging filter that makes each record's message one :func:`printable`
    line: the build log's writer (the plugin's logger carries it)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = printable(record.getMessage()), None
        return True
