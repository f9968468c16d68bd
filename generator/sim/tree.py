"""The game loop of the tree family: a Chicken Foot match, round after round
(one per double, descending), by the simulation's players
(:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.tree`)."""

from __future__ import annotations

import random
from typing import Sequence

from ..variants.chicken_foot import ChickenFoot, Round
from .simulate import Work, deal, play_out

__all__ = ["play_match"]


def play_match(variant: ChickenFoot, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A whole match of ``variant.rounds`` rounds; its record as
    :func:`generator.sim.simulate.play_game` gives it: a round is a "hand",
    its ``points`` the round's penalty points, ``first_won`` whether the
    round's first player had the fewest."""
    first0 = names[rng.randrange(len(names))]
    record, penalties = [], []
    for r in range(1, variant.rounds + 1):
        centre = variant.centre_of(r)
        hands, stock = deal(variant, names, rng, exclude=centre)
        first = variant.first_player(names, first0, r)
        rnd = Round(variant, names, hands, stock, centre, first)
        spent = work.spent
        placed = play_out(variant, rnd, seat_bot, rng, work)
        pen = rnd.penalties
        penalties.append(pen)
        low = min(pen.values())
        record.append({"tiles": placed, "points": sum(pen.values()), "blocked": rnd.end == "blocked",
                       "first_won": pen[first] == low, "work": work.spent - spent})
        if work.out and r < variant.rounds:
            return {"hands": record, "winners": [], "finished": False}
    result = variant.settle_match(names, penalties, first0)
    return {"hands": record, "winners": list(result.winners), "finished": True}
