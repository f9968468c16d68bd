"""The built site in a real browser: Playwright drives Debian's Chromium over a
local HTTP server (search does not work from file://).

Both languages load, the language switcher keeps the page, the footer links
walk the navigation, table-of-contents links reach headings with Japanese ids,
search finds Japanese and English terms in the reader's language; on every
page every image shows and has loaded, every PNG link and internal link works,
nothing is logged as an error, no request fails or leaves the local server,
and axe-core finds no serious or critical accessibility problem; printing
keeps figures whole and hides the site's chrome.

Without Chromium (or Playwright) these tests are skipped, unless
``RULEBOOK_REQUIRE_BROWSER=1`` (as in CI) makes that a failure.
``RULEBOOK_CHROMIUM`` names another Chromium executable.
"""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import ROOT, Tab, serve_site  # noqa: F401 (the session's browser is conftest's)

try:
    from axe_playwright_python.sync_playwright import Axe
    from playwright.sync_api import Page, expect
except ImportError as exc:  # not installed: the tests skip (or fail when required)
    _IMPORT_ERROR: ImportError | None = exc
else:
    _IMPORT_ERROR = None

REQUIRED = os.environ.get("RULEBOOK_REQUIRE_BROWSER") == "1"
LANG_PREFIX = {"ja": "", "en": "en/"}


def _nav_pages() -> list[str]:
    """The pages of ``mkdocs.yml``'s nav in order, as paths under a language
    root ("" for the home page, "gen/family/", ...)."""

    class Loader(yaml.SafeLoader):
        """Reads mkdocs.yml, ignoring its ``!!python/...`` tags."""

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: None)
    nav = yaml.load((ROOT / "mkdocs.yml").read_text("utf-8"), Loader)["nav"]

    def files(entries):
        for entry in entries:
            if isinstance(entry, dict):
                for value in entry.values():
                    yield from files(value if isinstance(value, list) else [value])
            else:
                yield entry

    return ["" if f == "index.md" else f.removesuffix(".md") + "/" for f in files(nav)]


NAV = _nav_pages()
#: Each game's quick-reference card (linked from its page, not from the menu).
CARDS = [f"gen/{p.parent.name}-card/" for p in sorted((ROOT / "rules").glob("*/variant.yaml"))]
def _is_game_page(path: str) -> bool:
    """Whether ``path`` (under the site root) is a game's page."""
    rest = path.removeprefix("en/")
    return rest.startswith("gen/") and rest.removeprefix("gen/").rstrip("/") in _GAME_IDS


#: Every page of the site: both languages' nav pages, cards and 404 pages.
PAGES = [LANG_PREFIX[lang] + p for lang in LANG_PREFIX for p in NAV + CARDS] + ["404.html", "en/404.html"]
#: The games' ids in order (their pages are gen/<id>/).
_GAME_IDS = [p.parent.name for p in sorted((ROOT / "rules").glob("*/variant.yaml"))]


def _axe_game(path: str) -> bool:
    """Whether axe-core checks the game page ``path``: each game's page in one language (every other
    game by id in English, the rest in Japanese) and the first game of each family in both: the game
    pages are one template per family filled with words, tables and figures, so every family's page
    is checked in both languages and every game's once, and more games do not double the run."""
    from conftest import one_game_a_family

    lang = "en" if path.startswith("en/") else "ja"
    game = path.removeprefix("en/").removeprefix("gen/").rstrip("/")
    return game in one_game_a_family() or _GAME_IDS.index(game) % 2 == (lang == "ja")


#: The pages axe-core checks: every page but the games' and the cards; the games' pages of
#: :func:`_axe_game`; one card per language (the cards are one template filled with words and tables;
#: the print test reads every one of them).
AXE_PAGES = ([p for p in PAGES if not p.endswith("-card/") and not _is_game_page(p)]
             + [p for p in PAGES if _is_game_page(p) and _axe_game(p)]
             + [LANG_PREFIX[lang] + CARDS[0] for lang in LANG_PREFIX])
#: The pages whose language menu is clicked in each direction: the home page, a game page, a generated
#: page and a hand-written one (test_site.py checks the menu's addresses on every page).
SWITCHED = ["", "gen/horse-race/", "gen/glossary/", "authoring/"]


def _page_id(path: str) -> str:
    """A test id for a page: its address under the site root."""
    return "/" + path


def _lang_of(path: str) -> str:
    """The language of a page, from its path under the site root."""
    return "en" if path.startswith("en/") else "ja"


