"""The line-of-play family (``layout: line``): one line of play from a set tile,
open ends, doubles crosswise or as spinners with side branches, scoring by the
end count or by settlement; Draw, Block, All Fives, All Threes, Matador, Sniff,
Bergen and Horse Race (seeds 000, 003 and 004).

Its own modules: the engine's line of play (:mod:`generator.engine.layout`,
:mod:`generator.engine.hand`, :mod:`generator.engine.variant`), the line
games' rule values (:mod:`generator.families.line.rules`), its positions
(:mod:`generator.families.line.positions`, :mod:`generator.families.line.practice`), its
diagrams (:mod:`generator.draw.svg`), its page parts (:mod:`generator.families.line.pages`)
and its game loop (:func:`generator.sim.simulate.play_line_game`).

>>> from generator.engine.family import family_of
>>> f = family_of("line")
>>> f.single_line, "double_cover" in f.choices, sorted(f.house_params)
(True, False, ['capicua_bonus', 'redeal_doubles', 'target'])
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, perm
from typing import Mapping

from ...engine.choices import line_problems
from ...engine.family import Family, register

__all__ = ["LINE", "MIN_STANDING", "standing_chance"]

#: The least chance a deal may have of standing under ``redeal_doubles`` (one in a hundred): a
#: rule that throws in more deals than that is refused by ``rulebook check``, so that a hand is
#: dealt in a hundred deals on average and never in :data:`generator.sim.simulate.MAX_DEALS`.
MIN_STANDING = Fraction(1, 100)


def standing_chance(top: int, hands: int, each: int, limit: int) -> Fraction:
    """The exact chance that a shuffled deal of ``each`` tiles to each of
    ``hands`` players, from the double-``top`` set, stands under
    ``redeal_doubles: limit``: that no hand holds ``limit`` doubles or more.

    Counting ordered deals (the set shuffled, the first ``hands * each``
    tiles dealt in turn): a deal giving hand ``i`` ``d_i`` doubles, ``j`` in
    all, is one of ``prod C(each, d_i)`` ways to choose the doubles' places
    in the hands, times ``D!/(D-j)!`` ways to fill them with the ``D``
    doubles and ``N!/(N-(dealt-j))!`` ways to fill the others with the
    ``N`` other tiles; all ordered deals number ``T!/(T-dealt)!``.

    >>> standing_chance(6, 2, 7, 8)                 # no hand of 7 holds 8 doubles
    Fraction(1, 1)
    >>> float(standing_chance(9, 2, 23, 2)) < 1e-6  # double-nine, 23 each, thrown in at two doubles
    True
    """
    tiles, doubles = (top + 1) * (top + 2) // 2, top + 1
    others, dealt = tiles - doubles, hands * each
    if dealt > tiles:
        return Fraction(0)
    ways = [1] + [0] * doubles              # ways[j]: places for j doubles, fewer than limit in each hand
    for _ in range(hands):
        more = [0] * (doubles + 1)
        for j, w in enumerate(ways):
            if w:
                for d in range(min(limit - 1, each, doubles - j) + 1):
                    more[j + d] += w * comb(each, d)
        ways = more
    good = sum(w * perm(doubles, j) * perm(others, dealt - j)
               for j, w in enumerate(ways) if w and dealt - j <= others)
    return Fraction(good, perm(tiles, dealt))


class LineFamily(Family):
    """A single line of play (:mod:`generator.families.line`)."""

    name = "line"
    play_module = "generator.families.line.play"

    def rule_parts(self, choices) -> tuple[type, ...]:
        """The line-of-play class and the classes of the rule values that need code of their own
        (:func:`generator.families.line.rules.rule_parts`)."""
        from .rules import rule_parts

        return rule_parts(choices)
    noun = "a line of play"
    choices = frozenset({"layout", "lead", "direction", "matching", "doubles", "spinners", "side_branches", "draw",
                         "counting", "scoring", "legal_totals", "continuation", "settlement", "ties", "next_lead",
                         "target_score"})
    house_params = frozenset({"target", "redeal_doubles", "capicua_bonus"})
    position_schema = "position"
    single_line = True
    work_limits = (16_000_000, 4_000_000)

    def choice_problems(self, choices, params: Mapping | None) -> list[tuple[str, str]]:
        return line_problems(choices, params)

    def param_defaults(self, params: Mapping) -> dict:
        """A game of one hand has no ``target``; no set tiles are limited (``lead_totals``)."""
        return {"target": None, "lead_totals": []}

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """A deal thrown in for more doubles than any hand holds would never be
        thrown in; one for fewer than every deal must hand out would always be;
        and one that stands less than once in a hundred deals
        (:data:`MIN_STANDING`, :func:`standing_chance`) would keep a hand
        from ever starting."""
        limit, deal = params.get("redeal_doubles"), params.get("deal") or {}
        if limit is not None and deal and limit > max(deal.values()):
            return [("redeal_doubles", "deal", f"`redeal_doubles: {limit}` changes nothing here: no hand holds more "
                                               f"than {max(deal.values())} tiles")]
        if limit is not None and deal:          # (pigeonhole) a redeal that no deal escapes
            top = int(params["set"])
            tiles, doubles = (top + 1) * (top + 2) // 2, top + 1
            for n, each in sorted(deal.items()):
                dealt = max(0, doubles - (tiles - n * each))    # the doubles every deal hands out
                if dealt > n * (limit - 1):
                    return [("redeal_doubles", "deal", f"`redeal_doubles: {limit}` throws in every deal: {n} hands "
                                                       f"of {each} are always dealt at least {dealt} of the "
                                                       f"{doubles} doubles, so one hand always holds {limit} or "
                                                       f"more")]
        if limit is not None and deal:          # a deal that almost never stands: the deals never end
            top = int(params["set"])
            for n, each in sorted(deal.items()):
                chance = standing_chance(top, n, each, limit)
                if chance < MIN_STANDING:
                    odds = f"once in {round(1 / chance):,}" if chance else "never"
                    return [("redeal_doubles", "deal", f"`redeal_doubles: {limit}` throws in almost every deal: "
                                                       f"with {each} tiles to each of {n} hands from the "
                                                       f"double-{top} set, a deal stands {odds} on average; "
                                                       f"a deal must stand at least once in "
                                                       f"{MIN_STANDING.denominator} (deal fewer tiles, or "
                                                       f"throw in at more doubles)")]
        return []

    def play_game(self, variant, names, seat_bot, rng, teams, work) -> dict:
        from ...sim.simulate import play_line_game

        return play_line_game(variant, names, seat_bot, rng, teams, work)

    def greedy_key(self, variant, state):
        """The play that scores most now (displayed points), then the heaviest tile."""
        layout, place = state.layout, variant.play_placement
        return lambda pl: (place(layout, pl).points, pl.tile.pips)     # a listed play: no checks again

    def hidden(self, variant, state, seat):
        """What ``seat`` has not seen (:func:`.search.hidden`)."""
        from .search import hidden

        return hidden(variant, state, seat)

    def redeal(self, variant, state, seat, dealt):
        """A copy of ``state`` with its hidden places dealt afresh (:func:`.search.redeal`)."""
        from .search import redeal

        return redeal(variant, state, seat, dealt)

    def outcome(self, variant, state, seat):
        """How good the ended ``state`` is for ``seat``'s side (:func:`.search.outcome`)."""
        from .search import outcome

        return outcome(variant, state, seat)

    def decisive_modules(self) -> list:
        from ...engine import hand, layout, tiles, variant
        from ...sim import simulate

        return [hand, layout, tiles, variant, simulate]

    def shows_legend(self, position) -> bool:
        from .positions import SettlementPosition

        return not isinstance(position, SettlementPosition)     # a settlement draws no line

    def render_position(self, page, checked, steps):
        from .pages import render_line

        return render_line(page, checked, steps)

    def figure_columns(self, rules, words: Mapping[str, str]) -> dict[str, str]:
        """Hands and points (displayed points where a point is several pips)."""
        t = words
        points = t["pph"] + (t["displayed_points"] if rules.params.point_unit > 1 else "")
        return dict(players=t["players"], games=t["games"], hands=t["hands"], per_game=t["hpg"], tiles=t["tph"],
                    points=points, block=t["block"], first=t["first"])

    def compare_cell(self, v, row: str, lang: str) -> str:
        from ...pages.comparison import line_cell

        return line_cell(v, row, lang)

    def card_words(self, key: str, rules, lang: str) -> str | None:
        if key == "lead":               # who leads, and with which tile, in words of the game
            from ...pages.comparison import lead_words

            return lead_words(rules, lang, later=False)
        return None

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        if group == "end":              # the target, or one hand
            from ...base.i18n import tables

            t, p = tables("card")[lang], rules.params
            won = t["target_value" if p.partnerships else "target_value_solo"]
            rows.append((t["target"], won.format(target=p.target) if p.target else t["one_hand"]))
        return rows


#: The line-of-play family.
LINE = register(LineFamily())
