"""Pai Gow position files: four kinds, each checked by the engine
(:mod:`generator.families.paigow.rules`):

- :class:`HandPosition` -- ``hand``: two tiles, with the value and rank they
  make (``expect``: ``kind``, ``points``, ``pair``);
- :class:`SettingPosition` -- ``setting``: four tiles, the three ways to set
  them, the way this page's fixed setting chooses (``expect: best``), or a
  stated ``high`` and ``low`` (refused when the low hand is above the high,
  unless the file says ``reject: low-above-high``);
- :class:`ShowdownPosition` -- ``showdown``: a player's two hands against the
  banker's (``expect``: ``high``, ``low``, ``result``, ``stake``);
- a practice question on ``hand`` pairs (``question: which-is-higher``, a
  player's hand against the banker's), on ``setting`` (``question:
  how-to-set``) or on ``showdown`` (``question: who-wins``).

Tiles are the Chinese set's (``a-b``, no blanks, a civil tile at most twice,
a military one once: :mod:`generator.engine.tilesets`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.reasons import Reason
from ...engine.tiles import Tile
from ...engine.tilesets import tileset
from ...engine.rulebase import RuleViolation
from .rules import PAIR_ORDER, STRATEGIES, HandValue, PaiGow, Setting, beats, fixed_setting, hand_value, set_hand, \
    showdown, splits
from ...model.compare import stated_diff
from ...model.kinds import Kinds, PositionBase, checked_base, read_tile, read_tiles
from ...model.schema import TEXT as _TEXT, TILE as _TILE, bound_numbers
from ...model.yamlsrc import Source, SourceError

__all__ = ["KINDS", "SCHEMAS", "PAIGOW_POSITION_SCHEMA", "HandPosition", "SettingPosition", "ShowdownPosition", "PaiGowOutcome",
           "parse_paigow", "evaluate_paigow", "compare_paigow", "paigow_json", "value_json", "tiles_text",
           "practice_answer"]

_TWO = {"type": "array", "minItems": 2, "maxItems": 2, "items": _TILE}
_FOUR = {"type": "array", "minItems": 4, "maxItems": 4, "items": _TILE}
_VALUE = {"type": "object", "additionalProperties": False, "properties": {
    "kind": {"enum": ["pair", "wong", "gong", "points"], "description": "what the two tiles make"},
    "points": {"type": "integer", "minimum": 0, "maximum": 9,
               "description": "the last digit of the pips (a Gee Joon tile counted as 3 or 6, the better)"},
    "pair": {"enum": list(PAIR_ORDER), "description": "which pair (a civil tile written as itself, 6-6 ...)"}}}
_SPLIT = {"type": "object", "additionalProperties": False, "required": ["high", "low"],
          "properties": {"high": _TWO, "low": _TWO}}
_RESULT = {"enum": ["win", "lose"]}

#: Schema of a Pai Gow position file.
PAIGOW_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["variant"],
    "properties": {
        "variant": {"type": "string"}, "title": _TEXT, "note": _TEXT,
        "hand": {"type": "object", "additionalProperties": False, "required": ["tiles"], "properties": {
            "tiles": _TWO, "banker": dict(_TWO, description="a banker's hand to compare it with"),
            "question": {"enum": ["which-is-higher"],
                         "description": "a practice question: does the player's hand (tiles) beat the banker's"},
            "answer": {"enum": ["player", "banker"]},
            "expect": dict(_VALUE, properties=dict(_VALUE["properties"], higher={"enum": ["player", "banker"]},
                                                   banker=_VALUE))}},
        "setting": {"type": "object", "additionalProperties": False, "required": ["tiles"], "properties": {
            "tiles": _FOUR, "high": _TWO, "low": _TWO,
            "reject": {"enum": ["low-above-high"], "description": "the stated high and low are refused"},
            "question": {"enum": ["how-to-set"],
                         "description": "a practice question: how this page's fixed setting sets the four tiles"},
            "answer": _SPLIT,
            "expect": {"type": "object", "additionalProperties": False, "properties": {
                "ways": {"type": "array", "maxItems": 3, "items": {
                    "type": "object", "additionalProperties": False, "required": ["high", "low"],
                    "properties": {"high": _VALUE, "low": _VALUE}}},
                "best": _SPLIT, "high": _VALUE, "low": _VALUE}}}},
        "showdown": {"type": "object", "additionalProperties": False, "required": ["player", "banker"],
                     "properties": {
                         "player": _SPLIT, "banker": _SPLIT, "commission": {"type": "integer", "minimum": 0,
                                                                           "maximum": 100},
                         "question": {"enum": ["who-wins"]}, "answer": {"enum": ["win", "lose", "push"]},
                         "expect": {"type": "object", "additionalProperties": False, "properties": {
                             "high": _RESULT, "low": _RESULT, "result": {"enum": ["win", "lose", "push"]},
                             "stake": {"type": "integer", "minimum": -100, "maximum": 100}}}}},
    },
    "oneOf": [{"required": [k], "not": {"anyOf": [{"required": [o]} for o in ("hand", "setting", "showdown")
                                                  if o != k]}}
              for k in ("hand", "setting", "showdown")],
}
bound_numbers(PAIGOW_POSITION_SCHEMA)

_KINDS_WORDS = ("a Pai Gow position has exactly one of: `hand` (two tiles), `setting` (four tiles set into two "
                "hands) or `showdown` (a player's hands against the banker's)")


class _PaiGowPosition(PositionBase):
    family = "paigow"
    question: str | None = None

    @property
    def is_practice(self) -> bool:
        return self.question is not None


@dataclass
class HandPosition(_PaiGowPosition):
    """Two ``tiles``; a ``banker`` hand to compare them with (optional);
    ``expect`` their value (and ``higher``: ``player`` or ``banker``); a
    practice hand asks ``which-is-higher`` with its ``answer``."""

    tiles: list[Tile] = field(default_factory=list)
    banker: list[Tile] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    question: str | None = None
    answer: str | None = None
    kind = "hand"


@dataclass
class SettingPosition(_PaiGowPosition):
    """Four ``tiles``; a stated ``high`` and ``low`` (optional; ``reject``
    says they are refused); ``expect``: the ``ways``, the ``best`` under the
    fixed setting, the stated hands' values; practice ``how-to-set``."""

    tiles: list[Tile] = field(default_factory=list)
    high: list[Tile] = field(default_factory=list)
    low: list[Tile] = field(default_factory=list)
    reject: str | None = None
    expect: dict = field(default_factory=dict)
    question: str | None = None
    answer: dict | None = None
    kind = "setting"


