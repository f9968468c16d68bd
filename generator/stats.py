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
import inspect
import json
import os
import sys
from pathlib import Path

from . import simulate as simulate_module
from .cachefile import write_atomic
from .engine import hand, layout, tiles, variant as variant_module
from .i18n import tables
from .simulate import simulate
from .variants import mexican_train

__all__ = ["MIN_HANDS", "SEED", "WORK_LIMITS", "definition_hash", "figures", "section", "columns"]

#: Hands simulated per player count, at least.
MIN_HANDS = 10_000
#: The seed of every page's simulation.
SEED = 2026
#: The players at the table: a greedy player and a random one, alternating.
BOTS = ("greedy", "random")
#: The most work (:class:`~generator.simulate.Work` units) one game's figures may take, by
#: family, and one row of them (a player count) at most: a few minutes of one core at
#: worst, so that no rule file (a double-eighteen set, a match of a million rounds) can hang
#: a build. A row that reaches its share stops early and is marked. A decision of a game of
#: trains costs less than one on a line, where each tile is tried at every open end and its
#: count worked out. Every game of the repository stays well inside (the largest row, Mexican
#: Train's, takes about half of its share).
WORK_LIMITS = {"line": (16_000_000, 4_000_000), "trains": (100_000_000, 25_000_000)}


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
    return _code_text(inspect.getsource(module))


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
    mods = own + [hand, layout, tiles, variant_module, simulate_module, mexican_train]
    for m in mods:
        h.update(code_text(m).encode())
    h.update(f"{MIN_HANDS}/{SEED}/{','.join(BOTS)}/{sorted(WORK_LIMITS.items())}".encode())
    return h.hexdigest()


def _tables(rules) -> list[tuple[int, bool]]:
    p = rules.params
    out = [(n, False) for n in p.players]
    out += [(n, True) for n in p.partnerships]
    return out


def figures(vdef, write: bool = True) -> dict:
    """The simulated figures of ``vdef`` (cached); with ``write`` a fresh
    result is stored in ``rules/<id>/stats.json`` (never for a standard game
    shipped with the package: its folder is the installation's)."""
    path = Path(vdef.dir) / "stats.json"
    digest = definition_hash(vdef)
    if path.is_file():
        try:
            cached = json.loads(path.read_text(encoding="utf-8"))
            if cached.get("hash") == digest:
                return cached
        except (OSError, ValueError):
            pass
    results = []
    tables = _tables(vdef.rules)
    per_game, per_row = WORK_LIMITS["trains" if vdef.rules.family == "trains" else "line"]
    limit = min(per_row, per_game // max(1, len(tables)))
    for n, partners in tables:
        r = simulate(vdef.rules, n, games=1, seed=SEED, partners=partners, bots=BOTS, min_hands=MIN_HANDS,
                     max_work=limit)
        results.append(r)
    data = {"hash": digest, "seed": SEED, "min_hands": MIN_HANDS, "bots": list(BOTS), "results": results}
    if write and not vdef.shipped and os.access(path.parent, os.W_OK):
        write_atomic(path, (json.dumps(data, ensure_ascii=False, indent=1, sort_keys=True) + "\n").encode("utf-8"))
    return data


_T = tables("stats")


def columns(rules, lang: str) -> dict[str, str]:
    """The headings of the figures' columns for a game with ``rules``, in
    ``lang``: ``players``, ``games``, ``hands`` (the count), ``per_game``,
    ``tiles``, ``points``, ``block`` and ``first``. A game of trains is
    played in rounds, and its points are penalty pips; a line game's are
    hands and points (displayed points where a point is several pips)."""
    t = _T[lang]
    if rules.family == "trains":
        return dict(players=t["players"], games=t["games"], hands=t["round"], per_game=t["rpg"], tiles=t["tpr"],
                    points=t["pen"], block=t["block_rounds"], first=t["first_rounds"])
    points = t["pph"] + (t["displayed_points"] if rules.params.point_unit > 1 else "")
    return dict(players=t["players"], games=t["games"], hands=t["hands"], per_game=t["hpg"], tiles=t["tph"],
                points=points, block=t["block"], first=t["first"])


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
    intro = t["intro"].format(seed=data["seed"], min=f"{data['min_hands']:,}")
    cut = f"\n\n{t['cut_short']}" if any(r.get("cut_short") for r in data["results"]) else ""
    return (f"## {t['title']} {{ #by-the-numbers }}\n\n{intro}\n\n" + "\n".join(rows) + f"\n\n{t['note']}{cut}\n")
