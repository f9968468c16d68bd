"""Chicken Foot position files: the tree extension of the position format
(documented in ``docs/*/authoring.md``). A tree of doubles needs arms, toes
and rounds, so it has three kinds of its own, written as Mexican Train's are:

- :class:`TablePosition` -- ``table``: a moment of a round (the centre double,
  the arms, the player to move and their hand) with where they may play and why;
- :class:`RoundPosition` -- ``round`` and ``turns``: a round played move by
  move from a stated moment (or the deal), to its end;
- :class:`MatchPosition` -- ``match``: the rounds' penalty points added up.

Tiles and names follow the spec's notation; an arm of the centre is named
``a``, ``b``, ... and the toes of a double at the end of arm ``b`` are
``b1``, ``b2``, ``b3``; a play is written ``"TILE on ARM"``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...engine.tiles import NotationError, Tile
from ...engine.variant import RuleViolation
from .rules import STATUS, ChickenFoot, ChickenMatch, Round, TreeEvent
from ...model.compare import compare_match, compare_moves, compare_result, stated_diff, turns_json
from ...model.kinds import Kinds, PositionBase, checked_base, read_tile
from ...model.schema import NAME as _NAME, TEXT as _TEXT, TILE as _TILE, bound_numbers, yaml_on_key
from ...model.yamlsrc import Source, SourceError

__all__ = ["KINDS", "SCHEMAS", "TREE_POSITION_SCHEMA", "TablePosition", "RoundPosition", "MatchPosition", "TreeMove", "TreeOutcome",
           "parse_tree", "evaluate_tree", "compare_tree", "tree_json", "play_text", "practice_arms",
           "table_values", "round_values", "match_values"]

_ARM = {"type": "string", "pattern": r"^[a-z][1-3]{0,12}$"}
_PLAY = {"type": "string", "pattern": r"^\S+\s+on\s+[a-z][1-3]*$"}
_TILES = {"type": "array", "items": _TILE}
_STATE = {
    "centre": _TILE,
    "players": {"type": "array", "minItems": 2, "items": _NAME},
    "arms": {"type": "object", "propertyNames": _ARM, "additionalProperties": _TILES},
}

#: Schema of a Chicken Foot position file.
TREE_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["variant"],
    "properties": {
        "variant": {"type": "string"}, "title": _TEXT, "note": _TEXT,
        "table": {
            "type": "object", "additionalProperties": False, "required": ["centre", "players", "to_move"],
            "properties": dict(_STATE, to_move=_NAME, hand=_TILES, question={
                "enum": ["where-to-play"],
                "description": "a practice question the engine answers: on which arms may the player to move "
                               "play now (every arm with a legal play of their hand)"},
                answer={"type": "array", "items": _ARM, "description": "the arms (a, b, ..., b1 ...)"},
                expect={
                "type": "object", "additionalProperties": False,
                "properties": {
                    "arms": {"type": "object", "propertyNames": _ARM, "additionalProperties": {"enum": list(STATUS)}},
                    "plays": {"type": "array", "items": _PLAY},
                    "must_fill": {"type": "array", "items": _ARM},
                }}),
        },
        "round": {
            "type": "object", "additionalProperties": False, "required": ["centre", "players", "first", "hands"],
            "properties": dict(_STATE, first=_NAME, hands={"type": "object", "additionalProperties": _TILES},
                               stock=_TILES, dealt={
                                   "type": "boolean",
                                   "description": "the round starts from the deal: no arms yet, every hand the "
                                                  "game's deal for this many players, and the centre, the hands "
                                                  "and the stock together the whole set (checked)"}),
        },
        "turns": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["by"],
            "properties": {
                "by": _NAME, "play": _TILE, "arm": _ARM, "draw": _TILE, "pass": {"const": True}, "note": _TEXT,
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "next": {"type": ["string", "null"]}, "must_fill": {"type": "array", "items": _ARM},
                    "playable": {"type": "boolean"}, "end": {"enum": ["out", "blocked", None]}}},
            },
            "oneOf": [{"required": ["play", "arm"]}, {"required": ["draw"]}, {"required": ["pass"]}],
        }},
        "expect": {"type": "object", "additionalProperties": False, "properties": {
            "end": {"enum": ["out", "blocked", "none"]}, "out": {"type": ["string", "null"]},
            "penalties": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}}},
        "match": {
            "type": "object", "additionalProperties": False, "required": ["players", "penalties"],
            "properties": {
                "players": {"type": "array", "minItems": 2, "items": _NAME},
                "first": _NAME,
                "penalties": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}},
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "winners": {"type": "array", "items": _NAME},
                    "centres": {"type": "array", "items": _TILE},
                    "first": {"type": "array", "items": _NAME}}},
            },
        },
    },
    "oneOf": [
        {"required": ["table"], "not": {"anyOf": [{"required": ["round"]}, {"required": ["match"]}]}},
        {"required": ["round", "turns"], "not": {"anyOf": [{"required": ["table"]}, {"required": ["match"]}]}},
        {"required": ["match"], "not": {"anyOf": [{"required": ["table"]}, {"required": ["round"]}]}},
    ],
}
bound_numbers(TREE_POSITION_SCHEMA)

_KINDS_WORDS = ("a chicken-foot position has exactly one of: `table` (where a player may play), `round` with "
                "`turns` (a round move by move) or `match` (rounds added up)")


class _TreePosition(PositionBase):
    """Base of the three Chicken Foot kinds."""

    family = "tree"


@dataclass
class _State:
    centre: Tile
    players: list[str]
    arms: dict[str, list[Tile]]


@dataclass
class TablePosition(_TreePosition):
    """A moment of a round: ``state`` (centre, players, arms), the player
    ``to_move`` and their ``hand``; ``expect`` may state each arm's status,
    the legal ``plays`` and the arms that ``must_fill`` first; a practice
    table asks ``question`` (``where-to-play``) with its ``answer`` (arms)."""

    state: _State = None
    to_move: str = ""
    hand: list[Tile] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    question: str | None = None
    answer: list[str] | None = None
    kind = "table"

    @property
    def is_practice(self) -> bool:
        """Whether the table asks the reader a question (``question`` and ``answer``)."""
        return self.question is not None


@dataclass
class TreeMove:
    """One move of a round: ``kind`` play/draw/pass, ``by``, the ``tile`` and
    the ``arm`` played on; ``expect``, ``note``, ``index`` (1-based), ``path``."""

    index: int
    by: str
    kind: str
    tile: Tile | None
    arm: str | None
    expect: dict
    note: dict | None
    path: tuple


@dataclass
class RoundPosition(_TreePosition):
    """A round from a stated moment: ``state``, ``first`` to move, ``hands``,
    ``stock`` (top first), ``moves``; ``expect`` checked at the end."""

    state: _State = None
    first: str = ""
    hands: dict = field(default_factory=dict)
    stock: list[Tile] = field(default_factory=list)
    moves: list[TreeMove] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "round"


@dataclass
class MatchPosition(_TreePosition):
    """A match's rounds: ``players``, the player ``first`` to move in round 1
    (optional) and each round's ``penalties`` (player -> penalty points)."""

    players: list[str] = field(default_factory=list)
    first: str | None = None
    penalties: list[dict] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "match"


