"""Tien Gow position files: three kinds, each checked by the engine
(:mod:`generator.families.tiengow.rules`):

- :class:`LeadPosition` -- ``lead``: tiles put down to lead a trick, and what
  set they make (``expect: kind``), or refused as no set (``reject:
  not-a-set``);
- :class:`TrickPosition` -- ``trick``: a trick played seat by seat from the
  ``leader`` (``plays``: each ``tiles``, ``down: true`` for a discard face
  down), who wins it (``expect: winner``, ``tricks``); a ``refused`` attempt
  by the next seat to play face up, with the rule that refuses it
  (``does-not-beat``, ``same-number``, ``no-trick-yet``); ``last: true`` and
  ``no_trick`` (seats without a trick yet) for the hand's last trick; a
  practice trick asks ``who-wins`` with its ``answer``, and gives no
  ``down``: each play goes face up when it beats the highest so far;
- :class:`ScorePosition` -- ``score``: the tricks each seat took (eight in
  all), the ``winner`` of the last trick and the ``banker``, and what each
  seat gains (``expect: chips``).

Seats are N, E, S, W in playing order. Tiles are the Chinese set's (``a-b``,
no blanks, a civil tile at most twice, a military one once).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...engine.reasons import Reason
from ...engine.rulebase import RuleViolation
from ...engine.tiles import Tile
from ...engine.tilesets import tileset
from ...model.compare import stated_diff
from ...model.kinds import Kinds, PositionBase, checked_base, read_tiles
from ...model.schema import TEXT as _TEXT, TILE as _TILE, bound_numbers
from ...model.yamlsrc import Source, SourceError
from .rules import Combo, Hand, Play, TienGow, combo, payments

__all__ = ["KINDS", "SCHEMAS", "TIENGOW_POSITION_SCHEMA", "LeadPosition", "TrickPosition", "ScorePosition",
           "TienGowOutcome", "SEATS"]

#: The four seats in playing order.
SEATS = ("N", "E", "S", "W")
_SEAT = {"enum": list(SEATS)}
_TILES = {"type": "array", "minItems": 1, "maxItems": 4, "items": _TILE}
_KIND = {"enum": ["civil", "military", "civil-pair", "military-pair", "mixed-pair", "supreme", "civil-triplet",
                  "military-triplet", "quartet"], "description": "what set the tiles make"}
_REJECTS = ["does-not-beat", "same-number", "no-trick-yet"]

#: Schema of a Tien Gow position file.
TIENGOW_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["variant"],
    "properties": {
        "variant": {"type": "string"}, "title": _TEXT, "note": _TEXT,
        "lead": {"type": "object", "additionalProperties": False, "required": ["tiles"], "properties": {
            "tiles": _TILES, "reject": {"enum": ["not-a-set"], "description": "the tiles may not be led"},
            "expect": {"type": "object", "additionalProperties": False, "properties": {"kind": _KIND}}}},
        "trick": {"type": "object", "additionalProperties": False, "required": ["plays"], "properties": {
            "leader": dict(_SEAT, description="who leads (N when left out)"),
            "plays": {"type": "array", "minItems": 1, "maxItems": 4, "items": {
                "type": "object", "additionalProperties": False, "required": ["tiles"], "properties": {
                    "tiles": _TILES, "down": {"type": "boolean", "description": "discarded face down"}}}},
            "refused": {"type": "object", "additionalProperties": False, "required": ["tiles", "reject"],
                        "properties": {"tiles": _TILES, "reject": {"enum": _REJECTS}},
                        "description": "the next seat's attempt to play face up, and the rule that refuses it"},
            "last": {"type": "boolean", "description": "the hand's last trick"},
            "no_trick": {"type": "array", "items": _SEAT, "description": "seats that have taken no trick yet"},
            "question": {"enum": ["who-wins"]}, "answer": _SEAT,
            "expect": {"type": "object", "additionalProperties": False, "properties": {
                "winner": _SEAT, "tricks": {"type": "integer", "minimum": 1, "maximum": 4,
                                            "description": "the tricks its winner takes (one a tile led)"},
                "kind": _KIND}}}},
        "score": {"type": "object", "additionalProperties": False, "required": ["tricks", "winner"], "properties": {
            "tricks": {"type": "object", "additionalProperties": False, "required": list(SEATS),
                       "properties": {s: {"type": "integer", "minimum": 0, "maximum": 8} for s in SEATS}},
            "winner": _SEAT, "banker": dict(_SEAT, description="the banker (N when left out)"),
            "expect": {"type": "object", "additionalProperties": False, "properties": {
                "chips": {"type": "object", "additionalProperties": False,
                          "properties": {s: {"type": "integer", "minimum": -64, "maximum": 64} for s in SEATS}}}}}},
    },
    "oneOf": [{"required": [k], "not": {"anyOf": [{"required": [o]} for o in ("lead", "trick", "score") if o != k]}}
              for k in ("lead", "trick", "score")],
}
bound_numbers(TIENGOW_POSITION_SCHEMA)

_KINDS_WORDS = ("a Tien Gow position has exactly one of: `lead` (tiles to lead), `trick` (a trick played) or "
                "`score` (a hand's payments)")


class _TienGowPosition(PositionBase):
    family = "tiengow"
    question: str | None = None

    @property
    def is_practice(self) -> bool:
        return self.question is not None


@dataclass
class LeadPosition(_TienGowPosition):
    """``tiles`` to lead; ``reject`` (``not-a-set``) or ``expect`` (``kind``)."""

    tiles: list[Tile] = field(default_factory=list)
    reject: str | None = None
    expect: dict = field(default_factory=dict)
    kind = "lead"


@dataclass
class TrickPosition(_TienGowPosition):
    """A trick: the ``leader``, ``plays`` (``(seat, tiles, face_up)``), a
    ``refused`` attempt (``(seat, tiles, rule)`` or ``None``), ``last`` and
    ``no_trick``; ``expect``; practice ``who-wins``."""

    leader: str = "N"
    plays: list = field(default_factory=list)
    refused: tuple | None = None
    last: bool = False
    no_trick: list = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    question: str | None = None
    answer: str | None = None
    kind = "trick"


@dataclass
class ScorePosition(_TienGowPosition):
    """A hand's end: ``tricks`` (seat -> tricks taken, eight in all), the
    ``winner`` of the last trick, the ``banker``; ``expect: chips``."""

    tricks: dict = field(default_factory=dict)
    winner: str = "N"
    banker: str = "N"
    expect: dict = field(default_factory=dict)
    kind = "score"


@dataclass
class TienGowOutcome:
    """What the engine made of a position: a lead's ``combo`` (or
    ``refusal``), a trick's ``winner``, ``combos`` (each play's set, ``None``
    face down), ``refusal`` of the refused attempt, a score's ``chips``."""

    position: Any
    combo: Combo | None = None
    refusal: RuleViolation | None = None
    winner: str | None = None
    size: int = 0
    combos: list = field(default_factory=list)
    chips: dict = field(default_factory=dict)


