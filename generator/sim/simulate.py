"""Whole games through the engine: built-in players, seeded simulation and the
figures the pages and ``rulebook simulate`` print.

Every game is played by its family's game loop
(:meth:`generator.engine.family.Family.play_game`, in the family's folder) on
the same state machine the pages use, from the deal to the game's end: every
hand up to the target (one hand where the hand is the game), or every round
of a match. The players here (:data:`BOTS`) and the helpers of the loops
(:func:`play_out`, :func:`deal`, :func:`play_rounds`) serve every family. The same
seed gives the same games on every machine, whatever the number of cores:
every choice iterates in a fixed order, and all randomness comes from seeded
``random.Random`` streams. ``streams="single"`` (the pages' figures) draws
every game from one stream seeded with ``seed``, so its games are played one
after another; ``streams="per-game"`` (``rulebook simulate``) gives game ``i``
(from 0) a stream of its own, seeded with ``f"{seed}/{i}"``, so games can be
spread over processes (``jobs``) and their records merged in game order.

>>> from generator.model import Catalog, find_rules_dir
>>> v = Catalog(find_rules_dir()).variant("draw").rules
>>> s = simulate(v, players=2, games=5, seed=1)
>>> s["games"], s["hands"]
(5, 5)
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import count
from typing import Callable, Generator, Sequence

from ..engine.rulebase import Rules
from ..engine.tiles import Tile
from ..base.processes import in_order
from ..engine.family import family_of

__all__ = ["BOTS", "named_players", "STREAMS", "MAX_HANDS", "Work", "simulate", "play_game", "play_out", "play_rounds", "deal",
           "random_bot", "greedy_bot", "rules_spec"]

#: Seat names by number of players.
SEATS = {2: ["N", "S"], 3: ["N", "E", "W"], 4: ["N", "E", "S", "W"]}
#: Hands after which a game is stopped (a safety net; never reached in practice).
MAX_HANDS = 500
#: The ways of seeding a simulation (see the module's docstring).
STREAMS = ("single", "per-game")
#: Games per piece of work sent to a process under ``streams="per-game"``: enough to make
#: the cost of sending it small, few enough to keep every core busy to the end.
CHUNK = 32


def rules_spec(variant: Rules) -> tuple:
    """What rebuilds ``variant`` in another process: ``(params, choices, id)``
    for :func:`generator.engine.rules.make_variant`, which makes every game's
    rules (house rules included)."""
    return (variant.params, variant.choices, variant.id)


def _rebuild(spec: tuple) -> Rules:
    from ..engine.rules import make_variant

    params, choices, vid = spec
    return make_variant(params, choices, vid)


def _seats(n: int) -> list[str]:
    return SEATS.get(n) or [f"P{i + 1}" for i in range(n)]


def random_bot(variant: Rules, state, player: str, rng: random.Random):
    """A uniformly random legal action: a play (``Play`` or ``(tile, train)``),
    ``"draw"`` or ``"pass"``; drawing counts as one of the choices when the
    rules allow it beside a play (Sniff)."""
    plays = state.plays_for(player)
    if state.may_draw(player):
        return rng.choice([*plays, "draw"])
    return rng.choice(plays) if plays else "pass"


def greedy_bot(variant: Rules, state, player: str, rng: random.Random):
    """The play that scores most now (displayed points), then the heaviest
    tile, then the first in the engine's order; draws only when it must."""
    plays = state.plays_for(player)
    if not plays:
        return "draw" if state.may_draw(player) else "pass"
    return max(plays, key=family_of(variant.family).greedy_key(variant, state))    # the first of equals


#: The built-in players by name.
BOTS: dict[str, Callable] = {"random": random_bot, "greedy": greedy_bot}


def named_players() -> dict[str, Callable]:
    """Every player ``simulate`` knows by name: :data:`BOTS` and the levels
    (``easy``, ``normal``, ``hard``: :data:`generator.sim.levels.LEVELS`)."""
    from .levels import LEVELS            # the levels build on the players above

    return {**BOTS, **LEVELS}


