"""The rules tree: variant definitions, their positions and the glossary.

``rules/<id>/variant.yaml`` holds a variant's names, parameters and rule text;
``rules/<id>/positions/*.yaml`` its worked positions; ``rules/glossary.yaml`` the
shared bilingual glossary. :class:`Catalog` loads them once and caches by file
content, so MkDocs' per-language hooks do not repeat work.
"""

from __future__ import annotations

import contextlib
import difflib
import gc
import hashlib
import os
import re
import stat
from html.parser import HTMLParser
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..safety import hooks
from ..engine.choices import Choices, combination_problems
from ..engine.family import family_of
from ..engine.rulebase import Params, Rules
from ..engine.rules import make_variant
from .kinds import PositionBase, compare, evaluate, parse_position
from .schema import GLOSSARY_SCHEMA, PARAMS_SCHEMA, VARIANT_SCHEMA, validate
from .yamlsrc import MAX_BYTES, Source, SourceError, SourceErrors, gc_paused, load

__all__ = ["VariantDef", "Catalog", "find_rules_dir", "site_rules_dir", "shipped_rules_dir", "CheckedPosition"]


@dataclass
class VariantDef:
    """A variant as its YAML defines it, with its engine rules attached.

    ``name``/``summary``/``sources`` are {ja, en}; ``sections`` a list of
    ``{id, title: {ja, en}, body: {ja, en}}`` (a house rule's: its parent's,
    with its own replacing those of the same id and new ones added);
    ``params`` the params mapping with every default filled in; ``choices``
    every rule choice (:class:`Choices`); ``rules`` the :class:`Rules`.
    A house rule (``extends:``) has its ``parent``'s definition and
    ``own_sections``: ``(index in its own file, section)`` for the sections
    it wrote itself. ``draft`` games are left out of the navigation, the
    comparison tables and the search. ``aka`` gives, by language, the other
    names players use for the game (a house rule's own, never its parent's).
    ``played_in`` names where people play it (ids of
    :data:`~generator.model.schema.REGIONS`; a house rule without its own
    keeps its parent's; empty when the file does not say).
    ``shipped`` tells a standard game that came with the package (not from
    the site's own rules folder).
    """

    id: str
    name: dict
    summary: dict
    params: dict
    sections: list
    sources: dict
    rules: Rules
    dir: Path
    src: Source = field(repr=False)
    choices: Choices = field(default_factory=Choices)
    parent: "VariantDef | None" = field(default=None, repr=False)
    own_sections: list = field(default_factory=list, repr=False)
    draft: bool = False
    aka: dict = field(default_factory=dict)
    shipped: bool = False
    played_in: tuple = ()

    @property
    def extends(self) -> str | None:
        """The id of the game this one changes, or ``None``."""
        return self.parent.id if self.parent is not None else None

    def ancestors(self) -> list["VariantDef"]:
        """The parent, its parent..., nearest first."""
        out, v = [], self.parent
        while v is not None:
            out.append(v)
            v = v.parent
        return out


#: Params every game has, with the value it takes when its file leaves it out (a family adds its
#: own: :meth:`generator.engine.family.Family.param_defaults`).
PARAM_DEFAULTS = {"partnerships": [], "stock_reserve": 0, "point_unit": 1}


def full_params(params: dict, layout: str) -> dict:
    """``params`` with every default filled in (those of every game and
    those of the family ``layout``), keys in the schema's order (the
    params every game takes, then each family's own:
    :data:`~generator.model.schema.PARAMS_SCHEMA`)."""
    order = PARAMS_SCHEMA["properties"]
    out = dict(PARAM_DEFAULTS)
    out.update(family_of(layout).param_defaults(params))
    out.update(params)
    return {k: out[k] for k in order if k in out}


#: The marks ``rulebook new`` leaves in every text still to write, by language.
PLACEHOLDERS = {"ja": "【要記入】", "en": "TODO:"}


def placeholder_problems(src: Source, texts) -> list[SourceError]:
    """A located error for each text at ``(path, text)`` in ``texts`` that
    still holds a placeholder mark (:data:`PLACEHOLDERS`)."""
    out = []
    for path, text in texts:
        if not isinstance(text, str):
            continue
        for mark in PLACEHOLDERS.values():
            i = text.find(mark)
            if i >= 0:
                n = text.count("\n", 0, i) + 1
                out.append(SourceError(src.file, *src.text_mark(path, n, mark),
                                       f"placeholder text {mark!r} is still here: write the text, or mark the game "
                                       f"`draft: true` in its variant.yaml to keep it off the site's menus, "
                                       f"tables and search while you write"))
                break
    return out


def variant_texts(d: dict) -> list[tuple[tuple, str]]:
    """``(path, text)`` of every text a ``variant.yaml`` mapping gives (a
    field of the wrong shape gives none: the schema's check names it)."""
    out = []
    for key in ("name", "summary", "sources"):
        for lang in ("ja", "en"):
            if isinstance(d.get(key), dict):
                out.append(((key, lang), d[key].get(lang)))
    sections = d.get("sections")
    for i, sec in enumerate(sections if isinstance(sections, list) else ()):
        for part in ("title", "body"):
            texts = sec.get(part) if isinstance(sec, dict) else None
            for lang in ("ja", "en"):
                out.append((("sections", i, part, lang), texts.get(lang) if isinstance(texts, dict) else None))
    return out


def position_texts(data) -> list[tuple[tuple, str]]:
    """``(path, text)`` of every {ja, en} text in a position file."""
    out = []

    def walk(value, path):
        if isinstance(value, dict):
            for k, v in value.items():
                if k in ("ja", "en") and isinstance(v, str):
                    out.append((path + (k,), v))
                else:
                    walk(v, path + (k,))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, path + (i,))

    walk(data, ())
    return out


