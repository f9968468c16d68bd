"""Number 9 Train (rules/number-9-train, Pagat's "Number 9 Train"): a double-nine
house rule of Mexican Train whose trains are open to everyone (``train_access:
open``). The same deal as Mexican Train gives other legal moves and another
round; a reader plays a whole match of it (Play a hand) at every level. Every
expected value is worked by hand from the rules, beside the assertion."""

import pytest

from conftest import shown
from generator.cli.main import main
from generator.engine import Tile
from generator.families.trains import play as show
from generator.families.trains.rules import MEXICAN, Round
from generator.play.session import Session, spec_of

T = Tile


@pytest.fixture(scope="module")
def n9(catalog):
    return catalog.variant("number-9-train").rules


@pytest.fixture(scope="module")
def mt(catalog):
    return catalog.variant("mexican-train").rules


def who(seat):
    return {"N": "North", "S": "South (you)"}[seat]


def test_a_double_nine_set_eleven_tiles_and_ten_rounds(n9):
    # Pagat: double-nine (55 tiles), 2-5 players, 11 each; the engine is set out first, so five take
    # 10: the stock is 55 - 1 - 2 x 11 = 32 for two, 55 - 1 - 4 x 11 = 10 for four, 55 - 1 - 50 = 4 for five
    assert len(n9.params.tiles) == 55
    assert [n9.stock_size(n) for n in (2, 4, 5)] == [32, 10, 4]
    # one round per double, 9-9 down to 0-0; or 5 or 1
    assert n9.round_settings == (10, 5, 1)
    assert [str(n9.engine_of(r, 10)) for r in (1, 2, 10)] == ["9-9", "8-8", "0-0"]
    assert n9.choices.train_access == "open" and n9.choices.double_cover == "same-player"


def _deal(v):
    """The same moment under either game: engine 9-9; North's train ends 5 (no marker), South's 3,
    the Mexican train 2; South holds 5-8, 2-4, 6-6 and 1-7; South to move."""
    return Round(v, ["N", "S"], {"N": [T(0, 1), T(7, 7)], "S": [T(5, 8), T(2, 4), T(6, 6), T(1, 7)]},
                 [T(0, 0), T(3, 3)], T(9, 9), "S", trains={"N": [T(9, 5)], "S": [T(9, 3)], MEXICAN: [T(9, 2)]})


def test_the_same_deal_offers_other_plays_than_mexican_train(n9, mt):
    # Mexican Train: North's train has no marker, so South's only play is 2-4 on the Mexican train.
    # Number 9 Train: North's train is open too, so 5-8 may go there as well.
    assert _deal(mt).plays_for("S") == [(T(2, 4), MEXICAN)]
    assert _deal(n9).plays_for("S") == [(T(5, 8), "N"), (T(2, 4), MEXICAN)]
    assert _deal(n9).status("S", "N") == "open" and _deal(mt).status("S", "N") == "unmarked"


def test_a_pass_marks_a_train_only_in_mexican_train(n9, mt):
    # South lays 2-4 on the Mexican train (end 4) in both. North then holds 0-1 and 7-7: nothing fits
    # North's own 5, South's 3 or the Mexican 4; North draws 0-0, no fit, passes.
    # Mexican Train: North's pass marks North's train; South's 5-8 may now go there (end 8).
    # Number 9 Train: no marker; South's 5-8 could go there anyway.
    for v, markers in ((mt, ("N",)), (n9, ())):
        r = _deal(v)
        r.play("S", T(2, 4), MEXICAN)
        assert r.plays_for("N") == []
        r.draw("N")
        ev = r.pass_("N")
        assert ev.markers == markers
        assert (T(5, 8), "N") in r.plays_for("S")