def _act(state, player: str, action) -> None:
    """Apply a player's ``action`` by the turn protocol every family's state
    shares: a play as ``plays_for`` lists it (``push``), ``"draw"`` or ``"pass"``."""
    if type(action) is not str:             # a play as the state lists it
        state.push(player, action)
    elif action == "draw":
        state.draw(player)
    elif action == "pass":
        state.pass_(player)
    else:
        state.push(player, action)


class Work:
    """The work a simulation has done, in units of one decision plus one per
    tile in the deciding player's hand (what a player's choice costs: every
    tile of the hand is tried at every open end), against an optional limit.

    A limit makes a simulation stop after the hand in which it runs out, so
    that a game of a huge set or an endless match cannot hang a build; the
    units count decisions, not seconds, so the same seed stops at the same
    hand on every machine."""

    __slots__ = ("spent", "limit")

    def __init__(self, limit: int | None = None):
        self.spent = 0
        self.limit = limit

    @property
    def out(self) -> bool:
        """Whether the limit is reached."""
        return self.limit is not None and self.spent >= self.limit


def play_out(variant: Rules, state, seat_bot: dict, rng: random.Random, work: Work) -> int:
    """Let each seat's player move until ``state`` (a Hand or a Round) ends;
    returns how many tiles were placed, and adds each decision's cost to ``work``."""
    placed = 0
    hands = state.hands
    while state.end is None:
        p = state.current
        work.spent += 1 + len(hands[p])
        action = seat_bot[p](variant, state, p, rng)
        _act(state, p, action)
        placed += type(action) is not str     # a play, not "draw" or "pass"
    return placed


def deal(variant: Rules, names: Sequence[str], rng: random.Random, exclude: Tile | None = None):
    """Shuffle the set (less ``exclude``, a round's engine) and deal each of
    ``names`` its hand; returns ``(hands, stock)`` (seat -> tiles, the rest)."""
    tiles = [t for t in variant.params.tiles if t != exclude]
    rng.shuffle(tiles)
    size = variant.params.deal[len(names)]
    hands = {p: tiles[i * size:(i + 1) * size] for i, p in enumerate(names)}
    return hands, tiles[len(names) * size:]


def play_rounds(variant: Rules, names: Sequence[str], seat_bot: dict, rng: random.Random, work: Work,
                rounds: int, double_of: Callable[[int], Tile], new_round: Callable, settle: Callable) -> dict:
    """A match of ``rounds`` rounds, each started from its own double set out
    before the deal (Mexican Train's engine, Chicken Foot's centre), as the
    trains and the tree play them. ``double_of(r)`` is round ``r``'s double
    (1-based), ``new_round(hands, stock, double, first)`` makes the round's
    state, ``settle(penalties, first0)`` adds up the rounds' penalties
    (player -> points) into a result with ``winners``; the first turn moves
    one seat each round (``variant.first_player``). Returns the record
    :func:`play_game` gives: a round is a "hand", its ``points`` the round's
    penalty points, ``first_won`` whether the round's first player had the
    fewest; a match cut short by ``work`` is not ``finished``."""
    first0 = names[rng.randrange(len(names))]
    record, penalties = [], []
    for r in range(1, rounds + 1):
        double = double_of(r)
        hands, stock = deal(variant, names, rng, exclude=double)
        first = variant.first_player(names, first0, r)
        rnd = new_round(hands, stock, double, first)
        spent = work.spent
        placed = play_out(variant, rnd, seat_bot, rng, work)
        pen = rnd.penalties
        penalties.append(pen)
        record.append({"tiles": placed, "points": sum(pen.values()), "blocked": rnd.end == "blocked",
                       "first_won": pen[first] == min(pen.values()), "work": work.spent - spent})
        if work.out and r < rounds:
            return {"hands": record, "winners": [], "finished": False}
    return {"hands": record, "winners": list(settle(penalties, first0).winners), "finished": True}


