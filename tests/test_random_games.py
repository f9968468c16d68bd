"""One shared harness that plays random hands of every variant (after OpenSpiel's
random-simulation tests) and checks invariants that hold for any legal play."""

import random

import pytest

from generator.engine import RuleViolation, Tile
from generator.families.line.rules.hand import Hand
from generator.families.trains.rules import Round

from conftest import single_line_games

#: The engine's own tests: mutation testing runs these (bench/mutation.sh).
pytestmark = pytest.mark.engine


def play_random_hand(variant, n_players, rng, teams=None):
    tiles = list(variant.params.tiles)
    rng.shuffle(tiles)
    size = variant.params.deal[n_players]
    names = ["N", "E", "S", "W", "P5", "P6", "P7", "P8", "P9", "P10"][:n_players]
    hands = {p: tiles[i * size:(i + 1) * size] for i, p in enumerate(names)}
    required = variant.required_lead(hands)
    leader = required[0] if required else rng.choice(names)
    h = Hand(variant, names, hands, tiles[n_players * size:], leader, teams)
    earned = {side: 0 for side in h.sides}
    moves = 0
    while h.end is None:
        p = h.current
        plays = h.plays_for(p)
        if h.must_play is not None:
            assert plays and all(pl.tile == h.must_play for pl in plays), "a drawn playable tile must be placed"
        if h.must_play is None and (len(h.layout) or h.required_lead is None):
            # the hand's list is exactly every tile's plays, in hand order (the quick one-pass listing)
            assert plays == [pl for t in h.hands[p] for pl in variant.plays(h.layout, t)]
        for pl in plays:                              # every listed play is really legal
            variant.place(h.layout, pl.tile, pl.at, pl.as_, pl.touch)
        if not plays:                                 # and nothing legal was left out
            assert not any(variant.plays(h.layout, t) for t in ([h.must_play] if h.must_play else h.hands[p]))
        if h.may_draw(p) and (not plays or rng.random() < 0.2):
            h.draw(p)
            assert h.current == p or h.end == "blocked", "drawing never ends the turn"
        elif plays:
            pl = rng.choice(plays)
            drawn = h.must_play is not None
            before = h.layout
            ev = h.play(p, pl.tile, pl.at, pl.as_, pl.touch)
            # the hand's quick path for a listed play gives what the fully checked placement gives,
            # and the end total is the sum of the counted terms
            ref = variant.place(before, pl.tile, pl.at, pl.as_, pl.touch)
            got = ev.placement
            assert (got.raw, got.points, got.total, got.open) == (ref.raw, ref.points, ref.total, ref.open)
            assert got.total == sum(c.value for c in got.counted) == sum(c.value for c in ref.counted)
            assert got.layout.tiles == ref.layout.tiles
            side = next(s for s, m in h.sides.items() if p in m)
            earned[side] += ev.placement.points
            if h.end is None:                         # the variant's continuation rule decides who is next
                again = variant.continues_turn(ev.placement, drawn)
                assert h.current == (p if again else h.next_seat(p))
        else:
            h.pass_(p)
            if h.end is None:
                assert h.current == h.next_seat(p), "a pass hands the turn to the next seat"
        moves += 1
        assert moves < 1000
        # invariants: every tile is in exactly one place
        placed = list(h.layout.tiles)
        held = [t for hand in h.hands.values() for t in hand]
        assert sorted(placed + held + h.stock) == sorted(variant.params.tiles)
    # the recorded scores are the placements' points plus the settlement
    settled = dict(h.settlement.points) if h.settlement is not None else {}
    for side in h.sides:
        assert h.scores[side] == earned[side] + settled.get(side, 0)
    with pytest.raises(RuleViolation) as exc:       # nobody moves once the hand is over
        h.pass_(h.players[0])
    assert exc.value.rule == f"{variant.id}/hand-over"
    return h


#: Every game played on one line of play (house rules included), from the registry and rules/.
LINE = single_line_games()


@pytest.mark.parametrize("vid", LINE)
def test_random_hands_end_properly(catalog, vid):
    variant = catalog.variant(vid).rules
    rng = random.Random(2026)
    for n in variant.params.players:
        for _ in range(25):
            h = play_random_hand(variant, n, rng)
            assert h.end in ("out", "blocked", "game")
            if h.end == "out":
                assert not h.hands[h.last_player]
                # who leads next: the player who went out, or the seat after this hand's leader
                # (``next_lead: next-seat``, Fives and Threes: the set passes to the left)
                after = h.next_seat(h.leader) if variant.choices.next_lead == "next-seat" else h.last_player
                assert h.next_leader in (None, after)
            if h.end == "blocked":
                assert not any(h.can_play(p) for p in h.players)
                assert h.drawable == 0 or variant.draw_mode == "none"
            if h.settlement is not None:
                assert all(v >= 0 for v in h.settlement.points.values())
    for n in variant.params.partnerships:
        names = ["N", "E", "S", "W"]
        h = play_random_hand(variant, n, rng, teams=[[names[0], names[2]], [names[1], names[3]]])
        assert set(h.scores) == {"N+S", "E+W"}


