"""A deal of Pai Gow shown to a reader playing it (:mod:`generator.play`):
the table drawn as the page draws Chinese tiles
(:func:`generator.draw.chinese.draw_rows`), the settings offered in
words, each player's result against the banker, and the hint, in the
``play`` catalog's ``paigow_`` words.

The state is the deal's :class:`~generator.families.paigow.rules.Deal`; a
move is one of its ``plays_for`` settings. The reader's four tiles are
offered by which tile goes with the first one (``action_tile``: that
partner), so every other tile of the hand carries one way of setting; the
first tile carries none and says so. The hint is the family's greedy
player, the fixed setting (the strongest low hand, then the strongest high
hand).

This module imports no Jinja, YAML or Babel, so it runs in the browser.
"""

from __future__ import annotations

from ...base.i18n import messages
from ...engine.tiles import Tile
from ...draw.chinese import draw_rows, tile_picture, tile_words  # noqa: F401 (the player's tile pictures)
from .rules import STRATEGIES, Deal, PaiGow, Setting

__all__ = ["table", "action_words", "log_words", "action_tile", "refusal", "scores", "hand_result", "hint",
           "tile_picture"]


def _name(t: Tile, lang: str) -> str:
    return tile_words(t, lang)


def _hand(tiles, value, lang: str) -> str:
    return messages("play", lang)["paigow_hand"].format(tiles=" + ".join(_name(t, lang) for t in tiles),
                                                        value=value.name[lang])


def _setting(s: Setting, lang: str) -> str:
    return messages("play", lang)["paigow_setting"].format(high=_hand(s.high, s.high_value, lang),
                                                           low=_hand(s.low, s.low_value, lang))


def table(variant: PaiGow, state: Deal, lang: str, ident: str) -> tuple[str, str]:
    """``(svg, words)``: a row per seat, the banker first; a seat that has
    set shows its high and low hands face down until every seat has set, then
    face up; a seat still to set shows nothing. ``ident`` makes the SVG's
    ids unique on the page."""
    w = messages("play", lang)
    rows, parts = [], []
    shown = state.end is not None
    for p in state.names:
        s = state.settings.get(p)
        seat = w.get(f"seat_{p}", p)
        who = w["paigow_banker"].format(seat=seat) if p == state.banker else seat
        if s is None:
            rows.append([[]])
            parts.append(w["paigow_not_set"].format(who=who))
        elif shown:
            rows.append([list(s.high), list(s.low)])
            parts.append(w["paigow_set_shown"].format(who=who, setting=_setting(s, lang)))
        else:
            rows.append([[None, None], [None, None]])
            parts.append(w["paigow_set_hidden"].format(who=who))
    words = " ".join(parts)
    svg = draw_rows(rows, title=w["paigow_title"], desc=words, lang=lang, ident=ident,
                    labels=shown)
    return svg, words


def action_words(variant: PaiGow, state: Deal, seat: str, action, lang: str) -> str:
    """A setting before it is made, in words: both hands and their values."""
    return _setting(action, lang)


def log_words(variant: PaiGow, state: Deal, seat: str, action, lang: str) -> str:
    """A setting in the log: that the seat set its tiles (its hands stay
    face down until every seat has set)."""
    return messages("play", lang)["paigow_log_set"]


def action_tile(action) -> Tile | None:
    """The tile offered for a setting: the one that goes with the first
    tile of the hand (a setting is fixed by that tile's partner)."""
    four = list(action.high) + list(action.low)
    first = min(four)
    pair = action.high if first in action.high else action.low
    return pair[1] if pair[0] is first else pair[0]


def refusal(variant: PaiGow, state: Deal, seat: str, tile: Tile) -> str:
    """The rule id said for a tile that offers no setting of its own: the
    first tile of the hand (the lowest), which goes with whichever tile the
    reader picks."""
    return f"{variant.id or 'pai-gow'}/pick-a-partner"


def scores(variant: PaiGow, state: Deal, lang: str, who, earlier=()) -> str:
    """While the seats set: how many have set; once shown, each player's
    result against the banker (in bets)."""
    w = messages("play", lang)
    if state.end is None:
        return w["paigow_waiting"].format(n=len(state.settings), of=len(state.names))
    return w["sep"].join(f"{who(p)} {s.stake / 100:+.2f}" for p, s in state.results.items())


def hand_result(variant: PaiGow, state: Deal, lang: str, who) -> list[str]:
    """The showdown in sentences: each player's high and low hands against
    the banker's, and the result (won, lost, a push)."""
    w = messages("play", lang)
    bank = state.settings[state.banker]
    out = [w["paigow_banker_set"].format(who=who(state.banker), setting=_setting(bank, lang))]
    for p, r in state.results.items():
        out.append(w["paigow_result_" + r.result].format(who=who(p), setting=_setting(state.settings[p], lang)))
    return out


def hint(variant: PaiGow, state: Deal, seat: str, lang: str):
    """``(setting, reason)``: the fixed setting (the strongest low hand that
    the high hand is not below, then the strongest high hand)."""
    key = STRATEGIES[variant.strategy]
    best = max(state.plays_for(seat), key=key)
    return best, messages("play", lang)["paigow_hint"]

