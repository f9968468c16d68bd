"""Position files (``rules/<variant>/positions/*.yaml``) as typed objects, run
through the engine and compared with their stated values.

Three kinds, told apart by their keys (the fixed contract, ``docs/en/authoring.md#fixed-contract``,
fixes the first two; the third is ours, documented in ``docs/*/authoring.md``):

- :class:`PlacementPosition` -- ``steps`` applied to an empty table;
- :class:`SettlementPosition` -- ``settle``: one hand's end;
- :class:`TurnsPosition` -- ``deal`` and ``turns``: a hand played move by move;
- :class:`~generator.families.line.practice.PracticePosition` -- ``practice``: a question
  the engine answers (its own module, :mod:`.practice`).

:func:`evaluate` scores a position and :func:`compare` lists every stated value
that differs from the engine, as :class:`SourceError` located at the key.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .rules.hand import Event, Hand
from .rules.layout import Layout
from ...engine.reasons import Reason
from ...engine.tiles import End, NotationError, Tile
from .rules.variant import Placement, RuleViolation, Settlement, Variant, sides_of
from ...model.kinds import read_tile, GameOver, Kinds, PositionBase, outside_set
from ...model.schema import MAX_DIAGRAM_TILES, POSITION_SCHEMA, name_keys, validate, yaml_on_key
from ...model.yamlsrc import Source, SourceError, SourceErrors

__all__ = ["KINDS", "SCHEMAS", "GAME_OVER", "Step", "Rejected", "Move", "PlacementPosition", "SettlementPosition", "TurnsPosition",
           "Position", "parse_line", "evaluate_line", "compare_line", "Outcome"]

#: How a settlement whose scores before the hand already reach the target is refused (the game was
#: over), as a :class:`~generator.model.kinds.GameOver` (the class a house rule's page tells it by).
GAME_OVER = "the game was over before this hand"


@dataclass
class Step:
    """One placement step: ``play`` at ``at`` (``None``: lead, or the only legal
    end), ``as_`` (``inline``/``cross``/None), the stated ``expect`` values,
    an optional ``caption`` {ja, en}; ``index`` is 1-based; ``path`` its YAML path."""

    index: int
    play: Tile
    at: End | None
    as_: str | None
    expect: dict
    caption: dict | None
    path: tuple
    touch: int | None = None
    reject: str | None = None


@dataclass(frozen=True)
class Rejected:
    """A step stated as illegal (``reject: RULE``) and refused by the engine:
    the ``tile`` and ``at`` tried, the engine's ``message`` and ``rule``, and
    the unchanged ``layout`` with its ``open`` ends."""

    tile: Tile
    at: End | None
    as_: str | None
    message: str
    rule: str
    layout: Layout
    open: tuple


@dataclass
class Move:
    """One move of a turn-flow position: ``kind`` is play/draw/pass, ``by`` the
    player, ``tile`` the tile played or drawn; ``expect`` as stated."""

    index: int
    by: str
    kind: str
    tile: Tile | None
    at: End | None
    as_: str | None
    expect: dict
    note: dict | None
    path: tuple
    touch: int | None = None


class LinePosition(PositionBase):
    """A position of the line-of-play family."""

    family = "line"


@dataclass
class PlacementPosition(LinePosition):
    """A placement position: ``steps`` applied in order to an empty table."""

    steps: list[Step] = field(default_factory=list)
    kind = "placement"


@dataclass
class SettlementPosition(LinePosition):
    """A settlement: ``hands`` (player -> tiles list or pip total, in seat order),
    optional ``teams``, ``out`` and ``scores`` (displayed points per side)."""

    players: list[str] = field(default_factory=list)
    teams: list[list[str]] | None = None
    out: str | None = None
    hands: dict = field(default_factory=dict)
    scores: dict | None = None
    expect: dict = field(default_factory=dict)
    #: ``out`` went out with a capicúa (a last tile that fitted either end; ``capicua_bonus``).
    capicua: bool = False
    #: The game counts hands won in a row (``target_score: in-a-row``): pips play no part in the counts.
    in_a_row: bool = False
    kind = "settlement"

    def pips(self) -> dict[str, int]:
        """Remaining pips per player."""
        return {p: (h if isinstance(h, int) else sum(t.pips for t in h)) for p, h in self.hands.items()}


@dataclass
class TurnsPosition(LinePosition):
    """A hand from its deal: seats ``players`` (clockwise), ``hands``, ``stock``
    (top first), ``leader``, optional ``teams``/``scores``, then ``moves``."""

    players: list[str] = field(default_factory=list)
    teams: list[list[str]] | None = None
    leader: str = ""
    scores: dict | None = None
    hands: dict = field(default_factory=dict)
    stock: list[Tile] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    expect: dict = field(default_factory=dict)
    kind = "turns"


Position = PlacementPosition | SettlementPosition | TurnsPosition


def _end(src: Source, variant: Variant, path: tuple) -> End:
    try:
        return variant.parse_end(src.get(path))
    except NotationError as exc:
        raise src.error(path, str(exc), key=False, reason=outside_set(src.get(path), variant)) from None


def _length(items: Any) -> int:
    return len(items) if isinstance(items, list) else 0


def _unknown_true_in(message: str) -> str | None:
    """Where the schema's "unknown key 'True' (or 'False') in WHERE" message is (``WHERE``), else ``None``."""
    for head in ("unknown key 'True' in ", "unknown key 'False' in "):
        if message.startswith(head):
            return message[len(head):].split(";")[0]
    return None


