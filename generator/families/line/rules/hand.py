"""One hand of a single line of play, move by move: the turn flow of every
line game.

A :class:`Hand` starts from a deal (hands and a stock in draw order, top
first) and accepts ``play``, ``draw`` and ``pass_`` moves, checking each against
the variant's rules and raising :class:`RuleViolation` with the rule's id.
Horse Race's turn rules are from seed 000 (配置と手番の継続, ドローとパス).
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping, NamedTuple, Sequence

from ....engine.rulebase import RuleViolation, Settlement, check_turn, side_of, sides_of
from ....engine.tiles import End, Tile
from .layout import Layout
from .variant import Placement, Play, Variant

__all__ = ["Hand", "Event"]

_new = tuple.__new__


class Event(NamedTuple):
    """What one move did.

    ``kind`` is ``"play"``, ``"draw"`` or ``"pass"``; ``placement`` is set for a
    play; ``drawn`` for a draw (``playable`` says whether it must now be placed);
    ``next`` is who moves next (``None`` once the hand is over); ``scores`` are
    the displayed points of every side after the move (a mapping shared by
    consecutive events with the same scores: read it, do not change it); ``end`` is ``None``,
    ``"out"``, ``"blocked"`` or ``"game"`` (the target was reached).
    """

    kind: str
    player: str
    placement: Placement | None = None
    drawn: Tile | None = None
    playable: bool = False
    next: str | None = None
    scores: Mapping[str, int] = MappingProxyType({})
    end: str | None = None


class Hand:
    """The state of one hand.

    ``players`` are seat names in clockwise order; ``hands`` map each to its
    tiles; ``stock`` is the stock in draw order; ``leader`` plays first
    (``None``: the player the rules name, where the variant fixes who sets,
    e.g. the holder of the highest double); ``teams`` (partnerships) and
    ``scores`` (displayed points per side before the hand) are optional.
    ``later_hand`` says that the last hand named ``leader`` (its
    :attr:`next_leader`, by the rule choice ``next_lead``): that player then
    leads with any tile the rules let be set, even where the first hand's
    lead is fixed (``lead: highest-double``).
    Raises ``ValueError`` for an inconsistent deal, or a missing ``leader``
    where the rules name none, and :class:`RuleViolation` (rule ``<id>/lead``)
    when the variant fixes who sets and ``leader`` is someone else.
    """

    def __init__(self, variant: Variant, players: Sequence[str], hands: Mapping[str, Sequence[Tile]],
                 stock: Sequence[Tile], leader: str | None = None, teams: Sequence[Sequence[str]] | None = None,
                 scores: Mapping[str, int] | None = None, later_hand: bool = False):
        self.variant = variant
        self.players = players = list(players)
        self.teams = [list(t) for t in teams] if teams else None
        self.sides = sides = sides_of(players, self.teams)
        # each player's side: the player itself without teams, else the team's name
        self._side = {p: (p if p in sides else side_of(p, sides)) for p in players}
        order = variant.play_order(players)     # clockwise, or counter-clockwise (``direction``)
        self._seat = dict(zip(order, order[1:] + order[:1]))
        self.hands = {p: list(hands[p]) for p in players}
        self.stock = list(stock)
        self.required_lead = required = None if later_hand and leader is not None else \
            variant.required_lead(self.hands)
        if leader is None:
            if required is None:
                raise ValueError(f"{variant.id} does not name who sets; say who leads")
            leader = required[0]
        elif leader not in self._seat:
            raise ValueError(f"the leader {leader!r} is not a player")
        elif required is not None and required[0] != leader:
            who, tile = required
            raise RuleViolation(f"{who} holds {tile}, {self._lead_words(tile)}, and sets it; "
                                f"{leader} cannot lead", f"{variant.id}/lead")
        self.current: str | None = leader
        #: Who led this hand.
        self.leader = leader
        self.scores = {s: int(scores.get(s, 0)) for s in sides} if scores else dict.fromkeys(sides, 0)
        self.layout = Layout()
        self.must_play: Tile | None = None
        #: Under ``draw: one``, the player who has drawn this turn a tile that does not fit (and now passes).
        self.drew: str | None = None
        self.end: str | None = None
        self.settlement: Settlement | None = None
        self.game_winners: tuple[str, ...] = ()
        self.last_player: str | None = None
        self.events: list[Event] = []
        # The legal plays last listed, (player, plays, whole hand?): every move clears it, so
        # while it is set it describes the position as it is now.
        self._legal: tuple[str, list[Play], bool] | None = None
        self._snapshot: dict[str, int] | None = None   # the scores as events share them; None: changed
        self._continues = type(variant).continues_turn is not Variant.continues_turn
        # whether Variant.plays_of may skip its test of the matching rule (it is by equal numbers)
        self._equal = variant._equal
        params = variant.params
        self._reserve = params.stock_reserve
        self._target = params.target
        self._exact = params.target is not None and variant.choices.target_score == "exact"
        self._draws = variant.draw_mode != "none"
        # How many tiles in all hands show each number (a double once): with equal-number
        # matching the hand is blocked exactly when no open end shows a number still held.
        self._held = [0] * (params.set + 1)
        for ts in self.hands.values():
            self._hold(ts, 1)

    def copy(self) -> "Hand":
        """A shallow copy of this hand: every attribute the same object (a
        searching player gives the copy other hands and another stock before
        playing it on; copying the module's way cannot copy a compiled hand).

        >>> from generator.engine.rules import make_variant
        >>> from generator.engine.tiles import Tile
        >>> v = make_variant({"set": 6, "players": [2], "deal": {2: 7}})
        >>> h = Hand(v, ["A", "B"], {"A": [Tile(6, 6)], "B": [Tile(1, 2)]}, [], "A")
        >>> c = h.copy()
        >>> c.hands is h.hands, c.current, c.leader
        (True, 'A', 'A')
        """
        h = Hand(self.variant, self.players, self.hands, self.stock, self.leader, self.teams, None, True)
        h.variant = self.variant
        h.players = self.players
        h.teams = self.teams
        h.sides = self.sides
        h._side = self._side
        h._seat = self._seat
        h.hands = self.hands
        h.stock = self.stock
        h.required_lead = self.required_lead
        h.current = self.current
        h.leader = self.leader
        h.scores = self.scores
        h.layout = self.layout
        h.must_play = self.must_play
        h.drew = self.drew
        h.events = self.events
        h.end = self.end
        h.last_player = self.last_player
        h.settlement = self.settlement
        h.game_winners = self.game_winners
        h._legal = self._legal
        h._snapshot = self._snapshot
        h._held = self._held
        h._continues = self._continues
        h._draws = self._draws
        h._equal = self._equal
        h._exact = self._exact
        h._reserve = self._reserve
        h._target = self._target
        return h

    def _hold(self, tiles: Sequence[Tile], n: int) -> None:
        """Count ``tiles`` ``n`` more times among the numbers held (a double once)."""
        held = self._held
        top = len(held)
        for t in tiles:
            if t.high < top:
                held[t.low] += n
                if not t.is_double:
                    held[t.high] += n

    # -- queries ---------------------------------------------------------
    @property
    def drawable(self) -> int:
        """Tiles that may still be drawn (the stock less its reserve)."""
        n = len(self.stock) - self._reserve
        return n if n > 0 else 0

    def plays_for(self, player: str) -> list[Play]:
        """Every legal :class:`Play` for ``player`` now (the whole hand, or only
        the tile just drawn that must be placed; the required lead tile), in
        hand order. The list is the hand's own record of what is legal now:
        read it, do not change it."""
        c = self._legal
        if c is not None and c[0] == player:
            return c[1]
        if self.end is not None:
            return []
        tiles = self.hands[player]
        whole = True
        if self.must_play is not None:
            tiles, whole = [self.must_play], False
        elif not self.layout._n and self.required_lead is not None:
            tiles = [self.required_lead[1]] if self.required_lead[0] == player else []
            whole = False
        v = self.variant
        plays = v._listed(self.layout, tiles) if self._equal else v.plays_of(self.layout, tiles)
        self._legal = (player, plays, whole)
        return plays

    def can_play(self, player: str) -> bool:
        """True when ``player`` holds a tile that fits the table somewhere (the
        table only: whose turn it is, a tile that must be placed first and the
        tile that must open the hand are for :meth:`plays_for`)."""
        c = self._legal
        if c is not None and c[0] == player and c[2]:
            return bool(c[1])               # the legal plays of the whole hand are known already
        return self.variant.can_play_any(self.layout, self.hands[player])

    def may_draw(self, player: str) -> bool:
        """True when ``player`` may draw now."""
        if self.end is not None or player != self.current or self.must_play is not None:
            return False
        if self.variant.draw_mode == "none" or not self.drawable or self.drew == player:
            return False
        return self.variant.draw_mode == "optional" or not self.can_play(player)

    def pips(self, player: str) -> int:
        """Pips left in ``player``'s hand."""
        return sum(t.pips for t in self.hands[player])

    def next_seat(self, player: str) -> str:
        """The player who plays after ``player`` (to the left, clockwise; to
        the right with ``direction: counter-clockwise``)."""
        return self._seat[player]

    @property
    def next_leader(self) -> str | None:
        """Who leads the next hand (:meth:`Variant.next_leader`): ``None`` when
        it is decided afresh, and always when this hand ends the game: by
        reaching the target in play (``end == "game"``), or by a settlement
        (going out, a block) that takes a side to the target (won, or void:
        ``target_score: void-at-half``)."""
        if self.end in (None, "game") or self.game_winners or self.variant.game_over(self.scores):
            return None
        rule = self.variant.choices.next_lead
        if rule == "next-seat":
            return self._seat[self.leader]
        if rule == "winning-side" and self.end == "blocked":
            return self._block_leader()
        return self.variant.next_leader(self.end, self.last_player)

    def _block_leader(self) -> str | None:
        """After a block, under ``next_lead: winning-side`` (Pagat, Cuban
        Dominoes: a member of the side that won the hand leads the next):
        the winning side's member with the fewest pips, the first in the
        order of play from this hand's leader on a tie (our reading: the
        source lets the partners agree). ``None`` for a drawn hand (as for
        the first hand)."""
        won = self.settlement.winners if self.settlement is not None else ()
        if len(won) != 1:
            return None
        members = self.sides[won[0]]
        order, p = [], self.leader
        for _ in self.players:
            order.append(p)
            p = self._seat[p]
        return min((m for m in order if m in members), key=self.pips)

    @staticmethod
    def _lead_words(tile: Tile) -> str:
        return "the highest double dealt" if tile.is_double else "the heaviest tile dealt (no double was dealt)"

    # -- moves -----------------------------------------------------------
    def play(self, player: str, tile: Tile, at: End | None = None, as_: str | None = None,
             touch: int | None = None) -> Event:
        """``player`` places ``tile`` from the hand at ``at`` (``as_`` and
        ``touch`` as in :meth:`Variant.place`).

        A tile just drawn and playable must be the one placed. Reaching the
        target ends the game at once; an empty hand ends the hand; otherwise the
        variant decides whether the same player continues.
        """
        c = self._legal
        if c is not None and c[0] == player and player == self.current:
            play = (tile, at, as_, touch)
            if play in c[1]:
                # a play from the list plays_for made for this very moment: already checked
                return self._played(player, tile, self.variant.play_placement(self.layout, play))
        check_turn(self, player, "hand")
        vid = self.variant.id
        if tile not in self.hands[player]:
            raise RuleViolation(f"{player} does not hold {tile}", f"{vid}/own-tiles")
        drawn = self.must_play is not None
        if drawn and tile != self.must_play:
            raise RuleViolation(f"{player} must place the tile just drawn, {self.must_play}, at once",
                                f"{vid}/drawn-tile")
        if not len(self.layout) and self.required_lead is not None and tile != self.required_lead[1]:
            lead = self.required_lead[1]
            raise RuleViolation(f"the hand opens with {lead}, {self._lead_words(lead)}, not {tile}",
                                f"{vid}/lead")
        return self._played(player, tile, self.variant.place(self.layout, tile, at, as_, touch))

    def push(self, player: str, play: Play) -> Event:
        """``player`` makes ``play`` (a :class:`Play`, or the same 4-tuple):
        the same as ``play(player, *play)``, with the same checks and errors,
        and quicker for a play taken from :meth:`plays_for`'s list, which is
        known to be legal.

        >>> from generator.engine import Params, Tile
        >>> from generator.engine.choices import Choices
        >>> from generator.engine.rules import make_variant
        >>> v = make_variant(Params(set=6, players=(2,), partnerships=(), deal={2: 7}),
        ...                  Choices(lead="highest-double", draw="none"), "block")
        >>> h = Hand(v, ["N", "E"], {"N": [Tile(6, 6), Tile(1, 2)], "E": [Tile(5, 6)]}, [])
        >>> first = h.plays_for("N")[0]
        >>> h.push("N", first).placement.tile, h.current
        (Tile(low=6, high=6), 'E')
        """
        c = self._legal
        if c is not None and c[0] == player and player == self.current and play in c[1]:
            return self._played(player, play[0], self.variant.play_placement(self.layout, play))
        return self.play(player, *play)

    def _played(self, player: str, tile: Tile, placement: Placement) -> Event:
        """Record a placement the rules allow, and decide what comes next."""
        self._legal = None
        drawn = self.must_play is not None
        before = self.layout
        self.layout = placement.layout
        own = self.hands[player]
        own.remove(tile)
        held = self._held                   # _hold((tile,), -1), inline: this runs for every play
        if tile.high < len(held):
            held[tile.low] -= 1
            if not tile.is_double:
                held[tile.high] -= 1
        self.must_play = None
        self.last_player = player
        side = self._side[player]
        scores = self.scores
        target = self._target
        if placement.points and not (self._exact and target is not None and scores[side] + placement.points > target):
            scores[side] += placement.points        # (target_score: exact) points past the target do not count
            self._snapshot = None
        if target is not None and scores[side] >= target:
            self.end = "game"
            self.game_winners = (side,)
        elif not own:
            self._finish("out", player, self._capicua(before, tile))
        elif not (self._draws and len(self.stock) > self._reserve) and self._blocked():
            self._finish("blocked", None)
        elif self._continues and self.variant.continues_turn(placement, drawn):
            self.current = player
        else:
            self.current = self._seat[player]
        return self._log("play", player, placement)

    def draw(self, player: str) -> Event:
        """``player`` draws the top tile of the stock.

        Allowed with a drawable stock when the player has no playable tile (or
        at any time where ``draw_mode`` is ``"optional"``, as in Sniff). Under
        ``"until-playable"`` a playable drawn tile must be placed next (Horse
        Race: and that ends the turn); drawing never ends the turn by itself.
        Under ``"one"`` (Pagat, Cyprus: a player who cannot play draws one
        tile, sets it if it fits, else keeps it and the turn passes) a
        playable drawn tile must be placed too, but a player whose drawn tile
        does not fit may not draw again this turn, and passes.
        """
        check_turn(self, player, "hand")
        vid = self.variant.id
        if self.variant.draw_mode == "none":
            raise RuleViolation("this game has no drawing", f"{vid}/no-draw")
        if self.must_play is not None:
            raise RuleViolation(f"{player} must place the drawn {self.must_play} first", f"{vid}/drawn-tile")
        if self.drew == player:
            raise RuleViolation(f"{player} has drawn one tile this turn, which does not fit, and now passes",
                                f"{vid}/draw-once")
        optional = self.variant.draw_mode == "optional"
        if not optional and self.can_play(player):
            raise RuleViolation(f"{player} holds a playable tile and may not draw instead", f"{vid}/must-play")
        if not self.drawable:
            reserve = self.variant.params.stock_reserve
            why = ("the stock is empty" if not (reserve and self.stock) else
                   "only the reserved tile is left in the stock, and it is never drawn" if reserve == 1 else
                   f"only the {reserve} reserved tiles are left in the stock, and they are never drawn")
            raise RuleViolation(f"{why}; {player} cannot draw", f"{vid}/empty-stock")
        self._legal = None
        tile = self.stock.pop(0)
        self.hands[player].append(tile)
        self._hold((tile,), 1)
        playable = self.variant.can_play_any(self.layout, (tile,))
        if playable and not optional:
            self.must_play = tile
        elif self.variant.draw_mode == "one":
            self.drew = player
        if self.must_play is None and self._blocked():
            self._finish("blocked", None)
        return self._log("draw", player, None, tile, playable)

    def pass_(self, player: str) -> Event:
        """``player`` passes: allowed only with no playable tile and nothing left
        to draw (under ``draw: one``, also once the tile drawn this turn did
        not fit). Raises :class:`RuleViolation`: ``must-play`` (it can play),
        ``draw-before-pass`` (it has not drawn, and may), ``keep-drawing`` (it
        drew this turn, the tile did not fit, and more may be drawn: ``draw:
        until-playable`` and ``optional``)."""
        check_turn(self, player, "hand")
        vid = self.variant.id
        if self.must_play is not None or self.can_play(player):
            raise RuleViolation(f"{player} can play and may not pass", f"{vid}/must-play")
        if self.drawable and self.variant.draw_mode != "none" and self.drew != player:
            last = self.events[-1] if self.events else None
            if last is not None and last.kind == "draw" and last.player == player:
                # it has drawn this turn already: the tile did not fit, and it goes on drawing
                raise RuleViolation(f"{player} drew a tile that does not fit and must keep drawing while the stock "
                                    f"has drawable tiles", f"{vid}/keep-drawing")
            raise RuleViolation(f"{player} must draw while the stock has drawable tiles", f"{vid}/draw-before-pass")
        self._legal = None
        self.drew = None
        self.current = self._seat[player]
        if self._blocked():
            self._finish("blocked", None)
        return self._log("pass", player)

    # -- internals -------------------------------------------------------
    def _blocked(self) -> bool:
        if self._draws and len(self.stock) > self._reserve:
            return False
        v = self.variant
        lay = self.layout
        if lay._n and v._equal:              # the quick test: is a number showing still held?
            held = self._held
            ends = lay._ft if v.sides_after_straight else lay._ff
            for e in ends if ends is not None else lay.free_ends(v.sides_after_straight):
                if held[e.pip]:
                    return False
            return True
        for p in self.players:
            if v.can_play_any(lay, self.hands[p]):
                return False
        return True

    def _capicua(self, layout: Layout, tile: Tile) -> bool:
        """Whether ``tile``, the last of a hand, was a capicúa on ``layout``
        (the table before it): not a double, and able to join either of two
        open ends (dr1.com, "25, 50, Capicua!"). Asked only where it scores."""
        if not self.variant.params.own_int("capicua_bonus") or tile.is_double:
            return False
        return len(set(self.variant.legal_ends(layout, tile))) >= 2

    def _finish(self, how: str, out: str | None, capicua: bool = False) -> None:
        self.end = how
        self.current = None
        pips = {}
        for p, ts in self.hands.items():
            n = 0
            for t in ts:
                n += t.pips
            pips[p] = n
        self.settlement = self.variant.settle(self.players, pips, out, self.teams, self.scores, capicua)
        if self.settlement.scores_after is not None:
            self.scores = dict(self.settlement.scores_after)
            self._snapshot = None
            self.game_winners = tuple(self.settlement.game_winners or ())

    def _log(self, kind: str, player: str, placement: Placement | None = None, drawn: Tile | None = None,
             playable: bool = False) -> Event:
        snap = self._snapshot
        if snap is None:                    # one copy of the scores for every event until they change
            snap = self._snapshot = dict(self.scores)
        end = self.end
        event = _new(Event, (kind, player, placement, drawn, playable,
                             self.current if end is None else None, snap, end))
        self.events.append(event)
        return event
