"""Mexican Train (メキシカントレイン): every rule here is from seed
``001_be888cfab77b8923.txt`` (the overview, メキシカントレインと標準のドミノの違い, 歴史).

A round is played around an engine (the round's double, in the centre before
the deal); each player has a train and there is one shared Mexican train.
:class:`Round` is the state machine of one round; :meth:`MexicanTrain.settle_match`
adds the rounds' penalty pips up.

>>> from generator.engine import Params, Tile
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> mt = make_variant(Params(set=12, players=tuple(range(2, 9)), partnerships=(),
...                          deal={2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}),
...                   Choices(layout="trains", lead="engine", draw="one", settlement="penalty"))
>>> [str(mt.engine_of(r, 13)) for r in (1, 2, 13)]
['12-12', '11-11', '0-0']
>>> r = Round(mt, ["A", "B"], {"A": [Tile(5, 12), Tile(1, 2)], "B": [Tile(3, 4)]}, [Tile(0, 1)],
...           Tile(12, 12), "A")
>>> ev = r.play("A", Tile(5, 12), "A")
>>> r.trains["A"].end, r.current
(5, 'B')
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ...engine.tiles import Tile
from ...engine.rulebase import RuleViolation, Rules, check_turn

__all__ = ["MexicanTrain", "Round", "Train", "TrainEvent", "MatchResult", "MEXICAN", "STATUS", "OPEN", "all_open"]

#: The name of the shared train.
MEXICAN = "mexican"

#: Why a player may, or may not, play on a train now (:meth:`Round.status`).
STATUS = ("own", "mexican", "marked", "open", "cover", "unmarked", "wait")

#: The statuses under which a player may play on a train.
OPEN = ("own", "mexican", "marked", "open", "cover")


def all_open(variant) -> bool:
    """Whether ``variant`` opens every train to every player (``train_access: open``,
    Pagat's Number 9 Train): no markers, and the words about passing say none."""
    return variant.choices.train_access == "open"


@dataclass
class Train:
    """One train: ``owner`` (a player, or :data:`MEXICAN`), its ``tiles`` from
    the engine outwards, the pip at its open ``end`` and whether it carries a
    ``marker`` (only players' trains do)."""

    owner: str
    tiles: list[Tile]
    end: int
    marker: bool = False

    @property
    def last(self) -> Tile | None:
        """The tile at the open end (``None`` while the train is empty)."""
        return self.tiles[-1] if self.tiles else None


@dataclass(frozen=True)
class TrainEvent:
    """What one move did: ``kind`` play/draw/pass, the ``player``, the ``tile``
    played or drawn and the ``train`` played on; ``playable`` (a draw: whether
    the drawn tile must now be played); after the move: ``next`` (who moves,
    ``None`` once the round is over), ``markers`` (players whose train carries
    one), ``open_doubles`` (``"TILE on TRAIN"`` in the order they must be
    covered), ``end`` (``None``, ``"out"`` or ``"blocked"``)."""

    kind: str
    player: str
    tile: Tile | None = None
    train: str | None = None
    playable: bool = False
    next: str | None = None
    markers: tuple[str, ...] = ()
    open_doubles: tuple[str, ...] = ()
    end: str | None = None


@dataclass(frozen=True)
class MatchResult:
    """A match's rounds added up: per round its ``engines`` and ``first``
    players, each player's running ``totals`` (penalty pips) and, once every
    round is played, the ``winners`` (everyone on the lowest total: more than
    one is a draw)."""

    engines: tuple[Tile, ...]
    first: tuple[str, ...]
    totals: Mapping[str, int]
    complete: bool
    winners: tuple[str, ...]


class MexicanTrain(Rules):
    """Mexican Train on the family-neutral :class:`~generator.engine.rulebase.Rules` (parameters, tiles); its play is
    the :class:`Round` state machine rather than a single line of play.

    - Set (メキシカントレインとは?): double-twelve, 91 tiles; 2-8 players, each
      for themselves; deal 15 each for 2-4, 12 for 5-6, 10 for 7-8.
    - Match (長さ): one round per engine double from 12-12 down to 0-0 (13
      rounds); table settings 7 rounds (12-12 to 6-6) or 1 round (12-12). The
      first turn moves one seat (clockwise) each round.
    - Scoring (得点): the pips left in a hand are penalty points; after the last
      round the lowest total wins; equal lowest totals draw.
    """


    def stock_size(self, players: int) -> int:
        """The stock after the deal: the engine is set out first, so one tile
        fewer than the set less the hands (91 - 1 - 3 x 15 = 45 for three)."""
        return self.params.stock_size(players) - 1

    @property
    def round_settings(self) -> tuple[int, ...]:
        """The match lengths the table may choose, in rounds (default first)."""
        return self.params.own_ints("rounds") or (13, 7, 1)

    def engine_of(self, number: int, rounds: int = 13) -> Tile:
        """The engine of round ``number`` (1-based): 12-12 first, one lower
        each round. Raises ``ValueError`` past the match's last round."""
        if not 1 <= number <= rounds or rounds not in self.round_settings:
            raise ValueError(f"a {rounds}-round match has no round {number}")
        pip = self.max_pip - (number - 1)
        return Tile(pip, pip)

    def settle_match(self, players: Sequence[str], rounds: Sequence[Mapping[str, int]],
                     setting: int = 13, first: str | None = None) -> MatchResult:
        """Add up ``rounds`` (each: player -> penalty pips left in hand).

        Raises ``ValueError`` for more rounds than ``setting`` allows.
        """
        if setting not in self.round_settings:
            raise ValueError(f"the table settings are {', '.join(map(str, self.round_settings))} rounds, "
                             f"not {setting}")
        if len(rounds) > setting:
            raise ValueError(f"a {setting}-round match has no round {len(rounds)}")
        totals = {p: sum(r.get(p, 0) for r in rounds) for p in players}
        complete = len(rounds) == setting
        low = min(totals.values()) if totals else 0
        winners = tuple(p for p in players if totals[p] == low) if complete else ()
        engines = tuple(self.engine_of(i + 1, setting) for i in range(len(rounds)))
        firsts = tuple(self.first_player(players, first, i + 1) for i in range(len(rounds))) if first else ()
        return MatchResult(engines, firsts, totals, complete, winners)


class Round:
    """One round of Mexican Train, move by move (seed 001).

    ``players`` in clockwise order; ``hands`` per player; ``stock`` top first;
    ``engine`` the double in the centre; ``first`` who moves first. A round may
    also start mid-way: ``trains`` (owner -> tiles from the engine out, owner
    :data:`MEXICAN` for the shared train), ``markers`` (players whose train
    carries one) and ``open_doubles`` (the trains whose last double is still
    uncovered, oldest first; by default every train that ends in a double).
    Raises ``ValueError`` for an inconsistent state; moves raise
    :class:`RuleViolation` with the rule's id.

    ``phase`` says where the current turn stands: ``"start"``; ``"cover"``
    once a double is played and its cover is owed; ``"drawn"`` and
    ``"cover-drawn"`` once the player has drawn in either (only that tile may
    then be played). ``drawn`` is the tile drawn this turn, ``out`` who went
    out, ``end`` ``None``, ``"out"`` or ``"blocked"``.
    """

    def __init__(self, variant: MexicanTrain, players: Sequence[str], hands: Mapping[str, Sequence[Tile]],
                 stock: Sequence[Tile], engine: Tile, first: str,
                 trains: Mapping[str, Sequence[Tile]] | None = None, markers: Sequence[str] = (),
                 open_doubles: Sequence[str] | None = None):
        self.variant = variant
        self.players = list(players)
        if first not in self.players:
            raise ValueError(f"{first!r} is not seated")
        self.engine = engine
        self.hands = {p: list(hands.get(p, ())) for p in self.players}
        self.stock = list(stock)
        self.trains: dict[str, Train] = {}
        for owner in self.players + [MEXICAN]:
            tiles = list((trains or {}).get(owner, ()))
            end = engine.low
            for t in tiles:
                if not t.has(end):
                    raise ValueError(f"{t} does not match the end of the {owner} train, which shows {end}")
                end = t.other(end) if not t.is_double else end
            self.trains[owner] = Train(owner, tiles, end, owner in markers)
        if open_doubles is None:
            open_doubles = [o for o, tr in self.trains.items() if tr.last is not None and tr.last.is_double]
        self.open_doubles: list[str] = list(open_doubles)
        self.current: str | None = first
        self.phase = "start"          # start | drawn | cover | cover-drawn
        self.drawn: Tile | None = None
        self.end: str | None = None
        self.out: str | None = None
        self.events: list[TrainEvent] = []
        # ``double_cover: same-player`` (seed 001): who lays a double covers it; ``next-player``: the
        # turn passes at once and the players after must cover it (the open double binds them)
        self._cover_own = variant.choices.double_cover == "same-player"
        # ``train_access: marker`` (seed 001): another player's train is open only while it carries a
        # marker, which a pass puts on one's own train; ``open`` (Pagat, Number 9 Train: a player starts a
        # train from the hub or extends any existing train): every train is open to all, and no marker
        # is ever placed
        self._all_open = all_open(variant)

    # -- queries -------------------------------------------------------------
    def status(self, player: str, train: str) -> str:
        """Why ``player`` may or may not play on ``train`` now (:data:`STATUS`):
        ``cover`` (it holds the oldest open double), ``wait`` (another train's
        double must be covered first), ``own``, ``mexican``, ``marked`` (another
        player's train with a marker), ``open`` (another player's train, where
        ``train_access: open`` opens every train to all) or ``unmarked``
        (closed to ``player``)."""
        if self.open_doubles:
            return "cover" if train == self.open_doubles[0] else "wait"
        if train == player:
            return "own"
        if train == MEXICAN:
            return "mexican"
        if self._all_open:
            return "open"
        return "marked" if self.trains[train].marker else "unmarked"

    def open_trains(self, player: str) -> list[str]:
        """Trains ``player`` may play on now, in seat order, Mexican last."""
        return [t for t in self.trains if self.status(player, t) in OPEN]

    def plays_for(self, player: str) -> list[tuple[Tile, str]]:
        """Every legal ``(tile, train)`` for ``player`` now (only the tile just
        drawn, after a draw)."""
        if self.end is not None:
            return []
        tiles = [self.drawn] if self.phase in ("drawn", "cover-drawn") and player == self.current else self.hands[player]
        return [(t, tr) for tr in self.open_trains(player) for t in tiles if t.has(self.trains[tr].end)]

    def can_play(self, player: str) -> bool:
        """True when ``player`` holds a tile that fits a train open to them."""
        return bool(self.plays_for(player))

    def may_draw(self, player: str) -> bool:
        """Whether ``player`` may draw now: a tile is left in the stock, the
        turn has not drawn yet, and no train takes a tile of the hand
        (seed 001: draw one only when stuck)."""
        return bool(self.stock) and self.phase in ("start", "cover") and not self.can_play(player)

    def push(self, player: str, play: tuple[Tile, str]) -> TrainEvent:
        """Play ``play`` (a ``(tile, train)`` pair as :meth:`plays_for` lists
        them) for ``player``: :meth:`play` by the turn protocol every family's
        state shares (``plays_for``, ``push``, ``may_draw``, ``draw``, ``pass_``)."""
        return self.play(player, play[0], play[1])

    def pips(self, player: str) -> int:
        """Pips left in ``player``'s hand (their penalty if the round ended now)."""
        return sum(t.pips for t in self.hands[player])

    @property
    def penalties(self) -> dict[str, int]:
        """Each player's penalty pips (the pips in hand)."""
        return {p: self.pips(p) for p in self.players}

    def _label(self, owner: str) -> str:
        return "the Mexican train" if owner == MEXICAN else f"{owner}'s train"

    # -- moves -------------------------------------------------------------------
    def play(self, player: str, tile: Tile, train: str) -> TrainEvent:
        """``player`` adds ``tile`` to ``train`` (a player's name or
        :data:`MEXICAN`). With ``double_cover: same-player`` (seed 001) a
        double earns one more play, which must cover it; with
        ``next-player`` the turn passes at once and the next player must
        cover it (or draw, and pass with a marker). Until it is covered
        nobody plays elsewhere. Playing on one's own train removes its
        marker."""
        check_turn(self, player)
        vid = self.variant.id
        if train not in self.trains:
            raise RuleViolation(f"there is no train {train!r}; the trains are {', '.join(self.trains)}",
                                f"{vid}/trains")
        if tile not in self.hands[player]:
            raise RuleViolation(f"{player} does not hold {tile}", f"{vid}/own-tiles")
        if self.phase in ("drawn", "cover-drawn") and tile != self.drawn:
            raise RuleViolation(f"{player} drew {self.drawn} and may play only that tile", f"{vid}/drawn-tile")
        status = self.status(player, train)
        if status == "wait":
            first = self.open_doubles[0]
            raise RuleViolation(f"the double {self.trains[first].last} on {self._label(first)} must be covered "
                                f"before anyone plays elsewhere", f"{vid}/open-double")
        if status == "unmarked":
            raise RuleViolation(f"{self._label(train)} has no marker: only {train} may play on it",
                                f"{vid}/marker")
        tr = self.trains[train]
        if not tile.has(tr.end):
            raise RuleViolation(f"{tile} does not match the end of {self._label(train)}, which shows {tr.end}",
                                f"{vid}/matching")
        self.hands[player].remove(tile)
        tr.tiles.append(tile)
        if not tile.is_double:
            tr.end = tile.other(tr.end)
        if train == player:
            tr.marker = False
        if status == "cover":
            self.open_doubles.pop(0)
        self.drawn = None
        if tile.is_double:
            self.open_doubles.append(train)
        if not self.hands[player]:
            return self._finish("play", player, tile, train, "out")
        if tile.is_double and self.phase in ("start", "drawn") and self._cover_own:
            self.phase = "cover"
            return self._log(TrainEvent("play", player, tile, train))
        return self._next_turn(TrainEvent("play", player, tile, train))

    def draw(self, player: str) -> TrainEvent:
        """``player``, with no play, draws the top tile of the stock (one per
        turn, and one more when a double of theirs cannot be covered)."""
        check_turn(self, player)
        vid = self.variant.id
        if self.phase in ("drawn", "cover-drawn"):
            raise RuleViolation(f"{player} has already drawn this turn", f"{vid}/draw-once")
        if self.can_play(player):
            raise RuleViolation(f"{player} can play and may not draw instead", f"{vid}/must-play")
        if not self.stock:
            raise RuleViolation("the stock is empty; the player passes and marks their train", f"{vid}/empty-stock")
        tile = self.stock.pop(0)
        self.hands[player].append(tile)
        self.drawn = tile
        self.phase = "drawn" if self.phase == "start" else "cover-drawn"
        playable = any(tile.has(self.trains[t].end) for t in self.open_trains(player))
        return self._log(TrainEvent("draw", player, tile, playable=playable))

    def pass_(self, player: str) -> TrainEvent:
        """``player`` cannot play (after drawing, or with an empty stock):
        a marker goes on their own train (none with ``train_access: open``,
        where every train is open already) and the turn passes."""
        check_turn(self, player)
        vid = self.variant.id
        if self.can_play(player):
            raise RuleViolation(f"{player} can play and may not pass", f"{vid}/must-play")
        if self.phase in ("start", "cover") and self.stock:
            raise RuleViolation(f"{player} must draw one tile before passing", f"{vid}/draw-before-pass")
        if not self._all_open:
            self.trains[player].marker = True
        self.drawn = None
        return self._next_turn(TrainEvent("pass", player))

    # -- internals ---------------------------------------------------------------
    def _blocked(self) -> bool:
        """The stock is empty and nobody could play even with every player's
        train marked (passing only adds markers)."""
        if self.stock:
            return False
        saved = {o: t.marker for o, t in self.trains.items()}
        for o in self.players:
            self.trains[o].marker = True
        try:
            return not any([(t, tr) for tr in self.open_trains(p) for t in self.hands[p]
                            if t.has(self.trains[tr].end)] for p in self.players)
        finally:
            for o, m in saved.items():
                self.trains[o].marker = m

    def _next_turn(self, event: TrainEvent) -> TrainEvent:
        self.phase = "start"
        self.current = self.players[(self.players.index(event.player) + 1) % len(self.players)]
        if self._blocked():
            return self._finish(event.kind, event.player, event.tile, event.train, "blocked")
        return self._log(event)

    def _finish(self, kind, player, tile, train, how) -> TrainEvent:
        self.end = how
        if how == "out":          # a double played as the last tile needs no cover: the round is over
            self.open_doubles = []
        self.out = player if how == "out" else None
        self.current = None
        return self._log(TrainEvent(kind, player, tile, train))

    def _log(self, ev: TrainEvent) -> TrainEvent:
        opened = tuple(f"{self.trains[o].last} on {o}" for o in self.open_doubles)
        markers = tuple(p for p in self.players if self.trains[p].marker)
        ev = TrainEvent(ev.kind, ev.player, ev.tile, ev.train, ev.playable,
                        None if self.end else self.current, markers, opened, self.end)
        self.events.append(ev)
        return ev