@dataclass
class ShowdownPosition(_PaiGowPosition):
    """The ``player``'s and the ``banker``'s settings (``(high, low)`` tile
    lists), the ``commission`` (percent; the game's when left out),
    ``expect``; practice ``who-wins``."""

    player: tuple = ()
    banker: tuple = ()
    commission: int | None = None
    expect: dict = field(default_factory=dict)
    question: str | None = None
    answer: str | None = None
    kind = "showdown"


@dataclass
class PaiGowOutcome:
    """What the engine made of a position: a hand's ``value`` (and the
    ``banker_value``, ``higher``), a setting's ``ways``, ``best`` and
    ``stated`` setting (or the ``refusal``), a showdown's ``settings`` and
    ``result``."""

    position: Any
    value: HandValue | None = None
    banker_value: HandValue | None = None
    higher: str | None = None
    ways: list = field(default_factory=list)
    best: Setting | None = None
    stated: Setting | None = None
    refusal: RuleViolation | None = None
    settings: tuple = ()
    result: Any = None


def tiles_text(tiles) -> list[str]:
    """Tiles as the positions write them (``6-6``, the lower end first)."""
    return [str(t) for t in tiles]


def _read(src: Source, v: PaiGow, path: tuple, n: int, seen: list) -> list[Tile]:
    """The ``n`` tiles at ``path``, a tile named more often than the Chinese set holds it refused."""
    return read_tiles(src, v, path, n, seen, tileset("chinese"))


