"""The "by the numbers" figures of each variant page: a seeded simulation of at
least :data:`MIN_HANDS` hands per player count (and partnership game),
computed at build time and cached in ``rules/<id>/stats.json`` under the hash
of everything that decides the result (the variant's parameters, its rule
module, the engine and the simulator). An unchanged definition reuses the
cache, so builds stay fast and byte-identical; a changed one recomputes and
rewrites the cache, which is committed with the change.

A club's own games (a site whose rules folder is not the package's) are
played only as long as a stated precision needs (:func:`hands_needed`): each
row's two percentages within :data:`HALF_WIDTH` of their value and its tiles
per hand within :data:`TILES_RELATIVE` of it, both as 95% intervals, with at
least :data:`FLOOR_HANDS` and at most :data:`MIN_HANDS` hands. The standard
games shipped with the package keep the figures they came with.
"""

from __future__ import annotations

import ast
import functools
import hashlib
import json
import math
import os
import sys
import threading
import time
from pathlib import Path
from typing import Callable, NamedTuple

from ..base.cachefile import write_atomic
from ..base.i18n import tables
from ..base.processes import cores, in_order
from ..base.report import emit
from ..engine.family import families, family_of
from .simulate import rules_spec, simulate

__all__ = ["MIN_HANDS", "SEED", "Z", "HALF_WIDTH", "TILES_RELATIVE", "FLOOR_HANDS", "PILOT_GAMES", "Count",
           "half_width", "mean_half_width", "precision", "hands_needed", "work_limits", "row_limits",
           "definition_hash",
           "figures", "refresh", "section", "columns"]

#: Hands simulated per player count, at least (the most a club's game is played to, see below).
MIN_HANDS = 10_000
#: The normal quantile of a two-sided 95% interval.
Z = 1.96
#: A club's game: each percentage of a row (hands ending in a block, hands won by the first player's
#: side) is known to within this much of its value (0.02: two percentage points), as a 95% interval.
HALF_WIDTH = 0.02
#: A club's game: the tiles placed per hand are known to within this share of their mean (a 95% interval).
TILES_RELATIVE = 0.02
#: A club's game: the fewest hands of a row, however precise fewer would be (an estimate of a
#: percentage from a few hundred hands is itself too rough to decide how many more are needed).
FLOOR_HANDS = 1_000
#: A club's game: the games first played at each table to estimate how many hands its row needs.
PILOT_GAMES = 20
#: The seed of every page's simulation.
SEED = 2026
#: The players at the table: a greedy player and a random one, alternating.
BOTS = ("greedy", "random")


def work_limits() -> dict[str, tuple[int, int]]:
    """The most work (:class:`~generator.sim.simulate.Work` units) one game's
    figures may take, by family, and one row of them (a player count) at
    most (:attr:`generator.engine.family.Family.work_limits`): a few minutes
    of one core at worst, so that no rule file (a double-eighteen set, a
    match of a million rounds) can hang a build. A row that reaches its share
    stops early and is marked. A decision of a game of trains costs less than
    one on a line, where each tile is tried at every open end and its count
    worked out. Every game of the repository stays inside its rows' shares
    (:func:`row_limits`) but one: the nearest are Mexican Train's two-player
    row (11,820,000 units of 13,333,333) and Chicken Foot's seven-player row
    (3,145,000 of 3,500,000); Cyprus's four-player row, where a player draws
    one tile and passes, reaches its 4,000,000 after some 8,500 hands (enough
    for the club's precision) and is marked as cut short."""
    return {f.name: f.work_limits for f in families()}


def row_limits(rules) -> list[int]:
    """The most work each row of the figures of a game with ``rules`` may
    take (:class:`~generator.sim.simulate.Work` units), in the order of its
    tables (player counts, then partnership games): the family's limit for
    a game's figures shared by its :meth:`~generator.engine.family.Family.row_weights`,
    and no more than its limit for a row (:func:`work_limits`)."""
    family = family_of(rules.family)
    per_game, per_row = family.work_limits
    tables = _tables(rules)
    weights = family.row_weights(rules, tables)
    total = sum(weights) or 1.0
    return [min(per_row, int(per_game * w / total)) for w in weights]


