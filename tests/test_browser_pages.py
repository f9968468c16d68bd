"""The built site in a real browser, page by page (the fixtures of
:mod:`test_browser`): on every page every image shows and has loaded, every
PNG link and internal link works, nothing is logged as an error, no request
fails or leaves the local server, axe-core finds no serious or critical
accessibility problem, and nothing is hidden at 400 px (nor, on the widest
pages, at 1280 px). A file of its own, so that a parallel run gives these
checks and the rest of the browser tests to two processes."""

from __future__ import annotations

from urllib.parse import unquote

import pytest

from conftest import serve_site
from test_browser import (AXE_PAGES, PAGES, _ids, _lang_of, _page_id, axe,  # noqa: F401
                          fetched, site_dir, tab)

try:
    from playwright.sync_api import expect
except ImportError:                         # not installed: the fixtures skip the tests (or fail them)
    expect = None



@pytest.fixture(scope="module")
def base_url(site_dir):
    """The built site on a free local port, its search index listing no page:
    nothing here searches (test_browser.py does), and Material's search
    would build its index in every page these tests load."""
    with serve_site(site_dir, small_search=True) as url:
        yield url


# ---------------------------------------------------------------- every page


@pytest.mark.parametrize("path", PAGES, ids=_page_id)
def test_page_images_links_and_requests(tab, base_url, fetched, path):
    """Every image visible, loaded and sized; every PNG and internal link (and
    anchor) resolves; no console error, failed request or outside request."""
    page = tab.page
    page.goto(base_url + path, wait_until="load")          # every image of the document loaded
    expect(page.locator("html")).to_have_attribute("lang", _lang_of(path))

    page.locator("details").evaluate_all("els => els.forEach(d => { d.open = true; })")  # folded examples
    page.locator(".rb-stepping > .rb-step").evaluate_all(                                   # every step at once
        "els => els.forEach(e => e.classList.add('rb-current'))")
    # every image and figure at once, in the page (one round trip, not four per image): shown (a box,
    # not hidden by visibility or opacity), its picture decoded with a width of its own
    hidden = page.evaluate("""async () => {
        const shown = el => { const r = el.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && el.checkVisibility({visibilityProperty: true,
                                                                      opacityProperty: true}); };
        const out = [];
        for (const img of document.querySelectorAll("img")) {
            img.scrollIntoView({block: "center"});
            try { await img.decode(); } catch (e) { out.push(`${img.src}: does not decode`); continue; }
            if (!(img.naturalWidth > 0) || !shown(img)) out.push(`${img.src}: not shown`);
        }
        for (const fig of document.querySelectorAll("figure"))
            if (!shown(fig)) out.push(`figure ${fig.id || fig.textContent.slice(0, 40)}: not shown`);
        return out;
    }""")
    assert not hidden, hidden

    hrefs = set(page.locator("a[href]").evaluate_all("els => els.map(e => e.href)"))
    local = sorted(h for h in hrefs if h.startswith(base_url))
    figures_with_png = page.locator('figure.rb-figure a[href$=".png"] > img')
    expect(figures_with_png).to_have_count(page.locator("figure.rb-figure").count())  # each links its PNG copy
    broken = []
    for href in local:
        url, _, fragment = href.partition("#")
        status, ctype, body = fetched(url)
        if status != 200:
            broken.append(f"{href}: HTTP {status}")
        elif url.endswith(".png") and (ctype != "image/png" or not body.startswith(b"\x89PNG")):
            broken.append(f"{href}: {ctype}, not a PNG")
        elif fragment and "text/html" in ctype and unquote(fragment) not in _ids(body):
            broken.append(f"{href}: no element with id {unquote(fragment)!r}")
    assert not broken, broken

    page.wait_for_load_state("networkidle")
    assert not tab.errors, tab.errors
    outside = [u for u in tab.requests if not u.startswith(base_url) and not u.startswith("data:")]
    assert not outside, outside