def _words(err: SourceError) -> SourceError:
    if err.message.startswith("a position file has exactly one of"):
        return SourceError(err.file, err.line, err.col, _KINDS_WORDS)
    return err


def parse_paigow(src: Source, v: PaiGow):
    """Validate ``src`` against :data:`PAIGOW_POSITION_SCHEMA` and the set,
    and build the typed position. Raises :class:`SourceError` at the first
    problem: a key of another kind of game, a tile the set lacks (a blank) or
    holds fewer times (a third 6-6), a question without its answer."""
    for key in ("steps", "settle", "deal", "trick", "follow", "marks", "table", "round", "match"):
        if isinstance(src.data, dict) and key in src.data:
            raise src.error((key,), f"`{key}` belongs to another kind of game; {_KINDS_WORDS}")
    base = checked_base(src, PAIGOW_POSITION_SCHEMA, _words)
    d = src.data
    seen: list = []
    for kind in ("hand", "setting", "showdown"):
        if kind in d and ("question" in d[kind]) != ("answer" in d[kind]):
            raise src.error((kind, "question" if "question" in d[kind] else "answer"),
                            "a practice position gives both `question` and `answer`")
    if "hand" in d:
        h = d["hand"]
        tiles = _read(src, v, ("hand", "tiles"), 2, seen)
        banker = _read(src, v, ("hand", "banker"), 2, seen) if "banker" in h else []
        if ("question" in h or "higher" in (h.get("expect") or {})) and not banker:
            raise src.error(("hand",), "comparing hands needs the `banker`'s two tiles")
        return HandPosition(**base, tiles=tiles, banker=banker, expect=h.get("expect") or {},
                            question=h.get("question"), answer=h.get("answer"))
    if "setting" in d:
        s = d["setting"]
        tiles = _read(src, v, ("setting", "tiles"), 4, seen)
        split: dict = {}
        for part in ("high", "low"):
            if part in s:
                split[part] = [read_tile(src, v, ("setting", part, i)) for i in range(2)]
        if len(split) == 1:
            raise src.error(("setting", next(iter(split))), "give both `high` and `low`, or neither")
        if split and sorted(split["high"] + split["low"]) != sorted(tiles):
            raise src.error(("setting", "high"), "the high and the low hand are the four `tiles`, two each")
        if "reject" in s and not split:
            raise src.error(("setting", "reject"), "`reject` goes with a stated `high` and `low`")
        if "answer" in s:
            for part in ("high", "low"):
                [read_tile(src, v, ("setting", "answer", part, i)) for i in range(2)]
        return SettingPosition(**base, tiles=tiles, high=split.get("high", []), low=split.get("low", []),
                               reject=s.get("reject"), expect=s.get("expect") or {}, question=s.get("question"),
                               answer=s.get("answer"))
    sd = d["showdown"]
    player = tuple(_read(src, v, ("showdown", "player", p), 2, seen) for p in ("high", "low"))
    banker = tuple(_read(src, v, ("showdown", "banker", p), 2, seen) for p in ("high", "low"))
    return ShowdownPosition(**base, player=player, banker=banker, commission=sd.get("commission"),
                            expect=sd.get("expect") or {}, question=sd.get("question"), answer=sd.get("answer"))


def _set(src: Source, path: tuple, high, low) -> Setting:
    try:
        return set_hand(high, low)
    except RuleViolation as exc:
        raise src.error(path + ("low",), f"{exc}", reason=Reason.refusal(exc)) from None