@dataclass
class TreeOutcome:
    """What the engine computed: a ``round`` (table and round positions: the
    state after the last move), its ``events``, or a ``match`` result."""

    position: Any
    round: Round | None = None
    events: list[TreeEvent] = field(default_factory=list)
    match: ChickenMatch | None = None


_PLAY_RE = re.compile(r"^(\S+)\s+on\s+([a-z][1-3]*)$")


def play_text(tile: Tile, arm: str) -> str:
    """``"9-4 on a"``: a play as positions write it."""
    return f"{tile} on {arm}"


def _take(src: Source, v: ChickenFoot, path: tuple, seen: dict) -> Tile:
    t = read_tile(src, v, path)
    if t in seen:
        line, col = src.mark(seen[t], key=False)
        raise src.error(path, f"{t} is written twice (first at line {line}, column {col})", key=False)
    seen[t] = path
    return t


def _seated(src: Source, v: ChickenFoot, path: tuple, players: list) -> None:
    if len(set(players)) != len(players):
        raise src.error(path, "a player is seated twice")
    if len(players) not in v.params.players:
        raise src.error(path, f"{v.id} is played by {min(v.params.players)} to {max(v.params.players)} players, "
                              f"not {len(players)}")


def _state(src: Source, v: ChickenFoot, at: str, seen: dict) -> _State:
    d = src.data[at]
    centre = read_tile(src, v, (at, "centre"))
    if not centre.is_double:
        raise src.error((at, "centre"), f"the centre is a double, not {centre}", key=False)
    seen[centre] = (at, "centre")
    players = list(d["players"])
    _seated(src, v, (at, "players"), players)
    arms = {name: [_take(src, v, (at, "arms", name, i), seen) for i in range(len(tiles))]
            for name, tiles in (d.get("arms") or {}).items()}
    try:
        Round(v, players, {}, [], centre, players[0], arms)
    except ValueError as exc:
        raise src.error((at, "arms") if d.get("arms") else (at, "centre"), str(exc)) from None
    return _State(centre, players, arms)


