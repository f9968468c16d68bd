"""Chicken Foot (チキンフット), the tree family: a round per double, descending;
the round's double in the centre takes matching tiles on its sides first;
every later double must get three toes before any other play; pips left in
hand are penalties, the double-blank 50 (or its pips, or every blank half 25);
the lowest total wins.

Sources (each page says which part it follows): the *Chicken Foot* rule sheet
(web.archive.org copy of ``flash.net/~russellr/mindshare/humor/chknfoot.htm``,
2002: a double-nine set, the centre double takes six tiles, three on each
side, the "double chicken foot"; each later double takes three toes; draw one
when stuck; blanks 25 each and the double-blank 50, ``double_blank:
blanks-25``), a blog post on the game (the double-blank 0 or 50 by the table's
agreement: ``pips`` and ``fifty``), and Wikipedia's *Chicken foot (domino game)*
(the centre double takes four tiles, one on each side). Pagat's tree-layout
page (``pagat.com/domino/tree``) lists the game among tree games.

The layout is a tree of **arms**. The centre double has ``centre_arms`` (6 or
4) arms named ``a``, ``b``, ...; a double laid at the end of an arm closes it
and opens three toes named after it, ``b1``, ``b2``, ``b3`` (a toe of toe
``b2`` is ``b21`` ...). A toe, like a centre arm, starts with the double's
number; since the only double with that number is the double itself, a toe
never begins with a double, and only one foot can wait for its toes at a time.

>>> from generator.engine import Tile
>>> from generator.engine.choices import Choices
>>> from generator.engine.rules import make_variant
>>> cf = make_variant({"set": 9, "players": [2, 3, 4, 5, 6, 7, 8], "deal": {2: 20, 3: 14, 4: 11, 5: 9,
...                    6: 7, 7: 6, 8: 6}}, Choices(layout="tree", lead="engine", draw="one",
...                    settlement="penalty"), "cf")
>>> [str(cf.centre_of(r)) for r in (1, 2, 10)]
['9-9', '8-8', '0-0']
>>> r = Round(cf, ["A", "B"], {"A": [Tile(9, 4), Tile(1, 2)], "B": [Tile(3, 4)]}, [Tile(0, 1)], Tile(9, 9), "A")
>>> ev = r.play("A", Tile(9, 4), "a")
>>> r.arms["a"].end, r.must_fill, r.current
(4, ('b', 'c', 'd', 'e', 'f'), 'B')
"""

from __future__ import annotations

import string
from dataclasses import dataclass
from typing import Mapping, Sequence

from ...engine.tiles import Tile
from ...engine.rulebase import RuleViolation, Rules, check_turn

__all__ = ["ChickenFoot", "Round", "Arm", "TreeEvent", "ChickenMatch", "STATUS", "TOES", "arm_names",
           "toe_names"]

#: Toes a later double takes before any other play (every source).
TOES = 3

#: Why the player to move may, or may not, play on an arm now (:meth:`Round.status`):
#: ``fill`` (it is an empty arm or toe of the foot waiting to be filled), ``open`` (nothing waits),
#: ``wait`` (a foot waits for its toes elsewhere), ``closed`` (it ends in a double: its toes carry on).
STATUS = ("fill", "open", "wait", "closed")


def arm_names(n: int) -> tuple[str, ...]:
    """The centre's arms: ``a``, ``b``, ... (``n`` of them).

    >>> arm_names(4)
    ('a', 'b', 'c', 'd')
    """
    return tuple(string.ascii_lowercase[:n])


def toe_names(arm: str) -> tuple[str, ...]:
    """The toes of a double laid at the end of ``arm``: ``arm`` + 1, 2, 3.

    >>> toe_names("b")
    ('b1', 'b2', 'b3')
    """
    return tuple(f"{arm}{i}" for i in range(1, TOES + 1))


@dataclass
class Arm:
    """One arm of the tree: its ``name``, the ``start`` pip its first tile
    must carry (the double it grows from), its ``tiles`` from that double
    outwards and the pip at its open ``end`` (its start while it is empty).
    An arm whose last tile is a double is closed: its toes carry on."""

    name: str
    start: int
    tiles: list[Tile]
    end: int

    @property
    def last(self) -> Tile | None:
        """The outermost tile (``None`` while the arm is empty)."""
        return self.tiles[-1] if self.tiles else None

    @property
    def closed(self) -> bool:
        """Whether the arm ends in a double (play goes on at its toes)."""
        return self.last is not None and self.last.is_double


