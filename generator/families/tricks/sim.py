"""The game loop and the planning player of the tricks family: a game of Texas
42, hand after hand until a team has the marks to win
(:meth:`generator.engine.family.Family.play_game` of :mod:`generator.families.tricks`).

The ``greedy`` player of a game of tricks is :func:`plan_key`'s plan: it bids
from its hand (the lowest bid its hand's strength covers, or pass: :func:`hand_strength`,
:func:`bid_limit`), names
its strongest trumps and plays tricks with a simple plan (draw trumps with
the top trump, lead a double, give count to a partner who is winning, win as
cheaply as it can, else throw its least useful tile). The ``random`` player
picks any legal bid, trumps or tile.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Sequence

from ...engine.tiles import Tile
from .rules import DOUBLES, FOLLOW_ME, HAND_POINTS, PASS, SEATS, Bid, Deal, Texas42, count_of, \
    game_winner, team_name
from ...sim.simulate import MAX_HANDS, Work, deal

__all__ = ["play_forty_two", "plan_key", "estimate", "hand_strength", "Strength", "bid_limit", "TRICK_VALUE",
           "PARTNER_TRICKS"]


#: Raw points a trick is worth on average (42 in seven tricks).
TRICK_VALUE = 6
#: What the planner counts on its partner for, in tricks.
PARTNER_TRICKS = 1.5


@dataclass(frozen=True)
class Strength:
    """The planning player's judgement of a hand with one choice of trumps,
    part by part (:func:`hand_strength`). Tricks are counted in halves:

    - ``run``: the trumps held in an unbroken run from the top trump down
      (the double first), a sure trick each;
    - ``other_trumps``: the other trumps held, half a trick each;
    - ``doubles``: the doubles that are not trumps, ``double_value`` tricks
      each (one when the hand holds the top trump, or in follow-me; half of
      one otherwise);
    - ``partner``: :data:`PARTNER_TRICKS`, what the partner is counted on for.

    ``tricks`` is their sum, at most seven; ``points`` is ``tricks`` times
    :data:`TRICK_VALUE`, rounded (a whole number: tricks come in halves and
    a trick is six points), the raw points the hand is judged to make."""

    trumps: object
    run: tuple[Tile, ...]
    other_trumps: tuple[Tile, ...]
    doubles: tuple[Tile, ...]
    double_value: float
    partner: float = PARTNER_TRICKS

    @property
    def tricks(self) -> float:
        """The tricks counted, at most seven."""
        return min(self.partner + len(self.run) + 0.5 * len(self.other_trumps)
                   + self.double_value * len(self.doubles), 7)

    @property
    def points(self) -> int:
        """The raw points the hand is judged to make (0-42)."""
        return round(TRICK_VALUE * self.tricks)


def hand_strength(rules: Texas42, hand: Sequence[Tile], trumps) -> Strength:
    """How the planning player judges ``hand`` (seven tiles or fewer) with
    ``trumps`` (a suit 0-6, ``doubles`` or ``follow-me``), part by part: see
    :class:`Strength`. The rule of thumb is this site's own (the sources give
    none); the bidding player of the simulation and the hint of "Play a hand"
    use it, and the page's "judging your hand" shows it.

    >>> from generator.engine.rules import make_variant
    >>> t42 = make_variant({"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7},
    ...                    {"layout": "tricks"})
    >>> s = hand_strength(t42, [Tile(6, 6), Tile(6, 5), Tile(6, 2), Tile(5, 5), Tile(1, 1), Tile(4, 3),
    ...                         Tile(2, 0)], 6)
    >>> [str(t) for t in s.run], [str(t) for t in s.other_trumps], [str(t) for t in s.doubles], s.tricks, s.points
    (['6-6', '5-6'], ['2-6'], ['5-5', '1-1'], 6.0, 36)
    """
    top = False
    run: tuple[Tile, ...] = ()
    others: tuple[Tile, ...] = ()
    if trumps != FOLLOW_ME:
        suit = DOUBLES if trumps == DOUBLES else trumps
        mine = sorted((t for t in hand if rules.is_trump(t, trumps)), key=lambda t: -rules.rank(t, suit))
        every = sorted((t for t in rules.params.tiles if rules.is_trump(t, trumps)), key=lambda t: -rules.rank(t, suit))
        n = 0
        while n < len(mine) and mine[n] == every[n]:
            n += 1
        top = n > 0
        run, others = tuple(mine[:n]), tuple(mine[n:])
    doubles = tuple(t for t in hand if t.is_double and not rules.is_trump(t, trumps))
    return Strength(trumps, run, others, doubles, 1.0 if top or trumps == FOLLOW_ME else 0.5,
                    0.0 if rules.three else PARTNER_TRICKS)


def trick_estimate(rules: Texas42, hand: Sequence[Tile]) -> tuple[float, object]:
    """A game of three (Moon): the best ``(tricks, trumps)`` of ``hand``
    over the trumps the game allows, :func:`hand_strength`'s tricks with no
    partner to count on (halves of a trick; at most seven)."""
    best: tuple[float, object] = (-1.0, None)
    for trumps in rules.trump_options():
        n = hand_strength(rules, hand, trumps).tricks
        if n > best[0]:
            best = (n, trumps)
    return best


def _strength(rules: Texas42, hand: Sequence[Tile], trumps) -> int:
    """The raw points :func:`hand_strength` judges ``hand`` to make with ``trumps``."""
    return hand_strength(rules, hand, trumps).points


def estimate(rules: Texas42, hand: Sequence[Tile]) -> tuple[int, object]:
    """The best ``(strength, trumps)`` of ``hand`` over the trumps the game
    allows: raw points (:func:`hand_strength`) and what to name."""
    best = (-1, None)
    for trumps in rules.trump_options():
        s = _strength(rules, hand, trumps)
        if s > best[0]:
            best = (s, trumps)
    return best


def bid_limit(rules: Texas42, hand: Sequence[Tile]) -> Bid | None:
    """The highest bid the planning player makes with ``hand``: its
    :func:`estimate` in points (30-41), one mark (42) for a hand judged to
    take every point, or ``None`` below the lowest bid (it passes unless it
    is the shaker forced to bid). It bids the lowest bid that beats the bid
    before it, up to this limit (:func:`plan_key`).

    >>> from generator.engine.rules import make_variant
    >>> t42 = make_variant({"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7},
    ...                    {"layout": "tricks"})
    >>> bid_limit(t42, [Tile(6, 6), Tile(6, 5), Tile(6, 2), Tile(5, 5), Tile(1, 1), Tile(4, 3), Tile(2, 0)])
    Bid(value=36, contract='points')
    """
    points = min(estimate(rules, hand)[0], HAND_POINTS)
    if points < rules.min_bid:
        return None
    return Bid(points, "marks") if points == HAND_POINTS else Bid(points)


def plan_key(rules: Texas42, state: Deal):
    """The key by which the planning player ranks what ``state.plays_for``
    lists (the largest wins): bids, trumps or tiles, by the phase."""
    seat = state.current
    hand = state.hands[seat]
    count = (lambda t: 0) if rules.three else count_of          # Moon has no count tiles
    if state.phase == "bid" and rules.three:
        tricks = trick_estimate(rules, hand)[0]

        def trick_bid_key(bid: Bid):                # the lowest bid its tricks cover; the moon for seven
            if bid.is_pass:
                return (0, 0)
            if bid.contract == "moon":
                return (2, 0) if tricks >= 7 else (-1, -bid.value)
            return (1 if bid.value <= tricks else -1, -bid.value)

        return trick_bid_key
    if state.phase == "discard":                    # keep its best trumps and doubles: discard the lightest other
        best = trick_estimate(rules, hand)[1] if rules.three else estimate(rules, hand)[1]
        return lambda t: (not rules.is_trump(t, best), not t.is_double, -t.pips)
    if state.phase == "bid":
        strength = min(estimate(rules, hand)[0], 42)

        def bid_key(bid: Bid):
            if bid.is_pass:
                return (0, 0)
            if bid.contract in ("nello", "plunge", "splash"):
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
            return (t is top, t.is_double and not rules.is_trump(t, trumps), -count(t), -t.pips)

        return lead_key
    i = rules.trick_winner(played, trumps, contract)
    leading = state.trick[i][0]
    partner_wins = leading == state.partner(seat)

    def wins(t: Tile) -> bool:
        return rules.trick_winner(played + [t], trumps, contract) == len(played)

    def follow_key(t: Tile):
        if partner_wins:
            return (count(t), -t.pips)
        if wins(t):
            return (1, count(t), -rules.rank(t, rules.suit_led(t, trumps, contract)))
        return (0, -count(t), -t.pips)

    return follow_key


def play_forty_two(rules: Texas42, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A whole game: hands until a team reaches ``rules.marks_to_win``; its
    record as :func:`generator.sim.simulate.play_game` gives it: per hand the
    ``tiles`` played, ``points`` (the winning bid, in points: 42 a mark),
    ``blocked`` (the bid was set), ``first_won`` (the bidding team won the
    hand) and ``team_points`` (each team's raw points: 42 in all); a hand
    thrown in (every seat passed, ``all_pass: reshake``) is shaken again and
    not counted. A game of three (Moon) is played to ``params.target``
    points (:func:`~generator.families.tricks.rules.game_winner`), the tile
    left after the deal its widow; its ``points`` are the winning bid in
    tricks (the moon: seven) and ``team_points`` each seat's points in the hand."""
    if rules.three:
        return _play_three(rules, names, seat_bot, rng, work)
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


def _play_three(rules: Texas42, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work) -> dict:
    """A game of three (Moon) for :func:`play_forty_two`."""
    seats = list(names)[:3] if len(names) == 3 else list(rules.seats)
    scores = {p: 0 for p in seats}
    shaker = seats[rng.randrange(3)]
    record = []
    for _ in range(MAX_HANDS):
        hands, widow = deal(rules, seats, rng)
        state = Deal(rules, seats, hands, shaker, widow)
        spent = work.spent
        while state.end is None:
            p = state.current
            work.spent += 1 + len(state.hands[p])
            action = seat_bot[p](rules, state, p, rng)
            if action == "pass":
                action = PASS
            state.push(p, action)
        shaker = state._next(shaker)
        if state.end == "thrown-in":
            continue
        r = state.result
        for p, v in r.scores.items():
            scores[p] += v
        record.append({"tiles": sum(len(tr.plays) for tr in state.tricks), "points": min(r.bid.value, 7),
                       "blocked": not r.made, "first_won": r.made, "team_points": dict(r.scores),
                       "work": work.spent - spent, "bidder": r.bidder})
        won = game_winner(rules, scores, r.bidder)
        if won is not None:
            return {"hands": record, "winners": [won], "finished": True}
        if work.out:
            return {"hands": record, "winners": [], "finished": False}
    return {"hands": record, "winners": [], "finished": False}