def _huge_totals(src: Source, variant: Variant, errors: list[SourceError]) -> list[SourceError]:
    """``errors`` (the schema's) with the one at a settlement's pip total
    too large for the schema (more than it takes of any number) said as the
    total the set cannot hold, as a smaller one is (``hands: {E: 10**30}``)."""
    hands = src.get(("settle", "hands"))
    if not isinstance(hands, dict):
        return errors
    whole = sum(t.pips for t in variant.params.tiles)
    for name, h in hands.items():
        if isinstance(h, int) and not isinstance(h, bool) and h > whole:
            if h < 10 ** 12:
                size = f"{h:,} pips"
            else:                           # (the YAML reader refuses a number of more than 4,300 digits)
                size = f"a pip total of {len(str(h)):,} digits"
            e = src.error(("settle", "hands", name), f"{size} is more than the whole set holds ({whole})")
            errors = [x for x in errors if (x.line, x.col) != (e.line, e.col)] + [e]
    return sorted(errors, key=lambda x: (x.line, x.col))


def parse_line(src: Source, variant: Variant) -> Position:
    """Validate ``src`` (schema, tiles, players) and build the typed position.

    Raises :class:`SourceError` for the first problem found (schema problems
    are reported together by :func:`schema_errors` first).
    """
    errors = validate(src, POSITION_SCHEMA)
    # `on:` (YAML's true) in a move or step means `at:`: say so instead of "unknown key 'True'"
    on = {f"{kind}.{i}": e for kind in ("turns", "steps") for i in range(_length(src.get((kind,))))
          if (e := yaml_on_key(src, (kind, i), "name the end the tile joins with `at:`")) is not None}
    if on:
        errors = sorted([e for e in errors if _unknown_true_in(e.message) not in on] + list(on.values()),
                        key=lambda e: (e.line, e.col))
    if errors:
        errors = _huge_totals(src, variant, errors)
    if not errors:
        errors = name_keys(src)
    if errors:
        raise SourceErrors.of(errors)
    d = src.data
    base = dict(file=src.file, id=Path(src.file).stem, variant_id=d["variant"],
                title=d.get("title"), note=d.get("note"), src=src)
    if "steps" in d:
        steps = []
        problems: list[SourceError] = []       # independent notation problems, all reported
        for i, s in enumerate(d["steps"]):
            p = ("steps", i)
            try:
                play = read_tile(src, variant, p + ("play",))
            except SourceError as exc:
                problems.append(exc)
                play = None
            try:
                at = _end(src, variant, p + ("at",)) if "at" in s else None
            except SourceError as exc:
                problems.append(exc)
            rule = s.get("reject")
            if rule is not None and (rule.split("/")[0] != variant.id or rule.split("/")[1] not in RULE_IDS):
                problems.append(src.error(p + ("reject",), f"unknown rule {rule!r}; {variant.id}'s rules are "
                                + ", ".join(f"{variant.id}/{r}" for r in sorted(RULE_IDS)), key=False))
            if not problems:
                steps.append(Step(i + 1, play, at, s.get("as"), s.get("expect") or {}, s.get("caption"), p,
                                  s.get("touch"), rule))
        if problems:
            raise SourceErrors.of(problems)
        return PlacementPosition(**base, steps=steps)
    if "practice" in d:
        from .practice import parse_practice
        return parse_practice(src, variant, base)
    if "settle" in d:
        s = d["settle"]
        players = list(s["hands"].keys())
        hands: dict[str, Any] = {}
        seen: dict[Tile, str] = {}
        problems = []
        for name, h in s["hands"].items():
            if isinstance(h, list):
                tiles = []
                for j in range(len(h)):
                    try:
                        t = read_tile(src, variant, ("settle", "hands", name, j))
                    except SourceError as exc:
                        problems.append(exc)
                        continue
                    if t in seen:
                        problems.append(src.error(("settle", "hands", name, j),
                                                  f"{t} is written twice (also in {seen[t]}'s hand)", key=False))
                    seen[t] = name
                    tiles.append(t)
                hands[name] = tiles
            else:
                hands[name] = h
        if problems:
            raise SourceErrors.of(problems)
        teams = s.get("teams")
        _check_teams(src, ("settle",), players, teams, variant)
        out = s.get("out")
        if out is not None:
            if out not in players:
                raise src.error(("settle", "out"), f"`out` names {out!r}, who has no hand here")
            left = hands[out]
            if (left if isinstance(left, int) else len(left)) != 0:
                raise src.error(("settle", "hands", out), f"{out} went out, so their hand must be empty")
        sides = sides_of(players, teams)
        whole = sum(t.pips for t in variant.params.tiles)
        for name, h in hands.items():
            if isinstance(h, int) and h > whole:
                raise src.error(("settle", "hands", name), f"{h} pips is more than the whole set holds ({whole})")
        _check_sides(src, ("settle", "scores"), s.get("scores"), sides)
        if s.get("scores") is not None and sorted(s["scores"]) != sorted(sides):
            raise src.error(("settle", "scores"), f"give a score for every side: {', '.join(sides)}")
        _check_counts(src, ("settle", "scores"), s.get("scores"), variant)
        target = variant.params.target
        over = [side for side, v in (s.get("scores") or {}).items() if target is not None and v >= target]
        if over:
            line, col = src.mark(("settle", "scores", over[0]))
            raise GameOver(src.file, line, col, f"{GAME_OVER}: {over[0]} had {s['scores'][over[0]]} of the "
                                                f"{target} that win it")
        if s.get("scores") is None:
            for key in ("scores_after", "game_winners"):
                if key in (s.get("expect") or {}):
                    raise src.error(("settle", "expect", key), f"`{key}` needs the scores before the settlement (`scores`)")
        for key in ("points", "raw", "scores_after"):
            _check_sides(src, ("settle", "expect", key), (s.get("expect") or {}).get(key), sides)
        for key in ("winners", "game_winners"):
            _check_sides(src, ("settle", "expect", key), (s.get("expect") or {}).get(key), sides)
        capicua = bool(s.get("capicua"))
        if capicua and out is None:
            raise src.error(("settle", "capicua"), "a capicúa is a way of going out: say who went out (`out`)")
        if capicua and not variant.params.own_int("capicua_bonus"):
            raise src.error(("settle", "capicua"), f"{variant.id} scores no capicúa (it has no `capicua_bonus`)")
        return SettlementPosition(**base, players=players, teams=teams, out=out, hands=hands,
                                  scores=s.get("scores"), expect=s.get("expect") or {}, capicua=capicua,
                                  in_a_row=variant.choices.target_score == "in-a-row")
    return _parse_turns(src, variant, base)


