"""Mexican Train position files: the trains extension of the position format
(documented in ``docs/*/authoring.md``). Placement and settlement positions of
the fixed contract (``docs/en/authoring.md#fixed-contract``) describe one line of play; a Mexican Train table
needs trains, markers and rounds, so it has three kinds of its own:

- :class:`TablePosition` -- ``table``: a moment of a round (engine, trains,
  markers, the player to move and their hand) with where they may play and why;
- :class:`RoundPosition` -- ``round`` and ``turns``: a round played move by
  move from a stated moment (or the deal), to its end;
- :class:`MatchPosition` -- ``match``: the rounds' penalty pips added up.

Tiles and names follow the spec's notation; a train is named by its owner, or
``mexican`` for the shared one; a play is written ``"TILE on TRAIN"``.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from ...engine.tiles import NotationError, Tile
from ...engine.variant import RuleViolation
from .rules import MEXICAN, STATUS, MatchResult, MexicanTrain, Round, TrainEvent
from ...model.compare import compare_match, compare_moves, compare_result, stated_diff, turns_json
from ...model.kinds import read_tile, Kinds, PositionBase, checked_base
from ...model.schema import NAME as _NAME, TEXT as _TEXT, TILE as _TILE, bound_numbers, yaml_on_key
from ...model.yamlsrc import Source, SourceError

__all__ = ["KINDS", "SCHEMAS", "TRAIN_POSITION_SCHEMA", "TablePosition", "RoundPosition", "MatchPosition", "TrainMove",
           "parse_trains", "evaluate_trains", "compare_trains", "trains_json", "play_text", "practice_trains"]

_TRAIN = {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9_]{0,15}$"}
_PLAY = {"type": "string", "pattern": r"^\S+\s+on\s+[A-Za-z][A-Za-z0-9_]*$"}
_TILES = {"type": "array", "items": _TILE}
_STATE = {
    "engine": _TILE,
    "players": {"type": "array", "minItems": 2, "items": _NAME},
    "trains": {"type": "object", "additionalProperties": _TILES},
    "markers": {"type": "array", "items": _NAME},
    "open_doubles": {"type": "array", "items": _TRAIN},
}

#: Schema of a Mexican Train position file.
TRAIN_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["variant"],
    "properties": {
        "variant": {"type": "string"}, "title": _TEXT, "note": _TEXT,
        "table": {
            "type": "object", "additionalProperties": False, "required": ["engine", "players", "to_move"],
            "properties": dict(_STATE, to_move=_NAME, hand=_TILES, question={
                "enum": ["where-to-play"],
                "description": "a practice question the engine answers: on which trains may the player to move "
                               "play now (every train with a legal play of their hand)"},
                answer={"type": "array", "items": _TRAIN, "description": "the trains (owners, or mexican)"},
                expect={
                "type": "object", "additionalProperties": False,
                "properties": {
                    "trains": {"type": "object", "additionalProperties": {"enum": list(STATUS)}},
                    "plays": {"type": "array", "items": _PLAY},
                    "open_doubles": {"type": "array", "items": _PLAY},
                }}),
        },
        "round": {
            "type": "object", "additionalProperties": False, "required": ["engine", "players", "first", "hands"],
            "properties": dict(_STATE, first=_NAME, hands={"type": "object", "additionalProperties": _TILES},
                               stock=_TILES),
        },
        "turns": {"type": "array", "minItems": 1, "items": {
            "type": "object", "additionalProperties": False, "required": ["by"],
            "properties": {
                "by": _NAME, "play": _TILE, "train": _TRAIN, "draw": _TILE, "pass": {"const": True}, "note": _TEXT,
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "next": {"type": ["string", "null"]}, "markers": {"type": "array", "items": _NAME},
                    "open_doubles": {"type": "array", "items": _PLAY}, "playable": {"type": "boolean"},
                    "end": {"enum": ["out", "blocked", None]}}},
            },
            "oneOf": [{"required": ["play", "train"]}, {"required": ["draw"]}, {"required": ["pass"]}],
        }},
        "expect": {"type": "object", "additionalProperties": False, "properties": {
            "end": {"enum": ["out", "blocked", "none"]}, "out": {"type": ["string", "null"]},
            "penalties": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}}},
        "match": {
            "type": "object", "additionalProperties": False, "required": ["players", "rounds", "penalties"],
            "properties": {
                "players": {"type": "array", "minItems": 2, "items": _NAME},
                "rounds": {"type": "integer", "minimum": 1},
                "first": _NAME,
                "penalties": {"type": "array", "minItems": 1, "items": {
                    "type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}},
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                    "winners": {"type": "array", "items": _NAME},
                    "engines": {"type": "array", "items": _TILE},
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
bound_numbers(TRAIN_POSITION_SCHEMA)


class _TrainsPosition(PositionBase):
    """Base of the three Mexican Train kinds."""

    family = "trains"


@dataclass
class _State:
    engine: Tile
    players: list[str]
    trains: dict[str, list[Tile]]
    markers: list[str]
    open_doubles: list[str] | None


@dataclass
class TablePosition(_TrainsPosition):
    """A moment of a round: ``state`` (engine, players, trains, markers, open
    doubles), the player ``to_move`` and their ``hand``; ``expect`` may state
    each train's status for that player, their legal ``plays`` and the
    ``open_doubles``."""

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
class TrainMove:
    """One move of a round: ``kind`` play/draw/pass, ``by``, the ``tile`` and
    the ``train`` played on; ``expect``, ``note``, ``index`` (1-based), ``path``."""

    index: int
    by: str
    kind: str
    tile: Tile | None
    train: str | None
    expect: dict
    note: dict | None
    path: tuple


@dataclass
class RoundPosition(_TrainsPosition):
    """A round from a stated moment: ``state``, ``first`` to move, ``hands``,
    ``stock`` (top first), ``moves``; ``expect`` checked at the end."""

    state: _State = None
    first: str = ""
    hands: dict = field(default_factory=dict)
    stock: list[Tile] = field(default_factory=list)
    moves: list[TrainMove] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "round"


@dataclass
class MatchPosition(_TrainsPosition):
    """A match's rounds: ``players``, the ``setting`` (13, 7 or 1 rounds), the
    player ``first`` to move in round 1 (optional) and each round's
    ``penalties``."""

    players: list[str] = field(default_factory=list)
    setting: int = 13
    first: str | None = None
    penalties: list[dict] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "match"


@dataclass
class TrainOutcome:
    """What the engine computed: a ``round`` (table and round positions: the
    state after the last move), its ``events``, or a ``match`` result."""

    position: Any
    round: Round | None = None
    events: list[TrainEvent] = field(default_factory=list)
    match: MatchResult | None = None


_PLAY_RE = re.compile(r"^(\S+)\s+on\s+([A-Za-z][A-Za-z0-9_]*)$")


def play_text(tile: Tile, train: str) -> str:
    """``"5-8 on A"``: a play as positions write it."""
    return f"{tile} on {train}"


def _state(src: Source, v: MexicanTrain, at: str, seen: dict) -> _State:
    d = src.data[at]
    engine = read_tile(src, v, (at, "engine"))
    if not engine.is_double:
        raise src.error((at, "engine"), f"the engine is a double, not {engine}", key=False)
    seen[engine] = (at, "engine")
    players = list(d["players"])
    if len(set(players)) != len(players):
        raise src.error((at, "players"), "a player is seated twice")
    if MEXICAN in players:
        raise src.error((at, "players"), f"{MEXICAN!r} names the shared train; pick another player name")
    if len(players) not in v.params.players:
        raise src.error((at, "players"), f"{v.id} is played by {min(v.params.players)} to "
                        f"{max(v.params.players)} players, not {len(players)}")
    trains: dict[str, list[Tile]] = {}
    for owner, tiles in (d.get("trains") or {}).items():
        if owner not in players and owner != MEXICAN:
            raise src.error((at, "trains", owner), f"no train {owner!r}: the trains are {', '.join(players)} "
                            f"and {MEXICAN}")
        trains[owner] = [_take(src, v, (at, "trains", owner, i), seen) for i in range(len(tiles))]
        end = engine.low
        for i, t in enumerate(trains[owner]):
            if not t.has(end):
                name = "the Mexican train" if owner == MEXICAN else f"{owner}'s train"
                what = (f"every train starts with a tile carrying the engine's {end}" if i == 0
                        else f"{name} shows {end} there")
                raise src.error((at, "trains", owner, i), f"{t} does not fit: {what}", key=False)
            end = end if t.is_double else t.other(end)
    marks = d.get("markers") or []
    for i, m in enumerate(marks):
        if m == MEXICAN:
            raise src.error((at, "markers", i), "the Mexican train never carries a marker", key=False)
        if m not in players:
            raise src.error((at, "markers", i), f"{m!r} is not seated", key=False)
        if m in marks[:i]:
            raise src.error((at, "markers", i), f"{m}'s marker is written twice", key=False)
    opened = d.get("open_doubles")
    for i, o in enumerate(opened or []):
        if o not in trains or not trains[o] or not trains[o][-1].is_double:
            raise src.error((at, "open_doubles", i), f"{o}'s train does not end in a double", key=False)
    ending = [o for o, ts in trains.items() if ts and ts[-1].is_double]
    if len(opened if opened is not None else ending) > 1:
        raise src.error((at, "open_doubles" if opened is not None else "trains"),
                        "only one double can be uncovered at a time: a double's extra play must cover it, and "
                        "until it is covered nobody plays anywhere else")
    return _State(engine, players, trains, list(d.get("markers") or []), opened)


def _take(src: Source, v: MexicanTrain, path: tuple, seen: dict) -> Tile:
    t = read_tile(src, v, path)
    if t in seen:
        line, col = src.mark(seen[t], key=False)
        raise src.error(path, f"{t} is written twice (first at line {line}, column {col})", key=False)
    seen[t] = path
    return t


def _round(v: MexicanTrain, st: _State, hands: dict, stock: list, first: str) -> Round:
    return Round(v, st.players, hands, stock, st.engine, first, st.trains, st.markers, st.open_doubles)


def parse_trains(src: Source, v: MexicanTrain) -> TablePosition | RoundPosition | MatchPosition:
    """Validate ``src`` against :data:`TRAIN_POSITION_SCHEMA` and the set, and
    build the typed position. Raises :class:`SourceError` at the first problem."""
    for key in ("steps", "settle", "deal"):
        if isinstance(src.data, dict) and key in src.data:
            raise src.error((key,), f"`{key}` describes one line of play; a mexican-train position has exactly "
                            f"one of: `table` (where a player may play), `round` with `turns` (a round move by "
                            f"move) or `match` (rounds added up)")
    # (before the schema, which would name these less clearly: so only a list of moves is walked here;
    # any other `turns` is the schema's to refuse)
    turns = src.get(("turns",))
    for i, m in enumerate(turns if isinstance(turns, list) else []):
        on = yaml_on_key(src, ("turns", i), "name the train with `train:`")
        if on is not None:
            raise on
        if isinstance(m, dict) and "play" in m and "train" not in m:
            raise src.error(("turns", i, "play"), "a play names its train: add `train: OWNER` (or `train: mexican`)")
    base = checked_base(src, TRAIN_POSITION_SCHEMA, _train_words)
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
        pos = TablePosition(**base, state=st, to_move=t["to_move"], hand=hand, expect=t.get("expect") or {},
                            question=t.get("question"), answer=t.get("answer"))
        _consistent(src, v, pos, ("table",))
        return pos
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
        moves = []
        for i, m in enumerate(d["turns"]):
            p = ("turns", i)
            if m["by"] not in st.players:
                raise src.error(p + ("by",), f"{m['by']!r} is not seated")
            kind = "play" if "play" in m else "draw" if "draw" in m else "pass"
            if "train" in m and kind != "play":
                raise src.error(p + ("train",), "`train` goes with `play`")
            tile = read_tile(src, v, p + (kind,)) if kind != "pass" else None
            moves.append(TrainMove(i + 1, m["by"], kind, tile, m.get("train"), m.get("expect") or {},
                                   m.get("note"), p))
        pos = RoundPosition(**base, state=st, first=r["first"], hands=hands, stock=stock, moves=moves,
                            expect=d.get("expect") or {})
        _consistent(src, v, pos, ("round",))
        return pos
    m = d["match"]
    players = list(m["players"])
    if len(set(players)) != len(players):
        raise src.error(("match", "players"), "a player is seated twice")
    if len(players) not in v.params.players:
        raise src.error(("match", "players"), f"{v.id} is played by {min(v.params.players)} to "
                        f"{max(v.params.players)} players, not {len(players)}")
    if m["rounds"] not in v.round_settings:
        raise src.error(("match", "rounds"), f"the table settings are "
                        f"{', '.join(map(str, v.round_settings))} rounds, not {m['rounds']}")
    if len(m["penalties"]) > m["rounds"]:
        raise src.error(("match", "penalties", m["rounds"]), f"a {m['rounds']}-round match has no round "
                        f"{m['rounds'] + 1}", key=False)
    whole = sum(t.pips for t in v.params.tiles)
    for i, r in enumerate(m["penalties"]):
        extra = [k for k in r if k not in players]
        if extra:
            raise src.error(("match", "penalties", i, extra[0]), f"round {i + 1}: {extra[0]!r} is not seated")
        if sorted(r) != sorted(players):
            raise src.error(("match", "penalties", i), f"round {i + 1}: give a penalty for every player: "
                            f"{', '.join(players)}")
        for k, val in r.items():
            if val > whole:
                raise src.error(("match", "penalties", i, k), f"round {i + 1}: {val} pips is more than the whole "
                                f"set holds ({whole})")
    if m.get("first") is not None and m["first"] not in players:
        raise src.error(("match", "first"), f"{m['first']!r} is not seated")
    return MatchPosition(**base, players=players, setting=m["rounds"], first=m.get("first"),
                         penalties=m["penalties"], expect=m.get("expect") or {})


def _train_words(err: SourceError) -> SourceError:
    """A schema error in the words of Mexican Train positions."""
    if "is not a valid name here" in err.message and ("plays" in err.message or "open_doubles" in err.message):
        return SourceError(err.file, err.line, err.col, err.message.replace(
            "is not a valid name here", "is not a play written `TILE on TRAIN` (e.g. \"5-8 on A\")"))
    if err.message.startswith("a position file has exactly one of"):
        return SourceError(err.file, err.line, err.col, "a mexican-train position has exactly one of: "
                           "`table` (where a player may play), `round` with `turns` (a round move by move) "
                           "or `match` (rounds added up)")
    return err


def _consistent(src: Source, v: MexicanTrain, pos, at: tuple) -> None:
    """The stated moment must be one the rules can reach: trains that match."""
    st = pos.state
    try:
        if isinstance(pos, TablePosition):
            Round(v, st.players, {pos.to_move: pos.hand}, [], st.engine, pos.to_move, st.trains, st.markers,
                  st.open_doubles)
        else:
            _round(v, st, pos.hands, pos.stock, pos.first)
    except ValueError as exc:
        raise src.error(at + ("trains",), str(exc)) from None


def evaluate_trains(pos, v: MexicanTrain) -> TrainOutcome:
    """Run a Mexican Train position through the engine, ignoring ``expect``.
    Raises :class:`SourceError` at a move the rules forbid (``[rule ID]``)."""
    src = pos.src
    if isinstance(pos, TablePosition):
        st = pos.state
        hands = {p: [] for p in st.players}
        hands[pos.to_move] = list(pos.hand)
        return TrainOutcome(pos, round=Round(v, st.players, hands, [], st.engine, pos.to_move, st.trains,
                                             st.markers, st.open_doubles))
    if isinstance(pos, RoundPosition):
        rnd = _round(v, pos.state, pos.hands, pos.stock, pos.first)
        events = []
        for mv in pos.moves:
            try:
                if mv.kind == "play":
                    ev = rnd.play(mv.by, mv.tile, mv.train)
                elif mv.kind == "draw":
                    top = rnd.stock[0] if rnd.stock else None
                    ev = rnd.draw(mv.by)
                    if ev.tile != mv.tile:
                        raise src.error(mv.path + ("draw",), f"move {mv.index}: {mv.by} draws {top}, the top of "
                                        f"the stock, not {mv.tile}", key=False)
                else:
                    ev = rnd.pass_(mv.by)
            except RuleViolation as exc:
                key = "train" if mv.kind == "play" and exc.rule.split("/")[-1] in ("marker", "open-double", "trains") \
                    else mv.kind
                raise src.error(mv.path + (key,), f"move {mv.index}: {exc}") from None
            events.append(ev)
        return TrainOutcome(pos, round=rnd, events=events)
    try:
        result = v.settle_match(pos.players, pos.penalties, pos.setting, pos.first)
    except ValueError as exc:
        raise src.error(("match",), str(exc)) from None
    return TrainOutcome(pos, match=result)


def practice_trains(rnd: Round, player: str) -> list[str]:
    """The answer to a practice table's ``where-to-play``: every train on
    which ``player`` has a legal play now, in the table's order."""
    open_to = {tr for _, tr in rnd.plays_for(player)}
    return [t for t in rnd.trains if t in open_to]


