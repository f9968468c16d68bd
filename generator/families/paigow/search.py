"""What a seat cannot see in a deal of Pai Gow, for the ``hard`` level's search
(:mod:`generator.sim.search`): every other seat's four tiles (set face down, so
a setting already made tells nothing either) and the tiles nobody was dealt."""

from __future__ import annotations

from .rules import STRATEGIES, Deal

__all__ = ["hidden", "redeal", "outcome"]


def hidden(variant, state, seat: str):
    """``(pool, places, forbidden)`` for ``seat`` in the Deal ``state``
    (:meth:`generator.engine.family.Family.hidden`): the set less the seat's
    own four tiles (the Chinese set holds some tiles twice: one copy goes per
    tile held), dealt into the other seats' hands and the undealt rest."""
    pool = list(variant.params.tiles)
    for t in state.hands[seat]:
        pool.remove(t)
    pool.sort()
    places = [(p, len(state.hands[p])) for p in state.names if p != seat]
    places.append(("undealt", len(pool) - sum(n for _, n in places)))
    return pool, places, {}


def redeal(variant, state, seat: str, dealt):
    """A new Deal like ``state`` whose other hands are ``dealt``: the seat's own
    setting stands, and each other seat that has set sets its new tiles the
    fixed way (its real setting is face down, never read)."""
    hands = {p: list(state.hands[p]) if p == seat else list(dealt[p]) for p in state.names}
    s = Deal(variant, state.names, hands)
    key = STRATEGIES[variant.strategy]
    for p in state.order:
        if p not in state.settings:
            break
        s.push(p, state.settings[p] if p == seat else max(s.plays_for(p), key=key))
    return s


def outcome(variant, state, seat: str) -> float:
    """For ``seat`` in the shown Deal ``state``: a player's stake against the
    banker in bets (one a bet won less the commission, minus one a bet lost,
    nought a push); the banker's, the players' stakes with the sign changed,
    in bets a player."""
    stakes = {p: r.stake for p, r in state.results.items()}
    if seat == state.banker:
        return -sum(stakes.values()) / (100 * max(1, len(stakes)))
    return stakes[seat] / 100