def code_text(module) -> str:
    """What a module does, without its comments and docstrings: the dump of
    its syntax tree with every docstring taken out. Editing a comment or a
    docstring (a doctest, say) leaves it unchanged, so it does not make the
    figures be computed again; any change to the code does.

    >>> _code_text("'One.'\\nx = 1  # a") == _code_text("'Two.'\\nx = 1")
    True
    >>> _code_text("x = 1") == _code_text("x = 2")
    False
    """
    return _code_text(source_of(module))


def source_of(module) -> str:
    """The Python source of a module of this package, read from its ``.py``
    file also when the module runs compiled (:mod:`generator.base.native`)."""
    path = Path(module.__file__)
    if path.suffix != ".py":                # a compiled module: its source is in the package itself
        path = _PACKAGE.joinpath(*module.__name__.split(".")[1:]).with_suffix(".py")
    return path.read_text(encoding="utf-8")


_PACKAGE = Path(__file__).resolve().parents[1]


@functools.lru_cache(maxsize=64)
def _code_text(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree, include_attributes=False)


def definition_hash(vdef) -> str:
    """SHA-256 of the variant's parameters and the rule choices its family
    plays (their values: the words describing them do not count;
    :meth:`~generator.engine.choices.Choices.played`), the source of every
    module that decides a simulated game of its family, plus the sample
    size, seed, players and its family's work limits (each row's:
    :func:`row_limits`). Nothing of another family counts: adding a family,
    or a choice to another family, leaves the hash as it was."""
    h = hashlib.sha256()
    family = family_of(vdef.rules.family)
    h.update(json.dumps(vdef.params, sort_keys=True, default=str).encode())
    h.update(json.dumps(vdef.choices.played(), sort_keys=True).encode())
    own = sorted({sys.modules[c.__module__] for c in type(vdef.rules).__mro__ if c.__module__.startswith("generator.")},
                 key=lambda m: m.__name__)
    mods = own + [m for m in family.decisive_modules() if m not in own]
    for m in mods:
        h.update(code_text(m).encode())
    h.update(f"{MIN_HANDS}/{SEED}/{','.join(BOTS)}/{family.work_limits}/{row_limits(vdef.rules)}".encode())
    return h.hexdigest()


def half_width(p: float, n: int, z: float = Z) -> float:
    """The half-width of the normal-approximation interval of a proportion
    ``p`` measured over ``n`` hands: ``z * sqrt(p * (1 - p) / n)`` (with the
    default ``z``, a 95% interval; hands are taken as independent). ``n``
    must be positive."""
    return z * math.sqrt(p * (1 - p) / n)


def mean_half_width(distribution: dict, z: float = Z) -> float:
    """The half-width of the interval of a mean, ``z * s / sqrt(n)``, from a
    distribution ``{value: count}`` (keys may be strings, as in a row's
    ``tiles_per_hand``): ``s`` is the sample standard deviation (``n - 1``);
    0 for fewer than two values."""
    values = [(float(k), c) for k, c in distribution.items()]
    n = sum(c for _, c in values)
    if n < 2:
        return 0.0
    mean = sum(v * c for v, c in values) / n
    var = sum(c * (v - mean) ** 2 for v, c in values) / (n - 1)
    return z * math.sqrt(var / n)


def precision(row: dict) -> dict[str, float]:
    """How precise a row of figures is: the 95% half-widths of its block
    rate and first-player rate (as fractions) and of its mean tiles per hand
    (in tiles), by the row's keys."""
    n = row["hands"]
    return {"block_rate": round(half_width(row["block_rate"], n), 4),
            "first_player_wins": round(half_width(row["first_player_wins"], n), 4),
            "tiles_per_hand": round(mean_half_width(row["tiles_per_hand"]["distribution"]), 4)}


