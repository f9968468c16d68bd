"""The Pai Gow family (``layout: paigow``): a comparison game with the
Chinese set (``set: chinese``); each player sets four tiles into a high and
a low hand of two and compares them with the banker's.

Its own modules: the rules (:mod:`generator.families.paigow.rules`), its
positions (:mod:`generator.families.paigow.positions`), its drawing of Chinese
tiles (:mod:`generator.draw.chinese`), its page parts
(:mod:`generator.families.paigow.pages`), its game loop
(:mod:`generator.families.paigow.sim`) and the reader's hand
(:mod:`generator.families.paigow.play`).

>>> from generator.engine.family import family_of
>>> f = family_of("paigow")
>>> f.position_schema, sorted(f.tilesets)
('paigow-position', ['chinese'])
"""

from __future__ import annotations

from typing import Mapping

from ...engine.family import Family, register

__all__ = ["PAIGOW", "COMMISSION"]

#: The part of a winning bet the house keeps, percent (gambiter.com, and the casinos' own pages: 5%).
COMMISSION = 5


class PaiGowFamily(Family):
    """Pai Gow (:mod:`generator.families.paigow`)."""

    name = "paigow"
    play_module = "generator.families.paigow.play"
    noun = "a game of Pai Gow"
    tilesets = frozenset({"chinese"})
    choices = frozenset({"layout"})
    position_schema = "paigow-position"
    practice_class = " rb-practice-trick"       # each question has one right answer
    #: "Which hand is higher?", "how do you set these four tiles?", "who wins?": one right answer each.
    verdict_words = {" rb-practice-trick": ("practice-trick-right", "practice-trick-wrong")}
    new_section = ("play", {"ja": "手の組み方", "en": "Setting the hands"},
                   {"ja": "4枚を大きい手と小さい手に分ける決まり。", "en": "how four tiles are set into two hands."})
    simulate_words = ("tiles per hand", "player's result per hand (hundredths of the bet)", "pushes",
                      "the player wins the hand")
    simulate_side_words = None
    figure_words = ("paigow_intro", "paigow_note")
    unused_params = frozenset({"stock_reserve", "point_unit", "target", "partnerships"})
    param_notes = {"set": "Pai Gow is played with the Chinese set (`chinese`)",
                   "players": "the seats, the banker's included (two to eight)",
                   "deal": "four tiles to every seat"}
    #: A deal costs about 20 units (four settings of three ways); 200,000 deals at most a row.
    work_limits = (8_000_000, 4_000_000)

    @property
    def rules_class(self):
        from .rules import PaiGow

        return PaiGow

    def tile_name(self, tile) -> str:
        """``6-6``: the tile's two numbers, the lower first."""
        return str(tile)

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """Two to eight seats (the banker and one to seven players), four tiles each, no partners."""
        for key in ("redeal_doubles", "capicua_bonus", "rounds", "lead_totals"):
            if params.get(key):
                return [(key, "set", f"`{key}` does not apply to a game of Pai Gow")]
        if list(params.get("partnerships") or []):
            return [("partnerships", "players", "in Pai Gow each player plays against the banker: leave out "
                                                "`partnerships`")]
        bad = [n for n in params["players"] if not 2 <= n <= 8]
        if bad:
            return [("players", "players", f"Pai Gow seats the banker and one to seven players (2 to 8 in all: 32 "
                                           f"tiles, four each), not {bad[0]}")]
        if any(size != 4 for size in params["deal"].values()):
            return [("deal", "deal", "Pai Gow deals four tiles to every seat")]
        if params.get("target") is not None or params.get("point_unit", 1) != 1 or params.get("stock_reserve", 0):
            return [("target", "set", "`target`, `point_unit` and `stock_reserve` do not apply to Pai Gow: each "
                                      "deal is settled on its own")]
        return []

    def play_game(self, variant, names, seat_bot, rng, teams, work) -> dict:
        from .sim import play_deal

        return play_deal(variant, names, seat_bot, rng, work)

    def greedy_key(self, variant, state):
        """The fixed setting's key (:data:`generator.families.paigow.rules.STRATEGIES`)."""
        from .rules import STRATEGIES

        return STRATEGIES[variant.strategy]

    def decisive_modules(self) -> list:
        from ...engine import rulebase, tiles, tilesets
        from ...sim import simulate
        from . import rules, sim

        return [tiles, tilesets, rulebase, simulate, rules, sim]

    def render_position(self, page, checked, steps):
        from .pages import render_paigow

        return render_paigow(page, checked)

    def macros(self) -> dict:
        """``chinese_set()``: the whole set drawn and listed (:func:`generator.pages.chinese.chinese_set`)."""
        from ...pages.chinese import chinese_set

        return {"chinese_set": chinese_set}

    def figure_columns(self, rules, words: Mapping[str, str],
                       partners: frozenset[bool] = frozenset()) -> dict[str, str]:
        """Deals, the player's result, pushes, the player's wins."""
        t = words
        return dict(players=t["players"], games=t["games"], hands=t["hands"], per_game=t["hpg"],
                    tiles=t["paigow_tiles"], points=t["paigow_result"], block=t["paigow_push"],
                    first=t["paigow_win"])

    def compare_cell(self, v, row: str, lang: str) -> str:
        from .pages import compare_cell

        return compare_cell(v, row, lang)

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        from .pages import card_rows

        return card_rows(group, rows, rules, lang)

    def card_watch(self, rules, lang: str) -> list[str]:
        """The high hand must not be below the low; copies go to the banker."""
        from .pages import card_watch

        return card_watch(lang)

    def score_lines(self, result: Mapping) -> list[str]:
        """A hand's value, a setting's best split, a showdown's result."""
        if "hand" in result:
            h = result["hand"]
            more = f", {h['higher']} higher" if "higher" in h else ""
            return [f"{h['name']}{more}"]
        if "setting" in result:
            b = result["setting"]["best"]
            refused = result["setting"].get("refused")
            return [f"set {'+'.join(b['high'])} over {'+'.join(b['low'])}" + (f"; refused: {refused}" if refused
                                                                                else "")]
        s = result["showdown"]
        return [f"high {s['high']}, low {s['low']}: {s['result']} ({s['stake']:+d})"]

    def explain(self, checked, variant, lang: str) -> list[str]:
        from .pages import explain_lines

        return explain_lines(checked, variant, lang)


#: The Pai Gow family.
PAIGOW = register(PaiGowFamily())
