"""What a seat cannot see in a hand of Tien Gow, for the ``hard`` level's search
(:mod:`generator.sim.search`): the other seats' tiles, and the tiles they
discarded face down (a discard is seen as a number of tiles, never read)."""

from __future__ import annotations

from .rules import Hand, Trick

__all__ = ["hidden", "redeal", "outcome"]


def _shown(state: Hand, seat: str) -> list:
    """The tiles ``seat`` has seen played: every lead and every set played face up, and its own discards."""
    out = []
    for t in state.done + ([state.trick] if state.trick else []):
        for p, tiles, up in t.plays:
            if up or p == seat:
                out += list(tiles)
    return out


def hidden(variant, state: Hand, seat: str):
    """``(pool, places, forbidden)`` for ``seat`` (:meth:`generator.engine.family.Family.hidden`):
    the set less the seat's own tiles and the tiles it has seen played, dealt into the other seats'
    hands and the discards face down (one place, ``discards``)."""
    pool = list(variant.params.tiles)
    for t in list(state.hands[seat]) + _shown(state, seat):
        pool.remove(t)
    pool.sort()
    places = [(p, len(state.hands[p])) for p in state.names if p != seat]
    places.append(("discards", len(pool) - sum(n for _, n in places)))
    return pool, places, {}


def redeal(variant, state: Hand, seat: str, dealt):
    """A copy of ``state`` whose other hands are ``dealt`` (the discards face
    down stay as they were: no rule reads them again)."""
    s = state.copy()
    for p in state.names:
        if p != seat:
            s.hands[p] = sorted(dealt[p])
    return s


def outcome(variant, state: Hand, seat: str) -> float:
    """For ``seat`` in the finished ``state``: its chips (winning the last
    trick counts most, since the winner takes from every other seat)."""
    return float(state.result.get(seat, 0))
