"""The "by the numbers" figures of each variant page: a seeded simulation of at
least :data:`MIN_HANDS` hands per player count (and partnership game),
computed at build time and cached in ``rules/<id>/stats.json`` under the hash
of everything that decides the result (the variant's parameters, its rule
module, the engine and the simulator). An unchanged definition reuses the
cache, so builds stay fast and byte-identical; a changed one recomputes and
rewrites the cache, which is committed with the change.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Callable

from ..base.cachefile import write_atomic
from ..base.i18n import tables
from ..base.processes import cores, in_order
from ..base.report import emit
from ..engine.family import families, family_of
from .simulate import rules_spec, simulate

__all__ = ["MIN_HANDS", "SEED", "work_limits", "definition_hash", "figures", "refresh", "section", "columns"]

#: Hands simulated per player count, at least.
MIN_HANDS = 10_000
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
    worked out. Every game of the repository stays well inside (the largest
    row, Mexican Train's, takes about half of its share)."""
    return {f.name: f.work_limits for f in families()}


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


def _code_text(source: str) -> str:
    tree = ast.parse(source)
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            node.body = body[1:] or [ast.Pass()]
    return ast.dump(tree, include_attributes=False)


def definition_hash(vdef) -> str:
    """SHA-256 of the variant's parameters and rule choices (their values:
    the words describing them do not count), the source of every module
    that decides a simulated game, plus the sample size, seed and players."""
    h = hashlib.sha256()
    h.update(json.dumps(vdef.params, sort_keys=True, default=str).encode())
    h.update(json.dumps(vdef.choices.as_dict(), sort_keys=True).encode())
    own = sorted({sys.modules[c.__module__] for c in type(vdef.rules).__mro__ if c.__module__.startswith("generator.")},
                 key=lambda m: m.__name__)
    mods = own + [m for m in family_of(vdef.rules.family).decisive_modules() if m not in own]
    for m in mods:
        h.update(code_text(m).encode())
    h.update(f"{MIN_HANDS}/{SEED}/{','.join(BOTS)}/{sorted(work_limits().items())}".encode())
    return h.hexdigest()


def _tables(rules) -> list[tuple[int, bool]]:
    p = rules.params
    out = [(n, False) for n in p.players]
    out += [(n, True) for n in p.partnerships]
    return out


def figures(vdef, write: bool = True, jobs: int | None = None) -> dict:
    """The simulated figures of ``vdef`` (cached); with ``write`` a fresh
    result is stored in ``rules/<id>/stats.json`` (never for a standard game
    shipped with the package: its folder is the installation's). A fresh
    result's rows (one per player count) are played by up to ``jobs``
    processes (default: every core), with the same figures for any number."""
    return refresh([vdef], write, jobs)[vdef.id]