def _read(src: Source, v: TienGow, path: tuple, n: int, seen: list) -> list[Tile]:
    """The ``n`` tiles at ``path``, a tile named more often than the Chinese set holds it refused."""
    return read_tiles(src, v, path, n, seen, tileset("chinese"))


def _words(err: SourceError) -> SourceError:
    if err.message.startswith("a position file has exactly one of"):
        return SourceError(err.file, err.line, err.col, _KINDS_WORDS)
    return err


def parse_tiengow(src: Source, v: TienGow):
    """Validate ``src`` against :data:`TIENGOW_POSITION_SCHEMA` and the set,
    and build the typed position. Raises :class:`SourceError` at the first
    problem: a key of another kind of game, a tile the set lacks or holds
    fewer times, a question without its answer, tricks that are not eight."""
    for key in ("steps", "settle", "deal", "follow", "marks", "table", "round", "match", "hand", "setting",
                "showdown"):
        if isinstance(src.data, dict) and key in src.data:
            raise src.error((key,), f"`{key}` belongs to another kind of game; {_KINDS_WORDS}")
    base = checked_base(src, TIENGOW_POSITION_SCHEMA, _words)
    d = src.data
    seen: list = []
    if "lead" in d:
        ld = d["lead"]
        tiles = _read(src, v, ("lead", "tiles"), len(ld["tiles"]), seen)
        if "reject" in ld and "expect" in ld:
            raise src.error(("lead", "reject"), "a refused lead has no `expect`")
        return LeadPosition(**base, tiles=tiles, reject=ld.get("reject"), expect=ld.get("expect") or {})
    if "trick" in d:
        t = d["trick"]
        if ("question" in t) != ("answer" in t):
            raise src.error(("trick", "question" if "question" in t else "answer"),
                            "a practice position gives both `question` and `answer`")
        leader = t.get("leader", "N")
        order = [SEATS[(SEATS.index(leader) + i) % 4] for i in range(4)]
        plays = []
        for i, p in enumerate(t["plays"]):
            tiles = _read(src, v, ("trick", "plays", i, "tiles"), len(p["tiles"]), seen)
            if i == 0 and p.get("down"):
                raise src.error(("trick", "plays", 0, "down"), "the lead is played face up")
            if "question" in t and "down" in p:
                raise src.error(("trick", "plays", i, "down"), "in a practice trick leave out `down`: each play "
                                                               "goes face up when it beats the highest so far")
            plays.append((order[i], tiles, not p.get("down", False)))
        refused = None
        if "refused" in t:
            if len(plays) == 4:
                raise src.error(("trick", "refused"), "the trick is complete: no seat is left to try a play")
            r = t["refused"]
            refused = (order[len(plays)], _read(src, v, ("trick", "refused", "tiles"), len(r["tiles"]), seen),
                       r["reject"])
        if ("winner" in (t.get("expect") or {}) or "question" in t) and len(plays) < 4:
            raise src.error(("trick", "plays"), "who wins needs all four plays of the trick")
        if t.get("no_trick") and not t.get("last"):
            raise src.error(("trick", "no_trick"), "`no_trick` matters only on the last trick: add `last: true`")
        return TrickPosition(**base, leader=leader, plays=plays, refused=refused, last=bool(t.get("last")),
                             no_trick=list(t.get("no_trick") or []), expect=t.get("expect") or {},
                             question=t.get("question"), answer=t.get("answer"))
    s = d["score"]
    total = sum(s["tricks"].values())
    if total != 8:
        raise src.error(("score", "tricks"), f"a hand has eight tricks' worth of tiles (one a tile led); these "
                                             f"add up to {total}")
    if s["tricks"][s["winner"]] == 0:
        w = s["winner"]
        raise src.error(("score", "winner"), f"the winner of the last trick ({w}) holds 0 tricks here; they took "
                                             f"at least that one")
    return ScorePosition(**base, tricks=dict(s["tricks"]), winner=s["winner"], banker=s.get("banker", "N"),
                         expect=s.get("expect") or {})


