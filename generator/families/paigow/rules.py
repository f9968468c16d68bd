"""The rules of Pai Gow (牌九), played with the Chinese set
(:data:`generator.engine.tilesets.SETS`): the value and rank of a two-tile
hand, the three ways to set four tiles into a high and a low hand, and a
player's two hands against the banker's.

Sources, and which we follow where they differ:

- pagat.com, "Pai Gow" (Joe Celko's description): four tiles set into two
  hands of two; both hands above the banker's win, both below lose, one each
  is a draw (a push); the banker wins copies.
- Wikipedia, "Pai gow": the ranking of the pairs (Gee Joon, then Teen, Day,
  Yun, Gor, Mooy, Chong, Bon, Foo, Ping, Tit, Look, then the mixed military
  pairs of nines, eights, sevens and fives), Wong and Gong, the points (the
  sum modulo ten), the Gee Joon tiles counting 3 or 6 when apart, equal points
  decided by the higher-ranked tile, copies and zero-zero ties to the banker.
  Wikipedia also names a "high nine" (Teen or Day with a seven) that some
  houses rank above other nines; this page follows the sources that do not
  (pagat.com, gambiter.com), and a Teen or Day with a seven is nine points.
- gambiter.com, "Pai Gow": the same order of hands; that the high hand must
  not be below the low hand (a foul set is refused here).

Units: a hand's ``points`` are 0..9 (the last digit of its pips); a
result's ``stake`` is in hundredths of the bet.

>>> from generator.engine.tiles import Tile
>>> v = hand_value(Tile(6, 6), Tile(4, 5)); v.kind, v.name["en"]
('wong', 'Wong (Teen)')
>>> hand_value(Tile(1, 3), Tile(5, 6)).points
5
"""

from __future__ import annotations

from itertools import combinations
from typing import Mapping, NamedTuple, Sequence

from ...engine.tiles import Tile
from ...engine.tilesets import tileset
from ...engine.rulebase import RuleViolation, Rules

__all__ = ["HandValue", "hand_value", "beats", "splits", "Setting", "set_hand", "fixed_setting", "Showdown", "Deal",
           "showdown", "PaiGow", "STRATEGIES", "GEE_JOON", "PAIR_ORDER"]

_SET = tileset("chinese")

#: The two tiles of the Supreme pair, each counting 3 or 6 when apart.
GEE_JOON = frozenset({Tile(1, 2), Tile(2, 4)})

#: The pairs from the highest down (Wikipedia, "Pai gow"): Gee Joon, the eleven civil pairs in the
#: civil tiles' order, then the mixed military pairs by their pips (nine, eight, seven, five).
PAIR_ORDER: tuple[str, ...] = ("gee-joon", "6-6", "1-1", "4-4", "1-3", "5-5", "3-3", "2-2", "5-6", "4-6", "1-6",
                               "1-5", "nines", "eights", "sevens", "fives")

_MIXED = {9: "nines", 8: "eights", 7: "sevens", 5: "fives"}
_MIXED_WORDS = {"nines": ("mixed nines", "雑九のペア"), "eights": ("mixed eights", "雑八のペア"),
                "sevens": ("mixed sevens", "雑七のペア"), "fives": ("mixed fives", "雑五のペア")}


class HandValue(NamedTuple):
    """The value of a hand of two tiles: ``kind`` (``"pair"``, ``"wong"``,
    ``"gong"`` or ``"points"``), ``pair`` (the pair's key in
    :data:`PAIR_ORDER`, ``""`` for no pair), ``points`` (0..9, the last digit
    of the pips, a Gee Joon tile counted as 3 or 6 whichever is better; for a
    pair, Wong or Gong the points it would have), ``top`` (its higher-ranked
    tile), ``key`` (hands compare by it: larger is higher, equal is a copy)
    and ``name`` (its words by language)."""

    kind: str
    pair: str
    points: int
    top: Tile
    key: tuple
    name: Mapping[str, str]


def _rank(t: Tile) -> int:
    return _SET.info(t).rank