@pytest.mark.parametrize("path", AXE_PAGES, ids=_page_id)
def test_page_has_no_serious_accessibility_violations(tab, base_url, axe, path):
    """No rule is switched off to pass: the site was fixed instead (see docs/assets/).
    Colour contrast, three quarters of axe's time on a page, is measured on
    the Japanese pages: an English page is the same elements in the same
    colours over the same backgrounds (one stylesheet, one set of classes),
    only its words differ. Every other rule runs on every page."""
    tab.page.goto(base_url + path, wait_until="load")
    options = {"resultTypes": ["violations"]}        # (axe-playwright-python's default, kept)
    if _lang_of(path) != "ja":
        options["rules"] = {"color-contrast": {"enabled": False}}
    result = axe.run(tab.page, options=options)
    serious = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes']][:5]}"
        for v in result.response["violations"] if v["impact"] in ("serious", "critical")
    ]
    assert not serious, "\n".join(serious)


def test_every_built_page_is_checked(site_dir):
    """PAGES (read from the nav) is every page the build wrote."""
    built = {p.parent.relative_to(site_dir).as_posix() + "/" for p in site_dir.rglob("index.html")}
    built = {"" if p == "./" else p for p in built}
    assert built == {p for p in PAGES if not p.endswith("404.html")}


# ---------------------------------------------------------------- narrow and wide screens

#: Whether anything in the page's content reaches past the content column without a box that
#: scrolls it (content a reader could not see); each move table's box (tables in worked examples)
#: and whether it needs scrolling; each scrolling box and whether it shows its cue.
_LAYOUT_JS = """() => {
  document.querySelectorAll('details.rb-example').forEach(d => { d.open = true; });   // unfolded, as a reader would
  const main = document.querySelector('.md-content');
  const limit = main.getBoundingClientRect().right + 1;
  const hidden = [];
  for (const el of main.querySelectorAll('*')) {
    const r = el.getBoundingClientRect();
    if (!r.width || r.right <= limit) continue;
    let p = el.parentElement, scrolls = false;
    while (p && p !== main) {
      const o = getComputedStyle(p).overflowX;
      if (o === 'auto' || o === 'scroll') { scrolls = true; break; }
      if (o === 'hidden' || o === 'clip') break;
      p = p.parentElement;
    }
    if (!scrolls) hidden.push(el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') + '.' + el.className);
  }
  const boxes = [...main.querySelectorAll('.md-typeset__scrollwrap')].map(w => ({
    example: !!w.closest('.rb-example'),
    overflows: w.scrollWidth > w.clientWidth + 1,
    cue: w.classList.contains('rb-scrolls') && !!w.previousElementSibling
         && w.previousElementSibling.classList.contains('rb-scroll-hint')
         && w.previousElementSibling.getBoundingClientRect().height > 0,
  }));
  // a heading cell's words (as the browser's own word segmenter finds them, in the page's language)
  // each on one line; code (keys and values) broken only after an underscore or a hyphen
  const lineOf = (node, i) => {
    const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
    const box = r.getClientRects()[0]; return box ? Math.round(box.top) : null;
  };
  const broken = [], codes = [];
  const seg = new Intl.Segmenter(document.documentElement.lang, {granularity: 'word'});
  for (const th of main.querySelectorAll('th, td > strong, .rb-keep')) {   // headings, row labels, notes
    const walk = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
      for (const w of seg.segment(n.data)) {
        if (!w.isWordLike) continue;
        const lines = new Set();
        for (let i = w.index; i < w.index + w.segment.length; i++) lines.add(lineOf(n, i));
        lines.delete(null);
        if (lines.size > 1) broken.push(w.segment + ' in ' + th.textContent);
      }
    }
  }
  for (const code of main.querySelectorAll('td code, th code')) {
    const walk = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    let prev = null, line = null;
    for (let n = walk.nextNode(); n; n = walk.nextNode()) for (let i = 0; i < n.data.length; i++) {
      const at = lineOf(n, i);
      if (at === null) continue;
      if (line !== null && at !== line && !/[-_\\s]/.test(prev)) codes.push(code.textContent);
      prev = n.data[i]; line = at;
    }
  }
  // each tile half of a wide diagram (a table of trains), in CSS pixels: its drawing's square is 36 px
  const halves = [...main.querySelectorAll('.rb-figure-wide img')].map(
    img => 36 * img.getBoundingClientRect().width / +img.getAttribute('width'));
  return {hidden: [...new Set(hidden)].slice(0, 5), boxes, broken: [...new Set(broken)].slice(0, 5),
          codes: [...new Set(codes)].slice(0, 5), halves};
}"""

