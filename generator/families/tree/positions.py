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
from dataclasses import dataclass
from typing import Any

from ...engine.reasons import Reason
from ...engine.tiles import Tile
from .rules import STATUS, ChickenFoot, ChickenMatch, Round
from ...model import rounds
from ...model.compare import stated_diff
from ...model.kinds import read_tile
from ...model.rounds import Outcome as TreeOutcome, check_seated as _seated, play_text, take_tile as _take
from ...model.yamlsrc import Source, SourceError

__all__ = ["KINDS", "SCHEMAS", "TREE_POSITION_SCHEMA", "TablePosition", "RoundPosition", "MatchPosition", "TreeMove", "TreeOutcome",
           "parse_tree", "evaluate_tree", "compare_tree", "tree_json", "play_text", "practice_arms",
           "table_values", "round_values", "match_values"]

_ARM = {"type": "string", "pattern": r"^[a-z][1-3]{0,12}$"}
_PLAY = {"type": "string", "pattern": r"^\S+\s+on\s+[a-z][1-3]*$"}

#: Schema of a Chicken Foot position file.
TREE_POSITION_SCHEMA: dict[str, Any] = rounds.rounds_schema(
    centre="centre", place="arm", place_item=_ARM,
    state={"arms": {"type": "object", "propertyNames": _ARM, "additionalProperties": rounds.TILES}},
    question="a practice question the engine answers: on which arms may the player to move play now (every arm "
             "with a legal play of their hand)",
    answer="the arms (a, b, ..., b1 ...)",
    table_expect={"arms": {"type": "object", "propertyNames": _ARM, "additionalProperties": {"enum": list(STATUS)}},
                  "plays": {"type": "array", "items": _PLAY},
                  "must_fill": {"type": "array", "items": _ARM}},
    round_extra={"dealt": {
        "type": "boolean",
        "description": "the round starts from the deal: no arms yet, every hand the game's deal for this many "
                       "players, and the centre, the hands and the stock together the whole set (checked)"}},
    turn_expect={"must_fill": {"type": "array", "items": _ARM}},
    match_extra={},
    match_tiles="centres")

_KINDS_WORDS = ("a chicken-foot position has exactly one of: `table` (where a player may play), `round` with "
                "`turns` (a round move by move) or `match` (rounds added up)")


@dataclass
class _State:
    centre: Tile
    players: list[str]
    arms: dict[str, list[Tile]]


class TablePosition(rounds.TablePosition):
    """A moment of a round: ``state`` (centre, players, arms), the player
    ``to_move`` and their ``hand``; ``expect`` may state each arm's status,
    the legal ``plays`` and the arms that ``must_fill`` first; a practice
    table asks ``question`` (``where-to-play``) with its ``answer`` (arms)."""

    family = "tree"


class TreeMove(rounds.Move):
    """One move of a round (:class:`generator.model.rounds.Move`): its ``place`` is the ``arm``."""

    @property
    def arm(self) -> str | None:
        """The arm or toe played on, or ``None`` for a draw or a pass."""
        return self.place


class RoundPosition(rounds.RoundPosition):
    """A round from a stated moment (or the deal): ``state``, ``first`` to
    move, ``hands``, ``stock`` (top first), ``moves``; ``expect`` checked at
    the end."""

    family = "tree"


class MatchPosition(rounds.MatchPosition):
    """A match's rounds: ``players``, the player ``first`` to move in round 1
    (optional) and each round's ``penalties`` (player -> penalty points)."""

    family = "tree"


def _lacking_arms(v: ChickenFoot, players: list, centre: Tile, arms: dict) -> Reason | None:
    """Why the table ``arms`` (arm name -> tiles) cannot be laid round ``centre`` under ``v``, where it
    is an arm (or the toe of an arm) the centre does not grow here, the first such arm beside the centre's
    arms (a cross's a to d given arm e: kind ``no-arm``); else ``None``."""
    try:
        have = tuple(Round(v, players, {}, [], centre, players[0], {}).arms)
    except ValueError:
        return None
    lacking = [name for name in arms if name.rstrip("0123456789") not in have]
    return Reason("no-arm", places=(lacking[0],), have=have) if lacking else None


