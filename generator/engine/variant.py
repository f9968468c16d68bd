"""The shared interface every variant implements, and the values it returns.

A variant is a :class:`Variant` subclass (one file per game under
:mod:`generator.variants`) built from the ``params`` block of
``rules/<id>/variant.yaml``. Positions, the hand state machine, diagrams and pages
only talk to this interface.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from .layout import Layout, Placed
from .tiles import SIDES, End, Tile, double_set

__all__ = [
    "Params", "Contribution", "Placement", "RuleViolation", "Variant", "Settlement",
    "round_half_up_to",
]


class RuleViolation(Exception):
    """A move the rules forbid.

    ``message`` says what is wrong in plain words (listing the open ends where that
    helps); ``rule`` is a short id of the rule, e.g. ``"horse-race/side-branch"``.
    """

    def __init__(self, message: str, rule: str):
        super().__init__(message)
        self.message = message
        self.rule = rule

    def __str__(self) -> str:
        return f"{self.message} [rule {self.rule}]"


@dataclass(frozen=True)
class Params:
    """A variant's parameters, read from ``params`` in its ``variant.yaml``.

    ``set`` is the highest pip (6 = double-six); ``deal`` maps a number of
    players to tiles per hand; ``stock_reserve`` tiles can never be drawn;
    ``target`` is the game target in displayed points; ``point_unit`` is how
    many raw points make one displayed point (1 when they are the same).
    """

    set: int
    players: tuple[int, ...]
    partnerships: tuple[int, ...]
    deal: Mapping[int, int]
    stock_reserve: int = 0
    target: int | None = None
    point_unit: int = 1

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The whole set, in order."""
        return double_set(self.set)

    def stock_size(self, players: int) -> int:
        """Tiles left in the stock after the deal for ``players`` players."""
        return len(self.tiles) - players * self.deal[players]

    @classmethod
    def from_mapping(cls, m: Mapping) -> "Params":
        """Build from the YAML mapping (keys as in ``variant.yaml``)."""
        return cls(
            set=int(m["set"]),
            players=tuple(int(x) for x in m["players"]),
            partnerships=tuple(int(x) for x in m.get("partnerships", ())),
            deal={int(k): int(v) for k, v in m["deal"].items()},
            stock_reserve=int(m.get("stock_reserve", 0)),
            target=None if m.get("target") is None else int(m["target"]),
            point_unit=int(m.get("point_unit", 1)),
        )


@dataclass(frozen=True)
class Contribution:
    """One counted value: the end it stands at and its value in pips.

    For a double that counts both halves, ``end`` is one of its open straight
    sides and ``value`` is twice its pip.
    """

    end: End
    value: int


@dataclass(frozen=True)
class Placement:
    """The result of placing one tile.

    ``counted`` are the counted contributions after the placement (sorted by
    tile as in seed 000's text equivalents); ``total`` is their sum in pips;
    ``raw`` the raw points it scores (換算前の得点) and ``points`` the displayed
    points (表示得点); ``open`` every open attachment point afterwards.
    """

    tile: Tile
    at: End | None
    layout: Layout
    counted: tuple[Contribution, ...]
    total: int
    raw: int
    points: int
    open: tuple[End, ...]


