"""A house rule that changes no param and no rule choice of its parent (issue 13 of a new user's
report): ``rulebook check`` warns at its ``extends:`` key without failing, in each output format,
and its page says it is played as the parent instead of pointing at a table of differences that
is not there. Expected lines are counted by hand in the files written here."""

import json

import pytest

import generator.site.build  # noqa: F401  (loads every family's position kinds, as a build does)
from generator.cli.main import main
from generator.model import Catalog
from generator.pages.houserules import differences_section, inherited_section, summary_line

from conftest import rules_with

pytestmark = pytest.mark.engine

#: Texas 42 under another name: line 1 the id, line 2 `extends:` (the warning's place), line 3 the name.
SAME = "id: same-42\nextends: texas-42\nname: {ja: 同じ42, en: The same 42}\n"
#: Writes Texas 42's own target (7 marks) again: still no difference.
REPEATS = SAME.replace("same-42", "repeats-42") + "params: {target: 7}\n"
#: Played to ten marks: a difference, so no warning.
TEN = SAME.replace("same-42", "ten-42") + "params: {target: 10}\n"
#: The same rules with a section of its own: only the text differs.
TEXT = SAME.replace("same-42", "text-42") + (
    "sections:\n  - id: house-note\n    title: {ja: クラブの注意, en: A club note}\n"
    "    body:\n      ja: 席は毎回くじで決めます。\n      en: Seats are drawn by lot each evening.\n")


@pytest.fixture(scope="module")
def rules(tmp_path_factory):
    folder = rules_with(tmp_path_factory.mktemp("same"), "texas-42")
    for text in (SAME, REPEATS, TEN, TEXT):
        vid = text.split("\n", 1)[0].removeprefix("id: ")
        (folder / vid).mkdir()
        (folder / vid / "variant.yaml").write_text(text, encoding="utf-8")
    return folder


def test_check_warns_at_extends_and_passes(rules, capsys):
    code = main(["check", str(rules / "same-42"), str(rules / "ten-42")])
    err = capsys.readouterr().err
    assert code == 0
    warnings = [line for line in err.splitlines() if ": warning: " in line]
    assert warnings == [f"{rules / 'same-42' / 'variant.yaml'}:2:1: warning: this house rule changes no param or "
                        "rule choice of texas-42 and writes no rule text of its own: it is played exactly as "
                        "texas-42 (write the values that differ under `params:` or `choices:`)"]
    assert "error" not in err and err.rstrip().endswith("ok, 1 warning(s)")


def test_a_value_equal_to_the_parents_is_no_change(rules, capsys):
    """`target: 7` is Texas 42's own target: the house rule still changes nothing."""
    assert main(["check", str(rules / "repeats-42"), "--format", "json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["problems"] == []
    assert [(w["line"], w["col"], w["rule"]) for w in report["warnings"]] == [(2, 1, None)]


def test_a_house_rule_with_its_own_text_is_told_only_its_rules_are_the_parents(rules, capsys):
    assert main(["check", str(rules / "text-42"), "--format", "github"]) == 0
    out = capsys.readouterr().out
    lines = [line for line in out.splitlines() if line.startswith("::")]
    assert len(lines) == 1 and lines[0].startswith("::warning file=")
    assert ",line=2,col=1," in lines[0] and "writes no rule text" not in lines[0]


def test_the_page_of_an_unchanged_house_rule_points_at_no_table(rules):
    """No table of differences is drawn, so no sentence points at one, nor at "changes above"; where
    the house rule writes no text of its own, the page does not say its text differs."""
    cat = Catalog(rules)
    same, text, ten = cat.variant("same-42"), cat.variant("text-42"), cat.variant("ten-42")
    for lang, below, only_text in (("en", "below", "only the text differs"), ("ja", "下の表", "文章だけが違います")):
        words = summary_line(same, lang) + differences_section(same, lang) + inherited_section(same, lang)
        assert below not in words and only_text not in words and "|---|" not in words
        assert "上の違い" not in words and "changes above" not in words
        assert only_text in differences_section(text, lang)
        assert below in summary_line(ten, lang) and "|---|" in differences_section(ten, lang)
    assert "No rule differs from Texas 42's: this game is played exactly as Texas 42." in differences_section(same, "en")
    assert "テキサス42と違うルールはありません。" in differences_section(same, "ja")