def _check_teams(src: Source, at: tuple, players: list[str], teams, variant: Variant) -> None:
    if not teams:
        if not variant.params.players:
            raise src.error(at + (("hands",) if at == ("settle",) else ("players",)),
                            f"{variant.id} is played only in partnerships: give the `teams`")
        if len(players) not in variant.params.players:
            raise src.error(at + (("hands",) if at == ("settle",) else ("players",)),
                            f"{variant.id} is played by {', '.join(map(str, variant.params.players))} "
                            f"players as individuals, not {len(players)}")
        return
    members = [m for t in teams for m in t]
    if sorted(members) != sorted(players) or len(set(members)) != len(members):
        raise src.error(at + ("teams",), "the teams must name every player exactly once")
    if len(players) not in variant.params.partnerships:
        raise src.error(at + ("teams",), f"{variant.id} has no partnership game for {len(players)} players")
    if len({len(t) for t in teams}) != 1:
        raise src.error(at + ("teams",), "partnerships must be of equal size")
    # Partners sit apart: the turn always passes to the other side. A deal's players are listed in their
    # order of play; the compass seats N, E, S, W say where they sit whatever the order they are listed in.
    team_of = {m: i for i, t in enumerate(teams) for m in t}
    order = ["N", "E", "S", "W"] if sorted(players) == ["E", "N", "S", "W"] else players if at == ("deal",) else []
    for k, p in enumerate(order):
        q = order[(k + 1) % len(order)]
        if team_of[p] == team_of[q]:
            i = team_of[q]
            raise src.error(at + ("teams", i, teams[i].index(q)),
                            f"{p} and {q} are partners but sit side by side (seats in order round the table: "
                            f"{', '.join(order)}): partners sit apart, so the turn always passes to the other side")


