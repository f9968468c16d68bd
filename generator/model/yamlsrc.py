"""Safe YAML reading that remembers where every key and value stands.

:func:`load` returns a :class:`Source`: plain Python data (dicts, lists, str,
int, bool, None) plus the 1-based ``(line, column)`` of every key and value by
path, so that any later check can report ``FILE:LINE:COL``. Only YAML's safe
tags are accepted; duplicate keys, oversized files and alias bombs are errors,
and so are characters no page can hold (see :func:`bad_character`) and values
that YAML reads as another type than they seem to be (``on``, ``2024-01-01``).
"""

from __future__ import annotations

import gc
import os
import re
import stat
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from ..base.report import printable, shown_path
from ..engine.reasons import Reason

__all__ = ["Source", "SourceError", "SourceErrors", "load", "loads", "bad_character", "MAX_BYTES", "MAX_NODES",
           "MAX_DEPTH", "MAX_TEXT"]

#: Largest file read (bytes).
MAX_BYTES = 1_000_000
#: Most nodes one document may expand to (aliases included).
MAX_NODES = 100_000
#: Deepest nesting of lists and mappings accepted.
MAX_DEPTH = 40
#: Most characters of text one document may expand to (aliases repeat their text).
MAX_TEXT = 1_000_000

Path_ = tuple  # a path of keys and indices


class SourceError(Exception):
    """A problem located in a file: ``FILE:LINE:COL: error: MESSAGE`` when printed.

    ``line`` and ``col`` are 1-based (0 when unknown). ``reason`` says why
    as data where the engine or a family's positions know it (a
    :class:`~generator.engine.reasons.Reason`: a rule, a rule choice, a tile
    the set lacks ...), else ``None``; the message is for people only.
    """

    def __init__(self, file: str, line: int, col: int, message: str, reason: Reason | None = None):
        super().__init__(message)
        self.file, self.line, self.col, self.message = str(file), line, col, message
        self.reason = reason

    @property
    def key(self) -> tuple:
        """What makes two problems the same: the file (whatever path named
        it: its folder resolved, its own name as written, so that two links
        are two files), the place and the message."""
        folder, name = os.path.split(self.file)
        return os.path.join(os.path.realpath(folder or "."), name), self.line, self.col, self.message

    @property
    def location(self) -> str:
        """``LINE:COL: message`` (the form ``rulebook score`` prints), as one
        :func:`~generator.base.report.printable` line."""
        return printable(f"{self.line}:{self.col}: {self.message}")

    def __str__(self) -> str:
        """``FILE:LINE:COL: error: MESSAGE`` as one :func:`~generator.base.report.printable`
        line (a line break or escape byte in the file name or the message shows
        as its escape), the file as every message shows it
        (:func:`~generator.base.report.shown_path`)."""
        return printable(f"{shown_path(self.file)}:{self.line}:{self.col}: error: {self.message}")


class SourceErrors(SourceError):
    """Several independent problems raised together (``errors``, in file
    order); as a :class:`SourceError` it stands for the first of them."""

    def __init__(self, errors: list[SourceError]):
        first = errors[0]
        super().__init__(first.file, first.line, first.col, first.message, first.reason)
        self.errors = list(errors)

    @staticmethod
    def of(errors: list[SourceError]) -> SourceError:
        """One error as itself, several as a :class:`SourceErrors`."""
        return errors[0] if len(errors) == 1 else SourceErrors(errors)