def _state(src: Source, v: ChickenFoot, at: str, seen: dict) -> _State:
    """The centre, players and arms under ``at``, checked by the rules; raises :class:`SourceError`."""
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
        raise src.error((at, "arms") if d.get("arms") else (at, "centre"), str(exc),
                        reason=_lacking_arms(v, players, centre, arms)) from None
    return _State(centre, players, arms)


def _dealt(src: Source, v: ChickenFoot, st: _State, hands: dict, stock: list) -> None:
    """A round stated as dealt (``dealt: true``) is the deal itself: no arm has a tile yet, every hand
    holds the game's deal for the number of players (14 each for three with double-nine), and the centre,
    the hands and the stock hold the whole set, each tile once (55 with double-nine). Raises
    :class:`SourceError` at the first key that breaks it."""
    if any(st.arms.values()):
        raise src.error(("round", "arms"), "a round from the deal has no tiles on its arms yet: leave out `arms`, "
                                           "or leave out `dealt`", reason=Reason("deal"))
    size = v.params.deal[len(st.players)]
    for p in st.players:
        if len(hands[p]) != size:
            raise src.error(("round", "hands", p), f"{p} is dealt {size} tiles with {len(st.players)} players, "
                                                   f"not {len(hands[p])}", reason=Reason("deal"))
    held = {st.centre, *stock, *(t for p in st.players for t in hands[p])}
    missing = [t for t in v.params.tiles if t not in held]
    if missing:
        shown = ", ".join(str(t) for t in missing[:5]) + (" ..." if len(missing) > 5 else "")
        where = ("round", "stock") if "stock" in src.data["round"] else ("round", "hands")
        raise src.error(where, f"the deal leaves out {len(missing)} of the set's {len(v.params.tiles)} tiles "
                               f"({shown}): the centre, the hands and the stock hold the whole set",
                        reason=Reason("deal"))


