"""The rule choices of the partnership games of Cuba and the Caribbean, each
with values worked by hand: the turn going counter-clockwise, a deal thrown
in for five doubles, every pip on the table scored, and the winning side
leading the next hand after a block (Pagat, "Cuban Dominoes"; a Puerto Rican
player's account of the 500 game)."""

import random

import pytest

from generator.engine import Params, Tile
from generator.engine.choices import Choices, combination_problems
from generator.families.line.rules.hand import Hand
from generator.families.line.rules.variant import Variant

from conftest import ROOT, T

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine

DOUBLE_NINE = Params(set=9, players=(4,), partnerships=(4,), deal={4: 10}, target=100)
TEAMS = [["N", "S"], ["E", "W"]]


def tiles(*names: str) -> list[Tile]:
    return [T(n) for n in names]


def game(**choices) -> Variant:
    return Variant(DOUBLE_NINE, Choices(**{"draw": "none", "settlement": "opponents", **choices}))


def test_counter_clockwise_the_turn_passes_to_the_right():
    """Seats N, E, S, W clockwise: clockwise N is followed by E; counter-clockwise by W, then S, then E."""
    hands = {"N": tiles("5-5", "2-3"), "E": tiles("0-1"), "S": tiles("5-6"), "W": tiles("0-3")}
    clockwise = Hand(game(), ["N", "E", "S", "W"], hands, [], "N", TEAMS)
    assert [clockwise.next_seat(p) for p in "NESW"] == ["E", "S", "W", "N"]
    counter = Hand(game(direction="counter-clockwise"), ["N", "E", "S", "W"], hands, [], "N", TEAMS)
    assert [counter.next_seat(p) for p in "NWSE"] == ["W", "S", "E", "N"]
    counter.play("N", T("5-5"))
    assert counter.current == "W"           # W holds no 5 ...
    counter.pass_("W")
    assert counter.current == "S"


def test_a_hand_of_five_doubles_throws_the_deal_in():
    v = Variant(Params(set=9, players=(4,), partnerships=(4,), deal={4: 10}, own=(("redeal_doubles", 5),)), Choices())
    five = {"N": tiles("0-0", "1-1", "2-2", "3-3", "4-4", "0-1", "0-2", "0-3", "0-4", "0-5"),
            "E": tiles("5-5", "6-6", "7-7", "8-8", "1-2", "1-3", "1-4", "1-5", "1-6", "1-7")}
    assert v.thrown_in(five) == ("N", 5)
    four = {"N": five["N"][1:], "E": five["E"]}
    assert v.thrown_in(four) is None       # N: four doubles; E: four (5-5, 6-6, 7-7, 8-8)
    assert game().thrown_in(five) is None  # a game without the rule plays every deal


def test_the_simulation_deals_again_until_the_deal_stands():
    """With the rule at 3 doubles, a double-nine deal of ten often gives some hand three or more
    (each hand holds 10 of the 55 tiles, 10 of which are doubles): such deals are dealt again."""
    from generator.sim.simulate import deal
    from generator.families.line.sim import standing_deal

    v = Variant(Params(set=9, players=(4,), partnerships=(4,), deal={4: 10}, own=(("redeal_doubles", 3),)), Choices())
    names = ["N", "E", "S", "W"]
    most = lambda hands: max(sum(t.is_double for t in h) for h in hands.values())  # noqa: E731
    raw = [most(deal(v, names, random.Random(seed))[0]) for seed in range(50)]
    assert max(raw) >= 3                    # the rule has deals to throw in
    for seed in range(50):
        hands, stock = standing_deal(v, names, random.Random(seed))
        assert most(hands) <= 2 and len(stock) == 15


def test_all_hands_scores_every_pip_left_the_winners_own_included():
    """N goes out; S holds 7, E 9, W 8. The opponents' pips: 9 + 8 = 17. Every pip: 7 + 9 + 8 = 24."""
    pips = {"N": 0, "S": 7, "E": 9, "W": 8}
    assert game().settle(list("NESW"), pips, "N", TEAMS).points == {"N+S": 17}
    assert game(settlement="all-hands").settle(list("NESW"), pips, "N", TEAMS).points == {"N+S": 24}
    # blocked: N 3 + S 8 = 11 against E 2 + W 14 = 16; N+S win and take all 27
    blocked = {"N": 3, "S": 8, "E": 2, "W": 14}
    s = game(settlement="all-hands").settle(list("NESW"), blocked, None, TEAMS)
    assert s.winners == ("N+S",) and s.points == {"N+S": 27}


