"""What a family declares in its own folder and the shared pages only read (issue 50, items 1 and 4):
the sections of a game's page that explain each rule choice and own param, the card's table each
choice is a row of, the words of its own params and the first example ``rulebook new`` writes.
Expected values are worked by hand from the games' rules and pages."""

import re

from generator.engine.choices import INFO
from generator.engine.family import families, family_of
from generator.pages.card import CARD_GROUPS, card_page, groups
from generator.pages.houserules import differences_section, param_words


def _links(md: str) -> dict[str, str]:
    """Each row of a differences table: its rule's title -> where the parent's value links."""
    return {m.group(1): m.group(2) for m in re.finditer(r"^\| (.+?) \| \[.*?\]\((.+?)\) \|", md, re.M)}


def test_a_choice_links_to_the_section_its_declaration_names(catalog):
    # Straight 42 changes Texas 42's follow-me and doubles-as-trumps: both are explained in Texas
    # 42's "Trumps" section (the tricks family declares them with sections=("trumps",)).
    links = _links(differences_section(catalog.variant("straight-42"), "en"))
    assert links == {INFO["follow_me"].title["en"]: "texas-42.md#trumps",
                     INFO["doubles_trump"].title["en"]: "texas-42.md#trumps"}
    # a cross instead of a chicken foot: the centre and the blanks, each in Chicken Foot's own section
    links = _links(differences_section(catalog.variant("chicken-foot-cross"), "en"))
    assert links[INFO["centre_double"].title["en"]] == "chicken-foot.md#the-centre"
    assert links[INFO["double_blank"].title["en"]] == "chicken-foot.md#end-and-scoring"


def test_a_family_says_its_own_params_and_where_they_are_explained(catalog):
    # Number 9 Train offers 10, 5 or 1 rounds where Mexican Train offers 13, 7 or 1: the trains'
    # own param, in their words, linked to Mexican Train's "Rounds" section
    md = differences_section(catalog.variant("number-9-train"), "en")
    assert "| [13, 7, 1 rounds](mexican-train.md#rounds) | **10, 5, 1 rounds** |" in md
    assert param_words("rounds", [10, 5, 1], "ja") == "10, 5, 1ラウンド"
    # each own param is declared by exactly one family, which words it
    owners = {}
    for f in families():
        for key in f.own_params:
            assert key not in owners, (key, owners.get(key), f.name)
            owners[key] = f.name
    assert owners == {"lead_totals": "line", "capicua_bonus": "line", "redeal_doubles": "line", "rounds": "trains"}
    assert family_of("line").param_words("rounds", [13], "en") is None
    assert family_of("line").param_words("lead_totals", None, "en") == "—"


def test_the_card_tables_take_the_rows_the_declarations_name(catalog):
    rows = dict(groups())
    assert list(rows) == list(CARD_GROUPS) == ["turn", "scoring", "end"]
    # the trains' "who covers a double" is a row of the turn, after the draw (its reading order)
    assert rows["turn"][-2:] == ("continuation", "double_cover")
    card = card_page(catalog.variant("mexican-train"), "", "en")
    turn = card.split("## A turn")[1].split("## ")[0]
    assert f"**{INFO['double_cover'].title['en']}**" in turn
    # a game of tricks takes no row from the shared tables: its family adds its own
    assert not any(INFO[k].layouts == ("tricks",) for keys in rows.values() for k in keys)


def test_the_line_says_when_its_direction_has_a_row_on_the_card(catalog):
    # Draw is played clockwise, the usual way round: its card leaves the direction out; Cuban is
    # played counter-clockwise, and its card says so (a row marked as departing from the plainest game).
    title = f"{INFO['direction'].title['en']}** |"
    assert title not in card_page(catalog.variant("draw"), "", "en")
    assert title in card_page(catalog.variant("cuban"), "", "en")


def test_the_first_example_of_a_new_game_is_its_familys():
    from generator.model.catalog import Catalog
    from conftest import RULES

    cat = Catalog(RULES)
    line = family_of("line")
    # Draw sets any tile: the first tile that is not a double (0-1), then the next (0-2) on its 0 end
    assert line.first_example(cat.variant("draw").rules) == ("0-1", "0-2", "0-1:0", ["0-1:1", "0-2:2"])
    # All Threes sets only a tile of 3 or 6 pips (0-3 first) and every play must leave a multiple
    # of 3 at the ends: of 0-1 to 0-6 on the 0 end, only 0-6 does (3 + 6 = 9)
    assert line.first_example(cat.variant("all-threes").rules) == ("0-3", "0-6", "0-3:0", ["0-3:3", "0-6:6"])
    # a game of tricks has no such position: `rulebook new` writes none
    assert family_of("tricks").first_example(cat.variant("texas-42").rules) is None


def test_the_legend_of_marks_is_the_family_s(catalog):
    """The legend comes from the family: Matador (a sum-7 line game, seed 004) shows the open ends
    (plays score nothing there), its joins and matadors and the placed tiles, in that order; Cyprus
    (double-nine, the eight-armed star) the open ends, the star's branch, the placed tiles and the
    pip colours of a set beyond double-six; the games of trains, tricks and a tree of doubles have
    no legend."""
    ui = {k: k for k in ("legend_counted", "legend_open", "legend_open_plain", "legend_branch", "legend_join",
                         "legend_matador", "legend_placed", "legend_colours", "legend_counted_ends",
                         "legend_branch_star", "legend_branch_star8", "legend_branch_sniff")}
    matador = catalog.variant("matador").rules
    assert family_of(matador.family).legend_items(matador, ui) == [
        ("open", "legend_open_plain"), ("join", "legend_join"), ("matador", "legend_matador"),
        ("placed", "legend_placed")]
    cyprus = catalog.variant("cyprus").rules
    assert family_of(cyprus.family).legend_items(cyprus, ui) == [
        ("open", "legend_open_plain"), ("branch", "legend_branch_star8"), ("placed", "legend_placed"),
        ("colours", "legend_colours")]
    for game in ("mexican-train", "texas-42", "chicken-foot"):
        rules = catalog.variant(game).rules
        assert family_of(rules.family).legend_items(rules, ui) == []


def test_a_legend_asked_for_on_a_page_without_one_is_a_located_error(tmp_path, capsys):
    from generator.cli.main import main

    from conftest import rules_with

    rules = rules_with(tmp_path, "mexican-train")
    variant = rules / "mexican-train" / "variant.yaml"
    text = variant.read_text(encoding="utf-8")
    at = text.index("      en: |\n", text.index("sections:")) + len("      en: |\n")
    variant.write_text(text[:at] + "        {{ legend() }}\n" + text[at:], encoding="utf-8")
    line = text[:at].count("\n") + 1
    capsys.readouterr()
    assert main(["check", str(rules)]) == 1
    err = capsys.readouterr().err
    assert f"variant.yaml:{line}:9: error: template: legend() is for a game whose diagrams have a legend" in err
    assert "Traceback" not in err
