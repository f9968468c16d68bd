"""The game loop of the line-of-play family: a game of hands to the target
(one hand where the hand is the game), each dealt until the deal stands
(``redeal_doubles``), by the simulation's players
(:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.line`).
It may run compiled (:mod:`generator.base.native`)."""

from __future__ import annotations

import random
from typing import Sequence

from .rules.hand import Hand
from .rules.variant import Variant
from ...sim.simulate import MAX_HANDS, Work, deal, play_out

__all__ = ["MAX_DEALS", "NoStandingDeal", "standing_deal", "play_line_game"]

#: Deals thrown in (``redeal_doubles``) after which :func:`standing_deal` gives up. ``rulebook
#: check`` refuses a rule whose deal stands less than once in a hundred
#: (:data:`generator.families.line.MIN_STANDING`), so a game it lets through runs past this bound
#: with a chance below (99/100) ** 5000, about 1 in 10 ** 21, per hand.
MAX_DEALS = 5_000


class NoStandingDeal(ValueError):
    """Every one of :data:`MAX_DEALS` deals in a row was thrown in: the
    rules (``redeal_doubles`` against the set and the deal) almost never let
    a deal stand."""


def standing_deal(variant: Variant, names: Sequence[str], rng: random.Random, work: Work | None = None):
    """:func:`~generator.sim.simulate.deal` again until the deal stands: a deal the rules throw in
    (:meth:`~generator.families.line.rules.variant.Variant.thrown_in`, ``redeal_doubles``)
    is shuffled and dealt afresh; returns ``(hands, stock)``. Each deal
    thrown in costs ``work`` one unit per tile dealt (it handles every tile
    once, as a decision tries every tile of a hand). Raises
    :class:`NoStandingDeal` after :data:`MAX_DEALS` deals thrown in a row
    (``rulebook check`` refuses the rules that could get there)."""
    hands, stock = deal(variant, names, rng)
    thrown = 0
    while variant.thrown_in(hands) is not None:
        thrown += 1
        if work is not None:
            work.spent += sum(len(h) for h in hands.values())
        if thrown >= MAX_DEALS:
            limit = variant.params.own_int("redeal_doubles")
            raise NoStandingDeal(f"{variant.id}: {MAX_DEALS} deals in a row were thrown in (a hand held "
                                 f"{limit} doubles or more); a deal under these rules "
                                 f"almost never stands")
        hands, stock = deal(variant, names, rng)
    return hands, stock


def play_line_game(variant: Variant, names: Sequence[str], seat_bot: dict, rng: random.Random,
                   teams: Sequence[Sequence[str]] | None, work: Work) -> dict:
    """One game of the line-of-play family, hand after hand to the target
    (:meth:`generator.engine.family.Family.play_game`); the record of
    :func:`generator.sim.simulate.play_game`."""
    scores = None
    leader = None
    record = []
    winners: tuple = ()
    for _ in range(MAX_HANDS):
        hands, stock = standing_deal(variant, names, rng, work)
        # the last hand names the leader (next_lead), else the lead rule does, else a lot
        first = leader if leader is not None else variant.first_leader(names, hands)
        if first is None:
            first = names[rng.randrange(len(names))]
        h = Hand(variant, names, hands, stock, first, teams, scores, later_hand=leader is not None)
        first = h.current
        before = dict(h.scores)
        spent = work.spent
        placed = play_out(variant, h, seat_bot, rng, work)
        # what the hand added (a count wiped, target_score in-a-row, adds nothing rather than less)
        gained = sum(max(0, v - before.get(s, 0)) for s, v in h.scores.items())
        side_first = next(s for s, m in h.sides.items() if first in m)
        won = (h.settlement.winners if h.settlement is not None else h.game_winners)
        record.append({"tiles": placed, "points": gained, "blocked": h.end == "blocked",
                       "first_won": side_first in won, "work": work.spent - spent})
        scores = dict(h.scores)
        if h.end == "game" or h.game_winners or variant.params.target is None or variant.game_over(h.scores):
            # a game to a target is won by whoever reached it (nobody, where it is void); else the hand's winners
            winners = tuple(h.game_winners) if variant.params.target is not None else tuple(won)
            break
        if work.out:
            return {"hands": record, "winners": [], "finished": False}
        leader = h.next_leader
    return {"hands": record, "winners": list(winners), "finished": True}
