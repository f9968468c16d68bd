"""The rules of Tien Gow (天九), a trick game for four with the Chinese set
(:data:`generator.engine.tilesets.SETS`): eight tiles each; a trick is led
with one tile or a combination of two to four, and every other player in
turn either beats the highest set so far with a higher set of the same kind
(face up) or discards as many tiles face down; the last trick decides the
hand, and the others pay its winner by the tricks they took.

Sources, and which we follow where they differ:

- Wikipedia, "Tien Gow" ("Playing Heaven and Nine"): four players, eight
  tiles each, the banker leads first; the order of the single tiles (civil:
  Heaven 6-6, Earth 1-1, Man 4-4, Harmony 1-3, Plum Flower 5-5, Long Threes
  3-3, Bench 2-2, Tiger's Head 5-6, Red Head Ten 4-6, Long Leg Seven 1-6,
  Red Mallet Six 1-5; military: the nines, eights, sevens, the six 2-4, the
  fives, the three 1-2); leads of one to four tiles, followed by as many
  tiles, a set that does not win discarded face down; the pairs in four
  kinds (civil, military, mixed: Heaven and a nine, Earth and an eight, Man
  and a seven, Harmony and a five; the Supreme pair 1-2 + 2-4, unbeatable when
  led and a discard when not); triplets and quartets only of Heavens and
  Nines, Earths and Eights, Men and Sevens, Harmonies and Fives, a triplet
  beaten only by one of the same suits; a player who has taken no trick
  before the last cannot win it.
- pagat.com, "Tien Gow" (Joe Celko with Anthony Kam): the same deal, leads
  (singleton, pair, triplet, quartet) and discards face down; the winner of
  the last trick leads the next hand as banker.
- navpil.github.io, "Tien Gow" (the gupai pages): the scoring we use: the
  winner of the last trick wins the hand; each other player pays it four
  chips less the tricks they took (a trick of several tiles counts as that
  many tricks), five when they took none; a negative payment goes from the
  winner to the player; every payment to or from the banker is doubled. It
  also gives the last-trick rule ("early death") only for a last trick of one
  tile, which is what we play: a last trick of several tiles may be won by
  anyone.

Equal single tiles (the two military nines ...; a second copy of a civil
tile) do not beat each other: the first played stays highest.

Units: ``strength`` values are ranks (larger is stronger, compared only
within one kind); ``tricks`` are trick counts (a trick led with ``k`` tiles
counts ``k``); payments are chips.

>>> from generator.engine.tiles import Tile
>>> combo([Tile(6, 6), Tile(4, 5)]).kind, combo([Tile(1, 2), Tile(2, 4)]).kind
('mixed-pair', 'supreme')
>>> beats(combo([Tile(3, 6)]), combo([Tile(2, 6)])), beats(combo([Tile(6, 6)]), combo([Tile(2, 6)]))
(True, False)
"""

from __future__ import annotations

from itertools import combinations
from typing import Mapping, NamedTuple, Sequence

from ...engine.tiles import Tile
from ...engine.tilesets import tileset
from ...engine.rulebase import RuleViolation, Rules

__all__ = ["Combo", "combo", "beats", "single_strength", "Trick", "Hand", "TienGow", "payments", "FAMILIES",
           "CIVIL_ORDER", "MILITARY_ORDER"]

_SET = tileset("chinese")

#: The civil tiles from the highest down (Wikipedia, "Tien Gow").
CIVIL_ORDER: tuple[Tile, ...] = tuple(Tile.parse(t) for t in ("6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2",
                                                              "5-6", "4-6", "1-6", "1-5"))
#: The military tiles from the highest down by their pips (the six 2-4 above the fives, the three 1-2 last;
#: Wikipedia, "Tien Gow"); tiles of equal pips rank alike.
MILITARY_ORDER: tuple[int, ...] = (9, 8, 7, 6, 5, 3)

#: The four families of tiles that make the mixed pairs, triplets and quartets, highest first: the civil
#: tile (Heaven, Earth, Man, Harmony) and the pips of its military partners (nine, eight, seven, five).
FAMILIES: tuple[tuple[Tile, int], ...] = ((Tile(6, 6), 9), (Tile(1, 1), 8), (Tile(4, 4), 7), (Tile(1, 3), 5))
_FAMILY_WORDS = (("Heaven", "天"), ("Earth", "地"), ("Man", "人"), ("Harmony", "和"))
_MIL_WORDS = {9: ("nine", "九"), 8: ("eight", "八"), 7: ("seven", "七"), 5: ("five", "五")}
_SUPREME = frozenset({Tile(1, 2), Tile(2, 4)})

#: The kinds of sets, by how many tiles: a lead of that kind is beaten only by a higher set of the same kind.
KINDS_BY_SIZE = {1: ("civil", "military"), 2: ("civil-pair", "military-pair", "mixed-pair", "supreme"),
                 3: ("civil-triplet", "military-triplet"), 4: ("quartet",)}


