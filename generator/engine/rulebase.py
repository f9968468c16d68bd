"""The rules base every family of games builds on: a game's parameters
(:class:`Params`), the refusal of a move (:class:`RuleViolation`,
:func:`check_turn`), the settlement pieces (:class:`Settlement`,
:func:`sides_of`, :func:`side_of`, :func:`round_half_up_to`) and the
:class:`Rules` class: the set, the stock, the seats and the turn order.

Nothing here belongs to one family: each family's rules class (a single line
of play, :mod:`generator.families.line.rules`; trains, tricks, a tree of
doubles) subclasses :class:`Rules` in its own folder. The module may be
loaded compiled (:mod:`generator.base.native`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, NamedTuple, Sequence

from mypy_extensions import mypyc_attr

from .choices import Choices
from .tiles import Tile, double_set
from .tilesets import tileset

__all__ = ["Params", "own_values", "RuleViolation", "Rules", "Settlement", "check_turn", "round_half_up_to", "sides_of",
           "side_of"]


class RuleViolation(Exception):
    """A move the rules forbid.

    ``message`` says what is wrong in plain words (listing the open ends where that
    helps); ``rule`` is a short id of the rule, e.g. ``"horse-race/side-branch"``.
    It pickles with both, so a refusal raised in a worker process reaches the
    caller whole (:func:`generator.base.processes.in_order`).
    """

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __reduce__(self):
        return (type(self), (self.message, self.rule))

    def __str__(self) -> str:
        return f"{self.message} [rule {self.rule}]"


def check_turn(state, player: str, what: str = "round") -> None:
    """Refuse a move by ``player`` that the turn order forbids, in any
    family's state (a hand, a round: ``variant``, ``end``, ``hands``,
    ``current``). Raises :class:`RuleViolation` once ``state`` is over
    (rule ``VID/WHAT-over``, ``what`` "hand" or "round"), for a name not
    seated (``VID/players``) and out of turn (``VID/turn-order``)."""
    vid = state.variant.id
    if state.end is not None:
        raise RuleViolation(f"the {what} is over ({state.end}); no more moves", f"{vid}/{what}-over")
    if player not in state.hands:
        raise RuleViolation(f"{player!r} is not a player", f"{vid}/players")
    if player != state.current:
        raise RuleViolation(f"it is {state.current}'s turn, not {player}'s", f"{vid}/turn-order")


@dataclass(frozen=True)
class Params:
    """A variant's parameters, read from ``params`` in its ``variant.yaml``.

    The params every game takes: ``set`` is the highest pip (6 =
    double-six); ``deal`` maps a number of players to tiles per hand;
    ``stock_reserve`` tiles can never be drawn; ``target`` is the game target
    in displayed points (or the family's unit:
    :meth:`~generator.engine.family.Family.target_unit_of`); ``point_unit``
    is how many raw points make one displayed point (1 when they are the
    same); ``tileset`` the name of a set defined as data
    (:data:`~.tilesets.SETS`, ``"chinese"``) when the YAML's ``set`` names
    one (``set`` is then its highest pip), ``""`` for a double-``set`` set.

    ``own`` holds the params the game's family declares for its games alone
    (:attr:`generator.engine.family.Family.own_params`: the tiles that may
    be set in a line of play, the lengths of a match of rounds ...), as
    ``(key, value)`` pairs in the family's order; read them with :meth:`own_int` and
    :meth:`own_ints`.
    """

    set: int
    players: tuple[int, ...]
    partnerships: tuple[int, ...]
    deal: Mapping[int, int]
    stock_reserve: int = 0
    target: int | None = None
    point_unit: int = 1
    tileset: str = ""
    own: tuple[tuple[str, object], ...] = ()

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The whole set, in order, a duplicated tile as often as the set holds
        it (made once per set: :func:`~.tiles.double_set`, :func:`~.tilesets.tileset`)."""
        if self.tileset:
            return tileset(self.tileset).tiles
        return double_set(self.set)

    def stock_size(self, players: int) -> int:
        """Tiles left in the stock after the deal for ``players`` players."""
        return len(self.tiles) - players * self.deal[players]

    def own_int(self, key: str) -> int | None:
        """The family's own param ``key`` that is one whole number, or ``None``
        where the game leaves it out (or its family declares no such param)."""
        for k, value in self.own:
            if k == key and isinstance(value, int):
                return value
        return None

    def own_ints(self, key: str) -> tuple[int, ...]:
        """The family's own param ``key`` that is a list of whole numbers, or
        ``()`` where the game leaves it out (or its family declares no such param)."""
        for k, value in self.own:
            if k == key and isinstance(value, tuple):
                return value
        return ()

    def __reduce__(self):
        # pickled by its fields (the simulations send a game's rules to other processes); a
        # compiled frozen dataclass cannot be rebuilt by setting its fields one by one
        return (Params, (self.set, self.players, self.partnerships, dict(self.deal), self.stock_reserve,
                         self.target, self.point_unit, self.tileset, self.own))

    @classmethod
    def from_mapping(cls, m: Mapping, own: Mapping[str, Mapping] | None = None) -> "Params":
        """Build from the YAML mapping ``m`` (keys as in ``variant.yaml``):
        the params every game takes, and those of ``own`` (the family's
        :attr:`~generator.engine.family.Family.own_params`: key -> JSON
        Schema), each a whole number (``"integer"``, ``None`` when left out or
        null) or a list of them (``"array"``, ``()`` when left out or null);
        the mapping's other keys are not read. Raises ``ValueError`` for an
        own param of another type (a family's declaration)."""
        named = m["set"] if isinstance(m["set"], str) and not m["set"].isdigit() else m.get("tileset", "")
        return cls(
            set=tileset(named).max_pip if named else int(m["set"]),
            players=tuple(int(x) for x in m["players"]),
            partnerships=tuple(int(x) for x in m.get("partnerships", ())),
            deal={int(k): int(v) for k, v in m["deal"].items()},
            stock_reserve=int(m.get("stock_reserve", 0)),
            target=None if m.get("target") is None else int(m["target"]),
            point_unit=int(m.get("point_unit", 1)),
            tileset=named,
            own=own_values(m, own or {}),
        )