def play_game(variant: Rules, names: Sequence[str], bots: Sequence[Callable], rng: random.Random,
              teams: Sequence[Sequence[str]] | None = None, work: Work | None = None) -> dict:
    """Play one complete game; return its record: ``hands`` (one dict per hand:
    ``tiles`` placed, ``points`` scored in play and settlement, ``blocked``,
    ``first_won`` -- whether the side of the hand's first player won it,
    ``work`` -- the :class:`Work` units it took),
    ``winners`` and ``finished`` (false when ``work`` ran out first: the game
    stopped after its last hand in ``hands``)."""
    seat_bot = dict(zip(names, bots))
    work = work if work is not None else Work()
    return family_of(variant.family).play_game(variant, names, seat_bot, rng, teams, work)


def simulate(variant: Rules, players: int, games: int = 100, seed: int = 0, partners: bool = False,
             bots: Sequence[str] = ("greedy", "random"), progress: Callable[[int, float], None] | None = None,
             min_hands: int = 0, max_work: int | None = None, streams: str = "single", jobs: int = 1) -> dict:
    """Play ``games`` seeded games and return every figure: counts, means and
    distributions of hands per game, tiles placed per hand, points per hand
    (in play and settlement; penalty pips for Mexican Train), the block rate,
    how often the hand's first player (in partnerships, their side) wins it, and game lengths.

    ``bots`` are cycled over the seats. With ``min_hands``, games go on
    (past ``games``) until at least that many hands were played. With
    ``max_work`` (in :class:`Work` units), the simulation stops after the
    hand in which that much work is done, whatever ``games`` and
    ``min_hands`` ask: the figures then hold the hands played (a game left
    unfinished counts for its hands, not as a game), and ``cut_short`` is
    true. ``streams`` is how games are seeded (:data:`STREAMS`, see the
    module's docstring); with ``"per-game"``, ``jobs`` processes play the
    games (the figures are the same for any ``jobs``). ``progress`` is
    called after each game with the number of games played so far and the
    share of the simulation done (0 to 1): of the hands (or games) asked,
    or of the work limit, whichever is nearer its end. Raises ``ValueError``
    for a player count (or partnership) the variant does not offer, an
    unknown player or an unknown ``streams``, and :class:`NoStandingDeal`
    (a ``ValueError``) for rules whose deals are all thrown in.
    """
    names = _seats(players)
    teams = None
    if partners:
        if players not in variant.params.partnerships:
            raise ValueError(f"{variant.id} has no partnership game for {players} players")
        half = players // 2
        teams = [[names[i], names[i + half]] for i in range(half)] if players != 4 else [["N", "S"], ["E", "W"]]
    elif players not in variant.params.players:
        if not variant.params.players:
            raise ValueError(f"{variant.id} is played only in partnerships, by "
                             f"{', '.join(map(str, variant.params.partnerships))} players")
        raise ValueError(f"{variant.id} is played by {', '.join(map(str, variant.params.players))} players")
    known = named_players()
    unknown = [b for b in bots if b not in known]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; the built-in players are {', '.join(known)}")
    if streams not in STREAMS:
        raise ValueError(f"streams: {streams!r} is not one of {', '.join(STREAMS)}")
    seat_names = tuple(bots[i % len(bots)] for i in range(players))
    lengths: list[int] = []
    tiles: list[int] = []
    points: list[int] = []
    blocked = first_won = 0
    wins: Counter = Counter()
    g = played = 0
    work = Work(max_work)
    records: Generator[dict, None, None]
    if streams == "single":
        records = _one_stream(variant, names, seat_names, teams, seed, work)
    else:
        records = _per_game(variant, names, seat_names, teams, seed, max_work, jobs,
                            None if min_hands else games)
    try:
        while (played < games or len(tiles) < min_hands) and not work.out:
            rec = next(records)
            if streams != "single":
                rec = _cut(rec, work)
            played += 1
            if rec["finished"]:
                g += 1
                lengths.append(len(rec["hands"]))
            for h in rec["hands"]:
                tiles.append(h["tiles"])
                points.append(h["points"])
                blocked += h["blocked"]
                first_won += h["first_won"]
            for w in rec["winners"]:
                wins[w] += 1
            if progress is not None:
                asked = len(tiles) / min_hands if min_hands else played / max(1, games)
                progress(played, min(1.0, max(asked, work.spent / max_work if max_work else 0.0)))
    finally:
        records.close()
    n = len(tiles)
    import statistics               # (here: the player, which never summarises, need not import it)

    def dist(values):
        return {str(k): v for k, v in sorted(Counter(values).items())}

    out = {
        "variant": variant.id, "players": players, "partners": partners, "bots": list(bots), "seed": seed,
        "games": g, "hands": n,
        "hands_per_game": {"mean": round(statistics.fmean(lengths), 3) if lengths else None,
                           "distribution": dist(lengths)},
        "tiles_per_hand": {"mean": round(statistics.fmean(tiles), 3), "distribution": dist(tiles)},
        "points_per_hand": {"mean": round(statistics.fmean(points), 3), "max": max(points)},
        "block_rate": round(blocked / n, 4),
        "first_player_wins": round(first_won / n, 4),
        "game_winners": dict(sorted(wins.items())),
    }
    if work.out:
        out["cut_short"] = True
    return out