@dataclass
class Source:
    """A parsed YAML file: ``data`` and the marks of its parts.

    ``value_marks[path]`` and ``key_marks[path]`` are ``(line, col)``; the root's
    path is ``()``, ``("steps", 2, "at")`` the ``at`` of the third step.
    """

    file: str
    data: Any
    value_marks: dict = field(default_factory=dict)
    key_marks: dict = field(default_factory=dict)
    text: str = field(default="", repr=False)
    #: Problems found while reading that do not stop it (odd numbers, repeated keys, values YAML reads
    #: as another type, characters no page can hold): all reported together, and the file refused.
    problems: list = field(default_factory=list, repr=False, compare=False)

    def mark(self, path: Path_, key: bool = True) -> tuple[int, int]:
        """Where ``path`` stands: its key when ``key`` and it has one, else its
        value; falls back to the nearest enclosing path."""
        path = tuple(path)
        while True:
            if key and path in self.key_marks:
                return self.key_marks[path]
            if path in self.value_marks:
                return self.value_marks[path]
            if not path:
                return (1, 1)
            path = path[:-1]

    def error(self, path: Path_, message: str, key: bool = True, reason: Reason | None = None) -> SourceError:
        """A :class:`SourceError` at ``path`` (``reason``: why, as data, where it is known)."""
        line, col = self.mark(path, key)
        return SourceError(self.file, line, col, message, reason)

    def text_mark(self, path: Path_, n: int, snippet: str = "") -> tuple[int, int]:
        """Where line ``n`` (1-based) of the text value at ``path`` stands in
        the file: ``(line, col)`` of ``snippet`` in it, or of its first
        character that is not a space. Knows block scalars (``|``, ``>``),
        whose text starts on the line after the indicator."""
        line0, col0 = self.mark(path, key=False)
        lines = self.text.split("\n")
        block = line0 <= len(lines) and lines[line0 - 1][col0 - 1:col0] in ("|", ">")
        line = line0 + n if block else line0 + n - 1
        if not 1 <= line <= len(lines):
            return line0, col0
        row = lines[line - 1]
        start = col0 if not block and n == 1 else 0
        at = row.find(snippet, start) if snippet else len(row) - len(row.lstrip(" "))
        return line, (at + 1 if at >= 0 else col0)

    def get(self, path: Path_, default: Any = None) -> Any:
        """The value at ``path``, or ``default``."""
        cur = self.data
        for k in path:
            try:
                cur = cur[k]
            except (KeyError, IndexError, TypeError):
                return default
        return cur


class _Loader(getattr(yaml, "CSafeLoader", yaml.SafeLoader)):
    """The safe loader, on libyaml when PyYAML has it (same nodes and marks,
    several times faster); only the node tree is used, then :func:`_convert`."""


def _pos(mark) -> tuple[int, int]:
    return (mark.line + 1, mark.column + 1)


def loads(text: str, file: str = "<string>") -> Source:
    """Parse YAML ``text``; raises :class:`SourceError` with the location of
    the first problem (syntax, unsafe tag, duplicate key, too many nodes)."""
    if len(text.encode("utf-8", "replace")) > MAX_BYTES:
        raise SourceError(file, 1, 1, f"file is larger than {MAX_BYTES} bytes")
    if "\x00" in text:
        line = text[:text.index("\x00")].count("\n") + 1
        raise SourceError(file, line, 1, "the file holds a NUL byte; it is not a text file")
    # Parsing makes many short-lived node objects and no garbage cycles (the loader's own are
    # broken by dispose()), so the cyclic collector is paused meanwhile: it would otherwise run
    # over every object alive, again and again (a quarter of the time of a large check).
    with gc_paused():
        return _loads(text, file)


@contextmanager
def gc_paused():
    """Pause Python's cyclic garbage collector for a block that makes many
    short-lived objects and no lasting garbage cycles (reading and checking
    one file): otherwise it runs over every live object again and again.
    Reference counting still frees everything at once; collection resumes
    (if it was on) when the block ends."""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _loads(text: str, file: str) -> Source:
    try:
        loader = _Loader(text)
    except yaml.YAMLError as exc:
        raise SourceError(file, 1, 1, f"YAML: {exc}") from None
    try:
        node = loader.get_single_node()
    except RecursionError:
        raise SourceError(file, 1, 1, f"the YAML nests too deeply (more than {MAX_DEPTH} levels)") from None
    except yaml.MarkedYAMLError as exc:
        m = exc.problem_mark or exc.context_mark
        line, col = _pos(m) if m else (1, 1)
        why = exc.problem or exc.context
        rows = text.split("\n")
        if m and line <= len(rows) and rows[line - 1][col - 1:col] == "\t":
            why += ": a tab; YAML indents with spaces only"
        raise SourceError(file, line, col, f"YAML syntax: {why}") from None
    except yaml.YAMLError as exc:
        raise SourceError(file, 1, 1, f"YAML: {exc}") from None
    finally:
        loader.dispose()
    src = Source(file, None, text=text)
    if node is None:
        raise SourceError(file, 1, 1, "the file is empty")
    budget = [MAX_NODES, MAX_TEXT]
    src.data = _convert(node, (), src, loader, budget)
    if src.problems:
        raise SourceErrors.of(sorted(src.problems, key=lambda e: (e.line, e.col)))
    return src


