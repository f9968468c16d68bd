"""What the family objects of the games played in rounds share (a table of
places round a centre double set out before the deal, a round per double,
penalties left in hand added up over the match): not a family itself, but the
base class their folders' :class:`~generator.engine.family.Family` objects
take (the trains' and the tree's), beside the positions they share
(:mod:`generator.model.rounds`) and their page parts (:mod:`generator.pages.rounds`).

A family built on it keeps in its folder a ``sim`` module with
``play_match(variant, names, seat_bot, rng, work)`` (a whole match, the record
:func:`generator.sim.simulate.play_game` gives), and its rules' ``params.deal``
gives the tiles dealt to each player by number of players. It names no layout.
"""

from __future__ import annotations

from importlib import import_module
from typing import Mapping

from ..engine.family import Family

__all__ = ["RoundsFamily"]


class RoundsFamily(Family):
    """A family played in rounds with penalties (subclassed by each such family's folder)."""

    #: A round starts from its double set out before the deal, a player draws one tile, pips left in
    #: hand are penalties.
    fixed = {"lead": "engine", "draw": "one", "settlement": "penalty"}
    figure_unit = "round"

    def play_game(self, variant, names, seat_bot, rng, teams, work) -> dict:
        """A whole match, by the folder's ``sim.play_match`` (each for themselves: no ``teams``)."""
        return import_module(".sim", type(self).__module__).play_match(variant, names, seat_bot, rng, work)

    def row_weights(self, rules, tables):
        """One plus the tiles dealt to each player: a decision costs one unit
        and one per tile in hand (:class:`~generator.sim.simulate.Work`), so
        a row of two players with 20 tiles each takes over twice the work of
        one of eight with 6 for the same rounds (Chicken Foot: 7,297,000 and
        3,003,000 for 10,000 rounds)."""
        return [1.0 + rules.params.deal[n] for n, _ in tables]

    def figure_columns(self, rules, words: Mapping[str, str]) -> dict[str, str]:
        """Rounds, and the penalties left in hand (pips, or penalty points)."""
        t = words
        return dict(players=t["players"], games=t["games"], hands=t["round"], per_game=t["rpg"], tiles=t["tpr"],
                    points=t["pen"], block=t["block_rounds"], first=t["first_rounds"])
