"""The levels (easy, normal, hard) and the hard player's search: levels by
name in ``simulate``, complete legal games at every level in every family,
the search never reading a hidden hand, and its work bound."""

from __future__ import annotations

import random

import pytest

from generator.engine.family import families, family_of
from generator.engine.tiles import Tile
from generator.model import Catalog, find_rules_dir
from generator.sim.levels import LEVELS, level_bot
from generator.sim.search import HARD_SAMPLES, assign, choose, sample_world
from generator.sim.simulate import SEATS, Work, greedy_bot, play_game, play_out, simulate

CAT = Catalog(find_rules_dir())


def _game_of(fam):
    """The first shipped game of the family ``fam``, with its first table: (rules, seats, teams)."""
    for vid in sorted(CAT.variant_ids()):
        v = CAT.variant(vid).rules
        if v.family != fam.name:
            continue
        p = v.params
        n = p.players[0] if p.players else p.partnerships[0]
        names = SEATS[n]
        teams = None if p.players else [["N", "S"], ["E", "W"]]
        return v, names, teams
    raise AssertionError(f"no shipped game of {fam.name}")


def test_levels_by_name_in_simulate():
    v = CAT.variant("draw").rules
    s = simulate(v, players=2, games=2, seed=1, bots=("hard", "easy"))
    assert s["games"] == 2 and s["bots"] == ["hard", "easy"]
    assert sum(s["game_winners"].values()) >= 2
    with pytest.raises(ValueError, match="built-in players are .*easy, normal, hard"):
        simulate(v, players=2, games=1, bots=("expert",))


