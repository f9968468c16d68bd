"""Tile sets as data: the set a game is played with, named by its ``params.set``.

A game's ``variant.yaml`` names its set: a number ``n`` for a Western
double-``n`` set (every pair of numbers from 0 to ``n`` once: 28 tiles for
double-six), ``moon`` for Moon's 22 tiles (a double-six set less the six
tiles pairing a blank with another number: dominorules.com, "Rules to
Moon"), or ``chinese`` for the Chinese set. The Chinese set is defined
below as data (:data:`SETS`), which the engine, the schema and the position
checks read: its 21 throws of two dice (no blanks), eleven of them doubled
("civil" tiles, 文牌) and ten single ("military" tiles, 武牌), each with its
names in both languages and its rank, and the numbers whose pips are red
(the one and the four). Sources: pagat.com, "Pai Gow" (the 32 tiles, the
eleven duplicated ones); Wikipedia, "Chinese dominoes" and "Pai gow" (the
civil and military suits, the names Teen, Day, Yun, Gor ..., the ranking).

>>> s = tileset("chinese")
>>> len(s.tiles), len(s.distinct), s.copies(Tile(6, 6)), s.copies(Tile(4, 5)), s.copies(Tile(0, 6))
(32, 21, 2, 1, 0)
>>> s.info(Tile(6, 6)).name["en"], s.info(Tile(4, 5)).suit, s.red_pips
('Teen', 'military', (1, 4))
>>> len(tileset(6).tiles), tileset(6).copies(Tile(6, 6)), tileset(6).name
(28, 1, 'double-6')
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from .tiles import NotationError, Tile, double_set

__all__ = ["TileInfo", "TileSet", "SETS", "tileset", "set_names"]

#: The sets defined as data, by the name a game's ``params.set`` gives. Each tile: ``(tile, suit,
#: rank, en name, ja name)``; ``rank`` 1 is the highest single tile, tiles of equal rank are alike in
#: play (the two military nines ...). The civil tiles are listed highest first, then the military
#: tiles by their pips; the two tiles of the Supreme pair (Gee Joon, 至尊: 1-2 and 2-4) rank lowest
#: as single tiles (our reading where the sources are silent: they name the pair, not the singles).
SETS: dict[str, dict] = {
    "chinese": {
        "name": {"en": "Chinese set", "ja": "中国式の牌"},
        "copies": {"civil": 2, "military": 1},
        "red_pips": [1, 4],
        "tiles": [
            ("6-6", "civil", 1, "Teen", "天牌"),
            ("1-1", "civil", 2, "Day", "地牌"),
            ("4-4", "civil", 3, "Yun", "人牌"),
            ("1-3", "civil", 4, "Gor", "和牌"),
            ("5-5", "civil", 5, "Mooy", "梅牌"),
            ("3-3", "civil", 6, "Chong", "長三"),
            ("2-2", "civil", 7, "Bon", "板凳"),
            ("5-6", "civil", 8, "Foo", "斧頭"),
            ("4-6", "civil", 9, "Ping", "紅頭十"),
            ("1-6", "civil", 10, "Tit", "高脚七"),
            ("1-5", "civil", 11, "Look", "銅錘六"),
            ("3-6", "military", 12, "Chop Gow", "雑九"),
            ("4-5", "military", 12, "Chop Gow", "雑九"),
            ("2-6", "military", 13, "Chop Bot", "雑八"),
            ("3-5", "military", 13, "Chop Bot", "雑八"),
            ("2-5", "military", 14, "Chop Chit", "雑七"),
            ("3-4", "military", 14, "Chop Chit", "雑七"),
            ("1-4", "military", 15, "Chop Ng", "雑五"),
            ("2-3", "military", 15, "Chop Ng", "雑五"),
            ("2-4", "military", 16, "Gee Joon (six)", "二四"),
            ("1-2", "military", 17, "Gee Joon (three)", "丁三"),
        ],
    },
    # Moon's set: a double-six set less the six tiles that pair a blank with another number, the 0-0
    # kept: 22 tiles (dominorules.com, "Rules to Moon"; pagat.com, "Moon"). No suits of its own, no ranks.
    "moon": {
        "name": {"en": "double-six set less the blanks but the 0-0", "ja": "0-0以外の0の牌を抜いたダブルシックス"},
        "copies": {"": 1},
        "red_pips": [],
        "tiles": [(f"{a}-{b}", "", 0, "", "") for b in range(7) for a in range(b + 1) if a > 0 or b == 0],
    },
}


class TileInfo(NamedTuple):
    """What a set says of one of its tiles: ``suit`` (``"civil"``,
    ``"military"``, or ``""`` in a double-n set), ``rank`` (1 the highest;
    0 in a set without ranks), ``copies`` in the set and ``name`` by
    language (empty in a double-n set)."""

    tile: Tile
    suit: str
    rank: int
    copies: int
    name: Mapping[str, str]


class TileSet:
    """A set of tiles: ``name`` (``"double-6"``, ``"chinese"``), ``tiles``
    (every tile of the set, a duplicated tile as often as it is in the set,
    in ``(low, high)`` order), ``distinct`` (each tile once), ``min_pip`` and
    ``max_pip`` (0 and ``n`` for double-``n``; 1 and 6 for the Chinese set),
    ``red_pips`` (the numbers drawn red; empty for a Western set) and
    ``words`` (the set's name by language)."""

    def __init__(self, name: str, infos: list[TileInfo], red_pips: tuple[int, ...], words: Mapping[str, str]):
        self.name = name
        self._info = {i.tile: i for i in infos}
        self.distinct: tuple[Tile, ...] = tuple(sorted(self._info))
        self.tiles: tuple[Tile, ...] = tuple(t for t in self.distinct for _ in range(self._info[t].copies))
        self.min_pip = min(t.low for t in self.distinct)
        self.max_pip = max(t.high for t in self.distinct)
        self.red_pips = red_pips
        self.words = words

    def copies(self, tile: Tile) -> int:
        """How many of ``tile`` the set holds (0: not in the set)."""
        info = self._info.get(tile)
        return info.copies if info is not None else 0

    def info(self, tile: Tile) -> TileInfo:
        """The set's data of ``tile``; raises ``KeyError`` for a tile the set lacks."""
        return self._info[tile]

    def parse_tile(self, text: object) -> Tile:
        """Read a tile of this set (``a-b`` or ``[a|b]``). Raises
        :class:`~.tiles.NotationError` for bad notation or a tile the set does
        not have (a blank in the Chinese set, a pip above ``max_pip``)."""
        tile = Tile.parse(text)             # a pip above the set's is said in the set's own words below
        if tile not in self._info:
            missing = ("it has no blanks: its pips run from 1 to 6"
                       if tile.low == 0 and tile.high <= self.max_pip and self.min_pip > 0
                       else "its only blank is the 0-0" if tile.low == 0 and tile.high <= self.max_pip
                       else f"pips run from {self.min_pip} to {self.max_pip}")
            raise NotationError(f"{text!r} is not a tile of the {self.words['en']} ({missing})")
        return tile

    def check_counts(self, tiles) -> Tile | None:
        """The first tile of ``tiles`` (any iterable of tiles) named more often
        than the set holds it (a third 6-6, a second 4-5 in the Chinese set),
        or ``None``."""
        seen: dict[Tile, int] = {}
        for t in tiles:
            seen[t] = seen.get(t, 0) + 1
            if seen[t] > self.copies(t):
                return t
        return None


_CACHE: dict[object, TileSet] = {}


def tileset(set_param: int | str) -> TileSet:
    """The set a game's ``params.set`` names: an integer ``n`` (double-``n``)
    or the name of a set of :data:`SETS`. Raises ``KeyError`` for a name no
    set has. Made once per set."""
    got = _CACHE.get(set_param)
    if got is not None:
        return got
    if isinstance(set_param, int):
        infos = [TileInfo(t, "", 0, 1, {}) for t in double_set(set_param)]
        got = TileSet(f"double-{set_param}", infos, (), {"en": f"double-{set_param} set",
                                                         "ja": f"ダブル{set_param}のセット"})
    else:
        data = SETS[set_param]
        infos = []
        for text, suit, rank, en, ja in data["tiles"]:
            a, b = (int(x) for x in text.split("-"))
            infos.append(TileInfo(Tile(a, b), suit, rank, data["copies"][suit], {"en": en, "ja": ja}))
        got = TileSet(set_param, infos, tuple(data["red_pips"]), data["name"])
    _CACHE[set_param] = got
    return got


def set_names() -> tuple[str, ...]:
    """The names a game's ``params.set`` may give besides a number."""
    return tuple(SETS)