def _round(v: ChickenFoot, st: _State, hands: dict, stock: list, first: str) -> Round:
    return Round(v, st.players, hands, stock, st.centre, first, st.arms)


def parse_tree(src: Source, v: ChickenFoot) -> TablePosition | RoundPosition | MatchPosition:
    """Validate ``src`` against :data:`TREE_POSITION_SCHEMA` and the set, and
    build the typed position. Raises :class:`SourceError` at the first problem."""
    for key in ("steps", "settle", "deal", "trick", "follow", "marks"):
        if isinstance(src.data, dict) and key in src.data:
            raise src.error((key,), f"`{key}` belongs to another kind of game; {_KINDS_WORDS}")
    # (before the schema, which would name these less clearly: so only a list of moves is walked here;
    # any other `turns` is the schema's to refuse)
    turns = src.get(("turns",))
    for i, m in enumerate(turns if isinstance(turns, list) else []):
        on = yaml_on_key(src, ("turns", i), "name the arm with `arm:`")
        if on is not None:
            raise on
        if isinstance(m, dict) and "play" in m and "arm" not in m:
            raise src.error(("turns", i, "play"), "a play names its arm: add `arm: NAME` (a, b, ... or a toe "
                                                  "such as b1)")
    base = checked_base(src, TREE_POSITION_SCHEMA, _tree_words)
    d = src.data
    seen: dict = {}
    if "table" in d:
        st = _state(src, v, "table", seen)
        t = d["table"]
        if t["to_move"] not in st.players:
            raise src.error(("table", "to_move"), f"{t['to_move']!r} is not seated")
        hand = [_take(src, v, ("table", "hand", i), seen) for i in range(len(t.get("hand") or []))]
        if ("question" in t) != ("answer" in t):
            raise src.error(("table", "question" if "question" in t else "answer"),
                            "a practice table gives both `question` and `answer`")
        if "question" in t and not hand:
            raise src.error(("table", "question"), "a practice table needs the `hand` of the player to move")
        return TablePosition(**base, state=st, to_move=t["to_move"], hand=hand, expect=t.get("expect") or {},
                             question=t.get("question"), answer=t.get("answer"))
    if "round" in d:
        st = _state(src, v, "round", seen)
        r = d["round"]
        if r["first"] not in st.players:
            raise src.error(("round", "first"), f"{r['first']!r} is not seated")
        if sorted(r["hands"]) != sorted(st.players):
            raise src.error(("round", "hands"), "give exactly one hand for every seated player")
        hands = {p: [_take(src, v, ("round", "hands", p, i), seen) for i in range(len(r["hands"][p]))]
                 for p in st.players}
        stock = [_take(src, v, ("round", "stock", i), seen) for i in range(len(r.get("stock") or []))]
        if r.get("dealt"):
            _dealt(src, v, st, hands, stock)
        moves = []
        for i, m in enumerate(d["turns"]):
            p = ("turns", i)
            if m["by"] not in st.players:
                raise src.error(p + ("by",), f"{m['by']!r} is not seated")
            kind = "play" if "play" in m else "draw" if "draw" in m else "pass"
            if "arm" in m and kind != "play":
                raise src.error(p + ("arm",), "`arm` goes with `play`")
            tile = read_tile(src, v, p + (kind,)) if kind != "pass" else None
            moves.append(TreeMove(i + 1, m["by"], kind, tile, m.get("arm"), m.get("expect") or {}, m.get("note"), p))
        return RoundPosition(**base, state=st, first=r["first"], hands=hands, stock=stock, moves=moves,
                             expect=d.get("expect") or {})
    m = d["match"]
    players = list(m["players"])
    _seated(src, v, ("match", "players"), players)
    if len(m["penalties"]) > v.rounds:
        raise src.error(("match", "penalties", v.rounds), f"a match of {v.rounds} rounds has no round "
                                                          f"{v.rounds + 1}", key=False)
    whole = v.penalty(v.params.tiles)
    for i, r in enumerate(m["penalties"]):
        extra = [k for k in r if k not in players]
        if extra:
            raise src.error(("match", "penalties", i, extra[0]), f"round {i + 1}: {extra[0]!r} is not seated")
        if sorted(r) != sorted(players):
            raise src.error(("match", "penalties", i), f"round {i + 1}: give a penalty for every player: "
                                                       f"{', '.join(players)}")
        for k, val in r.items():
            if val > whole:
                raise src.error(("match", "penalties", i, k), f"round {i + 1}: {val} penalty points is more than "
                                                              f"the whole set counts ({whole})")
    if m.get("first") is not None and m["first"] not in players:
        raise src.error(("match", "first"), f"{m['first']!r} is not seated")
    return MatchPosition(**base, players=players, first=m.get("first"), penalties=m["penalties"],
                         expect=m.get("expect") or {})


