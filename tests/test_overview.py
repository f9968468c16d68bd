"""The comparison page (gen/family.md) is generated from each game's parameters and
rule choices, in both languages, a few games to a table, grouped by family of games; the home
page's list of games is grouped by family and by where the games are played."""

import re

from generator.engine import Params
from generator.engine.family import families, site_order
from generator.model import Catalog
from generator.base.i18n import messages
from generator.families.line.words import OVERVIEW_ROWS as ROWS
from generator.pages.comparison import cell, overview_page
from generator.engine.choices import Choices
from generator.engine.rules import make_variant
from generator.site.build import games_list, listed_order

from conftest import RULES as RULES_DIR


def test_cells_follow_parameters():
    b = make_variant(Params(set=6, players=(2, 3), partnerships=(), deal={2: 7, 3: 6}, target=150),
                     Choices(lead="highest-double", draw="none", settlement="opponents-less-own"))
    assert cell(b, "length", "en") == "first to 150 points"
    assert cell(b, "deal", "en") == "2: 7 each (14 left); 3: 6 each (10 left). Undealt tiles stay out of play"
    assert cell(b, "players", "ja") == "2〜3人"
    s = make_variant(Params(set=6, players=(2, 3), partnerships=(4,), deal={2: 7, 3: 6, 4: 5}, stock_reserve=2,
                            target=200), Choices(spinners="first", side_branches="at-once", draw="optional"))
    assert cell(s, "players", "en") == "2–3; 4 always as two partnerships"
    assert cell(s, "deal", "ja").endswith("タロンの最後の2枚は引かない")
    assert cell(s, "drawing", "en").startswith("may draw even with a play")


def test_page_has_every_variant_and_row_in_both_languages():
    cat = Catalog(RULES_DIR)
    family = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in site_order()
              if cat.variant(vid).choices.layout == "line"]
    for lang in ("ja", "en"):
        md = overview_page(family, lang)
        header = " ".join(line for line in md.splitlines() if line.startswith("| Item |") or line.startswith("| 項目 |"))
        for vid, name, _ in family:
            assert f"[{name[lang]}]({vid}.md)" in header
        for key in ROWS:
            label = messages("overview-row", lang)[key]
            assert f"| **{label}** |" in md or f"| **[{label}](glossary.md#" in md
    en = overview_page(family, "en")
    row = " ".join(line for line in en.splitlines() if line.startswith("| **[Matching]"))
    assert row.count("equal numbers") == len(family) - 1 and "add to 7" in row


def _sections(md: str) -> dict[str, str]:
    """The comparison page's sections by heading id: ``{"line": text, ...}``."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^## .+? \{ #(\w+) \}\n(.*?)(?=^## |\Z)", md, re.M | re.S)}


def _column(section: str, name: str) -> dict[str, str]:
    """One game's column of a section's table, by row label (links and bold taken off):
    each value cell starts with the game's name for a phone, which is checked and taken off."""
    table = next(t for t in section.split('<div class="rb-comparison" markdown>')[1:] if f"| [{name}](" in t)
    lines = [line for line in table.splitlines() if line.startswith("| ")]
    head = [c.strip() for c in lines[0].strip("|").split(" | ")]
    k = next(i for i, c in enumerate(head) if c.startswith(f"[{name}]("))
    out = {}
    for line in lines[1:]:
        if line.startswith("|---"):
            continue
        cells = [c.strip() for c in line.strip("|").split(" | ")]
        label = re.sub(r"\*\*\[?(.*?)\]?(\(glossary\.md#[\w-]+\))?\*\*", r"\1", cells[0])
        out[label] = cells[k]
    return out


def test_the_comparison_groups_every_game_by_its_family():
    """Every game of the site (drafts aside) is in one table of its family, and only there; the
    families come in their registered order (line, trains, tricks, tree, paigow, tiengow), each with its heading,
    its sentence and its tables of at most five games."""
    cat = Catalog(RULES_DIR)
    games = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in listed_order(cat)]
    assert {f.name for f in families()} == {"line", "trains", "tricks", "tree", "paigow", "tiengow"}
    for lang in ("ja", "en"):
        md = overview_page(games, lang)
        sections = _sections(md)
        assert list(sections) == [f.name for f in families()]
        for fam, text in sections.items():
            tables = text.split('<div class="rb-comparison" markdown>')[1:]
            assert messages("overview", lang)[f"family_{fam}_about"] in text
            headers = [next(line for line in t.splitlines() if line.startswith("| ")) for t in tables]
            assert all(h.count("](") <= 5 for h in headers)
            for vid, name, rules in games:
                found = sum(f"[{name[lang]}]({vid}.md)" in h for h in headers)
                assert found == (rules.family == fam), (lang, fam, vid)
        assert "{ #line }" in md and md.index("{ #line }") < md.index("{ #trains }") < md.index("{ #tricks }") \
            < md.index("{ #tree }") < md.index("{ #paigow }") < md.index("{ #tiengow }")