def _blocked_hand(next_lead: str) -> Hand:
    """N leads 0-0 and nobody holds a 0: the hand blocks at once. Pips left: N 3 (1-2), S 8 (3-5),
    E 2 (1-1), W 14 (6-8): N+S 11 win against E+W 16."""
    hands = {"N": tiles("0-0", "1-2"), "E": tiles("1-1"), "S": tiles("3-5"), "W": tiles("6-8")}
    v = Variant(Params(set=9, players=(4,), partnerships=(4,), deal={4: 2}, target=100),
                Choices(draw="none", settlement="opponents", next_lead=next_lead))
    h = Hand(v, ["N", "E", "S", "W"], hands, [], "N", TEAMS)
    h.play("N", T("0-0"))
    for p in ("E", "S", "W", "N"):
        if h.end is None:
            h.pass_(h.current)
    assert h.end == "blocked" and h.settlement.winners == ("N+S",)
    return h


def test_after_a_block_the_winning_sides_lighter_player_leads():
    assert _blocked_hand("winning-side").next_leader == "N"     # N 3 pips, S 8
    assert _blocked_hand("winner").next_leader is None         # as for the first hand (a lot)


def test_counter_clockwise_with_two_players_is_refused_as_changing_nothing():
    two = {"players": [2], "partnerships": [], "set": 6, "deal": {2: 7}, "target": None}
    assert [k for k, _ in combination_problems(Choices(direction="counter-clockwise"), two)] == ["direction"]
    four = dict(two, players=[2, 4], deal={2: 7, 4: 7})
    assert combination_problems(Choices(direction="counter-clockwise"), four) == []


