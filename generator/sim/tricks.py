"""The game loop and the planning player of the tricks family: a game of Texas
42, hand after hand until a team has the marks to win
(:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.tricks`).

The ``greedy`` player of a game of tricks is :func:`plan_key`'s plan: it bids
from its hand (the lowest bid its hand's strength covers, or pass), names
its strongest trumps and plays tricks with a simple plan (draw trumps with
the top trump, lead a double, give count to a partner who is winning, win as
cheaply as it can, else throw its least useful tile). The ``random`` player
picks any legal bid, trumps or tile.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..engine.tiles import Tile
from ..variants.texas42 import DOUBLES, FOLLOW_ME, PASS, SEATS, Bid, Deal, Texas42, count_of, team_name
from .simulate import MAX_HANDS, Work, deal

__all__ = ["play_forty_two", "plan_key", "estimate"]


#: Raw points a trick is worth on average (42 in seven tricks).
TRICK_VALUE = 6
#: What the planner counts on its partner for, in tricks.
PARTNER_TRICKS = 1.5


def _strength(rules: Texas42, hand: Sequence[Tile], trumps) -> int:
    """How many raw points ``hand`` might make with ``trumps`` (follow-me:
    no trumps), counted in tricks of :data:`TRICK_VALUE` points: each trump
    in an unbroken run from the top trump down is a sure trick, each other
    trump half of one; each other double a trick once the trumps are drawn
    (half of one without the top trump); and :data:`PARTNER_TRICKS` from the
    partner."""
    tricks = PARTNER_TRICKS
    top = False
    if trumps != FOLLOW_ME:
        suit = DOUBLES if trumps == DOUBLES else trumps
        mine = sorted((t for t in hand if rules.is_trump(t, trumps)), key=lambda t: -rules.rank(t, suit))
        every = sorted((t for t in rules.params.tiles if rules.is_trump(t, trumps)), key=lambda t: -rules.rank(t, suit))
        run = 0
        while run < len(mine) and mine[run] == every[run]:
            run += 1
        top = run > 0
        tricks += run + 0.5 * (len(mine) - run)
    for t in hand:
        if t.is_double and not rules.is_trump(t, trumps):
            tricks += 1 if top or trumps == FOLLOW_ME else 0.5
    return round(TRICK_VALUE * min(tricks, 7))


def estimate(rules: Texas42, hand: Sequence[Tile]) -> tuple[int, object]:
    """The best ``(strength, trumps)`` of ``hand`` over the trumps the game
    allows: raw points (:func:`_strength`) and what to name."""
    best = (-1, None)
    for trumps in rules.trump_options():
        s = _strength(rules, hand, trumps)
        if s > best[0]:
            best = (s, trumps)
    return best


def plan_key(rules: Texas42, state: Deal):
    """The key by which the planning player ranks what ``state.plays_for``
    lists (the largest wins): bids, trumps or tiles, by the phase."""
    seat = state.current
    hand = state.hands[seat]
    if state.phase == "bid":
        strength = min(estimate(rules, hand)[0], 42)

        def bid_key(bid: Bid):
            if bid.is_pass:
                return (0, 0)
            if bid.contract in ("nello", "plunge"):
                return (-2, -bid.value)
            return (1 if bid.value <= strength else -1, -bid.value)

        return bid_key
    if state.phase == "trumps":
        return lambda trumps: _strength(rules, hand, trumps)
    trumps, contract = state.trumps, state.contract
    played = [t for _, t in state.trick]
    gone = state.played
    if contract == "nello" and seat == state.bidder:            # lose every trick: the lowest tile
        return lambda t: (-rules.rank(t, rules.suit_led(t, trumps, contract)), -t.pips)
    if not played:
        trump_suit = DOUBLES if trumps == DOUBLES else trumps
        live = [t for t in rules.params.tiles if t not in gone and rules.is_trump(t, trumps)]
        top = max(live, key=lambda t: rules.rank(t, trump_suit)) if live else None

        def lead_key(t: Tile):
            return (t is top, t.is_double and not rules.is_trump(t, trumps), -count_of(t), -t.pips)

        return lead_key
    i = rules.trick_winner(played, trumps, contract)
    leading = state.trick[i][0]
    partner_wins = leading == state.partner(seat)

    def wins(t: Tile) -> bool:
        return rules.trick_winner(played + [t], trumps, contract) == len(played)

    def follow_key(t: Tile):
        if partner_wins:
            return (count_of(t), -t.pips)
        if wins(t):
            return (1, count_of(t), -rules.rank(t, rules.suit_led(t, trumps, contract)))
        return (0, -count_of(t), -t.pips)

    return follow_key


def play_forty_two(rules: Texas42, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A whole game: hands until a team reaches ``rules.marks_to_win``; its
    record as :func:`generator.sim.simulate.play_game` gives it: per hand the
    ``tiles`` played, ``points`` (the winning bid, in points: 42 a mark),
    ``blocked`` (the bid was set), ``first_won`` (the bidding team won the
    hand) and ``team_points`` (each team's raw points: 42 in all); a hand
    thrown in (every seat passed, ``all_pass: reshake``) is shaken again and
    not counted."""
    seats = list(names)[:4] if len(names) == 4 else list(SEATS)
    teams = [team_name((seats[0], seats[2])), team_name((seats[1], seats[3]))]
    marks = {t: 0 for t in teams}
    shaker = seats[rng.randrange(4)]
    record = []
    for _ in range(MAX_HANDS):
        hands, _stock = deal(rules, seats, rng)
        state = Deal(rules, seats, hands, shaker)
        spent = work.spent
        placed = 0
        while state.end is None:
            p = state.current
            work.spent += 1 + len(state.hands[p])
            action = seat_bot[p](rules, state, p, rng)
            if action == "pass":
                action = PASS
            state.push(p, action)
            placed += isinstance(action, Tile)
        shaker = state._next(shaker)
        if state.end == "thrown-in":
            continue
        r = state.result
        us = state.team_of(r.bidder)
        for team, m in r.marks.items():
            marks[team] += m
        record.append({"tiles": placed, "points": r.bid.value, "blocked": not r.made, "first_won": r.made,
                       "team_points": dict(r.points), "work": work.spent - spent, "bidder": us})
        top = max(marks.values())
        if top >= rules.marks_to_win:
            return {"hands": record, "winners": [t for t in teams if marks[t] == top], "finished": True}
        if work.out:
            return {"hands": record, "winners": [], "finished": False}
    return {"hands": record, "winners": [], "finished": False}
