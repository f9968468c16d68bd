"""How strong the levels play: ``hard`` against ``normal``, per family, over
seeded duplicate deals (every deal is played twice, the seats swapped), with
Wilson 95% intervals; and, for Texas 42, the hard trick player's regret in
raw points against an exact solver that sees every hand.

    PYTHONPATH=. RULEBOOK_ENGINE=python python bench/strength.py --deals 20 --budget 3000

Prints one line a table. Slow on purpose (a search a move): run it in the
background with ``nice``. Figures are for the README; nothing is written.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from functools import lru_cache

from generator.model import Catalog, find_rules_dir
from generator.sim.levels import level_bot
from generator.sim.search import choose
from generator.sim.simulate import SEATS, Work, greedy_bot, play_game

#: (label, game, players, partnerships): one table per family, and partnership play.
TABLES = (("line (Draw, 2 players)", "draw", 2, False),
          ("trains (Mexican Train, 2 players)", "mexican-train", 2, False),
          ("tree (Chicken Foot, 2 players)", "chicken-foot", 2, False),
          ("tricks (Texas 42)", "texas-42", 4, True),
          ("partnership (Block, 4 players)", "block", 4, True))


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``wins / n`` (95% with the default ``z``)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    d = 1 + z * z / n
    c = p + z * z / (2 * n)
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    return (max(0.0, (c - h) / d), min(1.0, (c + h) / d))      # (rounding can step a hair past 0 or 1)


def duel(v, n: int, partners: bool, deals: int, budget: int, seed: int) -> tuple[float, int]:
    """Hard's wins (a shared win counts half) over ``deals`` deals played twice, seats swapped."""
    names = SEATS[n]
    teams = [["N", "S"], ["E", "W"]] if partners else None
    hard = level_bot("hard", budget)
    wins, games = 0.0, 0
    for d in range(deals):
        for swap in (0, 1):
            if partners:        # N+S hard, then E+W hard
                bots = [hard if (i % 2) == swap else greedy_bot for i in range(n)]
                mine = "N+S" if swap == 0 else "E+W"
            else:
                bots = [hard if i == swap else greedy_bot for i in range(n)]
                mine = names[swap]
            rec = play_game(v, names, bots, random.Random(f"{seed}/{d}"), teams, Work())
            if not rec["winners"]:
                continue
            games += 1
            if mine in rec["winners"]:
                wins += 1 / len(rec["winners"])
    return wins, games


def versus_package(games: int, budget: int, seed: int, start_move: int, samples: int,
                   path: str, order: str = "identity") -> tuple[float, int]:
    """Our hard player against the ``dominoes`` package's ``probabilistic_alphabeta`` (6.1.0: ``path``
    holds it) in one hand of partnership Block, the rules both engines play: four players, seven tiles
    each from a double-six set, the holder of [6|6] sets it, no drawing, a player who cannot play
    passes; the side that plays out wins, else the side with fewer pips together (equal: nobody).
    Its player searches from move ``start_move`` on with ``samples`` sampled deals (every deal it
    could search from the first move takes minutes a move); before that it plays the package's
    ``bota_gorda`` (the heaviest tile). ``order`` names the package's player that orders the moves
    its alpha-beta search tries (its documented ``player`` parameter: better moves first cut more of
    the tree; the search's answer is the same). ``games`` deals, each played twice with the sides swapped;
    returns (hard's wins, a tie counting half; games)."""
    sys.path.insert(0, path)
    import dominoes
    from generator.families.line.rules.hand import Hand

    v = Catalog(find_rules_dir()).variant("block").rules
    names = SEATS[4]
    teams = [["N", "S"], ["E", "W"]]
    theirs = dominoes.players.probabilistic_alphabeta(start_move=start_move, sample_size=samples,
                                                      player=getattr(dominoes.players, order))
    hard = level_bot("hard", budget)
    wins, played = 0.0, 0
    for d in range(games):
        rng = random.Random(f"{seed}/{d}")
        tiles = list(v.params.tiles)
        rng.shuffle(tiles)
        hands = {p: tiles[7 * i:7 * i + 7] for i, p in enumerate(names)}
        for ours in ("N+S", "E+W"):
            random.seed(f"{seed}/{d}/{ours}")           # the package samples from the module's stream
            h = Hand(v, names, hands, [], None, teams)
            first = names.index(h.current)
            g = dominoes.Game(dominoes.Board(), [dominoes.Hand([dominoes.Domino(t.low, t.high) for t in hands[p]])
                                                 for p in names], [], first, ((dominoes.Domino(6, 6), True),),
                              first, None)
            play_rng = random.Random(f"{seed}/{d}/{ours}/ours")
            while h.end is None:
                p = h.current
                plays = h.plays_for(p)
                if not plays:
                    h.pass_(p)
                    continue
                assert g.turn == names.index(p), (g.turn, p)
                if p in ours.split("+"):
                    play = hard(v, h, p, play_rng)
                else:
                    dominoes.players.bota_gorda(g)
                    theirs(g)
                    dom, left = g.valid_moves[0]
                    x = None if not g.board else (g.board.left_end() if left else g.board.right_end())
                    play = next(pl for pl in plays if (pl.tile.low, pl.tile.high) == (dom.first, dom.second)
                                and (x is None or pl.at is None or pl.at.pip == x))
                x = play.at.pip if play.at is not None else None
                left = True if x is None or g.board.left_end() == x else False
                h.push(p, play)
                g.make_move(dominoes.Domino(play.tile.low, play.tile.high), left)
            won = h.settlement.winners if h.settlement is not None else ()
            played += 1
            if ours in won:
                wins += 1 / len(won)
            elif not won:
                wins += 0.5
    return wins, played