def hands_needed(row: dict) -> int:
    """The hands a row of a club's game needs for the stated precision,
    from a first estimate ``row`` (a row of figures): for each percentage
    ``p``, ``Z² p (1 - p) / HALF_WIDTH²`` hands; for the tiles per hand (mean
    ``m``, sample deviation ``s`` per hand), ``(Z s / (TILES_RELATIVE m))²``;
    the largest, rounded up and kept between :data:`FLOOR_HANDS` and
    :data:`MIN_HANDS`. For ``p = 0.5``: 1.96² × 0.25 / 0.02² = 2,401 hands."""
    need = [Z * Z * p * (1 - p) / (HALF_WIDTH * HALF_WIDTH) for p in (row["block_rate"], row["first_player_wins"])]
    n, m = row["hands"], row["tiles_per_hand"]["mean"]
    if n >= 2 and m > 0:
        s_per_root_n = mean_half_width(row["tiles_per_hand"]["distribution"]) / Z     # s / sqrt(n)
        need.append((Z * s_per_root_n * math.sqrt(n) / (TILES_RELATIVE * m)) ** 2)
    return min(MIN_HANDS, max(FLOOR_HANDS, math.ceil(max(need) - 1e-9)))


#: What a club's game's figures were sampled to (stored in its ``stats.json``).
def _sampling() -> dict:
    return {"confidence": 0.95, "z": Z, "half_width": HALF_WIDTH, "tiles_relative": TILES_RELATIVE,
            "pilot_games": PILOT_GAMES, "hands": [FLOOR_HANDS, MIN_HANDS]}


def _tables(rules) -> list[tuple[int, bool]]:
    p = rules.params
    out = [(n, False) for n in p.players]
    out += [(n, True) for n in p.partnerships]
    return out


def figures(vdef, write: bool = True, jobs: int | None = None) -> dict:
    """The simulated figures of ``vdef`` (cached); with ``write`` a fresh
    result is stored in ``rules/<id>/stats.json`` (never for a standard game
    shipped with the package: its folder is the installation's). Stored
    figures made for the definition are kept, however many hands they hold
    (:func:`refresh` with ``precise=None``). A fresh result's rows (one per
    player count) are played by up to ``jobs`` processes (default: every
    core), with the same figures for any number."""
    return refresh([vdef], write, jobs, precise=None)[vdef.id]


class Count(NamedTuple):
    """The simulation's progress as :func:`refresh` reports it: ``played``
    games of about ``to_play`` (an estimate until each table's first games
    are played), about ``left`` seconds to go (``None`` before there is a
    rate to go by), and the ``step``: ``"trial"`` while the first
    :data:`PILOT_GAMES` of each table of a club's game are played, then
    ``"figures"``."""

    played: int
    to_play: int
    left: float | None
    step: str