def test_every_familys_cells_start_lower_case_as_the_line_games_do():
    """The cells of the English comparison page are phrases under a row's heading, lower-case in
    every family (the trick games' "no line of play: tricks of four tiles", "never: ...", "one point
    a trick ..." as the line games' "first to 150 points"); only a name keeps its capital: Draw's
    lead by Black (the first seat), and the Chinese set of Pai Gow and Tien Gow."""
    cat = Catalog(RULES_DIR)
    games = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in listed_order(cat)]
    md = overview_page(games, "en")
    cells = re.findall(r'<span class="rb-cmp-game">[^<]*</span>([^|]*)', md)
    assert len(cells) > 100
    capital = {c.split()[0] for c in cells if c[:1].isupper()}
    assert capital == {"Black", "Chinese"}
    assert "no line of play: tricks of four tiles" in [c.strip() for c in cells]


def test_the_comparison_cells_of_each_family_are_the_games_own():
    """A few cells worked by hand from the rule files, in both languages:
    - Texas 42 (tricks): a double-six set has 7 x 8 / 2 = 28 tiles; four players take 7 each,
      4 x 7 = 28, so none is left.
    - Chicken Foot (tree): a double-nine set has 10 x 11 / 2 = 55 tiles; the 9-9 goes to the centre
      before the deal, so two players taking 20 each leave 55 - 1 - 40 = 14.
    - Mexican Train (trains): a double-twelve set has 13 x 14 / 2 = 91 tiles; the 12-12 engine is set
      out, and four players taking 15 each leave 91 - 1 - 60 = 30.
    - Cuban Dominoes (line): double-nine, 55 tiles, four players take 10 each and 55 - 40 = 15 stay out
      of play (no centre double).
    Each value cell names its game first (for a phone), in the language's words."""
    cat = Catalog(RULES_DIR)
    games = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in listed_order(cat)]
    expected = {
        "en": {("tricks", "Texas 42"): ("Set", "double-six (28 tiles)", "Deal", "4: 7 each (0 left)"),
               ("tree", "Chicken Foot"): ("Set", "double-nine (55 tiles)", "Deal", "2: 20 each (14 left)"),
               ("trains", "Mexican Train"): ("Set", "double-twelve (91 tiles)", "Deal", "4: 15 each (30 left)"),
               ("line", "Cuban Dominoes"): ("Set", "double-nine (55 tiles)", "Deal and stock", "4: 10 each (15 left)")},
        "ja": {("tricks", "テキサス42"): ("牌のセット", "ダブルシックス（28枚）", "配牌", "4人：7枚（残り0）"),
               ("tree", "チキンフット"): ("牌のセット", "ダブルナイン（55枚）", "配牌", "2人：20枚（残り14）"),
               ("trains", "メキシカントレイン"): ("牌のセット", "ダブルトゥエルブ（91枚）", "配牌", "4人：15枚（残り30）"),
               ("line", "キューバン・ドミノ"): ("牌のセット", "ダブルナイン（55枚）", "配牌とタロン", "4人：10枚（残り15）")},
    }
    for lang, cases in expected.items():
        sections = _sections(overview_page(games, lang))
        for (fam, name), (set_row, set_words, deal_row, deal) in cases.items():
            column = _column(sections[fam], name)
            label = f'<span class="rb-cmp-game">{name}{"：" if lang == "ja" else ": "}</span>'
            assert all(value.startswith(label) for value in column.values()), (lang, name)
            assert column[set_row] == label + set_words
            assert deal in column[deal_row]


def test_end_of_hand_row_names_the_capicua_bonus():
    """The capicúa bonus is part of how a hand ends: Dominican Dominoes adds 25
    points and Puerto Rican Dominoes 100 (their ``capicua_bonus``, each a
    point a pip: ``point_unit`` 1), while Cuban Dominoes, the same settlement
    without the bonus, says nothing of one; so Cuban and Dominican no longer
    read the same."""
    cat = Catalog(RULES_DIR)
    for lang, word in (("en", "capicúa"), ("ja", "カピクー")):
        cuban, dominican, puerto = (cell(cat.variant(g).rules, "hand_end", lang)
                                    for g in ("cuban", "dominican", "puerto-rican"))
        assert word not in cuban
        assert word in dominican and word in puerto
        assert dominican != cuban
    assert cell(cat.variant("dominican").rules, "hand_end", "en").endswith("adds 25 points")
    assert cell(cat.variant("puerto-rican").rules, "hand_end", "en").endswith("adds 100 points")
    assert cell(cat.variant("dominican").rules, "hand_end", "ja").endswith("25点")
    assert cell(cat.variant("puerto-rican").rules, "hand_end", "ja").endswith("100点")