def play_random_round(variant, n_players, rng, engine_pip=12):
    """One Mexican Train round between uniformly random legal players, checking
    invariants after every move."""
    engine = Tile(engine_pip, engine_pip)
    tiles = [t for t in variant.params.tiles if t != engine]
    rng.shuffle(tiles)
    size = variant.params.deal[n_players]
    names = [f"P{i + 1}" for i in range(n_players)]
    hands = {p: tiles[i * size:(i + 1) * size] for i, p in enumerate(names)}
    r = Round(variant, names, hands, tiles[n_players * size:], engine, rng.choice(names))
    moves = 0
    while r.end is None:
        p = r.current
        plays = r.plays_for(p)
        if plays:
            tile, train = rng.choice(plays)
            before = len(r.hands[p])
            r.play(p, tile, train)
            assert len(r.hands[p]) == before - 1
            if train == p:
                assert not r.trains[p].marker, "playing on your own train lifts its marker"
        elif r.stock and r.phase in ("start", "cover"):
            r.draw(p)
        else:
            r.pass_(p)
            assert r.trains[p].marker
        moves += 1
        assert moves < 2000
        placed = [t for tr in r.trains.values() for t in tr.tiles]
        held = [t for h in r.hands.values() for t in h]
        assert sorted(placed + held + r.stock + [engine]) == sorted(variant.params.tiles)
        assert len(r.open_doubles) <= 1
    if r.end == "out":
        assert not r.hands[r.out]
    else:
        assert not r.stock and not any(r.can_play(q) for q in r.players)
    with pytest.raises(RuleViolation) as exc:
        r.pass_(r.players[0])
    assert exc.value.rule == "mexican-train/round-over"
    return r


def test_random_mexican_train_rounds(catalog):
    variant = catalog.variant("mexican-train").rules
    rng = random.Random(2026)
    for n in variant.params.players:
        for _ in range(3):
            r = play_random_round(variant, n, rng, engine_pip=rng.randrange(13))
            assert set(r.penalties) == set(r.players)


@pytest.mark.parametrize("vid", LINE)
def test_cached_ends_and_quick_play_test_agree_with_a_fresh_look(catalog, vid):
    # Layouts derive their free ends from their parent's and Hand uses a quick "can anyone play"
    # test; both must give exactly what a computation from scratch gives.
    from generator.families.line.rules import Layout

    v = catalog.variant(vid).rules
    rng = random.Random(11)
    for _ in range(30):
        lay = Layout()
        for _ in range(28):
            options = [p for t in v.params.tiles for p in v.plays(lay, t)]
            if not options:
                break
            pl = options[rng.randrange(len(options))]
            lay = v.place(lay, pl.tile, pl.at, pl.as_, pl.touch).layout
            fresh = Layout(dict(lay.tiles))
            for flag in (True, False):
                assert fresh.free_ends(flag) == lay.free_ends(flag)
            hand = rng.sample([t for t in v.params.tiles if t not in lay], 3) if len(lay) < 25 else []
            assert v.can_play_any(lay, hand) == any(v.plays(lay, t) for t in hand)


def test_every_family_plays_whole_games_through_its_family_object(catalog):
    """The shared harness: every game of every registered family, played from
    the deal to its end by random players through the family's own game loop
    and the turn protocol its states share (``plays_for``, ``push``,
    ``may_draw``, ``draw``, ``pass_``), never asking which family it is. Each
    hand places at most the set's tiles, and a finished game names winners
    among its seats."""
    import random

    from generator.engine.family import families, family_of
    from generator.sim.simulate import Work, play_game, random_bot

    played = set()
    for vid in catalog.variant_ids():
        rules = catalog.variant(vid).rules
        solo = rules.params.players
        n = min(solo or rules.params.partnerships)        # (a game played only in partnerships: four)
        names = [f"P{i + 1}" for i in range(n)]
        teams = None if solo else [names[0::2], names[1::2]]
        rec = play_game(rules, names, [random_bot] * n, random.Random(vid), teams=teams, work=Work(400_000))
        assert rec["hands"], vid
        assert all(0 <= h["tiles"] <= len(rules.params.tiles) for h in rec["hands"]), vid
        sides = set(names) if solo else {"+".join(t) for t in teams}
        assert set(rec["winners"]) <= sides, vid          # a side is a seat, or a partnership
        played.add(family_of(rules.family).name)
    assert played == {f.name for f in families()}