def forty_two_regret(v, hands: int, budget: int, seed: int) -> tuple[float, int, int]:
    """Mean regret (raw points for the player's team) of the hard trick player against the exact
    solver with all hands known, over its decisions from the fourth trick on (the solver's cost
    grows fast before that); returns (mean, decisions, hands)."""
    from generator.families.tricks.rules import Deal

    total, count, played = 0.0, 0, 0
    rng = random.Random(seed)
    while played < hands:
        names = SEATS[4]
        tiles = list(v.params.tiles)
        rng.shuffle(tiles)
        deal = Deal(v, names, {p: tiles[7 * i:7 * i + 7] for i, p in enumerate(names)}, names[rng.randrange(4)])
        while deal.end is None:
            p = deal.current
            if deal.phase == "play" and len(deal.tricks) >= 3 and len(deal.plays_for(p)) > 1:
                c = choose(v, deal, p, random.Random(rng.getrandbits(32)), budget)
                values = {m: exact(v, deal, p, m) for m in deal.plays_for(p)}
                total += max(values.values()) - values[c.move]
                count += 1
                deal.push(p, c.move)
            else:
                deal.push(p, greedy_bot(v, deal, p, rng))
        played += deal.end != "thrown-in"
    return (total / count if count else 0.0), count, played


#: The bands of predicted make chance the bidder's calibration is shown in.
BANDS = ((0.0, 0.5), (0.5, 0.7), (0.7, 0.85), (0.85, 1.01))


def forty_two_bids(v, hands: int, budget: int, seed: int) -> list[tuple[float, bool, bool]]:
    """The hard bidder's calibration: in hands where the hard team (N+S, against normal E+W) bids
    and wins the bidding, the chance of making its bid the bidder predicted when it bid (its own
    estimate, :func:`generator.families.tricks.search.choose_bid`), whether the bid was made, and
    whether it was the shaker's forced bid (everyone else passed: it bids whatever its chance)."""
    from generator.families.tricks.rules import Deal

    out = []
    rng = random.Random(seed)
    names = SEATS[4]
    done = 0
    while done < hands:
        tiles = list(v.params.tiles)
        rng.shuffle(tiles)
        deal = Deal(v, names, {p: tiles[7 * i:7 * i + 7] for i, p in enumerate(names)}, names[rng.randrange(4)])
        predicted = {}
        while deal.end is None:
            p = deal.current
            if p in ("N", "S"):
                forced = deal.forced
                c = choose(v, deal, p, random.Random(rng.getrandbits(32)), budget)
                move = c.move
                if deal.phase == "bid" and not move.is_pass:
                    predicted[p] = (c.means[c.moves.index(move)], forced)
            else:
                move = greedy_bot(v, deal, p, rng)
            deal.push(p, move)
        if deal.end == "thrown-in":
            continue
        done += 1
        r = deal.result
        if r.bidder in predicted:
            out.append((predicted[r.bidder][0], r.made, predicted[r.bidder][1]))
    return out


def exact(v, deal, seat: str, move) -> int:
    """The raw points ``seat``'s team takes in the rest of the hand after ``move``, every seat
    playing perfectly with all hands known (alpha-beta over the tricks left)."""
    import copy

    d = copy.deepcopy(deal, {id(v): v})
    team = d.team_of(seat)
    d.push(seat, move)
    return _solve(v, d, team, -1, 43)


