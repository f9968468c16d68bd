"""The game loop of the trains family: a Mexican Train match, round after round
(one per engine double, descending), by the simulation's players (seed 001;
:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.trains`)."""

from __future__ import annotations

import random
from typing import Sequence

from ..variants.mexican_train import MexicanTrain, Round
from .simulate import Work, deal, play_out

__all__ = ["play_match"]


def play_match(variant: MexicanTrain, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A whole match of ``variant.round_settings[0]`` rounds; its record as
    :func:`generator.sim.simulate.play_game` gives it: a round is a "hand",
    its ``points`` the round's penalty pips, ``first_won`` whether the
    round's first player had the fewest."""
    rounds = variant.round_settings[0]
    first0 = names[rng.randrange(len(names))]
    record, penalties = [], []
    for r in range(1, rounds + 1):
        engine = variant.engine_of(r, rounds)
        hands, stock = deal(variant, names, rng, exclude=engine)
        first = variant.first_player(names, first0, r)
        rnd = Round(variant, names, hands, stock, engine, first)
        spent = work.spent
        placed = play_out(variant, rnd, seat_bot, rng, work)
        pen = rnd.penalties
        penalties.append(pen)
        low = min(pen.values())
        record.append({"tiles": placed, "points": sum(pen.values()), "blocked": rnd.end == "blocked",
                       "first_won": pen[first] == low, "work": work.spent - spent})
        if work.out and r < rounds:
            return {"hands": record, "winners": [], "finished": False}
    result = variant.settle_match(names, penalties, rounds, first0)
    return {"hands": record, "winners": list(result.winners), "finished": True}