@dataclass(frozen=True)
class Settlement:
    """The outcome of a hand's end.

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


class Variant:
    """Base class of every variant's rules.

    Subclasses set ``id`` and override the rule hooks. Defaults describe a plain
    line of play: doubles are ordinary crosswise tiles with no side branches,
    tiles match by equal pips, nothing scores during play.
    """

    id: str = ""
    #: Every double is a spinner (True), only the first (``"first"``), or none.
    spinners: bool | str = False
    #: Side branches open only after both straight sides are filled.
    sides_after_straight: bool = True

    def __init__(self, params: Params):
        self.params = params

    # -- tiles -----------------------------------------------------------
    @property
    def max_pip(self) -> int:
        """Highest pip of the set (6 for double-six)."""
        return self.params.set

    def parse_tile(self, text: str) -> Tile:
        """Read a tile of this variant's set (see :meth:`Tile.parse`)."""
        return Tile.parse(text, self.max_pip)

    def parse_end(self, text: str) -> End:
        """Read an attachment point of this variant's set."""
        return End.parse(text, self.max_pip)

    # -- placement -------------------------------------------------------
    def is_spinner(self, layout: Layout, tile: Tile, cross: bool) -> bool:
        """Whether a double placed now becomes a spinner (branch double)."""
        if not tile.is_double or not cross:
            return False
        if self.spinners is True:
            return True
        if self.spinners == "first":
            return not any(p.tile.is_double for p in layout)
        return False

    def orientation(self, tile: Tile, requested: str | None) -> bool:
        """Whether ``tile`` lies crosswise. ``requested`` is the step's ``as``
        (``"inline"``/``"cross"``/``None``). Raises :class:`RuleViolation` when
        the variant does not allow the requested way."""
        if requested not in (None, "cross") and tile.is_double:
            raise RuleViolation(f"{self.id} lays every double crosswise; `as: {requested}` is not allowed",
                                f"{self.id}/doubles-crosswise")
        return True

    def open_ends(self, layout: Layout) -> list[End]:
        """Every open attachment point, sorted."""
        return layout.free_ends(self.sides_after_straight)

    def link_pip(self, end_pip: int, tile: Tile) -> int | None:
        """The pip of ``tile`` that may touch an end showing ``end_pip``, or
        ``None`` when it cannot join there (standard: equal numbers)."""
        return end_pip if tile.has(end_pip) else None

    def legal_ends(self, layout: Layout, tile: Tile) -> list[End | None]:
        """Where ``tile`` may be placed now: ``[None]`` on an empty table."""
        if tile in layout:
            return []
        if not len(layout):
            return [None]
        return [e for e in self.open_ends(layout)
                if self.link_pip(layout.pip_at(e), tile) is not None]

    def place(self, layout: Layout, tile: Tile, at: End | None, as_: str | None = None) -> Placement:
        """Place ``tile`` at ``at`` and score it.

        ``at`` may be ``None`` for the lead, or later when exactly one end is
        legal. Raises :class:`RuleViolation` naming the rule when the placement
        is illegal (the message lists the open ends).
        """
        if tile in layout:
            raise RuleViolation(f"{tile} is already on the table", f"{self.id}/each-tile-once")
        opens = self.open_ends(layout)
        listing = ", ".join(str(e) for e in opens) or "none"
        if not len(layout):
            if at is not None:
                raise RuleViolation(f"the first tile is placed on an empty table; it takes no `at` ({at})",
                                    f"{self.id}/lead")
        elif at is None:
            legal = self.legal_ends(layout, tile)
            if len(legal) != 1:
                where = ", ".join(str(e) for e in legal) or "nowhere"
                raise RuleViolation(
                    f"{tile} fits {where}; say where with `at` (open ends: {listing})",
                    f"{self.id}/placement")
            at = legal[0]
        else:
            placed = layout.get(at.tile)
            if placed is None:
                raise RuleViolation(f"{at.tile} is not on the table (open ends: {listing})",
                                    f"{self.id}/placement")
            if at not in opens:
                raise RuleViolation(self._closed_reason(layout, placed, at) + f" (open ends: {listing})",
                                    self._closed_rule(layout, placed, at))
            if self.link_pip(layout.pip_at(at), tile) is None:
                raise RuleViolation(
                    f"{tile} does not match {at}, which shows {layout.pip_at(at)} (open ends: {listing})",
                    f"{self.id}/matching")
        cross = self.orientation(tile, as_)
        spinner = self.is_spinner(layout, tile, cross)
        link = None
        if at is not None and not tile.is_double:
            link = str(self.link_pip(layout.pip_at(at), tile))
        new = layout.attach(tile, at, link=link, cross=cross, spinner=spinner)
        counted = tuple(self.counted(new))
        total = sum(c.value for c in counted)
        raw, points = self.score_total(total)
        return Placement(tile, at, new, counted, total, raw, points, tuple(self.open_ends(new)))

    def _closed_reason(self, layout: Layout, placed: Placed, at: End) -> str:
        if not placed.is_free(at.side):
            return f"{at} is already joined"
        if at.side in SIDES and not placed.spinner:
            return f"{at.tile} is not a branch double, so it has no side branches"
        if at.side in SIDES:
            return (f"{at} is not open yet: both straight sides of {at.tile} must be filled "
                    f"before a side branch")
        return f"{at} is not an open end"

    def _closed_rule(self, layout: Layout, placed: Placed, at: End) -> str:
        if at.side in SIDES and placed.spinner and placed.is_free(at.side):
            return f"{self.id}/straight-sides-first"
        return f"{self.id}/placement"

    def counted(self, layout: Layout) -> list[Contribution]:
        """The counted contributions of a layout (default: every open end's pip)."""
        out = [Contribution(e, layout.pip_at(e)) for e in self.open_ends(layout)]
        return sorted(out, key=lambda c: (c.end.tile, -c.value))

    def score_total(self, total: int) -> tuple[int, int]:
        """``(raw, displayed)`` points for an end total (default: nothing scores)."""
        return 0, 0

    # -- turn flow -------------------------------------------------------
    #: ``"until-playable"``, ``"one"`` or ``"none"``.
    draw_mode: str = "until-playable"

    def continues_turn(self, placement: Placement, drawn: bool) -> bool:
        """Whether the same player plays again after ``placement``."""
        return False

    # -- settlement ------------------------------------------------------
    def settle(self, players: Sequence[str], hands: Mapping[str, int], out: str | None,
               teams: Sequence[Sequence[str]] | None = None,
               scores: Mapping[str, int] | None = None) -> Settlement:
        """Settle a hand; see the subclass for the scoring rule."""
        raise NotImplementedError


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


__all__ += ["sides_of", "side_of"]