def refresh(vdefs, write: bool = True, jobs: int | None = None,
            progress: Callable[[str], None] | None = None, precise: bool | None = False,
            counts: Callable[[Count], None] | None = None) -> dict[str, dict]:
    """:func:`figures` of every game in ``vdefs``, by id: the rows of every
    game whose cache is stale are spread together over up to ``jobs``
    processes (default: every core); ``progress`` is called with each game's
    id once its figures are ready.

    A standard game shipped with the package (``vdef.shipped``) keeps the
    figures it came with whenever its file holds any: they are never
    computed again at a club's build. With ``precise`` true (a club's
    build) the other games are played only as long as :func:`hands_needed` says (their
    stats.json records it under ``sampling``, their rows their
    :func:`precision`): first :data:`PILOT_GAMES` games at every table, then
    the hands each row needs. ``counts`` is called about once a second with
    a :class:`Count` while games are played. With ``precise`` false stored
    figures sampled to a precision are played again to :data:`MIN_HANDS`
    hands; with ``None`` any stored figures for the definition are kept."""
    out: dict[str, dict] = {}
    todo = []                               # (vdef, digest, rows, precise)
    for vdef in vdefs:
        digest = definition_hash(vdef)
        path = Path(vdef.dir) / "stats.json"
        cached = _cached(path, digest)
        if cached is not None and precise is False and "sampling" in cached:
            cached = None                   # the repository's own games are played to MIN_HANDS
        if cached is None and vdef.shipped:
            cached = _shipped(path)
        if cached is not None:
            out[vdef.id] = cached
            if progress is not None:
                progress(vdef.id)
            continue
        rows = _tables(vdef.rules)
        todo.append((vdef, digest, [(rules_spec(vdef.rules), n, partners, limit)
                                    for (n, partners), limit in zip(rows, row_limits(vdef.rules))],
                     bool(precise) and not vdef.shipped))
    if not todo:
        return out
    tally = _Tally(counts) if counts is not None else None
    global _REPORT
    _REPORT = tally.queue if tally is not None else None
    try:
        # Step 1, a club's games: the first games of every table, all together (their rows' sizes follow).
        trials = [(("trial", k, i), spec, n, partners, limit, PILOT_GAMES)
                  for k, (_, _, rows, quick) in enumerate(todo) if quick
                  for i, (spec, n, partners, limit) in enumerate(rows)]
        first = {}
        if trials:
            if tally is not None:
                tally.step("trial", {t[0]: PILOT_GAMES for t in trials})
            first = dict(zip([t[0] for t in trials], _run(_trial, trials, jobs)))
        # Step 2: every row, played to its size (a club's row from its first games, to what it needs).
        tasks, guess = [], {}
        for k, (vdef, _, rows, quick) in enumerate(todo):
            old = _old_games(Path(vdef.dir) / "stats.json")
            for i, (spec, n, partners, limit) in enumerate(rows):
                key = ("row", k, i)
                if quick:
                    trial = first[("trial", k, i)]
                    tasks.append((key, spec, n, partners, limit, trial))
                    guess[key] = _games_for(trial)
                else:
                    tasks.append((key, spec, n, partners, limit, None))
                    guess[key] = old.get((n, partners))      # None: not known until the row is played
        if tally is not None:
            tally.step("figures", guess)
        results = iter(_run(_sized, tasks, jobs))
        if tally is not None:
            tally.close()                   # its last count before the games' "ready"
        for vdef, digest, rows, quick in todo:
            data = {"hash": digest, "seed": SEED, "min_hands": FLOOR_HANDS if quick else MIN_HANDS,
                    "bots": list(BOTS), "results": [next(results) for _ in rows]}
            if quick:
                data["sampling"] = _sampling()
            path = Path(vdef.dir) / "stats.json"
            if write and not vdef.shipped and os.access(path.parent, os.W_OK):
                text = json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n"
                write_atomic(path, text.encode("utf-8"))
            out[vdef.id] = data
            if progress is not None:
                progress(vdef.id)
    finally:
        _REPORT = None
        if tally is not None:
            tally.close()
    return out


def _run(fn: Callable, calls: list[tuple], jobs: int | None) -> list:
    """``fn(*call)`` for every call, in order, on up to ``jobs`` processes
    (the workers are ended before this returns, also when one failed)."""
    jobs = min(jobs or cores(), len(calls))
    if jobs <= 1:
        return [fn(*c) for c in calls]
    results = in_order(fn, calls, jobs)
    try:
        return list(results)
    finally:
        results.close()


def _games_for(trial: dict) -> int:
    """About how many games a club's row still plays after its first games
    ``trial``: the hands it needs at the trial's hands per game (0 when the
    trial has enough)."""
    need = hands_needed(trial)
    if trial["hands"] >= need or trial.get("cut_short"):
        return 0
    per_game = trial["hands"] / max(1, trial["games"])
    return math.ceil(need * _MARGIN / per_game)


#: A row played again plays this much more than the estimate asks, so that one more pass is rare.
_MARGIN = 1.1


