"""Texas 42 (テキサス42): a trick-taking game for four players in two
partnerships, with bids, trumps and count tiles. Not from the seeds: the rules
are those of 42-online.com's "Basic Rules of Texas 42" (bids from 30, marks,
the forced bid, seven marks), domino-play.com's "Texas Forty-Two" (the deal,
the shaker, bids raised to 42 then 84), dominorules.com's "Rules to
Forty-Two" (trumps above the other 21 tiles; a trump belongs to no other
suit) and eightygames' "Texas 42" (doubles named as trumps form a suit of
their own, 6-6 high). The well-known variants are rule choices
(:class:`~generator.engine.choices.Choices`): ``follow_me``,
``doubles_trump``, ``nello``, ``plunge``, ``splash``, ``top_bid`` and ``all_pass``.

Seats are named in clockwise order (``N, E, S, W``); partners sit opposite
(``N+S`` against ``E+W``). A hand is the :class:`Deal` state machine: the
bidding (one turn each, from the shaker's left), the bidder naming trumps,
then seven tricks, each led by the winner of the one before. Points are the
hand's raw points: one a trick, and the count tiles (5-5 and 6-4: ten;
5-0, 4-1 and 3-2: five), 42 in all; a hand is worth marks (one for a bid of
points, the bid's marks for a bid in marks).

>>> from generator.engine import Tile
>>> from generator.engine.rules import make_variant
>>> t42 = make_variant({"set": 6, "players": [], "partnerships": [4], "deal": {4: 7}, "target": 7},
...                    {"layout": "tricks"})
>>> led = Tile(6, 2)
>>> t42.suit_led(led, 4), t42.suit_led(Tile(4, 6), 4)
(6, 4)
>>> [str(t) for t in t42.legal([Tile(3, 6), Tile(4, 6), Tile(1, 1)], [led], 4)]
['3-6']
>>> t42.trick_winner([Tile(6, 2), Tile(6, 6), Tile(0, 4), Tile(5, 6)], 4)
2
>>> t42.trick_points([Tile(5, 5), Tile(6, 4), Tile(0, 0), Tile(1, 2)])
21
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ...engine.tiles import Tile
from ...engine.rulebase import RuleViolation, Rules

__all__ = ["Texas42", "Bid", "Deal", "Trick", "HandResult", "MarksResult", "ScoresResult", "PASS", "PARTNER_BIDS",
           "COUNT", "DOUBLES", "FOLLOW_ME", "SEATS", "SEATS_THREE", "TRICK_BIDS", "MOON_POINTS", "parse_trumps",
           "team_name", "settle_marks", "settle_scores", "count_of", "notation"]

#: The seats, clockwise; partners sit opposite.
SEATS = ("N", "E", "S", "W")
#: The seats of a game of three (Moon), clockwise, as the simulation names three players.
SEATS_THREE = ("N", "E", "W")
#: The bids in tricks of a game of three (Moon): four to seven tricks (dominorules.com, "Rules to Moon";
#: pagat.com, "Moon").
TRICK_BIDS = (4, 5, 6, 7)
#: Shooting the moon: a bid to take all seven tricks, worth 21 points made or lost (dominorules.com,
#: "Rules to Moon": "They can bid 7 or 21").
MOON_POINTS = 21
#: The count tiles and their points (raw points: 35 in all).
COUNT = {Tile(5, 5): 10, Tile(4, 6): 10, Tile(0, 5): 5, Tile(1, 4): 5, Tile(2, 3): 5}
#: Trumps named as the doubles: the seven doubles are a suit of their own, and trumps.
DOUBLES = "doubles"
#: No trumps ("follow me"): the led suit wins.
FOLLOW_ME = "follow-me"
#: The points of one hand: seven tricks of one, and the count.
HAND_POINTS = 42


def notation(tile: Tile) -> str:
    """A tile as 42 players write it, the higher end first (``6-4``, ``5-0``),
    in every message about a 42 position or play (the engine's own
    ``str(tile)`` puts the lower end first: ``4-6``)."""
    return f"{tile.high}-{tile.low}"


def count_of(tile: Tile) -> int:
    """The count points ``tile`` carries (0 for a tile that is no count tile).

    >>> count_of(Tile(4, 6)), count_of(Tile(2, 3)), count_of(Tile(3, 3))
    (10, 5, 0)
    """
    return COUNT.get(tile, 0)


def team_name(members: Sequence[str]) -> str:
    """A partnership named as the spec names teams: ``N+S``."""
    return "+".join(members)


def parse_trumps(value) -> int | str:
    """Trumps as a position file writes them: a suit (0-6), ``doubles`` or
    ``follow-me``. Raises ``ValueError`` for anything else."""
    if isinstance(value, bool):
        raise ValueError(f"trumps: {value!r} is not a suit 0-6, doubles or follow-me")
    if isinstance(value, int) and 0 <= value <= 6:
        return value
    if value in (DOUBLES, FOLLOW_ME):
        return value
    raise ValueError(f"trumps: {value!r} is not a suit 0-6, doubles or follow-me")


@dataclass(frozen=True, order=True)
class Bid:
    """One bid: ``value`` on the points scale (30-41 points; a bid of ``m``
    marks is ``42 * m``) and its ``contract``: ``points``, ``marks``,
    ``nello`` (the bidder alone must lose every trick), ``plunge`` (a
    holder of four doubles, four marks; the partner names trumps and leads;
    all seven tricks) or ``splash`` (the same with three doubles, three
    marks: :data:`PARTNER_BIDS`). :data:`PASS` is the pass, value 0.

    >>> Bid.parse("31"), Bid.parse("84"), str(Bid.parse("plunge")), str(Bid.parse("splash"))
    (Bid(value=31, contract='points'), Bid(value=84, contract='marks'), 'plunge 4 marks', 'splash 3 marks')
    >>> Bid.parse("29")
    Traceback (most recent call last):
    ...
    ValueError: a bid is pass, 30 to 41 points, or 1 to 7 marks (42 or '1 mark', 84 or '2 marks' ...), or 'nello', 'plunge' or 'splash' with or without its marks ('nello 2 marks'), or in a game of three '4 tricks' to '7 tricks' or 'moon': not '29'

    In a game of three (Moon) a bid is a number of tricks, or the moon (all seven, 21 points):

    >>> Bid.parse("5 tricks"), str(Bid.parse("moon")), Bid.parse("moon") > Bid.parse("7 tricks")
    (Bid(value=5, contract='tricks'), 'moon', True)
    """

    value: int
    contract: str = "points"

    @property
    def marks(self) -> int:
        """The marks the hand is worth: one for a bid of points, else the bid's marks (0 for a bid in
        tricks or a shot at the moon, which score points, not marks)."""
        if self.contract in ("tricks", "moon"):
            return 0
        return 1 if self.contract == "points" else self.value // HAND_POINTS

    @property
    def is_pass(self) -> bool:
        return self.value == 0

    def __str__(self) -> str:
        if self.is_pass:
            return "pass"
        if self.contract == "points":
            return str(self.value)
        if self.contract == "tricks":
            return f"{self.value} tricks"
        if self.contract == "moon":
            return "moon"
        m = self.marks
        words = f"{m} mark" + ("s" if m != 1 else "")
        return words if self.contract == "marks" else f"{self.contract} {words}"

    @classmethod
    def parse(cls, text) -> "Bid":
        """Read a bid: ``pass``, ``30``-``41``, ``42`` or ``1 mark``, ``84`` or
        ``2 marks`` ..., ``nello [N marks]``, ``plunge [N marks]``,
        ``splash [N marks]`` (without a number: the least such bid, 1 mark
        for Nel-O, 4 for a plunge, 3 for a splash).
        Raises ``ValueError`` for anything else."""
        if isinstance(text, bool):
            raise ValueError(f"a bid is pass, 30 to 41 points, or 1 to 7 marks: not {text!r}")
        s = str(text).strip().lower()
        if s == "pass":
            return PASS
        if s in ("moon", "shoot the moon"):
            return cls(MOON_POINTS, "moon")
        words = s.split()
        if len(words) == 2 and words[1] in ("trick", "tricks") and words[0].isdigit() \
                and int(words[0]) in TRICK_BIDS:
            return cls(int(words[0]), "tricks")
        parts = s.replace("nel-o", "nello").split()
        contract = "marks"
        if parts and parts[0] in ("nello", *PARTNER_BIDS):
            contract = parts.pop(0)
            if not parts:
                return cls(HAND_POINTS * (1 if contract == "nello" else PARTNER_BIDS[contract][1]), contract)
        if len(parts) == 2 and parts[1] in ("mark", "marks") and parts[0].isdigit() and 1 <= int(parts[0]) <= 7:
            return cls(HAND_POINTS * int(parts[0]), contract)
        if len(parts) == 1 and parts[0].isdigit() and contract == "marks":
            n = int(parts[0])
            if 30 <= n <= 41:
                return cls(n, "points")
            if n % HAND_POINTS == 0 and 1 <= n // HAND_POINTS <= 7:
                return cls(n, "marks")
        raise ValueError(f"a bid is pass, 30 to 41 points, or 1 to 7 marks (42 or '1 mark', 84 or '2 marks' ...), "
                         f"or 'nello', 'plunge' or 'splash' with or without its marks ('nello 2 marks'), or in a "
                         f"game of three '4 tricks' to '7 tricks' or 'moon': not {text!r}")


#: The pass.
PASS = Bid(0, "pass")

#: The bids whose bidder's partner names trumps and leads, all seven tricks to take: contract ->
#: (doubles the bidder must hold, the least marks). "The Official Lechner Hall 42 Rules"
#: (texas42.net), I.E-F and II.A.1: a plunge needs four doubles and bids 4 marks, a splash three
#: doubles and 3 marks; II.B: the partner names trumps and leads.
PARTNER_BIDS = {"splash": (3, 3), "plunge": (4, 4)}
_NUMBER = {3: "three", 4: "four"}


@dataclass(frozen=True)
class Trick:
    """One trick: its ``leader``, the ``plays`` (seat, tile) in order, the
    ``winner`` seat, the led ``suit`` (a pip or ``doubles``) and its
    ``points`` (raw: one, and the count of its tiles)."""

    leader: str
    plays: tuple[tuple[str, Tile], ...]
    winner: str
    suit: int | str
    points: int


@dataclass(frozen=True)
class HandResult:
    """A hand scored: the ``bidder``, the ``bid``, the ``trumps``, each
    team's ``points`` (raw: 42 in all, except in Nel-O, where the tiles of
    the partner who sits out are never played and their count goes to
    nobody) and ``tricks`` won, whether the bid was ``made``, and the
    ``marks`` won (the team -> marks)."""

    bidder: str
    bid: Bid
    trumps: int | str | None
    points: Mapping[str, int]
    tricks: Mapping[str, int]
    made: bool
    marks: Mapping[str, int]
    #: A game of three (Moon): the points each seat scores in the hand (the bidder's may be below zero).
    scores: Mapping[str, int] | None = None


@dataclass(frozen=True)
class MarksResult:
    """A game's hands added up: each team's running ``marks``, every hand's
    ``made`` and ``won`` (the team that took its marks), and the ``winner``
    (the first team at the target; ``None`` while nobody is)."""

    marks: Mapping[str, int]
    made: tuple[bool, ...]
    won: tuple[str, ...]
    winner: str | None
    after: int | None


@dataclass(frozen=True)
class ScoresResult:
    """A game of three's hands added up (Moon): each seat's running ``scores``
    (points, below zero after a set bid), every hand's ``made``, the
    ``winner`` (``None`` while nobody has reached the target) and ``after``,
    the hand (1-based) that won it."""

    scores: Mapping[str, int]
    made: tuple[bool, ...]
    winner: str | None
    after: int | None


class Texas42(Rules):
    """The rules of Texas 42 on the family-neutral :class:`~generator.engine.rulebase.Rules` (params, tiles); its
    play is the :class:`Deal` state machine, not a line of play.

    Rule choices read (:class:`~generator.engine.choices.Choices`):
    ``follow_me`` (``doubles-high``, ``doubles-own-suit`` or ``not-allowed``),
    ``doubles_trump`` (may the doubles be named trumps), ``nello``,
    ``plunge``, ``splash``, ``top_bid`` (``one-mark``: 42 is the top bid;
    ``raise-by-one-mark``: a first bid in marks of 1 or 2 marks, each later
    bid one mark more) and ``all_pass`` (``forced-bid``: the shaker must bid
    when the other three pass; ``reshake``: the hand is thrown in). The
    game is won by the first team to ``params.target`` marks (7).

    Three players (``players: [3]``, Moon) play alone, each against the other
    two, with no count tiles: they bid tricks (:data:`TRICK_BIDS`), a trick is
    one point, and the first to ``params.target`` points (21) wins. Two more
    choices are theirs: ``widow`` (``bidder-exchanges``: the one tile left
    after the deal goes to the winner of the bidding, who then discards one;
    ``none``: it stays out of play) and ``shoot_moon`` (``allowed``: the moon,
    all seven tricks for 21 points, may be bid over seven tricks).
    """

    #: The lowest bid (42-online.com, domino-play.com).
    min_bid = 30

    def __init__(self, params, choices=None):
        super().__init__(params, choices)
        c = self.choices
        self.follow_me = c.follow_me
        self.doubles_trump = c.doubles_trump == "allowed"
        self.nello = c.nello == "allowed"
        self.plunge = c.plunge == "allowed"
        self.splash = c.splash == "allowed"
        self.top_bid = c.top_bid
        self.all_pass = c.all_pass
        self.widow = c.widow
        self.shoot_moon = c.shoot_moon == "allowed"
        #: Three players alone (Moon): bids in tricks, one point a trick, no count tiles.
        self.three = tuple(self.params.players) == (3,)
        self.draw_mode = "none"                 # every tile is dealt (or left out: a widow): nobody draws

    @property
    def seats(self) -> tuple[str, ...]:
        """The seats, clockwise: N, E, S, W (two partnerships), or N, E, W (three alone)."""
        return SEATS_THREE if self.three else SEATS

    @property
    def marks_to_win(self) -> int:
        """The marks that win the game (the ``target`` param; 7)."""
        return self.params.target or 7

    # -- suits and tricks ---------------------------------------------------------------------
    def trump_options(self) -> tuple:
        """What a bidder may name: each suit 0-6, ``doubles`` (``doubles_trump``)
        and ``follow-me`` (unless ``follow_me: not-allowed``)."""
        out: tuple = tuple(range(self.params.set + 1))
        if self.doubles_trump:
            out += (DOUBLES,)
        if self.follow_me != "not-allowed":
            out += (FOLLOW_ME,)
        return out

    def doubles_apart(self, trumps, contract: str = "points") -> bool:
        """Whether the doubles form a suit of their own: named as trumps, in
        a Nel-O hand, or in follow-me with ``follow_me: doubles-own-suit``."""
        return trumps == DOUBLES or contract == "nello" or (
            trumps == FOLLOW_ME and self.follow_me == "doubles-own-suit")

    def is_trump(self, tile: Tile, trumps) -> bool:
        """Whether ``tile`` is a trump: it shows the trump suit, or it is a
        double when the doubles are trumps (no tile is in follow-me)."""
        if trumps == DOUBLES:
            return tile.is_double
        return isinstance(trumps, int) and not isinstance(trumps, bool) and trumps in (tile.low, tile.high)

    def suit_led(self, tile: Tile, trumps, contract: str = "points") -> int | str:
        """The suit a led ``tile`` calls for: the trump suit for a trump, the
        doubles where they are a suit of their own, else its higher end."""
        if self.is_trump(tile, trumps):
            return DOUBLES if trumps == DOUBLES else trumps
        if tile.is_double and self.doubles_apart(trumps, contract):
            return DOUBLES
        return tile.high

    def follows(self, tile: Tile, suit, trumps, contract: str = "points") -> bool:
        """Whether ``tile`` belongs to ``suit`` (a led suit): a trump belongs
        only to the trump suit, a double kept apart only to the doubles."""
        if suit == DOUBLES:
            return tile.is_double
        if self.is_trump(tile, trumps):
            return suit == trumps
        if tile.is_double and self.doubles_apart(trumps, contract):
            return False
        return suit in (tile.low, tile.high)

    def rank(self, tile: Tile, suit) -> int:
        """``tile``'s rank in ``suit`` (higher wins): in a pip suit the double
        is highest (7), then the other end's pip; among the doubles, the pip."""
        if suit == DOUBLES:
            return tile.high
        if tile.is_double:
            return 7
        return tile.low if tile.high == suit else tile.high

    def legal(self, hand: Sequence[Tile], played: Sequence[Tile], trumps, contract: str = "points") -> list[Tile]:
        """The tiles of ``hand`` that may be played on a trick whose tiles so
        far are ``played`` (leader first): any tile to lead; else those that
        follow the led suit, or any tile when none does."""
        if not played:
            return list(hand)
        suit = self.suit_led(played[0], trumps, contract)
        same = [t for t in hand if self.follows(t, suit, trumps, contract)]
        return same or list(hand)

    def trick_winner(self, tiles: Sequence[Tile], trumps, contract: str = "points") -> int:
        """The index in ``tiles`` (play order) of the tile that wins the
        trick: the highest trump, else the highest tile of the led suit."""
        suit = self.suit_led(tiles[0], trumps, contract)
        trump_suit = DOUBLES if trumps == DOUBLES else trumps
        trumped = [i for i, t in enumerate(tiles) if self.is_trump(t, trumps)]
        if trumped:
            return max(trumped, key=lambda i: self.rank(tiles[i], trump_suit))
        same = [i for i, t in enumerate(tiles) if self.follows(t, suit, trumps, contract)]
        return max(same, key=lambda i: self.rank(tiles[i], suit))

    def trick_points(self, tiles: Sequence[Tile]) -> int:
        """The raw points a trick is worth: one, and its count tiles (one alone
        in a game of three: Moon has no count tiles)."""
        return 1 if self.three else 1 + sum(count_of(t) for t in tiles)

    # -- bids ---------------------------------------------------------------------------------
    def top_marks(self, high: Bid | None) -> int:
        """The most marks a bid may be worth now, ``high`` being the highest
        bid so far: 1 under ``top_bid: one-mark``; else 2 while no bid has
        reached 2 marks, then one more than the highest."""
        if self.top_bid == "one-mark":
            return 1
        return max(2, (high.marks + 1) if high is not None and high.contract != "points" else 2)

    def bids(self, high: Bid | None, hand: Sequence[Tile], forced: bool = False) -> list[Bid]:
        """Every bid a player holding ``hand`` may make over ``high`` (the
        highest bid so far, ``None`` when nobody has bid), lowest first,
        :data:`PASS` first unless ``forced`` (the shaker's forced bid)."""
        out = [] if forced else [PASS]
        floor = high.value if high is not None else 0
        if self.three:
            out += [Bid(n, "tricks") for n in TRICK_BIDS if n > floor]
            if self.shoot_moon and floor < MOON_POINTS:
                out.append(Bid(MOON_POINTS, "moon"))
            return out
        top = self.top_marks(high)
        out += [Bid(v) for v in range(max(self.min_bid, floor + 1), HAND_POINTS)]
        out += [Bid(HAND_POINTS * m, "marks") for m in range(1, top + 1) if HAND_POINTS * m > floor]
        if self.nello:
            out += [Bid(HAND_POINTS * m, "nello") for m in range(1, top + 1) if HAND_POINTS * m > floor]
        doubles = sum(t.is_double for t in hand)
        for contract in self.partner_bids():
            if doubles >= PARTNER_BIDS[contract][0]:
                out.append(Bid(HAND_POINTS * self.plunge_marks(high, contract), contract))
        return out

    def partner_bids(self) -> tuple[str, ...]:
        """The bids played here whose bidder's partner names trumps
        (:data:`PARTNER_BIDS`): ``plunge`` and ``splash`` by their choices."""
        return tuple(c for c in PARTNER_BIDS if getattr(self, c))

    def plunge_marks(self, high: Bid | None, contract: str = "plunge") -> int:
        """The marks a plunge (or a splash: ``contract``) bids over
        ``high``: its least (four for a plunge, three for a splash: the
        Lechner Hall rules), or one more than a bid in marks already at
        that many or more."""
        least = PARTNER_BIDS[contract][1]
        return max(least, high.marks + 1 if high is not None and high.contract != "points" else least)

    def bid_problem(self, bid: Bid, high: Bid | None, hand: Sequence[Tile] | None, forced: bool) -> str | None:
        """Why ``bid`` may not be made over ``high`` (``None`` if it may):
        the words name the rule and its value. ``hand`` (if known) is the
        bidder's, for a plunge's four doubles or a splash's three."""
        if bid.is_pass:
            return (f"the shaker must bid: the other {'two' if self.three else 'three'} passed "
                    f"(`all_pass: forced-bid`)") if forced else None
        if self.three != (bid.contract in ("tricks", "moon")):
            return ("three players bid tricks, 4 to 7 (`4 tricks`), or the moon" if self.three else
                    "a bid in tricks or the moon belongs to a game of three players")
        if bid.contract == "moon" and not self.shoot_moon:
            return "shooting the moon is not played here (`shoot_moon: not-allowed`)"
        if bid.contract == "nello" and not self.nello:
            return "Nel-O is not played here (`nello: not-allowed`)"
        if bid.contract in PARTNER_BIDS:
            name, (need, least) = bid.contract, PARTNER_BIDS[bid.contract]
            if not getattr(self, name):
                return f"a {name} is not played here (`{name}: not-allowed`)"
            if hand is not None and sum(t.is_double for t in hand) < need:
                return (f"a {name} needs {_NUMBER[need]} doubles in hand; this hand holds "
                        f"{sum(t.is_double for t in hand)}")
            m = self.plunge_marks(high, name)
            if bid.marks != m:
                return f"a {name} bids {m} marks here ({_NUMBER[least]}, or one more than the highest bid)"
        if high is not None and bid.value <= high.value:
            return f"a bid must be higher than the highest so far ({high})"
        if bid.contract in ("marks", "nello") and bid.marks > self.top_marks(high):
            top = self.top_marks(high)
            return (f"the highest bid here is {top} mark{'s' if top > 1 else ''}"
                    + (" (`top_bid: one-mark`)" if self.top_bid == "one-mark" else
                       " (a first bid in marks is 1 or 2 marks, each later one one mark more)"))
        return None

    def made(self, bid: Bid, points: int) -> bool:
        """Whether the bidding side made ``bid`` with ``points`` (raw): a bid
        of points needs that many points; a bid in marks, a plunge and a splash need
        every trick, which is all 42 points (a trick lost takes at least its
        one point); Nel-O needs no trick, which is 0 points.

        >>> r = Texas42.__new__(Texas42)
        >>> r.made(Bid(30), 30), r.made(Bid(84, "marks"), 41), r.made(Bid(42, "nello"), 0)
        (True, False, True)
        """
        if bid.contract == "nello":
            return points == 0
        if bid.contract == "points":
            return points >= bid.value
        if bid.contract == "tricks":            # a game of three: ``points`` are the bidder's tricks
            return points >= bid.value
        if bid.contract == "moon":
            return points == 7
        return points == HAND_POINTS

    def hand_scores(self, bidder: str, bid: Bid, tricks: Mapping[str, int]) -> dict[str, int]:
        """A game of three (Moon): the points each seat scores for a hand in
        which ``bidder`` bid ``bid`` and each seat took ``tricks`` (seat ->
        tricks, seven in all). Each other seat scores a point a trick it
        took; the bidder scores its tricks if it made the bid (21 for the
        moon), else loses the bid (21 for the moon). Source: dominorules.com,
        "Rules to Moon" (failing costs the bidder what was bid; the others
        score the tricks they took; a trick is one point).

        >>> r = Texas42.__new__(Texas42)
        >>> r.hand_scores("N", Bid(5, "tricks"), {"N": 5, "E": 1, "W": 1})
        {'N': 5, 'E': 1, 'W': 1}
        >>> r.hand_scores("E", Bid(6, "tricks"), {"N": 2, "E": 5, "W": 0})
        {'N': 2, 'E': -6, 'W': 0}
        """
        out = {}
        for seat, n in tricks.items():
            if seat != bidder:
                out[seat] = n
            elif self.made(bid, n):
                out[seat] = MOON_POINTS if bid.contract == "moon" else n
            else:
                out[seat] = -bid.value
        return out


