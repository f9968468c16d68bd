"""Words for what the engine computed, in Japanese and English, that pages of
every family use: a tile's end and a play in words, a refusal and its rule,
a hand of tiles. The captions, text equivalents and settlement lines of a
single line of play are the line's own (:mod:`generator.families.line.words`).

Every function takes ``lang`` (``"ja"`` or ``"en"``) and returns plain text;
escaping for HTML is the caller's job.

>>> from generator.engine import Tile, End
>>> end_name(End(Tile(1, 4), "1"), "en")
'[1|4] (low end)'
>>> end_name(End(Tile(4, 4), "side-a"), "ja")
'[4|4]（側枝A）'
"""

from __future__ import annotations

from typing import Mapping, Sequence

from ..engine.tiles import End, Tile
from ..base.i18n import LANGS, messages, tables

__all__ = ["end_name", "end_words", "side_word", "play_words", "refusal", "tile_list", "rule_text", "Sides", "LANGS", "T"]


#: Fixed labels, by language.
T = tables("describe")


#: Where the sides of doubles face in the diagram beside the words: ``End -> "left" | "right" | "up" |
#: "down"`` (:func:`generator.families.line.draw.side_directions`). Without it (the authoring tools, which have no
#: diagram) a double's sides keep the letters of the position grammar.
Sides = Mapping[End, str]


def side_word(end: End, lang: str, sides: Sides | None = None) -> str:
    """The side of its tile ``end`` is, in words: a double's side as the
    diagram shows it (``sides``, else the position grammar's letter), a
    non-double's end as its low or high end."""
    t = T[lang]
    if end.tile.is_double:
        if sides is None:
            return t[end.side]
        branch = end.side.startswith("side-")
        where = sides.get(end)
        if where is None:       # a side branch the drawing does not have (a double laid lengthwise)
            return t["branch_none"] if branch else t[end.side]
        if end.side.startswith("corner-"):      # a star's corner: "the upper left-hand corner"
            return t["corner_" + where]
        return t[("branch_" if branch else "straight_") + where]
    return t["low"] if int(end.side) == end.tile.low else t["high"]


def end_name(end: End, lang: str, with_pip: int | None = None, sides: Sides | None = None) -> str:
    """``[1|4] (low end)`` / ``[4|4]（側枝A）``; with ``with_pip`` the number
    shown there is added: ``[1|1] (straight side B, 1)``. With ``sides`` (the
    diagram's directions) a double's side is named as the reader sees it:
    ``[1|1] (right-hand side, 1)``."""
    t = T[lang]
    extra = "" if with_pip is None else t["pip_extra"].format(pip=with_pip)
    return t["end_name"].format(tile=end.tile.label, side=side_word(end, lang, sides), extra=extra)


def end_words(end: End, lang: str, sides: Sides | None = None) -> str:
    """An attachment point in words, for sentences and tables:
    ``[3|3]の直線側B`` / ``the straight side B of [3|3]``; with the diagram's
    ``sides``, ``the right-hand side of [3|3]`` / ``[3|3]の右側``.

    >>> end_words(End(Tile(3, 3), "b"), "en"), end_words(End(Tile(1, 4), "4"), "ja")
    ('the straight side B of [3|3]', '[1|4]の目が多い端')
    >>> end_words(End(Tile(3, 3), "b"), "en", {End(Tile(3, 3), "b"): "right"})
    'the right-hand side of [3|3]'
    >>> end_words(End(Tile(3, 3), "side-a"), "ja", {End(Tile(3, 3), "side-a"): "up"})
    '[3|3]の上の側枝'
    """
    return T[lang]["end_of"].format(tile=end.tile.label, side=side_word(end, lang, sides))


def rule_text(rule: str, lang: str) -> str:
    """The rule named by a rule id such as ``matador/blank``, in words (the
    message catalog's ``rule`` context); the id itself when it has none."""
    return messages("rule", lang).get(rule.split("/", 1)[-1], rule)


def refusal(r, lang: str, sides: Sides | None = None) -> tuple[str, str, str | None]:
    """A play the rules refuse (a :class:`~generator.families.line.positions.Rejected`)
    as the pages say it: ``(what, rule, reason)``. ``what`` names the tile and
    where it was tried, in words; ``rule`` is the rule it breaks, in words;
    ``reason`` is the engine's own sentence, which is in English and uses the
    authors' notation, so only the authoring tools show it (``None`` in any
    other language)."""
    t = T[lang]
    what = t["refused"].format(tile=r.tile.label) if r.at is None else \
        t["refused_at"].format(tile=r.tile.label, end=end_words(r.at, lang, sides))
    return what, rule_text(r.rule, lang), (r.message if lang == "en" else None)


def tile_list(tiles: Sequence[Tile]) -> str:
    """``[1|2] [0|3]`` for a hand."""
    return " ".join(t.label for t in tiles)


def play_words(play, lang: str, sides: Sides | None = None) -> str:
    """A legal play in a reader's words: ``[2|2] on the low end of [2|4],
    crosswise`` (the way a double lies only where the rules let the player
    choose, and the half that touches where a tile may touch with either);
    ``sides`` are the diagram's (see :data:`Sides`)."""
    ui = messages("pages", lang)
    text = play.tile.label if play.at is None else ui["practice_on"].format(
        tile=play.tile.label, where=end_words(play.at, lang, sides))
    if play.as_ is not None:
        text += ui["practice_" + play.as_]
    if play.touch is not None:
        text += ui["practice_touch"].format(n=play.touch)
    return text