def _old_games(path: Path) -> dict:
    """The games of each row of a stale stats file, by (players, partners):
    an estimate of the games a row plays, for the progress."""
    data = _read(path)
    if isinstance(data, str):
        return {}
    return {(r.get("players"), r.get("partners", False)): r.get("games") or 0 for r in data["results"]
            if isinstance(r.get("games", 0), int)}


def _shipped(path: Path) -> dict | None:
    """A standard game's figures as the package ships them (any readable file of figures)."""
    data = _read(path)
    return data if isinstance(data, dict) else None


def is_current(vdef, precise: bool = False) -> bool:
    """Whether ``rules/<id>/stats.json`` holds figures for ``vdef``'s current
    definition (:func:`staleness` finds nothing to say)."""
    return staleness(vdef, precise) is None


def staleness(vdef, precise: bool = False) -> str | None:
    """Why ``rules/<id>/stats.json`` does not hold figures for ``vdef`` as it
    is now, in words, or ``None`` when it does: the file is missing or not a
    JSON object of figures, or it was made for another definition
    (:func:`definition_hash`: the parameters and the engine's source), with
    other settings (seed, hands or players, or the precision of a club's
    game), without a row for some player count or table of partners, or
    with fewer than :data:`MIN_HANDS` hands in a row (unless the work limit
    cut the row short: marked ``cut_short``, it is current). With ``precise`` (a
    club's site, :func:`refresh`) figures sampled to the stated precision
    are current too when each row has the hands it needs
    (:func:`hands_needed`). ``python -m generator.sim.stats --check`` names
    them; a build recomputes a file that is unreadable or made for another
    definition (:func:`refresh`). A standard game shipped with the package is
    current whenever its file holds figures: a build keeps them."""
    data = _read(Path(vdef.dir) / "stats.json")
    if isinstance(data, str):
        return data
    if vdef.shipped:
        return None
    rows = data["results"]
    if data.get("hash") != definition_hash(vdef):
        return "made for other rules or another engine"
    sampled = "sampling" in data
    if sampled and not precise:
        return "sampled to a club's precision, not played to the full number of hands"
    if (data.get("seed"), data.get("min_hands"), data.get("bots"), data.get("sampling")) != \
            ((SEED, FLOOR_HANDS, list(BOTS), _sampling()) if sampled else (SEED, MIN_HANDS, list(BOTS), None)):
        return "made with other settings (seed, hands, players or precision)"
    want = sorted(_tables(vdef.rules))
    got = [(r.get("players"), r.get("partners", False)) for r in rows]
    if len(got) != len(want) or sorted(got, key=repr) != sorted(want, key=repr):
        return "without one row per player count (and table of partners)"
    if sampled:
        try:
            if all(r.get("cut_short") or r["hands"] >= hands_needed(r) for r in rows):
                return None
        except (KeyError, TypeError, ValueError, ZeroDivisionError):
            return "not a file of figures (a row lacks a count)"
        return "with fewer hands in a row than its precision needs"
    # a row the work limit cut short is as full as it will ever be (recomputing cuts it short again; the
    # page marks it), as in the sampled branch above
    if not all(isinstance(r.get("hands"), int) and (r["hands"] >= MIN_HANDS or r.get("cut_short") is True)
               for r in rows):
        return f"with fewer than {MIN_HANDS} hands in a row (and not cut short by the work limit)"
    return None


def _read(path: Path) -> dict | str:
    """A stats file's figures (a JSON object whose ``results`` is a list of
    rows), or why it holds none, in words."""
    if not path.is_file():
        return "missing"
    if path.is_symlink() and path.parent.resolve() not in path.resolve().parents:
        return "a link leading out of the game's folder, not read"
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "not readable as JSON"
    rows = data.get("results") if isinstance(data, dict) else None
    if not isinstance(rows, list) or not all(isinstance(r, dict) for r in rows):
        return "not a file of figures (an object with a list of rows, \"results\")"
    return data


def _cached(path: Path, digest: str) -> dict | None:
    data = _read(path)
    return data if isinstance(data, dict) and data.get("hash") == digest else None


