"""What a seat cannot see in a hand of Texas 42, for the ``hard`` level's
search (:mod:`generator.sim.search`): the other three hands, and the suits a
player is known to be out of (it did not follow the suit led; the rule of
following suit: seed texas-42, "Play"). Its bids weighed are the usual ones
(:func:`search_moves`)."""

from __future__ import annotations

import copy

from .rules import Bid

__all__ = ["hidden", "redeal", "outcome", "search_moves", "BID_VALUES"]

#: The bids in points the ``hard`` bidder weighs (besides the lowest it may make, pass and one mark).
BID_VALUES = (30, 31, 32, 33, 34, 35, 36, 38, 40, 41)


def hidden(variant, state, seat: str):
    """``(pool, places, forbidden)`` for ``seat`` in the Deal ``state``
    (:meth:`generator.engine.family.Family.hidden`): the tiles neither in its
    hand nor played; the other hands; for a player who did not follow a
    suit led, every tile of that suit."""
    rules = variant
    seen = set(state.hands[seat]) | state.played
    if seat == state.bidder and state.phase != "bid":       # the bidder saw the widow and its discard
        seen |= set(state.widow) | ({state.discarded} if state.discarded is not None else set())
    pool = sorted(t for t in rules.params.tiles if t not in seen)
    voids: dict[str, set] = {}
    if state.trumps is not None:
        tricks = [tr.plays for tr in state.tricks] + ([tuple(state.trick)] if state.trick else [])
        for plays in tricks:
            suit = rules.suit_led(plays[0][1], state.trumps, state.contract)
            for p, t in plays[1:]:
                if not rules.follows(t, suit, state.trumps, state.contract):
                    voids.setdefault(p, set()).update(
                        u for u in pool if rules.follows(u, suit, state.trumps, state.contract))
    places = [(p, len(state.hands[p])) for p in state.seats if p != seat]
    left = len(pool) - sum(n for _, n in places)
    if left > 0:                        # a game of three: the widow (or the bidder's discard) nobody else has seen
        places.append(("widow", left))
    return pool, places, {p: frozenset(v) for p, v in voids.items()}


def redeal(variant, state, seat: str, dealt):
    """A copy of the Deal ``state`` whose other hands are ``dealt`` (what
    each was dealt follows: its hand now and the tiles it played)."""
    s = copy.copy(state)                # what a move changes is copied: hands, bids, tricks
    s.hands = {p: list(h) for p, h in state.hands.items()}
    s.dealt = dict(state.dealt)
    s.bidding = list(state.bidding)
    s.trick = list(state.trick)
    s.tricks = list(state.tricks)
    played: dict[str, list] = {p: [] for p in state.seats}
    for tr in state.tricks:
        for p, t in tr.plays:
            played[p].append(t)
    for p, t in state.trick:
        played[p].append(t)
    for p in state.seats:
        if p != seat:
            s.hands[p] = list(dealt[p])
            s.dealt[p] = tuple(dealt[p] + played[p])
    if "widow" in dealt and state.phase == "bid":          # not taken yet: the widow as this deal has it
        s.widow = tuple(dealt["widow"])
    return s


def outcome(variant, state, seat: str) -> float:
    """For ``seat``'s team in the ended Deal ``state``: the marks it took
    less the marks the other team took, and its lead in raw points in
    84ths (a hand thrown in is worth nothing to either)."""
    r = state.result
    if r is None:
        return 0.0
    if r.scores is not None:            # a game of three: its points less the others' average, in 21sts
        others = [v for p, v in r.scores.items() if p != seat]
        return (r.scores[seat] - sum(others) / len(others)) / 21
    us = state.team_of(seat)
    marks = sum(m if t == us else -m for t, m in r.marks.items())
    lead = sum(v if t == us else -v for t, v in r.points.items())
    return marks + lead / 84


def search_moves(variant, state, seat: str, plays: list) -> list:
    """In the bidding: pass, the lowest bid allowed, the bids in points of
    :data:`BID_VALUES` and one mark (nello, plunge and bids of more marks
    are left out, as the planning player leaves them). Otherwise every
    legal play."""
    if state.phase != "bid" or variant.three:      # a game of three has at most six bids to weigh
        return plays
    points = [b for b in plays if not b.is_pass and b.contract == "points"]
    low = min((b.value for b in points), default=None)
    keep = []
    for b in plays:
        if b.is_pass or (b.contract == "points" and (b.value == low or b.value in BID_VALUES)):
            keep.append(b)
        elif b.contract == "marks" and b == Bid(42, "marks"):
            keep.append(b)
    return keep or plays