def table_values(rnd: Round, player: str) -> dict:
    """A table position's computed values: each train's status for
    ``player``, their legal plays and the open doubles."""
    return {
        "trains": {t: rnd.status(player, t) for t in rnd.trains},
        "plays": [play_text(t, tr) for t, tr in rnd.plays_for(player)],
        "open_doubles": [play_text(rnd.trains[o].last, o) for o in rnd.open_doubles],
    }


def round_values(rnd: Round) -> dict:
    """A round position's result: ``end`` (out/blocked/none), ``out`` and
    each player's ``penalties`` (pips in hand)."""
    return {"end": rnd.end or "none", "out": rnd.out, "penalties": rnd.penalties}


def match_values(m: MatchResult) -> dict:
    """A match's totals, winners (empty until the last round), engines and
    first players."""
    return {"totals": dict(m.totals), "winners": list(m.winners), "engines": [str(e) for e in m.engines],
            "first": list(m.first)}


def _norm_plays(src, path, items) -> list[str]:
    out = []
    for i, text in enumerate(items):
        mt = _PLAY_RE.match(text.strip())
        try:
            out.append(play_text(Tile.parse(mt.group(1)), mt.group(2)))
        except (NotationError, AttributeError):
            raise src.error(path + (i,), f"{text!r} is not a play written `TILE on TRAIN`", key=False) from None
    return out