@pytest.mark.parametrize("fam", families(), ids=lambda f: f.name)
def test_every_level_plays_legal_complete_games(fam):
    v, names, teams = _game_of(fam)
    for level in LEVELS:
        bot = level_bot(level, budget=200)        # a small search: the rules are what is checked here
        rec = play_game(v, names, [bot, greedy_bot] * (len(names) // 2) + [bot] * (len(names) % 2),
                        random.Random(7), teams, Work(150_000))
        assert rec["hands"], level
        # (a deal of Pai Gow may go to the banker against every player: no player wins it)
        assert rec["finished"] is False or rec["winners"] or fam.name == "paigow", level


@pytest.mark.parametrize("vid", ["texas-42", "moon"])
def test_every_level_plays_four_in_partnerships_and_three_alone(vid):
    """The tricks family's games of four in partnerships and of three alone (Moon, with its widow)
    both play complete legal games at every level (the test above takes the family's first game)."""
    v = CAT.variant(vid).rules
    n = v.params.players[0] if v.params.players else v.params.partnerships[0]
    teams = None if v.params.players else [["N", "S"], ["E", "W"]]
    for level in LEVELS:
        bot = level_bot(level, budget=200)
        rec = play_game(v, SEATS[n], [bot, greedy_bot] * (n // 2) + [bot] * (n % 2), random.Random(7), teams,
                        Work(150_000))
        assert rec["hands"] and (rec["finished"] is False or rec["winners"]), level


def _midway(v, names, teams, seed: int, moves: int):
    """A state of the family's first hand or round after ``moves`` moves by the normal player, with
    the seat to move next: the state stops the game loop at its first decision after that."""
    seen = []

    class Stop(Exception):
        pass

    def bot(variant, state, player, rng):
        if len(seen) >= moves and len(state.plays_for(player)) > 1:
            seen.append((state, player))
            raise Stop
        seen.append(None)
        return greedy_bot(variant, state, player, rng)

    with pytest.raises(Stop):
        play_game(v, names, [bot] * len(names), random.Random(seed), teams, Work())
    return seen[-1]


@pytest.mark.parametrize("fam", families(), ids=lambda f: f.name)
def test_hard_never_reads_a_hidden_hand(fam):
    """Two states with the same seen history and different hidden tiles: the same choice, the
    same means, with the same random stream."""
    v, names, teams = _game_of(fam)
    # a deal of Pai Gow is one decision a seat: the banker's, the last, is the one taken midway
    state, seat = _midway(v, names, teams, seed=11, moves=len(names) - 1 if fam.name == "paigow" else len(names) + 2)
    other = sample_world(v, state, seat, random.Random(99))
    hidden = {p: sorted(state.hands[p]) for p in state.hands if p != seat}
    assert hidden != {p: sorted(other.hands[p]) for p in other.hands if p != seat}, "the hidden tiles differ"
    assert other.hands[seat] == state.hands[seat]
    a = choose(v, state, seat, random.Random(5), budget=1_500)
    b = choose(v, other, seat, random.Random(5), budget=1_500)
    assert (a.move, a.means, a.worlds) == (b.move, b.means, b.worlds)


@pytest.mark.parametrize("fam", families(), ids=lambda f: f.name)
def test_hard_move_within_its_budget(fam):
    v, names, teams = _game_of(fam)
    state, seat = _midway(v, names, teams, seed=3, moves=1)
    one = choose(v, state, seat, random.Random(1), budget=0)
    assert one.worlds in (0, 1)                  # 0: one move only, nothing to weigh
    c = choose(v, state, seat, random.Random(1), budget=2_000)
    assert c.worlds <= HARD_SAMPLES
    assert c.worlds == 1 or c.last < 2_000       # no world started once the budget was spent
    assert c.move in c.moves



def _endgame_of_double_three():
    """A hand of Block on the double-three set (ten tiles, five each to N and E, none left over; a
    blocked hand goes to the lighter hand) after N 0-3, E 3-3, N 0-2 on the 0, E 2-3 on the 2,
    N passes (no 3), E 1-3 on a 3: the open ends show 1 and 3, N to move with 0-1, 1-1, 1-2 and E
    holding 0-0 and 2-2. N has seen every tile but E's two, so E's hand is what N can work out."""
    from generator.engine import Params
    from generator.engine.choices import Choices
    from generator.engine.rules import make_variant
    from generator.families.line.rules.hand import Hand

    v = make_variant(Params(set=3, players=(2,), partnerships=(), deal={2: 5}), Choices(draw="none"), "plain")
    t = Tile.parse
    h = Hand(v, ["N", "E"], {"N": [t(x) for x in ("0-1", "0-2", "0-3", "1-1", "1-2")],
                             "E": [t(x) for x in ("0-0", "1-3", "2-2", "2-3", "3-3")]}, [], "N")
    for p, tile, pip in (("N", "0-3", None), ("E", "3-3", 3), ("N", "0-2", 0), ("E", "2-3", 2), ("N", None, None),
                         ("E", "1-3", 3)):
        if tile is None:
            h.pass_(p)
        else:
            h.push(p, next(pl for pl in h.plays_for(p)
                           if pl.tile == t(tile) and (pip is None or pl.at.pip == pip)))
    assert sorted(e.pip for e in h.layout.free_ends(v.sides_after_straight)) == [1, 3]
    return v, h


def test_exact_endgame_finds_the_only_winning_tile():
    """Worked by hand (N to move, ends 1 and 3; N: 0-1, 1-1, 1-2; E: 0-0, 2-2; a blocked hand goes
    to the fewer pips):
    - 0-1 (ends 0, 3): E sets 0-0, then neither can play: N 1-1 + 1-2 = 5 pips, E 2-2 = 4: E wins;
    - 1-2 (ends 2, 3): E sets 2-2, blocked: N 0-1 + 1-1 = 3, E 0-0 = 0: E wins;
    - 1-1 (ends 1, 3): E cannot play and passes; N then wins only with 0-1 (E sets 0-0, blocked,
      N 1-2 = 3 pips against E's 2-2 = 4), not with the heavier 1-2 (E sets 2-2, blocked, N 1 against 0).
    So 1-1 is the only winning tile, and it wins only if N follows it with the lighter 0-1: the normal
    player, which plays the heaviest tile, plays 1-2 first, and in the play-outs after 1-1 plays 1-2
    too, so every move looks lost to the play-outs. The exact search sees the win."""
    from generator.families.line.search import endgame, solve
    from generator.sim.search import _play_out, act, normal_choice

    v, h = _endgame_of_double_three()
    before = ({p: list(ts) for p, ts in h.hands.items()}, h.layout, len(h.events), h.current)
    assert endgame(v, h)
    assert normal_choice(v, h, "N").tile == Tile(1, 2)
    values = {}
    for play in h.plays_for("N"):
        world = sample_world(v, h, "N", random.Random(0))        # E's hand is the only one N can deal
        assert sorted(world.hands["E"]) == [Tile(0, 0), Tile(2, 2)]
        act(world, "N", play)
        values[play.tile] = solve(v, world, "N", [0], 10_000)
        lost = sample_world(v, h, "N", random.Random(0))
        act(lost, "N", play)
        _play_out(v, lost, [0])
        assert lost.settlement.winners == ("E",)                     # every play-out is lost
    assert {t: val >= 1 for t, val in values.items()} == {Tile(0, 1): False, Tile(1, 1): True, Tile(1, 2): False}
    c = choose(v, h, "N", random.Random(1))
    assert c.move.tile == Tile(1, 1)
    assert ({p: list(ts) for p, ts in h.hands.items()}, h.layout, len(h.events), h.current) == before


@pytest.mark.parametrize("budget", [0, 3_000])
def test_exact_endgame_never_reads_a_hidden_hand_and_keeps_its_budget(budget):
    """In partnership Block with 14 tiles or fewer left, two states with the same seen history and
    other hidden tiles: the same choice and means; no sampled deal is started once the budget is
    spent, and a deal whose exact search runs past it is played out instead (budget 0)."""
    from generator.families.line.search import endgame

    v = CAT.variant("block").rules
    state, seat = _midway(v, SEATS[4], [["N", "S"], ["E", "W"]], seed=5, moves=16)
    assert endgame(v, state)
    other = sample_world(v, state, seat, random.Random(99))
    assert {p: sorted(other.hands[p]) for p in other.hands if p != seat} != \
        {p: sorted(state.hands[p]) for p in state.hands if p != seat}
    a = choose(v, state, seat, random.Random(5), budget=budget)
    b = choose(v, other, seat, random.Random(5), budget=budget)
    assert (a.move, a.means, a.worlds) == (b.move, b.means, b.worlds)
    assert a.worlds == 1 or a.last < budget
    assert a.move in a.moves

def _texas_deal(north):
    """A deal of Texas 42 in which North holds ``north`` and bids first (West shook); the other 21
    tiles dealt in order to East, South and West."""
    from generator.families.tricks.rules import Deal

    v = CAT.variant("texas-42").rules
    rest = [t for t in v.params.tiles if t not in north]
    hands = {"N": list(north), "E": rest[:7], "S": rest[7:14], "W": rest[14:]}
    return v, Deal(v, ["N", "E", "S", "W"], hands, "W")


def test_hard_bidder_never_reads_a_hidden_hand():
    """The bid and its estimated chances are the same whatever the other hands hold."""
    v, deal = _texas_deal([Tile(6, 6), Tile(5, 5), Tile(6, 5), Tile(4, 4), Tile(5, 0), Tile(3, 2), Tile(1, 0)])
    other = sample_world(v, deal, "N", random.Random(3))
    assert {p: sorted(other.hands[p]) for p in "ESW"} != {p: sorted(deal.hands[p]) for p in "ESW"}
    a = choose(v, deal, "N", random.Random(4), budget=1_500)
    b = choose(v, other, "N", random.Random(4), budget=1_500)
    assert (a.move, a.means, a.worlds) == (b.move, b.means, b.worlds)


def test_hard_bidder_with_every_six_bids_one_mark():
    """Holding all seven sixes, North names sixes and leads one each trick: nobody else holds a six,
    so every trick is North's and its side takes all 42 points whatever the others hold. Every bid
    is then sure, and the bidder bids the highest it weighs: one mark (42)."""
    from generator.families.tricks.rules import Bid

    v, deal = _texas_deal([Tile(i, 6) for i in range(7)])
    c = choose(v, deal, "N", random.Random(1), budget=3_000)
    assert c.move == Bid(42, "marks")
    assert all(m == 1.0 for mv, m in zip(c.moves, c.means) if not mv.is_pass)
    assert c.worlds > 1


def test_hard_bidder_passes_a_hand_it_cannot_make_and_bids_when_forced():
    """North holds the seven lowest tiles (no double above [1|1], none of the tiles that count:
    [5|0] [4|1] [3|2] [5|5] [6|4]); with its partner's hand alone its side seldom takes 30 points,
    so it passes while it may; as the shaker with everyone else passed it must bid, and does."""
    from generator.families.tricks.rules import PASS, Bid

    low = [Tile(0, 0), Tile(1, 0), Tile(1, 1), Tile(2, 0), Tile(2, 1), Tile(3, 0), Tile(3, 1)]
    v, deal = _texas_deal(low)
    c = choose(v, deal, "N", random.Random(1), budget=3_000)
    assert c.move == PASS and c.means[c.moves.index(Bid(30))] < 0.5
    rest = [t for t in v.params.tiles if t not in low]
    from generator.families.tricks.rules import Deal

    deal = Deal(v, ["N", "E", "S", "W"], {"N": low, "E": rest[:7], "S": rest[7:14], "W": rest[14:]}, "N")
    for p in "ESW":
        deal.push(p, PASS)
    c = choose(v, deal, "N", random.Random(1), budget=3_000)
    assert PASS not in c.moves and c.move.contract == "points" and c.move.value >= 30


def test_hard_bidder_weighs_the_trumps_its_hand_holds():
    """North won the bid with four sixes and three doubles: of the nine things it may name it weighs
    sixes and doubles (three tiles or more), and the planning player's own choice."""
    from generator.families.tricks.rules import DOUBLES, PASS, Bid

    v, deal = _texas_deal([Tile(6, 6), Tile(6, 5), Tile(6, 4), Tile(6, 3), Tile(1, 1), Tile(0, 0), Tile(2, 1)])
    deal.push("N", Bid(30))
    for p in "ESW":
        deal.push(p, PASS)
    assert deal.phase == "trumps"
    got = family_of("tricks").search_moves(v, deal, "N", deal.plays_for("N"))
    assert got == [6, DOUBLES]


def test_assign_keeps_what_the_history_rules_out():
    # West passed on a table showing 6s: of [0|6], [1|6], [2|3], [4|5] it holds neither 6; its two
    # tiles are the other two, and the two 6s go to the stock, whatever the shuffle
    six0, six1, a, b = Tile(0, 6), Tile(1, 6), Tile(2, 3), Tile(4, 5)
    for seed in range(20):
        got = assign([six0, six1, a, b], [("W", 2), ("stock", 2)], {"W": frozenset({six0, six1})},
                     random.Random(seed))
        assert sorted(got["W"]) == [a, b] and sorted(got["stock"]) == [six0, six1]
    with pytest.raises(ValueError, match="3 hidden places for 4 unseen tiles"):
        assign([six0, six1, a, b], [("W", 3)], {}, random.Random(0))


def test_easy_plays_worse_than_normal_is_not_asked_here_but_its_moves_are_legal():
    v = CAT.variant("block").rules
    s = simulate(v, players=2, games=5, seed=2, bots=("easy", "normal"))
    assert s["games"] == 5


def test_the_browser_session_plays_at_the_levels_chosen():
    from generator.play.session import Session, spec_of

    v = CAT.variant("texas-42").rules
    s = Session(spec_of(v), seed=4, lang="en", level="hard", partner="easy")
    assert (s.level, s.partner) == ("hard", "easy")
    view = s.view()
    assert view["phase"] == "turn" and view["moves"]
    again = Session(spec_of(v), seed=4, lang="en", level="hard", partner="easy")
    assert again.view()["log"] == view["log"]            # the same seed and levels: the same game
    s.move(0)
    assert len(s.chosen) >= len(again.chosen)            # the decisions made are kept, not searched again
    with pytest.raises(ValueError, match="unknown level 'expert'"):
        Session(spec_of(v), seed=4, lang="en", level="expert")
