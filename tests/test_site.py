"""The built site: both languages, every figure with SVG, PNG and text equivalent;
wrong numbers fail the build with FILE:LINE:COL and leave the old site alone."""

import re
import shutil
from pathlib import Path
import subprocess
import sys

import pytest
from bs4 import BeautifulSoup

from conftest import MKDOCS, copy_repo, page_html_problems, rules_with, small_site


@pytest.fixture(scope="module")
def site(built_repo):
    """The repository copy whose ``site/`` was built once for the session."""
    return built_repo


def page(site, lang, rel):
    base = site / "site" / ("" if lang == "ja" else "en")
    return BeautifulSoup((base / rel / "index.html").read_text(), "html.parser"), base / rel


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_figure_has_svg_png_caption_and_text(site, lang):
    soup, where = page(site, lang, "gen/horse-race")
    figures = soup.select("figure.rb-figure")
    # one figure per step of the placement positions (terminal-doubles 4, lone-double 1, four-steps 4,
    # side-branches 9, first-tile 2, double-six 2, blank-double 1: 23), the final layout of each of the
    # 4 turn-flow positions, and the table of each of the 3 practice positions; settlements draw none: 30
    assert len(figures) == 30
    for fig in figures:
        img = fig.find("img")
        link = img.find_parent("a")
        svg_file = (where / img["src"]).resolve()
        png_file = (where / link["href"]).resolve()
        assert svg_file.suffix == ".svg" and svg_file.is_file()
        assert png_file.suffix == ".png" and png_file.read_bytes()[:4] == b"\x89PNG"
        assert int(img["width"]) > 0 and int(img["height"]) > 0
        cap = fig.find("figcaption").get_text()
        assert "=" in cap or fig.find_parent(class_="rb-practice")     # (a practice's table has no play yet)
        svg_text = svg_file.read_text()
        assert f'lang="{lang}"' in svg_text and "<title" in svg_text and "<desc" in svg_text
        textalt = fig.find_next_sibling("p", class_="rb-textalt")
        assert textalt is not None and len(textalt.get_text()) > 40


def test_seed_captions_appear(site):
    ja, _ = page(site, "ja", "gen/horse-race")
    en, _ = page(site, "en", "gen/horse-race")
    for soup, words in ((ja, "換算前の得点 10点（表示得点 2点）"), (en, "10 raw (2 points)")):
        caps = [f.get_text() for f in soup.select("figcaption")]
        assert any("[4|4]" in c and "2 + 8 = 10" in c and words in c for c in caps), caps


def test_deal_table_from_parameters(site):
    soup, _ = page(site, "en", "gen/horse-race")
    rows = [[td.get_text() for td in tr.find_all("td")] for tr in soup.select("table tr") if tr.find("td")]
    assert ["2", "7", "14", "—"] in rows and ["3", "6", "10", "—"] in rows and ["4", "5", "8", "optional"] in rows


def test_text_equivalent_lists_seed_facts(site):
    soup, _ = page(site, "ja", "gen/horse-race")
    texts = [p.get_text() for p in soup.select("p.rb-textalt")]
    assert any("分岐ダブル：[1|1]、[4|4]" in t and "[1|4]（目が少ない端） – [1|1]（右側）" in t for t in texts)


def test_language_switcher_lands_on_same_page(site):
    soup, _ = page(site, "ja", "gen/horse-race")
    links = {a.get("hreflang"): a["href"] for a in soup.select("a[hreflang]")}
    assert links.get("en", "").rstrip("/").endswith("en/gen/horse-race")
    soup, _ = page(site, "en", "gen/horse-race")
    assert soup.find("html")["lang"] == "en"


def test_glossary_and_term_links(site):
    for lang in ("ja", "en"):
        soup, _ = page(site, lang, "gen/glossary")
        assert soup.find(id="branch-double") is not None
        hr, _ = page(site, lang, "gen/horse-race")
        assert any("glossary/#branch-double" in a["href"] for a in hr.select("a.rb-term"))


def test_both_languages_give_their_sections_the_same_ids(site):
    """The hand-written pages name each section the same in both languages,
    so the language menu can keep a reader's place (#section)."""
    for rel in ("authoring", ""):
        ids = {lang: [h.get("id") for h in page(site, lang, rel)[0].select("article h2, article h3")]
               for lang in ("ja", "en")}
        assert ids["ja"] == ids["en"] and len(ids["ja"]) >= 3, ids


