"""The Texas 42 page's "Judging your hand" macros (``estimate_method()`` and
``hand_estimate(TILES)`` of the tricks family): the figures the engine's planning
player gives (worked by hand in ``test_texas42_teaching.py``) in the reader's
words, and a bad argument, or the macro on another family's page, reported at
the rule file's line."""

from types import SimpleNamespace

import jinja2
import pytest

from generator.model.yamlsrc import SourceError
from generator.families.tricks.pages import estimate_method, hand_estimate

from test_texas42 import _line, game
from test_texas42_teaching import CONTEST_E, CONTEST_N


def _page(lang):
    return SimpleNamespace(lang=lang, v=SimpleNamespace(rules=game()))


def test_hand_estimate_shows_the_parts_the_best_trumps_and_the_bid():
    md = hand_estimate(_page("en"), list(CONTEST_N))
    assert "| Trumps from the top, unbroken (sixes) | 6-6, 6-5, 6-4 | 3 |" in md
    assert "| The partner | — | 1½ |" in md
    assert "| **Total (seven at most)** | | **5½** |" in md
    assert "Best trumps: sixes, 5½ tricks of 6 points: 33 points." in md
    assert "blanks 24 points" in md             # worked in test_texas42_teaching.py
    assert "would bid up to 33 with this hand" in md
    ja = hand_estimate(_page("ja"), list(CONTEST_E))
    assert "30に届かない" in ja and "18点" in ja


def test_estimate_method_states_the_engines_constants():
    md = estimate_method(_page("en"))
    assert "counted on for 1½ tricks" in md and "A trick counts as 6 points (42 for all seven" in md
    assert "pass below 30" in md


@pytest.mark.parametrize("arg, why", [
    (["6-6", "6-6"], "6-6 is written twice"),
    (["6-6", "7-1"], "7-1"),
    (["6-6"] * 0, "one to seven tiles"),
    ([f"{a}-0" for a in range(7)] + ["1-1"], "one to seven tiles"),
    ("6-6", "one to seven tiles"),
])
def test_hand_estimate_refuses_what_is_not_a_hand(arg, why):
    with pytest.raises(jinja2.TemplateError, match=why):
        hand_estimate(_page("en"), arg)


def test_a_bad_hand_estimate_is_reported_at_its_line(rules_copy):
    """A section calling hand_estimate with a tile written twice: the build's error names the
    variant file and the line of the call."""
    from generator.model.catalog import Catalog
    from generator.pages.game import variant_page

    path = rules_copy / "texas-42" / "variant.yaml"
    text = path.read_text(encoding="utf-8")
    old = '{{ hand_estimate(["6-3", "6-1", "6-0", "5-3", "5-1", "5-0", "4-1"]) }}'
    assert text.count(old) == 2
    text = text.replace(old, '{{ hand_estimate(["6-3", "6-3"]) }}', 1)
    path.write_text(text, encoding="utf-8")
    cat = Catalog(rules_copy)
    vdef = cat.variant("texas-42")
    glossary = {t["key"]: t for t in cat.glossary()}
    good, problems = cat.check_all(cat.position_files("texas-42"))
    assert problems == []
    with pytest.raises(SourceError) as err:
        variant_page(vdef, {cp.position.id: cp for cp in good}, glossary, "ja", {}, False, cat)
    assert err.value.file.endswith("variant.yaml")
    assert err.value.line == _line(text, '"6-3", "6-3"')
    assert "6-3 is written twice" in err.value.message


def test_a_tricks_macro_on_a_line_games_page_is_reported_at_its_line(rules_copy):
    """hand_estimate() belongs to the games of tricks: the Draw game's page has no such macro, and
    the error names the Draw game's file and the line that calls it."""
    from generator.model.catalog import Catalog
    from generator.pages.game import variant_page

    path = rules_copy / "draw" / "variant.yaml"
    text = path.read_text(encoding="utf-8")
    old = "        ドローは、ダブルシックスのドミノを2人で遊ぶ"
    assert text.count(old) == 1
    text = text.replace(old, '        {{ hand_estimate(["6-6"]) }}\n' + old, 1)
    path.write_text(text, encoding="utf-8")
    cat = Catalog(rules_copy)
    good, problems = cat.check_all(cat.position_files("draw"))
    assert problems == []
    with pytest.raises(SourceError) as err:
        variant_page(cat.variant("draw"), {cp.position.id: cp for cp in good},
                     {t["key"]: t for t in cat.glossary()}, "ja", {}, False, cat)
    assert err.value.file.endswith("variant.yaml") and err.value.line == _line(text, "hand_estimate")
    assert "hand_estimate" in err.value.message