def test_a_pass_is_said_without_a_marker(n9, mt):
    r = Round(n9, ["N", "S"], {"N": [T(0, 1)], "S": [T(6, 6), T(7, 8)]}, [T(2, 5)], T(9, 9), "S",
              trains={"N": [T(9, 4)], "S": [T(9, 3)], MEXICAN: [T(9, 1)]})
    # South's 6-6 and 7-8 fit none of 4, 3, 1: draw
    assert show.hint(n9, r, "S", "en")[0] == "draw"
    r.draw("S")                                        # 2-5: no fit either
    assert show.hint(n9, r, "S", "en") == ("pass", "The tile you drew fits no train: pass.")
    assert show.action_words(n9, r, "S", "pass", "en") == "pass"
    assert show.action_words(mt, r, "S", "pass", "en") == "pass (a marker goes on your train)"
    assert show.log_words(n9, r, "S", "pass", "ja") == "パス"
    r.pass_("S")
    svg, words = show.table(n9, r, "en", "t")
    assert svg.count('class="marker"') == 0
    # every train, North's included, is open to North and South alike
    assert "North's train: [9|4], open end 4; may play here now: North, South (you)." in words


def test_a_tile_that_fits_another_s_train_is_offered_and_worded(n9):
    r = _deal(n9)
    assert show.action_words(n9, r, "S", (T(5, 8), "N"), "en") == "[5|8] on North's train"
    # greedy hint: the heaviest playable tile, 5-8 (13 pips) over 2-4 (6)
    assert show.hint(n9, r, "S", "en")[0] == (T(5, 8), "N")
    # 1-7 fits no end (5, 3, 2): refused by the matching rule; 6-6 likewise
    assert show.refusal(n9, r, "S", T(1, 7)) == "number-9-train/matching"
    assert show.refusal(n9, r, "S", T(6, 6)) == "number-9-train/matching"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_match_is_played_to_its_end_through_the_session(n9, lang):
    s = Session(spec_of(n9), seed=9, lang=lang)
    view = s.view()
    rounds_seen = 0
    for _ in range(5000):
        if view["phase"] == "game-over":
            break
        assert view["table"].startswith("<svg") and 'class="marker"' not in view["table"]
        if view["phase"] == "hand-over":
            rounds_seen += 1
            view = s.next_hand()
            continue
        for tile in view["hand"]:
            assert tile["moves"] or tile["why"]
        if view["moves"]:
            view = s.move(0)
        elif view["draw"]:
            view = s.draw()
        else:
            view = s.pass_()
    assert view["phase"] == "game-over"
    assert rounds_seen == 9 and view["hands"] == 10          # 10 rounds: 9-9 down to 0-0
    assert s.record["finished"] and s.record["winners"]


@pytest.mark.parametrize("level", ["easy", "hard"])
def test_each_level_plays_a_round_to_its_end(n9, level):
    s = Session(spec_of(n9), seed=3, lang="en", level=level)
    view = s.view()
    for _ in range(500):
        if view["phase"] != "turn":
            break
        if view["moves"]:
            view = s.move(len(view["moves"]) - 1)
        elif view["draw"]:
            view = s.draw()
        else:
            view = s.pass_()
    assert view["phase"] in ("hand-over", "game-over")
    assert view["result"]


def test_a_marker_in_a_number_9_train_position_is_one_located_error(rules_copy, capsys):
    # a game whose trains are all open has no markers: `markers: [B]` (line 22, column 13 of the
    # shipped file: the list's first item) is refused there, never played
    pos = rules_copy / "number-9-train" / "positions" / "table-any-train.yaml"
    text = pos.read_text()
    assert text.splitlines()[21] == "  markers: []"
    pos.write_text(text.replace("  markers: []\n", "  markers: [B]\n", 1))
    assert main(["check", "-q", str(rules_copy / "number-9-train")]) == 1
    assert capsys.readouterr().err.strip().splitlines() == [
        f"{shown(pos)}:22:13: error: number-9-train has no markers: every train is open to everyone (train_access: open)"]


def _house(rules, vid, params):
    (rules / vid).mkdir()
    (rules / vid / "variant.yaml").write_text(f"id: {vid}\nextends: number-9-train\nname: {{ja: 卓の決まり, en: Ours}}\n"
                                              f"params:\n{params}", encoding="utf-8")
    return rules / vid


