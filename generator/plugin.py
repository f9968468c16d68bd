"""The thin MkDocs plugin: before MkDocs collects files, generate every page,
diagram and PNG from ``rules/`` into ``docs/<lang>/gen/``; fail the build with
``FILE:LINE:COL`` lines when any position or stated value is wrong; watch
``rules/`` under ``mkdocs serve``. The work is in :mod:`generator.pages`.
"""

from __future__ import annotations

import logging
from pathlib import Path

from mkdocs.config import config_options as c
from mkdocs.config.base import Config
from mkdocs.exceptions import PluginError
from mkdocs.plugins import BasePlugin

from . import svg
from .describe import LANGS
from .model import Catalog
from .pages import GEN, BuildError, generate, write_tree

log = logging.getLogger("mkdocs.plugins.rulebook")

__all__ = ["RulebookPlugin"]


class _Options(Config):
    rules_dir = c.Type(str, default="rules")
    #: Folder (relative to ``mkdocs.yml``) keeping rendered PNGs by the hash of their SVG; "" for none.
    png_cache = c.Type(str, default=".cache/png")
    #: Folder (relative to ``mkdocs.yml``) keeping each variant's generated files by the digest of
    #: their inputs, so that only pages whose inputs changed are made again; "" for none.
    page_cache = c.Type(str, default=".cache/pages")


class RulebookPlugin(BasePlugin[_Options]):
    """``plugins: [rulebook]`` in ``mkdocs.yml``; options ``rules_dir``
    (default ``rules``), ``png_cache`` (default ``.cache/png``; rendered
    PNGs by the hash of their SVG, so unchanged diagrams are not rendered
    again) and ``page_cache`` (default ``.cache/pages``; each variant's files
    by the digest of their inputs, so editing one position makes only that
    variant's page again), all relative to ``mkdocs.yml``."""

    def __init__(self):
        self.catalog: Catalog | None = None
        self._done_for: int | None = None
        self._404: dict[str, bytes] = {}

    def _rules(self, config) -> Path:
        return Path(config.config_file_path).parent / self.config.rules_dir

    def on_pre_build(self, config, **kwargs):
        rules = self._rules(config)
        if self.catalog is None or self.catalog.dir != rules:
            self.catalog = Catalog(rules)
        cache = self.config.png_cache
        svg.PNG_CACHE = Path(config.config_file_path).parent / cache if cache else None
        base = Path(config.config_file_path).parent
        pages = self.config.page_cache
        counts: dict = {}
        try:
            files = generate(self.catalog, cache_dir=base / pages if pages else None, stats=counts)
        except BuildError as exc:
            for e in exc.errors:
                log.error(str(e))
            raise PluginError(f"rulebook: {len(exc.errors)} problem(s) in {rules}; "
                              "the site was not built") from None
        n = write_tree(files, config.docs_dir, tuple(f"{lang}/{GEN}" for lang in LANGS))
        log.info("rulebook: %d generated file(s), %d rewritten; pages made for %s, reused for %d variant(s)",
                 len(files), n, ", ".join(counts.get("made", [])) or "none", len(counts.get("reused", [])))

    def on_post_build(self, config, **kwargs):
        """Keep one 404 page per language: every language build writes the
        site's root ``404.html``, so the last one (English) would win. The
        default language's page stays at the root, the others go under their
        folder (its links are absolute, so it works from there)."""
        root = Path(config.site_dir)
        page = root / "404.html"
        lang = (config.theme.get("language") or LANGS[0]) if hasattr(config, "theme") else LANGS[0]
        if page.is_file():
            self._404[lang] = page.read_bytes()
        for code, data in self._404.items():
            target = page if code == LANGS[0] else root / code / "404.html"
            if target.parent.is_dir() and (not target.is_file() or target.read_bytes() != data):
                target.write_bytes(data)

    def on_serve(self, server, config, builder, **kwargs):
        server.watch(str(self._rules(config)))
        return server
