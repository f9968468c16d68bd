"""The Tien Gow family (``layout: tiengow``): a trick game for four with the
Chinese set (``set: chinese``); tricks are led with one to four tiles, the
others beat them with a higher set of the same kind or discard face down, and
the last trick wins the hand.

Its own modules: the rules (:mod:`generator.families.tiengow.rules`), its
positions (:mod:`generator.families.tiengow.positions`), its page parts
(:mod:`generator.families.tiengow.pages`; tiles drawn as Pai Gow's,
:mod:`generator.draw.chinese`), its game loop
(:mod:`generator.families.tiengow.sim`), what a seat cannot see
(:mod:`generator.families.tiengow.search`) and the reader's hand
(:mod:`generator.families.tiengow.play`).

>>> from generator.engine.family import family_of
>>> f = family_of("tiengow")
>>> f.position_schema, sorted(f.tilesets)
('tiengow-position', ['chinese'])
"""

from __future__ import annotations

from typing import Mapping

from ...engine.family import Family, register

__all__ = ["TIENGOW"]


class TienGowFamily(Family):
    """Tien Gow (:mod:`generator.families.tiengow`)."""

    name = "tiengow"
    play_module = "generator.families.tiengow.play"
    noun = "a game of Tien Gow"
    tilesets = frozenset({"chinese"})
    choices = frozenset({"layout"})
    position_schema = "tiengow-position"
    practice_class = " rb-practice-trick"       # each question has one right answer
    #: "Who wins this trick?": one right answer each.
    verdict_words = {" rb-practice-trick": ("practice-trick-right", "practice-trick-wrong")}
    new_section = ("play", {"ja": "トリックの取り方", "en": "Playing a trick"},
                   {"ja": "出し方と、トリックに勝つ決まり。", "en": "what may be led and who wins a trick."})
    simulate_words = ("tricks per hand", "chips the winner takes", "hands where a player took no trick",
                      "the banker wins the hand")
    simulate_side_words = None
    figure_words = ("tiengow_intro", "tiengow_note")
    unused_params = frozenset({"stock_reserve", "point_unit", "target", "partnerships"})
    param_notes = {"set": "Tien Gow is played with the Chinese set (`chinese`)",
                   "players": "four seats, the banker's included",
                   "deal": "eight tiles to every seat"}
    #: A hand costs a few hundred units (up to 70 choices a move, 32 moves); 20,000 hands at most a row.
    work_limits = (8_000_000, 8_000_000)

    @property
    def rules_class(self):
        from .rules import TienGow

        return TienGow

    def tile_name(self, tile) -> str:
        """``6-6``: the tile's two numbers, the lower first."""
        return str(tile)

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """Four seats, eight tiles each, no partners, nothing carried between hands."""
        for key in ("redeal_doubles", "capicua_bonus", "rounds", "lead_totals"):
            if params.get(key):
                return [(key, "set", f"`{key}` does not apply to a game of Tien Gow")]
        if list(params.get("partnerships") or []):
            return [("partnerships", "players", "in Tien Gow each plays for themselves: leave out `partnerships`")]
        if list(params["players"]) != [4]:
            return [("players", "players", "Tien Gow is played by four (32 tiles, eight each)")]
        if any(size != 8 for size in params["deal"].values()):
            return [("deal", "deal", "Tien Gow deals eight tiles to every seat")]
        if params.get("target") is not None or params.get("point_unit", 1) != 1 or params.get("stock_reserve", 0):
            return [("target", "set", "`target`, `point_unit` and `stock_reserve` do not apply to Tien Gow: each "
                                      "hand is settled on its own")]
        return []

    def play_game(self, variant, names, seat_bot, rng, teams, work) -> dict:
        from .sim import play_hand

        return play_hand(variant, names, seat_bot, rng, work)

    def greedy_key(self, variant, state):
        """The greedy player's key (:func:`generator.families.tiengow.sim.greedy_key`)."""
        from .sim import greedy_key

        return greedy_key

    def decisive_modules(self) -> list:
        from ...engine import rulebase, tiles, tilesets
        from ...sim import simulate
        from . import rules, sim

        return [tiles, tilesets, rulebase, simulate, rules, sim]

    def render_position(self, page, checked, steps):
        from .pages import render_tiengow

        return render_tiengow(page, checked)

    def macros(self) -> dict:
        """``chinese_set()``: the whole set drawn and listed, as on Pai Gow's page."""
        from ...pages.chinese import chinese_set

        return {"chinese_set": chinese_set}

    def figure_columns(self, rules, words: Mapping[str, str],
                       partners: frozenset[bool] = frozenset()) -> dict[str, str]:
        """Hands, tricks a hand, the winner's chips, hands with a player shut out, the banker's wins."""
        t = words
        return dict(players=t["players"], games=t["games"], hands=t["hands"], per_game=t["hpg"],
                    tiles=t["tiengow_tricks"], points=t["tiengow_chips"], block=t["tiengow_shut"],
                    first=t["tiengow_banker"])

    def compare_cell(self, v, row: str, lang: str) -> str:
        from .pages import compare_cell

        return compare_cell(v, row, lang)

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        from .pages import card_rows

        return card_rows(group, rows, rules, lang)

    def card_watch(self, rules, lang: str) -> list[str]:
        """A set of the other suit or kind never beats; the last trick needs a trick taken before."""
        from .pages import card_watch

        return card_watch(lang)

    def score_lines(self, result: Mapping) -> list[str]:
        """A lead's kind, a trick's winner, a hand's payments."""
        if "lead" in result:
            r = result["lead"]
            return [f"{r['kind'] or 'no set'}" + (f"; refused: {r['refused']}" if r.get("refused") else "")]
        if "trick" in result:
            return [f"won by {result['trick']['winner']}"]
        s = result["score"]
        return [f"{s['winner']} wins: " + ", ".join(f"{p} {v:+d}" for p, v in s["chips"].items())]

    def explain(self, checked, variant, lang: str) -> list[str]:
        from .pages import explain_lines

        return explain_lines(checked, variant, lang)


#: The Tien Gow family.
TIENGOW = register(TienGowFamily())