def compare_trains(outcome: TrainOutcome) -> list[SourceError]:
    """Every stated value that differs from the engine, at its key."""
    pos = outcome.position
    src = pos.src
    errs: list[SourceError] = []
    if isinstance(pos, TablePosition):
        got = table_values(outcome.round, pos.to_move)
        if pos.question is not None:
            best = practice_trains(outcome.round, pos.to_move)
            unknown = [t for t in pos.answer if t not in outcome.round.trains]
            if unknown:
                errs.append(src.error(("table", "answer"), f"no train {unknown[0]!r}; the trains are "
                                                           f"{', '.join(outcome.round.trains)}"))
            elif sorted(pos.answer) != sorted(best):
                errs.append(stated_diff(src, ("table", "answer"), f"where {pos.to_move} may play", pos.answer, best,
                                  "legal plays: " + (", ".join(got["plays"]) or "none")))
        for key, stated in pos.expect.items():
            path = ("table", "expect", key)
            if key == "trains":
                for name in stated:
                    if name not in got["trains"]:
                        errs.append(src.error(path + (name,), f"no train {name!r}"))
                    elif stated[name] != got["trains"][name]:
                        errs.append(stated_diff(src, path + (name,), f"{pos.to_move} on the {name} train",
                                          stated[name], got["trains"][name]))
                continue
            try:
                norm = _norm_plays(src, path, stated)
            except SourceError as exc:
                errs.append(exc)
                continue
            same = Counter(norm) == Counter(got[key]) if key == "plays" else norm == got[key]
            if not same:
                errs.append(stated_diff(src, path, key, stated, got[key]))
        return errs
    if isinstance(pos, RoundPosition):
        same = {"markers": lambda stated, got, _: sorted(stated) == sorted(got),
                "open_doubles": lambda stated, got, path: _norm_plays(src, path, stated) == list(got)}
        errs += compare_moves(src, pos.moves, outcome.events, same)
        return errs + compare_result(src, pos.expect, round_values(outcome.round))
    return compare_match(src, pos.expect, match_values(outcome.match), complete=outcome.match.complete,
                         tiles_key="engines", not_over=f"the match is not over: {len(pos.penalties)} of "
                                                       f"{pos.setting} rounds played, so nobody has won yet")


