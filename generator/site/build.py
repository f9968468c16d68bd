"""Generating the site apart from any site builder: every page, diagram,
PNG and schema from the rules folder.

:func:`generate` checks everything (the same checks as ``rulebook check``) and
returns every generated file as ``{path relative to docs/: bytes}``; it raises
:class:`BuildError` listing every problem as ``FILE:LINE:COL: error: ...`` and
produces nothing when there is any. :func:`write_tree` writes such a mapping
into a folder, touching only files whose bytes changed (so ``mkdocs serve``
does not loop) and removing stale ones. :func:`build_site` does both and
writes the schemas: what ``rulebook build`` and the MkDocs plugin run.

Per language ``L`` (``ja``, ``en``) the output is ``L/gen/<variant>.md``,
``L/gen/glossary.md``, ``L/gen/diagrams/<variant>/<position>-<step>.svg`` (with
``<title>``/``<desc>`` in ``L``) and the matching ``.png``, and
``L/gen/legend/*.svg``; and ``schemas/<name>.schema.json``.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import os
import pickle
import re
import sys
import time
from pathlib import Path
from typing import Callable

import jinja2
import jinja2.compiler
import jinja2.sandbox

from ..draw import svg
from ..base.cachefile import read_entry, write_atomic, write_entry
from ..pages.card import card_name, card_page
from ..pages.comparison import overview_page
from ..pages.options import options_page
from ..sim.stats import is_current, refresh
from ..engine.family import families, site_order
from ..model.schema import REGIONS
from ..base.i18n import LANGS, tables
from ..safety.paths import inside, is_plain_file, link_on_the_way, written_links
from ..safety.sanitize import escape_link_text, escape_md
from ..model import Catalog, SourceError, VariantDef

from ..pages.game import GEN, MAX_PAGE_BYTES, deal_table, draft_banner, target_problems, variant_page
from ..pages.glossary import glossary_page
from ..model.schemafiles import write_schemas

__all__ = ["BuildError", "generate", "page_keys", "write_tree", "build_site", "ordered_errors", "site_settings", "SITE_DEFAULTS",
           "SimulationProgress", "count_line", "duration", "GEN", "games_list",
           "listed_order", "output_link_errors", "published_ids", "WRITE_THROUGH_LINK", "RULES_THROUGH_LINK",
           "LINK_FOR_A_FILE", "LINK_MESSAGES", "link_refusal"]

_UI = tables("pages")
_OVERVIEW = tables("overview")
_esc = escape_md


class BuildError(Exception):
    """The site cannot be generated; ``errors`` are located problems."""

    def __init__(self, errors: list[SourceError]):
        super().__init__("\n".join(str(e) for e in errors))
        self.errors = errors



@functools.lru_cache(maxsize=None)
def _sources_digest() -> str:
    """A digest of every module of the generator and of the libraries whose
    output lands in the generated files: a change to any of them changes
    every page's cache key. Made once per process (the code it hashes is the
    code running); CairoSVG's version is read without importing it, which a
    build that renders nothing would otherwise pay for."""
    from importlib.metadata import version

    h = hashlib.sha256(f"cairosvg {version('cairosvg')}|jinja2 {jinja2.__version__}".encode())
    root = Path(__file__).resolve().parents[1]
    for f in sorted([*root.rglob("*.py"), *root.rglob("*.po")]):     # the code and the message catalogs
        h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def _files_digest(h: "hashlib._Hash", root: Path, paths, catalog: Catalog) -> None:
    """Feed each file's name and bytes to ``h``; a file the catalog may not
    read (a link out of the rules folder) or cannot read counts by its name
    and what kept it out (the check reports it at its place)."""
    for f in paths:
        name = os.fsencode(f.relative_to(root).as_posix())
        try:
            data = f.read_bytes() if catalog.may_read(f) else b"\1outside"
        except OSError as exc:
            data = f"\1unreadable {exc.errno}".encode()
        h.update(name + b"\0" + data + b"\0")


def page_keys(catalog: Catalog, png: bool = True, with_stats: bool = True) -> dict[str, str]:
    """The cache key of each variant's generated files: a digest of the
    generator's code, the glossary, every variant's ``variant.yaml`` (pages
    compare variants with each other) and the variant's own folder
    (positions, figures). Editing one position changes only its variant's key."""
    rules = catalog.dir
    common = hashlib.sha256(f"{_sources_digest()}|png={png}|stats={with_stats}".encode())
    for folder in ([catalog.shipped] if catalog.shipped is not None else []) + [rules]:
        _files_digest(common, folder, sorted(p for p in folder.glob("*.y*ml") if p.is_file()), catalog)
    where = {vid: catalog.variant_path(vid) for vid in catalog.page_ids()}
    for vid, path in where.items():
        if path is not None and path.is_file():
            _files_digest(common, path.parent.parent, [path], catalog)
    keys = {}
    for vid, path in where.items():
        h = common.copy()
        folders = [path.parent if path is not None else rules / vid]
        try:                                # a house rule's page re-runs its ancestors' positions
            folders += [a.dir for a in catalog.variant(vid).ancestors()]
        except SourceError:
            pass
        for folder in folders:
            _files_digest(h, folder.parent, sorted(p for p in folder.rglob("*") if p.is_file()), catalog)
        keys[vid] = h.hexdigest()
    return keys