def _solve(v, d, team: str, alpha: int, beta: int) -> int:
    import copy

    if d.end is not None or len(d.tricks) == 7:
        return sum(tr.points for tr in d.tricks if d.team_of(tr.winner) == team)
    p = d.current
    mine = d.team_of(p) == team
    best = -1 if mine else 43
    for m in d.plays_for(p):
        c = copy.copy(d)
        c.hands = {k: list(h) for k, h in d.hands.items()}
        c.trick = list(d.trick)
        c.tricks = list(d.tricks)
        c.push(p, m)
        val = _solve(v, c, team, alpha, beta)
        if mine:
            best = max(best, val)
            alpha = max(alpha, val)
        else:
            best = min(best, val)
            beta = min(beta, val)
        if alpha >= beta:
            break
    return best


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20, help="deals per table (each played twice)")
    ap.add_argument("--budget", type=int, default=3000, help="the hard player's work units a move (the browser and the "
                    "simulation search 12,000; 3,000 costs about half the time)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--regret-hands", type=int, default=20)
    ap.add_argument("--only", default="", help="a table's game id, 'regret', 'bids' or 'package', to run one part")
    ap.add_argument("--package-games", type=int, default=1000, help="deals against the dominoes package")
    ap.add_argument("--package-path", default="/tmp/levels/pydeps", help="where dominoes==6.1.0 is installed")
    ap.add_argument("--package-start", type=int, default=8, help="the package player's first searched move")
    ap.add_argument("--package-samples", type=int, default=8)
    ap.add_argument("--package-order", default="identity",
                    help="the package's player that orders its search's moves (identity, bota_gorda ...)")
    args = ap.parse_args(argv)
    cat = Catalog(find_rules_dir())
    for label, game, n, partners in TABLES:
        if args.only and args.only != game:
            continue
        t = time.time()
        wins, games = duel(cat.variant(game).rules, n, partners, args.deals, args.budget, args.seed)
        lo, hi = wilson(wins, games)
        print(f"hard vs normal, {label}: {wins:g}/{games} = {wins / max(1, games):.1%} "
              f"(95% {lo:.1%}-{hi:.1%}), budget {args.budget}, {time.time() - t:.0f} s", flush=True)
    if not args.only or args.only == "regret":
        t = time.time()
        mean, count, hands = forty_two_regret(cat.variant("texas-42").rules, args.regret_hands, args.budget, args.seed)
        print(f"Texas 42 hard trick player: mean regret {mean:.2f} raw points a decision against the exact "
              f"solver ({count} decisions from the 4th trick on, {hands} hands), {time.time() - t:.0f} s", flush=True)
    if not args.only or args.only == "bids":
        t = time.time()
        bids = forty_two_bids(cat.variant("texas-42").rules, args.regret_hands, args.budget, args.seed)
        for lo_b, hi_b in BANDS:
            got = [(pr, m) for pr, m, forced in bids if lo_b <= pr < hi_b and not forced]
            if got:
                made = sum(m for _, m in got)
                lo, hi = wilson(made, len(got))
                mean = sum(pr for pr, _ in got) / len(got)
                print(f"Texas 42 hard bidder, predicted {lo_b:.0%}-{min(hi_b, 1):.0%} (mean {mean:.0%}): made "
                      f"{made}/{len(got)} = {made / len(got):.0%} (95% {lo:.0%}-{hi:.0%})", flush=True)
        forced = [(pr, m) for pr, m, f in bids if f]
        if forced:
            print(f"Texas 42 hard bidder, forced to bid (all others passed): predicted mean "
                  f"{sum(pr for pr, _ in forced) / len(forced):.0%}, made {sum(m for _, m in forced)}/{len(forced)}",
                  flush=True)
        print(f"  ({len(bids)} bids won by the hard team in {args.regret_hands} hands, {time.time() - t:.0f} s)",
              flush=True)
    if args.only == "package":
        t = time.time()
        wins, games = versus_package(args.package_games, args.budget, args.seed, args.package_start,
                                     args.package_samples, args.package_path, args.package_order)
        lo, hi = wilson(wins, games)
        print(f"hard vs dominoes 6.1.0 probabilistic_alphabeta (from move {args.package_start}, "
              f"{args.package_samples} samples, moves ordered by {args.package_order}), partnership Block: {wins:g}/{games} = {wins / max(1, games):.1%} "
              f"(95% {lo:.1%}-{hi:.1%}), budget {args.budget}, {time.time() - t:.0f} s", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
