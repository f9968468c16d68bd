"""The rules tree: variant definitions, their positions and the glossary.

``rules/<id>/variant.yaml`` holds a variant's names, parameters and rule text;
``rules/<id>/positions/*.yaml`` its worked positions; ``rules/glossary.yaml`` the
shared bilingual glossary. :class:`Catalog` loads them once and caches by file
content, so MkDocs' per-language hooks do not repeat work.
"""

from __future__ import annotations

import difflib
import gc
import hashlib
import os
import re
import stat
from html.parser import HTMLParser
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.variant import Variant
from ..variants import RULES, make_variant
from .positions import Outcome, Position, compare, evaluate, parse_position
from .schema import GLOSSARY_SCHEMA, VARIANT_SCHEMA, validate
from .yamlsrc import MAX_BYTES, Source, SourceError, SourceErrors, gc_paused, load

__all__ = ["VariantDef", "Catalog", "find_rules_dir", "CheckedPosition"]


@dataclass
class VariantDef:
    """A variant as its YAML defines it, with its engine rules attached.

    ``name``/``summary``/``sources`` are {ja, en}; ``sections`` a list of
    ``{id, title: {ja, en}, body: {ja, en}}``; ``rules`` the :class:`Variant`.
    """

    id: str
    name: dict
    summary: dict
    params: dict
    sections: list
    sources: dict
    rules: Variant
    dir: Path
    src: Source = field(repr=False)


@dataclass
class CheckedPosition:
    """A position that passed every check, with its engine :class:`Outcome`."""

    position: Position
    outcome: Outcome


def find_rules_dir(start: str | Path | None = None) -> Path:
    """The ``rules/`` folder: ``$RULEBOOK_RULES``, else the nearest rules
    folder (one holding ``glossary.yaml`` and game folders, or a ``rules``
    folder) at or above ``start`` (or the current directory), else the one
    beside this package."""
    env = os.environ.get("RULEBOOK_RULES")
    if env:
        return Path(env)
    here = Path(start or Path.cwd()).resolve()
    for d in [here, *here.parents]:
        if (d / "glossary.yaml").is_file() and (d.name == "rules" or any(d.glob("*/variant.yaml"))):
            return d                        # a rules folder, whatever its name
        if (d / "rules" / "glossary.yaml").exists():
            return d / "rules"
    return Path(__file__).resolve().parents[2] / "rules"


def _digest(path: Path) -> str:
    """A hash of a regular file's bytes ("" for anything else: :func:`load`
    reports it), read no further than the size limit."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            return ""
        with open(path, "rb") as fh:
            return hashlib.sha256(fh.read(MAX_BYTES + 1)).hexdigest()
    except OSError:
        return ""


#: HTML that rule text (Markdown) may use, and the attributes it may carry; anything
#: else (``<script>``, ``<iframe>``, ``onclick=``...) is refused, since rule text goes
#: into the pages as it is.
HTML_TAGS = {"details", "summary", "div", "span", "p", "br", "em", "strong", "b", "i", "kbd", "code",
             "sup", "sub", "abbr", "small", "mark", "ruby", "rt", "rp"}
HTML_ATTRS = {"class", "markdown", "id", "title", "open", "lang"}
_SCRIPT_URL = re.compile(r"(?:java|vb)script\s*:|data\s*:\s*text/html", re.I)


class _TagScan(HTMLParser):
    """Collects ``(line, offset, problem)`` for HTML rule text may not use."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, int, str]] = []

    def handle_starttag(self, tag, attrs):
        if ":" in tag or "." in tag:            # a Markdown autolink such as <https://...>
            return
        line, off = self.getpos()
        if tag not in HTML_TAGS:
            self.found.append((line, off, f"the HTML tag <{tag}> is not allowed in rule text "
                                          f"(allowed: {', '.join(sorted(HTML_TAGS))}); write Markdown"))
            return
        for name, _ in attrs:
            if name not in HTML_ATTRS:
                self.found.append((line, off, f"the attribute {name!r} of <{tag}> is not allowed in rule "
                                              f"text (allowed: {', '.join(sorted(HTML_ATTRS))})"))

    handle_startendtag = handle_starttag


def html_problems(src: Source, path: tuple, text: str) -> list[SourceError]:
    """Every piece of HTML in the rule text at ``path`` that pages must not
    carry (tags and attributes outside :data:`HTML_TAGS`/:data:`HTML_ATTRS`,
    script URLs), located at its line and column in the file."""
    scan = _TagScan()
    scan.feed(text)
    scan.close()
    found = list(scan.found)
    for i, line in enumerate(text.split("\n"), 1):
        for m in _SCRIPT_URL.finditer(line):
            found.append((i, m.start(), "a script URL is not allowed in rule text"))
    if not found:
        return []
    out = []
    for n, off, message in found:
        snippet = text.split("\n")[n - 1][off:off + 20]
        out.append(SourceError(src.file, *src.text_mark(path, n, snippet), message))
    return out