def _dealt(src: Source, v: ChickenFoot, st: _State, hands: dict, stock: list) -> None:
    """A round stated as dealt (``dealt: true``) is the deal itself: no arm has a tile yet, every hand
    holds the game's deal for the number of players (14 each for three with double-nine), and the centre,
    the hands and the stock hold the whole set, each tile once (55 with double-nine). Raises
    :class:`SourceError` at the first key that breaks it."""
    if any(st.arms.values()):
        raise src.error(("round", "arms"), "a round from the deal has no tiles on its arms yet: leave out `arms`, "
                                           "or leave out `dealt`")
    size = v.params.deal[len(st.players)]
    for p in st.players:
        if len(hands[p]) != size:
            raise src.error(("round", "hands", p), f"{p} is dealt {size} tiles with {len(st.players)} players, "
                                                   f"not {len(hands[p])}")
    held = {st.centre, *stock, *(t for p in st.players for t in hands[p])}
    missing = [t for t in v.params.tiles if t not in held]
    if missing:
        shown = ", ".join(str(t) for t in missing[:5]) + (" ..." if len(missing) > 5 else "")
        where = ("round", "stock") if "stock" in src.data["round"] else ("round", "hands")
        raise src.error(where, f"the deal leaves out {len(missing)} of the set's {len(v.params.tiles)} tiles "
                               f"({shown}): the centre, the hands and the stock hold the whole set")