@dataclass
class CheckedPosition:
    """A position that passed every check (a :class:`~generator.model.kinds.PositionBase` of its
    family's kinds), with its engine outcome (the family's: its ``position`` is this one)."""

    position: PositionBase
    outcome: Any


def shipped_rules_dir() -> Path | None:
    """The folder of the standard games shipped with the package (the
    repository's ``rules/``, installed as ``generator/standard/``; in a source
    checkout the ``rules/`` folder beside the package), or ``None``."""
    package = Path(__file__).resolve().parents[1]
    for folder in (package / "standard", package.parent / "rules"):
        if (folder / "glossary.yaml").is_file():
            return folder
    return None


def site_rules_dir(start: str | Path | None = None) -> Path | None:
    """The site's ``rules/`` folder: ``$RULEBOOK_RULES``, else the nearest
    rules folder (one holding ``glossary.yaml`` and game folders, or a
    ``rules`` folder) at or above ``start`` (or the current directory);
    ``None`` outside any site (a command that writes refuses then)."""
    env = os.environ.get("RULEBOOK_RULES")
    if env:
        return Path(env)
    here = Path(start or Path.cwd()).resolve()
    for d in [here, *here.parents]:
        if (d / "glossary.yaml").is_file() and (d.name == "rules" or any(d.glob("*/variant.yaml"))):
            return d                        # a rules folder, whatever its name
        if (d / "rules" / "glossary.yaml").exists():
            return d / "rules"
    return None


def find_rules_dir(start: str | Path | None = None) -> Path:
    """The ``rules/`` folder to read: the site's (:func:`site_rules_dir`),
    else the standard games shipped with the package."""
    found = site_rules_dir(start)
    if found is not None:
        return found
    return shipped_rules_dir() or Path(start or Path.cwd()).resolve() / "rules"


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


#: The texts a page shows as they are written, never as Markdown or HTML (a game's ``name`` and
#: ``summary``, a section's ``title``; a position's ``title``, ``note`` and ``caption``): the
#: last key but one of their path in the file.
PLAIN_FIELDS = ("name", "summary", "title", "note", "caption")


class _TagScan(HTMLParser):
    """Collects ``(line, offset, problem)`` for HTML rule text may not use;
    with ``plain`` (the name of a text shown as written, :data:`PLAIN_FIELDS`)
    every tag, since none would become markup there."""

    def __init__(self, plain: str | None = None):
        super().__init__(convert_charrefs=True)
        self.found: list[tuple[int, int, str]] = []
        self.plain = plain

    def handle_starttag(self, tag, attrs):
        if ":" in tag or "." in tag:            # a Markdown autolink such as <https://...>
            return
        line, off = self.getpos()
        if self.plain is not None:
            self.found.append((line, off, f"the HTML tag <{tag}> in a {self.plain} is shown as written, never as "
                                          f"markup; write plain text"))
            return
        if tag not in HTML_TAGS:
            self.found.append((line, off, f"the HTML tag <{tag}> is not allowed in rule text "
                                          f"(allowed: {', '.join(sorted(HTML_TAGS))}); write Markdown"))
            return
        for name, _ in attrs:
            if name not in HTML_ATTRS:
                self.found.append((line, off, f"the attribute {name!r} of <{tag}> is not allowed in rule "
                                              f"text (allowed: {', '.join(sorted(HTML_ATTRS))})"))
        reserved = hooks.reserved_in(self.get_starttag_text() or "")
        if reserved:                        # a class or an id the page's scripts act on
            self.found.append((line, off, hooks.refusal(reserved)))

    handle_startendtag = handle_starttag


def html_problems(src: Source, path: tuple, text: str, plain: str | None = None) -> list[SourceError]:
    """Every piece of HTML in the rule text at ``path`` that pages must not
    carry (tags and attributes outside :data:`HTML_TAGS`/:data:`HTML_ATTRS`,
    script URLs), located at its line and column in the file. With ``plain``
    (the field's name, e.g. ``"title"``: a text the page shows as written,
    :func:`plain_text_problems`) every tag is named, as it prints as
    literal text there. A ``<`` that begins no tag (``5 < 6``, ``5<6``, ``<=``)
    is text, in either."""
    from ..safety.sanitize import without_code

    bare = text if plain else without_code(text)     # HTML written in code is shown as text: not refused
    scan = _TagScan(plain)
    scan.feed(bare)
    scan.close()
    found = list(scan.found)
    url = (f"a script URL in a {plain} is shown as written, never as a link; write plain text" if plain
           else "a script URL is not allowed in rule text")
    for i, line in enumerate(bare.split("\n"), 1):
        for m in _SCRIPT_URL.finditer(line):
            found.append((i, m.start(), url))
    if not found:
        return []
    out = []
    for n, off, message in found:
        snippet = text.split("\n")[n - 1][off:off + 20]
        out.append(SourceError(src.file, *src.text_mark(path, n, snippet), message))
    return out


def plain_text_problems(src: Source, texts) -> list[SourceError]:
    """The HTML tags and script URLs in the texts at ``(path, text)`` of
    ``texts`` that a page shows as written (:data:`PLAIN_FIELDS`: the last
    key but one of the path), each located as in rule text
    (:func:`html_problems`): the page prints them as literal text,
    ``<img src=x>`` and all, where an author may expect markup.
    ``rulebook check`` gives them as warnings, not errors: the page is safe
    (every such text is escaped), and angle brackets may be meant as text
    (``<Mexican Train>`` as a quotation, ``a<b>c``), which a scan for tags
    cannot tell from HTML."""
    return [e for path, text in texts if len(path) >= 2 and path[-2] in PLAIN_FIELDS and isinstance(text, str)
            for e in html_problems(src, path, text, plain=str(path[-2]))]


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