def _one_stream(variant: Rules, names, seat_names, teams, seed: int, work: Work) -> Generator[dict, None, None]:
    """Game records drawn one after another from one stream (``streams="single"``),
    every game spending from the same ``work``."""
    rng = random.Random(seed)
    seat_bots = [named_players()[b] for b in seat_names]
    while True:
        yield play_game(variant, names, seat_bots, rng, teams, work)


def _games(rules, names, seat_names, teams, seed: int, first: int, n: int, max_work: int | None) -> list[dict]:
    """The records of games ``first`` .. ``first + n - 1`` under
    ``streams="per-game"``, each with a stream and a work limit of its own
    (``rules`` is a :class:`Rules` or its :func:`rules_spec`, as sent to
    a process)."""
    variant = rules if isinstance(rules, Rules) else _rebuild(rules)
    seat_bots = [named_players()[b] for b in seat_names]
    return [play_game(variant, names, seat_bots, random.Random(f"{seed}/{i}"), teams, Work(max_work))
            for i in range(first, first + n)]


def _per_game(variant: Rules, names, seat_names, teams, seed: int, max_work: int | None, jobs: int,
              total: int | None) -> Generator[dict, None, None]:
    """Game records in game order under ``streams="per-game"``: played here,
    or by ``jobs`` processes in pieces of :data:`CHUNK` games, a few pieces
    ahead of what has been read (``total``: how many games at most, when
    known)."""
    if jobs <= 1 or (total is not None and total <= CHUNK):
        for i in range(total) if total is not None else count():
            yield from _games(variant, names, seat_names, teams, seed, i, 1, max_work)
        return
    results = in_order(_games, _pieces(rules_spec(variant), names, seat_names, teams, seed, max_work, total), jobs)
    try:
        for records in results:
            yield from records
    finally:
        results.close()                     # ends the workers at once, when the reader has enough


def _pieces(spec: tuple, names, seat_names, teams, seed: int, max_work: int | None,
            total: int | None) -> Generator[tuple, None, None]:
    """The arguments of :func:`_games` for each piece of :data:`CHUNK` games,
    without end when ``total`` is ``None`` (a generator: read only as far as
    the games are needed)."""
    for i in range(0, total, CHUNK) if total is not None else count(0, CHUNK):
        yield (spec, names, seat_names, teams, seed, i, CHUNK if total is None else min(CHUNK, total - i), max_work)


def _cut(rec: dict, work: Work) -> dict:
    """Spend a per-game record's work from ``work``, as if the game had been
    played with it: when the limit is reached in a hand before the game's
    last, the game stops after that hand, unfinished."""
    hands = rec["hands"]
    for k, h in enumerate(hands):
        work.spent += h["work"]
        if work.out:
            if k + 1 < len(hands):
                return {"hands": hands[:k + 1], "winners": [], "finished": False}
            break
    return rec
