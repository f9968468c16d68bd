"""How a position's stated values are compared with the engine's, shared by
the families whose positions are rounds move by move and matches of rounds
(trains, the tree) and by the tricks': the one wording of a difference, the
check of each move's ``expect``, a round's result, a match's totals and the
``rulebook score --json`` list of a round's turns.

Every function takes the position's :class:`~generator.model.yamlsrc.Source`
(so an error points at the key it is about) and returns the
:class:`~generator.model.yamlsrc.SourceError` values it finds; none raises.

>>> from generator.model.yamlsrc import loads
>>> src = loads("expect: {end: out}\\n", "f.yaml")
>>> [str(e) for e in compare_result(src, {"end": "out"}, {"end": "blocked"})]
['f.yaml:1:10: error: end: stated "out", the engine computes "blocked"']
"""

from __future__ import annotations

import json
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..engine.tiles import NotationError, Tile
from .yamlsrc import Source, SourceError

__all__ = ["stated_diff", "compare_moves", "compare_result", "compare_match", "turns_json"]

#: How one ``expect`` key of a move is compared: ``(stated, computed, path) -> same?``, ``path`` the
#: key's; it may raise :class:`SourceError` for a stated value it cannot read (that error is reported).
Same = Callable[[Any, Any, tuple], bool]


def stated_diff(src: Source, path: tuple, label: str, stated: Any, computed: Any, detail: str = "") -> SourceError:
    """The error for a stated value that differs, at ``path``: ``LABEL: stated
    X, the engine computes Y`` (both as JSON), then `` (DETAIL)`` if given."""
    return src.error(path, f"{label}: stated {json.dumps(stated, ensure_ascii=False)}, the engine computes "
                           f"{json.dumps(computed, ensure_ascii=False)}" + (f" ({detail})" if detail else ""))


def compare_moves(src: Source, moves: Sequence, events: Sequence, same: Mapping[str, Same] | None = None) \
        -> list[SourceError]:
    """Each move's ``expect`` against the event the engine made of it, the
    two zipped in order. A move has ``index`` (1-based), ``by``, ``kind``,
    ``tile`` (or ``None``), ``path`` and ``expect``; an event has an
    attribute for each key. A key in ``same`` is compared by its function
    (a list given in any order, say); the others must be equal."""
    errs: list[SourceError] = []
    same = same or {}
    for mv, ev in zip(moves, events):
        label = f"move {mv.index} ({mv.by} {mv.kind}{' ' + str(mv.tile) if mv.tile else ''})"
        for key, stated in mv.expect.items():
            got = getattr(ev, key)
            path = mv.path + ("expect", key)
            try:
                ok = same[key](stated, got, path) if key in same else stated == got
            except SourceError as exc:
                errs.append(exc)
                continue
            if not ok:
                errs.append(stated_diff(src, path, f"{label} {key}", stated,
                                        list(got) if isinstance(got, tuple) else got))
    return errs


def compare_result(src: Source, expect: Mapping[str, Any], got: Mapping[str, Any]) -> list[SourceError]:
    """A round's top-level ``expect`` (end, out, penalties ...) against ``got``."""
    return [stated_diff(src, ("expect", key), key, stated, got[key])
            for key, stated in expect.items() if stated != got[key]]


def compare_match(src: Source, expect: Mapping[str, Any], got: Mapping[str, Any], *, complete: bool,
                  tiles_key: str, not_over: str) -> list[SourceError]:
    """A match's ``expect`` (under ``match:``) against ``got``: ``winners``
    in any order, and only once the match is ``complete`` (else the error
    ``not_over``); ``tiles_key`` names the list of tiles (the rounds'
    engines or centres), read in any notation."""
    errs: list[SourceError] = []
    for key, stated in expect.items():
        path = ("match", "expect", key)
        if key == "winners" and not complete:
            errs.append(src.error(path, not_over))
            continue
        if key == tiles_key:
            try:
                same = [str(Tile.parse(x)) for x in stated] == got[key]
            except NotationError as exc:
                errs.append(src.error(path, str(exc)))
                continue
        else:
            same = sorted(stated) == sorted(got[key]) if key == "winners" else stated == got[key]
        if not same:
            errs.append(stated_diff(src, path, key, stated, got[key]))
    return errs


def turns_json(events: Iterable, place: str, after: Callable[[Any], Mapping[str, Any]]) -> list[dict]:
    """The ``turns`` of ``rulebook score --json`` for a round: each event as
    ``{"by", "move", "tile"?, PLACE?, "playable"? (a draw)}`` followed by
    what ``after(event)`` gives (who moves next, what is open ...).
    ``place`` is the attribute, and key, of where a tile went."""
    turns = []
    for ev in events:
        item: dict[str, Any] = {"by": ev.player, "move": ev.kind}
        if ev.tile is not None:
            item["tile"] = str(ev.tile)
        if getattr(ev, place) is not None:
            item[place] = getattr(ev, place)
        if ev.kind == "draw":
            item["playable"] = ev.playable
        item.update(after(ev))
        turns.append(item)
    return turns