def settle_scores(rules: Texas42, seats: Sequence[str],
                  hands: Sequence[tuple[str, Bid, Mapping[str, int]]]) -> ScoresResult:
    """Add up a game of three's hands (Moon): each hand is ``(bidder, bid,
    tricks)``, ``tricks`` seat -> the tricks it took (seven in all). Points
    are :meth:`Texas42.hand_scores`'. After a hand that brings seats to
    ``params.target`` (21) or more, the bidder wins if it is one of them;
    else the one of the others with more points; two others level there
    play on (this site's reading: the sources do not say who wins when two
    reach the target in one hand, nor when they tie).

    >>> from generator.engine.rules import make_variant
    >>> moon = make_variant({"set": "moon", "players": [3], "partnerships": [], "deal": {3: 7}, "target": 21},
    ...                     {"layout": "tricks", "widow": "bidder-exchanges", "shoot_moon": "allowed"})
    >>> r = settle_scores(moon, "NEW", [("N", Bid(21, "moon"), {"N": 7, "E": 0, "W": 0})])
    >>> dict(r.scores), r.winner, r.after
    ({'N': 21, 'E': 0, 'W': 0}, 'N', 1)
    """
    scores = {s: 0 for s in seats}
    made: list[bool] = []
    winner, after = None, None
    for i, (bidder, bid, tricks) in enumerate(hands):
        for seat, pts in rules.hand_scores(bidder, bid, tricks).items():
            scores[seat] += pts
        made.append(rules.made(bid, tricks[bidder]))
        if winner is None:
            winner = game_winner(rules, scores, bidder)
            if winner is not None:
                after = i + 1
    return ScoresResult(scores, tuple(made), winner, after)