# ---------------------------------------------------------------- fixtures


@pytest.fixture(scope="session")
def site_dir(chromium, built_repo) -> Path:
    """The built site (the session's one build, shared with test_site.py)."""
    return built_repo / "site"


@pytest.fixture(scope="session")
def base_url(site_dir):
    """The built site served over HTTP on a free local port."""
    with serve_site(site_dir) as url:
        yield url


@pytest.fixture
def tab(_browser_tab, base_url):
    """The shared tab, its records cleared for this test."""
    _browser_tab.reset()
    return _browser_tab


@pytest.fixture(scope="session")
def fetched(_browser_tab):
    """``fetched(url)``: (status, content type, body) of a URL, each requested once."""
    cache: dict[str, tuple[int, str, bytes]] = {}

    def get(url: str) -> tuple[int, str, bytes]:
        if url not in cache:
            res = _browser_tab.page.context.request.get(url, fail_on_status_code=False)
            cache[url] = (res.status, res.headers.get("content-type", ""), res.body())
        return cache[url]

    return get


@functools.cache
def _ids(html: bytes) -> frozenset[str]:
    """Every element id of an HTML page (the targets of its #fragments)."""
    return frozenset(el["id"] for el in BeautifulSoup(html, "html.parser").find_all(id=True))


# ---------------------------------------------------------------- languages, navigation, anchors


@pytest.mark.parametrize("lang,title", [("ja", "ドミノ・ルールブック"), ("en", "The Domino Rulebook")], ids=["ja", "en"])
def test_both_languages_load(tab, base_url, lang, title):
    """Each language's home page loads in its language with its own site name."""
    tab.page.goto(base_url + LANG_PREFIX[lang])
    expect(tab.page.locator("html")).to_have_attribute("lang", lang)
    expect(tab.page.locator("article h1")).to_have_text(re.compile("^" + re.escape(title)))
    expect(tab.page).to_have_title(re.compile(re.escape(title)))


@pytest.mark.parametrize("path", SWITCHED, ids=_page_id)
@pytest.mark.parametrize("src,dst", [("ja", "en"), ("en", "ja")])
def test_language_switcher_lands_on_the_same_page(tab, base_url, path, src, dst):
    """Choosing the other language in the header's menu opens the same page in it."""
    page = tab.page
    page.goto(base_url + LANG_PREFIX[src] + path)
    page.locator(".md-header .md-select").hover()  # Material's language menu opens on hover
    page.locator(f'.md-select__link[hreflang="{dst}"]').click()
    expect(page).to_have_url(base_url + LANG_PREFIX[dst] + path)
    expect(page.locator("html")).to_have_attribute("lang", dst)


@pytest.mark.parametrize("src,dst", [("ja", "en"), ("en", "ja")])
@pytest.mark.parametrize("where", ["gen/block/#settlement", "authoring/#house-rules-and-new-games", "#for-authors"])
def test_language_switcher_keeps_the_section(tab, base_url, src, dst, where):
    """A reader at a section of a page lands at the same section in the
    other language: game pages, the authoring guide and the home page give
    their sections the same ids in both languages."""
    page = tab.page
    page.goto(base_url + LANG_PREFIX[src] + where)
    page.locator(".md-header .md-select").hover()
    page.locator(f'.md-select__link[hreflang="{dst}"]').click()
    expect(page).to_have_url(base_url + LANG_PREFIX[dst] + where)
    slug = where.split("#")[1]
    expect(page.locator(f'[id="{slug}"]')).to_have_count(1)


@pytest.mark.parametrize("lang", LANG_PREFIX)
def test_sidebar_walks_the_whole_nav(tab, base_url, lang):
    """From the home page, the sidebar's link to each page opens that page,
    with its title as heading and its entry marked as the current one."""
    page, root = tab.page, base_url + LANG_PREFIX[lang]
    # the pictures are not fetched on this walk (every page's pictures are checked on their own, in
    # test_browser_pages.py): the walk is about the menu, and twenty pages of diagrams take a while
    pictures = re.compile(r"\.(svg|png)$")
    page.route(pictures, lambda route: route.abort())
    try:
        page.goto(root)
        for path in NAV[1:]:
            links = page.locator(".md-sidebar--primary a.md-nav__link")
            targets = links.evaluate_all("els => els.map(e => e.href)")  # resolved against the page
            assert targets.count(root + path) == 1, (path, targets)
            link = links.nth(targets.index(root + path))
            title = link.inner_text().strip()
            link.click()
            expect(page).to_have_url(root + path)
            expect(page.locator("article h1")).to_have_text(re.compile("^" + re.escape(title)))
            expect(page.locator(".md-sidebar--primary a.md-nav__link--active")).to_have_text(title)
    finally:
        page.unroute(pictures)


