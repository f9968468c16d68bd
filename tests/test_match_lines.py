"""Matches of hands won in the line family's partnership games: Jamaican
Partner's six in a row, a win by the other pair wiping the count (Pagat,
"Jamaican and Caribbean Dominoes"), and Latin American Match Dominoes' ten
wins, void when the other pair has five (domino-play.com); in both a block
goes to the single lightest player. Outcomes worked by hand from those
rules; whole games are checked against the rules, not against numbers
the code gave."""

import random

import pytest

from conftest import T
from generator.families.line import play as line
from generator.families.line.rules.hand import Hand
from generator.families.line.sim import play_line_game
from generator.model import Catalog, find_rules_dir
from generator.sim.simulate import Work

CATALOG = Catalog(find_rules_dir())
SEATS = ["N", "E", "S", "W"]
TEAMS = [["N", "S"], ["E", "W"]]

pytestmark = pytest.mark.engine


def _rules(game):
    return CATALOG.variant(game).rules


def _first_play_bot(v, state, seat, rng):
    plays = state.plays_for(seat)
    return plays[0] if plays else "pass"


def _game(game, seed):
    v = _rules(game)
    bots = dict.fromkeys(SEATS, _first_play_bot)
    return v, play_line_game(v, SEATS, bots, random.Random(seed), TEAMS, Work(10 ** 9))


def test_the_same_hands_end_the_match_differently_under_the_two_rules():
    """N+S on 5, E+W on 3; N goes out. Jamaican Partner: E+W have a count, so it is wiped and
    nobody wins the match (0 to 0). Latin American Match: to 10 the hand is one more win (6 to 3);
    a game to 6 with the void rule would be void (E+W hold 3, half of 6)."""
    pips = {"N": 0, "E": 5, "S": 7, "W": 9}
    jam = _rules("jamaican-partner").settle(SEATS, pips, "N", TEAMS, {"N+S": 5, "E+W": 3})
    lat = _rules("latin-match").settle(SEATS, pips, "N", TEAMS, {"N+S": 5, "E+W": 3})
    assert dict(jam.scores_after) == {"N+S": 0, "E+W": 0} and jam.game_winners == ()
    assert dict(lat.scores_after) == {"N+S": 6, "E+W": 3} and lat.game_winners == ()


@pytest.mark.parametrize("seed", range(6))
def test_a_jamaican_match_is_won_six_to_nil(seed):
    v, record = _game("jamaican-partner", seed)
    assert record["finished"] and len(record["winners"]) == 1
    # a match of more than six hands had a count wiped or a drawn hand on the way
    assert len(record["hands"]) >= 6


@pytest.mark.parametrize("seed", range(6))
def test_a_latin_match_ends_at_ten_wins_won_or_void(seed):
    v = _rules("latin-match")
    bots = dict.fromkeys(SEATS, _first_play_bot)
    rng = random.Random(seed)
    record = play_line_game(v, SEATS, bots, rng, TEAMS, Work(10 ** 9))
    wins = sum(1 for h in record["hands"] if h["points"])
    # ten wins for one pair plus the other's: at least 10, at most 10 + 9 hands won
    assert record["finished"] and 10 <= wins <= 19
    assert len(record["winners"]) <= 1


def test_both_kinds_of_latin_match_end_happen():
    """Over a few seeded games the match is sometimes won and sometimes void (the rule plays)."""
    ends = {bool(_game("latin-match", seed)[1]["winners"]) for seed in range(12)}
    assert ends == {True, False}


def test_a_void_match_names_no_leader_for_a_next_hand():
    # Latin American Match: N+S on 9, E+W on 5; N goes out with the last tile, 1-2 on the 2:
    # N+S reach 10 but E+W hold 5, so the match is over, void, and nobody leads again.
    v = _rules("latin-match")
    hands = {"N": [T("1-2")], "E": [T("5-6")], "S": [T("0-0")], "W": [T("3-4")]}
    h = Hand(v, SEATS, hands, [], "N", TEAMS, {"N+S": 9, "E+W": 5}, later_hand=True)
    h.play("N", T("1-2"))
    assert h.end == "out" and h.scores == {"N+S": 10, "E+W": 5}
    assert h.game_winners == () and h.next_leader is None