def game_winner(rules: Texas42, scores: Mapping[str, int], bidder: str) -> str | None:
    """The seat that wins a game of three after a hand ``bidder`` bid, the
    running ``scores`` given (:func:`settle_scores`), or ``None``."""
    target = rules.params.target or MOON_POINTS
    if scores[bidder] >= target:
        return bidder
    out = sorted((s for s in scores if s != bidder and scores[s] >= target), key=lambda s: -scores[s])
    if not out or (len(out) > 1 and scores[out[0]] == scores[out[1]]):
        return None
    return out[0]


def settle_marks(rules: Texas42, teams: Sequence[str], hands: Sequence[tuple[str, Bid, int]]) -> MarksResult:
    """Add up a game's hands: each hand is ``(bidding team, bid, the bidding
    team's raw points)``. A made bid wins its marks
    for the bidders, a set bid for the other team; the first team at
    ``rules.marks_to_win`` wins, and ``after`` is the hand (1-based) that won it.
    """
    marks = {t: 0 for t in teams}
    made, won = [], []
    winner, after = None, None
    for i, (team, bid, points) in enumerate(hands):
        ok = rules.made(bid, points)
        taker = team if ok else next(t for t in teams if t != team)
        marks[taker] += bid.marks
        made.append(ok)
        won.append(taker)
        if winner is None and marks[taker] >= rules.marks_to_win:
            winner, after = taker, i + 1
    return MarksResult(marks, tuple(made), tuple(won), winner, after)