@pytest.mark.parametrize("path", ["", "authoring/", "gen/glossary/"], ids=_page_id)
def test_toc_entry_scrolls_to_its_heading(tab, base_url, path):
    """Clicking the last table-of-contents entry of a Japanese page scrolls to
    the one element with its id."""
    page = tab.page
    page.goto(base_url + path)
    toc = page.locator(".md-sidebar--secondary a.md-nav__link")
    hrefs = toc.evaluate_all("els => els.map(e => e.getAttribute('href'))")
    assert hrefs, "no TOC entry"
    href = hrefs[-1]  # the last one, far enough down to need a scroll
    page.locator(f'.md-sidebar--secondary a.md-nav__link[href="{href}"]').click()
    slug = unquote(href.lstrip("#"))
    page.wait_for_url(lambda url: unquote(url).endswith(f"{path}#{slug}"))
    heading = page.locator(f'[id="{slug}"]')
    expect(heading).to_have_count(1)
    expect(heading).to_be_in_viewport()
    assert page.evaluate("window.scrollY") > 0


# ---------------------------------------------------------------- search


def _search(page: "Page", base_url: str, lang: str, query: str) -> list[str]:
    """Type ``query`` into Material's search box on a page in ``lang``; the
    results' targets, best first, as paths under the site root (with a
    ``#fragment`` when a result is a section)."""
    warnings: list[str] = []
    page.on("console", lambda m: warnings.append(m.text))
    page.goto(base_url + LANG_PREFIX[lang] + "gen/horse-race/", wait_until="networkidle")  # index loaded
    box = page.locator(".md-search__input")
    box.click()
    box.press_sequentially(query)
    # Material searches on key release. Playwright inserts characters that no
    # key types (Japanese) without key events; a person's input method ends
    # with a key release, which End (it changes nothing) stands in for.
    box.press("End")
    links = page.locator(".md-search-result__list a.md-search-result__link")
    try:
        expect(links.first).to_be_attached(timeout=15_000)
    finally:                # lunr refusing the query (a crash in its word index) shows as a warning
        assert not [w for w in warnings if "Invalid query" in w], warnings
    found = [urlsplit(h) for h in links.evaluate_all("els => els.map(e => e.href)")]
    return [unquote(u.path.lstrip("/")) + (f"#{unquote(u.fragment)}" if u.fragment else "") for u in found]


@pytest.mark.parametrize("lang,query,expected", [
    ("ja", "分岐ダブル", "gen/glossary/#branch-double"),
    ("ja", "表示得点", "gen/glossary/#displayed-points"),
    ("en", "spinner", "en/gen/glossary/#spinner"),
    ("en", "displayed points", "en/gen/glossary/#displayed-points"),
    # the names players use, which the glossary lists as other names
    ("ja", "ゾロ目", "gen/glossary/#double"),
    ("ja", "ぞろ目", "gen/glossary/#double"),
    ("ja", "ボーンヤード", "gen/glossary/#stock"),
    ("ja", "ストック", "gen/glossary/#stock"),
    ("en", "bone pile", "en/gen/glossary/#stock"),
    # the tiles' common English name, in both languages
    ("en", "bones", "en/gen/glossary/#tile"),
    ("ja", "bones", "gen/glossary/#tile"),
    ("ja", "ボーン", "gen/glossary/#tile"),
])
def test_search_finds_terms_in_the_readers_language(tab, base_url, lang, query, expected):
    """Typed into Material's search box, a glossary term, or another name
    players use for it, finds its glossary entry, and every result is a page
    of the language being read."""
    targets = _search(tab.page, base_url, lang, query)
    assert expected in targets, targets
    assert all(_lang_of(t) == lang for t in targets), targets


@pytest.mark.parametrize("lang,query,expected", [
    ("ja", "ホースレース", "gen/horse-race/"),
    ("ja", "マギンズ", "gen/all-fives/"),
    ("en", "Muggins", "en/gen/all-fives/"),
    ("en", "Mexican Train Dominoes", "en/gen/mexican-train/"),
])
def test_search_finds_a_game_by_the_names_players_use(tab, base_url, lang, query, expected):
    """A game's other name finds that game's page among the first two pages
    of results (the glossary, whose table of game names lists it, may come
    first); the glossary's table is found too."""
    targets = _search(tab.page, base_url, lang, query)
    pages = list(dict.fromkeys(t.split("#")[0] for t in targets))
    assert expected in pages[:2], targets
    assert LANG_PREFIX[lang] + "gen/glossary/#game-names" in targets, targets