class Combo(NamedTuple):
    """What a set of tiles is as a lead: ``kind`` (``"civil"`` or
    ``"military"`` for one tile; ``"civil-pair"``, ``"military-pair"``,
    ``"mixed-pair"``, ``"supreme"``; ``"civil-triplet"`` -- two civil tiles
    and a military one --, ``"military-triplet"``; ``"quartet"``; ``""``: not
    a set that may be led), ``strength`` (larger is stronger, compared within
    the kind only), ``tiles`` (sorted) and ``name`` (its words by language)."""

    kind: str
    strength: int
    tiles: tuple[Tile, ...]
    name: Mapping[str, str]


def _suit(t: Tile) -> str:
    return _SET.info(t).suit


def single_strength(t: Tile) -> int:
    """A single tile's strength within its suit: 11 for Heaven down to 1 for
    Red Mallet Six; 6 for a military nine down to 1 for the 1-2. Raises
    ``KeyError`` for a tile the Chinese set lacks."""
    if _suit(t) == "civil":
        return len(CIVIL_ORDER) - CIVIL_ORDER.index(t)
    return len(MILITARY_ORDER) - MILITARY_ORDER.index(t.pips)


def _tile_name(t: Tile) -> dict:
    info = _SET.info(t)
    return {"en": f"{t} ({info.name['en']})", "ja": f"{t}（{info.name['ja']}）"}


def _family(tiles: Sequence[Tile]) -> int | None:
    """The index in :data:`FAMILIES` all ``tiles`` belong to, or ``None``."""
    for i, (civil, pips) in enumerate(FAMILIES):
        if all(t == civil or (_suit(t) == "military" and t.pips == pips) for t in tiles):
            return i
    return None


def combo(tiles: Sequence[Tile]) -> Combo:
    """What ``tiles`` (one to four tiles of the Chinese set) are as a lead
    (:class:`Combo`; kind ``""`` for tiles that make no set). Raises
    ``KeyError`` for a tile the set lacks."""
    ts = tuple(sorted(tiles))
    n = len(ts)
    if n == 1:
        t = ts[0]
        return Combo(_suit(t), single_strength(t), ts, _tile_name(t))
    suits = [_suit(t) for t in ts]
    none = Combo("", 0, ts, {"en": "no set", "ja": "組になっていない牌"})
    if n == 2:
        a, b = ts
        if frozenset(ts) == _SUPREME:
            return Combo("supreme", 1, ts, {"en": "the Supreme pair", "ja": "至尊"})
        if a == b and suits[0] == "civil":
            info = _SET.info(a)
            return Combo("civil-pair", single_strength(a), ts,
                         {"en": f"pair of {info.name['en']}", "ja": f"{info.name['ja']}のペア"})
        if suits == ["military", "military"] and a.pips == b.pips and a.pips in _MIL_WORDS:
            en, ja = _MIL_WORDS[a.pips]
            return Combo("military-pair", single_strength(a), ts, {"en": f"pair of {en}s", "ja": f"{ja}のペア"})
        f = _family(ts)
        if f is not None and sorted(suits) == ["civil", "military"]:
            return Combo("mixed-pair", 4 - f, ts, _set_name(f, 1, 1))
        return none
    f = _family(ts)
    civil = suits.count("civil")
    if f is None or civil == 0 or civil == n or civil > 2 or n - civil > 2:
        return none
    if n == 3:
        kind = "civil-triplet" if civil == 2 else "military-triplet"
        return Combo(kind, 4 - f, ts, _set_name(f, civil, 3 - civil))
    return Combo("quartet", 4 - f, ts, _set_name(f, 2, 2))


def _set_name(f: int, civil: int, military: int) -> dict:
    c_en, c_ja = _FAMILY_WORDS[f]
    m_en, m_ja = _MIL_WORDS[FAMILIES[f][1]]
    one = "an " if m_en == "eight" else "a "
    en = (f"{'two ' if civil == 2 else ''}{c_en}{'s' if civil == 2 else ''} and "
          f"{'two ' if military == 2 else one}{m_en}{'s' if military == 2 else ''}")
    ja = f"{c_ja * civil}{m_ja * military}"
    return {"en": en, "ja": ja}


def beats(new: Combo, high: Combo) -> bool:
    """Whether ``new`` beats the highest set so far, ``high``: a set of the
    same kind (a set that is no combination never beats) and a greater
    strength; equal sets leave the first played highest; the Supreme pair has
    a kind of its own, so nothing beats it and it beats nothing it follows."""
    return bool(new.kind) and new.kind == high.kind and len(new.tiles) == len(high.tiles) and \
        new.strength > high.strength