def _trick_hand(v: TienGow, pos: TrickPosition) -> Hand:
    """A hand holding just the tiles of ``pos``'s plays (and its refused attempt), turned to its leader."""
    order = [SEATS[(SEATS.index(pos.leader) + i) % 4] for i in range(4)]
    size = len(pos.plays[0][1])
    hands: dict = {p: [] for p in SEATS}
    for seat, tiles, _ in pos.plays:
        hands[seat] += tiles
    if pos.refused is not None:
        hands[pos.refused[0]] += pos.refused[1]
    for p in order[len(pos.plays):]:          # seats still to play hold something to play
        while len(hands[p]) < size:
            hands[p].append(Tile(0, 0))
    h = Hand(v, order, hands)
    h.tricks = {p: 0 if (pos.last and p in pos.no_trick) else 1 for p in SEATS}
    return h


def evaluate_tiengow(pos, v: TienGow) -> TienGowOutcome:
    """Run a Tien Gow position through the engine, ignoring ``expect``.
    Raises :class:`SourceError` at a play the rules refuse that the file does
    not mark refused, and at a refused attempt the rules allow or refuse for
    another reason."""
    src = pos.src
    if isinstance(pos, LeadPosition):
        c = combo(pos.tiles)
        if not c.kind:
            if pos.reject is None:
                raise src.error(("lead", "tiles"), f"{' + '.join(map(str, sorted(pos.tiles)))} is not a set that "
                                                   f"may be led (add `reject: not-a-set`)")
            return TienGowOutcome(pos, combo=c, refusal=RuleViolation("not a set", "tien-gow/not-a-set"))
        if pos.reject is not None:
            raise src.error(("lead", "reject"), f"these tiles may be led: {c.name['en']}", key=False)
        return TienGowOutcome(pos, combo=c)
    if isinstance(pos, TrickPosition):
        h = _trick_hand(v, pos)
        combos = []
        for i, (seat, tiles, up) in enumerate(pos.plays):
            if pos.is_practice and i:           # the engine decides which plays go face up
                up = h.refuse(seat, Play(tuple(tiles), True)) is None
                pos.plays[i] = (seat, tiles, up)
            try:
                h.push(seat, Play(tuple(tiles), up))
            except RuleViolation as exc:
                raise src.error(("trick", "plays", i, "tiles"), f"{exc}", key=False,
                                reason=Reason.refusal(exc)) from None
            combos.append(combo(tiles) if up else None)
        out = TienGowOutcome(pos, combos=combos, size=len(pos.plays[0][1]))
        if pos.refused is not None:
            seat, tiles, rule = pos.refused
            bad = h.refuse(seat, Play(tuple(tiles), True))
            if bad is None:
                raise src.error(("trick", "refused", "reject"), f"{seat} may play "
                                                               f"{' + '.join(map(str, tiles))} face up here",
                                key=False)
            if not bad.rule.endswith("/" + rule):
                raise src.error(("trick", "refused", "reject"), f"refused for another reason: {bad}", key=False)
            out.refusal = bad
        if len(pos.plays) == 4:
            out.winner = h.done[-1].high if h.done else None
        return out
    return TienGowOutcome(pos, chips=payments(pos.tricks, pos.winner, pos.banker))


