"""The fix-ups of what MkDocs, Material and mkdocs-static-i18n make together,
as plain functions on built files and data (no MkDocs import): each language's
404 page and language menu (:func:`error_page`, :func:`home_switcher`), each
language's search index (:func:`split_search_index`) and a patched search
worker (:func:`patch_search_worker`), a language's root seen from a page
(:func:`language_base`), titles without markup (:func:`plain_titles`) and the
menu made from the catalog (:func:`site_nav`). The MkDocs plugin
(:mod:`.plugin`) calls them at its events.
"""

from __future__ import annotations

import re
from pathlib import Path

from ..base.i18n import LANGS
from ..model import Catalog, SourceError
from ..safety.sanitize import escape, heading_texts, plain_text
from .build import listed_order

__all__ = ["home_switcher", "language_folder", "language_base", "split_search_index", "error_page",
           "patch_search_worker", "plain_titles", "site_nav", "SEARCH_INDEX"]

#: Material's search index, relative to a language's root folder.
SEARCH_INDEX = "search/search_index.json"


#: A link of the language menu in a built page: its address and its language.
_SWITCH = re.compile(rb'<a href="([^"]*)" hreflang="([^"]*)" class="md-select__link"')


def home_switcher(page: bytes, default_page: bytes) -> bytes:
    """``page`` (a built HTML page) with its language menu linking, for each
    language, where ``default_page``'s menu links it (the 404 page of the
    default language links the home pages).

    >>> home = b'<a href="/" hreflang="ja" class="md-select__link"><a href="/en/" hreflang="en" class="md-select__link">'
    >>> home_switcher(b'<a href="/gen/sniff/" hreflang="ja" class="md-select__link">', home)
    b'<a href="/" hreflang="ja" class="md-select__link">'
    """
    homes = {lang: href for href, lang in _SWITCH.findall(default_page)}
    return _SWITCH.sub(lambda m: b'<a href="%s" hreflang="%s" class="md-select__link"'
                       % (homes.get(m.group(2), m.group(1)), m.group(2)), page)


def language_folder(lang: str) -> str:
    """The folder of language ``lang`` under the site root: ``""`` for the
    default language, ``"en/"`` for English.

    >>> language_folder("ja"), language_folder("en")
    ('', 'en/')
    """
    return "" if lang == LANGS[0] else f"{lang}/"


def language_base(base_url: str, lang: str) -> str:
    """The address of language ``lang``'s root folder seen from a page whose
    ``base_url`` (MkDocs: the site's root seen from that page) is given; the
    default language lives at the root, the others in a folder of their code.

    >>> language_base("../..", "ja"), language_base("../../..", "en"), language_base("/", "en")
    ('../../', '../../../en/', '/en/')
    """
    root = base_url.rstrip("/") + "/" if base_url not in ("", ".") else "./"
    return root + language_folder(lang)


def split_search_index(data: dict) -> dict[str, dict]:
    """Split the search index that mkdocs-static-i18n merges for all languages
    into one index per language, so that a search finds pages of the reader's
    language only. Keys are folders relative to the site root (``""`` for the
    default language); locations become relative to that folder, and each
    index names its own language alone (with lunr's pipeline for Japanese and
    English together, a search for tile notation such as "[4|4]" on the
    Japanese pages found nothing).

    >>> split = split_search_index({"config": {"lang": ["ja", "en"]},
    ...                             "docs": [{"location": "a/"}, {"location": "en/a/#x"}]})
    >>> split[""]
    {'config': {'lang': ['ja']}, 'docs': [{'location': 'a/'}]}
    >>> split["en/"]
    {'config': {'lang': ['en']}, 'docs': [{'location': 'a/#x'}]}
    """
    folders = {lang: language_folder(lang) for lang in LANGS}
    out = {folder: {"config": {**data["config"], "lang": [lang]}, "docs": []} for lang, folder in folders.items()}
    for doc in data["docs"]:
        loc = doc["location"]
        folder = next((f for f in folders.values() if f and loc.startswith(f)), "")
        out[folder]["docs"].append({**doc, "location": loc[len(folder):]})
    return out


