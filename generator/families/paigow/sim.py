"""The game loop of Pai Gow: one deal, the banker (the first seat) against
each other seat, every hand set by the game's fixed setting
(:func:`generator.families.paigow.rules.fixed_setting`), the record
:meth:`generator.engine.family.Family.play_game` gives. A "hand" of the
figures is one player's bet against the banker: ``tiles`` the four set,
``points`` the player's result in hundredths of the bet (a win pays even
money less the commission), ``blocked`` a push, ``first_won`` the player
won; so the mean of ``points`` is the player's expected result and its
negative the house edge, in percent of the bet."""

from __future__ import annotations

import random
from typing import Sequence

from .rules import PaiGow, fixed_setting, showdown
from ...sim.simulate import Work

__all__ = ["play_deal"]


def play_deal(variant: PaiGow, names: Sequence[str], rng: random.Random, work: Work) -> dict:
    """One deal of Pai Gow for ``names`` (the banker first, then one to seven
    players); the record of :func:`generator.sim.simulate.play_game`:
    ``winners`` the players who beat the banker on both hands."""
    hands = variant.deal_round(names, rng)
    banker = fixed_setting(hands[names[0]], variant.strategy)
    record, winners = [], []
    for p in names[1:]:
        work.spent += 4                         # one setting: three ways looked at, one compared
        mine = fixed_setting(hands[p], variant.strategy)
        s = showdown(mine, banker, variant.commission)
        record.append({"tiles": 4, "points": s.stake, "blocked": s.result == "push",
                       "first_won": s.result == "win", "work": 4})
        if s.result == "win":
            winners.append(p)
    return {"hands": record, "winners": winners, "finished": True}