_GAME_PAGES = [p for p in PAGES if "/gen/" in "/" + p and not p.endswith(("glossary/", "options/"))]
#: Pages with tables but no games: their headings and keys are checked on a phone too.
_TABLE_PAGES = [p for p in PAGES if p.endswith(("gen/glossary/", "gen/options/"))]
#: Every game page on a phone; on a wide screen, the comparison page, the widest, and Mexican Train's
#: (its tables of trains keep their size there too; the game pages' column is as wide at 1280 px as at
#: any desktop width, and their tables are checked at 400 px).
_SCREENS = ([(p, 400) for p in _GAME_PAGES + _TABLE_PAGES]
            + [(p, 1280) for p in _GAME_PAGES if p.endswith(("gen/family/", "gen/mexican-train/"))])


@pytest.mark.parametrize("path,width", _SCREENS, ids=[f"{_page_id(p)}@{w}" for p, w in _SCREENS])
def test_nothing_is_hidden_on_narrow_and_wide_screens(tab, base_url, path, width):
    page = tab.page
    page.set_viewport_size({"width": width, "height": 900})
    try:
        page.goto(base_url + path)
        page.wait_for_function("document.querySelectorAll('.md-typeset__scrollwrap').length > 0 || "
                               "!document.querySelector('.md-content table')")
        found = page.evaluate(_LAYOUT_JS)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert found["hidden"] == [], f"content past the column with no scrolling box: {found['hidden']}"
    for box in found["boxes"]:
        if box["overflows"]:
            assert box["cue"], "a table that scrolls sideways has no visible cue"
        if width == 400 and box["example"]:
            assert not box["overflows"], "a worked example's table does not fit a 400 px screen"
    assert found["broken"] == [], f"a table heading breaks inside a word: {found['broken']}"
    assert found["codes"] == [], f"a key or value breaks inside a word: {found['codes']}"
    assert all(h >= 32 for h in found["halves"]), f"a tile half of a table of trains is under 32 px: {found['halves']}"
    if path.endswith("mexican-train/"):
        assert found["halves"], "no table of trains measured"


# ---------------------------------------------------------------- what never wraps on a phone

#: Where on a 400 px screen each tile name, one-word key and Japanese link is measured: text in prose
#: and in tables (Texas 42: tiles written higher end first, links to the glossary; Mexican Train: the
#: engine's link, 「エンジン」, once broken as 「エ／ンジン」), the options page's keys (stock_reserve
#: once broken as "stock_" / "reserve"), the comparison and two cards.
_PHONE_PAGES = ["gen/texas-42/", "en/gen/texas-42/", "gen/mexican-train/", "gen/options/", "en/gen/options/",
                "gen/family/", "en/gen/family/", "gen/cuban-card/", "en/gen/texas-42-card/"]

