"""The family overview page is generated from each variant's parameters and
rule choices, in both languages."""

from generator.engine import Params
from generator.model import Catalog
from generator.base.i18n import messages
from generator.pages.comparison import ROWS, cell, overview_page
from generator.engine.choices import Choices
from generator.variants import SITE_ORDER, make_variant

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
    family = [(vid, cat.variant(vid).name, cat.variant(vid).rules) for vid in SITE_ORDER
              if cat.variant(vid).choices.layout == "line"]
    for lang in ("ja", "en"):
        md = overview_page(family, lang)
        header = next(line for line in md.splitlines() if line.startswith("| "))
        for vid, name, _ in family:
            assert f"[{name[lang]}]({vid}.md)" in header
        for key in ROWS:
            label = messages("overview-row", lang)[key]
            assert f"| **{label}** |" in md or f"| **[{label}](glossary.md#" in md
    en = overview_page(family, "en")
    row = next(line for line in en.splitlines() if line.startswith("| **[Matching]"))
    assert row.count("equal numbers") == len(family) - 1 and "add to 7" in row
