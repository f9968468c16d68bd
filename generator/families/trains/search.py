"""What a seat cannot see in a round of Mexican Train, for the ``hard`` level's search
(:mod:`generator.sim.search`): the other hands and the stock, by their sizes.
(Passes and draws are not used to narrow the deal here: they tell less on a
table of many open places, and a sample without them is still consistent
with everything else the seat saw.)"""

from __future__ import annotations

import copy
import dataclasses

__all__ = ["hidden", "redeal", "outcome"]


def hidden(variant, state, seat: str):
    """``(pool, places, forbidden)`` for ``seat`` in the Round ``state``
    (:meth:`generator.engine.family.Family.hidden`): the tiles neither in its
    hand, nor the engine, nor on the trains; the other hands and the stock."""
    seen = set(state.hands[seat]) | {state.engine}
    for part in state.trains.values():
        seen.update(part.tiles)
    pool = sorted(t for t in variant.params.tiles if t not in seen)
    places = [(p, len(state.hands[p])) for p in state.players if p != seat] + [("stock", len(state.stock))]
    return pool, places, {}


def redeal(variant, state, seat: str, dealt):
    """A copy of the Round ``state`` whose other hands and stock are ``dealt``."""
    s = copy.copy(state)                # what a move changes is copied: hands, stock, trains, log
    s.hands = {p: list(state.hands[p]) if p == seat else list(dealt[p]) for p in state.players}
    s.stock = list(dealt["stock"])
    s.trains = {k: dataclasses.replace(part, tiles=list(part.tiles)) for k, part in state.trains.items()}
    s.open_doubles = list(state.open_doubles)
    s.events = list(state.events)
    return s


def outcome(variant, state, seat: str) -> float:
    """For ``seat`` in the ended Round ``state``: one for the fewest penalty pips
    (the round won), and the others' mean penalty pips less its own, in hundredths."""
    pen = state.penalties
    mine = pen[seat]
    others = [v for p, v in pen.items() if p != seat]
    import statistics               # (here: the player's start need not import it)

    return (mine <= min(others)) + (statistics.fmean(others) - mine) / 100
