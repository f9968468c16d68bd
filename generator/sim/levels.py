"""The levels a reader can play against, by name: ``easy``, ``normal`` and ``hard``.

- ``easy`` plays legal tiles with little thought: half of its choices are
  the ``normal`` player's, the other half any legal move at random (it draws
  only when it must, unless drawing is allowed beside a play);
- ``normal`` is the simulation's ``greedy`` player (the planning player in a
  game of tricks), the level the pages' figures are played at;
- ``hard`` searches (:func:`generator.sim.search.choose`): it samples the
  tiles it has not seen, consistently with what its seat saw, plays every
  move in each sample to the end of the hand, and keeps the one that does
  best for its side (in a line of play's last tiles it searches each sample
  exactly instead). It never reads a hidden hand.

Every level is a player function ``(variant, state, player, rng) -> action``
as :data:`generator.sim.simulate.BOTS` holds them.
"""

from __future__ import annotations

import random

from .search import HARD_WORK, choose, normal_choice

__all__ = ["LEVELS", "easy_bot", "normal_bot", "hard_bot", "level_bot"]


def easy_bot(variant, state, player: str, rng: random.Random):
    """The ``easy`` level: the ``normal`` choice half the time (one draw from
    ``rng`` decides), else a uniformly random legal play (``"draw"`` among
    them where the rules allow drawing beside a play); ``"draw"`` or
    ``"pass"`` when nothing can be played."""
    plays = state.plays_for(player)
    if not plays:
        return "draw" if state.may_draw(player) else "pass"
    if rng.random() < 0.5:
        return normal_choice(variant, state, player)
    return rng.choice([*plays, "draw"] if state.may_draw(player) else plays)


def normal_bot(variant, state, player: str, rng: random.Random):
    """The ``normal`` level: the ``greedy`` player's move (:func:`generator.sim.simulate.greedy_bot`)."""
    return normal_choice(variant, state, player)


def hard_bot(variant, state, player: str, rng: random.Random, budget: int = HARD_WORK):
    """The ``hard`` level: the move :func:`generator.sim.search.choose` finds
    within ``budget`` work units."""
    return choose(variant, state, player, rng, budget).move


def level_bot(name: str, budget: int | None = None):
    """The player function of the level ``name`` (a key of :data:`LEVELS`);
    ``budget`` (work units a choice) sets the ``hard`` player's search bound.
    Raises ``KeyError`` naming the levels for an unknown name."""
    if name not in LEVELS:
        raise KeyError(f"unknown level {name!r}; the levels are {', '.join(LEVELS)}")
    if name == "hard" and budget is not None:
        return lambda variant, state, player, rng: hard_bot(variant, state, player, rng, budget)
    return LEVELS[name]


#: The levels by name, easiest first.
LEVELS = {"easy": easy_bot, "normal": normal_bot, "hard": hard_bot}