def _check_counts(src: Source, path: tuple, scores, variant: Variant) -> None:
    """Under ``target_score: in-a-row`` (Pagat, Jamaican Partner) a win wipes
    every other side's count, so at most one side can hold one: a second side
    with points is refused at its score."""
    if not isinstance(scores, dict) or variant.choices.target_score != "in-a-row":
        return
    holding = [side for side, v in scores.items() if v]
    if len(holding) > 1:
        first, second = holding[0], holding[1]
        raise src.error(path + (second,), f"{second} holds {scores[second]} while {first} holds {scores[first]}: in "
                                          f"{variant.id} a side's win takes the other sides' counts back to 0 "
                                          f"(`target_score: in-a-row`), so only one side can hold a count")


def _check_sides(src: Source, path: tuple, value, sides: dict) -> None:
    if value is None:
        return
    names = value if isinstance(value, list) else list(value.keys())
    for i, n in enumerate(names):
        if n not in sides:
            sub = path + ((i,) if isinstance(value, list) else (n,))
            raise src.error(sub, f"{n!r} is not a side here; the sides are {', '.join(sides)}",
                            key=not isinstance(value, list))


def _parse_turns(src: Source, variant: Variant, base: dict) -> TurnsPosition:
    d = src.data
    deal = d["deal"]
    players = list(deal["players"])
    if len(set(players)) != len(players):
        raise src.error(("deal", "players"), "a player is seated twice")
    teams = deal.get("teams")
    _check_teams(src, ("deal",), players, teams, variant)
    if deal["leader"] not in players:
        raise src.error(("deal", "leader"), f"the leader {deal['leader']!r} is not seated")
    if sorted(deal["hands"]) != sorted(players):
        raise src.error(("deal", "hands"), "give exactly one hand for every seated player")
    seen: dict[Tile, tuple] = {}
    hands: dict[str, list[Tile]] = {}
    problems: list[SourceError] = []

    def take(path):
        try:
            t = read_tile(src, variant, path)
        except SourceError as exc:
            problems.append(exc)
            return None
        if t in seen:
            line, col = src.mark(seen[t], key=False)
            problems.append(src.error(path, f"{t} is written twice (first at line {line}, column {col})",
                                      key=False))
        else:
            seen[t] = path
        return t

    size = variant.params.deal.get(len(players))
    for p in players:
        hands[p] = [take(("deal", "hands", p, j)) for j in range(len(deal["hands"][p]))]
        if size is not None and len(hands[p]) != size:
            problems.append(src.error(("deal", "hands", p), f"{p} holds {len(hands[p])} tiles; {variant.id} "
                                      f"deals {size} each to {len(players)} players", reason=Reason("deal")))
    stock = [take(("deal", "stock", j)) for j in range(len(deal["stock"]))]
    if problems:
        raise SourceErrors.of(problems)
    missing = [t for t in variant.params.tiles if t not in seen]
    if missing:
        raise src.error(("deal", "stock"), "the deal and stock must hold the whole set; missing: "
                        + ", ".join(map(str, missing)))
    thrown = variant.thrown_in(hands)
    if thrown is not None:
        who, n = thrown
        limit = variant.params.own_int("redeal_doubles")
        raise src.error(("deal", "hands", who), f"{who} holds {n} doubles, and {variant.id} throws in a deal with "
                                                f"{limit} or more in one hand (the tiles are "
                                                f"shuffled and dealt again): this hand is never played",
                        reason=Reason("deal"))
    sides = sides_of(players, teams)
    _check_sides(src, ("deal", "scores"), deal.get("scores"), sides)
    _check_counts(src, ("deal", "scores"), deal.get("scores"), variant)
    moves = []
    plays = 0
    for i, m in enumerate(d["turns"]):
        p = ("turns", i)
        if m["by"] not in players:
            raise src.error(p + ("by",), f"{m['by']!r} is not seated")
        kind = "play" if "play" in m else "draw" if "draw" in m else "pass"
        plays += kind == "play"
        if plays > MAX_DIAGRAM_TILES:       # the hand's last line of play is drawn below its moves
            raise src.error(p + ("play",), f"move {i + 1} places tile {plays} on the table: the hand's line of "
                                           f"play is drawn after its moves, and a diagram shows at most "
                                           f"{MAX_DIAGRAM_TILES} tiles (end the hand's moves sooner)")
        tile = read_tile(src, variant, p + (kind,)) if kind != "pass" else None
        at = _end(src, variant, p + ("at",)) if "at" in m else None
        for key in ("at", "as", "touch"):
            if key in m and kind != "play":
                raise src.error(p + (key,), f"`{key}` goes with `play`")
        moves.append(Move(i + 1, m["by"], kind, tile, at, m.get("as"), m.get("expect") or {},
                          m.get("note"), p, m.get("touch")))
    return TurnsPosition(**base, players=players, teams=teams, leader=deal["leader"],
                         scores=deal.get("scores"), hands=hands, stock=stock, moves=moves,
                         expect=d.get("expect") or {})