class _Format(rounds.RoundsFormat):
    """Chicken Foot's positions: arms ``a``, ``b``, ... and toes ``b1``, ``b2``, ``b3``, the arms to
    fill first, a round from the deal, a match of a round per double counted in penalty points."""

    layout = "tree"
    schema = TREE_POSITION_SCHEMA
    place, places, match_tiles, place_word, centre = "arm", "arms", "centres", "ARM", "centre"
    play_re = re.compile(r"^(\S+)\s+on\s+([a-z][1-3]*)$")
    foreign_keys = ("steps", "settle", "deal", "trick", "follow", "marks")
    missing_place = "`arm: NAME` (a, b, ... or a toe such as b1)"
    place_rules = frozenset({"fill-the-foot", "closed-arm", "arms"})
    table_class, round_class, match_class, move_class = TablePosition, RoundPosition, MatchPosition, TreeMove

    def foreign_words(self, key: str) -> str:
        return f"`{key}` belongs to another kind of game; {_KINDS_WORDS}"

    def words(self, err: SourceError) -> SourceError:
        """A schema error in the words of Chicken Foot positions."""
        if "is not a valid name here" in err.message and ("plays" in err.message or "arms" in err.message
                                                          or "arm" in err.message or "must_fill" in err.message):
            return SourceError(err.file, err.line, err.col, err.message.replace(
                "is not a valid name here", "is not an arm (a, b, ... for the centre's arms, b1, b2, b3 for the "
                                            "toes of a double at the end of arm b) or a play written `TILE on ARM`"))
        if err.message.startswith("a position file has exactly one of"):
            return SourceError(err.file, err.line, err.col, _KINDS_WORDS)
        return err

    def read_state(self, src: Source, v: ChickenFoot, at: str, seen: dict) -> _State:
        return _state(src, v, at, seen)

    def new_round(self, v: ChickenFoot, st: _State, hands: dict, stock: list, first: str) -> Round:
        return Round(v, st.players, hands, stock, st.centre, first, st.arms)

    def check_deal(self, src: Source, v: ChickenFoot, st: _State, data, hands: dict, stock: list) -> None:
        if data.get("dealt"):
            _dealt(src, v, st, hands, stock)

    def match_rounds(self, src: Source, v: ChickenFoot, data) -> int:
        """A round per double of the set."""
        return v.rounds

    def too_many_rounds(self, rounds: int) -> str:
        return f"a match of {rounds} rounds has no round {rounds + 1}"

    def whole_set(self, v: ChickenFoot) -> int:
        return v.penalty(v.params.tiles)

    def too_much(self, i: int, value: int, whole: int) -> str:
        return f"round {i + 1}: {value} penalty points is more than the whole set counts ({whole})"

    def settle(self, v: ChickenFoot, pos: MatchPosition) -> ChickenMatch:
        return v.settle_match(pos.players, pos.penalties, pos.first)

    def not_over(self, pos: MatchPosition) -> str:
        return f"the match is not over: {len(pos.penalties)} rounds played, so nobody has won yet"

    def table_values(self, rnd: Round, player: str) -> dict:
        """Each arm's status, the legal plays of ``player`` and the arms that must be filled first."""
        return {"arms": {a: rnd.status(a) for a in rnd.arms},
                "plays": [play_text(t, a) for t, a in rnd.plays_for(player)],
                "must_fill": list(rnd.must_fill)}

    def compare_table_key(self, src, pos, rnd, got, key, stated, path):
        """Each stated arm's status; the arms to fill first, in any order."""
        if key == "arms":
            errs = []
            for name in stated:
                if name not in got["arms"]:
                    errs.append(src.error(path + (name,), f"no arm {name!r}; the arms are {', '.join(rnd.arms)}",
                                          reason=Reason("no-arm", places=(name,), have=tuple(rnd.arms))))
                elif stated[name] != got["arms"][name]:
                    errs.append(stated_diff(src, path + (name,), f"arm {name}", stated[name], got["arms"][name]))
            return errs
        if key == "must_fill":
            same = sorted(stated) == sorted(got[key])
            return [] if same else [stated_diff(src, path, "the arms to fill first", stated, got[key])]
        return None

    def plays_label(self, pos: TablePosition, key: str) -> str:
        return f"{pos.to_move}'s legal plays"

    def move_same(self, src: Source) -> dict:
        """The arms to fill first in any order."""
        return {"must_fill": lambda stated, got, _: sorted(stated) == sorted(got)}

    def turn_after(self, ev) -> dict:
        return {"next": ev.next, "must_fill": list(ev.must_fill), "end": ev.end}


_FORMAT = _Format()
parse_tree = _FORMAT.parse
evaluate_tree = _FORMAT.evaluate
compare_tree = _FORMAT.compare
tree_json = _FORMAT.to_json
table_values = _FORMAT.table_values
round_values = _FORMAT.round_values
match_values = _FORMAT.match_values


def practice_arms(rnd: Round, player: str) -> list[str]:
    """The answer to a practice table's ``where-to-play``: every arm on which
    ``player`` has a legal play now, in the tree's order."""
    return _FORMAT.practice(rnd, player)


#: Chicken Foot's kinds: a table (``table``), a round move by move (``round`` + ``turns``), a match.
KINDS = _FORMAT.kinds()

#: The schema of its position files (``docs/schemas/tree-position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"tree-position": (TREE_POSITION_SCHEMA, "Domino rulebook: Chicken Foot position",
                    ("rules/<id>/positions/*.yaml for a tree of doubles: a table (where a tile may go), a round "
                     "move by move (round and turns) or a match."))}
