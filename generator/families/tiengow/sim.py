"""The game loop of Tien Gow: one hand, four seats in playing order with the
banker first, each move by the seat's player, until the last trick is taken;
the record :meth:`generator.engine.family.Family.play_game` gives. A "hand" of
the figures is one hand of eight tiles each: ``tiles`` the tricks played in
it (two to eight: a lead of several tiles is one trick), ``points`` the chips
the winner of the last trick takes from the others
(:func:`generator.families.tiengow.rules.payments`), ``blocked`` a player
ended without a trick, ``first_won`` the banker won the hand."""

from __future__ import annotations

import random
from typing import Sequence

from .rules import Hand, Play, TienGow, combo, single_strength
from ...sim.simulate import Work, play_out

__all__ = ["play_hand", "greedy_key"]


def greedy_key(play: Play) -> tuple:
    """The greedy player's order of moves, larger first: a set played face up
    before a discard; of those, the most tiles, then the strongest set; of the
    discards, the weakest tiles (the lowest strengths, a military tile below a
    civil one of equal strength)."""
    if play.face_up:
        return (1, len(play.tiles), combo(play.tiles).strength)
    return (0, 0, -sum(single_strength(t) * 2 + (1 if t.low == t.high or t in _CIVIL else 0) for t in play.tiles))


def _civil():
    from .rules import CIVIL_ORDER

    return frozenset(CIVIL_ORDER)


_CIVIL = _civil()


def play_hand(variant: TienGow, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """One hand of Tien Gow for the four ``names`` (the banker first), each
    seat played by ``seat_bot[seat]``; the record of
    :func:`generator.sim.simulate.play_game`: ``winners`` the winner of the
    last trick."""
    state = Hand(variant, names, variant.deal_round(names, rng))
    spent = work.spent
    play_out(variant, state, seat_bot, rng, work)
    record = [{"tiles": len(state.done), "points": state.result[state.winner],
               "blocked": any(n == 0 for n in state.tricks.values()), "first_won": state.winner == state.banker,
               "work": work.spent - spent}]
    return {"hands": record, "winners": [state.winner], "finished": True}