@dataclass(frozen=True)
class TreeEvent:
    """What one move did: ``kind`` play/draw/pass, the ``player``, the
    ``tile`` played or drawn and the ``arm`` played on; ``playable`` (a draw:
    whether the drawn tile fits, and so must be played); after the move:
    ``next`` (who moves, ``None`` once the round is over), ``must_fill`` (the
    empty arms or toes every play must go to first) and ``end`` (``None``,
    ``"out"`` or ``"blocked"``)."""

    kind: str
    player: str
    tile: Tile | None = None
    arm: str | None = None
    playable: bool = False
    next: str | None = None
    must_fill: tuple[str, ...] = ()
    end: str | None = None


@dataclass(frozen=True)
class ChickenMatch:
    """A match's rounds added up: each round's ``centres`` and ``first``
    players, each player's running ``totals`` (penalty points), whether the
    match is ``complete`` and, once it is, the ``winners`` (everyone on the
    lowest total; more than one is a draw)."""

    centres: tuple[Tile, ...]
    first: tuple[str, ...]
    totals: Mapping[str, int]
    complete: bool
    winners: tuple[str, ...]


class ChickenFoot(Rules):
    """Chicken Foot on the family-neutral :class:`~generator.engine.rulebase.Rules` (parameters, tiles); its play is
    the :class:`Round` state machine.

    - Set and deal: a double-nine set (55 tiles) for two to eight players,
      each for themselves; the round's double is set out before the deal, so
      the stock holds one tile fewer than the set less the hands.
    - Match: one round per double, from the set's highest down to 0-0 (ten
      rounds with double-nine); the first turn moves one seat clockwise each
      round.
    - Centre: ``centre_double: six-toes`` (the rule sheet: three tiles on
      each side of the centre, six in all) or ``four-sides`` (Wikipedia: one
      on each side); every arm of the centre is filled before any other play.
    - Scoring: the pips left in hand are penalty points, the double-blank 50
      under ``double_blank: fifty``, its 0 pips under ``pips``, or every
      blank half 25 under ``blanks-25`` (the rule sheet: blanks 25 each, the
      double-blank 50); the lowest total after the last round wins.
    - Going out: under ``go_out_on_double: allowed`` a player may play a
      double as their last tile and go out, its toes still empty; under
      ``not-allowed`` (some tables) a double is never a player's last play:
      holding only a double, they draw, or pass.
    """

    @property
    def out_on_double(self) -> bool:
        """Whether a double may be a player's last tile (``go_out_on_double``)."""
        return self.choices.go_out_on_double == "allowed"

    @property
    def centre_arms(self) -> int:
        """How many tiles the centre double takes before any other play (6 or 4)."""
        return 6 if self.choices.centre_double == "six-toes" else 4

    @property
    def rounds(self) -> int:
        """Rounds in a match: one per double of the set (10 for double-nine)."""
        return self.max_pip + 1

    def stock_size(self, players: int) -> int:
        """The stock after the deal: the centre double is set out first
        (55 - 1 - 4 x 11 = 10 for four players with double-nine)."""
        return self.params.stock_size(players) - 1

    def centre_of(self, number: int) -> Tile:
        """The centre double of round ``number`` (1-based): the highest
        double first, one lower each round. Raises ``ValueError`` past the
        match's last round."""
        if not 1 <= number <= self.rounds:
            raise ValueError(f"a match of {self.rounds} rounds has no round {number}")
        pip = self.max_pip - (number - 1)
        return Tile(pip, pip)

    def tile_penalty(self, tile: Tile) -> int:
        """Penalty points of ``tile`` left in hand, by ``double_blank``:

        - ``fifty``: its pips, and 50 for the double-blank (the 0-0 alone
          costs more than its pips);
        - ``pips``: its pips, the double-blank 0;
        - ``blanks-25``: its pips, and 25 for each blank half, so 30 for 0-5
          and 50 for the double-blank (the archived rule sheet's "Scoring":
          blanks count 25 each, the double-blank 50; that each blank *half*
          counts 25 is this site's reading, the one under which the
          double-blank's 50 is its two blanks).

        >>> from generator.engine.choices import Choices
        >>> from generator.engine.rules import make_variant
        >>> cf = make_variant({"set": 9, "players": [2], "deal": {2: 20}}, Choices(layout="tree", lead="engine",
        ...                   draw="one", settlement="penalty"))
        >>> cf.tile_penalty(Tile(0, 0)), cf.tile_penalty(Tile(4, 6)), cf.tile_penalty(Tile(0, 5))
        (50, 10, 5)
        """
        rule = self.choices.double_blank
        if rule == "blanks-25":
            return tile.pips + 25 * ((tile.low == 0) + (tile.high == 0))
        if tile.is_double and tile.high == 0 and rule == "fifty":
            return 50
        return tile.pips

    def penalty(self, hand: Sequence[Tile]) -> int:
        """A hand's penalty points (:meth:`tile_penalty` added up)."""
        return sum(self.tile_penalty(t) for t in hand)

    def settle_match(self, players: Sequence[str], rounds: Sequence[Mapping[str, int]],
                     first: str | None = None) -> ChickenMatch:
        """Add up ``rounds`` (each: player -> penalty points). Raises
        ``ValueError`` for more rounds than the match has."""
        if len(rounds) > self.rounds:
            raise ValueError(f"a match of {self.rounds} rounds has no round {len(rounds)}")
        totals = {p: sum(r.get(p, 0) for r in rounds) for p in players}
        complete = len(rounds) == self.rounds
        low = min(totals.values()) if totals else 0
        winners = tuple(p for p in players if totals[p] == low) if complete else ()
        centres = tuple(self.centre_of(i + 1) for i in range(len(rounds)))
        firsts = tuple(self.first_player(players, first, i + 1) for i in range(len(rounds))) if first else ()
        return ChickenMatch(centres, firsts, totals, complete, winners)