def _row(spec: tuple, players: int, partners: bool, limit: int, min_hands: int,
         tick: Callable[[int], None] | None = None, games: int = 1) -> dict:
    """One row of a game's figures: ``min_hands`` hands or more (and
    ``games`` games or more) from one stream seeded with :data:`SEED`, at
    most ``limit`` units of work (``spec``:
    :func:`~generator.sim.simulate.rules_spec`; everything comes as
    arguments, so that a process started afresh computes the same row);
    ``tick`` is called with the games played so far."""
    from ..engine.rules import make_variant

    return simulate(make_variant(*spec), players, games=games, seed=SEED, partners=partners, bots=BOTS,
                    min_hands=min_hands, max_work=limit, progress=tick)


def _trial(key: tuple, spec: tuple, players: int, partners: bool, limit: int, games: int) -> dict:
    """A club's row's first ``games`` games (the start of the row's stream)."""
    tick = _ticker(key, 0)
    row = _row(spec, players, partners, limit, 0, tick, games)
    _say(key, row["games"], row["games"])
    return row


def _sized(key: tuple, spec: tuple, players: int, partners: bool, limit: int, trial: dict | None) -> dict:
    """A row played to its size: :data:`MIN_HANDS` hands; or, for a club's
    game (``trial``: its first games), the hands :func:`hands_needed` says,
    played again with more hands (the same stream, so the same first games)
    until the row itself shows the precision, or has :data:`MIN_HANDS`
    hands, or reached its work limit. The row then has its
    :func:`precision`."""
    if trial is None:
        row = _row(spec, players, partners, limit, MIN_HANDS, _ticker(key, 0))
        _say(key, row["games"], row["games"])
        return row
    row, played = trial, 0
    while row["hands"] < hands_needed(row) and not row.get("cut_short"):
        want = min(MIN_HANDS, math.ceil(hands_needed(row) * _MARGIN))
        row = _row(spec, players, partners, limit, want, _ticker(key, played))
        played += row["games"]
    _say(key, played, played)
    return {**row, "half_width": precision(row)}


#: Where a worker reports the games it played (:class:`_Tally`'s queue; set in the process that
#: starts the workers, which inherit it; ``None``: nobody listens).
_REPORT = None


def _say(key: tuple, played: int, to_play: int | None) -> None:
    if _REPORT is not None:
        _REPORT.put((key, played, to_play))


def _ticker(key: tuple, before: int) -> Callable[[int, float], None] | None:
    """A ``progress`` for :func:`simulate` that passes the games played (plus
    ``before``) on to the listening process, at most four times a second,
    with the games the row will have played when it ends, estimated from
    the share of it done (the hands asked, or its work limit, whichever
    ends it first): a row of a game with no figures yet is counted too."""
    if _REPORT is None:
        return None
    last = [0.0]

    def tick(played: int, share: float = 0.0) -> None:
        now = time.monotonic()
        if now - last[0] >= 0.25:
            last[0] = now
            _say(key, before + played, before + max(played, math.ceil(played / share)) if share > 0 else None)
    return tick