def _cache_get(cache_dir: Path | None, vid: str, key: str) -> dict[str, bytes] | None:
    """The files of ``vid`` stored under ``key`` in the page cache, or ``None``
    (no entry, another key, or an entry that fails its digest and is dropped:
    :func:`generator.base.cachefile.read_entry`)."""
    if cache_dir is None:
        return None
    payload = read_entry(Path(cache_dir) / f"{vid}.entry")
    if payload is None:
        return None
    try:
        stored_key, files = pickle.loads(payload)
    except (pickle.PickleError, EOFError, ValueError, TypeError, AttributeError, ImportError, IndexError):
        return None
    if stored_key != key or not isinstance(files, dict) or not all(
            isinstance(k, str) and isinstance(v, bytes) for k, v in files.items()):
        return None
    return files


def _cache_put(cache_dir: Path | None, vid: str, key: str, files: dict[str, bytes]) -> None:
    """Store the files of ``vid`` under ``key`` in the page cache, as a checked
    entry written atomically (a cache that cannot be written is only slower)."""
    if cache_dir is not None:
        write_entry(Path(cache_dir) / f"{vid}.entry", pickle.dumps((key, files), protocol=pickle.HIGHEST_PROTOCOL))


#: What each variant's page was last generated from, in this process: {vid: (key, files)}.
_MEMO: dict[str, tuple[str, dict[str, bytes]]] = {}


def generate(catalog: Catalog, png: bool = True, with_stats: bool = True,
             cache_dir: str | Path | None = None, stats: dict | None = None,
             only: set[str] | None = None, drafts: bool = True,
             progress: Callable[[int, int, str], None] | None = None) -> dict[str, bytes]:
    """Check the whole rules tree and produce every generated file (PNGs are
    left empty when ``png`` is false, for a quicker check; the simulated
    "by the numbers" sections are left out without ``with_stats``).

    A variant's page and diagrams are made again only when its cache key
    (:func:`page_keys`) changed since they were last made in this process or
    stored in ``cache_dir``; otherwise the stored files are used (they are
    byte-identical to what would be made). ``stats``, when given, counts
    ``{"made": [...], "reused": [...]}`` variant ids. ``only`` (a set of
    variant ids) makes the pages of those games alone, for ``rulebook check``
    (the files returned are then not a whole site). A draft game's page and
    card (``draft: true``) are checked and made like any other, under a
    banner saying it is a draft; with ``drafts`` false (a site to publish:
    ``mkdocs build``) they are left out of the files returned, as Material's
    blog plugin leaves out draft posts, and their figures are not simulated
    (nor those of a standard game only drafts extend: :func:`published_ids`).

    A wrong number fails fast: once checking the positions found a
    problem, no game is simulated and no PNG is drawn (the pages are still
    made, for the problems only they show, then :class:`BuildError` is
    raised). Otherwise the figures still to simulate are made first, all
    games together; ``progress(done, total, vid)`` is called before the
    first (``done`` 0, ``vid`` "") and as each game's figures are ready.

    Raises :class:`BuildError` with every problem (nothing is produced then).
    """
    with catalog.run():
        return _generate(catalog, png, with_stats, cache_dir, stats, only, drafts, progress)