def load(path: str | Path) -> Source:
    """Read and parse a YAML file (UTF-8); see :func:`loads`."""
    p = Path(path)
    if p.is_dir():
        raise SourceError(str(path), 1, 1, "this is a folder, not a YAML file")
    try:
        if not stat.S_ISREG(p.stat().st_mode):
            raise SourceError(str(path), 1, 1, "this is not a regular file (a device, pipe or socket?)")
        with open(p, "rb") as fh:
            raw = fh.read(MAX_BYTES + 1)
        if len(raw) > MAX_BYTES:
            raise SourceError(str(path), 1, 1, f"file is larger than {MAX_BYTES} bytes")
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise SourceError(str(path), 1, 1, f"not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise SourceError(str(path), 1, 1, f"cannot read: {exc.strerror}") from None
    return loads(text, str(path))


_SAFE_SCALAR_TAGS = {
    "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:bool",
    "tag:yaml.org,2002:null", "tag:yaml.org,2002:float",
}


_STR, _INT, _FLOAT = "tag:yaml.org,2002:str", "tag:yaml.org,2002:int", "tag:yaml.org,2002:float"
_BOOL, _TIMESTAMP = "tag:yaml.org,2002:bool", "tag:yaml.org,2002:timestamp"

#: Bidirectional marks, embeddings, overrides and isolates: they make a text show in another
#: order than it is stored (the "Trojan Source" trick), and neither language of the site needs them.
_BIDI = "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"
#: Invisible characters that split a word for the site's search (and for a reader's copy and paste).
_INVISIBLE = "\u200b\u2060\ufeff"
#: Characters a text may not hold: those no page or picture can (C0 controls but tab, line feed
#: and carriage return, DEL, C1 controls, halves of surrogate pairs and Unicode's
#: non-characters), and the two kinds above.
_BAD_CHARACTER = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff\ufdd0-\ufdef"
                            + _BIDI + _INVISIBLE
                            + "".join(f"{chr(p + 0xfffe)}{chr(p + 0xffff)}" for p in range(0, 0x110000, 0x10000))
                            + "]")


def bad_character(text: str) -> str | None:
    r"""Why ``text`` cannot go on a page, or ``None``: the first character
    that XML (the diagrams) or a browser cannot show, named by its code.

    >>> bad_character("bell\x07")
    'the text holds U+0007, a control character, which no page or picture can show: remove it'
    >>> bad_character("abc\u202edef")[:60]
    'the text holds U+202E, a bidirectional control character, wh'
    >>> bad_character("tab\tand\nline") is None, bad_character("👨\u200d👩") is None
    (True, True)
    """
    m = _BAD_CHARACTER.search(text)
    if m is None:
        return None
    c = ord(m.group())
    if re.match(f"[{_BIDI}]", m.group()):
        return (f"the text holds U+{c:04X}, a bidirectional control character, which can make a text show in "
                "another order than it is written: remove it")
    if m.group() in _INVISIBLE:
        return (f"the text holds U+{c:04X}, an invisible character, which hides the word around it from the "
                "site's search: remove it")
    kind = ("half of a surrogate pair" if 0xd800 <= c <= 0xdfff else
            "a Unicode non-character" if 0xfdd0 <= c <= 0xfdef or (c & 0xfffe) == 0xfffe else "a control character")
    return f"the text holds U+{c:04X}, {kind}, which no page or picture can show: remove it"


def _odd_number(value: str, loader, node) -> str:
    """Why an integer in another YAML 1.1 spelling (``010`` octal, ``0x1F``,
    ``0b101``, ``1_000``, ``1:30`` base 60, ``+5``, ``007``) is refused: YAML
    would read it as a number other than the one its digits suggest, or at
    least not in the one plain spelling the rule book uses."""
    try:
        n = loader.construct_object(node, deep=True)
    except (yaml.YAMLError, ValueError, OverflowError):
        n = None
    read = f"; YAML reads it as {n}" if n is not None and str(n) != value.lstrip("+") else ""
    plain = f" (write {n})" if n is not None else ""
    return (f"`{value}` is not a plain whole number{read}: write numbers in plain decimal digits, without a "
            f"sign, leading zeros, underscores or colons{plain}; quote text that looks like a number")