#: The most ``extends`` steps from a house rule to a game with rules of its own.
MAX_EXTENDS = 16

#: Why a link of the rules folder that leads to nothing is skipped (``rulebook check`` warns:
#: :meth:`Catalog.dangling_links`).
DANGLING_LINK = "this link leads to nothing ({target}); it is skipped (remove it, or make what it names)"
#: Why a link leading out of the rules folder is refused (before anything of what it leads to is read).
OUTSIDE_LINK = "this is a link leading out of the rules folder; it is not read (put the file or folder itself here)"


def _read_extends(path: Path) -> str | None:
    """The game a ``variant.yaml`` names in ``extends``, or ``None`` (none, not
    a name, or a file that does not load: resolving the game reports it)."""
    try:
        data = load(path).data
    except SourceError:
        return None
    pid = data.get("extends") if isinstance(data, dict) else None
    return pid if isinstance(pid, str) and SAFE_NAME.match(pid) else None


def _inside(path: Path, root: Path) -> bool:
    return path == root or root in path.parents


def _real(path: Path) -> Path:
    """``path`` with every link followed, as far as they lead: a link that
    leads round in a loop stays as it is (``Path.resolve`` raises
    ``RuntimeError`` there), so that it is reported like a dangling link."""
    return Path(os.path.realpath(path))


#: Names the generated part of the site uses itself (``gen/glossary.md``, ``gen/family.md``,
#: ``gen/legend/``, ``gen/diagrams/``; ``gen/index.md`` would be the folder's own page): no
#: variant may take them.
#: Anchors of the parts a game's page makes itself: no section may take them.
#: (``play-a-hand`` is the heading the page's script gives the "Play a hand" region: :mod:`generator.safety.hooks`.)
RESERVED_SECTIONS = frozenset({"differences", "as-parent", "parent-examples", "beside-parent", "more-examples",
                               "by-the-numbers", "sources", "sources-own", "practice-positions", "play-a-hand"})
#: The theme's own ids begin so (Material's parts, ``md-header``, ``md-content``...): no section id or glossary
#: key, which become ids of headings, may.
THEME_ID_PREFIX = "md-"
RESERVED_IDS = frozenset({"glossary", "family", "options", "legend", "diagrams", "index"})


def _id_problem(ids: list[str], i: int, what: str) -> tuple[str, bool] | None:
    """Why ``ids[i]`` (``what``: "the section id", "the glossary key") cannot be
    an id on a page: it is used before, or it begins as the theme's own ids do.
    ``(message, whether to point at the key rather than the value)``, or ``None``.

    >>> _id_problem(["rules", "rules"], 1, "the section id")
    ("the section id 'rules' is used twice", True)
    """
    value = ids[i]
    if value in ids[:i]:
        return f"{what} {value!r} is used twice", True
    if value.startswith(THEME_ID_PREFIX):
        return f"{what} {value!r} begins with {THEME_ID_PREFIX!r}, as the ids of the site's theme do; choose another", \
            False
    return None


