"""Positions of the families played in rounds: a table of places round a
centre double (Mexican Train's trains, Chicken Foot's arms), a round played
move by move to its penalties, a match of rounds added up.

Such a family writes three kinds of position, on one plan:

- ``table``: a moment of a round (the centre double, the players, the tiles
  on each place, the player to move and their hand), with where they may play
  and why; a practice table asks ``where-to-play`` and answers with places;
- ``round`` and ``turns``: a round from a stated moment, move by move
  (``play`` with the place it goes on, ``draw``, ``pass``), to its end;
- ``match``: each round's penalties, added up.

This module holds what every such family does alike: the schema's frame
(:func:`rounds_schema`), the typed positions (:class:`TablePosition`,
:class:`RoundPosition`, :class:`MatchPosition`, :class:`Move`,
:class:`Outcome`) and the parsing, running, comparing and JSON of them
(:class:`RoundsFormat`). A family subclasses :class:`RoundsFormat` with what
differs (its keys' names, how its state is read and its round made, its
words) and registers it (:meth:`RoundsFormat.kinds`); this module knows no
family and names no layout.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..engine.reasons import Reason
from ..engine.tiles import NotationError, Tile
from ..engine.rulebase import RuleViolation
from .compare import compare_match, compare_moves, compare_result, stated_diff, turns_json
from .kinds import Kinds, PositionBase, checked_base, read_tile
from .schema import NAME, TEXT, TILE, bound_numbers, yaml_on_key
from .yamlsrc import Source, SourceError, SourceErrors

__all__ = ["TILES", "rounds_schema", "TablePosition", "RoundPosition", "MatchPosition", "Move", "Outcome",
           "RoundsFormat", "take_tile", "check_seated", "play_text"]

#: A list of tiles (the schema of a place's tiles, a hand, the stock).
TILES = {"type": "array", "items": TILE}


def rounds_schema(*, centre: str, place: str, place_item: dict, state: Mapping[str, dict], question: str,
                  answer: str, table_expect: Mapping[str, dict], round_extra: Mapping[str, dict],
                  turn_expect: Mapping[str, dict], match_extra: Mapping[str, dict], match_tiles: str) -> dict:
    """The JSON schema of a family's position file (a table, a round with its turns, or a match).

    ``centre`` names the key of the centre double; ``place`` the key of a play's place (``play: TILE``
    with ``PLACE: NAME``); ``place_item`` is the schema of a place's name; ``state`` the keys after
    ``players`` in a table's and a round's state; ``question`` and ``answer`` the descriptions of a
    practice table's question and answer;
    ``table_expect`` what a table may expect; ``round_extra`` a round's keys after ``stock``;
    ``turn_expect`` what a move may expect between ``next`` and ``playable``; ``match_extra`` a match's
    keys between ``players`` and ``first`` (each a required key); ``match_tiles`` the key of the
    rounds' centre doubles a match may expect. The numbers are bounded (:func:`bound_numbers`)."""
    st = {centre: TILE, "players": {"type": "array", "minItems": 2, "items": NAME}, **state}
    schema: dict[str, Any] = {
        "type": "object", "additionalProperties": False, "required": ["variant"],
        "properties": {
            "variant": {"type": "string"}, "title": TEXT, "note": TEXT,
            "table": {
                "type": "object", "additionalProperties": False, "required": [centre, "players", "to_move"],
                "properties": dict(st, to_move=NAME, hand=TILES,
                                   question={"enum": ["where-to-play"], "description": question},
                                   answer={"type": "array", "items": place_item, "description": answer},
                                   expect={"type": "object", "additionalProperties": False,
                                           "properties": dict(table_expect)}),
            },
            "round": {
                "type": "object", "additionalProperties": False, "required": [centre, "players", "first", "hands"],
                "properties": dict(st, first=NAME, hands={"type": "object", "additionalProperties": TILES},
                                   stock=TILES, **round_extra),
            },
            "turns": {"type": "array", "minItems": 1, "items": {
                "type": "object", "additionalProperties": False, "required": ["by"],
                "properties": {
                    "by": NAME, "play": TILE, place: place_item, "draw": TILE, "pass": {"const": True}, "note": TEXT,
                    "expect": {"type": "object", "additionalProperties": False, "properties": {
                        "next": {"type": ["string", "null"]}, **turn_expect, "playable": {"type": "boolean"},
                        "end": {"enum": ["out", "blocked", None]}}},
                },
                "oneOf": [{"required": ["play", place]}, {"required": ["draw"]}, {"required": ["pass"]}],
            }},
            "expect": {"type": "object", "additionalProperties": False, "properties": {
                "end": {"enum": ["out", "blocked", "none"]}, "out": {"type": ["string", "null"]},
                "penalties": {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}}},
            "match": {
                "type": "object", "additionalProperties": False, "required": ["players", *match_extra, "penalties"],
                "properties": {
                    "players": {"type": "array", "minItems": 2, "items": NAME},
                    **match_extra,
                    "first": NAME,
                    "penalties": {"type": "array", "minItems": 1, "items": {
                        "type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}},
                    "expect": {"type": "object", "additionalProperties": False, "properties": {
                        "totals": {"type": "object", "additionalProperties": {"type": "integer"}},
                        "winners": {"type": "array", "items": NAME},
                        match_tiles: {"type": "array", "items": TILE},
                        "first": {"type": "array", "items": NAME}}},
                },
            },
        },
        "oneOf": [
            {"required": ["table"], "not": {"anyOf": [{"required": ["round"]}, {"required": ["match"]}]}},
            {"required": ["round", "turns"], "not": {"anyOf": [{"required": ["table"]}, {"required": ["match"]}]}},
            {"required": ["match"], "not": {"anyOf": [{"required": ["table"]}, {"required": ["round"]}]}},
        ],
    }
    bound_numbers(schema)
    return schema


@dataclass
class TablePosition(PositionBase):
    """A moment of a round: ``state`` (the family's: the centre double, ``players``, the places ...),
    the player ``to_move`` and their ``hand``; ``expect`` may state each place's status for that player
    and their legal ``plays`` (and what else the family computes); a practice table asks ``question``
    (``where-to-play``) with its ``answer`` (places)."""

    state: Any = None
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
class Move:
    """One move of a round: ``kind`` play/draw/pass, ``by``, the ``tile`` and the ``place`` played on
    (a train, an arm ...); ``expect``, ``note``, ``index`` (1-based), ``path`` (its key in the file)."""

    index: int
    by: str
    kind: str
    tile: Tile | None
    place: str | None
    expect: dict
    note: dict | None
    path: tuple


@dataclass
class RoundPosition(PositionBase):
    """A round from a stated moment: ``state``, ``first`` to move, ``hands``,
    ``stock`` (top first), ``moves``; ``expect`` checked at the end."""

    state: Any = None
    first: str = ""
    hands: dict = field(default_factory=dict)
    stock: list[Tile] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "round"


@dataclass
class MatchPosition(PositionBase):
    """A match's rounds: ``players``, the player ``first`` to move in round 1
    (optional) and each round's ``penalties`` (player -> penalty)."""

    players: list[str] = field(default_factory=list)
    first: str | None = None
    penalties: list[dict] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "match"


@dataclass
class Outcome:
    """What the engine computed: a ``round`` (table and round positions: the
    state after the last move), its ``events``, or a ``match`` result."""

    position: Any
    round: Any = None
    events: list = field(default_factory=list)
    match: Any = None


def play_text(tile: Tile, place: str) -> str:
    """``"5-8 on A"``: a play as positions write it."""
    return f"{tile} on {place}"


def take_tile(src: Source, v, path: tuple, seen: dict) -> Tile:
    """The tile at ``path`` of ``src``, noted in ``seen`` (tile -> path); raises :class:`SourceError`
    there for a tile written twice in the file (naming where it came first)."""
    t = read_tile(src, v, path)
    if t in seen:
        line, col = src.mark(seen[t], key=False)
        raise src.error(path, f"{t} is written twice (first at line {line}, column {col})", key=False)
    seen[t] = path
    return t


def check_seated(src: Source, v, path: tuple, players: list) -> None:
    """Raises :class:`SourceError` at ``path`` for a player seated twice, or a number of players the
    game's ``players`` param does not allow."""
    if len(set(players)) != len(players):
        raise src.error(path, "a player is seated twice")
    if len(players) not in v.params.players:
        raise src.error(path, f"{v.id} is played by {min(v.params.players)} to {max(v.params.players)} players, "
                              f"not {len(players)}")


class RoundsFormat:
    """One family's positions of rounds: the family subclasses it, sets the class attributes and
    writes the hooks below; :meth:`parse`, :meth:`evaluate`, :meth:`compare` and :meth:`to_json` are
    the same for every such family (:meth:`kinds` hands them to the registry)."""

    #: The family's name (its layout), which its positions' classes carry.
    layout = ""
    #: The schema (:func:`rounds_schema`).
    schema: dict = {}
    #: The keys: of a play's place in a move (``train``), of the state's places (``trains``), of the
    #: rounds' centre doubles in a match's result (``engines``).
    place = ""
    places = ""
    match_tiles = ""
    #: The key of the state's centre double (``engine``, ``centre``).
    centre = ""
    #: How a place is written in ``TILE on PLACE`` (``TRAIN``), and the pattern of such a play.
    place_word = ""
    play_re: re.Pattern = re.compile("")
    #: Top-level keys of other families' positions, refused with :meth:`foreign_words`.
    foreign_keys: tuple[str, ...] = ()
    #: What the error for a play with no place adds (``add `train: OWNER` ...``).
    missing_place = ""
    #: The last part of the rule ids whose refusal of a play is about its place (located there).
    place_rules: frozenset = frozenset()
    #: The family's position classes (subclasses of this module's, with ``family`` set).
    table_class = TablePosition
    round_class = RoundPosition
    match_class = MatchPosition
    move_class = Move

    # -- hooks ---------------------------------------------------------------------------------------

    def foreign_words(self, key: str) -> str:
        """The error for a top-level ``key`` of another family's positions."""
        raise NotImplementedError

    def words(self, err: SourceError) -> SourceError:
        """A schema error in the family's words (unchanged by default)."""
        return err

    def read_state(self, src: Source, v, at: str, seen: dict) -> Any:
        """The state under ``at`` (``table`` or ``round``), its tiles noted in ``seen``
        (:func:`take_tile`); it has ``players``. Raises :class:`SourceError`."""
        raise NotImplementedError

    def new_round(self, v, state, hands: dict, stock: list, first: str) -> Any:
        """The family's round from ``state`` with these hands and stock, ``first`` to move (raises
        ``ValueError`` for a state the rules cannot reach)."""
        raise NotImplementedError

    def check_table(self, src: Source, v, pos: TablePosition) -> None:
        """More checks of a parsed table (none by default)."""

    def check_deal(self, src: Source, v, state, data: Mapping, hands: dict, stock: list) -> None:
        """More checks of a round's hands and stock before its moves are read (none by default)."""

    def check_round(self, src: Source, v, pos: RoundPosition) -> None:
        """More checks of a parsed round (none by default)."""

    def match_rounds(self, src: Source, v, data: Mapping) -> int:
        """How many rounds the match under ``data`` has (raises :class:`SourceError`)."""
        raise NotImplementedError

    def too_many_rounds(self, rounds: int) -> str:
        """The error for a match given more rounds' penalties than ``rounds``."""
        raise NotImplementedError

    def whole_set(self, v) -> int:
        """The most one round's penalty can be: the whole set's."""
        raise NotImplementedError

    def too_much(self, i: int, value: int, whole: int) -> str:
        """The error for round ``i`` (0-based) stating a penalty ``value`` above ``whole``."""
        raise NotImplementedError

    def match_fields(self, data: Mapping) -> dict:
        """The family's own fields of its match position, read from ``data`` (none by default)."""
        return {}

    def settle(self, v, pos: MatchPosition) -> Any:
        """The match's result (raises ``ValueError`` for penalties the rules refuse)."""
        raise NotImplementedError

    def not_over(self, pos: MatchPosition) -> str:
        """The error for a match's stated winners before its last round."""
        raise NotImplementedError

    def table_values(self, rnd, player: str) -> dict:
        """A table's computed values: each place's status for ``player`` (under :attr:`places`), their
        legal ``plays`` (``TILE on PLACE``) and what else the family computes."""
        raise NotImplementedError

    def compare_table_key(self, src: Source, pos: TablePosition, rnd, got: dict, key: str, stated,
                          path: tuple) -> list[SourceError] | None:
        """The errors of a table's ``expect`` ``key`` the family compares itself (its places'
        statuses ...), or ``None`` for a list of plays compared here."""
        return None

    def plays_label(self, pos: TablePosition, key: str) -> str:
        """The label of a stated list of plays that differs."""
        return key

    def move_same(self, src: Source) -> dict[str, Callable]:
        """The keys of a move's ``expect`` compared otherwise than by equality (:func:`compare_moves`)."""
        return {}

    def turn_after(self, ev) -> dict:
        """What ``rulebook score --json`` gives after each turn (who moves next, what is open ...)."""
        raise NotImplementedError

    # -- shared --------------------------------------------------------------------------------------

    def kinds(self) -> Kinds:
        """The family's entry for these positions (:meth:`generator.engine.family.Family.kinds`): a table,
        a round move by move, a match."""
        return Kinds(self.layout, self.parse, self.evaluate, self.compare, self.to_json,
                     names=("table", "round", "match"))

    def practice(self, rnd, player: str) -> list[str]:
        """The answer to a practice table's ``where-to-play``: every place on which ``player`` has a
        legal play now, in the table's order."""
        open_to = {p for _, p in rnd.plays_for(player)}
        return [p for p in getattr(rnd, self.places) if p in open_to]

    @staticmethod
    def round_values(rnd) -> dict:
        """A round's result: ``end`` (out/blocked/none), ``out`` and each player's ``penalties``."""
        return {"end": rnd.end or "none", "out": rnd.out, "penalties": rnd.penalties}

    def match_values(self, m) -> dict:
        """A match's totals, winners (empty until the last round), centre doubles and first players."""
        return {"totals": dict(m.totals), "winners": list(m.winners),
                self.match_tiles: [str(e) for e in getattr(m, self.match_tiles)], "first": list(m.first)}

    def first_problems(self, src: Source, v, at: str) -> list[SourceError]:
        """The independent problems of the table or round under ``at``, every one of them (the guide:
        each is listed, not only the first): a number of players the game's ``players`` param does not
        allow, and each tile (the centre, the places', the hand or hands, the stock) the set or the
        notation does not have. The checks that depend on these come after them, one at a time."""
        d = src.data[at]
        problems = []
        players = d["players"]
        if len(players) not in v.params.players:
            problems.append(src.error((at, "players"), f"{v.id} is played by {min(v.params.players)} to "
                                                       f"{max(v.params.players)} players, not {len(players)}"))
        paths = [(at, self.centre)]
        for key in (self.places, "hands"):
            paths += [(at, key, name, i) for name, tiles in (d.get(key) or {}).items() for i in range(len(tiles))]
        for key in ("hand", "stock"):
            paths += [(at, key, i) for i in range(len(d.get(key) or ()))]
        for path in paths:
            try:
                read_tile(src, v, path)
            except SourceError as exc:
                problems.append(exc)
        return sorted(problems, key=lambda e: (e.line, e.col))

    def parse(self, src: Source, v) -> TablePosition | RoundPosition | MatchPosition:
        """Validate ``src`` against :attr:`schema` and the set, and build the typed position. Raises
        :class:`SourceErrors` with every independent problem of a table or round
        (:meth:`first_problems`), else :class:`SourceError` at the first problem."""
        for key in self.foreign_keys:
            if isinstance(src.data, dict) and key in src.data:
                raise src.error((key,), self.foreign_words(key))
        # (before the schema, which would name these less clearly: so only a list of moves is walked here;
        # any other `turns` is the schema's to refuse)
        place = self.place
        turns = src.get(("turns",))
        for i, m in enumerate(turns if isinstance(turns, list) else []):
            on = yaml_on_key(src, ("turns", i), f"name the {place} with `{place}:`")
            if on is not None:
                raise on
            if isinstance(m, dict) and "play" in m and place not in m:
                raise src.error(("turns", i, "play"), f"a play names its {place}: add {self.missing_place}")
        base = checked_base(src, self.schema, self.words)
        d = src.data
        seen: dict = {}
        for at in ("table", "round"):
            if at in d:
                problems = self.first_problems(src, v, at)
                if problems:
                    raise SourceErrors.of(problems)
        if "table" in d:
            st = self.read_state(src, v, "table", seen)
            t = d["table"]
            if t["to_move"] not in st.players:
                raise src.error(("table", "to_move"), f"{t['to_move']!r} is not seated")
            hand = [take_tile(src, v, ("table", "hand", i), seen) for i in range(len(t.get("hand") or []))]
            if ("question" in t) != ("answer" in t):
                raise src.error(("table", "question" if "question" in t else "answer"),
                                "a practice table gives both `question` and `answer`")
            if "question" in t and not hand:
                raise src.error(("table", "question"), "a practice table needs the `hand` of the player to move")
            pos = self.table_class(**base, state=st, to_move=t["to_move"], hand=hand, expect=t.get("expect") or {},
                                   question=t.get("question"), answer=t.get("answer"))
            self.check_table(src, v, pos)
            return pos
        if "round" in d:
            st = self.read_state(src, v, "round", seen)
            r = d["round"]
            if r["first"] not in st.players:
                raise src.error(("round", "first"), f"{r['first']!r} is not seated")
            if sorted(r["hands"]) != sorted(st.players):
                raise src.error(("round", "hands"), "give exactly one hand for every seated player")
            hands = {p: [take_tile(src, v, ("round", "hands", p, i), seen) for i in range(len(r["hands"][p]))]
                     for p in st.players}
            stock = [take_tile(src, v, ("round", "stock", i), seen) for i in range(len(r.get("stock") or []))]
            self.check_deal(src, v, st, r, hands, stock)
            moves = []
            for i, m in enumerate(d["turns"]):
                p = ("turns", i)
                if m["by"] not in st.players:
                    raise src.error(p + ("by",), f"{m['by']!r} is not seated")
                kind = "play" if "play" in m else "draw" if "draw" in m else "pass"
                if place in m and kind != "play":
                    raise src.error(p + (place,), f"`{place}` goes with `play`")
                tile = read_tile(src, v, p + (kind,)) if kind != "pass" else None
                moves.append(self.move_class(i + 1, m["by"], kind, tile, m.get(place), m.get("expect") or {},
                                             m.get("note"), p))
            pos = self.round_class(**base, state=st, first=r["first"], hands=hands, stock=stock, moves=moves,
                                   expect=d.get("expect") or {})
            self.check_round(src, v, pos)
            return pos
        m = d["match"]
        players = list(m["players"])
        check_seated(src, v, ("match", "players"), players)
        rounds = self.match_rounds(src, v, m)
        if len(m["penalties"]) > rounds:
            raise src.error(("match", "penalties", rounds), self.too_many_rounds(rounds), key=False)
        whole = self.whole_set(v)
        for i, r in enumerate(m["penalties"]):
            extra = [k for k in r if k not in players]
            if extra:
                raise src.error(("match", "penalties", i, extra[0]), f"round {i + 1}: {extra[0]!r} is not seated")
            if sorted(r) != sorted(players):
                raise src.error(("match", "penalties", i), f"round {i + 1}: give a penalty for every player: "
                                                           f"{', '.join(players)}")
            for k, val in r.items():
                if val > whole:
                    raise src.error(("match", "penalties", i, k), self.too_much(i, val, whole))
        if m.get("first") is not None and m["first"] not in players:
            raise src.error(("match", "first"), f"{m['first']!r} is not seated")
        return self.match_class(**base, players=players, first=m.get("first"), penalties=m["penalties"],
                                expect=m.get("expect") or {}, **self.match_fields(m))

    def evaluate(self, pos, v) -> Outcome:
        """Run a position through the engine, ignoring ``expect``. Raises :class:`SourceError` at a
        move the rules forbid (``[rule ID]``)."""
        src = pos.src
        if isinstance(pos, TablePosition):
            st = pos.state
            hands = {p: [] for p in st.players}
            hands[pos.to_move] = list(pos.hand)
            return Outcome(pos, round=self.new_round(v, st, hands, [], pos.to_move))
        if isinstance(pos, RoundPosition):
            rnd = self.new_round(v, pos.state, pos.hands, pos.stock, pos.first)
            events = []
            for mv in pos.moves:
                try:
                    if mv.kind == "play":
                        ev = rnd.play(mv.by, mv.tile, mv.place)
                    elif mv.kind == "draw":
                        top = rnd.stock[0] if rnd.stock else None
                        ev = rnd.draw(mv.by)
                        if ev.tile != mv.tile:
                            raise src.error(mv.path + ("draw",), f"move {mv.index}: {mv.by} draws {top}, the top "
                                                                 f"of the stock, not {mv.tile}", key=False,
                                            reason=Reason("misfit", at=("move", mv.index)))
                    else:
                        ev = rnd.pass_(mv.by)
                except RuleViolation as exc:
                    key = self.place if mv.kind == "play" and exc.rule.split("/")[-1] in self.place_rules \
                        else mv.kind
                    have = tuple(getattr(rnd, self.places))
                    lacking = (mv.place,) if mv.kind == "play" and mv.place not in have else ()
                    raise src.error(mv.path + (key,), f"move {mv.index}: {exc}",
                                    reason=Reason.refusal(exc, lacking, have if lacking else ()).located(
                                        "move", mv.index)) from None
                events.append(ev)
            return Outcome(pos, round=rnd, events=events)
        try:
            result = self.settle(v, pos)
        except ValueError as exc:
            raise src.error(("match",), str(exc)) from None
        return Outcome(pos, match=result)

    def norm_plays(self, src: Source, path: tuple, items) -> list[str]:
        """Stated plays (``TILE on PLACE``) as the engine writes them; raises :class:`SourceError` at
        the first that is not such a play."""
        out = []
        for i, text in enumerate(items):
            mt = self.play_re.match(text.strip())
            try:
                out.append(play_text(Tile.parse(mt.group(1)), mt.group(2)))
            except (NotationError, AttributeError):
                raise src.error(path + (i,), f"{text!r} is not a play written `TILE on {self.place_word}`",
                                key=False) from None
        return out

    def compare(self, outcome: Outcome) -> list[SourceError]:
        """Every stated value that differs from the engine, at its key."""
        pos = outcome.position
        src = pos.src
        errs: list[SourceError] = []
        if isinstance(pos, TablePosition):
            rnd = outcome.round
            places = getattr(rnd, self.places)
            got = self.table_values(rnd, pos.to_move)
            if pos.question is not None:
                best = self.practice(rnd, pos.to_move)
                unknown = [p for p in pos.answer if p not in places]
                if unknown:
                    errs.append(src.error(("table", "answer"), f"no {self.place} {unknown[0]!r}; the "
                                                               f"{self.places} are {', '.join(places)}",
                                          reason=Reason("no-arm", places=(unknown[0],), have=tuple(places))))
                elif sorted(pos.answer) != sorted(best):
                    errs.append(stated_diff(src, ("table", "answer"), f"where {pos.to_move} may play", pos.answer,
                                            best, "legal plays: " + (", ".join(got["plays"]) or "none")))
            for key, stated in pos.expect.items():
                path = ("table", "expect", key)
                own = self.compare_table_key(src, pos, rnd, got, key, stated, path)
                if own is not None:
                    errs += own
                    continue
                try:
                    norm = self.norm_plays(src, path, stated)
                except SourceError as exc:
                    errs.append(exc)
                    continue
                same = Counter(norm) == Counter(got[key]) if key == "plays" else norm == got[key]
                if not same:
                    errs.append(stated_diff(src, path, self.plays_label(pos, key), stated, got[key]))
            return errs
        if isinstance(pos, RoundPosition):
            errs += compare_moves(src, pos.moves, outcome.events, self.move_same(src))
            return errs + compare_result(src, pos.expect, self.round_values(outcome.round))
        return compare_match(src, pos.expect, self.match_values(outcome.match), complete=outcome.match.complete,
                             tiles_key=self.match_tiles, not_over=self.not_over(pos))

    def to_json(self, outcome: Outcome) -> dict:
        """The ``rulebook score --json`` values of a position."""
        pos = outcome.position
        if isinstance(pos, TablePosition):
            out = {"table": dict(self.table_values(outcome.round, pos.to_move), to_move=pos.to_move)}
            if pos.question is not None:
                out["practice"] = {"question": pos.question, "best": self.practice(outcome.round, pos.to_move)}
            return out
        if isinstance(pos, RoundPosition):
            return {"turns": turns_json(outcome.events, self.place, self.turn_after),
                    "result": self.round_values(outcome.round)}
        return {"match": self.match_values(outcome.match)}
