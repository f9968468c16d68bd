"""Texas 42 position files: the tricks extension of the position format
(documented in ``docs/*/authoring.md``). A game of tricks has no line of play,
so it has four kinds of its own:

- :class:`TrickPosition` -- ``trick``: one trick (trumps, the leader, the
  tiles in play order, optionally every hand), its led suit, winner and points;
  as practice, "which seat wins this trick?" or "how many points is it worth?";
- :class:`FollowPosition` -- ``follow``: a trick begun and a hand: the suit
  called for and the tiles that may follow; as practice, "which may I play?";
- :class:`DealPosition` -- ``deal``: a whole hand, the bids from the shaker's
  left, trumps and the tricks, each led by the last one's winner;
- :class:`MarksPosition` -- ``marks``: hands added up in marks to the game.

Seats are ``N``, ``E``, ``S``, ``W`` in clockwise order; the teams are
``N+S`` and ``E+W`` (a game of three, Moon: ``N``, ``E``, ``W``, each its own
side, a deal with its ``widow`` and the bidder's ``discard``, scored in
``scores``); trumps are a suit ``0``-``6``, ``doubles`` or
``follow-me``; bids as :meth:`~generator.families.tricks.rules.Bid.parse` reads them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from ...engine.tiles import Tile
from ...engine.reasons import Reason
from ...engine.rulebase import RuleViolation
from .rules import (DOUBLES, PARTNER_BIDS, FOLLOW_ME, SEATS, SUIT_NAMES, Bid, Deal, MarksResult, Texas42, Trick, count_of,
                                notation, parse_trumps, settle_marks, team_name)
from ...model.compare import stated_diff
from ...model.kinds import Kinds, PositionBase, checked_base, read_tile
from ...model.schema import TEXT as _TEXT, TILE as _TILE, bound_numbers
from ...model.yamlsrc import Source, SourceError

__all__ = ["KINDS", "SCHEMAS", "TRICK_POSITION_SCHEMA", "TrickPosition", "FollowPosition", "DealPosition", "MarksPosition",
           "TrickOutcome", "parse_tricks", "evaluate_tricks", "compare_tricks", "tricks_json",
           "TEAMS"]

#: The two partnerships.
TEAMS = (team_name(("N", "S")), team_name(("E", "W")))

_SEAT = {"enum": list(SEATS)}
_TEAM = {"enum": list(TEAMS)}
_TRUMPS = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 6}, {"enum": [DOUBLES, FOLLOW_ME]}],
           "description": "the trumps named: a suit 0-6, doubles, or follow-me (no trumps)"}
_BID = {"type": ["string", "integer"], "maxLength": 20,
        "description": "a bid: pass, 30-41, 42 or '1 mark', 84 or '2 marks', 'nello', 'plunge', 'splash' ..."}
_TILES = {"type": "array", "items": _TILE}
_SUIT = {"anyOf": [{"type": "integer", "minimum": 0, "maximum": 6}, {"const": DOUBLES}]}
_CONTRACT = {"enum": ["points", "nello"], "description": "nello: the bidder's partner sits out (Nel-O)"}
_TRICK_EXPECT = {"type": "object", "additionalProperties": False, "properties": {
    "suit": _SUIT, "winner": _SEAT, "points": {"type": "integer", "minimum": 0},
    "count": {"type": "integer", "minimum": 0}}}
_POINTS = {"type": "object", "additionalProperties": {"type": "integer", "minimum": 0}}
_SCORES = {"type": "object", "additionalProperties": {"type": "integer"},
           "description": "a game of three (Moon): the points each seat scores in the hand (below zero for a set bid)"}

#: Schema of a Texas 42 position file.
TRICK_POSITION_SCHEMA: dict[str, Any] = {
    "type": "object", "additionalProperties": False, "required": ["variant"],
    "properties": {
        "variant": {"type": "string"}, "title": _TEXT, "note": _TEXT,
        "trick": {
            "type": "object", "additionalProperties": False, "required": ["trumps", "leader", "plays"],
            "properties": {
                "trumps": _TRUMPS, "contract": _CONTRACT, "bidder": _SEAT, "leader": _SEAT,
                "plays": {"type": "array", "minItems": 1, "maxItems": 4, "items": _TILE},
                "hands": {"type": "object", "additionalProperties": {"type": "array", "items": _TILE, "maxItems": 7},
                          "description": "each seat's tiles before the trick (the tile it plays among them)"},
                "question": {"enum": ["winner", "points"], "description": "a practice question the engine "
                             "answers: which seat wins the trick, or how many points it is worth"},
                "answer": {"type": ["string", "integer"]},
                "expect": _TRICK_EXPECT}},
        "follow": {
            "type": "object", "additionalProperties": False, "required": ["trumps", "plays", "hand"],
            "properties": {
                "trumps": _TRUMPS, "contract": _CONTRACT,
                "plays": {"type": "array", "minItems": 1, "maxItems": 3, "items": _TILE,
                          "description": "the trick so far, the led tile first"},
                "hand": {"type": "array", "minItems": 1, "maxItems": 7, "items": _TILE},
                "question": {"const": "legal", "description": "a practice question: which tiles of the hand "
                                                              "may be played now"},
                "answer": _TILES,
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "suit": _SUIT, "legal": _TILES}}}},
        "deal": {
            "type": "object", "additionalProperties": False, "required": ["shaker", "hands", "bids"],
            "properties": {
                "shaker": _SEAT,
                "hands": {"type": "object", "additionalProperties": _TILES},
                "widow": {**_TILE, "description": "a game of three (Moon): the tile left after the deal, which "
                                                  "the winner of the bidding takes (`widow: bidder-exchanges`)"},
                "discard": {**_TILE, "description": "the tile the winner of the bidding discards after taking "
                                                    "the widow"},
                "bids": {"type": "array", "minItems": 1, "maxItems": 4, "items": _BID,
                         "description": "one bid or pass a seat, from the shaker's left"},
                "trumps": _TRUMPS,
                "tricks": {"type": "array", "maxItems": 7, "items": {
                    "type": "object", "additionalProperties": False, "required": ["plays"],
                    "properties": {"plays": {"type": "array", "minItems": 1, "maxItems": 4, "items": _TILE},
                                   "note": _TEXT, "expect": _TRICK_EXPECT}}},
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "bidder": _SEAT, "bid": _BID, "points": _POINTS, "tricks": _POINTS,
                    "made": {"type": "boolean"}, "marks": _POINTS, "scores": _SCORES}}}},
        "marks": {
            "type": "object", "additionalProperties": False, "required": ["hands"],
            "properties": {
                "hands": {"type": "array", "minItems": 1, "maxItems": 100, "items": {
                    "type": "object", "additionalProperties": False, "required": ["bidder", "bid", "points"],
                    "properties": {"bidder": _SEAT, "bid": _BID,
                                   "points": {"type": "integer", "minimum": 0, "maximum": 42,
                                              "description": "the bidding team's raw points in the hand"}}}},
                "expect": {"type": "object", "additionalProperties": False, "properties": {
                    "marks": _POINTS, "won": {"type": "array", "items": _TEAM},
                    "winner": {"anyOf": [_TEAM, {"type": "null"}]},
                    "after": {"type": ["integer", "null"]}}}}},
    },
    "oneOf": [{"required": [k], "not": {"anyOf": [{"required": [o]} for o in ("trick", "follow", "deal", "marks")
                                                  if o != k]}}
              for k in ("trick", "follow", "deal", "marks")],
}
bound_numbers(TRICK_POSITION_SCHEMA)


class _TricksPosition(PositionBase):
    family = "tricks"


@dataclass
class TrickPosition(_TricksPosition):
    """One trick: ``trumps``, ``contract``, the ``bidder`` (Nel-O: whose
    partner sits out), the ``leader``, the ``plays`` (tiles, in play order)
    and the ``hands`` before it (seat -> tiles, or ``None``)."""

    trumps: Any = None
    contract: str = "points"
    bidder: str | None = None
    leader: str = "N"
    plays: list[Tile] = field(default_factory=list)
    hands: dict | None = None
    question: str | None = None
    answer: Any = None
    expect: dict = field(default_factory=dict)
    #: The game's seats, clockwise (N, E, S, W; N, E, W for three).
    ring: tuple = SEATS
    kind = "trick"

    @property
    def is_practice(self) -> bool:
        return self.question is not None

    @property
    def seats(self) -> list[str]:
        """The seats that play the trick, from the leader, clockwise (Nel-O: less the bidder's partner)."""
        ring = self.ring
        out = [ring[(ring.index(self.leader) + i) % len(ring)] for i in range(len(ring))]
        if self.contract == "nello" and self.bidder is not None:
            out.remove(SEATS[(SEATS.index(self.bidder) + 2) % 4])
        return out


@dataclass
class FollowPosition(_TricksPosition):
    """A trick begun (``plays``) and the ``hand`` of the next player."""

    trumps: Any = None
    contract: str = "points"
    plays: list[Tile] = field(default_factory=list)
    hand: list[Tile] = field(default_factory=list)
    question: str | None = None
    answer: list | None = None
    expect: dict = field(default_factory=dict)
    kind = "follow"

    @property
    def is_practice(self) -> bool:
        return self.question is not None


@dataclass
class DealTrick:
    """One trick of a deal position: its ``plays``, ``expect``, ``note``,
    ``index`` (1-based) and ``path``."""

    index: int
    plays: list[Tile]
    expect: dict
    note: dict | None
    path: tuple


@dataclass
class DealPosition(_TricksPosition):
    """A whole hand: the ``shaker``, the ``hands`` dealt, the ``bids`` (from
    the shaker's left), the ``trumps`` named and the ``tricks``."""

    shaker: str = "W"
    hands: dict = field(default_factory=dict)
    widow: Tile | None = None
    discard: Tile | None = None
    bids: list[Bid] = field(default_factory=list)
    trumps: Any = None
    tricks: list[DealTrick] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "deal"


@dataclass
class MarksPosition(_TricksPosition):
    """A game's hands, each ``(bidder seat, bid, the bidding team's points)``."""

    hands: list[tuple[str, Bid, int]] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "marks"


@dataclass
class TrickOutcome:
    """What the engine computed: a ``trick`` (trick positions), the
    ``suit`` and ``legal`` tiles (follow), the ``deal`` played (deal), or
    the ``marks`` (marks)."""

    position: Any
    trick: Trick | None = None
    suit: Any = None
    legal: list[Tile] = field(default_factory=list)
    deal: Deal | None = None
    marks: MarksResult | None = None


def _take(src: Source, v, path: tuple, seen: dict) -> Tile:
    t = read_tile(src, v, path)
    if t in seen:
        line, col = src.mark(seen[t], key=False)
        raise src.error(path, f"{notation(t)} is written twice (first at line {line}, column {col})", key=False)
    seen[t] = path
    return t


def _trumps(src: Source, v: Texas42, path: tuple):
    trumps = parse_trumps(src.get(path))
    if trumps not in v.trump_options():
        key = "doubles_trump" if trumps == DOUBLES else "follow_me"
        why = ("the doubles may not be named trumps here" if trumps == DOUBLES else "follow-me is not played here")
        raise src.error(path, f"{why} (`{key}: not-allowed`)", key=False,
                        reason=Reason("choice", choice=key, value="not-allowed"))
    return trumps


def _bid(src: Source, path: tuple) -> Bid:
    try:
        return Bid.parse(src.get(path))
    except ValueError as exc:
        raise src.error(path, str(exc), key=False) from None


def parse_tricks(src: Source, v: Texas42):
    """Validate ``src`` against :data:`TRICK_POSITION_SCHEMA` and the set,
    and build the typed position. Raises :class:`SourceError` at the first
    problem (a tile written twice, a hand of the wrong size, a question
    without its answer, a trumps the game does not play ...)."""
    for key in ("steps", "settle", "table", "round", "match"):
        if isinstance(src.data, dict) and key in src.data:
            raise src.error((key,), f"`{key}` belongs to another kind of game; a texas-42 position has exactly "
                            f"one of: `trick`, `follow`, `deal` or `marks`")
    base = checked_base(src, TRICK_POSITION_SCHEMA, _words)
    d = src.data
    seen: dict = {}
    if "trick" in d:
        t = d["trick"]
        contract = t.get("contract", "points")
        if contract == "nello":
            if not v.nello:
                raise src.error(("trick", "contract"), "Nel-O is not played here (`nello: not-allowed`)", key=False,
                                reason=Reason("choice", choice="nello", value="not-allowed"))
            if "bidder" not in t:
                raise src.error(("trick", "contract"), "a Nel-O trick names its `bidder` (whose partner sits out)")
        trumps = FOLLOW_ME if contract == "nello" and "trumps" not in t else _trumps(src, v, ("trick", "trumps"))
        if contract == "nello" and trumps != FOLLOW_ME:
            raise src.error(("trick", "trumps"), "a Nel-O hand has no trumps: write `trumps: follow-me`", key=False)
        plays = [_take(src, v, ("trick", "plays", i), seen) for i in range(len(t["plays"]))]
        if t["leader"] not in v.seats or (t.get("bidder") or v.seats[0]) not in v.seats:
            at = "leader" if t["leader"] not in v.seats else "bidder"
            raise src.error(("trick", at), f"{t[at]!r} is no seat: the seats are {', '.join(v.seats)}", key=False)
        pos = TrickPosition(**base, trumps=trumps, contract=contract, bidder=t.get("bidder"), leader=t["leader"],
                            plays=plays, question=t.get("question"), answer=t.get("answer"),
                            expect=t.get("expect") or {}, ring=v.seats)
        if pos.bidder is not None and contract == "nello" and pos.leader == SEATS[(SEATS.index(pos.bidder) + 2) % 4]:
            raise src.error(("trick", "leader"), f"{pos.leader} sits out this Nel-O hand and leads no trick",
                            key=False)
        if len(plays) != len(pos.seats):
            raise src.error(("trick", "plays"), f"a trick is {len(pos.seats)} tiles, one from each seat in play "
                            f"({', '.join(pos.seats)}), not {len(plays)}")
        if "hands" in t:
            hands = {}
            hseen = dict(seen)
            extra = [k for k in t["hands"] if k not in pos.seats]
            if extra:
                raise src.error(("trick", "hands", extra[0]), f"{extra[0]!r} plays no tile in this trick")
            for s in pos.seats:
                if s not in t["hands"]:
                    raise src.error(("trick", "hands"), f"give the hand of every seat in the trick: {s} is missing")
                hands[s] = [_hand_tile(src, v, ("trick", "hands", s, i), hseen) for i in
                            range(len(t["hands"][s]))]
            pos.hands = hands
        _question(src, pos, ("trick",))
        if v.three and pos.question == "points":
            raise src.error(("trick", "question"), "a trick is always one point in a game of three (no count "
                                                   "tiles): ask `question: winner` instead", key=False)
        return pos
    if "follow" in d:
        f = d["follow"]
        contract = f.get("contract", "points")
        if contract == "nello" and not v.nello:
            raise src.error(("follow", "contract"), "Nel-O is not played here (`nello: not-allowed`)", key=False)
        trumps = _trumps(src, v, ("follow", "trumps"))
        plays = [_take(src, v, ("follow", "plays", i), seen) for i in range(len(f["plays"]))]
        hand = [_take(src, v, ("follow", "hand", i), seen) for i in range(len(f["hand"]))]
        pos = FollowPosition(**base, trumps=trumps, contract=contract, plays=plays, hand=hand,
                             question=f.get("question"), answer=f.get("answer"), expect=f.get("expect") or {})
        _question(src, pos, ("follow",))
        return pos
    if "deal" in d:
        g = d["deal"]
        ring = v.seats
        if g["shaker"] not in ring:
            raise src.error(("deal", "shaker"), f"{g['shaker']!r} is no seat: the seats are {', '.join(ring)}",
                            key=False)
        if sorted(g["hands"]) != sorted(ring):
            missing = [s for s in ring if s not in g["hands"]]
            extra = [k for k in g["hands"] if k not in ring]
            if extra:
                raise src.error(("deal", "hands", extra[0]), f"{extra[0]!r} is no seat: the seats are "
                                                             f"{', '.join(ring)}")
            raise src.error(("deal", "hands"), f"give every seat's hand: {', '.join(missing)} missing")
        hands = {s: [_take(src, v, ("deal", "hands", s, i), seen) for i in range(len(g["hands"][s]))]
                 for s in ring}
        size = v.params.deal[len(ring)]
        for s in ring:
            if len(hands[s]) != size:
                raise src.error(("deal", "hands", s), f"{s} holds {len(hands[s])} tiles; a hand is dealt {size}",
                                reason=Reason("deal"))
        widow = _take(src, v, ("deal", "widow"), seen) if "widow" in g else None
        left = len(v.params.tiles) - size * len(ring)
        if v.widow == "bidder-exchanges" and widow is None:
            raise src.error(("deal", "hands"), f"give the `widow`: the tile left after the deal, which the winner "
                                               f"of the bidding takes (`widow: bidder-exchanges`)",
                            reason=Reason("choice", choice="widow", value="bidder-exchanges"))
        if widow is not None and v.widow != "bidder-exchanges":
            raise src.error(("deal", "widow"), "no widow is played here (`widow: none`): the tiles left after the "
                                               "deal stay out of play" if left else "every tile is dealt: there is "
                                               "no widow", key=False,
                            reason=Reason("choice", choice="widow", value="none") if left else None)
        discard = read_tile(src, v, ("deal", "discard")) if "discard" in g else None
        if discard is not None and widow is None:
            raise src.error(("deal", "discard"), "there is no widow here, so nothing is discarded: leave out "
                                                 "`discard`", key=False)
        bids = [_bid(src, ("deal", "bids", i)) for i in range(len(g["bids"]))]
        trumps = _trumps(src, v, ("deal", "trumps")) if "trumps" in g else None
        tricks = [DealTrick(i + 1, [read_tile(src, v, ("deal", "tricks", i, "plays", j))
                                    for j in range(len(tr["plays"]))],
                            tr.get("expect") or {}, tr.get("note"), ("deal", "tricks", i))
                  for i, tr in enumerate(g.get("tricks") or [])]
        if tricks and trumps is None:
            raise src.error(("deal", "tricks"), "name the `trumps` before the tricks")
        if widow is not None and trumps is not None and discard is None:
            raise src.error(("deal", "trumps"), "the winner of the bidding takes the widow and discards a tile "
                                                "before naming trumps: give the `discard`")
        return DealPosition(**base, shaker=g["shaker"], hands=hands, widow=widow, discard=discard, bids=bids,
                            trumps=trumps, tricks=tricks, expect=g.get("expect") or {})
    m = d["marks"]
    if v.three:
        raise src.error(("marks",), "three players score points, not marks: a `marks` position belongs to a "
                                    "game of four")
    hands = [(h["bidder"], _bid(src, ("marks", "hands", i, "bid")), h["points"]) for i, h in enumerate(m["hands"])]
    for i, (_, bid, _) in enumerate(hands):
        at = ("marks", "hands", i, "bid")
        if bid.is_pass:
            raise src.error(at, "a scored hand has a bid, not a pass", key=False)
        if bid.contract == "nello" and not v.nello:
            raise src.error(at, "Nel-O is not played here (`nello: not-allowed`)", key=False)
        if bid.contract in PARTNER_BIDS and not getattr(v, bid.contract):
            raise src.error(at, f"a {bid.contract} is not played here (`{bid.contract}: not-allowed`)", key=False)
        if bid.contract in PARTNER_BIDS and bid.marks < v.plunge_marks(None, bid.contract):
            raise src.error(at, f"a {bid.contract} bids {v.plunge_marks(None, bid.contract)} marks or more, "
                                f"not {bid.marks}", key=False)
        if bid.contract != "points" and bid.marks > 1 and v.top_bid == "one-mark":
            raise src.error(at, "the highest bid here is 1 mark (`top_bid: one-mark`)", key=False)
    teams = [team_name((SEATS[0], SEATS[2])), team_name((SEATS[1], SEATS[3]))]
    done = settle_marks(v, teams, [(teams[0] if s in ("N", "S") else teams[1], b, p) for s, b, p in hands])
    if done.after is not None and done.after < len(hands):
        raise src.error(("marks", "hands", done.after), f"the game is over: {done.winner} reached "
                        f"{v.marks_to_win} marks after hand {done.after}, so no hand follows", key=False)
    return MarksPosition(**base, hands=hands, expect=m.get("expect") or {})


def _hand_tile(src: Source, v, path: tuple, seen: dict) -> Tile:
    """A tile of a trick's hands: the tiles of the trick may (and must) be among them, nothing twice else."""
    t = read_tile(src, v, path)
    if t in seen and seen[t][1] != "plays":
        line, col = src.mark(seen[t], key=False)
        raise src.error(path, f"{notation(t)} is written twice (first at line {line}, column {col})", key=False)
    seen[t] = path
    return t


def _question(src: Source, pos, at: tuple) -> None:
    if (pos.question is None) != (pos.answer is None):
        raise src.error(at + ("question" if pos.question is not None else "answer",),
                        "a practice position gives both `question` and `answer`")


_ANY_OF = re.compile(r"^(?P<at>[\w.]*\b(?P<key>trumps|suit)): (?P<value>.*) is not valid under any of the given schemas$")


def _words(err: SourceError) -> SourceError:
    m = _ANY_OF.match(err.message)
    if m:
        what = ("trumps are a suit 0-6, doubles or follow-me" if m["key"] == "trumps" else
                "a suit is a pip 0-6 or doubles")
        return SourceError(err.file, err.line, err.col, f"{m['at']}: {what}, not {m['value']}")
    if err.message.startswith("a position file has exactly one of"):
        return SourceError(err.file, err.line, err.col, "a texas-42 position has exactly one of: `trick` (one "
                           "trick), `follow` (what may follow a lead), `deal` (a whole hand) or `marks` (hands "
                           "added up)")
    return err


def own_rule(exc: RuleViolation, v: Texas42, action=None) -> RuleViolation:
    """``exc``, a refusal of the engine's :class:`~generator.families.tricks.rules.Deal` (whose rule
    ids all start ``texas-42/``), under the id of the game ``v`` plays (``moon/follow-suit``;
    ``tricks/...`` for rules made without an id), so that a rule writer's error names their own
    game. A bid ``action`` these rules leave out is refused by a rule of its own rather than the
    order of the bidding: ``VID/no-moon`` for the moon (``shoot_moon: not-allowed``),
    ``VID/no-such-bid`` for Nel-O, a plunge or a splash not allowed. The engine's rule ids stay as
    they are, so the figures' hash (which reads the engine's code) does not change."""
    vid = v.id or "tricks"
    what = exc.rule.split("/", 1)[-1]
    if what == "bid" and isinstance(action, Bid) and not action.is_pass:
        if action.contract == "moon" and not v.shoot_moon:
            return RuleViolation(exc.message, f"{vid}/no-moon")
        if (action.contract == "nello" and not v.nello) or (action.contract in PARTNER_BIDS
                                                            and not getattr(v, action.contract)):
            return RuleViolation(exc.message, f"{vid}/no-such-bid")
    return RuleViolation(exc.message, f"{vid}/{what}")


def evaluate_tricks(pos, v: Texas42) -> TrickOutcome:
    """Run a Texas 42 position through the engine, ignoring ``expect``.
    Raises :class:`SourceError` at a play, bid or trumps the rules forbid,
    with the engine's reason and its ``[rule ID]`` (a tile played out of
    suit when the player could follow, a bid too low ...)."""
    src = pos.src
    vid = v.id or "tricks"
    if isinstance(pos, TrickPosition):
        if pos.hands is not None:
            for i, (seat, tile) in enumerate(zip(pos.seats, pos.plays)):
                hand = pos.hands[seat]
                if tile not in hand:
                    raise src.error(("trick", "plays", i), f"{seat} plays {notation(tile)}, which is not in {seat}'s "
                                    f"hand ({', '.join(map(notation, hand))}) [rule {vid}/hand]", key=False,
                                    reason=Reason("rule", rule=f"{vid}/hand"))
                legal = v.legal(hand, pos.plays[:i], pos.trumps, pos.contract)
                if tile not in legal:
                    suit = v.suit_led(pos.plays[0], pos.trumps, pos.contract)
                    raise src.error(("trick", "plays", i), f"{seat} must follow suit ({_suit_words(suit)}) with "
                                    f"{', '.join(map(notation, legal))}, not {notation(tile)} [rule {vid}/follow-suit]",
                                    key=False, reason=Reason("rule", rule=f"{vid}/follow-suit"))
        i = v.trick_winner(pos.plays, pos.trumps, pos.contract)
        trick = Trick(pos.leader, tuple(zip(pos.seats, pos.plays)), pos.seats[i],
                      v.suit_led(pos.plays[0], pos.trumps, pos.contract), v.trick_points(pos.plays))
        return TrickOutcome(pos, trick=trick, suit=trick.suit)
    if isinstance(pos, FollowPosition):
        suit = v.suit_led(pos.plays[0], pos.trumps, pos.contract)
        return TrickOutcome(pos, suit=suit, legal=v.legal(pos.hand, pos.plays, pos.trumps, pos.contract))
    if isinstance(pos, DealPosition):
        game = Deal(v, v.seats, pos.hands, pos.shaker, (pos.widow,) if pos.widow is not None else ())
        for i, bid in enumerate(pos.bids):
            seat = game.current
            try:
                if game.phase != "bid":
                    raise RuleViolation("the bidding is over: each seat bids once", f"{vid}/bid")
                game.push(seat, bid)
            except RuleViolation as exc:
                own = own_rule(exc, v, bid)
                raise src.error(("deal", "bids", i), f"{own}", key=False, reason=Reason.refusal(own)) from None
        if game.phase == "bid" and (pos.trumps is not None or pos.tricks):
            raise src.error(("deal", "bids"), f"the bidding is not over: {game.current} has not bid yet")
        if pos.discard is not None:
            if game.phase != "discard":
                raise src.error(("deal", "discard"), "nobody has taken the widow yet: the bidding is not over"
                                if game.phase == "bid" else "the hand is thrown in: nobody bid", key=False)
            try:
                game.push(game.current, pos.discard)
            except RuleViolation as exc:
                own = own_rule(exc, v)
                raise src.error(("deal", "discard"), str(own), key=False, reason=Reason.refusal(own)) from None
        if pos.trumps is not None:
            if game.end == "thrown-in":
                raise src.error(("deal", "trumps"), "every seat passed: the hand is thrown in (`all_pass: "
                                "reshake`) and nobody names trumps", key=False,
                                reason=Reason("choice", choice="all_pass", value="reshake"))
            try:
                game.push(game.current, pos.trumps)
            except RuleViolation as exc:
                own = own_rule(exc, v)
                raise src.error(("deal", "trumps"), str(own), key=False, reason=Reason.refusal(own)) from None
        for tr in pos.tricks:
            leader = game.current
            need = len(game.seats) - (1 if game.sitting_out else 0)
            if len(tr.plays) != need:
                raise src.error(tr.path + ("plays",), f"trick {tr.index}: a trick is {need} tiles, not "
                                f"{len(tr.plays)}")
            for j, tile in enumerate(tr.plays):
                seat = game.current
                try:
                    game.push(seat, tile)
                except RuleViolation as exc:
                    own = own_rule(exc, v)
                    raise src.error(tr.path + ("plays", j), f"trick {tr.index} (led by {leader}): {own}",
                                    key=False, reason=Reason.refusal(own)) from None
        return TrickOutcome(pos, deal=game)
    teams = [team_name((SEATS[0], SEATS[2])), team_name((SEATS[1], SEATS[3]))]
    hands = [(teams[0] if seat in ("N", "S") else teams[1], bid, points) for seat, bid, points in pos.hands]
    return TrickOutcome(pos, marks=settle_marks(v, teams, hands))


def _suit_words(suit) -> str:
    return "the doubles" if suit == DOUBLES else SUIT_NAMES[suit]


def trick_values(trick: Trick) -> dict:
    """A trick's computed values: led ``suit``, ``winner``, ``points`` and ``count``."""
    return {"suit": trick.suit, "winner": trick.winner, "points": trick.points,
            "count": sum(count_of(t) for _, t in trick.plays)}


def deal_values(game: Deal) -> dict:
    """A deal's computed values so far: ``bidder`` and ``bid``; once seven
    tricks are played, each team's ``points`` and ``tricks``, ``made`` and
    the ``marks`` won."""
    out: dict[str, Any] = {"bidder": game.bidder, "bid": str(game.high) if game.high is not None else None,
                           "trumps": game.trumps, "end": game.end}
    if game.widow:
        out["discard"] = str(game.discarded) if game.discarded is not None else None
    r = game.result
    if r is not None:
        out.update(points=dict(r.points), tricks=dict(r.tricks), made=r.made, marks=dict(r.marks))
        if r.scores is not None:
            out["scores"] = dict(r.scores)
    return out


def marks_values(m: MarksResult) -> dict:
    return {"marks": dict(m.marks), "won": list(m.won), "made": list(m.made), "winner": m.winner,
            "after": m.after}


def practice_answer(outcome: TrickOutcome):
    """The engine's answer to a practice position's question: the winning
    seat, the trick's points, or the legal tiles (as text)."""
    pos = outcome.position
    if isinstance(pos, TrickPosition):
        return outcome.trick.winner if pos.question == "winner" else outcome.trick.points
    return [str(t) for t in outcome.legal]


def compare_tricks(outcome: TrickOutcome) -> list[SourceError]:
    """Every stated value that differs from the engine, at its key."""
    pos = outcome.position
    src = pos.src
    errs: list[SourceError] = []
    if isinstance(pos, TrickPosition):
        got = trick_values(outcome.trick)
        for key, stated in pos.expect.items():
            if stated != got[key]:
                detail = ""
                if key in ("points", "count"):
                    detail = "one for the trick and the count tiles" if key == "points" else "count tiles: " + (
                        ", ".join(f"{notation(t)} {count_of(t)}" for t in pos.plays if count_of(t)) or "none")
                elif key == "winner":
                    detail = _why_won(outcome)
                errs.append(stated_diff(src, ("trick", "expect", key), f"the trick's {key}", stated, got[key], detail))
        if pos.question is not None:
            best = practice_answer(outcome)
            if pos.answer != best:
                errs.append(stated_diff(src, ("trick", "answer"), pos.question, pos.answer, best,
                                  _why_won(outcome) if pos.question == "winner" else ""))
        return errs
    if isinstance(pos, FollowPosition):
        legal = [str(t) for t in outcome.legal]
        for key, stated in pos.expect.items():
            if key == "suit" and stated != outcome.suit:
                errs.append(stated_diff(src, ("follow", "expect", key), "the suit led", stated, outcome.suit))
            elif key == "legal":
                errs += _tiles_diff(src, ("follow", "expect", key), "the tiles that may be played", stated, legal)
        if pos.question is not None:
            errs += _tiles_diff(src, ("follow", "answer"), "the tiles that may be played", pos.answer, legal)
        return errs
    if isinstance(pos, DealPosition):
        game = outcome.deal
        for tr, done in zip(pos.tricks, game.tricks):
            got = trick_values(done)
            for key, stated in tr.expect.items():
                if stated != got[key]:
                    errs.append(stated_diff(src, tr.path + ("expect", key), f"trick {tr.index}'s {key}", stated,
                                      got[key]))
        got = deal_values(game)
        for key, stated in pos.expect.items():
            path = ("deal", "expect", key)
            if key in ("points", "tricks", "made", "marks", "scores") and game.result is None:
                errs.append(src.error(path, f"the hand is not played out ({len(game.tricks)} of 7 tricks), so it "
                                            f"has no `{key}` yet"))
                continue
            if key == "bid":
                try:
                    stated = str(Bid.parse(stated))
                except ValueError as exc:
                    errs.append(src.error(path, str(exc), key=False))
                    continue
            if key == "scores" and "scores" not in got:
                errs.append(src.error(path, "scores belong to a game of three (Moon); a game of four wins marks"))
                continue
            if key in ("points", "tricks", "marks", "scores"):
                sides = list(game.teams)
                unknown = [k for k in stated if k not in sides]
                if unknown:
                    errs.append(src.error(path + (unknown[0],), f"no {'seat' if game.rules.three else 'team'} "
                                                                f"{unknown[0]!r}: they are {' and '.join(sides)}"))
                    continue
                full = {t: got[key].get(t, 0) for t in sides}
                if any(stated[k] != full[k] for k in stated):
                    detail = ""
                    if key == "points" and not game.rules.three:
                        detail = f"{sum(stated.values())} stated in all; a hand's points add up to 42" \
                            if len(stated) == 2 and sum(stated.values()) != 42 and not game.sitting_out else ""
                    errs.append(stated_diff(src, path, key, stated, got[key], detail))
                continue
            if stated != got[key]:
                errs.append(stated_diff(src, path, key, stated, got[key]))
        return errs
    got = marks_values(outcome.marks)
    for key, stated in pos.expect.items():
        if key == "marks":
            full = {t: got["marks"].get(t, 0) for t in TEAMS}
            if any(stated.get(k) != full.get(k) for k in stated) or any(k not in TEAMS for k in stated):
                errs.append(stated_diff(src, ("marks", "expect", key), "marks", stated, got["marks"]))
        elif stated != got[key]:
            errs.append(stated_diff(src, ("marks", "expect", key), key, stated, got[key]))
    return errs


def _tiles_diff(src, path, label, stated, computed) -> list[SourceError]:
    try:
        norm = sorted(str(Tile.parse(x)) for x in stated)
    except Exception as exc:                # noqa: BLE001  (a NotationError: reported at the list)
        return [src.error(path, str(exc))]
    return [] if norm == sorted(computed) else [stated_diff(src, path, label, stated, computed)]


def _why_won(outcome: TrickOutcome) -> str:
    tr = outcome.trick
    tile = dict(tr.plays)[tr.winner]
    return f"{tr.winner}'s {notation(tile)} wins"


def tricks_json(outcome: TrickOutcome) -> dict:
    """The ``rulebook score --json`` values of a Texas 42 position."""
    pos = outcome.position
    if isinstance(pos, TrickPosition):
        out: dict[str, Any] = {"trick": trick_values(outcome.trick)}
    elif isinstance(pos, FollowPosition):
        out = {"follow": {"suit": outcome.suit, "legal": [str(t) for t in outcome.legal]}}
    elif isinstance(pos, DealPosition):
        out = {"deal": dict(deal_values(outcome.deal),
                            tricks=[trick_values(t) for t in outcome.deal.tricks])}
    else:
        out = {"marks": marks_values(outcome.marks)}
    if getattr(pos, "question", None) is not None:
        out["practice"] = {"question": pos.question, "best": practice_answer(outcome)}
    return out


#: Texas 42's kinds: a trick, what may follow, a whole hand (deal), marks added up.
KINDS = Kinds("tricks", parse_tricks, evaluate_tricks, compare_tricks, tricks_json,
              names=("trick", "follow", "deal", "marks"))

#: The schema of its position files (``docs/schemas/trick-position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"trick-position": (TRICK_POSITION_SCHEMA, "Domino rulebook: Texas 42 position",
                    ("rules/<id>/positions/*.yaml for a game of tricks: a trick, what may follow a lead "
                     "(follow), a whole hand (deal) or marks added up."))}