def own_values(m: Mapping, own: Mapping[str, Mapping]) -> tuple[tuple[str, object], ...]:
    """A family's own params (``own``: key -> JSON Schema,
    :attr:`~generator.engine.family.Family.own_params`) as ``m`` (a
    ``variant.yaml``'s ``params`` mapping) gives them, in the family's order:
    each a whole number (schema type ``"integer"``; ``None`` when left out or
    null) or a tuple of them (``"array"``; ``()`` when left out or null).
    Raises ``ValueError`` for a param declared with another type.

    >>> own_values({"lengths": [13, 7]}, {"lengths": {"type": "array"}, "bonus": {"type": ["integer", "null"]}})
    (('lengths', (13, 7)), ('bonus', None))
    """
    values: list[tuple[str, object]] = []
    for key, schema in own.items():
        kind = schema.get("type")
        kinds = [kind] if isinstance(kind, str) else list(kind or ())
        raw = m.get(key)
        if "array" in kinds:
            values.append((key, tuple(int(x) for x in raw or ())))
        elif "integer" in kinds:
            values.append((key, None if raw is None else int(raw)))
        else:
            raise ValueError(f"the param {key!r} is neither a whole number nor a list of them")
    return tuple(values)


class Settlement(NamedTuple):
    """The outcome of a hand's end (an immutable record).

    ``winners`` are side names (a player, or a team ``"N+S"``); ``points`` the
    displayed points each winner gains; ``raw`` the rounded pips behind them;
    ``pips`` each side's remaining pip total; ``scores_after`` and
    ``game_winners`` are filled when scores before the settlement were given.
    """

    winners: tuple[str, ...]
    points: Mapping[str, int]
    raw: Mapping[str, int]
    pips: Mapping[str, int]
    opponents_pips: Mapping[str, int]
    blocked: bool
    scores_after: Mapping[str, int] | None = None
    game_winners: tuple[str, ...] | None = None


def round_half_up_to(value: int, unit: int) -> int:
    """Round ``value`` pips to the nearest multiple of ``unit``; an exact half
    rounds up. For ``unit`` 5: remainders 1-2 go down, 3-4 up (seed 000,
    ハンドの精算).

    >>> [round_half_up_to(v, 5) for v in (17, 18, 22, 12, 0)]
    [15, 20, 20, 10, 0]
    """
    q, r = divmod(value, unit)
    return (q + (1 if 2 * r >= unit else 0)) * unit


