"""The tricks family's play module (:mod:`generator.families.tricks.play`): a whole game
of Texas 42 played through the Session, and one hand set up by hand whose
moves, refusal, hint and words are worked out from the rules."""

import pytest

from generator.base.i18n import messages
from generator.engine.tiles import Tile
from generator.families.tricks import play as show
from generator.play.session import Session, spec_of
from generator.engine.rules import make_variant
from generator.families.tricks.rules import PASS, Bid, Deal

PARAMS = {"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7}


@pytest.fixture(scope="module")
def t42():
    return make_variant(PARAMS, {"layout": "tricks"}, "texas-42")


def _t(text):
    a, b = text.split("-")
    return Tile(int(a), int(b))


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_a_whole_game_is_played_to_its_end_through_the_session(t42, lang):
    s = Session(spec_of(t42), seed=7, lang=lang)
    moves = hands = 0
    while True:
        view = s.view()
        assert view["scores"]
        if view["phase"] == "game-over":
            break
        if view["phase"] == "hand-over":
            assert view["result"]
            hands += 1
            s.next_hand()
            continue
        assert view["phase"] == "turn" and view["moves"], view
        assert view["table_words"]
        for tile in view["hand"]:
            assert bool(tile["moves"]) != bool(tile["why"])
        hint = s.hint()
        assert hint["reason"] and 0 <= hint["index"] < len(view["moves"])
        s.move(0)
        moves += 1
        assert moves < 2000
    assert s.over and s.record["finished"] and len(view["result"]) >= 2
    deals = [st for st in s.states if st.result is not None]
    assert sum(st.result.marks.get(team, 0) for st in deals for team in s.record["winners"]) >= 7
    assert all(sum(st.result.points.values()) == 42 for st in deals)    # no Nel-O here: every tile is played
    assert view["table"].startswith("<svg") and view["table"].count('class="winner"') == 1


#: A whole deal: N holds six fives and 6-4, E the 6-6 and 6-3 and fours, S two sixes and the 6-5.
HANDS = {
    "N": ["6-4", "5-5", "5-4", "5-3", "5-2", "5-1", "5-0"],
    "E": ["6-6", "6-3", "4-4", "4-3", "4-2", "4-1", "4-0"],
    "S": ["6-5", "6-2", "6-1", "3-3", "2-1", "0-0", "1-1"],
    "W": ["6-0", "3-2", "3-1", "3-0", "2-2", "2-0", "1-0"],
}


def test_a_hand_set_up_by_hand(t42):
    hands = {seat: [_t(x) for x in tiles] for seat, tiles in HANDS.items()}
    assert len({t for h in hands.values() for t in h}) == 28
    deal = Deal(t42, ["N", "E", "S", "W"], hands, shaker="W")        # the bidding starts at N

    # Bidding. N's hand with fives trumps: 5-5 is the top trump and 6-5 (N lacks it) the next, so one
    # sure trick, five more trumps at half a trick each, the partner's 1.5: 5 tricks, 30 points; every
    # other trumps give less. The planning player bids the lowest bid within that: 30.
    assert show.hint(t42, deal, "N", "en")[0] == Bid(30)
    assert show.refusal(t42, deal, "N", _t("6-4")) == "texas-42/bid"
    assert deal.phase == "bid" and deal.current == "N" and len(deal.hands["N"]) == 7
    assert show.action_words(t42, deal, "N", Bid(30), "en") == "bid 30"
    assert show.action_words(t42, deal, "N", Bid(30), "ja") == "30をビッドする"
    assert show.action_words(t42, deal, "N", PASS, "en") == "pass"
    assert show.log_words(t42, deal, "N", Bid(84, "marks"), "en") == "bids 2 marks"
    for seat, bid in (("N", Bid(30)), ("E", PASS), ("S", PASS), ("W", PASS)):
        deal.push(seat, bid)
    assert deal.phase == "trumps" and deal.current == "N"
    assert show.hint(t42, deal, "N", "en")[0] == 5                   # the 30 points come with fives
    assert show.action_words(t42, deal, "N", 5, "en") == "fives are trumps"
    assert show.refusal(t42, deal, "N", _t("6-4")) == "texas-42/trumps"
    deal.push("N", 5)

    # N leads 6-4 (no trump: it calls for sixes, its higher end), E covers with the 6-6.
    assert show.action_words(t42, deal, "N", _t("6-4"), "en") == "lead 6-4 (calls for sixes)"
    deal.push("N", _t("6-4"))
    deal.push("E", _t("6-6"))
    # S must follow sixes: 6-2 and 6-1. The 6-5 is a trump, which belongs only to the fives.
    assert deal.plays_for("S") == [_t("6-2"), _t("6-1")]
    before = (list(deal.hands["S"]), list(deal.trick), deal.current)
    assert show.refusal(t42, deal, "S", _t("6-5")) == "texas-42/follow-suit"
    assert show.refusal(t42, deal, "S", _t("3-3")) == "texas-42/follow-suit"
    assert (list(deal.hands["S"]), list(deal.trick), deal.current) == before
    with pytest.raises(RuntimeError):
        show.refusal(t42, deal, "S", _t("6-2"))
    assert (list(deal.hands["S"]), list(deal.trick), deal.current) == before
    # E's 6-6 (the highest six) is winning: S cannot take the trick and throws the lowest six.
    move, reason = show.hint(t42, deal, "S", "en")
    assert move == _t("6-1")
    assert reason == messages("play", "en")["tricks_hint_follow_low"]
    assert show.action_words(t42, deal, "S", _t("6-1"), "en") == "play 6-1 (follows sixes)"
    assert show.action_words(t42, deal, "S", _t("6-1"), "ja") == "6-1を出す（6のスートに従う）"
    assert show.log_words(t42, deal, "S", _t("6-1"), "ja") == "6-1を出す"
    assert show.action_words(t42, deal, "S", _t("6-5"), "en") == "trump the trick with 6-5"
    assert show.action_tile(_t("6-1")) == _t("6-1") and show.action_tile(PASS) is None and show.action_tile(5) is None

    svg, words = show.table(t42, deal, "en", "x")
    assert svg.count('class="tile"') == 2 and 'class="winner"' not in svg
    assert "North bid 30: fives are trumps." in words and "South to play." in words
    deal.push("S", _t("6-1"))
    deal.push("W", _t("6-0"))
    svg, words = show.table(t42, deal, "en", "x")                     # the trick done: E won it
    assert svg.count('class="winner"') == 1 and "East wins the trick with 6-6." in words
    assert "East leads." in words
    who = {"N+S": "NS", "E+W": "EW", "N": "N", "E": "E", "S": "S", "W": "W"}.get
    # The trick is worth one point and the 6-4's ten: 11 to E+W.
    assert "EW 11 points" in show.scores(t42, deal, "en", who)


def test_the_readers_hand_is_written_as_42_players_write_it(t42):
    """The game's page writes a tile higher end first (6-4, 5-0); so does the
    reader's hand: each of the seven labels is "H-L" with H >= L, and the
    rest of the site's games keep their own notation."""
    view = Session(spec_of(t42), 5, "en").view()
    labels = [t["label"] for t in view["hand"]]
    assert len(labels) == 7
    for label, t in zip(labels, view["hand"]):
        high, low = map(int, label.split("-"))
        assert high >= low and {high, low} == set(map(int, t["tile"].split("-")))
    assert show.tile_label(Tile(1, 6)) == "6-1"


# -- Moon: three players alone, the widow ---------------------------------------------------------------
MOON = {"set": "moon", "players": [3], "partnerships": [], "deal": {3: 7}, "target": 21}
MOON_CHOICES = {"layout": "tricks", "follow_me": "not-allowed", "doubles_trump": "not-allowed", "all_pass": "reshake",
                "widow": "bidder-exchanges", "shoot_moon": "allowed"}


@pytest.fixture(scope="module")
def moon():
    return make_variant(MOON, MOON_CHOICES, "moon")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_moon_a_whole_game_of_three_is_played_through_the_session(moon, lang):
    s = Session(spec_of(moon), seed=5, lang=lang)
    assert s.names == ["N", "E", "W"]
    moves = 0
    while True:
        view = s.view()
        assert view["scores"]
        if view["phase"] == "game-over":
            break
        if view["phase"] == "hand-over":
            assert view["result"]
            s.next_hand()
            continue
        assert view["phase"] == "turn" and view["moves"], view
        assert view["table_words"]
        for tile in view["hand"]:
            assert bool(tile["moves"]) != bool(tile["why"])
        hint = s.hint()
        assert hint["reason"] and 0 <= hint["index"] < len(view["moves"])
        s.move(hint["index"])
        moves += 1
        assert moves < 3000
    assert s.over and s.record["finished"] and len(s.record["winners"]) == 1
    deals = [st for st in s.states if st.result is not None]
    # three seats, seven tricks of three tiles; the game's points reach 21 for its winner
    assert all(sum(st.result.tricks.values()) == 7 and all(len(tr.plays) == 3 for tr in st.tricks) for st in deals)
    assert sum(st.result.scores[s.record["winners"][0]] for st in deals) >= 21
    assert view["table"].startswith("<svg") and 'data-seat="S"' not in view["table"]


def test_moon_the_widow_and_the_discard_in_words(moon):
    # rules/moon/positions/deal-widow-five.yaml: W shakes, N bids five tricks, E and W pass; N takes
    # the 6-4 and holds eight tiles; the planning player keeps its sixes and doubles and discards the
    # lightest other tile, the 2-1 (3 pips against the 3-1's 4).
    hands = {"N": ["6-6", "6-5", "6-3", "5-5", "4-4", "2-1", "3-1"],
             "E": ["6-2", "6-1", "5-4", "5-3", "3-3", "2-2", "0-0"],
             "W": ["5-2", "5-1", "4-3", "4-2", "4-1", "3-2", "1-1"]}
    deal = Deal(moon, ["N", "E", "W"], {s: [_t(x) for x in h] for s, h in hands.items()}, "W", (_t("6-4"),))
    for seat, bid in (("N", Bid(5, "tricks")), ("E", PASS), ("W", PASS)):
        deal.push(seat, bid)
    assert deal.phase == "discard" and len(deal.plays_for("N")) == 8
    best, reason = show.hint(moon, deal, "N", "en")
    assert best == _t("2-1") and reason == messages("play", "en")["tricks_hint_discard"]
    assert show.action_words(moon, deal, "N", _t("2-1"), "en") == "discard 2-1"
    assert "widow" in show.log_words(moon, deal, "N", _t("2-1"), "en")
    svg, words = show.table(moon, deal, "en", "t")
    assert svg == "" and "discards" in words
    deal.push("N", _t("2-1"))
    deal.push("N", 6)
    assert "5 tricks" in show.table(moon, deal, "en", "t")[1]
    assert "Game to 21 points" in show.scores(moon, deal, "en", str, ())


def test_moon_the_hint_never_speaks_of_count(moon):
    # Moon's 22 tiles: E shakes, so W bids first: four tricks; N and E pass. W takes the 6-3, discards
    # the 1-1, names sixes and leads 5-4 (fives). N holds 5-5, 5-3 and 5-1: only the 5-5 beats the 5-4, and
    # in Moon it carries no count -- the hint is to win the trick, not to win ten points with it.
    hands = {"W": ["5-4", "6-6", "6-5", "4-4", "3-3", "2-2", "1-1"],
             "N": ["5-5", "5-3", "2-1", "3-1", "4-1", "5-1", "6-1"],
             "E": ["0-0", "3-2", "4-2", "5-2", "6-2", "4-3", "6-4"]}
    deal = Deal(moon, ["N", "E", "W"], {s: [_t(x) for x in h] for s, h in hands.items()}, "E", (_t("6-3"),))
    for seat, action in (("W", Bid(4, "tricks")), ("N", PASS), ("E", PASS), ("W", _t("1-1")), ("W", 6),
                         ("W", _t("5-4"))):
        deal.push(seat, action)
    assert sorted(map(str, deal.plays_for("N"))) == ["1-5", "3-5", "5-5"]
    best, reason = show.hint(moon, deal, "N", "en")
    assert best == _t("5-5") and reason == messages("play", "en")["tricks_hint_win"]