def _generate(catalog, png, with_stats, cache_dir, stats, only, drafts, progress) -> dict[str, bytes]:
    keys = page_keys(catalog, png, with_stats)
    reused: dict[str, dict[str, bytes]] = {}
    for vid, key in keys.items():
        memo = _MEMO.get(vid)
        hit = memo[1] if memo is not None and memo[0] == key else _cache_get(cache_dir, vid, key)
        if hit is not None:
            reused[vid] = hit
    rules = catalog.dir
    root = rules.resolve()
    paths = [p for p in sorted(rules.rglob("*")) if p.suffix.lower() in (".yaml", ".yml") and p.is_file()
             and not (p.relative_to(rules).parts[0] in reused and p.name != "variant.yaml")
             and (p.parent.resolve() == root or root in p.parent.resolve().parents)]
    local = set(catalog.variant_ids())
    for vid in catalog.page_ids():          # standard games with pages on this site
        if vid not in local and vid not in reused:
            paths += catalog.position_files(vid)
    good, errors = catalog.check_all(paths)
    errors = catalog.link_errors(folders_only=True) + errors
    # A game with a problem in its own files gets no page; the others' pages are still made (so
    # that every problem is reported at once), and the build then fails with all of them.
    broken = set()
    for e in errors:
        try:
            parts = Path(e.file).resolve().relative_to(root).parts
        except ValueError:
            continue
        if len(parts) >= 2:
            broken.add(parts[0])
    try:
        terms = catalog.glossary()
    except SourceError as exc:
        raise BuildError(errors + [exc]) from None
    glossary = {t["key"]: t for t in terms}
    files: dict[str, bytes] = {}
    for lang in LANGS:
        for key, icon in svg.legend_icons().items():
            files[f"{lang}/{GEN}/legend/{key}.svg"] = icon.encode("utf-8")
    ids = catalog.page_ids()
    order = listed_order(catalog)
    compared, everyone = [], []
    for vid in order:
        if vid in broken:
            continue
        try:
            vdef = catalog.variant(vid)
        except SourceError as exc:
            if str(exc) not in {str(e) for e in errors}:
                errors.append(exc)
            continue
        if not vdef.draft:
            compared.append((vid, vdef.name, vdef.rules))
            everyone.append((vid, vdef.name, vdef))
    for lang in LANGS:
        files[f"{lang}/{GEN}/family.md"] = overview_page(compared, lang).encode("utf-8")
        files[f"{lang}/{GEN}/options.md"] = options_page(everyone, lang).encode("utf-8")
        files[f"{lang}/{GEN}/glossary.md"] = glossary_page(terms, lang, [v for _, _, v in everyone]).encode("utf-8")
    made: dict[str, dict[str, bytes]] = {}
    # A site to publish leaves out its drafts (and the standard games only they extend): their pages are
    # still made, to check them, but their figures are not simulated, and those pages are not remembered.
    unpublished = set() if drafts else set(ids) - set(published_ids(catalog))
    todo = []
    for vid in ids:
        if vid in broken or (only is not None and vid not in only) or vid in reused or vid in unpublished:
            continue
        try:
            todo.append(catalog.variant(vid))
        except SourceError:                 # reported above, with the family overview
            continue
    if errors:                              # the build fails: nothing to simulate or draw for it
        with_stats, png = False, False
    numbers_of, simulated = _simulated(todo, progress, catalog.shipped is not None) if with_stats else ({}, set())
    if simulated:
        # Their stats.json files were just written, and a page's key covers its game's folder: the keys
        # are taken again, so that the pages are remembered under the key the next pass (the other
        # language's, or the next build's) computes, and are not made a second time.
        keys = page_keys(catalog, png, with_stats)
    pages = getattr(progress, "pages", None)
    for done, vid in enumerate(ids):
        if pages is not None:
            pages(done, len(ids))
        if vid in broken or (only is not None and vid not in only):
            continue
        if vid in reused:
            files.update(reused[vid])
            continue
        try:
            vdef = catalog.variant(vid)
        except SourceError:                 # reported above, with the family overview
            continue
        numbers = numbers_of.get(vid) if with_stats else None
        checked = {cp.position.id: cp for cp in good if cp.position.variant_id == vid}
        own: dict[str, bytes] = {}
        for lang in LANGS:
            try:
                md = variant_page(vdef, checked, glossary, lang, own, png, catalog, numbers)
            except SourceError as exc:
                errors.append(exc)
                continue
            # links to standard games this site has no page for (it only extends them) become words
            md = unlink_pages(md, set(catalog.shipped_ids()) - set(ids))
            data = md.encode("utf-8")
            if len(data) > MAX_PAGE_BYTES:
                errors.append(SourceError(vdef.src.file, 1, 1, f"the {lang} page of this game would be "
                                                               f"{len(data):,} bytes, more than {MAX_PAGE_BYTES:,}: "
                                                               f"its rule texts or examples are far too long"))
                continue
            missing = target_problems(vdef, md, lang, {**files, **own}, catalog.dir.parent / "docs")
            if missing:
                errors += missing
                continue
            own[f"{lang}/{GEN}/{vid}.md"] = data
            deal = deal_table(vdef, lang)
            card = card_page(vdef, deal, lang)
            if vdef.draft:                  # the banner under the card's title
                end = card.index("\n", card.index("\n# ") + 1) + 1
                card = f"{card[:end]}\n{draft_banner(lang)}{card[end:]}"
            own[f"{lang}/{GEN}/{card_name(vid)}.md"] = card.encode("utf-8")
        made[vid] = own
        files.update(own)
    if pages is not None:
        pages(len(ids), len(ids))
    if errors:
        raise BuildError(errors)
    if only is not None:                    # a partial run: nothing to remember as a whole site
        return dict(sorted(files.items()))
    for vid, own in made.items():
        if vid in unpublished and with_stats:   # made without their figures: not the pages their key names
            continue
        _MEMO[vid] = (keys[vid], own)
        _cache_put(cache_dir, vid, keys[vid], own)
    for vid in reused:
        _MEMO[vid] = (keys[vid], reused[vid])
    if stats is not None:
        stats["made"], stats["reused"] = sorted(made), sorted(reused)
    if not drafts:                          # checked above; not published
        kept = set(ids) - unpublished
        left_out = [vid for vid in ids if vid not in kept]
        for vid in left_out:                # a draft, and a standard game only drafts extend
            for name in made.get(vid) or reused.get(vid) or {}:
                files.pop(name, None)
        if left_out:                        # a published page's link to one of them becomes words
            for vid in kept:
                for lang in LANGS:
                    name = f"{lang}/{GEN}/{vid}.md"
                    if name in files:
                        files[name] = unlink_pages(files[name].decode("utf-8"), set(left_out)).encode("utf-8")
    return dict(sorted(files.items()))