def _points(a: Tile, b: Tile) -> int:
    best = 0
    for va in ((3, 6) if a in GEE_JOON else (a.pips,)):
        for vb in ((3, 6) if b in GEE_JOON else (b.pips,)):
            best = max(best, (va + vb) % 10)
    return best


def hand_value(a: Tile, b: Tile) -> HandValue:
    """The value of the hand ``a`` + ``b`` (two tiles of the Chinese set).
    Raises ``KeyError`` for a tile the set lacks. Order, highest first: the
    pairs (:data:`PAIR_ORDER`); Wong (Teen or Day with a nine); Gong (Teen or
    Day with an eight, the Yun 4-4 included); points, equal points decided by
    the higher-ranked tile (:func:`beats` gives the copies and the zero-zero
    ties to the banker)."""
    ia, ib = _SET.info(a), _SET.info(b)
    top = a if ia.rank <= ib.rank else b
    other = b if top is a else a
    pts = _points(a, b)
    pair = ""
    if {a, b} == GEE_JOON:
        pair = "gee-joon"
    elif a is b and ia.suit == "civil":
        pair = str(a)
    elif ia.suit == ib.suit == "military" and a.pips == b.pips and a is not b and a.pips in _MIXED:
        pair = _MIXED[a.pips]
    if pair:
        i = PAIR_ORDER.index(pair)
        if pair == "gee-joon":
            name = {"en": "Gee Joon (the Supreme pair)", "ja": "至尊"}
        elif pair in _MIXED_WORDS:
            name = dict(zip(("en", "ja"), _MIXED_WORDS[pair]))
        else:
            name = {"en": f"pair of {ia.name['en']}", "ja": f"{ia.name['ja']}のペア"}
        return HandValue("pair", pair, pts, top, (3, len(PAIR_ORDER) - i), name)
    if top in (Tile(6, 6), Tile(1, 1)) and other.pips in (9, 8):
        kind = "wong" if other.pips == 9 else "gong"
        whose = _SET.info(top).name
        ja = ("天" if top is Tile(6, 6) else "地") + ("王" if kind == "wong" else "槓")
        return HandValue(kind, "", pts, top, (2 if kind == "wong" else 1, 3 - _rank(top)),
                         {"en": f"{kind.capitalize()} ({whose['en']})", "ja": ja})
    return HandValue("points", "", pts, top, (0, pts, 100 - _rank(top)),
                     {"en": f"{pts} point{'s' if pts != 1 else ''}", "ja": f"{pts}点"})


def beats(hand: HandValue, banker: HandValue) -> bool:
    """Whether a player's ``hand`` beats the banker's hand of the same
    place: a higher key only; a copy (equal key: equal pairs, the same Wong,
    equal points and equally ranked top tiles) and any zero-zero tie go to
    the banker."""
    if hand.kind == banker.kind == "points" and hand.points == banker.points == 0:
        return False
    return hand.key > banker.key


class Setting(NamedTuple):
    """Four tiles set into a ``high`` and a ``low`` hand (two tiles each) and
    their values ``high_value`` and ``low_value``."""

    high: tuple[Tile, Tile]
    low: tuple[Tile, Tile]
    high_value: HandValue
    low_value: HandValue


def _check_four(tiles: Sequence[Tile], rule: str) -> None:
    if len(tiles) != 4:
        raise RuleViolation(f"a Pai Gow hand is four tiles, not {len(tiles)}", f"{rule}/four-tiles")
    extra = _SET.check_counts(tiles)
    if extra is not None:
        raise RuleViolation(f"the Chinese set has {_SET.copies(extra)} of {extra}, not more", f"{rule}/copies")