def sides_of(players: Sequence[str], teams: Sequence[Sequence[str]] | None) -> dict[str, tuple[str, ...]]:
    """Map each side's name to its members: ``{"N+S": ("N", "S"), ...}`` for
    teams, else ``{"N": ("N",), ...}``."""
    if teams:
        return {"+".join(t): tuple(t) for t in teams}
    return {p: (p,) for p in players}


def side_of(player: str, sides: Mapping[str, Sequence[str]]) -> str:
    """The name of the side ``player`` belongs to."""
    for name, members in sides.items():
        if player in members:
            return name
    raise KeyError(player)


@mypyc_attr(allow_interpreted_subclasses=True)     # every family's rules class subclasses it
class Rules:
    """The rules of a game, whatever its family: its :class:`Params` and its
    rule choices (:class:`~generator.engine.choices.Choices`), the set they
    play with, the stock left after the deal, the order of turns and who
    plays first in each round of a match.

    Each family subclasses it with its own play (a line of play, trains,
    tricks, a tree of doubles); :func:`generator.engine.rules.make_variant`
    makes a game's from its ``variant.yaml``.
    """

    #: The game's id (``rules/<id>/``): every rule id starts with it (``<id>/<rule>``).
    id: str = ""
    #: The name of the game's family (the ``layout`` choice: :mod:`generator.engine.family`).
    family: str = ""
    #: How a player draws from the stock (the ``draw`` choice): ``"until-playable"``, ``"optional"``,
    #: ``"one"``, or ``"none"`` where nobody draws (the whole set dealt, or the stock closed).
    draw_mode: str = "until-playable"

    def __init__(self, params: Params, choices: Choices | None = None):
        #: The game's parameters (:class:`Params`).
        self.params = params
        #: The rule choices (:class:`~generator.engine.choices.Choices`) this game plays by.
        self.choices = c = choices if choices is not None else Choices()
        self.family = c.layout
        self.draw_mode = c.draw

    def stock_size(self, players: int) -> int:
        """Tiles left in the stock after dealing to ``players`` players (and
        after setting out any tile placed before the deal)."""
        return self.params.stock_size(players)

    @property
    def max_pip(self) -> int:
        """Highest pip of the set (6 for double-six)."""
        return self.params.set

    def parse_tile(self, text: str) -> Tile:
        """Read a tile of this game's set (see :meth:`Tile.parse`; raises
        :class:`~generator.engine.tiles.NotationError`; a set defined as data
        refuses the tiles it lacks: :meth:`~.tilesets.TileSet.parse_tile`)."""
        if self.params.tileset:
            return tileset(self.params.tileset).parse_tile(text)
        return Tile.parse(text, self.max_pip)

    def first_player(self, players: Sequence[str], first: str, number: int) -> str:
        """Who takes the first turn of round ``number`` of a match of rounds
        (Mexican Train, Chicken Foot) when ``first`` took it in round 1: one
        seat further on each round, in the order of ``players``. Raises
        ``ValueError`` when ``first`` is not one of ``players``.

        >>> p = Params(set=6, players=(3,), partnerships=(), deal={3: 7})
        >>> [Rules(p).first_player(["A", "B", "C"], "B", n) for n in (1, 2, 3)]
        ['B', 'C', 'A']
        """
        i = list(players).index(first)
        return players[(i + number - 1) % len(players)]

    def play_order(self, players: Sequence[str]) -> list[str]:
        """The players in the order they play, from ``players`` (the seats
        clockwise, first seat first): clockwise, or with ``direction:
        counter-clockwise`` (Pagat, Cuban Dominoes) the first seat and then
        the others from its right.

        >>> p = Params(set=9, players=(4,), partnerships=(4,), deal={4: 10})
        >>> Rules(p, Choices(direction="counter-clockwise")).play_order(["N", "E", "S", "W"])
        ['N', 'W', 'S', 'E']
        """
        players = list(players)
        if self.choices.direction == "counter-clockwise":
            return players[:1] + players[:0:-1]
        return players