def published_ids(catalog: Catalog) -> list[str]:
    """The games whose pages a built site (``mkdocs build``) publishes,
    sorted: the listed games that are not drafts, and the standard games
    they extend (:meth:`~generator.model.Catalog.page_ids` without the
    drafts and the standard games that only drafts extend). A game that
    cannot be loaded stays (its problem is reported where it is checked)."""
    listed = set(catalog.listed_ids())
    shipped = set(catalog.shipped_ids())
    out = set()
    for vid in catalog.page_ids():
        try:
            v = catalog.variant(vid)
        except SourceError:
            out.add(vid)
            continue
        if vid in listed and not v.draft:
            out.add(vid)
            out.update(a.id for a in v.ancestors() if a.id in shipped)
    return sorted(out)


def _simulated(vdefs: list[VariantDef], progress: Callable[[int, int, str], None] | None,
               precise: bool = False) -> tuple[dict[str, dict], set[str]]:
    """The figures of ``vdefs`` by id (:func:`generator.sim.stats.refresh`), the
    stale ones simulated together (with ``precise``, a club's site: its own
    games to the stated precision, the standard games' figures as shipped),
    and the ids of those simulated (their ``stats.json`` rewritten);
    ``progress`` as :func:`generate` says, and its ``count`` method, when it
    has one, gets the games played (:class:`generator.sim.stats.Count`)
    (then :func:`generate` calls its ``pages`` method, when it has one, with
    the games whose pages are written of all of them)."""
    stale = {v.id for v in vdefs if not is_current(v, precise)}
    done = 0

    def ready(vid: str) -> None:
        nonlocal done
        if vid in stale and progress is not None:
            done += 1
            progress(done, len(stale), vid)

    if stale and progress is not None:
        progress(0, len(stale), "")
    return refresh(vdefs, progress=ready, precise=precise, counts=getattr(progress, "count", None)), stale


def unlink_pages(md: str, ids: set[str]) -> str:
    """``md`` with every link to the page (or card) of one of the games
    ``ids`` replaced by its words: the standard games' texts link to each
    other, and a site that only extends them has no pages for most.

    >>> unlink_pages("As in [Block](block.md#scoring){ .x } and [Draw](draw.md).", {"block"})
    'As in Block and [Draw](draw.md).'
    """
    if not ids:
        return md
    names = "|".join(re.escape(i) for i in sorted(ids))
    link = re.compile(r"\[((?:\\.|[^\]\\])*)\]\((?:" + names + r")(?:-card)?\.md(?:#[^)\s]*)?\)(?:\{[^}\n]*\})?")
    return link.sub(lambda m: m.group(1), md)


def listed_order(catalog: Catalog) -> list[str]:
    """The games of the site's menu and tables in the site's order: the rules
    folder's own games first, then the standard games shipped with the
    package; each part in the order of :func:`~generator.engine.family.site_order`
    (each family's games, the families in the registry's order), then by id."""
    listed = catalog.listed_ids()
    local = set(catalog.variant_ids())
    out, order = [], site_order()
    for part in ([v for v in listed if v in local], [v for v in listed if v not in local]):
        out += [v for v in order if v in part] + [v for v in part if v not in order]
    return out