@dataclass
class Outcome:
    """What the engine computed for a position: ``placements`` (placement
    positions), ``settlement``, or ``hand`` and ``events`` (turn flow)."""

    position: Any
    placements: list[Placement] = field(default_factory=list)
    settlement: Settlement | None = None
    hand: Hand | None = None
    events: list[Event] = field(default_factory=list)


def evaluate_line(pos: Position, variant: Variant) -> Outcome:
    """Run ``pos`` through ``variant``'s engine, ignoring every ``expect``.

    Raises :class:`SourceError` at the step or move the rules forbid; the
    message ends with ``[rule ID]``.
    """
    src = pos.src
    if pos.kind == "practice":
        from .practice import evaluate_practice
        return evaluate_practice(pos, variant)
    if isinstance(pos, PlacementPosition):
        layout = Layout()
        out: list = []
        for st in pos.steps:
            try:
                pl = variant.place(layout, st.play, st.at, st.as_, st.touch)
            except RuleViolation as exc:
                if st.reject is not None:
                    if exc.rule != st.reject:
                        raise src.error(st.path + ("reject",), f"step {st.index}: stated rejected by rule "
                                        f"{st.reject}, but the engine rejects it by another rule: {exc}",
                                        reason=Reason("other-rule", rule=exc.rule, stated=st.reject,
                                                      at=("step", st.index))) from None
                    out.append(Rejected(st.play, st.at, st.as_, exc.message, exc.rule, layout,
                                        tuple(variant.open_ends(layout))))
                    continue
                key = "at" if st.at is not None and exc.rule.split("/")[-1] not in _TILE_RULES else "play"
                raise src.error(st.path + (key,), f"step {st.index}: {exc}",
                                reason=Reason.refusal(exc).located("step", st.index)) from None
            if st.reject is not None:
                raise src.error(st.path + ("reject",), f"step {st.index}: stated rejected by rule {st.reject}, "
                                f"but the engine accepts {st.play}"
                                + (f" at {pl.at}" if pl.at else "") + " as legal",
                                reason=Reason("now-allowed", stated=st.reject, at=("step", st.index)))
            out.append(pl)
            layout = pl.layout
        return Outcome(pos, placements=out)
    if isinstance(pos, SettlementPosition):
        return Outcome(pos, settlement=variant.settle(pos.players, pos.pips(), pos.out, pos.teams, pos.scores,
                                                                 pos.capicua))
    try:
        hand = Hand(variant, pos.players, pos.hands, pos.stock, pos.leader, pos.teams, pos.scores)
    except RuleViolation as exc:
        raise src.error(("deal", "leader"), str(exc), reason=Reason.refusal(exc)) from None
    events = []
    for mv in pos.moves:
        try:
            if mv.kind == "play":
                ev = hand.play(mv.by, mv.tile, mv.at, mv.as_, mv.touch)
            elif mv.kind == "draw":
                top = hand.stock[0] if hand.stock else None
                ev = hand.draw(mv.by)
                if ev.drawn != mv.tile:
                    raise src.error(mv.path + ("draw",), f"move {mv.index}: {mv.by} draws {top}, "
                                    f"the top of the stock, not {mv.tile}", key=False,
                                    reason=Reason("misfit", at=("move", mv.index)))
            else:
                ev = hand.pass_(mv.by)
        except RuleViolation as exc:
            raise src.error(mv.path + (mv.kind,), f"move {mv.index}: {exc}",
                            reason=Reason.refusal(exc).located("move", mv.index)) from None
        events.append(ev)
    return Outcome(pos, hand=hand, events=events)