@pytest.mark.parametrize("query", ["5の倍数", "ダブルの", "牌を", "換算前の得点", "20点"])
def test_search_finds_japanese_phrases_with_particles(tab, base_url, fetched, query):
    """A Japanese query written as players write it, with its particle (の,
    を) or counter (点) attached, finds pages that contain those very words:
    the best result's page holds the phrase."""
    targets = _search(tab.page, base_url, "ja", query)
    best = targets[0].split("#")[0]
    status, _, body = fetched(base_url + best)
    assert status == 200
    text = BeautifulSoup(body, "html.parser").select_one("article").get_text()
    assert query in text, (best, targets)


@pytest.fixture(scope="session")
def axe(chromium):
    """axe-core, as shipped in axe-playwright-python (no download)."""
    return Axe()


# ---------------------------------------------------------------- print


def test_print_keeps_figures_with_captions_and_hides_the_chrome(tab, base_url):
    """Print media: figures and captions avoid page breaks between or inside
    them (not so on screen), and the header, sidebars, search and footer are
    hidden while the article stays."""
    page = tab.page
    page.goto(base_url + "gen/horse-race/")
    figures = page.locator("figure.rb-figure")
    chrome = [".md-header", ".md-sidebar--primary", ".md-sidebar--secondary", ".md-search", ".md-footer"]
    assert figures.count() > 0
    assert set(figures.evaluate_all("els => els.map(e => getComputedStyle(e).breakInside)")) == {"auto"}
    page.evaluate("document.querySelector('#ex-four-steps').open = false")      # folded by the reader
    page.emulate_media(media="print")
    try:
        expect(page.locator("#ex-four-steps figure").first).to_be_visible()      # printed all the same
        assert set(figures.evaluate_all("els => els.map(e => getComputedStyle(e).breakInside)")) == {"avoid"}
        captions = page.locator("figure.rb-figure > figcaption")
        assert captions.count() == figures.count()
        assert set(captions.evaluate_all("els => els.map(e => getComputedStyle(e).breakBefore)")) == {"avoid"}
        for selector in chrome:
            expect(page.locator(selector)).to_be_hidden()
        expect(page.locator("article h1")).to_be_visible()
    finally:
        page.emulate_media(media="screen")
    expect(page.locator(".md-header")).to_be_visible()


def _pdf_pages(pdf: bytes) -> int:
    """The number of pages of a PDF that Chromium printed (one page object each)."""
    return len(re.findall(rb"/Type\s*/Page[^s]", pdf))


@pytest.mark.parametrize("lang", LANG_PREFIX)
def test_every_quick_reference_card_prints_on_one_a4_page(_browser_tab, base_url, lang):
    """Chromium's print to PDF, on A4 paper: each game's card is one page."""
    page = _browser_tab.page.context.new_page()
    try:
        assert len(CARDS) == 33                    # the nine games of the seeds, Cuban Dominoes, Texas 42, Chicken Foot, Pai Gow, Tien Gow, Cyprus, Moon, 17 house rules
        for card in CARDS:
            page.goto(base_url + LANG_PREFIX[lang] + card, wait_until="load")   # its pictures too
            page.evaluate("document.fonts.ready.then(() => true)")                 # and its fonts
            expect(page.locator("article .rb-card")).to_be_visible()
            assert _pdf_pages(page.pdf(format="A4")) == 1, card
    finally:
        page.close()


def test_a_game_page_links_its_card(tab, base_url):
    page = tab.page
    page.goto(base_url + "en/gen/sniff/")
    page.locator("a.rb-card-link").click()
    page.wait_for_url("**/gen/sniff-card/")
    expect(page.locator("article h1")).to_have_text(re.compile("^Sniff: quick reference"))


