"""One shared harness that plays random hands of every variant (after OpenSpiel's
random-simulation tests) and checks invariants that hold for any legal play."""

import random

import pytest

from generator.engine.hand import Hand
from generator.variants import RULES

from conftest import RULES as RULES_DIR


def play_random_hand(variant, n_players, rng, teams=None):
    tiles = list(variant.params.tiles)
    rng.shuffle(tiles)
    size = variant.params.deal[n_players]
    names = ["N", "E", "S", "W", "P5", "P6", "P7", "P8"][:n_players]
    hands = {p: tiles[i * size:(i + 1) * size] for i, p in enumerate(names)}
    required = variant.required_lead(hands)
    leader = required[0] if required else rng.choice(names)
    h = Hand(variant, names, hands, tiles[n_players * size:], leader, teams)
    moves = 0
    while h.end is None:
        p = h.current
        plays = h.plays_for(p)
        if h.must_play is not None:
            assert plays and all(pl.tile == h.must_play for pl in plays), "a drawn playable tile must be placed"
        if h.may_draw(p) and (not plays or rng.random() < 0.2):
            h.draw(p)
        elif plays:
            pl = rng.choice(plays)
            h.play(p, pl.tile, pl.at, pl.as_, pl.touch)
        else:
            h.pass_(p)
        moves += 1
        assert moves < 1000
        # invariants: every tile is in exactly one place
        placed = list(h.layout.tiles)
        held = [t for hand in h.hands.values() for t in hand]
        assert sorted(placed + held + h.stock) == sorted(variant.params.tiles)
    return h


@pytest.mark.parametrize("vid", sorted(RULES))
def test_random_hands_end_properly(catalog, vid):
    variant = catalog.variant(vid).rules
    rng = random.Random(2026)
    for n in variant.params.players:
        for _ in range(25):
            h = play_random_hand(variant, n, rng)
            assert h.end in ("out", "blocked", "game")
            if h.end == "out":
                assert not h.hands[h.last_player]
                assert h.next_leader in (None, h.last_player)
            if h.end == "blocked":
                assert not any(h.can_play(p) for p in h.players)
                assert h.drawable == 0 or variant.draw_mode == "none"
            if h.settlement is not None:
                assert all(v >= 0 for v in h.settlement.points.values())
    for n in variant.params.partnerships:
        names = ["N", "E", "S", "W"]
        h = play_random_hand(variant, n, rng, teams=[[names[0], names[2]], [names[1], names[3]]])
        assert set(h.scores) == {"N+S", "E+W"}
