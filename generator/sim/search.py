"""The ``hard`` level's search: determinized playouts that never read a hidden hand.

A seat that must choose sees its own hand, the table, the moves made (plays,
passes, draws: how many tiles each player drew, not which) and how many tiles
every other hand and the stock hold. :func:`sample_world` deals the tiles it
has not seen (the pool) at random into the places it cannot see (the other
hands, the stock), keeping each place's size and what the history proves:
a player who passed, or drew because nothing fitted, held no tile that fitted
the open ends then (a line of play); a player who did not follow suit holds
none of that suit (a game of tricks). Each family says what is hidden and how
a sampled world is rebuilt (:meth:`generator.engine.family.Family.hidden`,
:meth:`~generator.engine.family.Family.redeal`). :func:`choose` then plays
every candidate move in the same sampled worlds (common samples), plays each
world out to the end of the hand (or round) with the ``normal`` player in
every seat, and keeps the move whose outcome
(:meth:`~generator.engine.family.Family.outcome`: for the deciding seat's
side, partners included) is best on average. A family may weigh the moves
its own way (:meth:`~generator.engine.family.Family.search_choice`): Texas
42's bidder by its chance of making each bid, and a line of play, once few
tiles are left and nothing can be drawn, by searching every sampled deal
exactly to the end of the hand instead of playing it out
(:func:`generator.families.line.search.choose_exact`).

Its cost is bounded in :class:`~generator.sim.simulate.Work` units (one per
decision plus one per tile in the deciding hand, as the simulation counts
them), not in seconds, so a seed gives the same choice on every machine:
at most :data:`HARD_SAMPLES` sampled worlds, and no new one once
:data:`HARD_WORK` units are spent (the last world started is finished, so one
choice spends at most ``HARD_WORK`` plus one world's playouts).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Mapping, Sequence

from ..engine.family import family_of

__all__ = ["HARD_WORK", "HARD_SAMPLES", "MAX_TRIES", "Choice", "sample_world", "assign", "choose", "candidates",
           "normal_choice", "act"]

#: Work units after which the search starts no new sampled world (one choice).
HARD_WORK = 12_000
#: Sampled worlds at most per choice.
HARD_SAMPLES = 24
#: Shuffles tried per sample before the pass and suit constraints are dropped (a bound on the work
#: of a sample; with the constraints a seat can have seen, a shuffle nearly always fits at once).
MAX_TRIES = 40


def normal_choice(variant, state, player: str):
    """The ``normal`` player's move (the simulation's ``greedy`` player,
    :func:`generator.sim.simulate.greedy_bot`, which gives the same move):
    the largest play by the family's
    :meth:`~generator.engine.family.Family.greedy_key`, the first of equals;
    ``"draw"`` or ``"pass"`` when nothing can be played. Kept here, below the
    simulation, so that the simulation can name the levels."""
    plays = state.plays_for(player)
    if not plays:
        return "draw" if state.may_draw(player) else "pass"
    return max(plays, key=family_of(variant.family).greedy_key(variant, state))


def act(state, player: str, action) -> None:
    """Apply ``action`` by the turn protocol every family's state shares
    (as the simulation's game loop does): ``"draw"``, ``"pass"``, or a play
    as ``plays_for`` lists it."""
    if type(action) is str and action == "draw":
        state.draw(player)
    elif type(action) is str and action == "pass":
        state.pass_(player)
    else:
        state.push(player, action)


def _play_out(variant, state, cost: list) -> None:
    """Play ``state`` to its end with the ``normal`` player in every seat,
    adding each decision's cost (one, and one per tile of the hand) to ``cost[0]``."""
    hands = state.hands
    while state.end is None:
        p = state.current
        cost[0] += 1 + len(hands[p])
        act(state, p, normal_choice(variant, state, p))


@dataclass(frozen=True)
class Choice:
    """What :func:`choose` decided: ``move`` (as ``plays_for`` lists it, or
    ``"draw"``/``"pass"``), the ``moves`` it weighed with their mean outcome
    ``means`` (the family's outcome units, higher is better for the deciding
    side; where the family weighs the moves its own way,
    :meth:`~generator.engine.family.Family.search_choice`, what it says: Texas
    42's bidder gives each bid's chance of being made), the number of sampled ``worlds``, the ``work`` units spent and
    ``last``, the units spent when the last world was started (below the
    budget unless it was the first)."""

    move: object
    moves: tuple
    means: tuple[float, ...]
    worlds: int
    work: int
    last: int = 0


def assign(pool: Sequence, places: Sequence[tuple[str, int]], forbidden: Mapping[str, frozenset],
           rng: random.Random) -> dict[str, list]:
    """Deal ``pool`` (tiles, in a fixed order) at random into ``places``
    (``(name, count)`` pairs whose counts add up to ``len(pool)``), no place
    getting a tile of its ``forbidden`` set. The most constrained places are
    filled first from one shuffle; a shuffle that cannot fit them is tried
    again, :data:`MAX_TRIES` times at most, after which the constraints are
    dropped (they come from a history that rules out no deal, so this is a
    bound, not a case met in play). Returns name -> tiles. Raises
    ``ValueError`` when the counts do not add up to the pool."""
    if sum(n for _, n in places) != len(pool):
        raise ValueError(f"{sum(n for _, n in places)} hidden places for {len(pool)} unseen tiles")
    order = sorted(places, key=lambda pn: -len(forbidden.get(pn[0], ())))     # stable: the given order for equals
    for _ in range(MAX_TRIES):
        tiles = list(pool)
        rng.shuffle(tiles)
        out: dict[str, list] = {}
        for name, n in order:
            bad = forbidden.get(name, ())
            got = [t for t in tiles if t not in bad][:n] if bad else tiles[:n]
            if len(got) < n:
                break
            out[name] = got
            if bad:
                taken = set(got)
                tiles = [t for t in tiles if t not in taken]
            else:
                tiles = tiles[n:]
        else:
            return out
    tiles = list(pool)
    rng.shuffle(tiles)
    out, i = {}, 0
    for name, n in places:
        out[name] = tiles[i:i + n]
        i += n
    return out


def sample_world(variant, state, seat: str, rng: random.Random):
    """A copy of ``state`` (a hand, round or deal of ``variant``'s family)
    in which every tile ``seat`` has not seen is dealt afresh at random,
    consistently with what ``seat`` saw (see the module's docstring). The
    copy depends only on what ``seat`` saw and on ``rng``, never on the
    hidden tiles of ``state``."""
    fam = family_of(variant.family)
    pool, places, forbidden = fam.hidden(variant, state, seat)
    return fam.redeal(variant, state, seat, assign(pool, places, forbidden, rng))


def sampled_deals(variant, state, seat: str, rng: random.Random, budget: int, samples: int, work: list):
    """The hidden tiles ``seat`` has not seen, dealt afresh for each sampled
    world (:func:`assign`, seeded by ``rng``): yields ``(units, dealt)``, the
    work units spent (``work[0]``, which the caller adds to) when the deal was
    made and the deal; at most ``samples`` deals, and none after the first
    once ``budget`` units are spent. Every search of the hard level (this
    module's :func:`choose`, a family's own ``search_choice``) samples so."""
    pool, places, forbidden = family_of(variant.family).hidden(variant, state, seat)
    worlds = 0
    while worlds < samples and (worlds == 0 or work[0] < budget):
        yield work[0], assign(pool, places, forbidden, rng)
        worlds += 1


def candidates(variant, state, seat: str) -> list:
    """The moves the search weighs for ``seat``: the legal plays (as the
    family narrows them, :meth:`~generator.engine.family.Family.search_moves`),
    the ``normal`` player's choice first, and ``"draw"`` where drawing is
    allowed beside a play; ``"draw"`` or ``"pass"`` alone when nothing can
    be played."""
    plays = list(state.plays_for(seat))
    if not plays:
        return ["draw" if state.may_draw(seat) else "pass"]
    first = normal_choice(variant, state, seat)
    moves = [first] + [m for m in family_of(variant.family).search_moves(variant, state, seat, plays) if m != first]
    if state.may_draw(seat):
        moves.append("draw")
    return moves


def choose(variant, state, seat: str, rng: random.Random, budget: int = HARD_WORK,
           samples: int = HARD_SAMPLES) -> Choice:
    """The ``hard`` player's choice for ``seat`` in ``state`` (its turn):
    the candidate move (:func:`candidates`) with the best mean outcome over
    sampled worlds (:func:`sample_world`), each played out by the ``normal``
    player; ties go to the earlier candidate (the ``normal`` choice first).
    A family may weigh the moves its own way instead
    (:meth:`~generator.engine.family.Family.search_choice`, given the same
    seeded stream and bounds). Draws one number from ``rng`` (its own stream seeds the samples), so the
    game's stream moves on the same whatever the search does. ``budget``
    (work units) and ``samples`` bound the search (module docstring)."""
    seed = rng.getrandbits(64)
    moves = candidates(variant, state, seat)
    if len(moves) == 1:
        return Choice(moves[0], tuple(moves), (0.0,), 0, 0, 0)
    fam = family_of(variant.family)
    local = random.Random(seed)
    own = fam.search_choice(variant, state, seat, moves, local, budget, samples)
    if own is not None:
        return own
    totals = [0.0] * len(moves)
    work = [0]
    worlds = last = 0
    for last, dealt in sampled_deals(variant, state, seat, local, budget, samples, work):
        for i, move in enumerate(moves):
            world = fam.redeal(variant, state, seat, dealt)
            work[0] += 1 + len(state.hands[seat])
            act(world, seat, move)
            _play_out(variant, world, work)
            totals[i] += fam.outcome(variant, world, seat)
        worlds += 1
    means = tuple(t / worlds for t in totals)
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    return Choice(moves[best], tuple(moves), means, worlds, work[0], last)