def games_list(catalog: Catalog, lang: str, to_gen: str = f"{GEN}/") -> str:
    """Markdown of the site's games in ``lang`` (the games of the menu,
    drafts and games that cannot be loaded left out), in two groupings so
    that a reader finds a game among many: a ``###`` heading for each family
    of games (its ``overview`` message ``family_<name>``, the families in the
    registry's order) over a list of its games, each linked to its page
    (``to_gen``: the generated pages' folder seen from the page the list goes
    on), a house rule saying which game it changes, then the first sentence
    of its summary and where it is played; then a heading "by where they are
    played" over one line for each region of
    :data:`~generator.model.schema.REGIONS` that has games (a game played in
    several regions is in each; games that do not say come last), naming its
    games as links. It stands where a home page writes
    ``<!-- rulebook:games -->``."""
    ui = _UI[lang]
    games = []
    for vid in listed_order(catalog):
        try:
            v = catalog.variant(vid)
        except SourceError:
            continue
        if not v.draft:
            games.append(v)
    if not games:
        return _esc(ui["games_none"]) + "\n"

    def link(v: VariantDef) -> str:
        return f"[{escape_link_text(v.name[lang])}]({to_gen}{v.id}.md)"

    def place(region: str) -> str:
        return ui["region_" + region]

    out = []
    for family in families():
        mine = [v for v in games if v.rules.family == family.name]
        if not mine:
            continue
        out.append(f"\n### {_OVERVIEW[lang]['family_' + family.name]} {{ #games-{family.name} }}\n\n")
        for v in mine:
            line = f"- {link(v)}"
            if v.parent is not None:
                about = _esc(ui["games_house_rule"].format(parent=v.parent.name[lang]))
                line += f"（{about}）" if lang == "ja" else f" ({about})"
            own = v.src.data.get("summary") if isinstance(v.src.data, dict) else None
            if isinstance(own, dict) and isinstance(own.get(lang), str):   # a house rule's own, or a game's
                line += ui["games_about_sep"] + _esc(first_sentence(own[lang], lang))
            if v.played_in:
                where = ui["games_played_in"].format(places=ui["games_places_sep"].join(map(place, v.played_in)))
                line += f"（{where}）" if lang == "ja" else f" ({where[0].upper() + where[1:]}.)"
            out.append(line + "\n")
    out.append(f"\n### {ui['games_by_place']} {{ #games-by-place }}\n\n")
    for region in (*REGIONS, None):
        mine = [v for v in games if (region in v.played_in if region else not v.played_in)]
        if mine:
            label = place(region or "unknown")
            label = label[0].upper() + label[1:]
            out.append(f"- **{label}**{'：' if lang == 'ja' else ': '}"
                       + ("、" if lang == "ja" else ", ").join(map(link, mine)) + "\n")
    return "".join(out).lstrip("\n")


def first_sentence(text: str, lang: str) -> str:
    """The first sentence of ``text`` (a game's summary), for a list of games.

    >>> first_sentence("The basic game. Join tiles.", "en"), first_sentence("基本のゲームです。引きます。", "ja")
    ('The basic game.', '基本のゲームです。')
    """
    text = " ".join(text.split())
    end = text.find("。") + 1 if lang == "ja" else next((i + 1 for i, c in enumerate(text) if c in ".!?"
                                                         and (i + 1 == len(text) or text[i + 1] == " ")), 0)
    return text[:end] if end > 0 else text


def write_tree(files: dict[str, bytes], root: str | Path, prefixes: tuple[str, ...]) -> int:
    """Write ``files`` under ``root``: only changed files are rewritten (each
    atomically), and files under ``prefixes`` that are not in ``files`` are
    removed. A file already there is read and compared, so one damaged since
    it was written is written again. Returns how many files were written;
    raises :class:`OSError` when one cannot be (a full disk)."""
    root = Path(root)
    written = 0
    for rel, data in files.items():
        target = root / rel
        link = link_on_the_way(root, target.parent)
        if link is not None:                # never written through (build_site refuses it first)
            raise OSError(errno.ELOOP, WRITE_THROUGH_LINK, str(link))
        if is_plain_file(target) and target.read_bytes() == data:
            continue
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(target, data)          # a link standing at the file's place is replaced, never followed
        written += 1
    for prefix in prefixes:
        base = root / prefix
        if not base.exists():
            continue
        if link_on_the_way(root, base) is not None:
            continue
        for path in sorted(base.rglob("*"), reverse=True):
            rel = path.relative_to(root).as_posix()
            if (path.is_symlink() or path.is_file()) and rel not in files:
                path.unlink()               # (a link itself, never what it leads to)
            elif path.is_dir() and not any(path.iterdir()):
                path.rmdir()
    return written


