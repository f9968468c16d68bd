"""The game loop of the trains family: a Mexican Train match, round after round
(one per engine double, descending), by the simulation's players (seed 001;
:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.trains`)."""

from __future__ import annotations

import random
from typing import Sequence

from .rules import MexicanTrain, Round
from ...sim.simulate import Work, play_rounds

__all__ = ["play_match"]


def play_match(variant: MexicanTrain, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A whole match of ``variant.round_settings[0]`` rounds; its record as
    :func:`generator.sim.simulate.play_game` gives it: a round is a "hand",
    its ``points`` the round's penalty pips, ``first_won`` whether the
    round's first player had the fewest."""
    rounds = variant.round_settings[0]
    return play_rounds(variant, names, seat_bot, rng, work, rounds, lambda r: variant.engine_of(r, rounds),
                       lambda hands, stock, engine, first: Round(variant, names, hands, stock, engine, first),
                       lambda penalties, first0: variant.settle_match(names, penalties, rounds, first0))