def test_a_blocked_hand_under_the_lightest_player_rule_says_each_players_pips():
    # Jamaican Partner, a later hand: N leads 6-6; nobody else holds a 6, so the hand is blocked.
    # N keeps 0-1 (1 pip), S 5-5 (10); E 2-3 (5), W 0-4 (4). Pairs: N+S 11, E+W 9; by players N
    # (1) is lightest and N+S win.
    v = _rules("jamaican-partner")
    hands = {"N": [T("6-6"), T("0-1")], "E": [T("2-3")], "S": [T("5-5")], "W": [T("0-4")]}
    h = Hand(v, SEATS, hands, [], "N", TEAMS, {"N+S": 0, "E+W": 0})
    h.play("N", T("6-6"))
    assert h.end == "blocked" and h.settlement.winners == ("N+S",)
    who = {"N": "North", "E": "East", "S": "South", "W": "West", "N+S": "North and South",
           "E+W": "East and West"}.get
    lines = line.hand_result(v, h, "en", who)
    assert "Pips left in hand: North 1 pip, East 5 pips, South 10 pips, West 4 pips." in lines


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_wiped_count_and_a_void_match_are_said(lang):
    from generator.families.line.words import settlement_lines
    jam = _rules("jamaican-partner")
    s = jam.settle(SEATS, {"N": 0, "E": 5, "S": 7, "W": 9}, "N", TEAMS, {"N+S": 0, "E+W": 4})
    wiped = {"en": "takes both counts back to 0", "ja": "両方0点に戻り"}[lang]
    assert any(wiped in x for x in settlement_lines(s, lang, jam))
    lat = _rules("latin-match")
    s = lat.settle(SEATS, {"N": 0, "E": 5, "S": 7, "W": 9}, "N", TEAMS, {"N+S": 9, "E+W": 6})
    void = {"en": "the match is void", "ja": "マッチは無効"}[lang]
    assert any(void in x for x in settlement_lines(s, lang, lat))


@pytest.mark.parametrize("game,lang,words", [
    ("jamaican-partner", "en", "the first side to win 6 hands in a row, while the other side has none, wins"),
    ("jamaican-partner", "ja", "相手が0点のまま6回続けてハンドに勝った側の勝ち"),
    ("latin-match", "en", "the first side to 10 hands won wins, unless the other side has 5 or more: then nobody wins"),
    ("latin-match", "ja", "先に10回ハンドに勝った側の勝ち。ただし相手が5回以上勝っていれば勝者なし"),
])
def test_the_card_says_how_the_match_is_won(game, lang, words):
    from generator.engine.family import family_of
    rules = _rules(game)
    rows = family_of(rules.family).card_rows("end", [], rules, lang)
    assert rows[-1][1] == words


@pytest.mark.parametrize("lang,words", [("en", "**nobody plays alone: only partnerships**"),
                                        ("ja", "**1人では遊ばない（ペア戦のみ）**")])
def test_a_game_only_for_partnerships_says_so_beside_its_parents_players(lang, words):
    # Block is played by 2, 3 or 4; Latin American Match Dominoes only by four in two pairs (players: [])
    from generator.pages.houserules import differences_section
    text = differences_section(CATALOG.variant("latin-match"), lang)
    row = next(ln for ln in text.splitlines() if "block.md#players-and-tiles" in ln and "2, 3, 4" in ln)
    assert row.endswith(f"| {words} |")


