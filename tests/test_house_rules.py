"""House rules and new games as data (issue 12; the fixed contract in docs/en/authoring.md):
rule choices in YAML, `extends:`, faithful templates, the house-rule page,
the options page. Expected values are worked by hand from the rules."""

import json
import re

import pytest

from conftest import rules_with, shown

from generator.base.i18n import messages
from generator.cli.main import main
from generator.engine import Tile, End
from generator.families.line.rules import Layout
from generator.pages.houserules import rerun_parent_positions
from generator.model import Catalog
from generator.site.build import generate
from generator.sim.simulate import simulate
from generator.engine.family import site_order



@pytest.fixture
def rules_of(tmp_path, monkeypatch):
    """``rules_of(*games)``: a rules folder holding the glossary and copies of
    ``games`` (those a test's house rules extend and its pages link to), made
    the current folder's ``rules/``, without RULEBOOK_RULES (as
    ``rules_copy``). Checking and generating every other game beside them
    would only repeat, unchanged, what the rest of the suite does."""
    def make(*games):
        rules = rules_with(tmp_path, *games)
        monkeypatch.chdir(tmp_path)
        monkeypatch.delenv("RULEBOOK_RULES", raising=False)
        return rules
    return make


def write(rules, vid, text, positions=None):
    (rules / vid / "positions").mkdir(parents=True, exist_ok=True)
    (rules / vid / "variant.yaml").write_text(text, encoding="utf-8")
    for name, body in (positions or {}).items():
        (rules / vid / "positions" / f"{name}.yaml").write_text(body, encoding="utf-8")


FIVES_150 = ("id: fives-to-150\nextends: all-fives\n"
             "name: {ja: オール・ファイブ（150点先取）, en: All Fives to 150}\nparams: {target: 150}\n")

# All Fives' blocked two-player settlement (seed 004: the difference): N 1-2 + 0-6 = 9,
# E 3-6 + 3-4 = 16, N scores 16 - 9 = 7. From 145 that makes 152: the game at 150.
SETTLE_150 = ("variant: fives-to-150\nsettle:\n  hands:\n    N: [\"1-2\", \"0-6\"]\n    E: [\"3-6\", \"3-4\"]\n"
              "  scores: {N: 145, E: 100}\n  expect:\n    winners: [N]\n    points: {N: 7}\n"
              "    scores_after: {N: 152, E: 100}\n    game_winners: [N]\n")


@pytest.mark.whole_site
def test_fives_to_150_checks_simulates_and_has_a_page(rules_of, capsys):
    rules_copy = rules_of("all-fives")
    write(rules_copy, "fives-to-150", FIVES_150, {"settle-150": SETTLE_150})
    assert main(["check", "-q", str(rules_copy)]) == 0, capsys.readouterr().err
    cat = Catalog(rules_copy)
    house, parent = cat.variant("fives-to-150"), cat.variant("all-fives")
    assert house.rules.params.target == 150 and house.choices == parent.choices
    # Longer games: to 150 instead of 100 takes more hands, same seed and players.
    mine = simulate(house.rules, 2, games=40, seed=7)
    theirs = simulate(parent.rules, 2, games=40, seed=7)
    assert mine["hands_per_game"]["mean"] > theirs["hands_per_game"]["mean"]
    files = generate(cat, png=False, with_stats=False)
    en = files["en/gen/fives-to-150.md"].decode()
    ja = files["ja/gen/fives-to-150.md"].decode()
    assert "## Differences from All Fives { #differences }" in en
    assert "| Game target | [first to 100 points](all-fives.md#game-end) | **first to 150 points** |" in en
    assert "| 勝ちになる点 | [100点先取](all-fives.md#game-end) | **150点先取** |" in ja
    # only the target changed: one row
    assert len([line for line in en.split("## Differences")[1].split("##")[0].splitlines()
                if line.startswith("| ") and "](all-fives.md" in line]) == 1
    # its own sections are none, so every All Fives section is linked
    assert "[Players and tiles](all-fives.md#players-and-tiles)" in en
    assert "## Examples from All Fives under these rules { #parent-examples }" in en