def test_the_comparison_table_takes_the_width_of_a_wide_screen(tab, base_url):
    """At 1280 px the comparison page has no empty column beside its table:
    no table of contents, the table's box reaches the window's right side
    (less the page's margin), and the menu stays. Sixteen games are wider
    than that box: the table scrolls there and shows its cue; on a 1920 px
    screen the whole table fits (no scrolling, no cue), in both languages."""
    page = tab.page
    try:
        for lang in LANG_PREFIX:
            page.set_viewport_size({"width": 1280, "height": 900})
            page.goto(base_url + LANG_PREFIX[lang] + "gen/family/")
            expect(page.locator(".md-sidebar--secondary")).to_be_hidden()
            expect(page.locator(".md-sidebar--primary")).to_be_visible()
            wrap = page.locator(".md-typeset__scrollwrap").first
            box = wrap.bounding_box()
            assert box["x"] + box["width"] >= 1280 - 60, box
            if not wrap.evaluate("w => w.scrollWidth <= w.clientWidth + 1"):
                expect(page.locator(".rb-scroll-hint").first).to_be_visible()
            page.set_viewport_size({"width": 1920, "height": 900})
            page.goto(base_url + LANG_PREFIX[lang] + "gen/family/")
            wrap = page.locator(".md-typeset__scrollwrap").first
            assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth + 1"), lang
            expect(page.locator(".rb-scroll-hint")).to_have_count(0)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", LANG_PREFIX)
def test_wide_tables_print_whole_at_the_papers_width(tab, base_url, lang):
    """Print media: the comparison (on its own sideways pages, A4 landscape
    less 10 mm margins: 1047 px) and Mexican Train's tables (A4 portrait less
    12 mm: 718 px) are laid out at the paper's width, none reaching past the
    article, and no line says that a table scrolls (paper does not)."""
    page = tab.page
    try:
        for path, width in (("gen/family/", 1047), ("gen/mexican-train/", 718)):
            page.set_viewport_size({"width": width, "height": 1000})
            page.goto(base_url + LANG_PREFIX[lang] + path)
            page.wait_for_selector(".md-typeset__scrollwrap")
            page.emulate_media(media="print")
            found = page.evaluate("""() => {
              const limit = document.querySelector('article').getBoundingClientRect().right + 1;
              return {past: [...document.querySelectorAll('article table, article img')]
                        .filter(t => t.getBoundingClientRect().right > limit).length,
                      hints: [...document.querySelectorAll('.rb-scroll-hint')]
                        .filter(h => h.getBoundingClientRect().height > 0).length,
                      page: getComputedStyle(document.querySelector('.rb-comparison') || document.body).page};
            }""")
            pdf = page.pdf(format="A4") if path == "gen/family/" else b""    # (in print media still)
            page.emulate_media(media="screen")
            assert found["past"] == 0 and found["hints"] == 0, (path, found)
            if path == "gen/family/":
                assert found["page"] == "rb-wide"
                assert re.search(rb"/MediaBox\s*\[0 0 842\.\d* 595\.", pdf), "the comparison is not printed sideways"
    finally:
        page.emulate_media(media="screen")
        page.set_viewport_size({"width": 1280, "height": 900})


@pytest.mark.parametrize("lang", LANG_PREFIX)
def test_worked_examples_fold_on_a_phone(tab, base_url, lang):
    """On a 400 px screen Mexican Train's worked examples are folded, each
    under its visible title, and open when tapped; an address into one (a
    step of Horse Race's four-step example) opens it at that step. On a wide
    screen they are open."""
    page = tab.page
    page.set_viewport_size({"width": 400, "height": 900})
    try:
        page.goto(base_url + LANG_PREFIX[lang] + "gen/mexican-train/")
        examples = page.locator("details.rb-example")
        assert examples.count() >= 10
        assert examples.evaluate_all("els => els.filter(e => e.open).length") == 0
        titles = examples.locator(":scope > summary")
        for k in range(titles.count()):
            expect(titles.nth(k)).to_be_visible()
            assert titles.nth(k).inner_text().strip()
        first = examples.first
        expect(first.locator("figure, table").first).to_be_hidden()
        titles.first.click()
        expect(first.locator("figure, table").first).to_be_visible()
        page.goto(base_url + LANG_PREFIX[lang] + "gen/horse-race/#ex-four-steps-step-3")
        example = page.locator("#ex-four-steps")
        expect(example).to_have_attribute("open", "")
        expect(example.locator(".rb-step-status")).to_have_text(_STEP_STATUS[lang].format(k=3, n=4))
        assert _visible_steps(example) == ["ex-four-steps-step-3"]
        assert page.locator("details.rb-example:not([open])").count() > 0      # the others stay folded
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(base_url + LANG_PREFIX[lang] + "gen/mexican-train/")
    assert page.locator("details.rb-example:not([open])").count() == 0