def set_hand(high: Sequence[Tile], low: Sequence[Tile], rule: str = "pai-gow") -> Setting:
    """Set the tiles ``high`` and ``low`` (two each) as the high and the low
    hand. Raises :class:`~generator.engine.rulebase.RuleViolation` for a hand
    that is not two tiles (``RULE/two-tiles``), tiles beyond the set's copies
    (``RULE/copies``) or a low hand above the high one (``RULE/low-above-high``:
    the high hand must be at least as high; gambiter.com)."""
    if len(high) != 2 or len(low) != 2:
        raise RuleViolation("each of the two hands is two tiles", f"{rule}/two-tiles")
    _check_four(list(high) + list(low), rule)
    hv, lv = hand_value(*high), hand_value(*low)
    if lv.key > hv.key:
        raise RuleViolation(f"the low hand ({lv.name['en']}) is above the high hand ({hv.name['en']}): "
                            f"swap them", f"{rule}/low-above-high")
    return Setting(tuple(high), tuple(low), hv, lv)      # type: ignore[arg-type]


def splits(tiles: Sequence[Tile]) -> list[Setting]:
    """The three ways to set four ``tiles`` into two hands, each with the
    higher hand as its high hand, in the order: the first tile with the
    second, with the third, with the fourth. Raises ``RuleViolation`` for
    anything but four tiles of the set."""
    _check_four(tiles, "pai-gow")
    out = []
    for j in (1, 2, 3):
        one = (tiles[0], tiles[j])
        two = tuple(t for i, t in enumerate(tiles) if i not in (0, j))
        v1, v2 = hand_value(*one), hand_value(*two)
        out.append(Setting(one, two, v1, v2) if v1.key >= v2.key else Setting(two, one, v2, v1))
    return out


#: The fixed ways of setting four tiles the simulation measures: ``low-first`` keeps the strongest
#: low hand (then the strongest high hand); ``high-first`` the strongest high hand (then low).
STRATEGIES = {"low-first": lambda s: (s.low_value.key, s.high_value.key),
              "high-first": lambda s: (s.high_value.key, s.low_value.key)}


def fixed_setting(tiles: Sequence[Tile], strategy: str = "low-first") -> Setting:
    """The setting of four ``tiles`` a fixed ``strategy`` of
    :data:`STRATEGIES` chooses (the first of equals in :func:`splits`'
    order). Raises ``KeyError`` for an unknown strategy."""
    key = STRATEGIES[strategy]
    best = None
    for s in splits(tiles):
        if best is None or key(s) > key(best):
            best = s
    assert best is not None
    return best


class Showdown(NamedTuple):
    """A player's setting against the banker's: ``high`` and ``low`` are
    ``"win"`` or ``"lose"`` for the player's hand of that place; ``result``
    ``"win"`` (both won), ``"lose"`` (both lost) or ``"push"``; ``stake`` the
    player's gain in hundredths of the bet (a win pays even money less the
    ``commission`` percent)."""

    high: str
    low: str
    result: str
    stake: int


def showdown(player: Setting, banker: Setting, commission: int = 0) -> Showdown:
    """Compare ``player``'s two hands with ``banker``'s, high with high and
    low with low (pagat.com): both higher win, both not higher lose, one of
    each is a push."""
    hi = "win" if beats(player.high_value, banker.high_value) else "lose"
    lo = "win" if beats(player.low_value, banker.low_value) else "lose"
    result = hi if hi == lo else "push"
    stake = {"win": 100 - commission, "lose": -100, "push": 0}[result]
    return Showdown(hi, lo, result, stake)


class PaiGow(Rules):
    """Pai Gow on the shared interface: the Chinese set (``params.set``
    ``chinese``), four tiles a hand, the banker and one to seven players
    (``params.players``: seats, the banker included). ``commission`` (a
    param, percent) is kept from a player's winning bet (5 in casinos;
    gambiter.com); ``strategy`` is the fixed setting the simulation plays."""

    family = "paigow"

    def __init__(self, params, choices=None, commission: int = 5, strategy: str = "low-first"):
        super().__init__(params, choices)
        self.draw_mode = "none"                 # four tiles each, nobody draws: the rest stay out
        self.commission = commission
        self.strategy = strategy

    def deal_round(self, names: Sequence[str], rng) -> dict[str, list[Tile]]:
        """Shuffle the 32 tiles and deal four to each of ``names`` (the banker
        first); at most eight seats."""
        tiles = list(self.params.tiles)
        rng.shuffle(tiles)
        if len(names) * 4 > len(tiles):
            raise ValueError(f"Pai Gow seats at most {len(tiles) // 4}, not {len(names)}")
        return {n: tiles[4 * i:4 * i + 4] for i, n in enumerate(names)}

    def all_hands(self) -> list[tuple[Tile, Tile]]:
        """Every distinct pair of tiles of the set (136 of them; Wikipedia)."""
        return sorted({tuple(sorted(p)) for p in combinations(self.params.tiles, 2)})    # type: ignore[misc]