_MD_LINK = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")


def link_problems(src: Source, path: tuple, text: str, lang: str, docs: Path, pages: set[str]) -> list[SourceError]:
    """Every Markdown link in the rule text at ``path`` to a page of the site
    (``x.md``, relative to the variant's generated page ``<lang>/gen/<id>.md``)
    that does not exist: not a hand-written page in ``docs`` nor a generated
    one (``pages``: ``gen/<id>.md`` names), located at its line and column.
    Links with a scheme, absolute paths, anchors alone and other files are
    left to MkDocs."""
    out = []
    base = f"{lang}/gen"
    for n, line in enumerate(text.split("\n"), 1):
        for m in _MD_LINK.finditer(line):
            target = m.group(1).split("#", 1)[0]
            if not target.endswith(".md") or ":" in target or target.startswith("/"):
                continue
            rel = os.path.normpath(f"{base}/{target}").replace(os.sep, "/")
            if rel.startswith(f"{lang}/gen/"):
                ok = rel[len(lang) + 1:] in pages
            else:
                ok = not rel.startswith("..") and (docs / rel).is_file()
            if not ok:
                out.append(SourceError(src.file, *src.text_mark(path, n, m.group(1)),
                                       f"the link {m.group(1)!r} leads to no page of the site (from this page it "
                                       f"would be docs/{rel})"))
    return out


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


#: Names the generated part of the site uses itself (``gen/glossary.md``, ``gen/family.md``,
#: ``gen/legend/``, ``gen/diagrams/``; ``gen/index.md`` would be the folder's own page): no
#: variant may take them.
RESERVED_IDS = frozenset({"glossary", "family", "legend", "diagrams", "index"})