def test_the_jamaican_page_says_once_who_leads_a_later_hand():
    # The engine: after going out the player who went out leads; after a block, the winning pair's
    # lighter player. The page says so in its rules and in what it settled, never that the pair agrees
    # as its own rule, and says nothing of how the software is built.
    from generator.site.build import generate
    files = generate(CATALOG, png=False, with_stats=False, only={"jamaican-partner"})
    en = files["en/gen/jamaican-partner.md"].decode()
    ja = files["ja/gen/jamaican-partner.md"].decode()
    rules_en = en.split("{ #six-love }", 1)[1].split("\n## ", 1)[0]
    rules_ja = ja.split("{ #six-love }", 1)[1].split("\n## ", 1)[0]
    assert "the player who went out, or after a block, the player left with the fewest pips" in rules_en
    assert "上がって勝ったときは上がった本人、ブロックで勝ったときは残りの目がいちばん少なかった人" in rules_ja
    assert "agree" not in rules_en and "相談" not in rules_ja
    for page in (en, ja):
        assert "rule in the engine" not in page and "エンジンの決まり" not in page


#: Pagat's Jamaican Partner: N+S on 4, E+W on none; W goes out, so E+W win, but N+S hold a count:
#: both counts go back to 0 and E+W's win is not counted (0 to 0).
WIPED = ('variant: jamaican-partner\ntitle: {ja: x, en: x}\nsettle:\n  teams: [[N, S], [E, W]]\n  out: W\n'
         '  hands:\n    N: ["0-1"]\n    E: ["2-4"]\n    S: ["5-6", "3-3"]\n    W: []\n'
         '  scores: {"N+S": 4, "E+W": 0}\n  expect:\n    winners: ["E+W"]\n    scores_after: {"N+S": 0, "E+W": 0}\n')


def _check_jamaican(rules_copy, capsys, text):
    from conftest import shown
    from generator.cli.main import main
    path = rules_copy / "jamaican-partner" / "positions" / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    assert main(["check", "-q", str(rules_copy / "jamaican-partner")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "Traceback" not in err[0], err
    return err[0].removeprefix(f"{shown(path)}:")


def test_a_wrong_count_after_a_jamaican_hand_is_explained_by_the_counts_not_pips(rules_copy, capsys):
    said = _check_jamaican(rules_copy, capsys, WIPED.replace('{"N+S": 0, "E+W": 0}\n', '{"N+S": 4, "E+W": 1}\n'))
    assert said == ('14:5: error: scores_after: stated {"N+S": 4, "E+W": 1}, the engine computes {"N+S": 0, "E+W": 0} '
                    '(counts before the hand N+S 4, E+W 0; E+W win while N+S hold a count, so every count goes back '
                    'to 0 and this win adds nothing)')
    # N+S on 2, E+W on none; S goes out: N+S win and nobody else has a count, so 2 + 1 = 3
    grows = (WIPED.replace("out: W", "out: S").replace('S: ["5-6", "3-3"]', 'S: []').replace('W: []', 'W: ["5-6"]')
             .replace('{"N+S": 4, "E+W": 0}', '{"N+S": 2, "E+W": 0}').replace('["E+W"]', '["N+S"]'))
    said = _check_jamaican(rules_copy, capsys, grows)
    assert said.endswith('the engine computes {"N+S": 3, "E+W": 0} (counts before the hand N+S 2, E+W 0; nobody '
                         "else holds a count, so N+S's win adds 1)") and "pips" not in said


def test_both_jamaican_pairs_holding_a_count_is_refused_at_the_second(rules_copy, capsys):
    # a win wipes the other pair's count, so 4 to 2 can never stand
    said = _check_jamaican(rules_copy, capsys, WIPED.replace('"E+W": 0}\n  expect', '"E+W": 2}\n  expect'))
    assert said == ("11:22: error: E+W holds 2 while N+S holds 4: in jamaican-partner a side's win takes the other "
                    "sides' counts back to 0 (`target_score: in-a-row`), so only one side can hold a count")


def test_partners_seated_side_by_side_are_refused_at_the_partner(rules_copy, capsys):
    # N and E sit next to each other round the table (N, E, S, W), so they cannot be partners
    said = _check_jamaican(rules_copy, capsys, WIPED.replace("[[N, S], [E, W]]", "[[N, E], [S, W]]"))
    assert said == ("4:15: error: N and E are partners but sit side by side (seats in order round the table: "
                    "N, E, S, W): partners sit apart, so the turn always passes to the other side")