class Deal:
    """One deal of Pai Gow, seat by seat, on the turn protocol every
    family's state shares (:func:`generator.sim.simulate.play_out`):
    ``names`` with the banker first (``banker``), ``hands`` (seat -> four
    tiles), the players setting their tiles in seat order and the banker
    last (``current``: the seat to set; ``None`` once all have); a move is
    one of :meth:`plays_for`'s settings; ``end`` is ``"shown"`` once every
    seat has set, and ``results`` then holds each player's
    :class:`Showdown` against the banker."""

    def __init__(self, variant: PaiGow, names: Sequence[str], hands: Mapping[str, Sequence[Tile]]):
        self.variant = variant
        self.names = list(names)
        self.banker = self.names[0]
        self.hands = {p: list(hands[p]) for p in self.names}
        self.order = self.names[1:] + [self.banker]
        self.settings: dict[str, Setting] = {}
        self.results: dict[str, Showdown] = {}
        self.end: str | None = None

    @property
    def current(self) -> str | None:
        """The seat whose tiles are to be set now."""
        for p in self.order:
            if p not in self.settings:
                return p
        return None

    def plays_for(self, seat: str) -> list[Setting]:
        """The ways ``seat`` may set its four tiles (the three splits, each
        with its higher hand as the high hand; a split that repeats another,
        with a duplicated civil tile, once); empty when it is not its turn."""
        if seat != self.current:
            return []
        out: list[Setting] = []
        for s in splits(self.hands[seat]):
            if not any(sorted(s.high) == sorted(o.high) and sorted(s.low) == sorted(o.low) for o in out):
                out.append(s)
        return out

    def may_draw(self, seat: str) -> bool:
        """Nobody draws in Pai Gow."""
        return False

    def push(self, seat: str, setting: Setting) -> None:
        """Set ``seat``'s tiles as ``setting`` (one of :meth:`plays_for`).
        Raises :class:`~generator.engine.rulebase.RuleViolation` out of turn
        (``…/turn-order``) or for tiles not its own or a low hand above the
        high (``…/low-above-high``)."""
        vid = self.variant.id or "pai-gow"
        if self.end is not None:
            raise RuleViolation("the deal is over; no more moves", f"{vid}/hand-over")
        if seat != self.current:
            raise RuleViolation(f"it is {self.current}'s turn to set, not {seat}'s", f"{vid}/turn-order")
        if sorted(list(setting.high) + list(setting.low)) != sorted(self.hands[seat]):
            raise RuleViolation(f"{seat} sets only the four tiles dealt to them", f"{vid}/own-tiles")
        self.settings[seat] = set_hand(setting.high, setting.low, vid)
        if self.current is None:
            bank = self.settings[self.banker]
            self.results = {p: showdown(self.settings[p], bank, self.variant.commission) for p in self.names[1:]}
            self.end = "shown"

    def draw(self, seat: str) -> None:
        """Refused: nobody draws in Pai Gow."""
        raise RuleViolation("nobody draws in Pai Gow", f"{self.variant.id or 'pai-gow'}/no-draw")

    def pass_(self, seat: str) -> None:
        """Refused: every seat sets its tiles."""
        raise RuleViolation("every seat sets its four tiles", f"{self.variant.id or 'pai-gow'}/no-pass")