class _Tally:
    """Sums the games the rows report (through :attr:`queue`, from any
    process) into a :class:`Count` handed to ``counts`` about once a second,
    from a thread of its own."""

    def __init__(self, counts: Callable[[Count], None]):
        import multiprocessing

        method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
        self.queue = multiprocessing.get_context(method).SimpleQueue()
        self.counts = counts
        self.lock = threading.Lock()
        self.played: dict = {}
        self.guess: dict = {}
        self.name = ""
        self.t0 = time.monotonic()
        self.last = 0.0
        self.synced = threading.Event()
        self.thread = threading.Thread(target=self._listen, daemon=True)
        self.thread.start()

    def step(self, name: str, guess: dict) -> None:
        """Start a step: ``guess`` holds the games each row is thought to play
        (``None``: not known until the row reports its own estimate; until
        then it counts as the known rows do on average); the last step's
        counts, every one of them read, are reported first."""
        self._drain()
        with self.lock:
            if self.name:
                self._emit(force=True)
            self.name, self.guess, self.played = name, dict(guess), {k: 0 for k in guess}
            self.t0 = time.monotonic()
        self._emit(force=True)

    def _drain(self) -> None:
        """Wait until the listener has read everything sent so far (a worker
        writes its counts before its result, so a finished step's are in)."""
        self.synced.clear()
        self.queue.put("sync")
        self.synced.wait(timeout=5)

    def _listen(self) -> None:
        while True:
            msg = self.queue.get()
            if msg is None:
                return
            if msg == "sync":
                self.synced.set()
                continue
            key, played, to_play = msg
            with self.lock:
                if key not in self.guess:
                    continue
                self.played[key] = played
                if to_play is not None:
                    self.guess[key] = to_play
                elif played > (self.guess[key] or 0):
                    self.guess[key] = played
            self._emit()

    def _emit(self, force: bool = False) -> None:
        now = time.monotonic()
        if not force and now - self.last < 1.0:
            return
        self.last = now
        known = [g for g in self.guess.values() if g is not None]
        unknown = sum(known) / len(known) if known else 0       # a row not begun: as the others, on average
        played = sum(self.played.values())
        to_play = round(sum(unknown if g is None else g for g in self.guess.values()))
        if not played and not to_play:      # nothing played nor known yet: nothing to say
            return
        took = now - self.t0
        left = (to_play - played) * took / played if played and took > 0 else None
        self.counts(Count(played, max(played, to_play), left, self.name))

    def close(self) -> None:
        """Report the last count and stop listening (once; again does nothing)."""
        if not self.thread.is_alive():
            return
        self.queue.put(None)
        self.thread.join(timeout=5)
        with self.lock:
            if self.name:
                self._emit(force=True)
        self.queue.close()


_T = tables("stats")


def columns(rules, lang: str, rows=()) -> dict[str, str]:
    """The headings of the figures' columns for a game with ``rules``, in
    ``lang``, over the figures' rows ``rows`` (their ``partners`` flags:
    the first player's wins are their side's only in partnerships):
    ``players``, ``games``, ``hands`` (the count), ``per_game``, ``tiles``,
    ``points``, ``block`` and ``first``. A game of trains is played in
    rounds, and its points are penalty pips; a line game's are hands and
    points (displayed points where a point is several pips)."""
    partners = frozenset(bool(r["partners"]) for r in rows)
    return family_of(rules.family).figure_columns(rules, _T[lang], partners)