class Catalog:
    """Loads and checks everything under one ``rules/`` folder, with the
    standard games shipped with the package behind it: a game of the folder
    wins over a shipped game of the same id, and the glossary's terms over
    shipped terms of the same key.

    ``standard_pages`` says whether the shipped games (those the folder does
    not replace) are on the site with the folder's own (:meth:`listed_ids`),
    or only there to be extended: then only the ones a game of the folder
    extends get a page, which that game's page links to (:meth:`page_ids`).
    Errors are collected as :class:`SourceError`
    by :meth:`check_all`; single look-ups raise them.
    """

    def __init__(self, rules_dir: str | Path, standard_pages: bool = False):
        self.dir = Path(rules_dir)
        shipped = shipped_rules_dir()
        #: The shipped games' folder, ``None`` when it is this very folder (the repository's own site).
        self.shipped = shipped if shipped is not None and (
            not self.dir.exists() or shipped.resolve() != self.dir.resolve()) else None
        self.standard_pages = standard_pages
        self._variants: dict[str, tuple[str, VariantDef]] = {}
        self._positions: dict[Path, tuple[str, str, CheckedPosition]] = {}
        self._run_digests: dict[Path, str] | None = None
        self._parents: dict[Path, tuple[str, str | None]] = {}     # variant.yaml -> (digest, its extends)
        self._run_root: Path | None = None      # the rules folder, resolved, while check_all runs
        self._run_failed: dict[str, SourceError] | None = None     # games found wrong in this run
        self._runs = 0
        self._run_cache: dict | None = None      # answers that hold while a run lasts
        self._roots: list[Path] | None = None

    @contextlib.contextmanager
    def run(self):
        """A stretch of work during which the rules files do not change (a
        check, a build): each ``variant.yaml`` is hashed once and a game found
        wrong is not resolved again. Runs nest (the outermost one counts)."""
        if self._runs == 0:
            self._run_digests, self._run_failed, self._run_cache = {}, {}, {}
        self._runs += 1
        try:
            yield self
        finally:
            self._runs -= 1
            if self._runs == 0:
                self._run_digests = self._run_failed = self._run_cache = None

    def variant_ids(self) -> list[str]:
        """Ids of every folder holding a ``variant.yaml``, sorted."""
        cache = self._run_cache
        if cache is not None and "ids" in cache:
            return list(cache["ids"])
        if not self.dir.is_dir():
            return []
        root = self.dir.resolve()
        ids = sorted(p.parent.name for p in self.dir.glob("*/variant.yaml") if _inside(_real(p), root))
        if cache is not None:
            cache["ids"] = ids
        return list(ids)

    def shipped_ids(self) -> list[str]:
        """Ids of the shipped standard games this folder does not replace, sorted."""
        if self.shipped is None:
            return []
        local = set(self.variant_ids())
        dropped = self.dropped_shipped()
        return sorted(p.parent.name for p in self.shipped.glob("*/variant.yaml")
                      if p.parent.name not in local and p.parent.name not in dropped)

    def dropped_shipped(self) -> dict[str, str]:
        """Shipped house rules left out because this folder replaces a game
        they extend (at any depth): ``{house rule id: the replaced game's id}``.
        Their positions and pages were written for the standard game; a
        club's own game of the same id plays by other rules."""
        if self.shipped is None:
            return {}
        local = set(self.variant_ids())
        out = {}
        for p in sorted(self.shipped.glob("*/variant.yaml")):
            vid, seen = p.parent.name, set()
            pid = self._shipped_extends(vid)
            while pid is not None and pid not in seen and vid not in local:
                if pid in local:
                    out[vid] = pid
                    break
                seen.add(pid)
                pid = self._shipped_extends(pid)
        return out

    def _shipped_extends(self, vid: str) -> str | None:
        """The ``extends`` of the shipped game ``vid`` (read once), or ``None``."""
        path = self.shipped / vid / "variant.yaml"
        hit = self._parents.get(path)
        if hit is not None:
            return hit[1]
        pid = _read_extends(path) if path.is_file() else None
        self._parents[path] = ("shipped", pid)
        return pid

    def listed_ids(self) -> list[str]:
        """Ids of the games in the site's menu and tables: this folder's, and
        the shipped ones with ``standard_pages``, sorted."""
        return sorted(self.variant_ids() + (self.shipped_ids() if self.standard_pages else []))

    def page_ids(self) -> list[str]:
        """Ids of every game that gets a page: the :meth:`listed_ids`, and the
        shipped games they extend (a house rule's page links to its parent's
        sections), sorted."""
        ids = set(self.listed_ids())
        shipped = set(self.shipped_ids())
        for vid in sorted(ids):
            try:
                ids.update(a.id for a in self.variant(vid).ancestors() if a.id in shipped)
            except SourceError:             # reported where the game is checked
                continue
        return sorted(ids)

    def glossary_files(self) -> list[Path]:
        """The glossary files read, the shipped one first (when there is one)."""
        return ([self.shipped / "glossary.yaml"] if self.shipped is not None else []) + [self.dir / "glossary.yaml"]

    def link_errors(self, folders_only: bool = False) -> list[SourceError]:
        """One located error for every link leading out of the rules folder
        (only links to folders with ``folders_only``: a link to a file is
        reported where the file is checked)."""
        return [SourceError(str(q), 1, 1, OUTSIDE_LINK)
                for q in self.outside_links() if q.is_dir() or not folders_only]

    def outside_links(self) -> list[Path]:
        """Entries of the rules folder (at any depth) that are links leading
        out of it: they are never read."""
        root = self.dir.resolve()
        out = []
        for dirpath, dirnames, filenames in os.walk(self.dir):
            for name in sorted(dirnames + filenames):
                p = Path(dirpath) / name
                if p.is_symlink() and not _inside(_real(p), root):
                    out.append(p)
        return sorted(out)

    def dangling_links(self, under: Path | None = None) -> list[Path]:
        """Entries of the rules folder (at any depth; only those under the
        folder ``under`` when given) that are links leading to nothing: their
        target does not exist, or they lead round in a loop. They are never
        read; ``rulebook check`` names each in a warning, but a link named like
        a rules file (``.yaml``, ``.yml``), which is checked as a file and
        refused there with a located error, is not listed."""
        top = Path(under) if under is not None else self.dir
        out = []
        for dirpath, dirnames, filenames in os.walk(top):       # (links to folders are never entered)
            for name in dirnames + filenames:
                p = Path(dirpath) / name
                if p.is_symlink() and p.suffix.lower() not in YAML_SUFFIXES and not os.path.exists(p):
                    out.append(p)
        return sorted(out)

    def roots(self) -> list[Path]:
        """The folders the catalog reads from, resolved: this rules folder and
        the shipped games' (when it is another)."""
        if self._roots is None:
            self._roots = [self.dir.resolve()] + ([self.shipped.resolve()] if self.shipped is not None else [])
        return self._roots

    def may_read(self, path: str | Path) -> bool:
        """Whether ``path`` may be opened: ``False`` for a path written inside
        the rules folder (or the shipped games') that is, or lies under, a link
        leading out of both; ``True`` for anything else (a file named on the
        command line outside the rules folder is the caller's own)."""
        cache = self._run_cache
        if cache is not None and ("may", str(path)) in cache:
            return cache[("may", str(path))]
        answer = self._may_read(Path(path))
        if cache is not None:
            cache[("may", str(path))] = answer
        return answer

    def _may_read(self, path: Path) -> bool:
        try:
            real = _real(path)
        except (OSError, RuntimeError):     # a loop of links
            return False
        roots = self.roots()
        if any(_inside(real, r) for r in roots):
            return True
        lexical = Path(os.path.abspath(path))
        written = [Path(os.path.abspath(self.dir))] + ([Path(os.path.abspath(self.shipped))] if self.shipped else [])
        return not any(_inside(lexical, r) for r in written + roots)

    def guard(self, path: str | Path) -> None:
        """Raise :class:`SourceError` at ``path:1:1`` when :meth:`may_read`
        refuses it, before anything of it is read."""
        if not self.may_read(path):
            raise SourceError(str(path), 1, 1, OUTSIDE_LINK)

    def variant_path(self, vid: str) -> Path | None:
        """The ``variant.yaml`` of ``vid``: in this rules folder, else among the
        games shipped with the package (``None`` when neither has it, or when
        ``vid`` is not a name, :data:`SAFE_NAME`: no path is made of it)."""
        if not isinstance(vid, str) or not SAFE_NAME.match(vid):
            return None
        path = self.dir / vid / "variant.yaml"
        if path.exists() or path.is_symlink():
            return path
        if self.shipped is not None:
            shipped = self.shipped / vid / "variant.yaml"
            if shipped.is_file():
                return shipped
        return None

    def _unknown(self, vid: str) -> str:
        ids = sorted(self.variant_ids() + self.shipped_ids())
        near = difflib.get_close_matches(str(vid), ids, n=1)
        hint = f"did you mean {near[0]!r}? " if near else ""
        return f"unknown variant {vid!r} ({hint}known: {', '.join(ids) or 'none'})"

    def variant(self, vid: str, _chain: tuple = ()) -> VariantDef:
        """The definition of ``vid``, a house rule's merged over its parent's.
        Raises :class:`SourceError` for a missing or invalid ``variant.yaml``,
        an unknown or circular parent, a chain of ``extends`` longer than
        :data:`MAX_EXTENDS`, or choices the engine cannot play."""
        failed = self._run_failed
        if failed is not None and vid in failed:
            raise failed[vid]
        try:
            return self._variant(vid, _chain)
        except SourceError as exc:
            if failed is not None and self._run_failed is failed:
                failed[vid] = exc
            raise

    def _variant(self, vid: str, _chain: tuple) -> VariantDef:
        path = self.variant_path(vid)
        if path is None:
            where = self.dir / vid / "variant.yaml" if SAFE_NAME.match(str(vid)) else self.dir
            raise SourceError(str(where), 0, 0, self._unknown(vid))
        self.guard(path)
        digest = self._run_digests.get(path) if self._run_digests is not None else None
        if digest is None:
            digest = _digest(path)
            if self._run_digests is not None:
                self._run_digests[path] = digest
        hit = self._variants.get(vid)
        if hit and hit[0].split("|")[0] == digest:
            parent = hit[1].parent
            if parent is None:
                return hit[1]
            try:
                again = self.variant(parent.id, _chain + (vid,))
            except SourceError:
                again = None
            if again is parent:
                return hit[1]
        if not _chain:
            self._resolve_ancestors(vid)
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
        if vid.endswith("-card"):
            raise src.error(("id",), f"a game id may not end in '-card': {vid[:-5]!r}'s quick-reference card is "
                                     f"the page {vid!r}; rename the folder and the id", key=False)
        parent = None
        key = digest
        if "extends" in d:
            if "rules" in d:
                raise src.error(("rules",), "a house rule takes its rules from the game it extends: leave out `rules`")
            pid = d["extends"]
            if pid == vid or pid in _chain:
                cycle = " -> ".join((*_chain, vid, pid)[(_chain + (vid,)).index(pid):]) if pid in _chain + (vid,) \
                    else f"{vid} -> {pid}"
                raise src.error(("extends",), f"`extends` goes round in a circle ({cycle}); a game cannot be its own "
                                              f"ancestor", key=False)
            if self.variant_path(pid) is None:
                raise src.error(("extends",), self._unknown(pid), key=False)
            try:
                parent = self.variant(pid, _chain + (vid,))
            except SourceError as exc:
                if "in a circle" in exc.message:
                    raise src.error(("extends",), exc.message, key=False) from None
                raise
            key = f"{digest}|{self._variants[pid][0]}"
        base = parent
        if "rules" in d:                    # the older form: play by another game's rule choices
            if self.variant_path(d["rules"]) is None or d["rules"] == vid:
                ids = [i for i in self.variant_ids() if i != vid]
                near = difflib.get_close_matches(str(d["rules"]), ids, n=1)
                hint = f"did you mean {near[0]!r}? " if near else ""
                raise src.error(("rules",), f"no game {d['rules']!r} to take rule choices from ({hint}known: "
                                            f"{', '.join(ids)})", key=False)
            base = self.variant(d["rules"], _chain + (vid,))
        given_params = dict(d.get("params") or {})
        if parent is not None:
            layout = (d.get("choices") or {}).get("layout", parent.choices.layout)
            for k in given_params:
                if k not in parent.params and k not in family_of(layout).house_params:
                    raise src.error(("params", k), f"{parent.id} has no param {k!r} for a house rule to change "
                                                   f"(its params: {', '.join(parent.params)})")
            merged = dict(parent.params)
            merged.update(given_params)
            params_in = merged
        else:
            params_in = given_params
        choices_in = dict(base.choices.as_dict()) if base is not None else {}
        choices_in.update(d.get("choices") or {})
        choices = Choices.from_mapping(choices_in)
        problems = combination_problems(choices, full_params(params_in, choices.layout))
        if problems:
            errs = []
            mine = d.get("choices") or {}
            for ck, message in problems:
                where = ("choices", ck) if ck in mine else ("choices", "layout") if "layout" in mine else (
                    ("extends",) if "extends" in d else ("choices",) if "choices" in d else ("id",))
                if "changes nothing" in message or "never ends" in message:
                    text = f"this rule would do nothing: {message}"
                else:
                    text = f"the engine cannot play this combination: {message}"
                if ck not in mine and base is not None and getattr(base.choices, ck) == getattr(choices, ck):
                    text += f" (`{ck}: {getattr(choices, ck)}` comes from {base.id}: write another `{ck}` here)"
                errs.append(src.error(where, text))
            raise SourceErrors.of(errs)
        params = full_params(params_in, choices.layout)
        where_params = ("params",) if "params" in d else ("extends",)

        def at(k):
            return ("params", k) if k in given_params else where_params

        for k in params["deal"]:
            if not isinstance(k, int) or isinstance(k, bool):
                raise src.error(("params", "deal", k), f"a deal size is keyed by a number of players, not {k!r}")
        counts = list(dict.fromkeys(list(params["players"]) + list(params["partnerships"])))
        if not counts:
            raise src.error(at("players"), "nobody can play: give the numbers of players in `players` (each for "
                                           "themselves) or `partnerships`")
        missing = [n for n in counts if n not in params["deal"]]
        if missing:
            raise src.error(at("deal") if "deal" in given_params else at("players"),
                            f"no deal size for {', '.join(map(str, missing))} players", key="deal" not in given_params)
        extra = [n for n in params["deal"] if n not in counts]
        if extra:
            raise src.error(at("deal"), f"a deal size for {', '.join(map(str, extra))} players, a number that is "
                                        f"not among `players` or `partnerships`", key=False)
        family = family_of(choices.layout)
        kind = params["set"] if isinstance(params["set"], str) else "double"
        if kind not in family.tilesets:
            wanted = " or ".join("a double-n set (a number)" if k == "double" else f"`set: {k}`"
                                 for k in sorted(family.tilesets))
            raise src.error(at("set"), f"{family.noun} is played with {wanted}, not `set: {params['set']}`")
        for key, otherwise, problem in family.param_problems(params):
            raise src.error(at(key) if key in given_params else at(otherwise), problem)
        unit = params.get("point_unit", 1)
        problem = family.point_unit_problem(unit, choices) if unit != 1 else None
        if problem:
            raise src.error(at("point_unit"), problem)
        own_texts = variant_texts(d)
        unsafe = [e for where, text in own_texts if where[0] in ("sections", "sources") and where[-2] != "title"
                  and isinstance(text, str) for e in html_problems(src, where, text)]
        docs = self.dir.parent / "docs"
        if docs.is_dir():                   # links to pages that do not exist (the site's docs/ beside rules/)
            games = self.variant_ids() + self.shipped_ids()     # the pages a build can make
            pages = {f"gen/{v}{card}.md" for v in games for card in ("", "-card")} | {
                "gen/glossary.md", "gen/family.md", "gen/options.md"}
            unsafe += [e for where, text in own_texts if where[0] in ("sections", "sources")
                       and where[-2] != "title" and isinstance(text, str)
                       for e in link_problems(src, where, text, where[-1], docs, pages)]
        draft = bool(d.get("draft", False))
        if parent is not None and parent.draft and not draft:
            raise src.error(("extends",), f"{parent.id} is still a draft (`draft: true`): finish it first, or mark "
                                          f"this game `draft: true` too", key=False)
        if not draft:
            unsafe += placeholder_problems(src, own_texts)
        if unsafe:
            raise SourceErrors.of(sorted(unsafe, key=lambda e: (e.line, e.col)))
        own = list(enumerate(d.get("sections") or ()))
        ids = [sec["id"] for _, sec in own]
        for i, sid in enumerate(ids):
            problem = _id_problem(ids, i, "the section id")
            if problem:
                raise src.error(("sections", i, "id"), *problem)
            if sid in RESERVED_SECTIONS:
                raise src.error(("sections", i, "id"), f"the section id {sid!r} is the name of a part the page "
                                                       f"makes itself ({', '.join(sorted(RESERVED_SECTIONS))}); "
                                                       f"choose another", key=False)
        if parent is not None:
            mine = {sec["id"]: sec for _, sec in own}
            sections = [mine.pop(sec["id"], sec) for sec in parent.sections] + list(mine.values())
        else:
            sections = [sec for _, sec in own]
        pick = (lambda k: d.get(k) if d.get(k) is not None else getattr(parent, k)) if parent is not None \
            else (lambda k: d[k])
        try:
            rules = make_variant(Params.from_mapping(params, family_of(choices.layout).own_params), choices, vid)
        except (ValueError, KeyError, TypeError) as exc:
            raise src.error(where_params, f"these params cannot be played: {exc}") from None
        shipped = self.shipped is not None and path.parent.parent == self.shipped
        vdef = VariantDef(vid, d["name"], pick("summary"), params, sections, pick("sources"), rules, path.parent,
                          src, choices, parent, own, draft, d.get("aka") or {}, shipped,
                          tuple(d["played_in"]) if d.get("played_in") else
                          (parent.played_in if parent is not None else ()))
        for n, size in vdef.rules.params.deal.items():
            # the game's own count: a tile set out before the deal (a trains game's engine) is not dealt
            left, whole = vdef.rules.stock_size(n), len(vdef.rules.params.tiles)
            if left < 0:
                out = whole - n * size - left     # tiles on the table before the deal
                before = (f", and {out} more {'is' if out == 1 else 'are'} set out before the deal "
                          f"({n * size + out} in all)") if out else ""
                raise src.error(at("deal"), f"the deal needs more tiles than the set has: {n} hands of {size} "
                                            f"take {n * size} tiles{before}, but the set has {whole}")
            if left < vdef.rules.params.stock_reserve:
                raise src.error(at("stock_reserve"),
                                f"the stock for {n} players holds {left} tile{'' if left == 1 else 's'}, "
                                f"fewer than the reserve of {vdef.rules.params.stock_reserve}")
        self._variants[vid] = (key, vdef)
        return vdef

    def _extends_of(self, vid: str) -> str | None:
        """The game ``vid``'s ``variant.yaml`` names in ``extends`` (read once
        per version of the file), or ``None``: none, or a file that is missing,
        refused or invalid (resolving ``vid`` itself reports it)."""
        path = self.variant_path(vid)
        if path is None or not self.may_read(path):
            return None
        digest = (self._run_digests or {}).get(path) or _digest(path)
        hit = self._parents.get(path)
        if hit is not None and hit[0] == digest:
            return hit[1]
        pid = _read_extends(path)
        self._parents[path] = (digest, pid)
        return pid

    def _resolve_ancestors(self, vid: str) -> None:
        """Resolve ``vid``'s ancestors from the oldest down, in a loop, so that
        resolving ``vid`` itself goes one level up (however long the chain of
        ``extends``, no call goes deeper than that). Raises
        :class:`SourceError` at ``vid``'s ``extends`` when the chain is longer
        than :data:`MAX_EXTENDS`; a problem of an ancestor is left to the
        resolution of ``vid``, which reports it where it is."""
        chain = [vid]
        while len(chain) <= MAX_EXTENDS + 1:
            pid = self._extends_of(chain[-1])
            if pid is None or pid in chain:     # a game of its own, a problem, or a circle (reported later)
                break
            chain.append(pid)
        if len(chain) > MAX_EXTENDS + 1:
            src = load(self.variant_path(vid))
            raise src.error(("extends",), f"`extends` leads through more than {MAX_EXTENDS} games ("
                                          f"{' -> '.join(chain[:4])} -> ...); a house rule may stand at most "
                                          f"{MAX_EXTENDS} steps from a game with rules of its own", key=False)
        for i in range(len(chain) - 1, 0, -1):
            try:
                self.variant(chain[i], tuple(chain[:i]))
            except SourceError:
                return

    def glossary(self) -> list[dict]:
        """The glossary terms (``key``, ``ja``, ``en``, ``def``): the shipped
        glossary's, with this folder's ``glossary.yaml`` replacing terms of the
        same key and adding its own. Raises :class:`SourceError` for an invalid
        file or a key used twice in one file."""
        terms: dict[str, dict] = {}
        for path in self.glossary_files():
            self.guard(path)
            src = load(path)
            errors = validate(src, GLOSSARY_SCHEMA)
            if errors:
                raise SourceErrors.of(errors)
            keys = [t["key"] for t in src.data["terms"]]
            for i in range(len(keys)):
                problem = _id_problem(keys, i, "the glossary key")
                if problem:
                    raise src.error(("terms", i, "key"), *problem)
            terms.update((t["key"], t) for t in src.data["terms"])
        return list(terms.values())

    def position_files(self, vid: str | None = None) -> list[Path]:
        """Position files of one variant (or all): every ``.yaml`` or ``.yml``
        file under ``<id>/positions/`` (subfolders too), sorted by path."""
        ids = [vid] if vid else self.variant_ids()
        out: list[Path] = []
        for v in ids:
            where = self.variant_path(v)
            folder = where.parent if where is not None else self.dir / v
            out += sorted(q for q in (folder / "positions").rglob("*") if q.suffix in YAML_SUFFIXES
                          and q.is_file())
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
        self.guard(path)
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
        if not SAFE_NAME.match(vid):
            raise src.error(("variant",), f"variant: {vid!r} is not a game id: name a game by its folder's name "
                                          f"(lower-case letters, digits and single hyphens, like 'draw')", key=False)
        folder = self._folder_of(path)
        if folder is not None and folder != vid and vid in self.variant_ids():
            raise src.error(("variant",), f"this file is among {folder}'s positions (rules/{folder}/positions/) "
                                          f"but names the variant {vid!r}; it would be shown on no page: move it "
                                          f"to rules/{vid}/positions/{self._or_name(folder, vid)}", key=False)
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
        if not vdef.draft:
            marks = placeholder_problems(src, position_texts(src.data))
            if marks:
                raise SourceErrors.of(marks)
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

    def _or_name(self, folder: str, vid: str) -> str:
        """`` or name 'FOLDER'`` when the games ``folder`` and ``vid`` are of
        one family (a position of one may be named to the other); nothing
        when they are not, or when either game cannot be read."""
        try:
            same = self.variant(folder).rules.family == self.variant(vid).rules.family
        except SourceError:
            same = False
        return f" or name {folder!r}" if same else ""

    def _folder_of(self, path: Path) -> str | None:
        """The variant folder of a file at ``rules/<id>/positions/...``, else ``None``."""
        try:
            rel = _real(path).relative_to(self._run_root or self.dir.resolve())
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
                if _real(p) == root:
                    errors += self.link_errors(folders_only=True)
                elif _inside(_real(p), root):       # a folder of the rules folder: the links leading out under it
                    under = os.path.abspath(p) + os.sep
                    errors += [e for e in self.link_errors(folders_only=True)
                               if os.path.abspath(e.file).startswith(under)]
                files += sorted(q for q in p.rglob("*") if q.suffix.lower() in YAML_SUFFIXES
                                and (_inside(_real(q.parent), root) or not _inside(q.parent.absolute(), root)))
            else:
                files.append(p)
        unique_files: dict[str, Path] = {}    # a file named twice (itself and by its folder) is read once
        for f in files:
            unique_files.setdefault(os.path.abspath(f), f)
        files = list(unique_files.values())
        good: list[CheckedPosition] = []
        self._run_root = root
        # The cyclic collector rests while the run lasts: checking makes no lasting garbage cycles,
        # and each collection would walk everything alive again (the modules, the caller's data
        # and every result kept so far), which made it a fifth of a large check. Objects alive
        # before the run are also set aside for the one collection that follows it.
        freeze = gc.get_freeze_count() == 0
        if freeze:
            gc.freeze()
        try:
            with gc_paused(), self.run():
                self._check_files(files, good, errors)
        finally:
            self._run_root = None
            if freeze:
                gc.unfreeze()
        unique: dict[tuple, SourceError] = {}     # one problem, however its file was named (rules/x, /abs/rules/x)
        for e in errors:
            unique.setdefault(e.key, e)
        return good, list(unique.values())

    def _check_files(self, files: list[Path], good: list, errors: list) -> None:
        root = self.dir.resolve()
        named: dict[tuple[str, str], Path] = {}     # (game, position name) -> the first file of that name
        for f in files:
            if (f.is_symlink() and _inside(_real(f.parent), root) and not _inside(_real(f), root)) \
                    or not self.may_read(f):     # the file, or a folder it lies under, links out of the rules folder
                errors.append(SourceError(str(f), 1, 1, OUTSIDE_LINK))
                continue
            if f.is_symlink() and not os.path.lexists(os.path.realpath(f)):    # a link to nothing: say so
                errors.append(SourceError(str(f), 1, 1, f"this link leads to nothing ({os.readlink(f)!r} does not "
                                                        "exist): remove it, or make what it names"))
                continue
            role = file_role(_real(f), root)
            if role.startswith("not "):
                errors.append(SourceError(str(f), 1, 1, role[4:]))
                continue
            if role.startswith("position of ") and role != "position of ?":
                game = role[len("position of "):]
                first = named.setdefault((game, f.stem), f)
                if first is not f and os.path.realpath(first) != os.path.realpath(f):
                    where = _real(first).relative_to(root / game).as_posix()
                    errors.append(SourceError(str(f), 1, 1, f"{game} already has a position named {f.stem!r} "
                                                            f"({where}); a position's name becomes its address "
                                                            "on the site, so each must be different"))
                    continue
            try:
                if role == "variant" and not SAFE_NAME.match(f.parent.name):
                    src = load(f)               # its own problems first, then its folder's name
                    errors += validate(src, VARIANT_SCHEMA) or [
                        SourceError(str(f), 1, 1, name_problem(f.parent.name, "a game folder"))]
                elif role == "variant":
                    self.variant(f.parent.name)
                elif role == "glossary":
                    self.glossary()
                elif not SAFE_NAME.match(f.stem):
                    errors.append(SourceError(str(f), 1, 1, name_problem(f.name, "a position file")))
                else:
                    good.append(self.position(f))
            except SourceErrors as exc:
                errors += exc.errors
            except SourceError as exc:
                errors.append(exc)