def test_a_big_family_is_split_into_tables_a_reader_can_jump_to():
    """Twenty-one line-of-play games go into five tables (21 = 5 + 4 + 4 + 4 + 4, the fewest tables of
    at most five, as even as they can be); each table has a heading naming its games, anchored line-1 to
    line-5, and the finder at the top of the page links each game to its table: Draw, the site's second
    line game, to line-1, and Jamaican Partner, the eighteenth, to Sebastopol, the twenty-first (the
    eight games of the seeds first, then the rest by name), to line-5. A family of two games keeps one
    table, under the family's own anchor, with no heading of its own."""
    cat = Catalog(RULES_DIR)
    games = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in listed_order(cat)]
    line = [g for g in games if g[2].family == "line"]
    assert len(line) == 21
    md = overview_page(games, "en")
    finder = md[:md.index("\n## ")]
    assert "[Draw](#line-1)" in finder and "[Puerto Rican Dominoes](#line-5)" in finder \
        and "[Sebastopol](#line-5)" in finder
    assert "[Texas 42](#tricks)" in finder and "#tricks-1" not in md
    headings = re.findall(r"^### (.*) \{ #(line-\d) \}$", md, re.M)
    assert [a for _, a in headings] == ["line-1", "line-2", "line-3", "line-4", "line-5"]
    assert [len(h.split(", ")) for h, _ in headings] == [5, 4, 4, 4, 4]
    assert headings[4][0].endswith("Puerto Rican Dominoes, Sebastopol")


def test_the_home_list_groups_games_by_family_and_by_where_they_are_played():
    """The home page's list: a heading per family over its games; then one line per region
    naming its games. Cuban Dominoes says it is played in the Caribbean (its variant.yaml);
    42 with Nel-O and plunge gives no place and keeps its parent's (Texas 42: North America);
    Fives and Threes, a house rule of All Fives, gives its own (Britain), and All Fives
    (North America) is not on Britain's line."""
    cat = Catalog(RULES_DIR)
    assert cat.variant("texas-42-nello").played_in == ("north-america",)
    assert cat.variant("fives-and-threes").played_in == ("britain",)
    for lang, (fam, place, caribbean, britain) in {
            "en": ("### Games of tricks and bids { #games-tricks }", "### By where they are played",
                   "- **The Caribbean**: ", "- **Britain**: "),
            "ja": ("### ビッドとトリックのゲーム { #games-tricks }", "### 遊ばれている地域で分けた一覧",
                   "- **カリブ海地域**：", "- **イギリス**：")}.items():
        md = games_list(cat, lang)
        assert fam in md and md.index(fam) < md.index(place)
        tricks = md[md.index(fam):].split("\n### ")[0]
        assert "(gen/texas-42-nello.md)" in tricks and "(gen/cuban.md)" not in tricks
        lines = md[md.index(place):].splitlines()
        carib = next(x for x in lines if x.startswith(caribbean))
        assert "(gen/cuban.md)" in carib and "(gen/texas-42.md)" not in carib
        brit = next(x for x in lines if x.startswith(britain))
        assert "(gen/fives-and-threes.md)" in brit and "(gen/all-fives.md)" not in brit
        na = next(x for x in lines if "(gen/texas-42.md)" in x)
        assert "(gen/texas-42-nello.md)" in na


def test_family_and_spinner_words_hold_for_every_game_they_name():
    """From the rule files: Mexican Train and the club's sheet have `train_access: marker` (a train of
    one's own), Number 9 Train `open` (no train is anyone's), so the trains section says each of them;
    only Sniff lays its first double crosswise by choice (`doubles: choice`, the sniff): Cyprus,
    Sebastopol, Block with Spinners and All Fives with a Spinner have a spinner, not a sniff."""
    cat = Catalog(RULES_DIR)
    games = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in listed_order(cat)]
    en, ja = (_sections(overview_page(games, lang)) for lang in ("en", "ja"))
    about = en["trains"].split("<div", 1)[0]
    assert "In Mexican Train and Mexican Train (a club's rule sheet), each player builds a train of their own" in about
    assert "In Number 9 Train, no train belongs to anyone: every player may play on every train." in about
    assert about.count("train of their own") == 1
    assert "ナンバー9トレインではトレインに持ち主がなく" in ja["trains"]
    for name in ("Cyprus", "Sebastopol", "Block with Spinners", "All Fives with a Spinner"):
        assert _column(en["line"], name)["Spinners"].split("</span>")[1].startswith("only the first double (the spinner); ")
    assert "(the sniff)" in _column(en["line"], "Sniff")["Spinners"]
    for name in ("キプロス", "セバストポール"):
        assert "（スピナー）" in _column(ja["line"], name)["分岐するダブル"]
    assert "（スニッフ）" in _column(ja["line"], "スニッフ")["分岐するダブル"]