class Catalog:
    """Loads and checks everything under one ``rules/`` folder.

    Errors are collected as :class:`SourceError` in :attr:`errors` by
    :meth:`check_all`; single look-ups raise them.
    """

    def __init__(self, rules_dir: str | Path):
        self.dir = Path(rules_dir)
        self._variants: dict[str, tuple[str, VariantDef]] = {}
        self._positions: dict[Path, tuple[str, str, CheckedPosition]] = {}
        self._run_digests: dict[Path, str] | None = None
        self._run_root: Path | None = None      # the rules folder, resolved, while check_all runs

    def variant_ids(self) -> list[str]:
        """Ids of every folder holding a ``variant.yaml``, sorted."""
        if not self.dir.is_dir():
            return []
        root = self.dir.resolve()
        return sorted(p.parent.name for p in self.dir.glob("*/variant.yaml") if _inside(p.resolve(), root))

    def link_errors(self, folders_only: bool = False) -> list[SourceError]:
        """One located error for every link leading out of the rules folder
        (only links to folders with ``folders_only``: a link to a file is
        reported where the file is checked)."""
        return [SourceError(str(q), 1, 1, "this is a link leading out of the rules folder; it is not read "
                                          "(put the file or folder itself here)")
                for q in self.outside_links() if q.is_dir() or not folders_only]

    def outside_links(self) -> list[Path]:
        """Entries of the rules folder (at any depth) that are links leading
        out of it: they are never read."""
        root = self.dir.resolve()
        out = []
        for dirpath, dirnames, filenames in os.walk(self.dir):
            for name in sorted(dirnames + filenames):
                p = Path(dirpath) / name
                if p.is_symlink() and not _inside(p.resolve(), root):
                    out.append(p)
        return sorted(out)

    def variant(self, vid: str) -> VariantDef:
        """The definition of ``vid``. Raises :class:`SourceError` for a missing
        or invalid ``variant.yaml`` or an id without engine rules."""
        path = self.dir / vid / "variant.yaml"
        if not path.exists():
            ids = self.variant_ids()
            near = difflib.get_close_matches(str(vid), ids, n=1)
            hint = f"did you mean {near[0]!r}? " if near else ""
            raise SourceError(str(path), 0, 0, f"unknown variant {vid!r} ({hint}known: {', '.join(ids) or 'none'})")
        digest = self._run_digests.get(path) if self._run_digests is not None else None
        if digest is None:
            digest = _digest(path)
            if self._run_digests is not None:
                self._run_digests[path] = digest
        hit = self._variants.get(vid)
        if hit and hit[0] == digest:
            return hit[1]
        src = load(path)
        errors = validate(src, VARIANT_SCHEMA)
        if errors:
            raise SourceErrors.of(errors)
        d = src.data
        if d["id"] != vid:
            raise src.error(("id",), f"the id {d['id']!r} differs from the folder name {vid!r}")
        if vid in RESERVED_IDS:
            raise src.error(("id",), f"{vid!r} is the name of a page the site makes itself "
                                     f"({', '.join(sorted(RESERVED_IDS))}); rename the folder and the id", key=False)
        base = d.get("rules", vid)
        if base not in RULES:
            where = ("rules",) if "rules" in d else ("id",)
            hint = "" if "rules" in d else "; name the rules it plays by with `rules:`"
            raise src.error(where, f"no engine rules for {base!r} (known: {', '.join(sorted(RULES))}){hint}")
        params = d["params"]
        for k in params["deal"]:
            if not isinstance(k, int) or isinstance(k, bool):
                raise src.error(("params", "deal", k), f"a deal size is keyed by a number of players, not {k!r}")
        for n in params["players"]:
            if n not in params["deal"]:
                raise src.error(("params", "deal"), f"no deal size for {n} players")
        unsafe = [e for i, sec in enumerate(d["sections"]) for lang in ("ja", "en")
                  for e in html_problems(src, ("sections", i, "body", lang), sec["body"][lang])]
        unsafe += [e for lang in ("ja", "en") for e in html_problems(src, ("sources", lang), d["sources"][lang])]
        docs = self.dir.parent / "docs"
        if docs.is_dir():                   # links to pages that do not exist (the site's docs/ beside rules/)
            pages = {f"gen/{v}.md" for v in self.variant_ids()} | {"gen/glossary.md", "gen/family.md"}
            texts = [(("sections", i, "body", lang), sec["body"][lang]) for i, sec in enumerate(d["sections"])
                     for lang in ("ja", "en")] + [(("sources", lang), d["sources"][lang]) for lang in ("ja", "en")]
            unsafe += [e for where, text in texts
                       for e in link_problems(src, where, text, where[-1], docs, pages)]
        if unsafe:
            raise SourceErrors.of(unsafe)
        ids = [sec["id"] for sec in d["sections"]]
        for i, sid in enumerate(ids):
            if sid in ids[:i]:
                raise src.error(("sections", i, "id"), f"the section id {sid!r} is used twice")
        vdef = VariantDef(vid, d["name"], d["summary"], params, d["sections"], d["sources"],
                          make_variant(base, params, vid), path.parent, src)
        for n, size in vdef.rules.params.deal.items():
            if vdef.rules.params.stock_size(n) < 0:
                raise src.error(("params", "deal"), f"{n} hands of {size} need more tiles than the set has")
            if vdef.rules.params.stock_size(n) < vdef.rules.params.stock_reserve:
                raise src.error(("params", "stock_reserve"),
                                f"the stock for {n} players holds {vdef.rules.params.stock_size(n)} tiles, "
                                f"fewer than the reserve of {vdef.rules.params.stock_reserve}")
        self._variants[vid] = (digest, vdef)
        return vdef

    def glossary(self) -> list[dict]:
        """The glossary terms (``key``, ``ja``, ``en``, ``def``)."""
        src = load(self.dir / "glossary.yaml")
        errors = validate(src, GLOSSARY_SCHEMA)
        if errors:
            raise SourceErrors.of(errors)
        keys = [t["key"] for t in src.data["terms"]]
        for i, k in enumerate(keys):
            if k in keys[:i]:
                raise src.error(("terms", i, "key"), f"the glossary key {k!r} is used twice")
        return src.data["terms"]

    def position_files(self, vid: str | None = None) -> list[Path]:
        """Position files of one variant (or all), sorted by path."""
        ids = [vid] if vid else self.variant_ids()
        out: list[Path] = []
        for v in ids:
            out += sorted((self.dir / v / "positions").glob("*.yaml"))
        return out

    def position(self, path: str | Path, check: bool = True) -> CheckedPosition:
        """Load, parse, run and (with ``check``) compare one position file.

        Raises the first :class:`SourceError` (schema, notation, illegal move,
        unknown variant); stated values that differ are raised together as a
        :class:`CheckFailed`.
        """
        path = Path(path)
        with gc_paused():
            return self._position(path, check)

    def _position(self, path: Path, check: bool) -> CheckedPosition:
        hit = self._positions.get(path)
        digest = (_digest(path) if path.exists() else "") if hit else None
        if check and hit and hit[0] == digest:          # unchanged since it last passed: no need to read it
            vid = hit[2].position.variant_id
            try:
                self.variant(vid)
            except SourceError:
                pass
            else:
                if self._variants[vid][0] == hit[1]:
                    return hit[2]
        src = load(path)
        if not isinstance(src.data, dict) or "variant" not in src.data or not isinstance(src.data["variant"], str):
            errors = validate(src, {"type": "object", "required": ["variant"],
                                    "properties": {"variant": {"type": "string"}}})
            raise errors[0] if errors else src.error((), "a position names its `variant`")
        vid = src.data["variant"]
        folder = self._folder_of(path)
        if folder is not None and folder != vid and vid in self.variant_ids():
            raise src.error(("variant",), f"this file is among {folder}'s positions (rules/{folder}/positions/) "
                                          f"but names the variant {vid!r}; it would be shown on no page: move it "
                                          f"to rules/{vid}/positions/ or name {folder!r}", key=False)
        try:
            vdef = self.variant(vid)
        except SourceError as exc:
            if "unknown variant" in exc.message:
                raise src.error(("variant",), exc.message, key=False) from None
            raise
        vdigest = self._variants[vid][0]
        if hit and hit[0] == digest and hit[1] == vdigest:
            return hit[2]
        if digest is None:                  # first sight of this file: its digest from what was read
            digest = hashlib.sha256(src.text.encode("utf-8", "surrogateescape")).hexdigest()
        pos = parse_position(src, vdef.rules)
        outcome = evaluate(pos, vdef.rules)
        checked = CheckedPosition(pos, outcome)
        if not check:
            return checked
        problems = compare(outcome)
        if problems:
            raise CheckFailed(problems)
        self._positions[path] = (digest, vdigest, checked)
        return checked

    def _folder_of(self, path: Path) -> str | None:
        """The variant folder of a file at ``rules/<id>/positions/...``, else ``None``."""
        try:
            rel = path.resolve().relative_to(self._run_root or self.dir.resolve())
        except (ValueError, OSError):
            return None
        return rel.parts[0] if len(rel.parts) >= 3 and rel.parts[1] == "positions" else None

    def check_all(self, paths: list[Path] | None = None) -> tuple[list[CheckedPosition], list[SourceError]]:
        """Check every variant and position (or the given files/folders).

        Returns the positions that passed and every problem found.
        """
        errors: list[SourceError] = []
        files: list[Path] = []
        if not paths:
            paths = [self.dir]
        root = self.dir.resolve()
        for p in paths:
            p = Path(p)
            if p.is_dir():
                if p.resolve() == root:
                    errors += self.link_errors(folders_only=True)
                files += sorted(q for q in p.rglob("*.y*ml") if q.suffix in (".yaml", ".yml")
                                and (_inside(q.parent.resolve(), root) or not _inside(q.parent.absolute(), root)))
            else:
                files.append(p)
        unique_files: dict[str, Path] = {}    # a file named twice (itself and by its folder) is read once
        for f in files:
            unique_files.setdefault(os.path.abspath(f), f)
        files = list(unique_files.values())
        good: list[CheckedPosition] = []
        self._run_digests = {}              # within one run every variant.yaml is read once
        self._run_root = root
        # The cyclic collector rests while the run lasts: checking makes no lasting garbage cycles,
        # and each collection would walk everything alive again (the modules, the caller's data
        # and every result kept so far), which made it a fifth of a large check. Objects alive
        # before the run are also set aside for the one collection that follows it.
        freeze = gc.get_freeze_count() == 0
        if freeze:
            gc.freeze()
        try:
            with gc_paused():
                self._check_files(files, good, errors)
        finally:
            self._run_digests = self._run_root = None
            if freeze:
                gc.unfreeze()
        unique: dict[str, SourceError] = {}
        for e in errors:
            unique.setdefault(str(e), e)
        return good, list(unique.values())

    def _check_files(self, files: list[Path], good: list, errors: list) -> None:
        root = self.dir.resolve()
        for f in files:
            if f.is_symlink() and _inside(f.parent.resolve(), root) and not _inside(f.resolve(), root):
                errors.append(SourceError(str(f), 1, 1, "this is a link leading out of the rules folder; it is "
                                                        "not read (put the file or folder itself here)"))
                continue
            try:
                if f.name == "variant.yaml":
                    self.variant(f.parent.name)
                elif f.name == "glossary.yaml":
                    self.glossary()
                else:
                    good.append(self.position(f))
            except SourceErrors as exc:
                errors += exc.errors
            except SourceError as exc:
                errors.append(exc)


class CheckFailed(SourceErrors):
    """One or more stated values differ from the engine (``errors``)."""