def ordered_errors(errors: list[SourceError]) -> list[SourceError]:
    """``errors`` file by file in the order their files were first met, and
    in line order within a file: how ``rulebook build`` and the plugin print them."""
    first: dict[str, int] = {}
    for e in errors:
        first.setdefault(e.file, len(first))
    return sorted(errors, key=lambda e: (first[e.file], e.line, e.col))


#: Why a build refuses a link where it would write (the start of each of :data:`LINK_MESSAGES`).
LINK_WHY = ("this is a link: a build writes its generated pages, schemas and caches only into folders "
            "of its own, never through a link (it would write, and remove files, wherever the link leads)")
#: What a build says of a link in place of a folder it writes into (or on the way to one).
WRITE_THROUGH_LINK = LINK_WHY + "; remove the link, and the build makes the folder"
#: What a build says of a link in place of a file it writes (a generated page, a schema, the lock).
LINK_FOR_A_FILE = LINK_WHY + "; remove the link, and the build writes its own file there"
#: Every message of a link a build refuses (a problem "where the build writes", not in the rules).
LINK_MESSAGES = (WRITE_THROUGH_LINK, LINK_FOR_A_FILE)


def link_refusal(link: str | Path, folders=()) -> str:
    """What a build says of ``link``, a link where it would write: the
    advice of a folder (:data:`WRITE_THROUGH_LINK`) when the link stands
    for one of ``folders`` (the folders the build makes) or for a folder on
    the way to one, or leads to a folder; else the advice of a file
    (:data:`LINK_FOR_A_FILE`), a link in place of a page, a schema file or
    the build's lock."""
    link = Path(os.path.abspath(link))                 # (never resolved: the link itself is what is named)
    made = [Path(os.path.abspath(f)) for f in folders if f is not None]
    if link.is_dir() or any(link == f or link in f.parents for f in made):
        return WRITE_THROUGH_LINK
    return LINK_FOR_A_FILE


#: What a build (or ``rulebook new``) says of a site's rules folder reached through a link.
RULES_THROUGH_LINK = ("this is a link: the site's rules folder must be a folder of the site itself, since "
                      "a game's simulated figures (and `rulebook new`'s files) are written into it; "
                      "put the folder itself here instead of a link")


def output_link_errors(docs_dir: str | Path, root: str | Path | None = None,
                       caches: tuple = ()) -> list[SourceError]:
    """One located error (``PATH:1:1``) for each link a build writing into
    ``docs_dir`` would go through: on the way from ``root`` (the site's
    folder; default, or when ``docs_dir`` lies outside it, ``docs_dir``
    itself, which its caller named) to the generated folders
    (``<lang>/gen/``) and ``schemas/``, or anywhere inside them
    (:func:`generator.safety.paths.written_links`); and on the way from
    ``root`` to each cache folder of ``caches`` (``None`` for none; an entry
    that is a link is dropped when read: :func:`generator.base.cachefile.read_entry`)."""
    docs = Path(docs_dir)
    base = Path(root) if root is not None and inside(docs, root) else docs
    folders = [docs / lang / GEN for lang in LANGS] + [docs / "schemas"]
    found = set(written_links(base, folders))
    if root is not None:
        found.update(link for c in caches if c is not None and (link := link_on_the_way(root, c)) is not None)
    made = folders + [Path(c) for c in caches if c is not None]
    return [SourceError(str(p), 1, 1, link_refusal(p, made)) for p in sorted(found)]