def evaluate_paigow(pos, v: PaiGow) -> PaiGowOutcome:
    """Run a Pai Gow position through the engine, ignoring ``expect``.
    Raises :class:`SourceError` at a setting the rules refuse (a low hand
    above the high one) that the file does not mark ``reject``."""
    src = pos.src
    if isinstance(pos, HandPosition):
        value = hand_value(*pos.tiles)
        if not pos.banker:
            return PaiGowOutcome(pos, value=value)
        bv = hand_value(*pos.banker)
        return PaiGowOutcome(pos, value=value, banker_value=bv, higher="player" if beats(value, bv) else "banker")
    if isinstance(pos, SettingPosition):
        out = PaiGowOutcome(pos, ways=splits(pos.tiles), best=fixed_setting(pos.tiles, v.strategy))
        if pos.high:
            try:
                out.stated = set_hand(pos.high, pos.low)
            except RuleViolation as exc:
                if pos.reject is None:
                    raise src.error(("setting", "low"), f"{exc}", reason=Reason.refusal(exc)) from None
                out.refusal = exc
            else:
                if pos.reject is not None:
                    raise src.error(("setting", "reject"), f"this setting is allowed: the high hand "
                                                           f"({out.stated.high_value.name['en']}) is not below the "
                                                           f"low ({out.stated.low_value.name['en']})", key=False)
        return out
    player = _set(src, ("showdown", "player"), *pos.player)
    banker = _set(src, ("showdown", "banker"), *pos.banker)
    commission = pos.commission if pos.commission is not None else v.commission
    return PaiGowOutcome(pos, settings=(player, banker), result=showdown(player, banker, commission))


def value_json(h: HandValue) -> dict:
    """A hand's values as a position states them: ``kind``, ``points`` and
    (a pair) ``pair``."""
    out: dict = {"kind": h.kind, "points": h.points}
    if h.pair:
        out["pair"] = h.pair
    return out


def _split_json(s: Setting) -> dict:
    return {"high": tiles_text(sorted(s.high)), "low": tiles_text(sorted(s.low))}


def practice_answer(outcome: PaiGowOutcome):
    """The engine's answer to a practice position's question."""
    pos = outcome.position
    if isinstance(pos, HandPosition):
        return outcome.higher
    if isinstance(pos, SettingPosition):
        return _split_json(outcome.best)
    return outcome.result.result


def _same_split(stated: dict, got: dict) -> bool:
    return all(sorted(stated[p]) == sorted(got[p]) for p in ("high", "low"))


def _norm_split(stated: dict) -> dict:
    return {p: tiles_text(sorted(Tile.parse(t) for t in stated[p])) for p in ("high", "low")}


