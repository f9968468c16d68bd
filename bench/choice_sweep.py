"""Every single-choice house rule of every game, simulated beside its game.

For each game of ``rules/`` (not the house rules) and each value of each rule
choice other than the game's own, the game with that one value changed is
checked like a house rule (a combination ``rulebook check`` refuses is
skipped and counted) and simulated on the same seed as the game itself; the
figures of the two are compared. Prints, per game, how many such house rules
simulate differently, and names those whose figures came out the same (a
rule that rarely matters, such as a tie for the lowest hand, may need more
games to show).

    .venv/bin/python bench/choice_sweep.py [--games N] [--seed S]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from generator.engine.choices import CHOICES, Choices, combination_problems  # noqa: E402
from generator.model import Catalog  # noqa: E402
from generator.model.catalog import full_params  # noqa: E402
from generator.base.native import status  # noqa: E402
from generator.sim.simulate import simulate  # noqa: E402
from generator.engine.rules import make_variant  # noqa: E402


def _figures(rules, players: int, games: int, seed: int) -> str:
    return json.dumps(simulate(rules, players, games=games, seed=seed), sort_keys=True, default=str)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=60, help="seeded games per simulation (default 60)")
    ap.add_argument("--seed", type=int, default=3)
    args = ap.parse_args()
    catalog = Catalog(Path(__file__).resolve().parents[1] / "rules")
    print(f"engine: {status()}; {args.games} games per simulation, seed {args.seed}")
    began, tried, refused, alike = time.monotonic(), 0, 0, []
    for vid in catalog.variant_ids():
        game = catalog.variant(vid)
        if game.parent is not None:
            continue
        players = max(game.rules.params.players)      # three or more sides tell more settlements apart
        own = game.choices.as_dict()
        ref = _figures(game.rules, players, args.games, args.seed)
        n = same = 0
        for info in CHOICES:
            for value in info.values:
                if value == own[info.key]:
                    continue
                choices = Choices.from_mapping(dict(own, **{info.key: value}))
                if combination_problems(choices, full_params(dict(game.params), choices.layout)):
                    refused += 1
                    continue
                n += 1
                if _figures(make_variant(game.rules.params, choices, vid), players, args.games, args.seed) == ref:
                    same += 1
                    alike.append(f"{vid}: {info.key}: {value}")
        tried += n
        print(f"{vid:18} {players} players: {n - same:3} of {n:3} house rules simulate differently")
    print(f"{tried} house rules simulated, {refused} refused by check, in {time.monotonic() - began:.0f} s")
    for line in alike:
        print(f"  same figures: {line}")


if __name__ == "__main__":
    main()