#: The endings of the files the site reads (in lower case only).
YAML_SUFFIXES = (".yaml", ".yml")


def file_role(path: Path, root: Path) -> str:
    """What the site makes of the YAML file ``path`` (resolved) in a rules
    folder ``root`` (resolved): ``"glossary"``, ``"variant"``, ``"position of
    ID"`` (a file under ``ID/positions/``, subfolders too, or any file
    outside the rules folder, which ``rulebook check`` reads as a position),
    or ``"not "`` followed by why the site does not read it (in the rules
    folder but elsewhere, or its ending not in lower case).

    >>> r = Path("/r")
    >>> file_role(Path("/r/draw/positions/a.yaml"), r), file_role(Path("/r/draw/variant.yaml"), r)
    ('position of draw', 'variant')
    >>> file_role(Path("/r/draw/notes.yaml"), r)[:40]
    'not the site does not read this file: a '
    """
    if not _inside(path, root):
        return "position of ?"
    parts = path.relative_to(root).parts
    if path.suffix not in YAML_SUFFIXES:
        return (f"not the site reads only files whose names end in .yaml or .yml, in lower case: "
                f"rename it {path.stem + path.suffix.lower()!r}")
    if parts == ("glossary.yaml",):
        return "glossary"
    if len(parts) == 2 and parts[1] == "variant.yaml":
        return "variant"
    if len(parts) >= 3 and parts[1] == "positions":
        return f"position of {parts[0]}"
    return ("not the site does not read this file: a game is its folder's variant.yaml, its worked "
            "positions go in the folder positions/ beside it, and the glossary is glossary.yaml")


#: The one pattern of every name that becomes part of an address, a file name or an HTML or SVG id:
#: game ids (folder names), position file names (without ``.yaml``) and section ids.
SAFE_NAME = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")


def name_problem(name: str, what: str) -> str:
    """Why ``name`` (of ``what``: "a position file", "a game folder") is
    refused: it must be lower-case words of letters and digits joined by
    hyphens, since it becomes part of the site's addresses and ids.

    >>> name_problem("r&b.yaml", "a position file")
    "the name of a position file must be lower-case letters, digits and hyphens (like 'my-example.yaml'), since it becomes part of the site's addresses: 'r&b.yaml' is not"
    """
    like = "my-example.yaml" if name.endswith((".yaml", ".yml")) else "my-example"
    return (f"the name of {what} must be lower-case letters, digits and hyphens (like {like!r}), since it "
            f"becomes part of the site's addresses: {name!r} is not")


class CheckFailed(SourceErrors):
    """One or more stated values differ from the engine (``errors``)."""