def practice_answer(outcome: TienGowOutcome):
    """The engine's answer to a practice position's question (the trick's winner)."""
    return outcome.winner


def compare_tiengow(outcome: TienGowOutcome) -> list[SourceError]:
    """Every stated value that differs from the engine, at its key."""
    pos = outcome.position
    src = pos.src
    errs: list[SourceError] = []
    if isinstance(pos, LeadPosition):
        if "kind" in pos.expect and pos.expect["kind"] != outcome.combo.kind:
            errs.append(stated_diff(src, ("lead", "expect", "kind"), "the set", pos.expect["kind"],
                                    outcome.combo.kind, outcome.combo.name["en"]))
        return errs
    if isinstance(pos, TrickPosition):
        e = pos.expect
        lead = outcome.combos[0]
        if "kind" in e and e["kind"] != lead.kind:
            errs.append(stated_diff(src, ("trick", "expect", "kind"), "the lead", e["kind"], lead.kind,
                                    lead.name["en"]))
        if "winner" in e and e["winner"] != outcome.winner:
            errs.append(stated_diff(src, ("trick", "expect", "winner"), "the trick's winner", e["winner"],
                                    outcome.winner, "the highest set played face up; equal sets leave the first"))
        if "tricks" in e and e["tricks"] != outcome.size:
            errs.append(stated_diff(src, ("trick", "expect", "tricks"), "the tricks it counts", e["tricks"],
                                    outcome.size, "one a tile led"))
        if pos.question is not None and pos.answer != outcome.winner:
            errs.append(stated_diff(src, ("trick", "answer"), "the trick's winner", pos.answer, outcome.winner))
        return errs
    for seat, val in (pos.expect.get("chips") or {}).items():
        if val != outcome.chips[seat]:
            errs.append(stated_diff(src, ("score", "expect", "chips", seat), f"{seat}'s chips", val,
                                    outcome.chips[seat], "four less the tricks taken, five for none, "
                                                         "doubled to or from the banker"))
    return errs


def tiengow_json(outcome: TienGowOutcome) -> dict:
    """The ``rulebook score --json`` values of a Tien Gow position."""
    pos = outcome.position
    if isinstance(pos, LeadPosition):
        out: dict = {"lead": {"kind": outcome.combo.kind, "name": outcome.combo.name["en"]}}
        if outcome.refusal is not None:
            out["lead"]["refused"] = outcome.refusal.rule
        return out
    if isinstance(pos, TrickPosition):
        out = {"trick": {"kind": outcome.combos[0].kind, "winner": outcome.winner, "tricks": outcome.size}}
        if outcome.refusal is not None:
            out["trick"]["refused"] = outcome.refusal.rule
        if pos.is_practice:
            out["practice"] = {"question": pos.question, "best": practice_answer(outcome)}
        return out
    return {"score": {"winner": pos.winner, "banker": pos.banker, "chips": outcome.chips}}


#: Tien Gow's kinds: a lead (``lead``), a trick (``trick``), a hand's payments (``score``).
KINDS = Kinds("tiengow", parse_tiengow, evaluate_tiengow, compare_tiengow, tiengow_json,
              names=("lead", "trick", "score"))

#: The schema of its position files (``docs/schemas/tiengow-position.schema.json``).
SCHEMAS = {"tiengow-position": (TIENGOW_POSITION_SCHEMA, "Domino rulebook: Tien Gow position",
                                ("rules/<id>/positions/*.yaml for Tien Gow: tiles to lead (lead), a trick "
                                 "played (trick) or a hand's payments (score)."))}