def test_every_comparison_table_fits_its_window_above_a_phone(tab, base_url):
    """A comparison table holds at most five games, so from 45em (720 px: below it the tables
    stack) up, every table fits its box: no game is off to the side, and no row label
    scrolls away. Its rows start with the number of players."""
    page = tab.page
    try:
        for width in (720, 900, 1280):
            page.set_viewport_size({"width": width, "height": 900})
            page.goto(base_url + "en/gen/family/")
            wide = page.locator(".md-typeset__scrollwrap").evaluate_all(
                "ws => ws.filter(w => w.scrollWidth > w.clientWidth + 1).length")
            assert wide == 0, f"{wide} table(s) wider than the window at {width} px"
            expect(page.locator(".md-typeset__scrollwrap table tbody tr td").first).to_have_text("Players")
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})


# ---------------------------------------------------------------- step-through examples

_STEP_STATUS = {"ja": "{n}手中{k}手目", "en": "Step {k} of {n}"}


def _visible_steps(example) -> list[str]:
    return example.locator(":scope > .rb-step").evaluate_all(
        "els => els.filter(e => e.getBoundingClientRect().height > 0).map(e => e.id)")


@pytest.mark.parametrize("lang", LANG_PREFIX)
def test_an_example_steps_by_buttons_keys_and_address(tab, base_url, lang):
    """Horse Race's four-step example shows one placement at a time: the
    buttons and the arrow keys move between steps, the count says where the
    reader is, each step shows its diagram and its caption (with the score),
    and each step has an address that opens the example at it."""
    page = tab.page
    url = base_url + LANG_PREFIX[lang] + "gen/horse-race/"
    page.goto(url)
    example = page.locator("#ex-four-steps")
    steps = example.locator(":scope > .rb-step")
    ids = steps.evaluate_all("els => els.map(e => e.id)")
    assert ids == [f"ex-four-steps-step-{k}" for k in range(1, 5)]
    status = example.locator(".rb-step-status")
    prev, nxt = example.locator("button.rb-step-prev"), example.locator("button.rb-step-next")
    expect(status).to_have_text(_STEP_STATUS[lang].format(k=1, n=4))
    assert _visible_steps(example) == [ids[0]]
    expect(prev).to_be_disabled()
    for k in (2, 3, 4):
        nxt.click()
        expect(status).to_have_text(_STEP_STATUS[lang].format(k=k, n=4))
        assert _visible_steps(example) == [ids[k - 1]]
        assert page.evaluate("location.hash") == f"#{ids[k - 1]}"
        shown = example.locator(f"#{ids[k - 1]}")
        expect(shown.locator("figure img")).to_be_visible()
        assert re.search(r"\d", shown.locator("figcaption").inner_text())
    expect(nxt).to_be_disabled()
    expect(prev).to_be_focused()               # focus stays in the example when Next runs out
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(status).to_have_text(_STEP_STATUS[lang].format(k=2, n=4))
    page.keyboard.press("ArrowRight")
    expect(status).to_have_text(_STEP_STATUS[lang].format(k=3, n=4))
    expect(example.locator(".rb-stepper")).to_have_attribute("role", "group")
    page.goto(base_url + "404.html")
    page.goto(url + "#ex-four-steps-step-3")
    expect(status).to_have_text(_STEP_STATUS[lang].format(k=3, n=4))
    assert _visible_steps(example) == [ids[2]]
    page.wait_for_load_state("load")
    header = page.locator(".md-header").bounding_box()
    bar = example.locator(".rb-stepper").bounding_box()
    assert header["y"] + header["height"] <= bar["y"] and bar["y"] + bar["height"] <= 900   # the buttons in view


@pytest.mark.parametrize("fragment", ["%", "ex-x%zz"])
def test_a_malformed_address_is_no_address(tab, base_url, fragment):
    """An address whose fragment is no proper percent-encoding (``#%``,
    ``#ex-x%zz``: the page's script cannot decode either) names nothing: the
    page opens as it does with no address, raising no error, and its parts
    all work: the four-step example steps (from step 1, and its address
    follows), a practice position offers its plays, and "Play a hand" waits
    for the reader. Followed on the page itself (the address changes, the
    page stays), it leaves the example where it was."""
    page = tab.page
    page.goto("about:blank")                       # (from another page: a new load, not a move on the same page)
    tab.reset()                                    # (what the page before left unfinished is not this page's)
    page.goto(base_url + "en/gen/horse-race/#" + fragment)
    assert page.evaluate("location.hash") == "#" + fragment          # the address the reader followed
    example = page.locator("#ex-four-steps")
    status = example.locator(".rb-step-status")
    expect(status).to_have_text(_STEP_STATUS["en"].format(k=1, n=4))
    assert _visible_steps(example) == ["ex-four-steps-step-1"]
    example.locator("button.rb-step-next").click()
    expect(status).to_have_text(_STEP_STATUS["en"].format(k=2, n=4))
    assert page.evaluate("location.hash") == "#ex-four-steps-step-2"
    assert page.locator("#ex-practice-four-four button.rb-choice").count() == 3     # its three legal plays
    expect(page.locator("[data-rb-play][data-state=idle] [data-rb-start]")).to_be_visible()
    page.evaluate(f"location.hash = {'#' + fragment!r}")               # a link on the page to the same
    page.wait_for_timeout(200)                                         # (the hashchange handler has run)
    expect(status).to_have_text(_STEP_STATUS["en"].format(k=2, n=4))
    assert tab.errors == []