#: Rule ids (after ``VARIANT/``) the engine raises for a placement.
RULE_IDS = {"matching", "sum-7", "blank", "multiple-of-3", "multiple-of-5", "set", "lead", "doubles-crosswise", "doubles",
            "placement", "straight-sides-first", "spinner-sides-first", "star-arms-first", "each-tile-once",
            "touch"}

#: Rules about the tile itself (located at `play`); the others are about the end (`at`).
_TILE_RULES = {"matching", "sum-7", "blank", "multiple-of-3", "multiple-of-5", "set", "lead", "doubles-crosswise", "doubles", "touch"}


def _terms(values) -> str:
    return " + ".join(str(v) for v in values) if values else "nothing"


def _diff(src: Source, path: tuple, label: str, stated, computed, detail: str = "") -> SourceError:
    extra = f" ({detail})" if detail else ""
    return src.error(path, f"{label}: stated {json.dumps(stated, ensure_ascii=False)}, "
                           f"the engine computes {json.dumps(computed, ensure_ascii=False)}{extra}")


def _compare_place(src, path, label, expect: dict, pl: Placement) -> list[SourceError]:
    errs = []
    counted = [c.value for c in pl.counted]
    computed = {"counted": counted, "total": pl.total, "raw": pl.raw, "points": pl.points,
                "open": [str(e) for e in pl.open]}
    terms = f"counted {_terms(counted)} = {pl.total}"
    for key in ("counted", "total", "raw", "points", "open"):
        if key not in expect:
            continue
        stated = expect[key]
        if key == "counted":
            same = Counter(stated) == Counter(counted)
        elif key == "open":
            try:
                same = sorted(map(str, (End.parse(s) for s in stated))) == sorted(computed["open"])
            except NotationError as exc:
                errs.append(src.error(path + (key,), f"{label}: {exc}"))
                continue
        else:
            same = stated == computed[key]
        if not same:
            errs.append(_diff(src, path + (key,), f"{label} {key}", stated, computed[key], terms))
    return errs