def trains_json(outcome: TrainOutcome) -> dict:
    """The ``rulebook score --json`` values of a Mexican Train position."""
    pos = outcome.position
    if isinstance(pos, TablePosition):
        out = {"table": dict(table_values(outcome.round, pos.to_move), to_move=pos.to_move)}
        if pos.question is not None:
            out["practice"] = {"question": pos.question, "best": practice_trains(outcome.round, pos.to_move)}
        return out
    if isinstance(pos, RoundPosition):
        turns = turns_json(outcome.events, "train", lambda ev: {
            "next": ev.next, "markers": list(ev.markers), "open_doubles": list(ev.open_doubles), "end": ev.end})
        return {"turns": turns, "result": round_values(outcome.round)}
    return {"match": match_values(outcome.match)}


#: Mexican Train's kinds: a table (``table``), a round move by move (``round`` + ``turns``), a match.
KINDS = Kinds("trains", parse_trains, evaluate_trains, compare_trains, trains_json,
              names=("table", "round", "match"))

#: The schema of its position files (``docs/schemas/train-position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"train-position": (TRAIN_POSITION_SCHEMA, "Domino rulebook: Mexican Train position",
                    ("rules/mexican-train/positions/*.yaml: a table, a round move by move (round and turns) "
                     "or a match."))}