def test_stepping_and_choosing_keep_focus_and_contrast(tab, base_url, axe):
    """Focus on a link of the step about to hide moves to the buttons, not
    to the page; after the buttons are used (focused, pressed), axe-core still
    finds no serious problem (a focused button's colours included)."""
    page = tab.page
    page.goto(base_url + "en/gen/horse-race/")
    example = page.locator("#ex-four-steps")
    example.locator(".rb-step.rb-current a").first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.classList.contains('rb-step-next')")
    example.locator("button.rb-step-next").click()             # focused and under the pointer
    page.wait_for_timeout(300)                                  # (Material's colour transition)
    serious = [v["id"] for v in axe.run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious
    page.goto(base_url + "en/gen/draw/")
    page.locator("#ex-practice-keep-playable button.rb-choice").nth(1).click()
    page.locator("#ex-practice-keep-playable button.rb-choice").nth(2).focus()
    page.wait_for_timeout(300)
    serious = [v["id"] for v in axe.run(page).response["violations"] if v["impact"] in ("serious", "critical")]
    assert not serious, serious


def test_without_javascript_an_example_shows_its_chosen_steps(_browser_tab, base_url):
    """With scripts off there are no buttons, and an example shows the steps
    the page chose (those with stated values, refusals and the last), as
    before stepping existed."""
    context = _browser_tab.page.context.browser.new_context(java_script_enabled=False)
    try:
        page = context.new_page()
        page.goto(base_url + "en/gen/horse-race/")
        assert page.locator(".rb-stepper").count() == 0
        # the nine placements of the side-branch example: the page chose steps 5 to 9
        example = page.locator("#ex-side-branches")
        assert _visible_steps(example) == [f"ex-side-branches-step-{k}" for k in range(5, 10)]
        example = page.locator("#ex-four-steps")       # every step states its score: all four show
        assert _visible_steps(example) == [f"ex-four-steps-step-{k}" for k in range(1, 5)]
    finally:
        context.close()


# ---------------------------------------------------------------- practice positions

_VERDICT = {"ja": ("正解です。最善手の一つです。", "最善ではありません。もう一度選ぶか、下の答えを開いてください。"),
            "en": ("Yes: that is one of the best plays.", "Not the best: try again, or open the answer below.")}


@pytest.mark.parametrize("lang", LANG_PREFIX)
def test_a_practice_position_is_answered_by_choosing_a_play(tab, base_url, lang):
    """Draw's practice position (seed 003's table, ends 2 and 5, hand 2-5,
    1-2, 5-6): one button per legal play, none giving the answer away;
    choosing the 2-5 on the 2 end (which leaves only the 5-6 playable) opens
    the answer and says it is not the best; choosing the 1-2 (after which
    both other tiles can follow) says it is. A wrong choice keeps the answer
    closed (the reader tries again); the right one opens it."""
    page = tab.page
    page.goto(base_url + LANG_PREFIX[lang] + "gen/draw/")
    example = page.locator("#ex-practice-keep-playable")
    answer = example.locator("details.rb-answer")
    expect(answer).not_to_have_attribute("open", "")
    choices = example.locator("button.rb-choice")
    assert choices.count() == 4
    labels = choices.all_inner_texts()
    assert not any("★" in label for label in labels)
    right, wrong = _VERDICT[lang]
    choices.nth(0).click()                          # 2-5 on the low end of 2-4
    expect(example.locator(".rb-verdict")).to_have_text(wrong)
    expect(answer).not_to_have_attribute("open", "")
    expect(choices.nth(0)).to_have_attribute("aria-pressed", "true")
    rows = answer.locator("tbody tr")
    assert rows.nth(0).get_attribute("class") == "rb-chosen"
    choices.nth(2).click()                          # 1-2 on the low end of 2-4
    expect(example.locator(".rb-verdict")).to_have_text(right)
    expect(answer).to_have_attribute("open", "")
    assert "★" in rows.nth(2).inner_text() and rows.nth(2).get_attribute("class") == "rb-chosen"


def test_a_mexican_train_practice_is_answered_by_choosing_a_train(tab, base_url):
    """C to move with a marker on D's train (seed 001): A's train is closed
    to C (a wrong choice), D's is open (a right one)."""
    page = tab.page
    page.goto(base_url + "en/gen/mexican-train/")
    example = page.locator("#ex-practice-marker")
    choices = example.locator("button.rb-choice")
    assert choices.all_inner_texts() == ["A's train", "B's train", "C's train", "D's train", "Mexican train"]
    choices.nth(0).click()
    expect(example.locator(".rb-verdict")).to_have_text("No: you may not play there now. Try again, or open the "
                                                        "answer below to see why.")
    expect(example.locator("details.rb-answer")).not_to_have_attribute("open", "")
    choices.nth(3).click()
    expect(example.locator(".rb-verdict")).to_have_text("Yes: that train is open to you now.")


def _answer_with(example, choices, index: int, verdict: str, opens: bool):
    choices.nth(index).click()
    expect(example.locator(".rb-verdict")).to_have_text(verdict)
    if opens:
        expect(example.locator("details.rb-answer")).to_have_attribute("open", "")
    else:
        expect(example.locator("details.rb-answer")).not_to_have_attribute("open", "")


def test_texas_42_practice_offers_the_plays_the_points_and_the_tiles(tab, base_url):
    """Texas 42's three questions, worked by hand. Which tile wins (twos
    trumps, E leads 5-3): S's 5-2 and W's 2-2 are trumps, and the 2-2 is the
    highest trump, so W's play is right and E's lead is not. How many points
    (ones trumps, 5-5, 5-0, 6-4, 5-4): one for the trick and 10 + 5 + 10 of
    count, 26, among every value a trick can have (1 and the count of up to
    four of the five count tiles: 1, 6, ... 31). Which tiles may E play
    (threes trumps, 4-2 led, a four): 4-4 and 6-4 may, the 4-3 is a trump and
    may not. The verdicts speak of the question asked, not of a best play or
    a train."""
    page = tab.page
    page.goto(base_url + "en/gen/texas-42/")
    example = page.locator("#ex-practice-which-wins")
    choices = example.locator("button.rb-choice")
    assert choices.all_inner_texts() == ["E's 5-3", "S's 5-2", "W's 2-2", "N's 6-5"]
    _answer_with(example, choices, 0, "Not right: try again, or open the answer below.", False)
    _answer_with(example, choices, 2, "Yes: that is right.", True)
    example = page.locator("#ex-practice-trick-points")
    choices = example.locator("button.rb-choice")
    assert choices.all_inner_texts() == ["1", "6", "11", "16", "21", "26", "31"]
    _answer_with(example, choices, 4, "Not right: try again, or open the answer below.", False)
    _answer_with(example, choices, 5, "Yes: that is right.", True)
    example = page.locator("#ex-practice-may-i-play")
    choices = example.locator("button.rb-choice")
    assert choices.all_inner_texts() == ["4-4", "4-3", "6-4", "2-1", "1-0"]
    _answer_with(example, choices, 1, "No: you may not play that tile now. Try again, or open the answer below "
                                      "to see why.", False)
    _answer_with(example, choices, 2, "Yes: you may play that tile.", True)


def test_a_chicken_foot_practice_speaks_of_arms(tab, base_url):
    """B to move while the 5-5 at the end of arm b waits for two more toes
    (b1 holds 5-1): only toes b2 and b3 may take a tile; arm a may not, though
    B's 4-6 matches it. The Japanese verdict names an arm (枝), not a train."""
    page = tab.page
    page.goto(base_url + "gen/chicken-foot/")
    example = page.locator("#ex-practice-toes")
    choices = example.locator("button.rb-choice")
    labels = choices.all_inner_texts()
    assert labels[0] == "枝a" and labels[-2:] == ["指b2", "指b3"]
    _answer_with(example, choices, 0, "いまはそこに出せません。もう一度選ぶか、下の答えを開いて理由を見てください。", False)
    _answer_with(example, choices, len(labels) - 1, "正解です。いまその枝に出せます。", True)
