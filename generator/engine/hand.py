"""One hand played move by move: the turn flow shared by every variant.

A :class:`Hand` starts from a deal (hands and a stock in draw order, top
first) and accepts ``play``, ``draw`` and ``pass_`` moves, checking each against
the variant's rules and raising :class:`RuleViolation` with the rule's id.
Horse Race's turn rules are from seed 000 (配置と手番の継続, ドローとパス).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from .layout import Layout
from .tiles import End, Tile
from .variant import Placement, RuleViolation, Settlement, Variant, side_of, sides_of

__all__ = ["Hand", "Event"]


@dataclass(frozen=True)
class Event:
    """What one move did.

    ``kind`` is ``"play"``, ``"draw"`` or ``"pass"``; ``placement`` is set for a
    play; ``drawn`` for a draw (``playable`` says whether it must now be placed);
    ``next`` is who moves next (``None`` once the hand is over); ``scores`` are
    the displayed points of every side after the move; ``end`` is ``None``,
    ``"out"``, ``"blocked"`` or ``"game"`` (the target was reached).
    """

    kind: str
    player: str
    placement: Placement | None = None
    drawn: Tile | None = None
    playable: bool = False
    next: str | None = None
    scores: Mapping[str, int] = field(default_factory=dict)
    end: str | None = None


class Hand:
    """The state of one hand.

    ``players`` are seat names in clockwise order; ``hands`` map each to its
    tiles; ``stock`` is the stock in draw order; ``leader`` plays first;
    ``teams`` (partnerships) and ``scores`` (displayed points per side before
    the hand) are optional. Raises ``ValueError`` for an inconsistent deal.
    """

    def __init__(self, variant: Variant, players: Sequence[str], hands: Mapping[str, Sequence[Tile]],
                 stock: Sequence[Tile], leader: str, teams: Sequence[Sequence[str]] | None = None,
                 scores: Mapping[str, int] | None = None):
        self.variant = variant
        self.players = list(players)
        self.teams = [list(t) for t in teams] if teams else None
        self.sides = sides_of(self.players, self.teams)
        self.hands = {p: list(hands[p]) for p in self.players}
        self.stock = list(stock)
        if leader not in self.players:
            raise ValueError(f"the leader {leader!r} is not a player")
        self.current: str | None = leader
        self.scores = {s: int((scores or {}).get(s, 0)) for s in self.sides}
        self.layout = Layout()
        self.must_play: Tile | None = None
        self.end: str | None = None
        self.settlement: Settlement | None = None
        self.game_winners: tuple[str, ...] = ()
        self.last_player: str | None = None
        self.events: list[Event] = []

    # -- queries ---------------------------------------------------------
    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn (the stock less its reserve)."""
        return max(0, len(self.stock) - self.variant.params.stock_reserve)

    def plays_for(self, player: str) -> list[tuple[Tile, End | None]]:
        """Every legal ``(tile, end)`` for ``player`` from their hand."""
        out = []
        for t in self.hands[player]:
            for e in self.variant.legal_ends(self.layout, t):
                out.append((t, e))
        return out

    def can_play(self, player: str) -> bool:
        """True when ``player`` holds a tile that fits somewhere."""
        return any(self.variant.legal_ends(self.layout, t) for t in self.hands[player])

    def pips(self, player: str) -> int:
        """Pips left in ``player``'s hand."""
        return sum(t.pips for t in self.hands[player])

    def next_seat(self, player: str) -> str:
        """The player to the left (clockwise) of ``player``."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    @property
    def next_leader(self) -> str | None:
        """Who leads the next hand: the player of the last tile after going out;
        ``None`` (a new fair lot) after a block or at the game's end."""
        return self.last_player if self.end == "out" else None

    # -- moves -----------------------------------------------------------
    def _check_turn(self, player: str) -> None:
        if self.end is not None:
            raise RuleViolation(f"the hand is over ({self.end}); no more moves", f"{self.variant.id}/hand-over")
        if player not in self.hands:
            raise RuleViolation(f"{player!r} is not a player", f"{self.variant.id}/players")
        if player != self.current:
            raise RuleViolation(f"it is {self.current}'s turn, not {player}'s", f"{self.variant.id}/turn-order")

    def play(self, player: str, tile: Tile, at: End | None = None, as_: str | None = None) -> Event:
        """``player`` places ``tile`` from the hand at ``at``.

        A tile just drawn and playable must be the one placed. Reaching the
        target ends the game at once; an empty hand ends the hand; otherwise the
        variant decides whether the same player continues.
        """
        self._check_turn(player)
        vid = self.variant.id
        if tile not in self.hands[player]:
            raise RuleViolation(f"{player} does not hold {tile}", f"{vid}/own-tiles")
        drawn = self.must_play is not None
        if drawn and tile != self.must_play:
            raise RuleViolation(f"{player} must place the tile just drawn, {self.must_play}, at once",
                                f"{vid}/drawn-tile")
        placement = self.variant.place(self.layout, tile, at, as_)
        self.layout = placement.layout
        self.hands[player].remove(tile)
        self.must_play = None
        self.last_player = player
        side = side_of(player, self.sides)
        self.scores[side] += placement.points
        target = self.variant.params.target
        if target is not None and self.scores[side] >= target:
            self.end = "game"
            self.game_winners = (side,)
        elif not self.hands[player]:
            self._finish("out", player)
        elif self._blocked():
            self._finish("blocked", None)
        elif self.variant.continues_turn(placement, drawn):
            self.current = player
        else:
            self.current = self.next_seat(player)
        return self._log(Event("play", player, placement=placement))

    def draw(self, player: str) -> Event:
        """``player`` draws the top tile of the stock.

        Allowed only with no playable tile and a drawable stock. A playable
        drawn tile must be placed next (Horse Race: and that ends the turn).
        """
        self._check_turn(player)
        vid = self.variant.id
        if self.variant.draw_mode == "none":
            raise RuleViolation("this game has no drawing", f"{vid}/no-draw")
        if self.must_play is not None:
            raise RuleViolation(f"{player} must place the drawn {self.must_play} first", f"{vid}/drawn-tile")
        if self.can_play(player):
            raise RuleViolation(f"{player} holds a playable tile and may not draw instead", f"{vid}/must-play")
        if not self.drawable:
            raise RuleViolation("the stock is empty; the player passes", f"{vid}/empty-stock")
        tile = self.stock.pop(0)
        self.hands[player].append(tile)
        playable = bool(self.variant.legal_ends(self.layout, tile))
        if playable:
            self.must_play = tile
        elif self._blocked():
            self._finish("blocked", None)
        return self._log(Event("draw", player, drawn=tile, playable=playable))

    def pass_(self, player: str) -> Event:
        """``player`` passes: allowed only with no playable tile and nothing left
        to draw."""
        self._check_turn(player)
        vid = self.variant.id
        if self.must_play is not None or self.can_play(player):
            raise RuleViolation(f"{player} can play and may not pass", f"{vid}/must-play")
        if self.drawable and self.variant.draw_mode != "none":
            raise RuleViolation(f"{player} must draw while the stock has tiles", f"{vid}/draw-before-pass")
        self.current = self.next_seat(player)
        if self._blocked():
            self._finish("blocked", None)
        return self._log(Event("pass", player))

    # -- internals -------------------------------------------------------
    def _blocked(self) -> bool:
        drawing = self.variant.draw_mode != "none" and self.drawable > 0
        return not drawing and not any(self.can_play(p) for p in self.players)

    def _finish(self, how: str, out: str | None) -> None:
        self.end = how
        self.current = None
        pips = {p: self.pips(p) for p in self.players}
        self.settlement = self.variant.settle(self.players, pips, out, self.teams, self.scores)
        if self.settlement.scores_after is not None:
            self.scores = dict(self.settlement.scores_after)
            self.game_winners = tuple(self.settlement.game_winners or ())

    def _log(self, event: Event) -> Event:
        nxt = None if self.end is not None else self.current
        event = Event(event.kind, event.player, event.placement, event.drawn, event.playable,
                      nxt, dict(self.scores), self.end)
        self.events.append(event)
        return event