def compare_line(outcome: Outcome) -> list[SourceError]:
    """Every stated value that differs from the engine, located at its key."""
    pos = outcome.position
    src = pos.src
    errs: list[SourceError] = []
    if pos.kind == "practice":
        from .practice import compare_practice
        return compare_practice(outcome)
    if isinstance(pos, PlacementPosition):
        for st, pl in zip(pos.steps, outcome.placements):
            if isinstance(pl, Rejected):
                continue
            errs += _compare_place(src, st.path + ("expect",), f"step {st.index} ({pl.tile})", st.expect, pl)
        return errs
    if isinstance(pos, SettlementPosition):
        s = outcome.settlement
        computed = settlement_values(s)
        for key, stated in pos.expect.items():
            got = computed.get(key)
            same = sorted(stated) == sorted(got or []) if isinstance(stated, list) else stated == got
            if not same:
                detail = _count_detail(pos, s) if key in ("scores_after", "game_winners") else None
                detail = detail or ", ".join(_pips_detail(s, w) + (f", raw {s.raw[w]}" if w in s.raw else "")
                                             for w in s.winners) \
                    or "no single lowest total: nobody wins"
                errs.append(_diff(src, ("settle", "expect", key), key, stated, got, detail))
        return errs
    hand = outcome.hand
    for mv, ev in zip(pos.moves, outcome.events):
        label = f"move {mv.index} ({mv.by} {mv.kind}{' ' + str(mv.tile) if mv.tile else ''})"
        exp = dict(mv.expect)
        if ev.placement is not None:
            errs += _compare_place(src, mv.path + ("expect",), label,
                                   {k: v for k, v in exp.items() if k in _PLACE_KEYS}, ev.placement)
        for key in ("playable", "next", "scores", "end"):
            if key in exp and exp[key] != getattr(ev, key):
                errs.append(_diff(src, mv.path + ("expect", key), f"{label} {key}", exp[key], getattr(ev, key)))
        if ev.placement is None and any(k in exp for k in _PLACE_KEYS):
            errs.append(src.error(mv.path + ("expect",), f"{label}: placement values need a `play`"))
    if len(outcome.events) == len(pos.moves):
        computed = turns_result(hand)
        for key, stated in pos.expect.items():
            got = computed.get(key)
            same = sorted(stated) == sorted(got or []) if isinstance(stated, list) else stated == got
            if not same:
                errs.append(_diff(src, ("expect", key), key, stated, got))
    return errs


_PLACE_KEYS = ("counted", "total", "raw", "points", "open")


def _pips_detail(s, w: str) -> str:
    """What winner ``w`` of settlement ``s`` is scored from, for a check
    message: a partnership (named ``"N+S"``) against "the other sides", a
    player alone against "the other player(s)" and its own hand."""
    if "+" in w:
        return f"{w}: the other sides hold {s.opponents_pips[w]} pips, its own side {s.pips[w]}"
    others = "the other player holds" if len(s.pips) == 2 else "the other players hold"
    return f"{w}: {others} {s.opponents_pips[w]} pips, its own hand {s.pips[w]}"


def _count_detail(pos: "SettlementPosition", s: Settlement) -> str | None:
    """Why the counts after a hand are what they are, under ``target_score:
    in-a-row`` (hands won in a row; pips play no part): the win added to the
    winner's count, or the other sides' counts it wiped. ``None`` for any
    other rule (the pips explain the points there)."""
    if not pos.in_a_row or pos.scores is None:
        return None
    before = ", ".join(f"{side} {v}" for side, v in pos.scores.items())
    if not s.winners:
        return f"counts before the hand {before}; a drawn hand adds nothing and wipes nothing"
    w = s.winners[0]
    others = [side for side, v in pos.scores.items() if side != w and v]
    if others:
        return (f"counts before the hand {before}; {w} win while {', '.join(others)} hold a count, "
                f"so every count goes back to 0 and this win adds nothing")
    return f"counts before the hand {before}; nobody else holds a count, so {w}'s win adds {s.points.get(w, 0)}"