def error_page(site_dir: str | Path, path: str, code: int) -> bytes | None:
    """The error page that ``mkdocs serve`` answers an address ``path`` (below
    the site's mount point, e.g. ``/en/no-such-page/``) with for HTTP status
    ``code``: the 404 page of the language whose folder the address is in
    (``<site>/en/404.html``), else the site's root one; ``None`` when there is
    none (MkDocs then answers with a line of text). A built site on a static
    host does the same with its server's own rules (see the README).
    """
    root = Path(site_dir)
    first = path.lstrip("/").split("/", 1)[0]
    candidates = [root / first / f"{code}.html"] if first in LANGS[1:] else []
    for page in candidates + [root / f"{code}.html"]:
        if page.is_file():
            return page.read_bytes()
    return None


#: lunr (inside Material's search worker) can expand a wildcard query word into a word that is not
#: in its index (lunr.js issue 314), and then throws: the search shows nothing at all. Seen with
#: Japanese queries, which Material turns into several wildcard words (表示得点 -> 表示* 得点*). The
#: patch skips such a word, as if it had matched nothing.
_LUNR_QUERY = "for(var b=0;b<v.length;b++)for(var E=v[b],w=this.invertedIndex[E],R=w._index,"
_LUNR_QUERY_SAFE = "for(var b=0;b<v.length;b++)if(this.invertedIndex[v[b]])for(var E=v[b],w=this.invertedIndex[E],R=w._index,"


def patch_search_worker(site_dir: str | Path) -> bool:
    """Make lunr's query in Material's search worker skip a word its index
    does not hold (see :data:`_LUNR_QUERY`). Returns whether the worker is
    patched (``False`` when Material's worker is not the one this knows: the
    browser tests then show whether searching still works)."""
    done = False
    for worker in sorted(Path(site_dir).glob("assets/javascripts/workers/search.*.min.js")):
        text = worker.read_text("utf-8")
        if _LUNR_QUERY_SAFE in text:
            done = True
        elif text.count(_LUNR_QUERY) == 1:
            worker.write_text(text.replace(_LUNR_QUERY, _LUNR_QUERY_SAFE), "utf-8")
            done = True
    return done


def plain_titles(page, html: str) -> None:
    """Make a page's title and its table of contents plain text (escaped once).

    The theme prints them as HTML outside the page's content: the table of
    contents as it is, and the title in ``<title>`` after ``striptags``, which
    decodes character references. Both come from the headings' Markdown, and a
    heading can hold HTML that a naive tag-stripper splits in the wrong place
    (``<span title="<!--">``), so each entry of the contents becomes the text
    of its heading in the page's final HTML (``html``, after the policy), and
    the title its plain text; the theme's ``<title>`` escapes again
    (``theme/main.html``). ``page`` is a MkDocs page (``title``, ``toc``)."""
    if page.title:
        page.title = escape(plain_text(page.title), attribute=False)
    texts = heading_texts(html)

    def walk(items):
        for item in items:
            item.title = escape(texts.get(item.id) or plain_text(item.title), attribute=False)
            walk(item.children)

    walk(page.toc or [])


def site_nav(catalog: Catalog, drafts: bool = False) -> list:
    """The menu of a site whose ``mkdocs.yml`` gives no ``nav``: the home page,
    the comparison of the games (when the site lists two or more that load,
    of any family), each listed game (:func:`~generator.pages.game.listed_order`:
    games with problems included, since the build reports them; drafts only with
    ``drafts``, the preview of ``mkdocs serve``: a built site has no page for
    them), the glossary and the options reference. Paths are relative to a
    language's folder, as in ``mkdocs.yml``."""
    order = []
    games = 0
    for vid in listed_order(catalog):
        try:
            v = catalog.variant(vid)
        except SourceError:
            order.append(vid)
            continue
        if v.draft and not drafts:
            continue
        order.append(vid)
        games += 1
    return (["index.md"] + (["gen/family.md"] if games >= 2 else []) + [f"gen/{v}.md" for v in order]
            + ["gen/glossary.md", "gen/options.md"])