def test_a_deal_that_leaves_no_tile_for_the_engine_is_refused_at_the_deal(rules_copy, capsys):
    # the 9-9 is set out before the deal, so five hands of 11 need 55 + 1 = 56 tiles of the 55
    folder = _house(rules_copy, "eleven-each", "  deal: {2: 11, 3: 11, 4: 11, 5: 11}\n")
    assert main(["check", "-q", str(folder)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"rules/{folder.name}/variant.yaml:5:3: error: the deal needs more tiles than the set has: 5 hands of "
                   f"11 take 55 tiles, and 1 more is set out before the deal (56 in all), but the set has 55"]


def test_a_reserve_beyond_the_stock_names_the_stock_the_page_shows(rules_copy, capsys):
    # two players: 55 - 1 (the engine) - 2 x 11 = 32 tiles in the stock, as the deal table says
    folder = _house(rules_copy, "kept-back", "  stock_reserve: 54\n")
    assert main(["check", "-q", str(folder)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"rules/{folder.name}/variant.yaml:5:3: error: the stock for 2 players holds 32 tiles, fewer than the "
                   f"reserve of 54"]


def test_a_table_with_two_independent_problems_lists_both(rules_copy, capsys):
    # six players (the game is for 2 to 5) and a 6-10 in the hand (a double-nine set stops at 9):
    # neither depends on the other, so check lists both, each at its own line
    path = rules_copy / "number-9-train" / "positions" / "table-any-train.yaml"
    text = path.read_text(encoding="utf-8")
    assert "  players: [A, B, C]\n" in text and '"6-6"]' in text
    path.write_text(text.replace("  players: [A, B, C]\n", "  players: [A, B, C, D, E, F]\n")
                    .replace('"6-6"]', '"6-10"]'), encoding="utf-8")
    lines = text.splitlines()
    at_players = next(i for i, line in enumerate(lines) if line == "  players: [A, B, C]") + 1
    at_hand = next(i for i, line in enumerate(lines) if line.startswith("  hand: ")) + 1
    col = lines[at_hand - 1].index('"6-6"') + 1
    assert main(["check", "-q", str(rules_copy / "number-9-train")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    where = "rules/number-9-train/positions/table-any-train.yaml"
    assert err == [f"{where}:{at_players}:3: error: number-9-train is played by 2 to 5 players, not 6",
                   f"{where}:{at_hand}:{col}: error: '6-10' is not in a double-9 set (pips run from 0 to 9)"]
def test_engine_on_the_page_is_the_centre_double_the_software_is_the_rules_engine(catalog):
    # The page's "engine" is the double in the hub; where it speaks of the program it says "this site"
    # or "the rules engine", never the bare word (Pagat's count is one this site does not score).
    import re
    from generator.site.build import generate
    files = generate(catalog, png=False, with_stats=False, only={"number-9-train"})
    en = files["en/gen/number-9-train.md"].decode()
    ja = files["ja/gen/number-9-train.md"].decode()
    assert "Here the engine is on the table before the deal" in en
    assert "This site does not score that way" in en and "site's engine" not in en
    assert "The rules engine ran the worked examples of [Mexican Train]" in en
    assert not re.search(r"(?<!rules )engine (ran|plays|does|follows)", en)
    assert "このサイトではその数え方を使わず" in ja and "サイトのエンジン" not in ja
    assert "このページのルールでルールエンジンにもう一度計算させました" in ja
    assert not re.search(r"(?<!ルール)エンジン(に|が)(もう一度|メキシカン)", ja)


def test_the_options_page_says_nothing_of_owned_trains_for_layout_trains(catalog):
    # layout: trains is shared by Mexican Train (own trains, markers) and Number 9 Train (every train open):
    # its words name the engine and the trains only, and leave who plays where to train_access.
    from generator.site.build import generate
    files = generate(catalog, png=False, with_stats=False, only={"number-9-train"})
    for lang, own in (("en", "for each player"), ("ja", "各自")):
        md = files[f"{lang}/gen/options.md"].decode()
        row = next(line for line in md.splitlines() if line.startswith("| <code>trains</code>"))
        assert "[Number 9 Train]" in row or "[ナンバー9トレイン]" in row
        assert own not in row and ("train&#95;access" in row or "train_access" in row)