class Trick(NamedTuple):
    """A trick as it stands: ``leader``, ``plays`` (``(seat, tiles, face_up)``
    in the order played, the lead first, face up), ``high`` (the seat of the
    highest set so far) and ``size`` (the tiles a player plays to it)."""

    leader: str
    plays: tuple
    high: str
    size: int


class Play(NamedTuple):
    """A move of Tien Gow: ``tiles`` played, ``face_up`` (a lead, or a set
    that beats the highest so far) or not (a discard face down)."""

    tiles: tuple[Tile, ...]
    face_up: bool


def payments(tricks: Mapping[str, int], winner: str, banker: str) -> dict[str, int]:
    """What each seat gains (chips; the winner's is the sum of the others'
    losses) when ``winner`` took the last trick and each seat took
    ``tricks[seat]`` tricks (a trick of ``k`` tiles counting ``k``;
    navpil.github.io, "Tien Gow"): every other seat pays the winner four less
    its tricks (a negative payment goes the other way), five when it took
    none; a payment to or from the ``banker`` counts double."""
    out = {p: 0 for p in tricks}
    for p, n in tricks.items():
        if p == winner:
            continue
        pay = 5 if n == 0 else 4 - n
        if banker in (p, winner):
            pay *= 2
        out[p] -= pay
        out[winner] += pay
    return out


class TienGow(Rules):
    """Tien Gow on the shared interface: the Chinese set (``params.set``
    ``chinese``), four players, eight tiles each. ``last_trick`` says which
    last tricks a player who has taken no trick cannot win: ``"single"``, one
    of a single tile (navpil.github.io; the game's pages play it), or
    ``"any"``, every last trick (Wikipedia's words); a rule file does not
    choose it."""

    family = "tiengow"

    def __init__(self, params, choices=None, last_trick: str = "single"):
        super().__init__(params, choices)
        self.draw_mode = "none"                 # the whole set is dealt: nobody draws
        self.last_trick = last_trick

    def deal_round(self, names: Sequence[str], rng) -> dict[str, list[Tile]]:
        """Shuffle the 32 tiles and deal eight to each of the four ``names``
        (the banker first)."""
        if len(names) != 4:
            raise ValueError(f"Tien Gow is played by four, not {len(names)}")
        tiles = list(self.params.tiles)
        rng.shuffle(tiles)
        return {n: sorted(tiles[8 * i:8 * i + 8]) for i, n in enumerate(names)}


