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
from dataclasses import dataclass
from typing import Any

from ...engine.tiles import Tile
from .rules import MEXICAN, STATUS, MexicanTrain, Round, all_open
from ...model import rounds
from ...model.compare import stated_diff
from ...model.kinds import read_tile
from ...model.rounds import play_text, take_tile as _take
from ...model.schema import NAME as _NAME
from ...model.yamlsrc import Source, SourceError

__all__ = ["KINDS", "SCHEMAS", "TRAIN_POSITION_SCHEMA", "TablePosition", "RoundPosition", "MatchPosition", "TrainMove",
           "parse_trains", "evaluate_trains", "compare_trains", "trains_json", "play_text", "practice_trains"]

_TRAIN = {"type": "string", "pattern": r"^[A-Za-z][A-Za-z0-9_]{0,15}$"}
_PLAY = {"type": "string", "pattern": r"^\S+\s+on\s+[A-Za-z][A-Za-z0-9_]*$"}

#: Schema of a Mexican Train position file.
TRAIN_POSITION_SCHEMA: dict[str, Any] = rounds.rounds_schema(
    centre="engine", place="train", place_item=_TRAIN,
    state={"trains": {"type": "object", "additionalProperties": rounds.TILES},
           "markers": {"type": "array", "items": _NAME},
           "open_doubles": {"type": "array", "items": _TRAIN}},
    question="a practice question the engine answers: on which trains may the player to move play now (every "
             "train with a legal play of their hand)",
    answer="the trains (owners, or mexican)",
    table_expect={"trains": {"type": "object", "additionalProperties": {"enum": list(STATUS)}},
                  "plays": {"type": "array", "items": _PLAY},
                  "open_doubles": {"type": "array", "items": _PLAY}},
    round_extra={},
    turn_expect={"markers": {"type": "array", "items": _NAME}, "open_doubles": {"type": "array", "items": _PLAY}},
    match_extra={"rounds": {"type": "integer", "minimum": 1}},
    match_tiles="engines")

_KINDS_WORDS = ("a mexican-train position has exactly one of: `table` (where a player may play), `round` with "
                "`turns` (a round move by move) or `match` (rounds added up)")


@dataclass
class _State:
    engine: Tile
    players: list[str]
    trains: dict[str, list[Tile]]
    markers: list[str]
    open_doubles: list[str] | None


class TablePosition(rounds.TablePosition):
    """A moment of a round: ``state`` (engine, players, trains, markers, open
    doubles), the player ``to_move`` and their ``hand``; ``expect`` may state
    each train's status for that player, their legal ``plays`` and the
    ``open_doubles``."""

    family = "trains"


class TrainMove(rounds.Move):
    """One move of a round (:class:`generator.model.rounds.Move`): its ``place`` is the ``train``."""

    @property
    def train(self) -> str | None:
        """The train played on (its owner, or ``mexican``), or ``None`` for a draw or a pass."""
        return self.place


class RoundPosition(rounds.RoundPosition):
    """A round from a stated moment: ``state``, ``first`` to move, ``hands``,
    ``stock`` (top first), ``moves``; ``expect`` checked at the end."""

    family = "trains"


@dataclass
class MatchPosition(rounds.MatchPosition):
    """A match's rounds: ``players``, the ``setting`` (13, 7 or 1 rounds), the
    player ``first`` to move in round 1 (optional) and each round's
    ``penalties`` (player -> pips)."""

    family = "trains"
    setting: int = 13


def _state(src: Source, v: MexicanTrain, at: str, seen: dict) -> _State:
    """The engine, players, trains, markers and open doubles under ``at``; raises :class:`SourceError`."""
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
        if all_open(v):
            raise src.error((at, "markers", i), f"{v.id} has no markers: every train is open to everyone "
                                                 "(train_access: open)", key=False)
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