def build_site(catalog: Catalog, docs_dir: str | Path, *, cache_dir: Path | None = None,
               png_cache: Path | None = None, counts: dict | None = None, drafts: bool = False,
               progress: Callable[[int, int, str], None] | None = None,
               root: str | Path | None = None) -> tuple[dict[str, bytes], int]:
    """Generate the whole site's sources from ``catalog`` into ``docs_dir``
    (what ``rulebook build`` and the MkDocs plugin both run, with no site
    builder): every game's pages and diagrams, the comparison, options and
    glossary pages under ``<lang>/gen/`` (:func:`generate`, :func:`write_tree`)
    and the schema files under ``schemas/``. ``cache_dir`` keeps pages by the
    digest of their inputs and ``png_cache`` PNGs by their drawing (``None``:
    no cache); ``counts`` receives which pages were made and reused;
    ``drafts`` makes draft games too; ``progress`` follows the simulation.
    Returns ``(files, rewritten)``: the generated files by path relative to
    ``docs_dir`` (schemas not included) and how many files on disk changed.
    Raises :class:`BuildError` (every problem located) and writes nothing
    then; a link on the way to a folder it writes into, or inside one, is
    such a problem (:func:`output_link_errors`, below ``root``: the site's
    folder), found before anything is made, and so is a link on the way
    from ``root`` to the catalog's rules folder (:data:`RULES_THROUGH_LINK`),
    where the simulated figures are stored."""
    links = output_link_errors(docs_dir, root, (cache_dir, png_cache))
    if root is not None and (rules_link := link_on_the_way(root, catalog.dir)) is not None:
        # the figures of a game are stored beside its rules (rules/<id>/stats.json)
        links.append(SourceError(str(rules_link), 1, 1, RULES_THROUGH_LINK))
    if links:
        raise BuildError(links)
    svg.PNG_CACHE = png_cache
    files = generate(catalog, cache_dir=cache_dir, stats=counts, drafts=drafts, progress=progress)
    n = write_tree(files, docs_dir, tuple(f"{lang}/{GEN}" for lang in LANGS))
    n += len(write_schemas(Path(docs_dir) / "schemas"))
    return files, n


#: The rulebook plugin's options in ``mkdocs.yml`` with their defaults (the plugin's
#: configuration, :class:`generator.site.plugin.RulebookPlugin`, declares them with these), and
#: MkDocs' ``docs_dir``.
SITE_DEFAULTS = {"docs_dir": "docs", "rules_dir": "rules", "standard_games": "extend-only",
                 "png_cache": ".cache/png", "page_cache": ".cache/pages"}


def site_settings(folder: str | Path) -> dict:
    """The settings a build of the site in ``folder`` uses: ``docs_dir`` and
    the rulebook plugin's options from ``folder/mkdocs.yml`` (every key of
    :data:`SITE_DEFAULTS`; the defaults where the file or a key is missing),
    checked as the plugin's configuration checks them. YAML tags of MkDocs'
    own (``!!python/name:``, ``!ENV``) read as nothing: none of them is a
    setting read here. Raises :class:`SourceError` (at the key's line) for a
    file that is not YAML or a setting MkDocs would refuse."""
    import yaml

    class _Loose(yaml.SafeLoader):
        pass

    _Loose.add_multi_constructor("", lambda loader, suffix, node: None)
    out = dict(SITE_DEFAULTS)
    path = Path(folder) / "mkdocs.yml"
    if not path.is_file():
        return out
    text = path.read_text(encoding="utf-8")
    try:
        data = yaml.load(text, Loader=_Loose)     # noqa: S506 - a loader that makes no object of a tag
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise SourceError(str(path), (mark.line + 1) if mark else 1, (mark.column + 1) if mark else 1,
                          f"not readable as YAML: {getattr(exc, 'problem', exc)}") from None

    def refuse(key: str, message: str):
        line = next((n for n, s in enumerate(text.splitlines(), 1) if s.lstrip().startswith(f"{key}:")
                     or s.lstrip().startswith(f"- {key}")), 1)
        return SourceError(str(path), line, 1, message)

    if not isinstance(data, dict):
        raise SourceError(str(path), 1, 1, "a site's configuration is a mapping of settings (site_name: ...)")
    if "docs_dir" in data:
        if not isinstance(data["docs_dir"], str) or not data["docs_dir"]:
            raise refuse("docs_dir", "docs_dir is the name of a folder")
        out["docs_dir"] = data["docs_dir"]
    plugins = data.get("plugins") or []
    if isinstance(plugins, dict):
        plugins = [{k: v} for k, v in plugins.items()]
    if not isinstance(plugins, list):
        raise refuse("plugins", "plugins is a list of plugins (- rulebook, - search ...)")
    for entry in plugins:
        if not (isinstance(entry, dict) and "rulebook" in entry):
            continue
        options = entry["rulebook"]
        if options is None:
            continue
        if not isinstance(options, dict):
            raise refuse("rulebook", "the rulebook plugin's options are a mapping (rules_dir: rules ...)")
        for key, value in options.items():
            if key not in SITE_DEFAULTS and key != "lock_timeout" or key == "docs_dir":
                raise refuse(str(key), f"the rulebook plugin has no option {key!r} (its options: "
                                       f"{', '.join(k for k in SITE_DEFAULTS if k != 'docs_dir')}, lock_timeout)")
            if key == "lock_timeout":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise refuse(key, "lock_timeout is a whole number of seconds")
                continue
            if not isinstance(value, str) or (key == "rules_dir" and not value):
                raise refuse(key, f"{key} is {'a folder' if key == 'rules_dir' else 'a folder, or empty for none'}"
                             if key != "standard_games" else "standard_games is pages or extend-only")
            if key == "standard_games" and value not in ("pages", "extend-only"):
                raise refuse(key, f"standard_games is pages or extend-only, not {value!r}")
            out[key] = value
    return out