def _tree_words(err: SourceError) -> SourceError:
    """A schema error in the words of Chicken Foot positions."""
    if "is not a valid name here" in err.message and ("plays" in err.message or "arms" in err.message
                                                      or "arm" in err.message or "must_fill" in err.message):
        return SourceError(err.file, err.line, err.col, err.message.replace(
            "is not a valid name here", "is not an arm (a, b, ... for the centre's arms, b1, b2, b3 for the toes "
                                        "of a double at the end of arm b) or a play written `TILE on ARM`"))
    if err.message.startswith("a position file has exactly one of"):
        return SourceError(err.file, err.line, err.col, _KINDS_WORDS)
    return err


def evaluate_tree(pos, v: ChickenFoot) -> TreeOutcome:
    """Run a Chicken Foot position through the engine, ignoring ``expect``.
    Raises :class:`SourceError` at a move the rules forbid (``[rule ID]``)."""
    src = pos.src
    if isinstance(pos, TablePosition):
        st = pos.state
        hands = {p: [] for p in st.players}
        hands[pos.to_move] = list(pos.hand)
        return TreeOutcome(pos, round=Round(v, st.players, hands, [], st.centre, pos.to_move, st.arms))
    if isinstance(pos, RoundPosition):
        rnd = _round(v, pos.state, pos.hands, pos.stock, pos.first)
        events = []
        for mv in pos.moves:
            try:
                if mv.kind == "play":
                    ev = rnd.play(mv.by, mv.tile, mv.arm)
                elif mv.kind == "draw":
                    top = rnd.stock[0] if rnd.stock else None
                    ev = rnd.draw(mv.by)
                    if ev.tile != mv.tile:
                        raise src.error(mv.path + ("draw",), f"move {mv.index}: {mv.by} draws {top}, the top of "
                                        f"the stock, not {mv.tile}", key=False)
                else:
                    ev = rnd.pass_(mv.by)
            except RuleViolation as exc:
                key = "arm" if mv.kind == "play" and exc.rule.split("/")[-1] in ("fill-the-foot", "closed-arm",
                                                                                "arms") else mv.kind
                raise src.error(mv.path + (key,), f"move {mv.index}: {exc}") from None
            events.append(ev)
        return TreeOutcome(pos, round=rnd, events=events)
    try:
        result = v.settle_match(pos.players, pos.penalties, pos.first)
    except ValueError as exc:
        raise src.error(("match",), str(exc)) from None
    return TreeOutcome(pos, match=result)


def practice_arms(rnd: Round, player: str) -> list[str]:
    """The answer to a practice table's ``where-to-play``: every arm on which
    ``player`` has a legal play now, in the tree's order."""
    open_to = {a for _, a in rnd.plays_for(player)}
    return [a for a in rnd.arms if a in open_to]


def table_values(rnd: Round, player: str) -> dict:
    """A table position's computed values: each arm's status, the legal
    plays of ``player`` and the arms that must be filled first."""
    return {"arms": {a: rnd.status(a) for a in rnd.arms},
            "plays": [play_text(t, a) for t, a in rnd.plays_for(player)],
            "must_fill": list(rnd.must_fill)}


def round_values(rnd: Round) -> dict:
    """A round position's result: ``end`` (out/blocked/none), ``out`` and
    each player's ``penalties`` (penalty points in hand)."""
    return {"end": rnd.end or "none", "out": rnd.out, "penalties": rnd.penalties}


def match_values(m: ChickenMatch) -> dict:
    """A match's totals, winners (empty until the last round), centres and
    first players."""
    return {"totals": dict(m.totals), "winners": list(m.winners), "centres": [str(c) for c in m.centres],
            "first": list(m.first)}


