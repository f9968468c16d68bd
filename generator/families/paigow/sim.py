"""The game loop of Pai Gow: one deal, the seats setting their tiles by
their players (the family's greedy player sets by the fixed setting,
:data:`generator.families.paigow.rules.STRATEGIES`), then the banker (the
first seat) against each other seat; the record
:meth:`generator.engine.family.Family.play_game` gives. A "hand" of the
figures is one player's bet against the banker: ``tiles`` the four set,
``points`` the player's result in hundredths of the bet (a win pays even
money less the commission), ``blocked`` a push, ``first_won`` the player
won; so the mean of ``points`` is the players' expected result and its
negative the house edge, in percent of the bet."""

from __future__ import annotations

import random
from typing import Sequence

from .rules import Deal, PaiGow
from ...sim.simulate import Work, play_out

__all__ = ["play_deal"]


def play_deal(variant: PaiGow, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """One deal of Pai Gow for ``names`` (the banker first, then one to seven
    players), each seat set by ``seat_bot[seat]``; the record of
    :func:`generator.sim.simulate.play_game`: ``winners`` the players who
    beat the banker on both hands."""
    state = Deal(variant, names, variant.deal_round(names, rng))
    spent = work.spent
    play_out(variant, state, seat_bot, rng, work)
    each = (work.spent - spent) // max(1, len(names) - 1)
    record = [{"tiles": 4, "points": s.stake, "blocked": s.result == "push", "first_won": s.result == "win",
               "work": each} for s in state.results.values()]
    return {"hands": record, "winners": [p for p, s in state.results.items() if s.result == "win"],
            "finished": True}
