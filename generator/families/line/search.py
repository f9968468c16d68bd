"""What a seat cannot see in a hand of a line of play, for the ``hard``
level's search (:mod:`generator.sim.search`): the other hands and the stock,
and what the passes and forced draws prove (a player who passed, or drew
because no tile fitted, held no tile that fitted the open ends then; the
tiles it drew after that may be anything); and its exact endgame
(:func:`choose_exact`): once few tiles are left and nothing can be drawn,
every sampled deal is searched to the end of the hand (:func:`solve`)
instead of played out by the ``normal`` player."""

from __future__ import annotations


from .rules.layout import Layout
from ...engine.rulebase import side_of

__all__ = ["hidden", "redeal", "outcome", "EXACT_TILES", "endgame", "solve", "choose_exact"]

#: The name of the place holding the tiles a player drew after its last pass or forced draw.
DRAWN = "{}/drawn"


def hidden(variant, state, seat: str):
    """``(pool, places, forbidden)`` for ``seat`` in the Hand ``state``
    (:meth:`generator.engine.family.Family.hidden`). Reads of the events
    only who moved, the kind of move and the table after a play, never the
    tile a draw took."""
    seen = set(state.hands[seat]) | set(state.layout.tiles)
    pool = sorted(t for t in variant.params.tiles if t not in seen)
    optional = variant.draw_mode == "optional"
    layout = Layout()
    last: dict = {}                  # player -> the table at its last pass or forced draw
    after: dict = {}                 # player -> tiles drawn since then
    for ev in state.events:
        p = ev.player
        if ev.kind == "play":
            layout = ev.placement.layout
        elif ev.kind == "pass" or (ev.kind == "draw" and not optional):
            last[p] = layout
            after[p] = 1 if ev.kind == "draw" else 0
        elif ev.kind == "draw" and p in after:
            after[p] += 1
    places, forbidden = [], {}
    for p in state.players:
        if p == seat:
            continue
        n = len(state.hands[p])
        free = min(after.get(p, 0), n)
        places.append((p, n - free))
        if free:
            places.append((DRAWN.format(p), free))
        if p in last and last[p]._n:
            table = last[p]
            forbidden[p] = frozenset(t for t in pool if variant.can_play_any(table, (t,)))
    places.append(("stock", len(state.stock)))
    return pool, places, forbidden


def redeal(variant, state, seat: str, dealt):
    """A copy of the Hand ``state`` whose other hands and stock are ``dealt``."""
    s = state.copy()
    hands = {}
    for p in state.players:
        hands[p] = list(state.hands[p]) if p == seat else dealt.get(p, []) + dealt.get(DRAWN.format(p), [])
    s.hands = hands
    s.stock = list(dealt.get("stock", []))
    s.scores = dict(state.scores)
    s.events = list(state.events)
    s._legal = None
    s._snapshot = None
    s._held = [0] * len(state._held)
    for ts in hands.values():
        s._hold(ts, 1)
    return s


def outcome(variant, state, seat: str) -> float:
    """For ``seat``'s side in the ended Hand ``state``: one for the hand won,
    one more for the game won, and the lead in displayed points over the
    best other side, in hundredths (or parts of the target, if larger)."""
    side = side_of(seat, state.sides)
    won = state.settlement.winners if state.settlement is not None else state.game_winners
    scores = state.scores
    best_other = max((v for s, v in scores.items() if s != side), default=0)
    scale = max(100, variant.params.target or 0)
    return (side in won) + (side in state.game_winners) + (scores.get(side, 0) - best_other) / scale


#: The exact endgame (:func:`choose_exact`) is searched when the hands hold this many tiles or fewer
#: in all and nothing can be drawn. Measured on partnership Block (15 games by the normal player, a
#: sampled deal solved for every move at each decision): at 14 tiles a deal's solve cost 747 work
#: units on average, 1,462 at the 90th percentile and 2,753 at most, so even the strength bench's
#: budget of 3,000 units solves the worst deal seen and the simulation's 12,000 about 16 deals; at
#: 16 tiles the mean was 2,517 and the most 10,345 (at 12: 291 and 1,175).
EXACT_TILES = 14


class _Over(Exception):
    """The exact search of one sample ran past its share of the work."""


def _clone(state):
    """A copy of the Hand ``state`` that can be played on without changing ``state`` (its hands,
    stock, scores and counts of numbers held its own; its history empty: nothing in a searched line
    of play reads it). The list of legal plays last made for ``state`` stays valid for the copy."""
    if hasattr(state, "__dict__"):          # the engine in Python (the browser's): no constructor run
        s = object.__new__(type(state))
        s.__dict__.update(state.__dict__)
    else:                                   # the compiled engine
        s = state.copy()
    s.hands = {p: list(ts) for p, ts in state.hands.items()}
    s.stock = list(state.stock)
    s.scores = dict(state.scores)
    s.events = []
    s._held = list(state._held)
    return s


