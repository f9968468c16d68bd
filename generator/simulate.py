"""Whole games through the engine: built-in players, seeded simulation and the
figures the pages and ``rulebook simulate`` print.

Every game is played by the same :class:`~generator.engine.hand.Hand` (line of
play) or :class:`~generator.variants.mexican_train.Round` (trains) the pages
use, from the deal to the game's end: every hand up to the target (one hand
where the hand is the game), or every round of a Mexican Train match. The same
seed gives the same games on every machine: all randomness comes from one
``random.Random(seed)`` and every choice iterates in a fixed order.

>>> from generator.model import Catalog, find_rules_dir
>>> v = Catalog(find_rules_dir()).variant("draw").rules
>>> s = simulate(v, players=2, games=5, seed=1)
>>> s["games"], s["hands"]
(5, 5)
"""

from __future__ import annotations

import random
import statistics
from collections import Counter
from typing import Callable, Sequence

from .engine.hand import Hand
from .engine.tiles import Tile
from .engine.variant import Play, Variant
from .variants.mexican_train import MexicanTrain, Round

__all__ = ["BOTS", "Work", "simulate", "play_game", "random_bot", "greedy_bot"]

#: Seat names by number of players.
SEATS = {2: ["N", "S"], 3: ["N", "E", "W"], 4: ["N", "E", "S", "W"]}
#: Hands after which a game is stopped (a safety net; never reached in practice).
MAX_HANDS = 500


def _seats(n: int) -> list[str]:
    return SEATS.get(n) or [f"P{i + 1}" for i in range(n)]


def random_bot(variant: Variant, state, player: str, rng: random.Random):
    """A uniformly random legal action: a play (``Play`` or ``(tile, train)``),
    ``"draw"`` or ``"pass"``; drawing counts as one of the choices when the
    rules allow it beside a play (Sniff)."""
    plays = state.plays_for(player)
    options: list = list(plays)
    if _may_draw(state, player):
        options.append("draw")
    if not options:
        return "pass"
    return rng.choice(options)


def greedy_bot(variant: Variant, state, player: str, rng: random.Random):
    """The play that scores most now (displayed points), then the heaviest
    tile, then the first in the engine's order; draws only when it must."""
    plays = state.plays_for(player)
    if not plays:
        return "draw" if _may_draw(state, player) else "pass"
    if isinstance(state, Round):
        return max(plays, key=lambda p: p[0].pips)
    best, key = None, None
    for pl in plays:
        pts = variant.place(state.layout, pl.tile, pl.at, pl.as_, pl.touch).points
        k = (pts, pl.tile.pips)
        if key is None or k > key:
            best, key = pl, k
    return best


#: The built-in players by name.
BOTS: dict[str, Callable] = {"random": random_bot, "greedy": greedy_bot}


def _may_draw(state, player: str) -> bool:
    if isinstance(state, Round):
        return bool(state.stock) and state.phase in ("start", "cover") and not state.can_play(player)
    return state.may_draw(player)


def _act(state, player: str, action) -> None:
    if action == "draw":
        state.draw(player)
    elif action == "pass":
        state.pass_(player)
    elif isinstance(action, Play):
        state.push(player, action)
    else:
        state.play(player, action[0], action[1])


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


def _play_out(variant: Variant, state, seat_bot: dict, rng: random.Random, work: Work) -> int:
    """Let each seat's player move until ``state`` (a Hand or a Round) ends;
    returns how many tiles were placed, and adds each decision's cost to ``work``."""
    placed = 0
    hands = state.hands
    while state.end is None:
        p = state.current
        work.spent += 1 + len(hands[p])
        action = seat_bot[p](variant, state, p, rng)
        _act(state, p, action)
        placed += action not in ("draw", "pass")
    return placed


def _deal(variant: Variant, names: Sequence[str], rng: random.Random, exclude: Tile | None = None):
    tiles = [t for t in variant.params.tiles if t != exclude]
    rng.shuffle(tiles)
    size = variant.params.deal[len(names)]
    hands = {p: tiles[i * size:(i + 1) * size] for i, p in enumerate(names)}
    return hands, tiles[len(names) * size:]


