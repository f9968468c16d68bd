"""Benchmarks of the rulebook: they print figures and never fail.

Sections (each runs in its own process so its peak memory can be reported):

- ``engine``: hands and tiles placed per second for every variant, random
  players on every seat, whole games through the same engine the pages use;
- ``harness``: the test suite's random-game harness (every invariant after
  every move) at large counts;
- ``pypi``: the PyPI ``dominoes`` package (6.1.0, 4-player partnership block,
  double-six) and ``all-fives-domino`` (2-player All Fives) on their own games,
  next to ours on the same games, and the ratio;
- ``check``: placements verified per second by ``rulebook check`` over a
  generated corpus of 10,000 placements, against merely loading the same YAML;
- ``build``: a full ``mkdocs build`` against the same site with the generator
  switched off (the overhead), and build time with 1x, 10x and 100x positions.

Targets (this 2-core machine): our 4-player block >= the ``dominoes`` package
in hands per second; our All Fives >= 20x ``all-fives-domino``; Horse Race
2-player >= 3,000 hands/s; checking <= 1.5x YAML loading; generator overhead
<= 25% of the plain build; linear scaling.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from contextlib import redirect_stdout
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.families.line.rules.hand import Hand  # noqa: E402
from generator.model import Catalog  # noqa: E402
from generator.sim.simulate import BOTS, play_game  # noqa: E402
from generator.engine.family import site_order  # noqa: E402

RULES = tuple(site_order())

SECONDS = 3.0


def _rate(fn, seconds=SECONDS):
    """Call ``fn`` (returning (hands, tiles)) for ``seconds`` of this
    process's CPU time, in three windows, and return the best window's
    (hands/s, tiles/s). CPU time, not wall time, so other work on the machine
    does not count against either side of a comparison."""
    best = (0.0, 0.0)
    for _ in range(3):
        t0 = time.process_time()
        hands = tiles = 0
        while time.process_time() - t0 < seconds / 3:
            h, t = fn()
            hands += h
            tiles += t
        dt = time.process_time() - t0
        best = max(best, (hands / dt, tiles / dt))
    return best


def _our_game(variant, n, rng, partners=False, lib=None):
    """One whole game with random players on every seat, through
    ``lib``'s :func:`play_game` (default: this package's): (hands, tiles placed)."""
    sim = lib.simulate if lib is not None else sys.modules["generator.sim.simulate"]
    names = {2: ["N", "S"], 3: ["N", "E", "W"], 4: ["N", "E", "S", "W"]}.get(n) or [f"P{i + 1}" for i in range(n)]
    teams = [["N", "S"], ["E", "W"]] if partners else None
    rec = sim.play_game(variant, names, [sim.BOTS["random"]] * n, rng, teams)
    return len(rec["hands"]), sum(h["tiles"] for h in rec["hands"])


def _our_hand(variant, names, rng, teams=None, hand_class=Hand):
    """One hand with random players (no game loop) through the public
    ``Hand`` API (``hand_class``: this package's, or a copy's): (1, tiles placed)."""
    tiles = list(variant.params.tiles)
    rng.shuffle(tiles)
    size = variant.params.deal[len(names)]
    hands = {p: tiles[i * size:(i + 1) * size] for i, p in enumerate(names)}
    leader = None if variant.lead_rule == "highest-double" else names[0]   # None: the rules say who sets
    h = hand_class(variant, names, hands, tiles[len(names) * size:], leader, teams)
    placed = 0
    while h.end is None:
        p = h.current
        plays = h.plays_for(p)
        if plays:
            h.push(p, rng.choice(plays))
            placed += 1
        elif h.may_draw(p):
            h.draw(p)
        else:
            h.pass_(p)
    return 1, placed


def section_engine(args):
    from generator.base.buildinfo import active

    cat = Catalog(ROOT / "rules")
    print(f"engine: whole games, random players on every seat ({'compiled' if active() else 'Python'} modules)")
    print(f"  {'variant':14} {'players':>8} {'hands/s':>9} {'tiles/s':>9}")
    for vid in RULES:
        v = cat.variant(vid).rules
        rng = random.Random(1)
        counts = [(v.params.players[0], False)] + [(n, True) for n in v.params.partnerships][:1]
        for n, partners in counts:
            hs, ts = _rate(lambda: _our_game(v, n, rng, partners), args.seconds)
            label = f"{n}{'p' if partners else ''}"
            print(f"  {vid:14} {label:>8} {hs:9.0f} {ts:9.0f}")


#: The engine before the speed work of issue 18 (main on 2026-11-30): the "before" side.
BEFORE = "1262e99"
#: Rounds of the interleaved comparisons: each side runs once per round, in turn.
ROUNDS = 9


class _Lib:
    """A copy of the package under another name, loaded beside this one:
    ``generator``'s Python sources as they are (``rev=None``, never the
    compiled build), or as they were at git revision ``rev``."""

    def __init__(self, name: str, rev: str | None):
        home = Path(tempfile.mkdtemp(prefix="rulebook-bench-"))
        dest = home / name
        if rev is None:
            shutil.copytree(ROOT / "generator", dest,
                            ignore=shutil.ignore_patterns("_compiled*", "*.so", "__pycache__"))
        else:
            tar = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "generator"], capture_output=True,
                                 check=True).stdout
            subprocess.run(["tar", "-x", "-C", str(home)], input=tar, check=True)
            os.replace(home / "generator", dest)
        sys.path.insert(0, str(home))
        import importlib

        self.name = name
        self.model = importlib.import_module(f"{name}.model")
        try:                                # the line's hand, in its family's folder (earlier: the engine's)
            self.hand = importlib.import_module(f"{name}.families.line.rules.hand")
        except ModuleNotFoundError:
            self.hand = importlib.import_module(f"{name}.engine.hand")
        self.simulate = importlib.import_module(f"{name}.simulate")
        self.catalog = self.model.Catalog(ROOT / "rules")

    def rules(self, vid):
        return self.catalog.variant(vid).rules


def _libs():
    """The sides every comparison has: this package as loaded (compiled when
    built), its Python sources, and the engine of :data:`BEFORE` (absent
    outside a git checkout)."""
    from generator.base.buildinfo import active

    sides = {("ours (compiled)" if active() else "ours (Python)"): None}
    if active():
        sides["ours (Python)"] = _Lib("rulebook_python", None)
    try:
        sides[f"before ({BEFORE})"] = _Lib("rulebook_before", BEFORE)
    except (subprocess.CalledProcessError, FileNotFoundError, ImportError) as exc:
        print(f"  (no 'before' side: {exc})")
    return sides


def _interleaved(sides: dict, seconds: float, rounds: int = ROUNDS) -> dict:
    """Run every side (a function returning (hands, tiles)) for
    ``seconds / rounds`` CPU seconds in each of ``rounds`` rounds, in turn:
    every side meets the same conditions of the machine. Returns each side's
    hands/s per round."""
    rates: dict = {name: [] for name in sides}
    for _ in range(rounds):
        for name, fn in sides.items():
            t0 = time.process_time()
            hands = 0
            while time.process_time() - t0 < seconds / rounds:
                hands += fn()[0]
            rates[name].append(hands / (time.process_time() - t0))
    return rates


def _report(title: str, rates: dict, against: list[str]) -> None:
    """Print every side's median rate and its median ratio (round by round)
    to each side in ``against``."""
    import statistics

    print(f"  {title} (hands/s, median of {len(next(iter(rates.values())))} interleaved rounds):")
    for name, rs in rates.items():
        parts = []
        for ref in against:
            if ref != name and ref in rates:
                ratios = sorted(a / b for a, b in zip(rs, rates[ref]))
                parts.append(f"{statistics.median(ratios):5.2f}x {ref.split(' (')[0]} "
                             f"[{ratios[0]:.2f}-{ratios[-1]:.2f}]")
        print(f"    {name:26} {statistics.median(rs):9.0f}   " + "   ".join(parts))


def section_pypi(args):
    cat = Catalog(ROOT / "rules")
    libs = _libs()
    before = next((n for n in libs if n.startswith("before")), None)
    print("speed: our engine as loaded, its Python sources, the engine before (where there is a git checkout) and "
          "the PyPI packages, on the same games in one process")

    def block_side(lib, rng):
        v = lib.rules("block") if lib is not None else cat.variant("block").rules
        cls = lib.hand.Hand if lib is not None else Hand
        return lambda: _our_hand(v, ["N", "E", "S", "W"], rng, [["N", "S"], ["E", "W"]], cls)

    sides = {name: block_side(lib, random.Random(1)) for name, lib in libs.items()}
    try:
        import dominoes

        def theirs_block():
            game = dominoes.Game.new()
            tiles = 0
            while game.result is None:
                dominoes.players.random(game)
                d, left = game.valid_moves[0]
                game.make_move(d, left)
                tiles += 1
            return 1, tiles

        sides["dominoes 6.1.0"] = theirs_block
    except ImportError:
        print("  the `dominoes` package is not installed here (run bench/run.sh)")
    _report("4-player partnership Block, random play, through Hand", _interleaved(sides, args.seconds * len(sides)),
            ["dominoes 6.1.0"])

    def horse_side(lib, rng):
        v = lib.rules("horse-race") if lib is not None else cat.variant("horse-race").rules
        return lambda: _our_game(v, 2, rng, False, lib)

    sides = {name: horse_side(lib, random.Random(1)) for name, lib in libs.items()}
    _report("Horse Race, 2 players, whole games, random play", _interleaved(sides, args.seconds * len(sides)),
            [before] if before else [])

    def fives_side(lib, rng):
        v = lib.rules("all-fives") if lib is not None else cat.variant("all-fives").rules
        cls = lib.hand.Hand if lib is not None else Hand
        return lambda: _our_hand(v, ["N", "S"], rng, None, cls)

    sides = {name: fives_side(lib, random.Random(1)) for name, lib in libs.items()}
    try:
        from src.main.game.Brain import RandomBrain
        from src.main.game.DominoRound import DominoRound
        from src.main.game.Game import Game
        from src.main.game.Player import Player

        def theirs_fives():
            p1, p2 = Player(RandomBrain(), "a"), Player(RandomBrain(), "b")
            game = Game(p1, p2)
            p1.round = p2.round = None
            rnd = DominoRound(p1, p2, game)
            with redirect_stdout(io.StringIO()):
                try:
                    rnd.run()
                except Exception:       # its win signal ends a round early; the hand still counts
                    pass
            return 1, 0

        sides["all-fives-domino"] = theirs_fives
    except ImportError:
        print("  all-fives-domino is not installed here (run bench/run.sh)")
    _report("All Fives, 2 players, hands, random play, through Hand", _interleaved(sides, args.seconds * len(sides)),
            [x for x in (before, "all-fives-domino") if x])


def _corpus(dest: Path, placements: int = 10_000, steps: int = 10) -> int:
    """Write a rules tree with Horse Race and ``placements / steps`` position
    files of ``steps`` legal placements each (values stated from the engine)."""
    shutil.copytree(ROOT / "rules" / "horse-race", dest / "horse-race", ignore=shutil.ignore_patterns("positions"))
    shutil.copy(ROOT / "rules" / "glossary.yaml", dest / "glossary.yaml")
    pos = dest / "horse-race" / "positions"
    pos.mkdir()
    v = Catalog(ROOT / "rules").variant("horse-race").rules
    rng = random.Random(7)
    from generator.families.line.rules.layout import Layout

    files = 0
    while files * steps < placements:
        lay, lines = Layout(), ["variant: horse-race", "steps:"]
        for _ in range(steps):
            options = [p for t in v.params.tiles for p in v.plays(lay, t)]
            if not options:
                break
            pl = options[rng.randrange(len(options))]
            res = v.place(lay, pl.tile, pl.at)
            lay = res.layout
            at = f'\n    at: "{pl.at}"' if pl.at else ""
            lines.append(f'  - play: "{pl.tile}"{at}\n    expect: {{counted: {[c.value for c in res.counted]}, '
                         f'total: {res.total}, raw: {res.raw}, points: {res.points}}}')
        if len(lines) - 2 < steps:
            continue
        (pos / f"p{files:05d}.yaml").write_text("\n".join(lines) + "\n")
        files += 1
    return files * steps


def section_check(args):
    import yaml

    from generator.model.yamlsrc import load

    with tempfile.TemporaryDirectory() as tmp:
        rules = Path(tmp) / "rules"
        rules.mkdir()
        n = _corpus(rules)
        files = sorted((rules / "horse-race" / "positions").glob("*.yaml"))
        clock = time.process_time          # CPU time: other work on the machine does not count
        t0 = clock()
        for f in files:
            yaml.safe_load(f.read_text())
        t_yaml = clock() - t0
        t0 = clock()
        for f in files:
            yaml.load(f.read_text(), Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
        t_c = clock() - t0
        t0 = clock()
        for f in files:
            load(f)
        t_located = clock() - t0
        t0 = clock()
        good, errors = Catalog(rules).check_all()
        t_check = clock() - t0
    print(f"check: {n} placements in {len(files)} files ({len(good)} verified, {len(errors)} problems)")
    print(f"  yaml.safe_load {t_yaml:6.2f} s   yaml CSafeLoader {t_c:6.2f} s   our located loader {t_located:6.2f} s"
          f"   rulebook check {t_check:6.2f} s")
    print(f"  {n / t_check:8.0f} placements/s; check / yaml.safe_load = {t_check / t_yaml:4.2f}x, "
          f"check / CSafeLoader = {t_check / t_c:4.2f}x, check / located load = {t_check / t_located:4.2f}x")


def _cpu_children() -> float:
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def _build(site: Path, *extra: str) -> float:
    """CPU seconds (user + system) of one ``mkdocs build`` in ``site``: CPU
    time, so that other work on the machine does not count."""
    t0 = _cpu_children()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", *extra], cwd=site, check=True,
                   capture_output=True)
    return _cpu_children() - t0


def section_build(args):
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "repo"
        site.mkdir()
        for name in ("mkdocs.yml", "docs", "rules"):
            src = ROOT / name
            (shutil.copytree if src.is_dir() else shutil.copy)(src, site / name)
        cold = _build(site)
        full = min(_build(site) for _ in range(2))  # warm: caches filled, as in everyday builds
        cfg = (site / "mkdocs.yml").read_text()
        plain_cfg = site / "mkdocs-plain.yml"
        plain_cfg.write_text(cfg.replace("  - rulebook\n", ""))
        plain = min(_build(site, "-f", str(plain_cfg)) for _ in range(2))
        print("build (CPU seconds of the mkdocs process):")
        print(f"  first {cold:6.2f} s, again (caches warm) {full:6.2f} s, same Markdown without the "
              f"generator {plain:6.2f} s, overhead {100 * (full - plain) / plain:5.1f}% (first build "
              f"{100 * (cold - plain) / plain:5.1f}%)")
        # Scaling: every build makes everything (no page or PNG cache), since the copied
        # positions draw the same pictures and a cache would serve them for free.
        scale_cfg = site / "mkdocs-scale.yml"
        scale_cfg.write_text(cfg.replace("  - rulebook\n", '  - rulebook:\n      png_cache: ""\n      page_cache: ""\n'))
        base = sorted((site / "rules" / "horse-race" / "positions").glob("*.yaml"))
        times = {}
        for mult in ([1, 10] if args.quick else [1, 10, 100]):
            for f in (site / "rules" / "horse-race" / "positions").glob("x*.yaml"):
                f.unlink()
            for k in range(1, mult):
                for f in base:
                    (f.parent / f"x{k:03d}-{f.name}").write_text(f.read_text())
            times[mult] = _build(site, "-f", str(scale_cfg))
        print("  scaling (every page and PNG made afresh):")
        for mult, t in times.items():
            print(f"  {mult:4d}x positions ({mult * len(base):5d} Horse Race files): {t:7.2f} s "
                  f"({t / times[1]:5.1f}x the 1x time)")
        steps = sorted(times)
        for a, b in zip(steps, steps[1:]):
            print(f"  from {a}x to {b}x: {1000 * (times[b] - times[a]) / ((b - a) * len(base)):.1f} ms per added position")


def section_harness(args):
    """The test suite's invariant harness at large counts."""
    sys.path.insert(0, str(ROOT / "tests"))
    from test_random_games import play_random_hand, play_random_round

    cat = Catalog(ROOT / "rules")
    hands = 0
    t0 = time.perf_counter()
    for vid in RULES:
        v = cat.variant(vid).rules
        rng = random.Random(5)
        for n in v.params.players:
            for _ in range(args.harness):
                if v.family == "trains":
                    play_random_round(v, n, rng, engine_pip=rng.randrange(13))
                else:
                    play_random_hand(v, n, rng)
                hands += 1
    dt = time.perf_counter() - t0
    print(f"harness: {hands} random hands and rounds of every variant and player count, every invariant checked "
          f"after every move, in {dt:.1f} s ({hands / dt:.0f}/s); no violation")