class SimulationProgress:
    """The simulation's progress as :func:`generate` reports it
    (``progress(done, total, game)``; ``done`` -1 when a build stops): one
    line through ``say`` when it starts; then, as games are played
    (:meth:`count`), the games played of the games to play and the time
    left: a tqdm bar on the standard error, or, where the standard error is
    no terminal (a CI log, MkDocs's log), a line through ``say`` every
    :attr:`every` seconds; and a line per game whose figures are ready."""

    #: Seconds between two lines of counts where there is no terminal.
    every = 5.0

    def __init__(self, say: Callable[[str], None]):
        self.say = say
        self.bar = None
        self.said = self.started = 0.0
        self.step = ""

    def __call__(self, done: int, total: int, vid: str) -> None:
        from tqdm import tqdm

        bar = self.bar
        if done == 0 and total:
            self.say(f"rulebook: simulating the figures of {total} game(s) (a wrong number would have stopped "
                     f"the build before this)")
            self.bar = tqdm(total=0, unit="game", desc="rulebook: simulating", file=sys.stderr, leave=False,
                            disable=None, bar_format="{desc}: {n_fmt} of about {total_fmt} games played{postfix}")
            self.said, self.step = time.monotonic(), ""
        elif done > 0:
            if bar is not None and not bar.disable:
                bar.clear()
            self.say(f"rulebook: the figures of {vid} are ready ({done} of {total})")
        if bar is not None and (done < 0 or (done and done >= total)):
            bar.close()
            self.bar = None

    def count(self, c) -> None:
        """Show a :class:`generator.sim.stats.Count`: games played of games to
        play, and the time left."""
        line = count_line(c)
        bar = self.bar
        if bar is not None and not bar.disable:
            desc, rest = line.split(": ", 2)[:2], line.rsplit(" games played, ", 1)[1]
            bar.set_description_str(": ".join(desc), refresh=False)      # "rulebook: simulating (...)"
            bar.total, bar.n = c.to_play, c.played
            bar.set_postfix_str(rest, refresh=False)                       # "about 40 s left"
            bar.refresh()
            return
        now = time.monotonic()
        if c.step != self.step or now - self.said >= self.every:
            self.step, self.said = c.step, now
            self.say(line)

    def pages(self, done: int, total: int) -> None:
        """The games whose pages are written, ``done`` of ``total``: a line
        (with the time left) once the pages have taken :attr:`every` seconds,
        then every :attr:`every` seconds; none for a step quicker than that."""
        self._counted("pages", "writing the pages", done, total, "games")

    def rendered(self, done: int, total: int) -> None:
        """MkDocs's pages made into HTML, ``done`` of ``total``, as :meth:`pages` says them."""
        self._counted("html", "making the HTML", done, total, "pages")

    def _counted(self, step: str, what: str, done: int, total: int, unit: str) -> None:
        now = time.monotonic()
        if done == 0 or self.step != step:
            self.step, self.started, self.said = step, now, now
            return
        if done < total and now - self.said >= self.every:
            self.said = now
            left = (total - done) * (now - self.started) / done
            self.say(f"rulebook: {what}: {done:,} of {total:,} {unit}, about {duration(left)} left")


def count_line(c) -> str:
    """A :class:`generator.sim.stats.Count` in words, e.g. ``rulebook:
    simulating (first games of each table): 120 of 320 games played, about
    4 s left``; once each table's first games are played the games to play
    are an estimate ("about")."""
    what = " (first games of each table)" if c.step == "trial" else ""
    if c.played >= c.to_play:
        left = "done"
    elif c.left is None:
        left = "time left not known yet"
    else:
        left = f"about {duration(c.left)} left"
    about = "" if c.step == "trial" else "about "
    return f"rulebook: simulating{what}: {c.played:,} of {about}{c.to_play:,} games played, {left}"


def duration(seconds: float) -> str:
    """``seconds`` in words: ``7 s`` up to 89 s, then ``2 min 05 s`` (at least 1 s)."""
    s = max(1, round(seconds))
    return f"{s} s" if s < 90 else f"{s // 60} min {s % 60:02d} s"