def endgame(variant, state) -> bool:
    """Whether the Hand ``state`` is small enough for the exact search: nothing can be drawn and the
    hands hold at most :data:`EXACT_TILES` tiles in all."""
    return (state.end is None and state.must_play is None
            and not (variant.draw_mode != "none" and state.drawable)
            and sum(len(ts) for ts in state.hands.values()) <= EXACT_TILES)


def solve(variant, state, seat: str, cost: list, cap: int, alpha: float = float("-inf"),
          beta: float = float("inf")) -> float:
    """The exact value of the Hand ``state`` for ``seat``'s side (:func:`outcome`, the family's
    units) with every hand known and nothing left to draw: alpha-beta over the line of play, the
    seat's side (partners included) maximising, every other player minimising (with more than two
    sides, the others as if they played together against the seat). The plays are tried in the
    ``normal`` player's order (most points now, then the heaviest tile), which cuts the most. Each
    decision adds one unit and one per tile of the hand that decides (the simulation's count) to
    ``cost[0]``; raises :class:`_Over` once ``cost[0]`` passes ``cap``. The value is exact inside
    the window (``alpha``, ``beta``), else a bound on the side that cut. ``state`` is left as it
    was."""
    if state.end is not None:
        return outcome(variant, state, seat)
    p = state.current
    cost[0] += 1 + len(state.hands[p])
    if cost[0] > cap:
        raise _Over
    plays = state.plays_for(p)
    if not plays:
        child = _clone(state)
        child.pass_(p)
        return solve(variant, child, seat, cost, cap, alpha, beta)
    layout, place = state.layout, variant.play_placement
    placed = [(place(layout, pl), pl) for pl in plays]
    placed.sort(key=lambda xp: (xp[0].points, xp[1].tile.pips), reverse=True)   # stable: the first of equals first
    sides = state._side
    mine = sides[p] == sides[seat]
    best = float("-inf") if mine else float("inf")
    for placement, play in placed:
        child = _clone(state)
        child._played(p, play.tile, placement)          # a listed play: its placement made once, as push makes it
        val = solve(variant, child, seat, cost, cap, alpha, beta)
        if mine:
            if val > best:
                best = val
                if best > alpha:
                    alpha = best
        elif val < best:
            best = val
            if best < beta:
                beta = best
        if alpha >= beta:
            break
    return best


def choose_exact(variant, state, seat: str, moves: list, rng, budget: int, samples: int):
    """The ``hard`` player's choice in an endgame (:func:`endgame`), as a
    :class:`generator.sim.search.Choice`, or ``None`` elsewhere (the search then plays samples out
    with the ``normal`` player). Deals the unseen tiles as the search does
    (:func:`generator.sim.search.assign`, the same constraints), solves each sampled deal exactly
    for every move (:func:`solve`: the side's best result against the others' best, every hand
    known) and keeps the move best on average, ties to the earlier (the normal player's first).
    The same bounds as the play-outs: at most ``samples`` deals, no new one once ``budget`` units
    are spent; a deal's solve may spend what is left of the budget, or a quarter of the budget if
    less is left, and a deal whose solve runs past that is played out by the normal player instead,
    for every move (so a choice spends at most a quarter more than ``budget``, and one deal's
    play-outs). Deterministic: the same ``rng`` gives the same choice. Never reads a hidden hand:
    only the seat's own tiles, the table, the history and the sampled deals.

    The exact search of sampled deals is what the ``dominoes`` package's ``probabilistic_alphabeta``
    does (PyPI, 6.1.0, its players module) from a move on; here it starts when few tiles are left."""
    from ...sim.search import Choice, _play_out, act, sampled_deals

    if not endgame(variant, state):
        return None
    totals = [0.0] * len(moves)
    work = [0]
    worlds = last = 0
    for last, dealt in sampled_deals(variant, state, seat, rng, budget, samples, work):
        world = redeal(variant, state, seat, dealt)
        values = []
        cap = work[0] + max(budget - work[0], budget // 4)
        try:
            for move in moves:
                child = _clone(world)
                work[0] += 1 + len(state.hands[seat])
                act(child, seat, move)
                values.append(solve(variant, child, seat, work, cap))
        except _Over:
            values = []
            for move in moves:
                child = _clone(world)
                act(child, seat, move)
                _play_out(variant, child, work)
                values.append(outcome(variant, child, seat))
        for i, val in enumerate(values):
            totals[i] += val
        worlds += 1
    means = tuple(t / worlds for t in totals)
    best = max(range(len(moves)), key=lambda i: (means[i], -i))
    return Choice(moves[best], tuple(moves), means, worlds, work[0], last)
