"""What the family objects of the games played in rounds share (a table of
places round a centre double set out before the deal, a round per double,
penalties left in hand added up over the match): not a family itself, but the
base class their folders' :class:`~generator.engine.family.Family` objects
take (the trains' and the tree's), beside the positions they share
(:mod:`generator.model.rounds`) and their page parts (:mod:`generator.pages.rounds`).
It also answers the ``hard`` level's three questions for them
(:meth:`RoundsFamily.hidden`, :meth:`~RoundsFamily.redeal`,
:meth:`~RoundsFamily.outcome`), so their folders keep no ``search`` module:
a family names the attributes of its round that hold the centre double and
its places (:attr:`RoundsFamily.round_centre`, :attr:`~RoundsFamily.round_places`).

A family built on it keeps in its folder a ``sim`` module with
``play_match(variant, names, seat_bot, rng, work)`` (a whole match, the record
:func:`generator.sim.simulate.play_game` gives), and its rules' ``params.deal``
gives the tiles dealt to each player by number of players. It names no layout.
"""

from __future__ import annotations

import copy
import dataclasses
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
    example_places = {"turns": "move"}
    #: A round's attributes by name, for the ``hard`` level's search: the double set out in the centre
    #: (Mexican Train's ``engine``, Chicken Foot's ``centre``); the places tiles are laid on (name -> a
    #: dataclass whose ``tiles`` is a list: ``trains``, ``arms``); the other lists a move changes in
    #: place (copied with the round); the caches a move clears (cleared in the copy).
    round_centre = ""
    round_places = ""
    round_lists: tuple[str, ...] = ()
    round_caches: tuple[str, ...] = ()

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

    def figure_columns(self, rules, words: Mapping[str, str],
                       partners: frozenset[bool] = frozenset()) -> dict[str, str]:
        """Rounds, and the penalties left in hand (pips, or penalty points)."""
        t = words
        return dict(players=t["players"], games=t["games"], hands=t["round"], per_game=t["rpg"], tiles=t["tpr"],
                    points=t["pen"], block=t["block_rounds"], first=t["first_rounds"])

    # -- the hard level's search (generator.sim.search) ----------------------------------------------
    def hidden(self, variant, state, seat: str):
        """``(pool, places, forbidden)`` for ``seat`` in the round ``state``
        (:meth:`generator.engine.family.Family.hidden`): the tiles neither in
        its hand, nor the centre double, nor on the places round it, sorted;
        the other hands and the stock, by their sizes; nothing ruled out
        (passes and draws are not used to narrow the deal: they tell less on
        a table of many open places, and a sample without them is still
        consistent with everything else the seat saw)."""
        seen = set(state.hands[seat]) | {getattr(state, self.round_centre)}
        for part in getattr(state, self.round_places).values():
            seen.update(part.tiles)
        pool = sorted(t for t in variant.params.tiles if t not in seen)
        places = [(p, len(state.hands[p])) for p in state.players if p != seat] + [("stock", len(state.stock))]
        return pool, places, {}

    def redeal(self, variant, state, seat: str, dealt):
        """A copy of the round ``state`` whose other hands and stock are
        ``dealt`` (place name -> tiles); what a move changes (hands, stock,
        places, the lists of :attr:`round_lists`, the log) is copied, so
        ``state`` is left as it was."""
        s = copy.copy(state)
        s.hands = {p: list(state.hands[p]) if p == seat else list(dealt[p]) for p in state.players}
        s.stock = list(dealt["stock"])
        setattr(s, self.round_places, {k: dataclasses.replace(part, tiles=list(part.tiles))
                                       for k, part in getattr(state, self.round_places).items()})
        for name in self.round_lists:
            setattr(s, name, list(getattr(state, name)))
        for name in self.round_caches:
            setattr(s, name, None)
        s.events = list(state.events)
        return s

    def outcome(self, variant, state, seat: str) -> float:
        """For ``seat`` in the ended round ``state``: one for the fewest
        penalties (the round won; ties count as won), plus the others' mean
        penalty less its own, in hundredths (penalties as the round counts
        them: pips, or Chicken Foot's penalty points)."""
        pen = state.penalties
        mine = pen[seat]
        others = [v for p, v in pen.items() if p != seat]
        import statistics           # (here: the player's start need not import it)

        return (mine <= min(others)) + (statistics.fmean(others) - mine) / 100