@pytest.mark.whole_site
def test_a_wrong_number_in_a_house_rule_position_fails_at_its_line(rules_of, capsys):
    rules_copy = rules_of("all-fives")
    write(rules_copy, "fives-to-150", FIVES_150, {"settle-150": SETTLE_150.replace("points: {N: 7}",
                                                                                   "points: {N: 9}")})
    assert main(["check", "-q", str(rules_copy / "fives-to-150")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    pos = rules_copy / "fives-to-150" / "positions" / "settle-150.yaml"
    assert err == [f"{shown(pos)}:9:5: error: points: stated {{\"N\": 9}}, the engine computes {{\"N\": 7}} "
                   f"(N: the other player holds 16 pips, its own hand 9, raw 7)"]
    from generator.site.build import BuildError
    with pytest.raises(BuildError) as exc:          # and the build stops at the same line
        generate(Catalog(rules_copy), png=False, with_stats=False)
    assert [str(e) for e in exc.value.errors] == err


BAD = [
    ("unknown parent", "id: h\nextends: all-fivez\nname: {ja: x, en: x}\n", 2, 10,
     "unknown variant 'all-fivez' (did you mean 'all-fives'?"),
    ("param the parent lacks", "id: h\nextends: all-fives\nname: {ja: x, en: x}\nparams: {rounds: [3]}\n", 4, 10,
     "all-fives has no param 'rounds'"),
    ("value not allowed", "id: h\nextends: all-fives\nname: {ja: x, en: x}\nchoices: {spinners: some}\n", 4, 11,
     "spinners"),
    ("combination", "id: h\nextends: block\nname: {ja: x, en: x}\nchoices: {legal_totals: multiples}\n", 4, 11,
     "the engine cannot play this combination: `legal_totals: multiples` needs `scoring`"),
    ("trains value on a line", "id: h\nextends: draw\nname: {ja: x, en: x}\nchoices: {settlement: penalty}\n", 4, 11,
     "`settlement: penalty` belongs to a layout of trains"),
    ("missing name", "id: h\nextends: draw\n", 1, 1, "name"),
    ("more rounds than doubles", "id: h\nextends: mexican-train\nname: {ja: x, en: x}\n"
     "params: {set: 9, deal: {2: 15, 3: 13, 4: 10, 5: 8, 6: 7, 7: 6, 8: 5}}\n", 4, 10,
     "a match of 13 rounds needs 13 engine doubles, but a double-9 set has 10"),
    ("deal sizes missing", "id: h\nextends: mexican-train\nname: {ja: x, en: x}\n"
     "params: {players: [2, 3, 4, 5, 6, 7, 8, 9, 10]}\n", 4, 10, "no deal size for 9, 10 players"),
    ("deal for nobody", "id: h\nextends: draw\nname: {ja: x, en: x}\nparams: {deal: {2: 7, 9: 3}}\n", 4, 16,
     "a deal size for 9 players, a number that is not among `players` or `partnerships`"),
    ("point unit", "id: h\nextends: all-fives\nname: {ja: x, en: x}\nparams: {point_unit: 7}\n", 4, 10,
     "a point unit of 7 does not fit `scoring: multiples-of-5`"),
    ("layout change", "id: h\nextends: all-fives\nname: {ja: x, en: x}\nchoices: {layout: trains}\n", 4, 11,
     "the engine cannot play this combination"),
    ("unknown region", "id: h\nextends: draw\nname: {ja: x, en: x}\nplayed_in: [mars]\n", 4, 13, "mars"),
    ("reserved section", "id: h\nextends: draw\nname: {ja: x, en: x}\nsections:\n  - id: differences\n"
     "    title: {ja: x, en: x}\n    body: {ja: x, en: x}\n", 5, 9, "the section id 'differences' is the name of a part"),
]


@pytest.mark.parametrize("name,text,line,col,needle", BAD, ids=[b[0] for b in BAD])
def test_bad_house_rules_give_one_located_line(rules_copy, capsys, name, text, line, col, needle):
    write(rules_copy, "h", text)
    assert main(["check", "-q", str(rules_copy / "h")]) == 1
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1 or name == "layout change", err
    assert lines[0].startswith(f"{shown(rules_copy / 'h' / 'variant.yaml')}:{line}:{col}: error: "), lines[0]
    assert len(lines) == 1 or name == "layout change"
    assert needle in lines[0] and "Traceback" not in err


def test_a_cycle_of_extends_is_one_error_per_file(rules_copy, capsys):
    write(rules_copy, "ha", "id: ha\nextends: hb\nname: {ja: x, en: x}\n")
    write(rules_copy, "hb", "id: hb\nextends: ha\nname: {ja: x, en: x}\n")
    assert main(["check", "-q", str(rules_copy / "ha")]) == 1
    err = capsys.readouterr().err
    assert "goes round in a circle (ha -> hb -> ha)" in err and "Traceback" not in err


@pytest.mark.whole_site
def test_a_failed_house_rule_build_leaves_nothing(rules_of, capsys):
    rules_copy = rules_of("draw")
    write(rules_copy, "h", "id: h\nextends: nope\nname: {ja: x, en: x}\n")
    from generator.site.build import BuildError
    with pytest.raises(BuildError) as exc:
        generate(Catalog(rules_copy), png=False, with_stats=False)
    assert any("unknown variant 'nope'" in str(e) for e in exc.value.errors)


@pytest.mark.parametrize("base", site_order())
def test_a_copy_of_every_game_plays_exactly_that_game(rules_copy, capsys, base):
    assert main(["new", "copy", "--rules", base]) == 0
    capsys.readouterr()
    assert main(["check", "-q", str(rules_copy / "copy")]) == 0, capsys.readouterr().err
    cat = Catalog(rules_copy)
    a, b = cat.variant(base), cat.variant("copy")
    assert a.params == b.params and a.choices == b.choices
    n = a.rules.params.players[0]
    outs = []
    for vid in (base, "copy"):
        assert main(["simulate", vid, "--players", str(n), "--games", "3", "--seed", "11", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out.pop("variant") == vid
        outs.append(out)
    assert outs[0] == outs[1]


def test_placeholders_are_refused_once_the_draft_mark_goes(rules_copy, capsys):
    assert main(["new", "mine", "--rules", "block"]) == 0
    capsys.readouterr()
    variant = rules_copy / "mine" / "variant.yaml"
    variant.write_text(variant.read_text(encoding="utf-8").replace("draft: true\n", ""), encoding="utf-8")
    assert main(["check", "-q", str(rules_copy / "mine")]) == 1
    err = capsys.readouterr().err.splitlines()
    # name, summary, 2 section bodies and sources in each language (the game's positions are
    # read once the game itself is clean)
    assert len(err) == 10, err
    assert all(": error: placeholder text " in e and "draft: true" in e for e in err)
    assert err[0].startswith(f"{shown(variant)}:9:8: error: placeholder text '【要記入】' is still here")


@pytest.mark.whole_site
def test_a_draft_is_built_but_off_the_tables_and_search(rules_of, capsys):
    rules_copy = rules_of("matador")
    assert main(["new", "mine", "--extends", "matador"]) == 0
    capsys.readouterr()
    assert main(["check", "-q", str(rules_copy / "mine")]) == 0, capsys.readouterr().err
    files = generate(Catalog(rules_copy), png=False, with_stats=False)
    page = files["en/gen/mine.md"].decode()
    assert page.startswith("---\nsearch:\n  exclude: true\n---\n")
    # a preview (mkdocs serve) shows the draft under a banner, on its page and on its card
    for name in ("mine", "mine-card"):
        for lang, word in (("en", "Draft"), ("ja", "下書き")):
            assert f'!!! warning "{word}"' in files[f"{lang}/gen/{name}.md"].decode()
    assert "!!! warning" not in files["en/gen/matador.md"].decode()
    # a site to publish (mkdocs build) leaves out every file of the draft, and nothing else
    published = generate(Catalog(rules_copy), png=False, with_stats=False, drafts=False)
    assert not [f for f in published if "/mine" in f]
    assert set(files) - set(published) == {f for f in files if "/mine" in f}
    assert "mine.md" not in files["en/gen/family.md"].decode()
    assert "mine.md" not in files["en/gen/options.md"].decode()
    # a house rule that changes nothing, not even a section of text, says so (and points at no table)
    assert "No rule differs from Matador's: this game is played exactly as Matador." in page
    assert "only the text differs" not in page and "table below" not in page


def test_published_variants_score_by_their_own_rules(catalog):
    # Fives and Threes: 3-6 set scores 9 / 3 = 3; 6-6 crosswise makes 3 + 12 = 15: 15/5 + 15/3 = 8.
    ft = catalog.variant("fives-and-threes").rules
    p = ft.place(Layout(), Tile(3, 6), None)
    assert p.points == 3
    assert ft.place(p.layout, Tile(6, 6), End(Tile(3, 6), "6")).points == 8
    # Five-Up: every double is a spinner; 28 pips left round to 30, 6 points.
    fu = catalog.variant("five-up").rules
    p = fu.place(Layout(), Tile(6, 6), None)
    assert p.total == 12 and fu.place(p.layout, Tile(3, 6), End(Tile(6, 6), "a")).points == 3
    s = fu.settle(["A", "B"], {"A": 0, "B": 28}, "A")
    assert s.points == {"A": 6} and s.raw == {"A": 30}
    # Fives and Threes: the next hand is set by the seat left of this hand's setter
    assert catalog.variant("fives-and-threes").choices.next_lead == "next-seat"
    # the club sheet deals 16 to two and 10 to eight
    club = catalog.variant("mexican-train-club").rules
    assert club.params.deal[2] == 16 and club.params.deal[8] == 10
    assert club.stock_size(2) == 91 - 1 - 32


def test_parent_positions_rerun_under_a_house_rule(catalog):
    results = {r["id"]: r for r in rerun_parent_positions(catalog, catalog.variant("five-up"))}
    # All Fives' blocked two-player hand: N 9, E 16. All Fives pays the difference, 7;
    # Five-Up pays the other side's pips rounded to fives: 16 -> 15, 15 / 5 = 3 (raw 15).
    blocked = results["settle-blocked-two"]
    assert blocked["status"] == "changes"
    assert (None, "points", '{"N": 7}', '{"N": 3}') in blocked["changes"]
    assert (None, "raw", '{"N": 7}', '{"N": 15}') in blocked["changes"]
    # Fives and Threes knows no lengthwise double: the All Fives example laying one cannot be played.
    ft = {r["id"]: r for r in rerun_parent_positions(catalog, catalog.variant("fives-and-threes"))}
    assert ft["double-lengthwise"]["status"] == "unplayable"
    # (the reason as data: the rule that refuses it, under the parent's id, where the example writes them)
    why = ft["double-lengthwise"]["reason"]
    assert (why.kind, why.rule) == ("rule", "all-fives/doubles-crosswise")


def test_rerun_tables_name_open_ends_in_player_words_in_tile_order(catalog):
    from generator.pages.houserules import rerun_section
    child = catalog.variant("block-spinners")
    rows = rerun_parent_positions(catalog, child)
    en, ja = (rerun_section(rows, child, lang) for lang in ("en", "ja"))
    # Block's four-player example, move 5: 3-6 on the a side of the set 6-6, which already holds the 4-6
    # on its b side. Block states the ends 3-6's 3 and 2-4's 2; here both straight sides of the spinner
    # are joined, so its two side branches open as well. Listed by tile: [2|4] before [3|6] before [6|6].
    # A double's side is named as the game's diagrams name it, never with the position files' letters:
    # the line runs across the page and the set 6-6 lies crosswise on it, so its side branches are drawn
    # above and below it.
    assert ("move 5 open ends [2\\|4] (low end), [3\\|6] (low end) → **[2\\|4] (low end), [3\\|6] (low end), "
            "[6\\|6] (upper side branch), [6\\|6] (lower side branch)**") in en
    assert "5手目 開いた端 [2\\|4]（目が少ない端）, [3\\|6]（目が少ない端） → **[2\\|4]（目が少ない端）" in ja
    assert "[6\\|6]（上の側枝）, [6\\|6]（下の側枝）" in ja
    for text in (en, ja):
        assert "side-a" not in text and ":b" not in text and "|4]:" not in text
        assert "branch A" not in text and "側枝A" not in text


@pytest.mark.whole_site
def test_options_page_lists_every_choice_and_who_uses_it(catalog):
    from generator.engine.choices import CHOICES
    files = generate(catalog, png=False, with_stats=False)
    for lang in ("ja", "en"):
        # (a value is never broken on a phone: no <wbr> in it; removing any would change nothing)
        md = files[f"{lang}/gen/options.md"].decode().replace("<wbr>", "")
        for info in CHOICES:
            assert f"(`{info.key}`)" in md
            for value in info.values:
                assert f"| <code>{value}</code>" in md
    en = files["en/gen/options.md"].decode().replace("<wbr>", "")
    row = next(line for line in en.splitlines() if line.startswith("| <code>sum-7</code>"))
    assert "[Matador](matador.md)" in row and "[Draw]" not in row
    row = next(line for line in en.splitlines() if line.startswith("| <code>fives-and-threes</code>"))
    assert "[Fives and Threes](fives-and-threes.md)" in row


@pytest.mark.whole_site
def test_a_chain_of_house_rules_links_each_section_to_the_page_that_has_it(rules_of, capsys):
    rules_copy = rules_of("all-fives")
    write(rules_copy, "club-a", "id: club-a\nextends: all-fives\nname: {ja: エー, en: Club A}\n"
                                "params: {target: 150}\n"
                                "summary: {ja: 150点まで遊ぶ, en: All Fives played to 150}\n")
    write(rules_copy, "club-b", "id: club-b\nextends: club-a\nname: {ja: ビー, en: Club B}\n"
                                "params: {target: 120}\nchoices: {draw: none}\n")
    assert main(["check", "-q", str(rules_copy)]) == 0, capsys.readouterr().err
    files = generate(Catalog(rules_copy), png=False, with_stats=False)
    page = files["en/gen/club-b.md"].decode()
    # Club A wrote no sections: every section it passes on is on All Fives' page
    assert "- [Players and tiles](all-fives.md#players-and-tiles)" in page
    assert "| Game target | [first to 150 points](all-fives.md#game-end) | **first to 120 points** |" in page
    for target, anchor in re.findall(r"\]\(([a-z0-9-]+)\.md#([a-z0-9-]+)\)", page):
        assert f"{{ #{anchor} }}" in files[f"en/gen/{target}.md"].decode(), (target, anchor)
    # it wrote no summary: the page opens by saying what it is, not with Club A's summary
    assert page.split("\n\n")[1] == "A house rule of Club A; the table below shows what it changes."
    assert "played to 150" not in page


def test_a_house_rule_of_a_draft_must_be_a_draft(rules_copy, capsys):
    assert main(["new", "my-bergen", "--rules", "bergen"]) == 0
    write(rules_copy, "h", "id: h\nextends: my-bergen\nname: {ja: x, en: x}\nparams: {target: 20}\n")
    capsys.readouterr()
    assert main(["check", "-q", str(rules_copy / "h")]) == 1
    err = capsys.readouterr().err.strip()
    assert err == (f"{shown(rules_copy / 'h' / 'variant.yaml')}:2:10: error: my-bergen is still a draft (`draft: true`): "
                   f"finish it first, or mark this game `draft: true` too")


@pytest.mark.whole_site
def test_check_reports_a_games_template_even_when_another_game_is_broken(rules_of, capsys):
    rules_copy = rules_of("all-fives", "draw")
    write(rules_copy, "club", "id: club\nextends: all-fives\nname: {ja: x, en: x}\nsections:\n  - id: extra\n"
                              "    title: {ja: x, en: x}\n    body:\n      ja: '{{ position(\"twenty\") }}'\n"
                              "      en: x\n")
    write(rules_copy, "zzz", "id: zzz\nextends: draw\nname: {ja: x, en: 'TODO: x'}\n")
    for args in (["check", "-q", str(rules_copy / "club")], ["check", "-q"]):
        assert main(args) == 1
        err = capsys.readouterr().err
        assert "club/variant.yaml:8:" in err and "no position 'twenty'" in err, err


@pytest.mark.whole_site
def test_parent_examples_whose_scores_already_reach_the_target(catalog):
    rows = {r["id"]: r for r in rerun_parent_positions(catalog, catalog.variant("five-up"))}
    # All Fives' "going out to pass 100" starts from B 92: past Five-Up's 61 before the hand
    assert rows["settle-game-end"]["status"] == "unplayable"
    files = generate(catalog, png=False, with_stats=False)
    en = files["en/gen/five-up.md"].decode()
    assert "no longer possible: the scores before the hand already reach this game's target" in en
    # a step All Fives refuses is still refused, by the spinner's rule now
    assert ("is still refused, for another reason: **side branches open only after both straight sides are "
            "filled** (was: that is not an open end)") in en


def test_a_house_rule_changing_who_covers_a_double_reruns_differently(rules_of, capsys):
    """``double_cover: next-player`` on Mexican Train: the parent's example of an uncovered double
    (A lays 5-5 and, under seed 001, plays again to cover it) now passes the turn to B at once."""
    rules_copy = rules_of("mexican-train")
    write(rules_copy, "next-covers", "id: next-covers\nextends: mexican-train\n"
                                     "name: {ja: 次の人がふさぐ, en: The Next Player Covers}\n"
                                     "choices: {double_cover: next-player}\n")
    assert main(["check", "-q", str(rules_copy)]) == 0, capsys.readouterr().err
    catalog = Catalog(rules_copy)
    rows = {r["id"]: r for r in rerun_parent_positions(catalog, catalog.variant("next-covers"))}
    row = rows["round-open-double"]
    assert row["status"] == "changes"
    assert row["changes"][0] == (("move", 1), "next", '"A"', '"B"')
    assert row["changes"][-1][:2] == (("move", 2), "stops")


@pytest.mark.parametrize("choices,key", [("{counting: ends, scoring: none, doubles: choice}", "doubles"),
                                         ("{scoring: none}", "counting")])
def test_a_house_rule_whose_choice_changes_nothing_is_refused(rules_copy, capsys, choices, key):
    """All Fives without scoring in play: its Fives count, or a choice of a double's way of lying
    with the plain count, would publish rules the engine never applies."""
    write(rules_copy, "quiet-fives", "id: quiet-fives\nextends: all-fives\n"
                                     "name: {ja: 静かなファイブ, en: Quiet Fives}\n"
                                     f"choices: {choices}\n")
    assert main(["check", "-q", str(rules_copy / "quiet-fives")]) == 1
    err = capsys.readouterr().err
    assert "changes nothing here" in err and "quiet-fives/variant.yaml:" in err


def test_a_house_rule_that_changes_its_games_layout_shows_a_dash_for_what_the_game_lacks(rules_of, capsys):
    """Block played as a table of trains: Block has no rounds, so the
    differences table gives Block a dash and the house rule its 7 rounds
    (it once stopped the build with a traceback). Four hands of six: with the
    engine set out first, four of seven would need 29 of the 28 tiles."""
    rules_copy = rules_of("block")
    write(rules_copy, "block-trains", "id: block-trains\nextends: block\n"
                                      "name: {ja: ブロックのトレイン, en: Block Trains}\n"
                                      "params: {rounds: [7], deal: {2: 7, 3: 7, 4: 6}}\n"
                                      "choices: {layout: trains, lead: engine, draw: one, settlement: penalty, "
                                      "next_lead: winner}\n")
    assert main(["check", "-q", str(rules_copy)]) == 0, capsys.readouterr().err
    files = generate(Catalog(rules_copy), png=False, with_stats=False, only={"block-trains"})
    page = files["en/gen/block-trains.md"].decode()
    title = messages("param", "en")["rounds"]
    row = next(line for line in page.splitlines() if line.startswith(f"| {title} |"))
    assert row.split(" | ")[1].startswith("[—]") and row.endswith("| **7 rounds** |"), row


def test_an_over_deal_of_cyprus_is_refused_at_its_deal(rules_copy, capsys):
    # four hands of 14 take 4 x 14 = 56 tiles; the double-nine set has 55 (nothing is set out before
    # Cyprus's deal). The deal is the problem, not the drawing the game inherits.
    write(rules_copy, "cyprus-14", "id: cyprus-14\nextends: cyprus\nname: {ja: キプロス14枚, en: Cyprus of 14}\n"
                                   "params: {players: [4], deal: {4: 14}}\n")
    assert main(["check", "-q", str(rules_copy / "cyprus-14")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["rules/cyprus-14/variant.yaml:4:24: error: the deal needs more tiles than the set "
                   "has: 4 hands of 14 take 56 tiles, but the set has 55"]