class _Format(rounds.RoundsFormat):
    """Mexican Train's positions: trains named by their owners (or ``mexican``), markers, open doubles,
    a match of 13, 7 or 1 rounds counted in pips."""

    layout = "trains"
    schema = TRAIN_POSITION_SCHEMA
    place, places, match_tiles, place_word, centre = "train", "trains", "engines", "TRAIN", "engine"
    play_re = re.compile(r"^(\S+)\s+on\s+([A-Za-z][A-Za-z0-9_]*)$")
    foreign_keys = ("steps", "settle", "deal")
    missing_place = "`train: OWNER` (or `train: mexican`)"
    place_rules = frozenset({"marker", "open-double", "trains"})
    table_class, round_class, match_class, move_class = TablePosition, RoundPosition, MatchPosition, TrainMove

    def foreign_words(self, key: str) -> str:
        return f"`{key}` describes one line of play; {_KINDS_WORDS}"

    def words(self, err: SourceError) -> SourceError:
        """A schema error in the words of Mexican Train positions."""
        if "is not a valid name here" in err.message and ("plays" in err.message or "open_doubles" in err.message):
            return SourceError(err.file, err.line, err.col, err.message.replace(
                "is not a valid name here", "is not a play written `TILE on TRAIN` (e.g. \"5-8 on A\")"))
        if err.message.startswith("a position file has exactly one of"):
            return SourceError(err.file, err.line, err.col, _KINDS_WORDS)
        return err

    def read_state(self, src: Source, v: MexicanTrain, at: str, seen: dict) -> _State:
        return _state(src, v, at, seen)

    def new_round(self, v: MexicanTrain, st: _State, hands: dict, stock: list, first: str) -> Round:
        return Round(v, st.players, hands, stock, st.engine, first, st.trains, st.markers, st.open_doubles)

    def _consistent(self, src: Source, v: MexicanTrain, make, at: tuple) -> None:
        """The stated moment must be one the rules can reach: trains that match."""
        try:
            make()
        except ValueError as exc:
            raise src.error(at + ("trains",), str(exc)) from None

    def check_table(self, src: Source, v: MexicanTrain, pos: TablePosition) -> None:
        self._consistent(src, v, lambda: self.new_round(v, pos.state, {pos.to_move: pos.hand}, [], pos.to_move),
                         ("table",))

    def check_round(self, src: Source, v: MexicanTrain, pos: RoundPosition) -> None:
        self._consistent(src, v, lambda: self.new_round(v, pos.state, pos.hands, pos.stock, pos.first), ("round",))

    def match_rounds(self, src: Source, v: MexicanTrain, data) -> int:
        """The table setting's rounds (13, 7 or 1 by default: ``rounds``)."""
        if data["rounds"] not in v.round_settings:
            raise src.error(("match", "rounds"), f"the table settings are "
                            f"{', '.join(map(str, v.round_settings))} rounds, not {data['rounds']}")
        return data["rounds"]

    def too_many_rounds(self, rounds: int) -> str:
        return f"a {rounds}-round match has no round {rounds + 1}"

    def whole_set(self, v: MexicanTrain) -> int:
        return sum(t.pips for t in v.params.tiles)

    def too_much(self, i: int, value: int, whole: int) -> str:
        return f"round {i + 1}: {value} pips is more than the whole set holds ({whole})"

    def match_fields(self, data) -> dict:
        return {"setting": data["rounds"]}

    def settle(self, v: MexicanTrain, pos: MatchPosition):
        return v.settle_match(pos.players, pos.penalties, pos.setting, pos.first)

    def not_over(self, pos: MatchPosition) -> str:
        return f"the match is not over: {len(pos.penalties)} of {pos.setting} rounds played, so nobody has won yet"

    def table_values(self, rnd: Round, player: str) -> dict:
        """Each train's status for ``player``, their legal plays and the open doubles."""
        return {
            "trains": {t: rnd.status(player, t) for t in rnd.trains},
            "plays": [play_text(t, tr) for t, tr in rnd.plays_for(player)],
            "open_doubles": [play_text(rnd.trains[o].last, o) for o in rnd.open_doubles],
        }

    def compare_table_key(self, src, pos, rnd, got, key, stated, path):
        """Each stated train's status."""
        if key != "trains":
            return None
        errs = []
        for name in stated:
            if name not in got["trains"]:
                errs.append(src.error(path + (name,), f"no train {name!r}"))
            elif stated[name] != got["trains"][name]:
                errs.append(stated_diff(src, path + (name,), f"{pos.to_move} on the {name} train",
                                               stated[name], got["trains"][name]))
        return errs

    def move_same(self, src: Source) -> dict:
        """Markers in any order; open doubles as written plays."""
        return {"markers": lambda stated, got, _: sorted(stated) == sorted(got),
                "open_doubles": lambda stated, got, path: self.norm_plays(src, path, stated) == list(got)}

    def turn_after(self, ev) -> dict:
        return {"next": ev.next, "markers": list(ev.markers), "open_doubles": list(ev.open_doubles), "end": ev.end}


_FORMAT = _Format()
parse_trains = _FORMAT.parse
evaluate_trains = _FORMAT.evaluate
compare_trains = _FORMAT.compare
trains_json = _FORMAT.to_json
table_values = _FORMAT.table_values
round_values = _FORMAT.round_values
match_values = _FORMAT.match_values


def practice_trains(rnd: Round, player: str) -> list[str]:
    """The answer to a practice table's ``where-to-play``: every train on
    which ``player`` has a legal play now, in the table's order."""
    return _FORMAT.practice(rnd, player)


#: Mexican Train's kinds: a table (``table``), a round move by move (``round`` + ``turns``), a match.
KINDS = _FORMAT.kinds()

#: The schema of its position files (``docs/schemas/train-position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"train-position": (TRAIN_POSITION_SCHEMA, "Domino rulebook: Mexican Train position",
                    ("rules/mexican-train/positions/*.yaml: a table, a round move by move (round and turns) "
                     "or a match."))}