class Round:
    """One round of Chicken Foot, move by move.

    ``players`` in clockwise order; ``hands`` per player; ``stock`` top first;
    ``centre`` the double in the middle; ``first`` who moves first. A round
    may start mid-way: ``arms`` maps an arm's name (:func:`arm_names`,
    :func:`toe_names`) to its tiles from its double outwards; arms left out
    are empty. Raises ``ValueError`` for a tree the rules cannot reach (a
    tile that does not match, a toe of no double, two feet waiting); moves
    raise :class:`RuleViolation` with the rule's id.

    ``phase`` is ``"start"`` or ``"drawn"`` (the player drew this turn: only
    ``drawn`` may be played); ``out`` who went out; ``end`` ``None``,
    ``"out"`` or ``"blocked"``.
    """

    def __init__(self, variant: ChickenFoot, players: Sequence[str], hands: Mapping[str, Sequence[Tile]],
                 stock: Sequence[Tile], centre: Tile, first: str, arms: Mapping[str, Sequence[Tile]] | None = None):
        self.variant = variant
        self.players = list(players)
        if first not in self.players:
            raise ValueError(f"{first!r} is not seated")
        if not centre.is_double:
            raise ValueError(f"the centre is a double, not {centre}")
        self.centre = centre
        self.hands = {p: list(hands.get(p, ())) for p in self.players}
        self.stock = list(stock)
        self.arms: dict[str, Arm] = {}
        self._feet: list | None = None
        given = {k: list(v) for k, v in (arms or {}).items()}
        grow = [(name, centre.low) for name in arm_names(variant.centre_arms)]
        while grow:
            name, start = grow.pop(0)
            tiles = given.pop(name, [])
            end = start
            for i, t in enumerate(tiles):
                if t.is_double and i + 1 < len(tiles):
                    raise ValueError(f"{t} closes arm {name}: its toes carry on, so no tile follows it there")
                if not t.has(end):
                    what = f"arm {name} starts with {start}" if i == 0 else f"arm {name} shows {end} there"
                    raise ValueError(f"{t} does not fit: {what}")
                end = end if t.is_double else t.other(end)
            self.arms[name] = Arm(name, start, tiles, end)
            if tiles and tiles[-1].is_double:
                grow += [(toe, end) for toe in toe_names(name)]
        if given:
            name = sorted(given)[0]
            raise ValueError(f"there is no arm {name!r} here: a toe grows only from a double at the end of its arm "
                             f"(the arms are {', '.join(self.arms)})")
        waiting = self._waiting_feet()
        if len(waiting) > 1:
            raise ValueError(f"two doubles wait for their tiles ({' and '.join(w[0] for w in waiting)}): a double's tiles are "
                             f"filled before any other play, so only one can wait")
        for place, empty in waiting:            # a waiting double's arms take one tile each before anything more
            own = arm_names(variant.centre_arms) if place == "centre" else toe_names(place)
            grown = [n for n in own if len(self.arms[n].tiles) > 1]
            if place == "centre":
                grown += [n for n, a in self.arms.items() if n not in own and a.tiles]
            if grown:
                where = "the centre" if place == "centre" else f"the double at the end of arm {place}"
                raise ValueError(f"{'arm' if len(grown[0]) == 1 else 'toe'} {grown[0]} has grown while {where} still waits "
                                 f"for {', '.join(empty)}: its arms take a tile each before any other play")
        self.current: str | None = first
        self.phase = "start"
        self.drawn: Tile | None = None
        self.end: str | None = None
        self.out: str | None = None
        self.events: list[TreeEvent] = []

    # -- queries -------------------------------------------------------------
    def _waiting_feet(self) -> list[tuple[str, tuple[str, ...]]]:
        """(the double's place, its empty arms) for every double whose arms are not all filled: the centre
        (``"centre"``) and each arm ending in a double (kept until the next tile is laid)."""
        if self._feet is not None:
            return self._feet
        out = []
        centre = tuple(n for n in arm_names(self.variant.centre_arms) if not self.arms[n].tiles)
        if centre:
            out.append(("centre", centre))
        for name, arm in self.arms.items():
            if arm.closed:
                empty = tuple(t for t in toe_names(name) if not self.arms[t].tiles)
                if empty:
                    out.append((name, empty))
        self._feet = out
        return out

    @property
    def must_fill(self) -> tuple[str, ...]:
        """The empty arms of the double waiting to be filled (the centre's
        first, then a foot's toes); every play goes there first. Empty when
        nothing waits."""
        waiting = self._waiting_feet()
        return waiting[0][1] if waiting else ()

    @property
    def foot(self) -> str | None:
        """Where the double waiting to be filled lies: ``"centre"``, the arm
        it closes, or ``None``."""
        waiting = self._waiting_feet()
        return waiting[0][0] if waiting else None

    def status(self, arm: str) -> str:
        """Whether a play may go on ``arm`` now (:data:`STATUS`)."""
        if self.arms[arm].closed:
            return "closed"
        fill = self.must_fill
        if fill:
            return "fill" if arm in fill else "wait"
        return "open"

    def open_arms(self) -> list[str]:
        """The arms a tile may go on now, in the tree's order."""
        fill = self.must_fill
        if fill:
            return list(fill)
        return [n for n, a in self.arms.items() if not a.closed]

    def plays_for(self, player: str) -> list[tuple[Tile, str]]:
        """Every legal ``(tile, arm)`` for ``player`` now (only the tile just
        drawn, after a draw; nothing once the round is over)."""
        if self.end is not None:
            return []
        tiles = [self.drawn] if self.phase == "drawn" and player == self.current else self.hands[player]
        return self._fitting(player, tiles)

    def _fitting(self, player: str, tiles: Sequence[Tile]) -> list[tuple[Tile, str]]:
        """``(tile, arm)`` for each of ``tiles`` (of ``player``'s hand) on each arm open now that it
        matches; a double that would be ``player``'s last tile left out where a double may not end a
        player's hand (``go_out_on_double: not-allowed``)."""
        last_double = not self.variant.out_on_double and len(self.hands[player]) == 1
        return [(t, a) for a in self.open_arms() for t in tiles
                if t.has(self.arms[a].end) and not (last_double and t.is_double)]

    def can_play(self, player: str) -> bool:
        """True when ``player`` holds a tile that fits an arm open now."""
        return bool(self.plays_for(player))

    def may_draw(self, player: str) -> bool:
        """Whether ``player`` may draw now: it is their turn, they have not
        drawn, nothing of theirs fits, and the stock is not empty (the rule
        sheet: draw one tile when you cannot play)."""
        return (self.end is None and player == self.current and bool(self.stock) and self.phase == "start"
                and not self.can_play(player))

    def push(self, player: str, play: tuple[Tile, str]) -> TreeEvent:
        """Play ``play`` (a ``(tile, arm)`` pair as :meth:`plays_for` lists
        them): :meth:`play` by the turn protocol every family's state shares."""
        return self.play(player, play[0], play[1])

    def penalty(self, player: str) -> int:
        """``player``'s penalty points if the round ended now (:meth:`ChickenFoot.penalty`)."""
        return self.variant.penalty(self.hands[player])

    @property
    def penalties(self) -> dict[str, int]:
        """Each player's penalty points (the pips in hand, the double-blank as the game counts it)."""
        return {p: self.penalty(p) for p in self.players}

    # -- moves ---------------------------------------------------------------
    def play(self, player: str, tile: Tile, arm: str) -> TreeEvent:
        """``player`` adds ``tile`` to ``arm``. While a double waits for its
        arms (the centre's, then a foot's three toes) every play goes on one
        of them; a double laid at an arm's end closes it and opens its three
        toes; the turn then passes (one tile a turn)."""
        check_turn(self, player)
        vid = self.variant.id
        if arm not in self.arms:
            raise RuleViolation(f"there is no arm {arm!r} now; the arms are {', '.join(self.arms)}", f"{vid}/arms")
        if tile not in self.hands[player]:
            raise RuleViolation(f"{player} does not hold {tile}", f"{vid}/own-tiles")
        if self.phase == "drawn" and tile != self.drawn:
            raise RuleViolation(f"{player} drew {self.drawn} and may play only that tile", f"{vid}/drawn-tile")
        status = self.status(arm)
        if status == "wait":
            where = "the centre double" if self.foot == "centre" else f"the double at the end of arm {self.foot}"
            raise RuleViolation(f"{where} must get its tiles first: play on {', '.join(self.must_fill)}",
                                f"{vid}/fill-the-foot")
        if status == "closed":
            raise RuleViolation(f"arm {arm} ends in the double {self.arms[arm].last}: play on its toes "
                                f"{', '.join(toe_names(arm))}", f"{vid}/closed-arm")
        a = self.arms[arm]
        if not tile.has(a.end):
            raise RuleViolation(f"{tile} does not match arm {arm}, which shows {a.end}", f"{vid}/matching")
        if tile.is_double and len(self.hands[player]) == 1 and not self.variant.out_on_double:
            raise RuleViolation(f"{tile} is {player}'s last tile, and a player may not go out on a double",
                                f"{vid}/last-double")
        self.hands[player].remove(tile)
        a.tiles.append(tile)
        self._feet = None
        if tile.is_double:
            for toe in toe_names(arm):
                self.arms[toe] = Arm(toe, a.end, [], a.end)
        else:
            a.end = tile.other(a.end)
        self.drawn = None
        if not self.hands[player]:
            return self._finish("play", player, tile, arm, "out")
        return self._next_turn(TreeEvent("play", player, tile, arm))

    def draw(self, player: str) -> TreeEvent:
        """``player``, with no play, draws the top tile of the stock (one a
        turn); they must play it if it fits, and pass if not."""
        check_turn(self, player)
        vid = self.variant.id
        if self.phase == "drawn":
            raise RuleViolation(f"{player} has already drawn this turn", f"{vid}/draw-once")
        if self.can_play(player):
            raise RuleViolation(f"{player} can play and may not draw instead", f"{vid}/must-play")
        if not self.stock:
            raise RuleViolation("the stock is empty; the player passes", f"{vid}/empty-stock")
        tile = self.stock.pop(0)
        self.hands[player].append(tile)
        self.drawn = tile
        self.phase = "drawn"
        playable = any(tile.has(self.arms[a].end) for a in self.open_arms())
        return self._log(TreeEvent("draw", player, tile, playable=playable))

    def pass_(self, player: str) -> TreeEvent:
        """``player`` cannot play (after drawing, or with an empty stock): the
        turn passes."""
        check_turn(self, player)
        vid = self.variant.id
        if self.can_play(player):
            raise RuleViolation(f"{player} can play and may not pass", f"{vid}/must-play")
        if self.phase == "start" and self.stock:
            raise RuleViolation(f"{player} must draw one tile before passing", f"{vid}/draw-before-pass")
        self.drawn = None
        return self._next_turn(TreeEvent("pass", player))

    # -- internals -----------------------------------------------------------
    def _blocked(self) -> bool:
        """The stock is empty and no player holds a tile they may play on an arm open now (a lone
        double counts for nothing where a player may not go out on a double)."""
        if self.stock:
            return False
        return not any(self._fitting(p, self.hands[p]) for p in self.players)

    def _next_turn(self, event: TreeEvent) -> TreeEvent:
        self.phase = "start"
        self.current = self.players[(self.players.index(event.player) + 1) % len(self.players)]
        if self._blocked():
            return self._finish(event.kind, event.player, event.tile, event.arm, "blocked")
        return self._log(event)

    def _finish(self, kind, player, tile, arm, how) -> TreeEvent:
        self.end = how
        self.out = player if how == "out" else None
        self.current = None
        return self._log(TreeEvent(kind, player, tile, arm))

    def _log(self, ev: TreeEvent) -> TreeEvent:
        ev = TreeEvent(ev.kind, ev.player, ev.tile, ev.arm, ev.playable, None if self.end else self.current,
                       self.must_fill if self.end is None else (), self.end)
        self.events.append(ev)
        return ev