def _convert(node, path, src: Source, loader, budget) -> Any:
    if len(path) > MAX_DEPTH:
        raise SourceError(src.file, *_pos(node.start_mark), f"the YAML nests too deeply (more than {MAX_DEPTH} levels)")
    budget[0] -= 1
    if budget[0] < 0:                    # at the top-level key being expanded: aliases share their nodes
        where = src.key_marks.get(path[:1]) or _pos(node.start_mark)
        raise SourceError(src.file, *where, f"the document expands to more than {MAX_NODES} nodes (aliases?)")
    src.value_marks[path] = _pos(node.start_mark)
    if isinstance(node, yaml.ScalarNode):
        if node.tag == "tag:yaml.org,2002:merge":
            raise SourceError(src.file, *_pos(node.start_mark),
                              "YAML merge keys (<<) are not allowed; write every key out")
        tag = node.tag
        if tag == _TIMESTAMP:
            src.problems.append(SourceError(
                src.file, *_pos(node.start_mark),
                f"`{node.value}` reads as a date or time in YAML: put it in quotes (\"{node.value}\") to keep it as text"))
            return node.value
        if tag not in _SAFE_SCALAR_TAGS:
            raise SourceError(src.file, *_pos(node.start_mark),
                              f"the tag {tag!r} is not allowed here; write plain values")
        # The two commonest values directly, as PyYAML's constructor would make them: a string is
        # its text; a plain decimal (no sign, underscore or leading 0) is that int.
        value = node.value
        if tag == _STR:
            budget[1] -= len(value)
            if budget[1] < 0:
                where = src.key_marks.get(path[:1]) or _pos(node.start_mark)
                raise SourceError(src.file, *where, f"the document expands to more than {MAX_TEXT:,} characters "
                                                    f"of text (aliases repeating a long text?)")
            bad = bad_character(value)
            if bad:
                src.problems.append(SourceError(src.file, *_pos(node.start_mark), bad))
            return value
        if tag == _BOOL and value.lower() not in ("true", "false") and path[-1:] != ("<key>",):
            src.problems.append(SourceError(
                src.file, *_pos(node.start_mark),
                f"`{value}` reads as {'true' if value.lower() in ('yes', 'y', 'on') else 'false'} (a yes/no value) "
                f"in YAML: write true or false, or put it in quotes (\"{value}\") if you mean the word"))
            return value.lower() in ("yes", "y", "on")
        if tag == _INT:
            digits = value[1:] if value[:1] == "-" else value
            if digits.isascii() and digits.isdigit() and (digits[0] != "0" or digits == "0") and len(digits) <= 4300:
                return int(value)
            if digits.isascii() and digits.isdigit() and digits[0] != "0":
                raise SourceError(src.file, *_pos(node.start_mark), "bad value: a number with more than 4300 digits")
            # noted, and every other number of the file too, before the file is refused
            src.problems.append(SourceError(src.file, *_pos(node.start_mark), _odd_number(value, loader, node)))
            return 0
        if tag == _FLOAT:
            src.problems.append(SourceError(
                src.file, *_pos(node.start_mark),
                f"`{value}` is not a whole number: the rule book counts in whole numbers (pips, points), so write "
                f"one without a decimal point; quote text that looks like a number"))
            return 0
        try:
            return loader.construct_object(node, deep=True)
        except (yaml.YAMLError, ValueError, OverflowError) as exc:
            why = ("a number with more than 4300 digits" if "digits" in str(exc) else str(exc))
            raise SourceError(src.file, *_pos(node.start_mark), f"bad value: {why}") from None
    if isinstance(node, yaml.SequenceNode):
        if node.tag != "tag:yaml.org,2002:seq":
            raise SourceError(src.file, *_pos(node.start_mark), f"the tag {node.tag!r} is not allowed")
        return [_convert(child, path + (i,), src, loader, budget) for i, child in enumerate(node.value)]
    if isinstance(node, yaml.MappingNode):
        if node.tag != "tag:yaml.org,2002:map":
            raise SourceError(src.file, *_pos(node.start_mark), f"the tag {node.tag!r} is not allowed")
        out: dict = {}
        for knode, vnode in node.value:
            if not isinstance(knode, yaml.ScalarNode):
                raise SourceError(src.file, *_pos(knode.start_mark), "a key must be a plain value")
            key = _convert(knode, path + ("<key>",), src, loader, budget)
            if isinstance(key, (list, dict)) or key is None:
                raise SourceError(src.file, *_pos(knode.start_mark), "a key must be a plain value")
            if key in out:                  # noted (every repeated key is reported), the first one kept
                first = src.key_marks[path + (key,)]
                src.problems.append(SourceError(src.file, *_pos(knode.start_mark),
                                                f"the key {key!r} is given twice (first at line {first[0]})"))
                _convert(vnode, path + ("<again>",), src, loader, budget)
                src.value_marks.pop(path + ("<again>",), None)
                continue
            src.key_marks[path + (key,)] = _pos(knode.start_mark)
            out[key] = _convert(vnode, path + (key,), src, loader, budget)
        src.value_marks.pop(path + ("<key>",), None)
        return out
    raise SourceError(src.file, *_pos(node.start_mark), "unsupported YAML node")