def compare_paigow(outcome: PaiGowOutcome) -> list[SourceError]:
    """Every stated value that differs from the engine, at its key."""
    pos = outcome.position
    src = pos.src
    errs: list[SourceError] = []

    def values(path: tuple, stated: dict, got: HandValue, label: str) -> None:
        computed = value_json(got)
        for key, val in stated.items():
            if key in ("kind", "points", "pair") and computed.get(key) != val:
                errs.append(stated_diff(src, path + (key,), f"{label} {key}", val, computed.get(key, None),
                                        got.name["en"]))

    if isinstance(pos, HandPosition):
        label = " + ".join(tiles_text(pos.tiles))
        values(("hand", "expect"), pos.expect, outcome.value, label)
        if "banker" in pos.expect:
            values(("hand", "expect", "banker"), pos.expect["banker"], outcome.banker_value,
                   " + ".join(tiles_text(pos.banker)))
        if "higher" in pos.expect and pos.expect["higher"] != outcome.higher:
            errs.append(stated_diff(src, ("hand", "expect", "higher"), "the higher hand", pos.expect["higher"],
                                    outcome.higher, f"{outcome.value.name['en']} against "
                                                    f"{outcome.banker_value.name['en']}; copies go to the banker"))
        if pos.question is not None and pos.answer != outcome.higher:
            errs.append(stated_diff(src, ("hand", "answer"), "the higher hand", pos.answer, outcome.higher))
        return errs
    if isinstance(pos, SettingPosition):
        e = pos.expect
        if "ways" in e:
            got = [{"high": value_json(w.high_value), "low": value_json(w.low_value)} for w in outcome.ways]
            if len(e["ways"]) != len(got):
                errs.append(stated_diff(src, ("setting", "expect", "ways"), "the three ways", e["ways"], got))
            else:
                for i, (stated_way, w) in enumerate(zip(e["ways"], outcome.ways)):
                    for part in ("high", "low"):
                        values(("setting", "expect", "ways", i, part), stated_way[part],
                               w.high_value if part == "high" else w.low_value,
                               f"way {i + 1} ({'+'.join(tiles_text(w.high))} over {'+'.join(tiles_text(w.low))}), "
                               f"{part} hand")
        best = _split_json(outcome.best)
        if "best" in e and not _same_split(_norm_split(e["best"]), best):
            errs.append(stated_diff(src, ("setting", "expect", "best"), "the fixed setting", e["best"], best,
                                    f"{outcome.best.high_value.name['en']} over {outcome.best.low_value.name['en']}"))
        if pos.question is not None and not _same_split(_norm_split(pos.answer), best):
            errs.append(stated_diff(src, ("setting", "answer"), "the fixed setting", pos.answer, best))
        for part in ("high", "low"):
            if part in e:
                if outcome.stated is None:
                    errs.append(src.error(("setting", "expect", part), f"`expect: {part}` needs a stated, allowed "
                                                                       f"`high` and `low`"))
                else:
                    got_v = outcome.stated.high_value if part == "high" else outcome.stated.low_value
                    values(("setting", "expect", part), e[part], got_v, f"the {part} hand")
        return errs
    r = outcome.result
    for key, val in pos.expect.items():
        got = getattr(r, key)
        if val != got:
            p, b = outcome.settings
            detail = (f"high: {p.high_value.name['en']} against {b.high_value.name['en']}; "
                      f"low: {p.low_value.name['en']} against {b.low_value.name['en']}")
            errs.append(stated_diff(src, ("showdown", "expect", key), f"the player's {key}", val, got, detail))
    if pos.question is not None and pos.answer != r.result:
        errs.append(stated_diff(src, ("showdown", "answer"), "the player's result", pos.answer, r.result))
    return errs


def paigow_json(outcome: PaiGowOutcome) -> dict:
    """The ``rulebook score --json`` values of a Pai Gow position."""
    pos = outcome.position
    if isinstance(pos, HandPosition):
        out: dict = {"hand": dict(value_json(outcome.value), name=outcome.value.name["en"])}
        if outcome.banker_value is not None:
            out["hand"]["banker"] = dict(value_json(outcome.banker_value), name=outcome.banker_value.name["en"])
            out["hand"]["higher"] = outcome.higher
    elif isinstance(pos, SettingPosition):
        out = {"setting": {"ways": [{"high": value_json(w.high_value), "low": value_json(w.low_value)}
                                    for w in outcome.ways], "best": _split_json(outcome.best)}}
        if outcome.refusal is not None:
            out["setting"]["refused"] = outcome.refusal.rule
        elif outcome.stated is not None:
            out["setting"]["high"] = value_json(outcome.stated.high_value)
            out["setting"]["low"] = value_json(outcome.stated.low_value)
    else:
        out = {"showdown": outcome.result._asdict()}
    if pos.is_practice:
        out["practice"] = {"question": pos.question, "best": practice_answer(outcome)}
    return out


#: Pai Gow's kinds: a hand (``hand``), a setting (``setting``), a showdown (``showdown``).
KINDS = Kinds("paigow", parse_paigow, evaluate_paigow, compare_paigow, paigow_json,
              names=("hand", "setting", "showdown"))

#: The schema of its position files (``docs/schemas/paigow-position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"paigow-position": (PAIGOW_POSITION_SCHEMA, "Domino rulebook: Pai Gow position",
                               ("rules/<id>/positions/*.yaml for Pai Gow: a hand of two tiles, four tiles set into "
                                "two hands (setting) or a player's hands against the banker's (showdown)."))}