def refresh(vdefs, write: bool = True, jobs: int | None = None,
            progress: Callable[[str], None] | None = None) -> dict[str, dict]:
    """:func:`figures` of every game in ``vdefs``, by id: the rows of every
    game whose cache is stale are spread together over up to ``jobs``
    processes (default: every core); ``progress`` is called with each game's
    id once its figures are ready."""
    out: dict[str, dict] = {}
    todo = []                               # (vdef, digest, rows)
    for vdef in vdefs:
        digest = definition_hash(vdef)
        cached = _cached(Path(vdef.dir) / "stats.json", digest)
        if cached is not None:
            out[vdef.id] = cached
            if progress is not None:
                progress(vdef.id)
            continue
        rows = _tables(vdef.rules)
        per_game, per_row = work_limits()[vdef.rules.family]
        limit = min(per_row, per_game // max(1, len(rows)))
        todo.append((vdef, digest, [(rules_spec(vdef.rules), n, partners, limit, MIN_HANDS) for n, partners in rows]))
    work = [row for _, _, rows in todo for row in rows]
    jobs = min(jobs or cores(), len(work))
    results = in_order(_row, work, jobs) if jobs > 1 else (_row(*row) for row in work)
    try:
        _collect(todo, results, out, write, progress)
    finally:
        results.close()                     # ends the workers, also when a row failed
    return out


def _collect(todo, results, out: dict, write: bool, progress) -> None:
    for vdef, digest, rows in todo:
        data = {"hash": digest, "seed": SEED, "min_hands": MIN_HANDS, "bots": list(BOTS),
                "results": [next(results) for _ in rows]}
        path = Path(vdef.dir) / "stats.json"
        if write and not vdef.shipped and os.access(path.parent, os.W_OK):
            write_atomic(path, (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8"))
        out[vdef.id] = data
        if progress is not None:
            progress(vdef.id)


def is_current(vdef) -> bool:
    """Whether ``rules/<id>/stats.json`` holds figures for ``vdef``'s current
    definition (:func:`staleness` finds nothing to say)."""
    return staleness(vdef) is None


def staleness(vdef) -> str | None:
    """Why ``rules/<id>/stats.json`` does not hold figures for ``vdef`` as it
    is now, in words, or ``None`` when it does: the file is missing or not a
    JSON object of figures, or it was made for another definition
    (:func:`definition_hash`: the parameters and the engine's source), with
    other settings (seed, hands, players), without a row for some player
    count or table of partners, or with fewer than :data:`MIN_HANDS` hands in
    a row. ``python -m generator.sim.stats --check`` names them; a build
    recomputes a file that is unreadable or made for another definition
    (:func:`refresh`)."""
    data = _read(Path(vdef.dir) / "stats.json")
    if isinstance(data, str):
        return data
    rows = data["results"]
    if data.get("hash") != definition_hash(vdef):
        return "made for other rules or another engine"
    if (data.get("seed"), data.get("min_hands"), data.get("bots")) != (SEED, MIN_HANDS, list(BOTS)):
        return "made with other settings (seed, hands or players)"
    want = sorted(_tables(vdef.rules))
    got = [(r.get("players"), r.get("partners", False)) for r in rows]
    if len(got) != len(want) or sorted(got, key=repr) != sorted(want, key=repr):
        return "without one row per player count (and table of partners)"
    if not all(isinstance(r.get("hands"), int) and r["hands"] >= MIN_HANDS for r in rows):
        return f"with fewer than {MIN_HANDS} hands in a row"
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


def _row(spec: tuple, players: int, partners: bool, limit: int, min_hands: int) -> dict:
    """One row of a game's figures: ``min_hands`` hands or more from one
    stream seeded with :data:`SEED`, at most ``limit`` units of work
    (``spec``: :func:`~generator.sim.simulate.rules_spec`; everything comes as
    arguments, so that a process started afresh computes the same row)."""
    from ..variants import make_variant

    return simulate(make_variant(*spec), players, games=1, seed=SEED, partners=partners, bots=BOTS,
                    min_hands=min_hands, max_work=limit)


_T = tables("stats")


def columns(rules, lang: str) -> dict[str, str]:
    """The headings of the figures' columns for a game with ``rules``, in
    ``lang``: ``players``, ``games``, ``hands`` (the count), ``per_game``,
    ``tiles``, ``points``, ``block`` and ``first``. A game of trains is
    played in rounds, and its points are penalty pips; a line game's are
    hands and points (displayed points where a point is several pips)."""
    return family_of(rules.family).figure_columns(rules, _T[lang])


def section(data: dict, rules, lang: str) -> str:
    """The Markdown of the "by the numbers" section in ``lang``."""
    t = _T[lang]
    c = columns(rules, lang)
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
    intro_key, note_key = family_of(rules.family).figure_words
    intro = t[intro_key].format(seed=data["seed"], min=f"{data['min_hands']:,}")
    cut = f"\n\n{t['cut_short']}" if any(r.get("cut_short") for r in data["results"]) else ""
    return (f"## {t['title']} {{ #by-the-numbers }}\n\n{intro}\n\n" + "\n".join(rows) + f"\n\n{t[note_key]}{cut}\n")


def main(argv: list[str] | None = None) -> int:
    """``python -m generator.sim.stats [ID...] [--jobs N] [--check]``: bring the
    figures of the given games (default: every game of the rules folder) up to
    date, spreading the stale rows over ``N`` processes (default: every core);
    prints each game's time. With ``--check`` nothing is computed: each stale
    game is named on stderr (exit 1; 0 when all are current). Returns the exit
    status."""
    import argparse
    import time

    from ..base.args import positive_int
    from ..model import Catalog, find_rules_dir
    from ..model.yamlsrc import SourceError

    ap = argparse.ArgumentParser(prog="python -m generator.sim.stats",
                                 description="Recompute the pages' simulated figures (rules/*/stats.json) "
                                             "whose definition changed.",
                                 epilog="example:\n  python -m generator.sim.stats all-fives block --jobs 2",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("ids", nargs="*", help="game ids (default: every game)")
    ap.add_argument("--jobs", type=positive_int, default=None, help="processes (default: every core)")
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
    if args.check:
        stale = [(vdef, why) for vdef in vdefs for why in [staleness(vdef)] if why is not None]
        for vdef, why in stale:
            emit(f"{Path(vdef.dir) / 'stats.json'}: {why} (run scripts/stats.sh {vdef.id})", file=sys.stderr)
        if not stale:
            emit(f"the figures of {len(vdefs)} game{'s' if len(vdefs) != 1 else ''} are current")
        return 1 if stale else 0
    refresh(vdefs, jobs=args.jobs, progress=lambda vid: emit(f"{vid}: ready at {time.time() - t0:.1f} s",
                                                                  flush=True))
    return 0


if __name__ == "__main__":
    sys.exit(main())