def section(data: dict, rules, lang: str) -> str:
    """The Markdown of the "by the numbers" section in ``lang``: the table
    of ``data``'s rows (a row the work limit stopped is marked ``*``), and
    words that claim only what the rows hold: the least count of
    :data:`MIN_HANDS` (a club's game: :data:`FLOOR_HANDS`) hands, or rounds
    in a game played in rounds (:attr:`~generator.engine.family.Family.figure_unit`),
    of the rows not stopped short, and a club's game's precision of those rows."""
    t = _T[lang]
    c = columns(rules, lang, data["results"])
    rows = [f"| {c['players']} | {c['games']} | {c['hands']} | {c['per_game']} | {c['tiles']} | "
            f"{c['points']} | {c['block']} | {c['first']} |",
            "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for r in data["results"]:
        who = (t["pairs"] if r["partners"] else t["solo"]).format(n=r["players"])
        per_game = r["hands_per_game"]["mean"]
        mark = " \\*" if r.get("cut_short") else ""
        rows.append(f"| {who}{mark} | {r['games']:,} | {r['hands']:,} | "
                    f"{'—' if per_game is None else f'{per_game:.2f}'} | "
                    f"{r['tiles_per_hand']['mean']:.1f} | {r['points_per_hand']['mean']:.1f} | "
                    f"{100 * r['block_rate']:.1f}% | {100 * r['first_player_wins']:.1f}% |")
    family = family_of(rules.family)
    intro_key, note_key = family.figure_words_of(rules)
    unit, units = t[f"unit_{family.figure_unit}"], t[f"units_{family.figure_unit}"]
    results = data["results"]
    full = [r for r in results if not r.get("cut_short")]
    # Only what the rows hold: the least count is claimed of the rows that were not stopped short.
    sample = t["sample_seed" if not full else "sample_all" if len(full) == len(results) else "sample_unmarked"]
    intro = t[intro_key].format(sample=sample.format(seed=data["seed"], min=f"{data['min_hands']:,}", units=units))
    cut = f"\n\n{t['cut_short'].format(units=units)}" if len(full) < len(results) else ""
    sampling = data.get("sampling")
    if isinstance(sampling, dict) and full:     # a club's own game: how precise its figures are
        low, high = min(r["hands"] for r in full), max(r["hands"] for r in full)
        hands = f"{low:,}" if low == high else t["hands_range"].format(low=f"{low:,}", high=f"{high:,}")
        cut += "\n\n" + t["precise" if len(full) == len(results) else "precise_unmarked"].format(
            hw=f"±{100 * sampling['half_width']:g}", rel=f"±{100 * sampling['tiles_relative']:g}", hands=hands,
            unit=unit, units=units)
    return (f"## {t['title']} {{ #by-the-numbers }}\n\n{intro}\n\n" + "\n".join(rows)
            + f"\n\n{t[note_key].format(units=units)}{cut}\n")


def main(argv: list[str] | None = None) -> int:
    """``python -m generator.sim.stats [ID...] [--jobs N] [--check]``: bring the
    figures of the given games (default: every game of the rules folder) up to
    date, spreading the stale rows over ``N`` processes (default: every core);
    prints each game's time. With ``--check`` nothing is computed: each stale
    game is named on stderr (exit 1; 0 when all are current). Returns the exit
    status."""
    import argparse
    import time

    from ..base.args import MAX_JOBS, whole_number
    from ..model import Catalog, find_rules_dir
    from ..model.yamlsrc import SourceError

    ap = argparse.ArgumentParser(prog="python -m generator.sim.stats",
                                 description="Recompute the pages' simulated figures (rules/*/stats.json) "
                                             "whose definition changed.",
                                 epilog="example:\n  python -m generator.sim.stats all-fives block --jobs 2",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ids", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--jobs", type=whole_number(1, MAX_JOBS), default=None,
                    help=f"processes (default: every core; at most {MAX_JOBS})")
    ap.add_argument("--check", action="store_true",
                    help="compute nothing: list the games whose stored figures are stale and exit 1 if any is")
    args = ap.parse_args(argv)
    rules = find_rules_dir()
    if not Path(rules).is_dir():
        emit(f"python -m generator.sim.stats: {rules}: no such folder", file=sys.stderr)
        return 1
    cat = Catalog(rules)
    t0 = time.time()
    try:
        vdefs = [cat.variant(vid) for vid in dict.fromkeys(args.ids or cat.variant_ids())]
    except SourceError as exc:
        emit(f"python -m generator.sim.stats: {exc.message}", file=sys.stderr)
        return 2
    if not vdefs:
        emit(f"python -m generator.sim.stats: {rules}: no games in this rules folder", file=sys.stderr)
        return 1
    precise = cat.shipped is not None      # a club's rules folder: its games to the stated precision
    if args.check:
        stale = [(vdef, why) for vdef in vdefs for why in [staleness(vdef, precise)] if why is not None]
        for vdef, why in stale:
            emit(f"{Path(vdef.dir) / 'stats.json'}: {why} (run scripts/stats.sh {vdef.id})", file=sys.stderr)
        if not stale:
            emit(f"the figures of {len(vdefs)} game{'s' if len(vdefs) != 1 else ''} are current")
        return 1 if stale else 0
    refresh(vdefs, jobs=args.jobs, precise=precise,
            progress=lambda vid: emit(f"{vid}: ready at {time.time() - t0:.1f} s", flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
