"""What a seat cannot see in a hand of Texas 42, for the ``hard`` level's
search (:mod:`generator.sim.search`): the other three hands, and the suits a
player is known to be out of (it did not follow the suit led; the rule of
following suit: seed texas-42, "Play"). Its bids weighed are the usual ones
(:func:`search_moves`); it bids from an estimate of the points its side
takes with the hand (:func:`choose_bid`)."""

from __future__ import annotations

import copy

from .rules import DOUBLES, PASS, Bid

__all__ = ["hidden", "redeal", "outcome", "search_moves", "choose_bid", "make_chances", "BID_VALUES",
           "BID_CONFIDENCE", "BID_SLACK", "TRUMPS_HELD"]

#: The bids in points the ``hard`` bidder weighs (besides the lowest it may make, pass and one mark).
BID_VALUES = (30, 31, 32, 33, 34, 35, 36, 38, 40, 41)
#: The fewest tiles of a suit (or doubles) in the hand for the ``hard`` bidder to weigh naming it trumps.
TRUMPS_HELD = 3
#: The ``hard`` bidder bids only when it expects to make the lowest bid it may make at least this often
#: (a bid of points wins or loses one mark, so below an even chance passing costs less on average).
BID_CONFIDENCE = 0.5
#: It then bids the highest bid whose chance of being made it puts no more than this below the lowest
#: bid's: bidding higher shuts out later bidders, and costs nothing where the hand makes it as surely.
BID_SLACK = 0.05


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
    are left out, as the planning player leaves them). Naming trumps: the
    suits (doubles as one) of which the hand holds at least
    :data:`TRUMPS_HELD` tiles, or, if none, those it holds most of (a suit
    of one or two tiles is seldom worth naming, and fewer choices leave the
    search more sampled deals for each). Otherwise every legal play."""
    if state.phase == "trumps" and not variant.three:
        hand = state.hands[seat]

        def held(t) -> int:
            if t == DOUBLES:
                return sum(x.low == x.high for x in hand)
            if isinstance(t, int) and not isinstance(t, bool):
                return sum(t in (x.low, x.high) for x in hand)
            return -1                   # follow-me: weighed only as the planning player's own choice
        most = max(held(t) for t in plays)
        return [t for t in plays if held(t) >= min(TRUMPS_HELD, most)] or plays
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


def make_chances(variant, state, seat: str, bids: list, rng, budget: int, samples: int):
    """How often ``seat`` (its turn to bid in the Deal ``state``) expects its
    side to make each of ``bids`` (bids of points or marks, each one it may
    make) if it wins the bidding: over sampled deals of the tiles it has not
    seen (:func:`generator.sim.search.assign`, seeded by ``rng``), it bids the
    lowest of ``bids``, the players after it pass, and the hand is played
    out by the ``normal`` player in every seat (its side names trumps as that
    player does); a bid counts as made in a deal where the side's raw points
    make it (:meth:`~generator.families.tricks.rules.Texas42.made`). One
    play-out a deal serves every bid. Returns (chances in the order of
    ``bids``, deals sampled, work units spent, units spent when the last
    deal was started); at most ``samples`` deals, no
    new one once ``budget`` units are spent."""
    from ...sim.search import _play_out, act, sampled_deals

    low = min(bids)
    team = state.team_of(seat)
    made = [0] * len(bids)
    work = [0]
    worlds = last = 0
    for last, dealt in sampled_deals(variant, state, seat, rng, budget, samples, work):
        w = redeal(variant, state, seat, dealt)
        act(w, seat, low)
        work[0] += 1 + len(state.hands[seat])
        while w.phase == "bid":
            work[0] += 1 + len(w.hands[w.current])
            act(w, w.current, PASS)
        _play_out(variant, w, work)
        points = w.result.points[team] if w.result is not None else 0
        for i, b in enumerate(bids):
            made[i] += variant.made(b, points)
        worlds += 1
    return [m / worlds for m in made], worlds, work[0], last


def choose_bid(variant, state, seat: str, moves: list, rng, budget: int, samples: int):
    """The ``hard`` bidder's choice among ``moves`` (pass and the bids of
    :func:`search_moves`) in a game of four, as a
    :class:`generator.sim.search.Choice` whose ``means`` are each move's
    estimated chance of being made (:func:`make_chances`; the pass's is 0):
    it passes unless it expects to make the lowest bid at least
    :data:`BID_CONFIDENCE` of the time (a shaker forced to bid bids the
    lowest), else bids the highest bid whose chance is at most
    :data:`BID_SLACK` below the lowest's. Bidding in points wins or loses
    one mark (a bid of one mark needs every trick: pagat.com, "Texas 42",
    Bidding); bids of more marks, Nel-O, plunge and splash are not weighed.
    ``None`` outside the bidding, in a game of three, or when only a pass is
    left (the search then weighs the moves as usual)."""
    from ...sim.search import Choice

    if state.phase != "bid" or variant.three:
        return None
    bids = [m for m in moves if isinstance(m, Bid) and not m.is_pass and m.contract in ("points", "marks")]
    if not bids:
        return None
    bids.sort()
    chances, worlds, work, last = make_chances(variant, state, seat, bids, rng, budget, samples)
    can_pass = any(isinstance(m, Bid) and m.is_pass for m in moves)
    if can_pass and chances[0] < BID_CONFIDENCE:
        move = PASS
    else:
        move = max((b for b, c in zip(bids, chances) if c >= chances[0] - BID_SLACK), default=bids[0])
    means = tuple(0.0 if not isinstance(m, Bid) or m not in bids else chances[bids.index(m)] for m in moves)
    return Choice(move, tuple(moves), means, worlds, work, last)