def _norm_plays(src, path, items) -> list[str]:
    out = []
    for i, text in enumerate(items):
        mt = _PLAY_RE.match(text.strip())
        try:
            out.append(play_text(Tile.parse(mt.group(1)), mt.group(2)))
        except (NotationError, AttributeError):
            raise src.error(path + (i,), f"{text!r} is not a play written `TILE on ARM`", key=False) from None
    return out


def compare_tree(outcome: TreeOutcome) -> list[SourceError]:
    """Every stated value that differs from the engine, at its key."""
    pos = outcome.position
    src = pos.src
    errs: list[SourceError] = []
    if isinstance(pos, TablePosition):
        rnd = outcome.round
        got = table_values(rnd, pos.to_move)
        if pos.question is not None:
            best = practice_arms(rnd, pos.to_move)
            unknown = [a for a in pos.answer if a not in rnd.arms]
            if unknown:
                errs.append(src.error(("table", "answer"), f"no arm {unknown[0]!r}; the arms are "
                                                           f"{', '.join(rnd.arms)}"))
            elif sorted(pos.answer) != sorted(best):
                errs.append(stated_diff(src, ("table", "answer"), f"where {pos.to_move} may play", pos.answer, best,
                                  "legal plays: " + (", ".join(got["plays"]) or "none")))
        for key, stated in pos.expect.items():
            path = ("table", "expect", key)
            if key == "arms":
                for name in stated:
                    if name not in got["arms"]:
                        errs.append(src.error(path + (name,), f"no arm {name!r}; the arms are {', '.join(rnd.arms)}"))
                    elif stated[name] != got["arms"][name]:
                        errs.append(stated_diff(src, path + (name,), f"arm {name}", stated[name], got["arms"][name]))
                continue
            if key == "must_fill":
                if sorted(stated) != sorted(got[key]):
                    errs.append(stated_diff(src, path, "the arms to fill first", stated, got[key]))
                continue
            try:
                norm = _norm_plays(src, path, stated)
            except SourceError as exc:
                errs.append(exc)
                continue
            if Counter(norm) != Counter(got[key]):
                errs.append(stated_diff(src, path, f"{pos.to_move}'s legal plays", stated, got[key]))
        return errs
    if isinstance(pos, RoundPosition):
        errs += compare_moves(src, pos.moves, outcome.events,
                              {"must_fill": lambda stated, got, _: sorted(stated) == sorted(got)})
        return errs + compare_result(src, pos.expect, round_values(outcome.round))
    return compare_match(src, pos.expect, match_values(outcome.match), complete=outcome.match.complete,
                         tiles_key="centres", not_over=f"the match is not over: {len(pos.penalties)} rounds "
                                                       f"played, so nobody has won yet")


def tree_json(outcome: TreeOutcome) -> dict:
    """The ``rulebook score --json`` values of a Chicken Foot position."""
    pos = outcome.position
    if isinstance(pos, TablePosition):
        out = {"table": dict(table_values(outcome.round, pos.to_move), to_move=pos.to_move)}
        if pos.question is not None:
            out["practice"] = {"question": pos.question, "best": practice_arms(outcome.round, pos.to_move)}
        return out
    if isinstance(pos, RoundPosition):
        turns = turns_json(outcome.events, "arm", lambda ev: {
            "next": ev.next, "must_fill": list(ev.must_fill), "end": ev.end})
        return {"turns": turns, "result": round_values(outcome.round)}
    return {"match": match_values(outcome.match)}


#: Chicken Foot's kinds: a table (``table``), a round move by move (``round`` + ``turns``), a match.
KINDS = Kinds("tree", parse_tree, evaluate_tree, compare_tree, tree_json,
              names=("table", "round", "match"))

#: The schema of its position files (``docs/schemas/tree-position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"tree-position": (TREE_POSITION_SCHEMA, "Domino rulebook: Chicken Foot position",
                    ("rules/<id>/positions/*.yaml for a tree of doubles: a table (where a tile may go), a round "
                     "move by move (round and turns) or a match."))}
