"""The words of 42 the pages and the reader's game share (:mod:`generator.families.tricks.pages`,
:mod:`generator.families.tricks.play`): tiles as 42 players write them, suits, trumps and bids,
from the catalogs' ``tricks`` context. Plain text; ``lang`` is ``"ja"`` or ``"en"``.
It needs only the engine and the catalogs (no position model), so the player can
import it in the reader's browser."""

from __future__ import annotations

from ...base.i18n import plural, tables
from ...engine.rulebase import RuleViolation
from .rules import DOUBLES, FOLLOW_ME, PARTNER_BIDS, Bid, Texas42

__all__ = ["tile_text", "suit_words", "trumps_words", "bid_words", "cap", "own_rule"]

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


def own_rule(exc: RuleViolation, v: Texas42, action=None) -> RuleViolation:
    """``exc``, a refusal of the engine's :class:`~generator.families.tricks.rules.Deal` (whose rule
    ids all start ``texas-42/``), under the id of the game ``v`` plays (``moon/follow-suit``;
    ``tricks/...`` for rules made without an id), so that a rule writer's error names their own
    game. A bid ``action`` these rules leave out is refused by a rule of its own rather than the
    order of the bidding: ``VID/no-moon`` for the moon (``shoot_moon: not-allowed``),
    ``VID/no-such-bid`` for Nel-O, a plunge or a splash not allowed. The engine's rule ids stay as
    they are, so the figures' hash (which reads the engine's code) does not change."""
    vid = v.id or "tricks"
    what = exc.rule.split("/", 1)[-1]
    if what == "bid" and isinstance(action, Bid) and not action.is_pass:
        if action.contract == "moon" and not v.shoot_moon:
            return RuleViolation(exc.message, f"{vid}/no-moon")
        if (action.contract == "nello" and not v.nello) or (action.contract in PARTNER_BIDS
                                                            and not getattr(v, action.contract)):
            return RuleViolation(exc.message, f"{vid}/no-such-bid")
    return RuleViolation(exc.message, f"{vid}/{what}")
