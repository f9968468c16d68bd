"""The game loop of the tree family: a Chicken Foot match, round after round
(one per double, descending), by the simulation's players
(:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.tree`)."""

from __future__ import annotations

import random
from typing import Sequence

from .rules import ChickenFoot, Round
from ...sim.simulate import Work, play_rounds

__all__ = ["play_match"]


def play_match(variant: ChickenFoot, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A whole match of ``variant.rounds`` rounds; its record as
    :func:`generator.sim.simulate.play_game` gives it: a round is a "hand",
    its ``points`` the round's penalty points, ``first_won`` whether the
    round's first player had the fewest."""
    return play_rounds(variant, names, seat_bot, rng, work, variant.rounds, variant.centre_of,
                       lambda hands, stock, centre, first: Round(variant, names, hands, stock, centre, first),
                       lambda penalties, first0: variant.settle_match(names, penalties, first0))