class Deal:
    """One hand of Texas 42 from the deal to the last trick: the state every
    player and position moves through (the simulation's turn protocol:
    ``current``, ``hands``, ``plays_for``, ``push``, ``pass_``, ``end``).

    ``seats`` in clockwise order (four; three in a game of three, each
    its own side), ``hands`` seat -> seven tiles,
    ``shaker`` the seat that shook (bidding starts at its left), ``widow``
    the tiles left after the deal (a game of three: one). The
    ``phase`` is ``bid``, ``discard`` (``widow: bidder-exchanges``: the
    bidder has taken the widow and discards one tile), ``trumps`` (the bidder names them; a plunger's or splasher's
    partner does) or ``play``; ``end`` is ``None`` until the hand is over:
    ``made``, ``set`` or ``thrown-in`` (every player passed, ``all_pass:
    reshake``). Raises :class:`RuleViolation` for a move the rules forbid.
    """

    def __init__(self, rules: Texas42, seats: Sequence[str], hands: Mapping[str, Sequence[Tile]], shaker: str,
                 widow: Sequence[Tile] = ()):
        if len(seats) != len(rules.seats) or shaker not in seats:
            raise ValueError(f"a hand of this game has {len(rules.seats)} seats, the shaker one of them")
        self.rules = rules
        self.seats = list(seats)
        self.hands = {p: list(hands[p]) for p in seats}
        self.dealt = {p: tuple(hands[p]) for p in seats}
        self.shaker = shaker
        self.widow: tuple[Tile, ...] = tuple(widow)
        self.discarded: Tile | None = None
        if rules.three:
            self.teams = {p: (p,) for p in seats}
        else:
            self.teams = {team_name((seats[0], seats[2])): (seats[0], seats[2]),
                          team_name((seats[1], seats[3])): (seats[1], seats[3])}
        self.phase = "bid"
        self.current: str | None = self._next(shaker)
        self.bidding: list[tuple[str, Bid]] = []
        self.high: Bid | None = None
        self.bidder: str | None = None
        self.trumps = None
        self.trick: list[tuple[str, Tile]] = []
        self.tricks: list[Trick] = []
        self.end: str | None = None
        self.result: HandResult | None = None
        self.sitting_out: str | None = None

    # -- seats ----------------------------------------------------------------------------------
    def _next(self, seat: str) -> str:
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def partner(self, seat: str) -> str | None:
        """The seat opposite ``seat`` (``None`` in a game of three: nobody has a partner)."""
        if self.rules.three:
            return None
        return self.seats[(self.seats.index(seat) + 2) % 4]

    def team_of(self, seat: str) -> str:
        """The name of ``seat``'s partnership (``N+S``)."""
        return next(name for name, m in self.teams.items() if seat in m)

    @property
    def contract(self) -> str:
        return self.high.contract if self.high is not None else "points"

    @property
    def forced(self) -> bool:
        """Whether the player to bid is the shaker after the others passed under the forced bid."""
        return (self.phase == "bid" and self.rules.all_pass == "forced-bid" and self.current == self.shaker
                and self.high is None)

    def _in_play(self) -> list[str]:
        return [p for p in self.seats if p != self.sitting_out]

    # -- the protocol ---------------------------------------------------------------------------
    def plays_for(self, seat: str) -> list:
        """What ``seat`` may do now: bids (:data:`PASS` among them) while
        bidding, trumps to name, or tiles to play; empty when it is not
        ``seat``'s turn."""
        if seat != self.current or self.end is not None:
            return []
        if self.phase == "bid":
            return self.rules.bids(self.high, self.hands[seat], self.forced)
        if self.phase == "discard":
            return list(self.hands[seat])
        if self.phase == "trumps":
            return list(self.rules.trump_options()) if self.contract != "nello" else [FOLLOW_ME]
        return self.rules.legal(self.hands[seat], [t for _, t in self.trick], self.trumps, self.contract)

    def may_draw(self, seat: str) -> bool:
        """Never: every tile is dealt."""
        return False

    def pass_(self, seat: str) -> None:
        """``seat`` passes in the bidding."""
        self.push(seat, PASS)

    def push(self, seat: str, action) -> None:
        """Apply ``seat``'s ``action``: a :class:`Bid`, the tile the bidder
        discards after taking the widow, trumps (a suit,
        ``doubles`` or ``follow-me``) or a :class:`Tile`. Raises
        :class:`RuleViolation` when it is not ``seat``'s turn or the rules
        forbid the action."""
        if self.end is not None:
            raise RuleViolation("the hand is over", "texas-42/over")
        if seat != self.current:
            raise RuleViolation(f"it is {self.current}'s turn, not {seat}'s", "texas-42/turn")
        if self.phase == "bid":
            self._bid(seat, action)
        elif self.phase == "discard":
            self._discard(seat, action)
        elif self.phase == "trumps":
            self._name(seat, action)
        else:
            self._play(seat, action)

    def _bid(self, seat: str, bid) -> None:
        if not isinstance(bid, Bid):
            raise RuleViolation(f"{seat} must bid or pass now, not play", "texas-42/bid")
        why = self.rules.bid_problem(bid, self.high, self.hands[seat], self.forced)
        if why:
            raise RuleViolation(f"{seat} may not bid {bid}: {why}", "texas-42/bid")
        self.bidding.append((seat, bid))
        if not bid.is_pass:
            self.high, self.bidder = bid, seat
        if seat != self.shaker:
            self.current = self._next(seat)
            return
        if self.high is None:                   # every player passed (`all_pass: reshake`)
            self.end, self.current = "thrown-in", None
            return
        self.phase = "trumps"
        self.current = self.partner(self.bidder) if self.contract in PARTNER_BIDS else self.bidder
        if self.contract == "nello":
            self.sitting_out = self.partner(self.bidder)
        if self.rules.widow == "bidder-exchanges" and self.widow:
            self.hands[self.bidder] += list(self.widow)     # the bidder takes the widow, then discards
            self.phase = "discard"

    def _discard(self, seat: str, tile) -> None:
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            shown = notation(tile) if isinstance(tile, Tile) else tile
            raise RuleViolation(f"{seat} has taken the widow and discards one tile of its hand, not {shown}",
                                "texas-42/discard")
        self.hands[seat].remove(tile)
        self.discarded = tile
        self.phase = "trumps"

    def _name(self, seat: str, trumps) -> None:
        if trumps not in self.plays_for(seat) or isinstance(trumps, (bool, Bid, Tile)):
            shown = ", ".join(map(str, self.plays_for(seat)))
            raise RuleViolation(f"{seat} may name {shown} as trumps here, not {trumps}", "texas-42/trumps")
        self.trumps = trumps
        self.phase = "play"                     # the namer leads (the bidder; a plunger's or splasher's partner)

    def _play(self, seat: str, tile) -> None:
        if not isinstance(tile, Tile) or tile not in self.hands[seat]:
            raise RuleViolation(f"{seat} holds no {notation(tile) if isinstance(tile, Tile) else tile}", "texas-42/hand")
        legal = self.plays_for(seat)
        if tile not in legal:
            suit = self.rules.suit_led(self.trick[0][1], self.trumps, self.contract)
            raise RuleViolation(f"{seat} must follow suit ({_suit_words(suit)}) with "
                                f"{', '.join(map(notation, legal))}, not {notation(tile)}", "texas-42/follow-suit")
        self.hands[seat].remove(tile)
        self.trick.append((seat, tile))
        playing = self._in_play()
        if len(self.trick) < len(playing):
            nxt = self._next(seat)
            self.current = self._next(nxt) if nxt == self.sitting_out else nxt
            return
        tiles = [t for _, t in self.trick]
        i = self.rules.trick_winner(tiles, self.trumps, self.contract)
        winner = self.trick[i][0]
        self.tricks.append(Trick(self.trick[0][0], tuple(self.trick), winner,
                                 self.rules.suit_led(tiles[0], self.trumps, self.contract),
                                 self.rules.trick_points(tiles)))
        self.trick = []
        self.current = winner
        if len(self.tricks) == 7:
            self._score()

    def _score(self) -> None:
        if self.rules.three:
            tricks = {p: sum(tr.winner == p for tr in self.tricks) for p in self.seats}
            ok = self.rules.made(self.high, tricks[self.bidder])
            scores = self.rules.hand_scores(self.bidder, self.high, tricks)
            self.result = HandResult(self.bidder, self.high, self.trumps, dict(tricks), tricks, ok, {}, scores)
            self.end, self.current = ("made" if ok else "set"), None
            return
        points = {t: 0 for t in self.teams}
        tricks = {t: 0 for t in self.teams}
        for tr in self.tricks:
            points[self.team_of(tr.winner)] += tr.points
            tricks[self.team_of(tr.winner)] += 1
        if self.sitting_out is not None:        # Nel-O: the tricks the bidder alone took
            tricks[self.team_of(self.bidder)] = sum(tr.winner == self.bidder for tr in self.tricks)
        us = self.team_of(self.bidder)
        ok = self.rules.made(self.high, points[us])
        taker = us if ok else next(t for t in self.teams if t != us)
        self.result = HandResult(self.bidder, self.high, self.trumps, points, tricks, ok, {taker: self.high.marks})
        self.end, self.current = ("made" if ok else "set"), None

    @property
    def played(self) -> set[Tile]:
        """Every tile played so far in the hand (the current trick's too)."""
        return {t for tr in self.tricks for _, t in tr.plays} | {t for _, t in self.trick}


#: The suits' names in the engine's messages.
SUIT_NAMES = ("blanks", "ones", "twos", "threes", "fours", "fives", "sixes")


def _suit_words(suit) -> str:
    return "the doubles" if suit == DOUBLES else SUIT_NAMES[suit]