def settlement_values(s: Settlement) -> dict:
    """A settlement as the spec's JSON keys (``scores_after``/``game_winners``
    only when scores were given)."""
    out = {"winners": list(s.winners), "points": dict(s.points), "raw": dict(s.raw)}
    if s.scores_after is not None:
        out["scores_after"] = dict(s.scores_after)
        out["game_winners"] = list(s.game_winners or ())
    return out


def turns_result(hand: Hand) -> dict:
    """The end of a turn-flow position: ``end`` (out/blocked/game/none),
    ``winners``, ``points``, ``scores_after``, ``game_winners``, ``next_leader``."""
    s = hand.settlement
    return {
        "end": hand.end or "none",
        "winners": list(s.winners) if s else (list(hand.game_winners) if hand.end == "game" else []),
        "points": dict(s.points) if s else {},
        "scores_after": dict(hand.scores),
        "game_winners": list(hand.game_winners),
        "next_leader": hand.next_leader,
    }


def placement_json(pl: Placement) -> dict[str, Any]:
    """One step: ``play``, ``at`` (or null), ``counted``, ``total``, ``raw``,
    ``points``, ``open`` as the fixed contract states them (``docs/en/authoring.md#fixed-contract``)."""
    return {
        "play": str(pl.tile),
        "at": None if pl.at is None else str(pl.at),
        "counted": [c.value for c in pl.counted],
        "total": pl.total,
        "raw": pl.raw,
        "points": pl.points,
        "open": [str(e) for e in pl.open],
    }


def rejected_json(r: Rejected) -> dict[str, Any]:
    """A step the position states as illegal (our extension): ``play``,
    ``at``, ``rejected`` {``rule``, ``message``} and the unchanged ``open``."""
    return {"play": str(r.tile), "at": None if r.at is None else str(r.at),
            "rejected": {"rule": r.rule, "message": r.message}, "open": [str(e) for e in r.open]}


def line_json(outcome: Outcome) -> dict[str, Any]:
    """The fields of ``rulebook score --json`` for a line-of-play position:
    ``steps``; or ``settlement`` (with ``scores_after``/``game_winners``
    beside it when scores were given); or ``turns`` and ``result`` (a hand
    move by move, our extension)."""
    pos = outcome.position
    out: dict[str, Any] = {}
    if pos.kind == "practice":
        from .practice import practice_json
        return practice_json(outcome)
    if isinstance(pos, PlacementPosition):
        out["steps"] = [rejected_json(p) if isinstance(p, Rejected) else placement_json(p)
                        for p in outcome.placements]
    elif isinstance(pos, SettlementPosition):
        values = settlement_values(outcome.settlement)
        out["settlement"] = values
        for key in ("scores_after", "game_winners"):
            if key in values:
                out[key] = values[key]
    else:
        turns = []
        for ev in outcome.events:
            item: dict[str, Any] = {"by": ev.player, "move": ev.kind}
            if ev.placement is not None:
                item.update(placement_json(ev.placement))
            if ev.drawn is not None:
                item.update(draw=str(ev.drawn), playable=ev.playable)
            item.update(next=ev.next, scores=dict(ev.scores), end=ev.end)
            turns.append(item)
        out["turns"] = turns
        out["result"] = turns_result(outcome.hand)
    return out


#: The line of play's kinds: placements (``steps``), a settlement (``settle``), a hand (``deal`` + ``turns``),
#: a question (``practice``, :mod:`.practice`).
KINDS = Kinds("line", parse_line, evaluate_line, compare_line, line_json,
              names=("placement", "settlement", "turns", "practice"))

#: The schema of its position files (``docs/schemas/position.schema.json``): name -> (schema, title,
#: description), as :meth:`generator.engine.family.Family.position_schemas` gives it.
SCHEMAS = {"position": (POSITION_SCHEMA, "Domino rulebook: line-of-play position",
                    ("rules/<id>/positions/*.yaml for a line-of-play game: placements (steps), a settlement "
                     "(settle) or a hand move by move (deal and turns)."))}
