"""The thin MkDocs plugin: before MkDocs collects files, generate every page,
diagram and PNG from ``rules/`` into ``docs/<lang>/gen/``; fail the build with
``FILE:LINE:COL`` lines when any position or stated value is wrong; watch
``rules/`` under ``mkdocs serve``. The work is in :mod:`generator.pages.game`.

``mkdocs build`` writes into a staging folder and replaces the site only when
the whole build succeeded, so a failed build (a wrong position, or a strict-mode
warning such as a broken link in rule text) leaves the previous site untouched.

It also adjusts what MkDocs, Material and mkdocs-static-i18n produce together:
its template overrides (``theme/``) go in front of the theme's, each language
gets its own 404 page and its own search index, and every page tells
Material's script where its language's root (and so its index) is.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin, CombinedEvent, event_priority

from ..base.i18n import LANGS, tables
from ..model import Catalog
from .build import (GEN, LINK_MESSAGES, SITE_DEFAULTS, link_refusal, BuildError, SimulationProgress, build_site, games_list,
                    ordered_errors, published_ids)
from ..base.report import PrintableFilter, printable
from ..safety.paths import inside, is_plain_file, link_on_the_way
from ..safety.sanitize import police
from .fixups import (SEARCH_INDEX, error_page, home_switcher, language_base, language_folder,
                     patch_search_worker, plain_titles, site_nav, split_search_index)
from .play import (PYODIDE_COPIED, PYODIDE_DIR, PYODIDE_VERSION, PrecompileError, PyodideLinkError, find_pyodide,
                   node_program, play_files, player_cache, service_worker)
from .typeset import break_table_text, keep_whole

log = logging.getLogger("mkdocs.plugins.rulebook")
log.addFilter(PrintableFilter())         # every line this plugin logs is one printable line


#: What a build without Pyodide says (once a build): what the site lacks, why, and the fix.
NO_PYODIDE = ("rulebook: the game pages have no \"Play a hand\": no Pyodide {version} was found ({why}); the "
              "rest of the site is built. To fix it, install Pyodide beside mkdocs.yml with Node's npm: `npm ci` "
              "where a package-lock.json pins it (`rulebook init` writes one), else `npm install pyodide@{version}`; "
              "then build again")


def warn_without_failing(message: str) -> None:
    """Log ``message`` as a WARNING through MkDocs' own console handlers but
    not through the handler that counts warnings for ``strict: true``: a site
    built without Pyodide is a whole site that lacks "Play a hand", which a
    club may build on purpose (no Node on the machine), so the warning must
    be seen but must not stop a strict build. Where MkDocs has no handler
    (the plugin driven by another program), it goes to this plugin's logger
    at INFO (counted by nothing)."""
    from mkdocs.utils import CountHandler

    record = log.makeRecord(log.name, logging.WARNING, __file__, 0, printable(message), None, None)
    shown = False
    for handler in logging.getLogger("mkdocs").handlers:
        if not isinstance(handler, CountHandler) and record.levelno >= handler.level:
            handler.handle(record)
            shown = True
    if not shown:
        log.info(printable(message))


def _failure(message: str) -> PluginError:
    """The error that stops a build, its message one printable line (MkDocs
    logs it as it is)."""
    return PluginError(printable(message))

__all__ = ["RulebookPlugin", "outside_files", "without_pages", "draft_pages", "LINK_OUT_OF_SITE", "NO_PYODIDE",
           "warn_without_failing"]

#: What a build says of a file of ``docs/`` that leads out of the site.
LINK_OUT_OF_SITE = ("this is a link leading out of the site's folder (or lies in a linked folder that does): the "
                    "site publishes only its own files, never what a link leads to; put the file itself here")


def _remove(path: Path) -> None:
    """Remove the build's own folder ``path`` (staging, old site): a link
    standing there is removed itself, never followed."""
    if path.is_symlink():
        path.unlink()
    else:
        shutil.rmtree(path, ignore_errors=True)


def outside_files(paths, folders, root: str | Path) -> list[str]:
    """Those of ``paths`` (files MkDocs found) that lie in one of
    ``folders`` (``docs/``, a theme's ``custom_dir``) as written but are, or
    lie under, a link leading out of that folder and of the site's folder
    ``root`` (their real places); sorted. MkDocs walks those folders
    following links and copies what it finds into the site."""
    home = os.path.realpath(root)
    out = []
    for p in paths:
        folder = next((f for f in folders if inside(p, f)), None)
        if folder is None:
            continue
        real = os.path.realpath(p)
        if not inside(real, os.path.realpath(folder)) and not inside(real, home):
            out.append(p)
    return sorted(out)


def draft_pages(catalog: Catalog) -> set[str]:
    """The pages a built site leaves out, as ``nav:`` names them (relative
    to a language's folder): each draft game's page and card, and the page
    of a standard game only a draft extends (:func:`generator.site.build.published_ids`)."""
    from ..pages.card import card_name

    kept = set(published_ids(catalog))
    return {f"{GEN}/{name}.md" for vid in catalog.page_ids() if vid not in kept
            for name in (vid, card_name(vid))}


def without_pages(nav, pages: set[str]):
    """``nav`` (MkDocs' ``nav:``: page paths, ``{title: path}`` or
    ``{section: [...]}``) without the entries naming one of ``pages``
    (optionally under a language's folder, ``en/gen/x.md``); a section left
    empty goes too.

    >>> without_pages(["index.md", {"Games": ["gen/a.md", {"B": "gen/b.md"}]}, {"C": ["en/gen/b.md"]}], {"gen/b.md"})
    ['index.md', {'Games': ['gen/a.md']}]
    """
    def gone(path) -> bool:
        if not isinstance(path, str):
            return False
        parts = path.lstrip("./").split("/")
        return "/".join(parts) in pages or (parts[0] in LANGS and "/".join(parts[1:]) in pages)

    def walk(items):
        out = []
        for item in items:
            if isinstance(item, dict):
                kept = {}
                for title, value in item.items():
                    if isinstance(value, list):
                        value = walk(value)
                        if not value:
                            continue
                    elif gone(value):
                        continue
                    kept[title] = value
                if kept:
                    out.append(kept)
            elif not gone(item):
                out.append(item)
        return out

    return walk(nav) if isinstance(nav, list) else nav

#: Template overrides for the theme (see ``theme/main.html``), shipped with the plugin.
THEME_DIR = Path(__file__).resolve().parents[1] / "theme"
#: The site's stylesheet and script, shipped with the plugin and added to every site.
ASSETS_DIR = Path(__file__).resolve().parents[1] / "assets"
STYLESHEET, SCRIPT = "assets/rulebook.css", "assets/rulebook.js"
#: The player of "Play a hand", loaded by the page's script only when the reader shows intent to play.
PLAYER = "assets/play.js"
#: The player's worker (the engine runs there, never on the page's thread), beside the player.
PLAYER_WORKER = "assets/play-worker.js"
#: The site's service worker, at the site's root (its scope is the site): it keeps the player and the
#: pages seen for later visits and offline play (:func:`generator.site.play.service_worker`).
SERVICE_WORKER = "rulebook-sw.js"
#: Where a page of ``docs/`` wants the list of the site's games (:func:`generator.pages.games_list`).
GAMES_MARK = "<!-- rulebook:games -->"

def _ignore_generated_files(server, docs_dir: str) -> None:
    """Make ``mkdocs serve`` rebuild once per edit: the build writes the
    generated pages into ``docs/<lang>/gen/``, which MkDocs watches with the
    rest of ``docs/``, so each edit used to start a second build that found
    nothing to do. The watch on ``docs/`` is replaced by one that ignores
    those folders (MkDocs 1.6's live-reload server; left as it is on another)."""
    import watchdog.events

    docs = os.path.abspath(docs_dir)
    refs, observer, cond = (getattr(server, name, None) for name in ("_watch_refs", "observer", "_rebuild_cond"))
    if not isinstance(refs, dict) or docs not in refs or observer is None or cond is None:
        return
    generated = tuple(os.path.join(docs, lang, GEN) + os.sep for lang in LANGS)

    def changed(event):
        paths = [p for p in (event.src_path, getattr(event, "dest_path", "")) if p]
        if event.is_directory or all(os.fsdecode(p).startswith(generated) for p in paths):
            return
        with cond:
            server._want_rebuild = True
            cond.notify_all()

    handler = watchdog.events.FileSystemEventHandler()
    handler.on_any_event = changed
    observer.unschedule(refs.pop(docs))
    refs[docs] = observer.schedule(handler, docs, recursive=True)


class _Options(Config):
    rules_dir = c.Type(str, default=SITE_DEFAULTS["rules_dir"])
    #: ``pages``: the standard games shipped with the package are on the site beside the folder's
    #: own (``rulebook init`` writes this); ``extend-only`` (the default): they are only there to be
    #: extended (a house rule's parent gets a page, linked from the house rule's, but no place in the
    #: menu or the tables).
    standard_games = c.Choice(("pages", "extend-only"), default=SITE_DEFAULTS["standard_games"])
    #: Seconds a build waits while another build of the same site (same ``mkdocs.yml`` folder) runs.
    lock_timeout = c.Type(int, default=900)
    #: Folder (relative to ``mkdocs.yml``) keeping rendered PNGs by the hash of their SVG; "" for none.
    png_cache = c.Type(str, default=SITE_DEFAULTS["png_cache"])
    #: Folder (relative to ``mkdocs.yml``) keeping each variant's generated files by the digest of
    #: their inputs, so that only pages whose inputs changed are made again; "" for none.
    page_cache = c.Type(str, default=SITE_DEFAULTS["page_cache"])


class RulebookPlugin(BasePlugin[_Options]):
    """``plugins: [rulebook]`` in ``mkdocs.yml``; options ``rules_dir``
    (default ``rules``), ``png_cache`` (default ``.cache/png``; rendered
    PNGs by the hash of their SVG, so unchanged diagrams are not rendered
    again) and ``page_cache`` (default ``.cache/pages``; each variant's files
    by the digest of their inputs, so editing one position makes only that
    variant's page again), all relative to ``mkdocs.yml``; and
    ``standard_games`` (``pages`` or ``extend-only``, the default: whether the
    standard games shipped with the package are on the site or only there to
    be extended). The plugin adds its stylesheet and script to every page, and
    makes the menu when ``mkdocs.yml`` has no ``nav`` (:func:`site_nav`)."""

    def __init__(self):
        self.catalog: Catalog | None = None
        self._404: dict[str, bytes] = {}
        self._stage = False                 # build into a staging folder (mkdocs build)
        self._publish = False               # a site to publish (mkdocs build, --dirty or not)
        self._site: Path | None = None      # the real site folder while staging
        self._failed = False
        self._built = False
        self._lock = None                   # held from a build's start to its end (see _take_lock)
        self._depth = 0                     # builds running inside this one (the i18n plugin's languages)
        self._drafts = False                # draft games are made (mkdocs serve)
        self._progress = SimulationProgress(log.info)     # the simulation's progress, in the build's log
        self._pages = [0, 0]                # pages made into HTML in this pass, of all of them
        self._play: dict[str, bytes] | None = None        # the player's data (generator.site.play), once a build
        self._pyodide: Path | None = None

    # -- a failed build leaves the previous site untouched --------------------
    def on_startup(self, *, command, dirty, **kwargs):
        """``mkdocs build`` (not ``--dirty``) writes into a staging folder
        beside the site folder; only a build that ends without error (strict
        warnings included) replaces the site with it (see :meth:`on_shutdown`).
        Only ``mkdocs serve`` shows draft games (under a banner); a built site
        leaves them out. Every handler of MkDocs' log gets a
        :class:`~generator.base.report.PrintableFilter`: a line the build logs about a
        generated page (a link's target, a file name) is one printable line,
        whoever logs it."""
        for handler in logging.getLogger("mkdocs").handlers:
            if not any(isinstance(f, PrintableFilter) for f in handler.filters):
                handler.addFilter(PrintableFilter())
        self._publish = command in ("build", "gh-deploy")
        self._stage = self._publish and not dirty
        self._drafts = command == "serve"
        self._site, self._failed, self._built = None, False, False

    def _take_lock(self, config) -> None:
        """Hold the site's build lock (``.cache/build.lock`` beside ``mkdocs.yml``)
        for this build: everything a build writes (the generated pages in
        ``docs/``, the caches, the staging folder and the swap) belongs to one
        build at a time. A second build waits for the first (saying so), up to
        ``lock_timeout`` seconds, then stops with exit status 1 and changes
        nothing. The lock is the operating system's (``filelock``): a killed
        build lets go of it."""
        import filelock

        if self._lock is not None:
            return
        path = Path(config.config_file_path).parent / ".cache" / "build.lock"
        link = link_on_the_way(path.parent.parent, path)
        if link is not None:
            raise _failure(f"{link}:1:1: error: {link_refusal(link, (path.parent,))}")
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _failure(f"rulebook: cannot make {path.parent} for the build lock: {exc.strerror or exc}") \
                from None
        lock = filelock.FileLock(str(path))
        try:
            lock.acquire(timeout=0)
        except filelock.Timeout:            # (an OSError too: caught first)
            log.info("rulebook: another build of this site is running; waiting for it to finish (up to %d s)",
                     self.config.lock_timeout)
            try:
                lock.acquire(timeout=self.config.lock_timeout)
            except filelock.Timeout:
                raise _failure(f"rulebook: another build of this site held {path} for "
                                  f"{self.config.lock_timeout} s; this build stopped and changed nothing "
                                  f"(run it again when the other has finished)") from None
        except OSError as exc:              # not a file that can be locked (a folder, say)
            raise _failure(f"rulebook: cannot take the build lock {path}: {exc.strerror or exc}") from None
        self._lock = lock

    def _release_lock(self) -> None:
        if self._lock is not None:
            self._lock.release(force=True)
            self._lock = None
        self._depth = 0

    def _staging(self) -> Path:
        return self._site.with_name(f".{self._site.name}.building")

    def on_build_error(self, error, **kwargs):
        """Mark the build failed (``mkdocs build`` then keeps the previous
        site). A file that could not be written (a full disk) stops the build
        with one clear line instead of a traceback."""
        from mkdocs.exceptions import Abort

        self._failed = True
        if not self._stage:                 # mkdocs serve: the next edit builds again
            self._release_lock()
        if isinstance(error, OSError):
            where = f" {error.filename}" if getattr(error, "filename", None) else ""
            log.error("rulebook: the build could not write%s: %s; the site was left as it was", where,
                      error.strerror or error)
            raise Abort(f"Aborted: {error.strerror or error}")

    def _write_player(self, site: Path) -> None:
        """Put the player of "Play a hand" into the built site: its script
        and its worker's, the site's service worker (which keeps them for
        offline play), its data (:func:`generator.site.play.play_files`) and Pyodide's files,
        when Pyodide was found (:func:`generator.site.play.find_pyodide`)."""
        if self._pyodide is None or self._play is None:
            return
        wanted = {PLAYER: (ASSETS_DIR / Path(PLAYER).name).read_bytes(),
                  PLAYER_WORKER: (ASSETS_DIR / Path(PLAYER_WORKER).name).read_bytes(), **self._play}
        wanted[SERVICE_WORKER] = service_worker((ASSETS_DIR / SERVICE_WORKER).read_text("utf-8"), wanted,
                                                PYODIDE_VERSION)
        for name, data in sorted(wanted.items()):
            path = site / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        (site / PYODIDE_DIR).mkdir(parents=True, exist_ok=True)
        for name in PYODIDE_COPIED:
            if not is_plain_file(self._pyodide / name):     # (found plain by find_pyodide; never followed)
                raise PyodideLinkError(self._pyodide / name)
            shutil.copyfile(self._pyodide / name, site / PYODIDE_DIR / name)

    @event_priority(-300)
    def _mark_built(self, config, **kwargs):
        """Every language is built (this runs after mkdocs-static-i18n's own
        post-build step, which builds the other languages). Without a
        ``site_url`` the sitemap could only list "None/..." addresses (and its
        gzip copy carries the build's time), so it is left out."""
        if not config.get("site_url"):
            for name in ("sitemap.xml", "sitemap.xml.gz"):
                (Path(config.site_dir) / name).unlink(missing_ok=True)
        if self._depth == 1:
            self._write_player(Path(config.site_dir))
        self._depth = max(0, self._depth - 1)
        if self._depth == 0:
            self._built = True
            self._play = None               # the next build (mkdocs serve) bundles the sources as they are then
            if not self._stage:             # mkdocs serve: this build is over
                self._release_lock()

    def on_page_markdown(self, markdown, page, config, **kwargs):
        """Put the list of the site's games where a page writes
        :data:`GAMES_MARK` (a new site's home pages do), linked from where
        the page is."""
        if GAMES_MARK not in markdown or self.catalog is None:
            return markdown
        parts = page.file.src_uri.split("/")[:-1]
        depth = len(parts) - (1 if parts and parts[0] in LANGS else 0)
        to_gen = "../" * depth + f"{GEN}/"
        return markdown.replace(GAMES_MARK, games_list(self.catalog, self._language(config), to_gen))

    def on_page_content(self, html, page, **kwargs):
        """Every page's HTML passes the site's one HTML policy
        (:mod:`generator.safety.sanitize`) after MkDocs has rendered it: what the
        policy does not allow never reaches a reader. A page that would lose
        anything stops the build (quiet or not, strict or not), and the
        previous site stays."""
        cleaned, problems = police(html)
        if problems:
            shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
            raise _failure(f"rulebook: {page.file.src_uri}: the site's HTML policy would remove from the page: "
                              f"{shown}")
        plain_titles(page, cleaned)
        self._pages[0] += 1
        self._progress.rendered(*self._pages)
        return break_table_text(keep_whole(cleaned))

    def on_shutdown(self, **kwargs):
        """Swap the staged site in when the build succeeded; drop it otherwise;
        then let go of the build lock."""
        try:
            self._swap()
        finally:
            self._release_lock()

    def _swap(self) -> None:
        if self._site is None:
            return
        staging, site = self._staging(), self._site
        self._site = None
        if self._failed or not self._built or not staging.is_dir() or staging.is_symlink():
            _remove(staging)
            log.error("rulebook: the build failed; %s was left as it was", site)
            return
        old = site.with_name(f".{site.name}.old")
        _remove(old)
        if site.exists():
            os.replace(site, old)
        os.replace(staging, site)
        _remove(old)

    def _rules(self, config) -> Path:
        return Path(config.config_file_path).parent / self.config.rules_dir

    def _catalog(self, config) -> Catalog:
        rules = self._rules(config)
        if self.catalog is None or self.catalog.dir != rules:
            self.catalog = Catalog(rules, standard_pages=self.config.standard_games == "pages")
        return self.catalog

    def on_config(self, config, **kwargs):
        """Put the plugin's template overrides in front of the theme's own
        templates, add its stylesheet and script, and make the menu when there
        is none (once: the i18n plugin builds every language with the same
        config)."""
        self._take_lock(config)
        self._depth += 1
        theme_dir = str(THEME_DIR)
        if theme_dir not in config.theme.dirs:
            config.theme.dirs.insert(0, theme_dir)
        for key, asset in (("extra_css", STYLESHEET), ("extra_javascript", SCRIPT)):
            if not any(str(getattr(x, "path", x)) == asset for x in config[key]):
                config[key].append(asset)
        if config.nav is None:
            config.nav = site_nav(self._catalog(config), drafts=self._drafts)
        elif not self._drafts:              # a draft's page is not built: the menu names it nowhere
            config.nav = without_pages(config.nav, draft_pages(self._catalog(config)))
        where = Path(config.site_dir)
        if self._publish and self._site is None:
            link = link_on_the_way(Path(config.config_file_path).parent, where) \
                or (where if where.is_symlink() else None)
            if link is not None:            # the swap (or a --dirty build) would write and delete through it
                self._failed = True
                raise _failure(f"{link}:1:1: error: this is a link: mkdocs build never writes the site's folder "
                               f"through a link (it replaces the folder as a whole, and would write and delete "
                               f"wherever the link leads); remove the link, or name the folder itself in site_dir")
        if self._stage and self._site is None:
            self._site = where.resolve()
            old = self._site.with_name(f".{self._site.name}.old")
            if not self._site.exists() and old.is_dir() and not old.is_symlink():
                os.replace(old, self._site)     # a build killed between the two renames of its swap
            staging = self._staging()
            _remove(staging)
            staging.mkdir(parents=True)
            config["site_dir"] = str(staging)
        return config

    def on_files(self, files, config, **kwargs):
        """Add the plugin's stylesheet and script to the site's files. A
        file of ``docs/`` (or of a theme folder in the site's folder) that is
        a link, or lies in a linked folder, leading out of the site's folder
        stops the build, each named: MkDocs would copy what it leads to into
        the site (:func:`outside_files`)."""
        from mkdocs.structure.files import File

        root = Path(config.config_file_path).parent
        own = [config.docs_dir] + [d for d in [getattr(config.theme, "custom_dir", None)] if d and inside(d, root)]
        outside = outside_files([f.abs_src_path for f in files if f.abs_src_path], own, root)
        if outside:
            self._failed = True
            for path in outside:
                log.error(f"{path}:1:1: error: {LINK_OUT_OF_SITE}")
            raise _failure(f"rulebook: {len(outside)} file(s) of {config.docs_dir} lead out of the site; "
                           f"the site was not built")
        for name in (STYLESHEET, SCRIPT):
            if files.get_file_from_path(name) is None:
                files.append(File.generated(config, name, abs_src_path=str(ASSETS_DIR / Path(name).name)))
        self._pages = [0, len(files.documentation_pages())]   # pages made into HTML, of all (the log's count)
        return files

    def on_pre_build(self, config, **kwargs):
        """Generate every page, diagram and schema into ``docs/``
        (:func:`generator.site.build.build_site`, what ``rulebook build``
        runs); a problem stops the build with every located error logged."""
        rules = self._rules(config)
        self._catalog(config)
        base = Path(config.config_file_path).parent
        png, pages = self.config.png_cache, self.config.page_cache
        if self.catalog.standard_pages:
            for house, game in self.catalog.dropped_shipped().items():
                log.info(f"rulebook: the standard house rule {house!r} is left out: it extends {game!r}, which "
                         f"{rules / game / 'variant.yaml'} replaces with this site's own rules")
        counts: dict = {}
        try:
            files, n = build_site(self.catalog, config.docs_dir, cache_dir=base / pages if pages else None,
                                  png_cache=base / png if png else None, counts=counts, drafts=self._drafts,
                                  progress=self._progress, root=base)
        except BuildError as exc:
            self._progress(-1, 0, "")
            for e in ordered_errors(exc.errors):
                log.error(str(e))
            where = "where the build writes" if all(e.message in LINK_MESSAGES for e in exc.errors) \
                else f"in {rules}"
            raise _failure(f"rulebook: {len(exc.errors)} problem(s) {where}; the site was not built") from None
        self._built = False
        try:
            self._pyodide, why = find_pyodide(base)
        except PyodideLinkError as exc:
            raise _failure(str(exc)) from None
        if self._pyodide is None and self._depth <= 1:     # once a build, not once a language
            warn_without_failing(NO_PYODIDE.format(version=PYODIDE_VERSION, why=why))
        elif self._play is None:
            if node_program() is None:
                log.info("rulebook: no Node.js (node on the PATH, or RULEBOOK_NODE): the player's Python goes "
                         "into the site as source, which the reader's browser compiles at every start (about "
                         "2 s more); install Node.js to ship it compiled")
            try:
                self._play = play_files(self.catalog, None if self._drafts else published_ids(self.catalog),
                                        pyodide=self._pyodide, cache=player_cache(base))
            except (RuntimeError, PrecompileError) as exc:
                raise _failure(f"rulebook: {exc}") from None
        log.info("rulebook: %d generated file(s), %d rewritten; pages made for %s, reused for %d variant(s)",
                 len(files), n, ", ".join(counts.get("made", [])) or "none", len(counts.get("reused", [])))

    def on_page_context(self, context, page, config, nav, **kwargs):
        """Give the templates ``rulebook_base``: this language's root seen from the page."""
        context["rulebook_base"] = language_base(context["base_url"], self._language(config))
        return context

    def on_template_context(self, context, template_name, config, **kwargs):
        """The same ``rulebook_base`` for pages from templates (the 404 page)."""
        context["rulebook_base"] = language_base(context["base_url"], self._language(config))
        return context

    def on_env(self, env, config, files, **kwargs):
        """Give the theme's templates (the 404 page) the pages' words in
        every language, and each language's home, relative to the site root."""
        env.globals["rulebook_messages"] = tables("pages")
        env.globals["rulebook_play"] = tables("play") if self._pyodide is not None else None
        env.globals["rulebook_home"] = {lang: language_folder(lang) for lang in LANGS}
        return env

    @staticmethod
    def _language(config) -> str:
        """The language being built (mkdocs-static-i18n sets the theme's language for each)."""
        return (config.theme.get("language") or LANGS[0]) if hasattr(config, "theme") else LANGS[0]

    def _keep_404_pages(self, config, **kwargs):
        """Keep one 404 page per language: every language build writes the
        site's root ``404.html``, so the last one (English) would win. The
        default language's page stays at the root, the others go under their
        folder (its links are absolute, so it works from there)."""
        root = Path(config.site_dir)
        page = root / "404.html"
        lang = self._language(config)
        if page.is_file():
            self._404[lang] = page.read_bytes()
        for code, data in self._404.items():
            if code != LANGS[0] and LANGS[0] in self._404:     # its language menu: the homes, not a game page
                data = home_switcher(data, self._404[LANGS[0]])
            target = page if code == LANGS[0] else root / code / "404.html"
            if target.parent.is_dir() and (not target.is_file() or target.read_bytes() != data):
                target.write_bytes(data)

    @event_priority(-200)
    def _split_search_index(self, config, **kwargs):
        """Give each language its own search index (``search/search_index.json``
        in its root folder; see :func:`split_search_index`). This runs after
        mkdocs-static-i18n (priority -100) has written the merged index at the
        root, so that the last build's split is the final one."""
        root = Path(config.site_dir)
        merged = root / SEARCH_INDEX
        if not merged.is_file():
            return
        for folder, data in split_search_index(json.loads(merged.read_text("utf-8"))).items():
            target = root / folder / SEARCH_INDEX
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(json.dumps(data, separators=(",", ":")), "utf-8")

    def _patch_search(self, config, **kwargs):
        if not patch_search_worker(config.site_dir):
            log.warning("rulebook: Material's search worker is not the one this plugin patches; a Japanese "
                        "search may show nothing (see generator/site/plugin.py, _LUNR_QUERY)")

    on_post_build = CombinedEvent(_keep_404_pages, _split_search_index, _patch_search, _mark_built)

    def on_serve(self, server, config, builder, **kwargs):
        """Watch the rules folder, and answer an unknown address with the 404
        page of the language it is in (MkDocs always serves the root one)."""
        server.watch(str(self._rules(config)))
        serve_request, site_dir = server.serve_request, config.site_dir
        mount = getattr(server, "mount_path", "/")
        asked = threading.local()

        def remember_path(environ, start_response):
            path = environ.get("PATH_INFO", "")
            asked.path = path[len(mount) - 1:] if path.startswith(mount) else path
            return serve_request(environ, start_response)

        server.set_app(remember_path)
        server.error_handler = lambda code: error_page(site_dir, getattr(asked, "path", "/"), code)
        _ignore_generated_files(server, config.docs_dir)
        return server