class Hand:
    """One hand of Tien Gow on the turn protocol every family's state shares
    (:func:`generator.sim.simulate.play_out`): ``names`` in playing order with
    the banker first (``banker``), ``hands`` (seat -> tiles), ``current`` the
    seat to play, ``trick`` the trick being played (``None`` before a lead),
    ``tricks`` (seat -> tricks taken, a trick of ``k`` tiles counting ``k``),
    ``done`` (the finished tricks, each a :class:`Trick`); ``end`` is
    ``"over"`` once the last trick is taken, and ``winner`` and ``result``
    (:func:`payments`) then say who won and what each seat gains."""

    def __init__(self, variant: TienGow, names: Sequence[str], hands: Mapping[str, Sequence[Tile]]):
        self.variant = variant
        self.names = list(names)
        self.banker = self.names[0]
        self.hands = {p: sorted(hands[p]) for p in self.names}
        self.current: str | None = self.banker
        self.trick: Trick | None = None
        self.tricks = {p: 0 for p in self.names}
        self.done: list[Trick] = []
        self.end: str | None = None
        self.winner: str | None = None
        self.result: dict[str, int] = {}

    def copy(self) -> "Hand":
        """A copy whose later moves leave this hand as it is."""
        h = Hand(self.variant, self.names, self.hands)
        h.current, h.trick, h.tricks, h.done = self.current, self.trick, dict(self.tricks), list(self.done)
        h.end, h.winner, h.result = self.end, self.winner, dict(self.result)
        return h

    @property
    def _rule(self) -> str:
        return self.variant.id or "tien-gow"

    def is_last(self) -> bool:
        """Whether the trick being played is the hand's last (its leader has no tile left); ``False``
        before a lead."""
        return self.trick is not None and not self.hands[self.trick.leader]

    def _high(self) -> Combo:
        assert self.trick is not None
        for seat, tiles, up in reversed(self.trick.plays):
            if up and seat == self.trick.high:
                return combo(tiles)
        raise AssertionError("a trick has a highest set")

    def _may_win_last(self, seat: str) -> bool:
        if self.tricks[seat] or self.trick is None:
            return True
        if len(self.hands[seat]) != self.trick.size:
            return True
        return self.variant.last_trick == "single" and self.trick.size > 1

    def refuse(self, seat: str, play: Play) -> RuleViolation | None:
        """Why ``seat`` may not make ``play`` now (``None``: it may): out of
        turn, tiles not its own, a lead that is no set (``…/not-a-set``), a
        follow of the wrong number of tiles (``…/same-number``), a set played
        face up that does not beat the highest so far (``…/does-not-beat``),
        a player without a trick trying to win the last one
        (``…/no-trick-yet``)."""
        r = self._rule
        if self.end is not None:
            return RuleViolation("the hand is over; no more moves", f"{r}/hand-over")
        if seat != self.current:
            return RuleViolation(f"it is {self.current}'s turn, not {seat}'s", f"{r}/turn-order")
        left = list(self.hands[seat])
        for t in play.tiles:
            if t not in left:
                return RuleViolation(f"{seat} does not hold {t}", f"{r}/own-tiles")
            left.remove(t)
        if self.trick is None:
            c = combo(play.tiles)
            if not 1 <= len(play.tiles) <= 4 or not c.kind:
                return RuleViolation(f"{' + '.join(map(str, sorted(play.tiles)))} is not a set that may be led: "
                                     f"lead one tile, a pair, or a triplet or quartet of Heavens and Nines, "
                                     f"Earths and Eights, Men and Sevens, Harmonies and Fives", f"{r}/not-a-set")
            if not play.face_up:
                return RuleViolation("a lead is played face up", f"{r}/lead-face-up")
            return None
        if len(play.tiles) != self.trick.size:
            return RuleViolation(f"this trick was led with {self.trick.size} tile(s): play as many, not "
                                 f"{len(play.tiles)}", f"{r}/same-number")
        if play.face_up:
            high = self._high()
            c = combo(play.tiles)
            if not beats(c, high):
                why = ("a tile of the other suit" if len(play.tiles) == 1 and c.kind != high.kind else
                       "not the same kind of set" if c.kind != high.kind else "not higher")
                return RuleViolation(f"{c.name['en']} does not beat {high.name['en']} ({why}): discard face "
                                     f"down instead", f"{r}/does-not-beat")
            if not self._may_win_last(seat):
                return RuleViolation(f"{seat} has taken no trick, so cannot win a last trick of one tile: "
                                     f"discard face down", f"{r}/no-trick-yet")
        return None

    def plays_for(self, seat: str) -> list[Play]:
        """The moves ``seat`` may make now: leading, every distinct set of its
        tiles; following, every distinct set that beats the highest so far,
        then every distinct choice of tiles to discard face down. Empty when it
        is not its turn."""
        if seat != self.current or self.end is not None:
            return []
        hand = self.hands[seat]
        out: list[Play] = []
        seen: set = set()
        if self.trick is None:
            for k in (1, 2, 3, 4):
                for ts in combinations(hand, k):
                    if ts not in seen and combo(ts).kind:
                        seen.add(ts)
                        out.append(Play(ts, True))
            return out
        k = self.trick.size
        high = self._high()
        beat = self._may_win_last(seat)
        for ts in combinations(hand, k):
            if ts not in seen:
                seen.add(ts)
                if beat and beats(combo(ts), high):
                    out.append(Play(ts, True))
        for ts in sorted(seen):
            out.append(Play(ts, False))
        return out

    def may_draw(self, seat: str) -> bool:
        """Nobody draws in Tien Gow."""
        return False

    def push(self, seat: str, play: Play) -> None:
        """Make ``play`` for ``seat``. Raises the
        :class:`~generator.engine.rulebase.RuleViolation` :meth:`refuse`
        gives. The fourth play closes the trick: its highest set's player
        takes it (``size`` tricks) and leads the next; after the last trick
        the hand is settled (:func:`payments`)."""
        bad = self.refuse(seat, play)
        if bad is not None:
            raise bad
        for t in play.tiles:
            self.hands[seat].remove(t)
        ts = tuple(sorted(play.tiles))
        if self.trick is None:
            self.trick = Trick(seat, ((seat, ts, True),), seat, len(ts))
        else:
            self.trick = self.trick._replace(plays=self.trick.plays + ((seat, ts, play.face_up),),
                                             high=seat if play.face_up else self.trick.high)
        if len(self.trick.plays) < len(self.names):
            self.current = self.names[(self.names.index(seat) + 1) % len(self.names)]
            return
        t = self.trick
        self.done.append(t)
        self.tricks[t.high] += t.size
        self.trick = None
        self.current = t.high
        if not self.hands[t.high]:
            self.end = "over"
            self.current = None
            self.winner = t.high
            self.result = payments(self.tricks, t.high, self.banker)

    def draw(self, seat: str) -> None:
        """Refused: nobody draws in Tien Gow."""
        raise RuleViolation("nobody draws in Tien Gow", f"{self._rule}/no-draw")

    def pass_(self, seat: str) -> None:
        """Refused: a player who will not beat the trick discards face down."""
        raise RuleViolation("nobody passes: discard as many tiles face down", f"{self._rule}/no-pass")