def play_game(variant: Variant, names: Sequence[str], bots: Sequence[Callable], rng: random.Random,
              teams: Sequence[Sequence[str]] | None = None, work: Work | None = None) -> dict:
    """Play one complete game; return its record: ``hands`` (one dict per hand:
    ``tiles`` placed, ``points`` scored in play and settlement, ``blocked``,
    ``first_won`` -- whether the side of the hand's first player won it),
    ``winners`` and ``finished`` (false when ``work`` ran out first: the game
    stopped after its last hand in ``hands``)."""
    seat_bot = dict(zip(names, bots))
    work = work if work is not None else Work()
    if isinstance(variant, MexicanTrain):
        return _play_match(variant, names, seat_bot, rng, work)
    scores = None
    leader = None
    record = []
    winners: tuple = ()
    for _ in range(MAX_HANDS):
        hands, stock = _deal(variant, names, rng)
        if variant.lead_rule == "highest-double":
            first = None                    # the holder of the highest double sets: the Hand finds them
        elif variant.lead_rule == "black":
            first = names[0]
        else:
            first = leader if leader is not None else names[rng.randrange(len(names))]
        h = Hand(variant, names, hands, stock, first, teams, scores)
        first = h.current
        before = dict(h.scores)
        placed = _play_out(variant, h, seat_bot, rng, work)
        gained = sum(h.scores.values()) - sum(before.values())
        side_first = next(s for s, m in h.sides.items() if first in m)
        won = (h.settlement.winners if h.settlement is not None else h.game_winners)
        record.append({"tiles": placed, "points": gained, "blocked": h.end == "blocked",
                       "first_won": side_first in won})
        scores = dict(h.scores)
        if h.end == "game" or h.game_winners or variant.params.target is None:
            winners = tuple(h.game_winners) if h.game_winners else tuple(won)
            break
        if work.out:
            return {"hands": record, "winners": [], "finished": False}
        leader = h.next_leader
    return {"hands": record, "winners": list(winners), "finished": True}


def _play_match(variant: MexicanTrain, names, seat_bot, rng, work: Work) -> dict:
    rounds = variant.round_settings[0]
    first0 = names[rng.randrange(len(names))]
    record, penalties = [], []
    for r in range(1, rounds + 1):
        engine = variant.engine_of(r, rounds)
        hands, stock = _deal(variant, names, rng, exclude=engine)
        first = variant.first_player(names, first0, r)
        rnd = Round(variant, names, hands, stock, engine, first)
        placed = _play_out(variant, rnd, seat_bot, rng, work)
        pen = rnd.penalties
        penalties.append(pen)
        low = min(pen.values())
        record.append({"tiles": placed, "points": sum(pen.values()), "blocked": rnd.end == "blocked",
                       "first_won": pen[first] == low})
        if work.out and r < rounds:
            return {"hands": record, "winners": [], "finished": False}
    result = variant.settle_match(names, penalties, rounds, first0)
    return {"hands": record, "winners": list(result.winners), "finished": True}


def simulate(variant: Variant, players: int, games: int = 100, seed: int = 0, partners: bool = False,
             bots: Sequence[str] = ("greedy", "random"), progress: Callable[[int], None] | None = None,
             min_hands: int = 0, max_work: int | None = None) -> dict:
    """Play ``games`` seeded games and return every figure: counts, means and
    distributions of hands per game, tiles placed per hand, points per hand
    (in play and settlement; penalty pips for Mexican Train), the block rate,
    how often the hand's first player's side wins it, and game lengths.

    ``bots`` are cycled over the seats. With ``min_hands``, games go on
    (past ``games``) until at least that many hands were played. With
    ``max_work`` (in :class:`Work` units), the simulation stops after the
    hand in which that much work is done, whatever ``games`` and
    ``min_hands`` ask: the figures then hold the hands played (a game left
    unfinished counts for its hands, not as a game), and ``cut_short`` is
    true. Raises
    ``ValueError`` for a player count (or partnership) the variant does not
    offer.
    """
    names = _seats(players)
    teams = None
    if partners:
        if players not in variant.params.partnerships:
            raise ValueError(f"{variant.id} has no partnership game for {players} players")
        half = players // 2
        teams = [[names[i], names[i + half]] for i in range(half)] if players != 4 else [["N", "S"], ["E", "W"]]
    elif players not in variant.params.players:
        raise ValueError(f"{variant.id} is played by {', '.join(map(str, variant.params.players))} players")
    unknown = [b for b in bots if b not in BOTS]
    if unknown:
        raise ValueError(f"unknown player {unknown[0]!r}; the built-in players are {', '.join(BOTS)}")
    seat_bots = [BOTS[bots[i % len(bots)]] for i in range(players)]
    rng = random.Random(seed)
    lengths, tiles, points = [], [], []
    blocked = first_won = 0
    wins: Counter = Counter()
    g = played = 0
    work = Work(max_work)
    while (played < games or len(tiles) < min_hands) and not work.out:
        played += 1
        rec = play_game(variant, names, seat_bots, rng, teams, work)
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
            progress(played)
    n = len(tiles)

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