def test_a_worked_hand_dealt_five_doubles_is_refused_at_the_hand(rules_copy, capsys):
    """Cuban Dominoes throws in a deal with five doubles in one hand: such a deal is never played,
    so a worked hand that starts from one is an error at that player's hand."""
    from generator.cli.main import main

    pos = rules_copy / "cuban" / "positions" / "turn-counter-clockwise.yaml"
    text = pos.read_text(encoding="utf-8")
    # N gives S its 0-4 and 1-4 for S's 0-0 and 1-1: N holds 5-5, 6-6, 8-8, 0-0 and 1-1
    text = text.replace('N: ["5-5", "3-8", "0-4", "1-4"', 'N: ["5-5", "3-8", "0-0", "1-1"')
    text = text.replace('S: ["0-0", "0-1", "0-2", "1-1"', 'S: ["0-4", "0-1", "0-2", "1-4"')
    pos.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.strip().startswith("N: [\"5-5\""))
    assert main(["check", "-q", str(pos)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"turn-counter-clockwise.yaml:{line}:" in err[0], err
    assert "N holds 5 doubles" in err[0] and "5 or more" in err[0]


def test_a_settlement_after_the_game_was_won_is_refused_at_that_score(rules_copy, capsys):
    """Cuban Dominoes is won at 150: E+W standing at 160 before the hand had
    already won, so the hand is never played (the helper's case: both pairs
    were then reported as game winners)."""
    from generator.cli.main import main

    pos = rules_copy / "cuban" / "positions" / "settle-game.yaml"
    text = pos.read_text(encoding="utf-8").replace('"E+W": 120}\n  expect', '"E+W": 160}\n  expect')
    pos.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.strip().startswith("scores:"))
    assert main(["check", "-q", str(pos)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and f"settle-game.yaml:{line}:" in err[0], err
    assert "the game was over before this hand: E+W had 160 of the 150 that win it" in err[0]


def test_a_game_nobody_can_play_is_refused(rules_copy, capsys):
    from generator.cli.main import main

    vy = rules_copy / "cuban" / "variant.yaml"
    text = vy.read_text(encoding="utf-8")
    vy.write_text(text.replace("  partnerships: [4]\n", "  partnerships: []\n").replace("  deal: {4: 10}", "  deal: {}"),
                  encoding="utf-8")
    assert main(["check", "-q", str(vy)]) == 1
    err = capsys.readouterr().err
    assert "variant.yaml:10:" in err and "nobody can play" in err and "Traceback" not in err, err


def _going_out(last: str) -> Hand:
    """N sets 3-4; E joins 4-5 on the 4 (ends 3 and 5); S (6-6, 1-6) and W (0-0, 0-1) hold no 3 and
    no 5 and pass; N goes out with ``last``."""
    v = Variant(Params(set=6, players=(), partnerships=(4,), deal={4: 2}, target=200, own=(("capicua_bonus", 25),)),
                Choices(draw="none", settlement="opponents"))
    hands = {"N": tiles("3-4", last), "E": tiles("4-5", "1-1"), "S": tiles("6-6", "1-6"), "W": tiles("0-0", "0-1")}
    h = Hand(v, ["N", "E", "S", "W"], hands, [], "N", TEAMS)
    h.play("N", T("3-4"))
    h.play("E", T("4-5"), h.variant.legal_ends(h.layout, T("4-5"))[0])
    h.pass_("S")
    h.pass_("W")
    h.play("N", T(last), h.variant.legal_ends(h.layout, T(last))[0])
    assert h.end == "out"
    return h


def test_a_capicua_adds_its_bonus_to_the_hand():
    """E keeps 1-1 (2 pips) and W 0-0 and 0-1 (1): the hand is worth 3 to N+S. Going out with 3-5,
    which fitted the 3 and the 5, is a capicúa: 3 + 25 = 28. With 3-6 (the 3 only): 3."""
    assert _going_out("3-5").settlement.points == {"N+S": 28}
    assert _going_out("3-6").settlement.points == {"N+S": 3}


def test_a_settlement_states_its_capicua():
    v = Variant(Params(set=6, players=(), partnerships=(4,), deal={4: 7}, own=(("capicua_bonus", 100),)),
                Choices(draw="none", settlement="all-hands"))
    pips = {"N": 0, "S": 12, "E": 9, "W": 4}             # every pip: 12 + 9 + 4 = 25, and 100 on top
    assert v.settle(list("NESW"), pips, "N", TEAMS, capicua=True).points == {"N+S": 125}
    assert v.settle(list("NESW"), pips, "N", TEAMS).points == {"N+S": 25}


def test_a_redeal_no_deal_escapes_is_refused(rules_copy, capsys):
    """Four hands of seven take all 28 double-six tiles, so the seven doubles always put two in
    some hand (four hands of one double hold only four): `redeal_doubles: 2` would throw in every
    deal, and the simulation would never start a hand."""
    from generator.cli.main import main

    game = rules_copy / "dominican-two"
    (game / "positions").mkdir(parents=True)
    (game / "variant.yaml").write_text("id: dominican-two\nextends: dominican\nname: {ja: 試し, en: Trial}\n"
                                       "params:\n  redeal_doubles: 2\n", encoding="utf-8")
    assert main(["check", "-q", str(game)]) == 1
    err = capsys.readouterr().err
    assert "variant.yaml:5:" in err and "throws in every deal" in err and "Traceback" not in err, err


def test_the_card_says_the_next_seat_the_way_the_turn_goes():
    from generator.pages.card import choice_words

    v = Variant(Params(set=6, players=(2, 3, 4), partnerships=(), deal={2: 7, 3: 7, 4: 7}, target=100),
                Choices(next_lead="next-seat", direction="counter-clockwise"))
    assert "counter-clockwise" in choice_words("next_lead", v, "en")
    assert "反時計回り" in choice_words("next_lead", v, "ja")


@pytest.mark.parametrize("lang,words", [
    ("en", "N+S: the other sides hold 12 pips → 12 points, and 25 points more for the capicúa = 37 points"),
    ("ja", "N+S：ほかの側の残りの目 12 → 12点、カピクーで25点加えて37点")])
def test_a_capicua_settlement_says_its_bonus(capsys, lang, words):
    """The Dominican capicúa worked by hand: E's 4-6 and W's 1-1 are 12 pips,
    and going out with a capicúa adds 25: 37. The sentence shows both parts;
    the same hand without the capicúa shows only the pips."""
    from generator.cli.main import main

    pos = ROOT / "rules" / "dominican" / "positions" / "settle-capicua.yaml"
    assert main(["explain", "--lang", lang, str(pos)]) == 0
    assert words in capsys.readouterr().out
    assert main(["explain", "--lang", lang, str(ROOT / "rules" / "cuban" / "positions" / "settle-out.yaml")]) == 0
    out = capsys.readouterr().out
    assert "capicúa" not in out and "カピクーで" not in out
