"""The words of 42 the pages and the reader's game share (:mod:`generator.families.tricks.pages`,
:mod:`generator.families.tricks.play`): tiles as 42 players write them, suits, trumps and bids,
from the catalogs' ``tricks`` context. Plain text; ``lang`` is ``"ja"`` or ``"en"``.
It needs only the engine and the catalogs (no position model), so the player can
import it in the reader's browser."""

from __future__ import annotations

from ...base.i18n import plural, tables
from .rules import DOUBLES, FOLLOW_ME, Bid

__all__ = ["tile_text", "suit_words", "trumps_words", "bid_words", "cap"]

_UI = tables("tricks")


def tile_text(tile) -> str:
    """A tile as 42 players write it, the higher end first: ``6-4``, ``5-0``."""
    return f"{tile.high}-{tile.low}"


def cap(text: str) -> str:
    """``text`` with its first letter a capital (a caption or a sentence that starts with it)."""
    return text[:1].upper() + text[1:]


def suit_words(suit, lang: str) -> str:
    """A suit in words: ``sixes`` / ``6のスート``, ``doubles`` / ``ダブルのスート``."""
    ui = _UI[lang]
    return ui["suit_doubles"] if suit == DOUBLES else ui["suit_" + str(suit)]


def trumps_words(trumps, lang: str, contract: str = "points") -> str:
    """Trumps in words: ``fours are trumps``, ``doubles are trumps``, ``no trumps (follow-me)``;
    in a Nel-O hand, no trumps with the doubles a suit of their own."""
    ui = _UI[lang]
    if contract == "nello":
        return ui["trumps_nello"]
    if trumps == FOLLOW_ME:
        return ui["trumps_follow_me"]
    return ui["trumps_are"].format(suit=suit_words(trumps, lang))


def bid_words(bid: Bid, lang: str) -> str:
    """A bid in words: ``30``, ``2 marks`` / ``2マーク``, ``Nel-O (1 mark)``, ``pass``."""
    ui = _UI[lang]
    if bid.is_pass:
        return ui["pass"]
    if bid.contract == "points":
        return str(bid.value)
    if bid.contract == "tricks":
        return plural(lang, "trick", bid.value)
    if bid.contract == "moon":
        return ui["bid_moon_name"]
    marks = plural(lang, "mark", bid.marks)
    return marks if bid.contract == "marks" else ui[bid.contract].format(marks=marks)