def section_cores(args):
    """``rulebook simulate`` on one core and on every core: the same figures,
    in less wall time."""
    from generator.base.processes import cores

    games = 4_000 if args.quick else 20_000
    cmd = [sys.executable, "-m", "generator.cli", "simulate", "block", "--players", "4", "--partners",
           "--games", str(games), "--seed", "3", "--json"]
    runs = {}
    for jobs in sorted({1, cores()}):
        t0 = time.perf_counter()
        cpu0 = _cpu_children()
        out = subprocess.run(cmd + ["--jobs", str(jobs)], capture_output=True, text=True, check=True).stdout
        runs[jobs] = (time.perf_counter() - t0, _cpu_children() - cpu0, out)
    one = runs[1]
    print(f"cores: rulebook simulate block --players 4 --partners --games {games} (greedy and random players)")
    for jobs, (wall, cpu, out) in runs.items():
        print(f"  --jobs {jobs}: {wall:6.1f} s wall, {cpu:6.1f} s CPU ({cpu / wall:4.2f} cores busy), "
              f"{games / wall:7.0f} games/s, {wall and one[0] / wall:4.2f}x the one-core speed, "
              f"figures {'the same' if out == one[2] else 'DIFFERENT'}")


SECTIONS = {"engine": section_engine, "harness": section_harness, "pypi": section_pypi, "cores": section_cores,
            "check": section_check, "build": section_build}