def test_every_page_s_language_menu_leads_to_the_same_page_in_the_other_language(site):
    """On every page the header's language menu links the page itself in its own language and the
    same page in the other one (the browser tests click it on a few pages)."""
    from urllib.parse import urljoin

    root = site / "site"
    pages = sorted(p.parent.relative_to(root).as_posix() for p in root.rglob("index.html")
                   if not p.relative_to(root).as_posix().startswith("en/"))
    games = len(list((site / "rules").glob("*/variant.yaml")))
    assert len(pages) == 5 + 2 * games        # home, guide, comparison, glossary, options; each game and card
    for rel in pages:
        rel = "" if rel == "." else rel + "/"
        for lang, here in (("ja", rel), ("en", "en/" + rel)):
            soup = BeautifulSoup((root / here / "index.html").read_text("utf-8"), "html.parser")
            links = {a["hreflang"]: a["href"] for a in soup.select("a.md-select__link[hreflang]")}
            assert set(links) == {"ja", "en"}, here
            for target, want in (("ja", rel), ("en", "en/" + rel)):
                got = urljoin("http://x/" + here, links[target])
                assert got == "http://x/" + want, (here, target, links[target])


@pytest.mark.full
def test_build_is_deterministic(site, tmp_path):
    """A second build of the same sources, in a new process, writes the very
    pages and diagrams of the session's build (``docs/<lang>/gen/``, what the
    generator writes). The second build is ``rulebook build``, the generator
    as the plugin runs it before MkDocs (the same settings, read from
    ``mkdocs.yml``): MkDocs's own rendering of the two languages, nine
    tenths of a build with warm caches, writes nothing under ``gen/``."""
    work = copy_repo(tmp_path)
    res = subprocess.run([sys.executable, "-m", "generator.cli", "build"], cwd=work, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    for lang in ("ja", "en"):
        a = sorted((site / "docs" / lang / "gen").rglob("*"))
        b = sorted((work / "docs" / lang / "gen").rglob("*"))
        assert [p.relative_to(site) for p in a] == [p.relative_to(work) for p in b]
        for x, y in zip(a, b):
            if x.is_file():
                assert x.read_bytes() == y.read_bytes(), x


def test_wrong_number_fails_build_and_keeps_old_site(site, tmp_path):
    work = tmp_path / "built"                   # a copy of the session's built site, caches and all
    shutil.copytree(site, work, symlinks=True, ignore=shutil.ignore_patterns("build.lock"))
    before = (work / "site" / "gen" / "horse-race" / "index.html").read_bytes()
    pos = work / "rules" / "horse-race" / "positions" / "double-six.yaml"
    text = pos.read_text()
    lines = text.splitlines()
    n = next(i for i, l in enumerate(lines) if "raw: 15" in l)
    pos.write_text(text.replace("raw: 15", "raw: 20"))
    res = subprocess.run(MKDOCS + ["build", "-q"], cwd=work, capture_output=True, text=True)
    assert res.returncode != 0
    assert f"double-six.yaml:{n + 1}:" in res.stderr and "stated 20" in res.stderr and "computes 15" in res.stderr
    assert (work / "site" / "gen" / "horse-race" / "index.html").read_bytes() == before


def test_turn_table_keeps_tile_labels_whole(site):
    soup, _ = page(site, "en", "gen/horse-race")
    ex = soup.find(id="ex-turn-drawn-tile-ends")
    cells = [td.get_text() for td in ex.select("table td")]
    assert "draws [3|4] (no fit)" in cells and "draws [2|2] (playable)" in cells
    assert any("1 + 4 = 5" == c for c in cells)
    assert "5 raw (1 point)" in cells


@pytest.mark.full
def test_unknown_position_in_rule_text_is_located(tmp_path):
    from generator.model import Catalog
    from generator.site.build import BuildError, generate

    rules = rules_with(tmp_path, "horse-race")          # the game whose rule text names the position
    vy = rules / "horse-race" / "variant.yaml"
    text = vy.read_text()
    line = next(i for i, l in enumerate(text.splitlines()) if '{{ position("lone-double") }}' in l) + 1
    vy.write_text(text.replace('{{ position("lone-double") }}', '{{ position("lone-doubel") }}'))
    with pytest.raises(BuildError) as exc:
        generate(Catalog(rules), png=False)
    assert f"variant.yaml:{line}:" in str(exc.value) and "lone-doubel" in str(exc.value)


@pytest.mark.full
def test_html_in_titles_is_escaped(tmp_path):
    from generator.model import Catalog
    from generator.site.build import generate

    rules = rules_with(tmp_path, "horse-race")          # the game whose page is read
    vy = rules / "horse-race" / "variant.yaml"
    vy.write_text(vy.read_text().replace("title: {ja: 概要, en: Overview}",
                                         'title: {ja: 概要, en: "<script>alert(1)</script>"}', 1))
    md = generate(Catalog(rules), png=False)["en/gen/horse-race.md"].decode()
    assert "<script>" not in md and "&lt;script&gt;" in md


FAMILY = ["draw", "block", "all-fives", "all-threes", "matador", "sniff", "bergen"]


@pytest.mark.parametrize("vid", FAMILY)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_family_pages_build_with_figures_and_sources(site, lang, vid):
    soup, where = page(site, lang, f"gen/{vid}")
    figures = soup.select("figure.rb-figure")
    assert len(figures) >= 3
    for fig in figures:
        img = fig.find("img")
        assert (where / img["src"]).resolve().is_file()
        assert (where / img.find_parent("a")["href"]).resolve().read_bytes()[:4] == b"\x89PNG"
    assert soup.select("a.rb-term"), "glossary terms are linked"
    assert soup.find(id="sources") is not None
    # the deal table comes from the parameters: 28 tiles minus the deal
    rows = [[td.get_text() for td in tr.find_all("td")] for tr in soup.select("table tr") if tr.find("td")]
    # (a partnerships column only where the game has partnerships)
    assert any(len(r) in (3, 4) and r[0].isdigit() and int(r[2]) == 28 - int(r[0]) * int(r[1]) for r in rows)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_illegal_plays_are_shown_with_their_rule(site, lang):
    soup, _ = page(site, lang, "gen/matador")
    rejected = soup.select("div.rb-rejected")
    # the rule in words, linked to the section that states it; no rule id, no end notation
    word = "和が7" if lang == "ja" else "add up to seven"
    links = [a for d in rejected for a in d.select("a") if word in a.get_text()]
    assert links and links[0]["href"] == "#matching"
    assert not any("matador/" in d.get_text() or "4-4:a" in d.get_text() for d in rejected)


def test_matador_joins_and_sniff_arms_are_drawn(site):
    _, where = page(site, "en", "gen/matador")
    svgs = [p.read_text() for p in (where.parent / "diagrams" / "matador").glob("*.svg")]
    assert any('class="join"' in s and ">7</text>" in s for s in svgs)
    assert any('class="matador"' in s for s in svgs)
    _, where = page(site, "en", "gen/sniff")
    arms = [p.read_text().count('class="counted"') for p in (where.parent / "diagrams" / "sniff").glob("*.svg")]
    assert max(arms) >= 4


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_family_overview_compares_every_game(site, lang):
    soup, _ = page(site, lang, "gen/family")
    tables = soup.select(".rb-comparison table")
    # the 21 games of a single line of play in five tables of at most five (5 + 4 + 4 + 4 + 4), then one
    # table each for the trains (three games), the tricks (five), the tree, Pai Gow and Tien Gow
    assert len(tables) == 10
    others = ({"Mexican Train", "Texas 42", "Moon", "Chicken Foot", "Pai Gow", "Tien Gow"} if lang == "en"
              else {"メキシカントレイン", "テキサス42", "チキンフット"})
    assert others <= {th.get_text() for table in tables[5:] for th in table.select("th")}
    for span in soup.select(".rb-cmp-game"):    # each value's game, named for a phone
        span.decompose()
    headers = [[th.get_text() for th in table.select("th")][1:] for table in tables[:5]]
    assert [len(h) for h in headers] == [5, 4, 4, 4, 4]
    line = [name for h in headers for name in h]
    caribbean = (["Cuban Dominoes", "Dominican Dominoes", "Puerto Rican Dominoes"] if lang == "en"
                 else ["キューバン・ドミノ", "ドミニカのドミノ", "プエルトリコのドミノ"])
    assert line[-2] == caribbean[2] and set(caribbean) <= set(line)
    assert line[-1] == ("Sebastopol" if lang == "en" else "セバストポール")
    # the row for the direction of play: clockwise everywhere but in the Cuban game and the games that
    # extend it (the two Caribbean games, International partnership dominoes and Jamaican Partner)
    words = ("clockwise", "counter-clockwise") if lang == "en" else ("時計回り", "反時計回り")
    label = "Direction of play" if lang == "en" else "手番の向き"
    direction = []
    for table in tables[:5]:
        rows = {tr.find("td").get_text(): [td.get_text() for td in tr.find_all("td")[1:]]
                for tr in table.select("tr") if tr.find("td")}
        direction += rows[label]
    assert direction.count(words[1]) == 5 and direction.count(words[0]) == 16
    assert all(direction[line.index(name)] == words[1] for name in caribbean)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_by_the_numbers_section(site, lang):
    soup, _ = page(site, lang, "gen/bergen")
    sec = soup.find(id="by-the-numbers")
    assert sec is not None
    table = sec.find_next("table")
    rows = [[td.get_text() for td in tr.find_all("td")] for tr in table.find_all("tr") if tr.find("td")]
    assert [r[0] for r in rows] == (["2人", "3人", "4人"] if lang == "ja" else ["2", "3", "4"])
    assert all(int(r[2].replace(",", "")) >= 10_000 for r in rows)


def test_a_404_page_per_language(site):
    ja = (site / "site" / "404.html").read_text()
    en = (site / "site" / "en" / "404.html").read_text()
    assert '<html lang="ja"' in ja and "ドミノ・ルールブック" in ja
    assert '<html lang="en"' in en and "The Domino Rulebook" in en
    # the English 404's language menu leads to the two home pages, not to a game page
    links = re.findall(r'<a href="([^"]*)" hreflang="([^"]*)" class="md-select__link"', en)
    assert sorted(links) == [("/", "ja"), ("/en/", "en")]


@pytest.mark.full
def test_serve_answers_unknown_addresses_in_the_readers_language_and_builds_once_per_edit(tmp_path):
    """Under `mkdocs serve`, an address that does not exist below /en/ gets
    the English 404 page, and one elsewhere the Japanese one (status 404);
    and saving a rule file rebuilds the site once (the generated pages it
    writes do not start another build). A club's site with one game of its
    own (Draw): serve works the same for one game or thirteen."""
    import socket
    import threading
    import time
    import urllib.error
    import urllib.request

    site = small_site(tmp_path / "club", "draw")
    draft = site / "rules" / "preview"          # a draft: mkdocs serve shows it, under a banner
    (draft / "positions").mkdir(parents=True)
    (draft / "variant.yaml").write_text("id: preview\nextends: draw\ndraft: true\n"
                                        "name: {ja: 下書きのゲーム, en: A Game Being Written}\n", encoding="utf-8")
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = subprocess.Popen(MKDOCS + ["serve", "-a", f"127.0.0.1:{port}"], cwd=site,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    log: list[str] = []
    reader = threading.Thread(target=lambda: log.extend(iter(proc.stderr.readline, "")), daemon=True)
    reader.start()

    def get(path):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as res:
                return res.status, res.read().decode("utf-8")
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode("utf-8")

    def body(path):
        """The page's text, or "" while the server is busy rebuilding (a busy machine is slow)."""
        try:
            return get(path)[1]
        except OSError:
            return ""

    def wait_for(condition, what, seconds=240):
        deadline = time.monotonic() + seconds
        while not condition():
            assert proc.poll() is None, "".join(log)
            assert time.monotonic() < deadline, f"{what}; log: {''.join(log)[-2000:]}"
            time.sleep(0.5)

    position = site / "rules" / "draw" / "positions" / "double-ordinary.yaml"
    original = position.read_text()
    try:
        def up():
            try:
                return get("/")[0] == 200
            except OSError:
                return False
        wait_for(up, "mkdocs serve did not start")
        for path, word in (("/en/gen/preview/", "Draft"), ("/gen/preview/", "下書き"), ("/en/gen/preview-card/", "Draft")):
            status, page = get(path)
            assert status == 200 and 'class="admonition warning"' in page and word in page, path
        for path, lang in (("/en/no-such-page/", "en"), ("/en/gen/no-such-game/", "en"),
                           ("/no-such-page/", "ja"), ("/gen/no-such-game/", "ja")):
            status, page = get(path)
            assert status == 404, path
            assert re.search(rf'<html lang="{lang}"', page), (path, page[:200])
        builds = sum("Building documentation" in line for line in log)
        position.write_text(original.replace("en: A double is an ordinary tile", "en: A double is a plain tile"))
        wait_for(lambda: "A double is a plain tile" in body("/en/gen/draw/"), "the edit was not rebuilt")
        time.sleep(4)                       # a second build would start within MkDocs' build delay
        assert sum("Building documentation" in line for line in log) == builds + 1, "".join(log)[-3000:]
    finally:
        position.write_text(original)
        proc.terminate()
        proc.wait(timeout=30)


def test_each_language_has_a_404_page_in_its_own_words(site):
    """The page for an unknown address speaks the reader's language and leads
    to that language's home page."""
    for rel, lang, title, home in (("404.html", "ja", "ページが見つかりません", "/"),
                                   ("en/404.html", "en", "Page not found", "/en/")):
        soup = BeautifulSoup((site / "site" / rel).read_text(), "html.parser")
        assert soup.html["lang"] == lang
        article = soup.select_one("article")
        assert article.h1.get_text(strip=True) == title
        assert article.find("a")["href"] == home


def test_no_page_carries_a_script_or_event_attribute_of_its_own(site):
    """Every built page parses, its only scripts are the theme's and the
    site's own (by their addresses, plus Material's inline configuration),
    no element has an event attribute, and no link or picture uses a
    javascript: or data: address."""
    pages = sorted((site / "site").rglob("*.html"))
    assert len(pages) >= 30
    for path in pages:
        assert page_html_problems(path.read_text("utf-8")) == [], path


def test_the_search_worker_skips_words_its_index_does_not_hold(site, tmp_path):
    """Material's search worker holds the lunr query loop the plugin makes
    safe (exactly once), the built site carries the safe one, and patching
    twice changes nothing."""
    from generator.site.fixups import _LUNR_QUERY, _LUNR_QUERY_SAFE, patch_search_worker

    import material

    shipped = list((Path(material.__file__).parent / "templates/assets/javascripts/workers").glob("search.*.min.js"))
    assert len(shipped) == 1 and shipped[0].read_text("utf-8").count(_LUNR_QUERY) == 1
    built = list((site / "site" / "assets/javascripts/workers").glob("search.*.min.js"))
    assert len(built) == 1 and built[0].read_text("utf-8").count(_LUNR_QUERY_SAFE) == 1
    copy = tmp_path / "assets/javascripts/workers"
    copy.mkdir(parents=True)
    shutil.copy(built[0], copy / built[0].name)
    assert patch_search_worker(tmp_path)
    assert (copy / built[0].name).read_bytes() == built[0].read_bytes()


def test_each_home_page_names_the_site_once_in_its_title(site):
    """The browser tab of a home page shows the site's name, not "name - name"."""
    for rel, name in (("index.html", "ドミノ・ルールブック"), ("en/index.html", "The Domino Rulebook")):
        soup = BeautifulSoup((site / "site" / rel).read_text("utf-8"), "html.parser")
        assert soup.title.get_text() == name, rel
    soup = BeautifulSoup((site / "site" / "en" / "gen" / "draw" / "index.html").read_text("utf-8"), "html.parser")
    assert soup.title.get_text() == "Draw - The Domino Rulebook"


def test_the_home_page_lists_every_game_of_the_menu(site):
    """The home pages' list of games is made from the rules (the function a club's site uses), so it
    names every game the menu does, the house rules included, each with its summary's first sentence."""
    for rel in ("index.html", "en/index.html"):
        soup = BeautifulSoup((site / "site" / rel).read_text("utf-8"), "html.parser")
        listed = {a["href"].rstrip("/").split("/")[-1] for a in soup.select("article li > a[href*='gen/']")
                  if not a["href"].rstrip("/").endswith(("glossary", "family", "options"))}
        menu = {a["href"].rstrip("/").split("/")[-1] for a in soup.select("nav.md-nav--primary a.md-nav__link[href]")
                if "gen/" in a["href"] and not a["href"].rstrip("/").endswith(("glossary", "family", "options"))}
        assert listed == menu and {"five-up", "fives-and-threes", "mexican-train-club", "all-threes-ten"} <= listed, \
            (rel, listed ^ menu)
    en = BeautifulSoup((site / "site" / "en" / "index.html").read_text("utf-8"), "html.parser")
    draw = next(li for li in en.select("article li") if li.a and li.a["href"].endswith("gen/draw/"))
    # its summary's first sentence, then where it is played (Draw's variant.yaml: widespread)
    assert draw.get_text(" ", strip=True) == "Draw — The basic two-player domino game. (Played in many places.)"


def test_japanese_table_headings_may_wrap_only_between_phrases(site):
    # the move table's 次の手番 ("next to play") wraps, if at all, after 次の; a game's name in the
    # comparison table after its middle dots, and never inside the 10 of a name
    html = (site / "site" / "gen" / "horse-race" / "index.html").read_text()
    assert "<th>次の<wbr>手番</th>" in html
    family = (site / "site" / "gen" / "family" / "index.html").read_text()
    assert "ファイブズ・<wbr>アンド・<wbr>スリーズ" in family
    assert "10枚" in family and "1<wbr>0" not in family
    en = (site / "site" / "en" / "gen" / "horse-race" / "index.html").read_text()
    assert "<wbr>" not in "".join(re.findall(r"<th\b.*?</th>", en, re.S))    # English breaks at its spaces