#: Per page: each tile name (6-4, [7|8]), key or value in code (letters, digits, _ and -) and word of a
#: Japanese link (as the browser's own word segmenter finds them) that lies on more than one line; how
#: many tables of the quick-reference card or of the comparison scroll; how many game names the stacked
#: comparison shows.
_WRAPS_JS = r"""() => {
  document.querySelectorAll('details.rb-example').forEach(d => { d.open = true; });
  const main = document.querySelector('.md-content');
  const lines = (node, start, end) => {          // the lines a run of a text node's characters lies on
    const tops = new Set();
    for (let i = start; i < end; i++) {
      if (!node.data[i].trim()) continue;
      const r = document.createRange(); r.setStart(node, i); r.setEnd(node, i + 1);
      const box = r.getClientRects()[0];
      if (box) tops.add(Math.round(box.top + box.height / 2));
    }
    // two characters a few pixels apart (a bracket, a dash) are on one line: count lines 8 px apart
    const sorted = [...tops].sort((a, b) => a - b);
    return sorted.filter((t, k) => k === 0 || t - sorted[k - 1] > 8).length;
  };
  const texts = root => { const out = [], w = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
                          for (let n = w.nextNode(); n; n = w.nextNode()) out.push(n); return out; };
  const tile = /(?<![0-9A-Za-z_.|\[-])(?:\d{1,3}[-–]\d{1,3}|\[\d{1,3}\|\d{1,3}\])(?![0-9A-Za-z_-])/g;
  const tiles = [], keys = [], links = [];
  for (const n of texts(main)) {
    if (n.parentElement.closest('code, pre')) continue;
    for (const m of n.data.matchAll(tile)) if (lines(n, m.index, m.index + m[0].length) > 1) tiles.push(m[0]);
  }
  for (const code of main.querySelectorAll('code')) {
    if (code.closest('pre') || !/^[A-Za-z0-9_-]+$/.test(code.textContent)) continue;   // a key or a value
    const r = document.createRange(); r.selectNodeContents(code);
    const tops = new Set([...r.getClientRects()].filter(b => b.width > 0).map(b => Math.round(b.top)));
    if (tops.size > 1) keys.push(code.textContent);
  }
  const seg = new Intl.Segmenter('ja', {granularity: 'word'});
  for (const a of main.querySelectorAll('a')) {
    if (!/[\u3040-\u30ff\u3400-\u9fff]/.test(a.textContent)) continue;
    for (const n of texts(a)) for (const w of seg.segment(n.data))
      if (w.isWordLike && lines(n, w.index, w.index + w.segment.length) > 1) links.push(w.segment + ' in ' + a.textContent);
  }
  const scrolls = [...main.querySelectorAll('.rb-card .md-typeset__scrollwrap, .rb-card table, '
                                            + '.rb-comparison .md-typeset__scrollwrap, .rb-comparison table')]
    .filter(el => el.scrollWidth > el.clientWidth + 1).length;
  const names = [...main.querySelectorAll('.rb-cmp-game')].filter(s => s.getBoundingClientRect().height > 0).length;
  return {tiles, keys, links, scrolls, names,
          cards: main.querySelectorAll('.rb-card table').length, tables: main.querySelectorAll('.rb-comparison table').length};
}"""


@pytest.mark.parametrize("path", _PHONE_PAGES, ids=_page_id)
def test_nothing_wraps_inside_a_name_on_a_phone(tab, base_url, path):
    """At 400 px no tile name (6-4, [7|8]) lies on two lines, nor a key or value written as code in one
    word, nor a word of a Japanese link (wrapped only between its phrases); the quick-reference card's
    tables (its deal of four columns) fit without scrolling; the comparison's tables are stacked, each
    value after its game's name, and do not scroll."""
    page = tab.page
    page.set_viewport_size({"width": 400, "height": 900})
    try:
        page.goto(base_url + path)
        page.wait_for_function("document.querySelectorAll('.md-typeset__scrollwrap').length > 0 || "
                               "!document.querySelector('.md-content table')")
        page.evaluate("document.fonts.ready.then(() => true)")
        found = page.evaluate(_WRAPS_JS)
    finally:
        page.set_viewport_size({"width": 1280, "height": 900})
    assert found["tiles"] == [], f"a tile name on two lines: {found['tiles'][:5]}"
    assert found["keys"] == [], f"a key on two lines: {found['keys'][:5]}"
    assert found["links"] == [], f"a Japanese link broken inside a word: {found['links'][:5]}"
    assert found["scrolls"] == 0, "a table of the card or of the comparison scrolls at 400 px"
    if path.endswith("-card/"):
        assert found["cards"] >= 4                  # the deal and the turn, scoring and end tables
    if path.endswith("family/"):
        # six families in ten tables (the 21 games of a single line of play in five of at most five);
        # those 21 games alone are each named once an item
        assert found["tables"] == 10 and found["names"] > 21 * 14