def main() -> None:
    ap = argparse.ArgumentParser(description="Print the rulebook's benchmark figures.")
    ap.add_argument("--only", default=",".join(SECTIONS), help="sections, comma-separated")
    ap.add_argument("--quick", action="store_true", help="skip the 100x build and use 1-second rates")
    ap.add_argument("--section", help=argparse.SUPPRESS)
    ap.add_argument("--seconds", type=float, default=SECONDS, help=argparse.SUPPRESS)
    ap.add_argument("--harness", type=int, default=200, help="hands per variant and player count in the harness")
    args = ap.parse_args()
    if args.quick:
        args.seconds = 1.0
    if args.section:
        SECTIONS[args.section](args)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        print(f"  peak memory of this section: {peak / 1024:.0f} MiB (the Python process)")
        return
    print(f"Python {sys.version.split()[0]}, {os.cpu_count()} CPUs")
    for name in args.only.split(","):
        cmd = [sys.executable, __file__, "--section", name, "--seconds", str(args.seconds),
               "--harness", str(20 if args.quick else args.harness)]
        if args.quick:
            cmd.append("--quick")
        subprocess.run(cmd, check=False)
        child = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        print(f"  peak memory so far over child processes (mkdocs included): {child / 1024:.0f} MiB\n")


if __name__ == "__main__":
    main()
