"""The line-of-play family (``layout: line``): one line of play from a set tile,
open ends, doubles crosswise or as spinners with side branches, scoring by the
end count or by settlement; Draw, Block, All Fives, All Threes, Matador, Sniff,
Bergen and Horse Race (seeds 000, 003 and 004).

Its own modules: the engine's line of play (:mod:`generator.families.line.rules.layout`,
:mod:`generator.families.line.rules.hand`, :mod:`generator.families.line.rules.variant`), the line
games' rule values (:mod:`generator.families.line.rules`), its positions
(:mod:`generator.families.line.positions`, :mod:`generator.families.line.practice`), its
diagrams (:mod:`generator.families.line.draw`), its page parts and words (:mod:`generator.families.line.pages`, :mod:`generator.families.line.words`)
and its game loop (:mod:`generator.families.line.sim`).

>>> from generator.engine.family import family_of
>>> f = family_of("line")
>>> f.single_line, "double_cover" in f.choices, sorted(f.house_params)
(True, False, ['capicua_bonus', 'redeal_doubles', 'target'])
"""

from __future__ import annotations

from fractions import Fraction
from math import comb, perm
from typing import Mapping

from ...base import buildinfo as _buildinfo

if _buildinfo.active():     # the line's game loop may run compiled (generator.base.native)
    __path__.insert(0, str(_buildinfo.COMPILED / "families" / "line"))  # noqa: F821 - a package's own search path

from ...engine.family import Family, register  # noqa: E402

__all__ = ["LINE", "MIN_STANDING", "standing_chance"]

#: The least chance a deal may have of standing under ``redeal_doubles`` (one in a hundred): a
#: rule that throws in more deals than that is refused by ``rulebook check``, so that a hand is
#: dealt in a hundred deals on average and never in :data:`generator.families.line.sim.MAX_DEALS`.
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

    @property
    def rules_class(self):
        """The line of play's rules class (:class:`~generator.families.line.rules.variant.Variant`),
        which the line games' rule values subclass."""
        from .rules.variant import Variant

        return Variant

    def table_sides(self, table) -> dict:
        """Where the sides of ``table``'s doubles face in its drawing
        (:func:`generator.families.line.draw.side_directions`)."""
        from .draw import arrange, side_directions

        return side_directions(arrange(table)) if len(table) else {}

    def rule_parts(self, choices) -> tuple[type, ...]:
        """The line-of-play class and the classes of the rule values that need code of their own
        (:func:`generator.families.line.rules.rule_parts`)."""
        from .rules import rule_parts

        return rule_parts(choices)
    noun = "a line of play"
    choices = frozenset({"layout", "lead", "direction", "matching", "doubles", "spinners", "side_branches", "draw",
                         "counting", "scoring", "legal_totals", "continuation", "settlement", "ties", "block_winner",
                         "next_lead", "target_score"})
    house_params = frozenset({"target", "redeal_doubles", "capicua_bonus"})
    example_places = {"steps": "step", "turns": "move"}
    rule_sections = {
        "matching": ("matching", "placing-tiles", "placement-and-continuation"), "sum-7": ("matching",),
        "blank": ("blanks-and-matadors", "matching"), "touch": ("blanks-and-matadors",),
        "multiple-of-3": ("playable-tiles", "placing-tiles", "scoring"),
        "multiple-of-5": ("playable-tiles", "placing-tiles", "scoring"),
        "set": ("the-set", "starting-a-hand", "lead-and-turns"), "lead": ("the-set", "starting-a-hand", "lead-and-turns"),
        "straight-sides-first": ("side-branches", "branch-doubles", "spinners"),
        "spinner-sides-first": ("the-spinner", "the-star", "spinner", "side-branches"),
        "star-arms-first": ("the-star", "the-spinner", "spinner", "side-branches"),
        "doubles-crosswise": ("doubles", "branch-doubles"), "doubles": ("doubles", "the-sniff"),
        "placement": ("matching", "placing-tiles", "placement-and-continuation", "side-branches"),
    }
    param_sections = {"lead_totals": ("the-set", "playable-tiles"), "redeal_doubles": ("the-deal", "players-and-tiles"),
                      "capicua_bonus": ("capicua", "settlement")}
    #: Its own params: the tiles that may be set (seed 004, All Threes), the capicúa's bonus (Dominican
    #: and Puerto Rican games) and the deal thrown in for too many doubles (Pagat, Cuban Dominoes).
    own_params = {
        "lead_totals": {"type": "array", "maxItems": 37, "uniqueItems": True,
                        "items": {"type": "integer", "minimum": 0, "maximum": 36},
                        "default": [], "description": "the pip totals a tile may have to be set (the lead); empty: "
                                                      "any tile the other rules allow"},
        "capicua_bonus": {"type": ["integer", "null"], "minimum": 1, "maximum": 10000,
                          "description": "displayed points a side gains on top of the hand for going out with a "
                                         "capicúa (a last tile, not a double, that fitted either open end); left "
                                         "out: no bonus"},
        "redeal_doubles": {"type": ["integer", "null"], "minimum": 2, "maximum": 16,
                           "description": "a hand holding this many doubles or more throws the deal in (shuffled "
                                          "and dealt again); left out: never"},
    }
    position_schema = "position"
    #: The line games in the site's order: the book's (seed 000) after Horse Race (seed 004).
    site_games = ("horse-race", "draw", "block", "all-fives", "all-threes", "matador", "sniff", "bergen")
    single_line = True

    @property
    def overview_rows(self) -> tuple[str, ...]:
        """The comparison page's detailed rows of the line games
        (:data:`generator.families.line.words.OVERVIEW_ROWS`)."""
        from .words import OVERVIEW_ROWS

        return OVERVIEW_ROWS

    @property
    def overview_terms(self) -> Mapping[str, str]:
        """The glossary terms their headings link to (:data:`generator.families.line.words.OVERVIEW_TERMS`)."""
        from .words import OVERVIEW_TERMS

        return OVERVIEW_TERMS
    #: Drawing one tile, then passing if it does not fit, as the trains and the tree always do (Pagat and
    #: domino-games.com, Cyprus): :meth:`~generator.families.line.rules.hand.Hand.draw`.
    also_plays = frozenset({("draw", "one")})
    #: Cyprus's seven tables (four to ten players, double-nine) need up to some 4,700,000 units a row for
    #: their 10,000 hands since a player draws one tile and passes: a game's share is seven rows of
    #: 5,000,000 (every other line game's rows end well within it, at 10,000 hands).
    work_limits = (35_000_000, 5_000_000)

    @property
    def own_choices(self) -> tuple:
        """Its own choices (:data:`generator.families.line.rules.choices.CHOICES`)."""
        from .rules.choices import CHOICES

        return CHOICES

    def choice_problems(self, choices, params: Mapping | None) -> list[tuple[str, str]]:
        """:func:`generator.families.line.rules.choices.line_problems`."""
        from .rules.choices import line_problems

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
        from .sim import play_line_game

        return play_line_game(variant, names, seat_bot, rng, teams, work)

    def greedy_key(self, variant, state):
        """The play that scores most now (displayed points), then the heaviest tile."""
        layout, place = state.layout, variant.play_placement
        return lambda pl: (place(layout, pl).points, pl.tile.pips)     # a listed play: no checks again

    def search_choice(self, variant, state, seat, moves, rng, budget, samples):
        """The exact endgame (:func:`.search.choose_exact`) once few tiles are left and nothing can
        be drawn; ``None`` (the search's play-outs) before."""
        from .search import choose_exact

        return choose_exact(variant, state, seat, moves, rng, budget, samples)

    def decisive_modules(self) -> list:
        from ...engine import rulebase, tiles
        from ...sim import simulate
        from . import sim as line
        from .rules import hand, layout, variant

        return [hand, layout, tiles, rulebase, variant, simulate, line]

    def param_words(self, key: str, value, lang: str) -> str | None:
        """Its own params in words: the doubles that throw a deal in (or
        never), the capicúa's bonus (or none), the tile totals that may be
        set (or any tile; a dash where the game has no such param)."""
        from ...base.i18n import tables

        t = tables("house")[lang]
        if key == "redeal_doubles":
            return t["redeal_never"] if value is None else t["redeal_at"].format(n=value)
        if key == "capicua_bonus":
            return t["capicua_none"] if value is None else t["capicua_points"].format(n=value)
        if key == "lead_totals":
            if value is None:
                return "—"
            return t["tile_totals"].format(sums=t["or_sep"].join(map(str, value))) if value else t["any_tile"]
        return None

    def first_example(self, rules) -> tuple[str, str, str, list[str]] | None:
        """A first example made by the engine: a tile the rules let lead, then
        a tile that joins it without a ``touch``, with the end it goes on and
        the open ends after it (``None`` if no two tiles of the set do)."""
        from .rules import Layout

        tiles = sorted(rules.params.tiles, key=lambda t: t.is_double)     # non-doubles first, in set order
        for lead in tiles:
            if not rules.lead_allowed(lead):
                continue
            try:
                first = rules.place(Layout(), lead, None)
            except Exception:
                continue
            for t in tiles:
                if t == lead or t.is_double:
                    continue
                for pl in rules.plays(first.layout, t):
                    if pl.touch is None and pl.as_ is None:
                        placed = rules.play_placement(first.layout, pl)
                        return str(lead), str(t), str(pl.at), [str(e) for e in placed.open]
        return None

    def read_play(self, text: str):
        """:func:`generator.families.line.practice.play_from_text`."""
        from .practice import play_from_text

        return play_from_text(text)

    def stepped(self, position) -> bool:
        """Placements, two or more: one diagram a step."""
        from .positions import PlacementPosition

        return isinstance(position, PlacementPosition) and len(position.steps) >= 2

    def shows_legend(self, position) -> bool:
        from .positions import SettlementPosition

        return not isinstance(position, SettlementPosition)     # a settlement draws no line

    def legend_items(self, rules, ui) -> list[tuple[str, str]]:
        """The marks of a line diagram the game uses: the counted ends where
        plays score (every end for Bergen's headers), the open ends, the
        spinner's branch (worded for the sniff, a star of four sides or of
        eight arms), the joins and matadors of a sum-7 game (Matador), the
        placed tiles, and the pip colours of a set beyond double-six."""
        every_end_counts = rules.play_scoring == "headers"
        keys = (["counted"] if rules.play_scoring else []) + ([] if every_end_counts else ["open"]) \
            + (["branch"] if rules.spinners else []) \
            + (["join", "matador"] if rules.matching == "sum-7" else []) + ["placed"] \
            + (["colours"] if rules.params.set > 6 else [])
        words = {k: ui["legend_" + k] for k in keys}
        if not rules.play_scoring:
            words["open"] = ui["legend_open_plain"]
        if every_end_counts:
            words["counted"] = ui["legend_counted_ends"]
        if rules.spinners == "first":
            words["branch"] = ui[{"spinner-first": "legend_branch_star", "eight-arm-star": "legend_branch_star8"}
                                 .get(rules.choices.side_branches, "legend_branch_sniff")]
        return [(key, words[key]) for key in keys]

    def render_position(self, page, checked, steps):
        from .pages import render_line

        return render_line(page, checked, steps)

    def figure_columns(self, rules, words: Mapping[str, str],
                       partners: frozenset[bool] = frozenset()) -> dict[str, str]:
        """Hands and points (displayed points where a point is several pips); the first player's
        wins are their side's where the rows are played in partnerships (both kinds of row: the
        heading says which)."""
        t = words
        first = ("first_side" if partners == {True} else "first_mixed" if True in partners else "first")
        points = t["pph"] + (t["displayed_points"] if rules.params.point_unit > 1 else "")
        return dict(players=t["players"], games=t["games"], hands=t["hands"], per_game=t["hpg"], tiles=t["tph"],
                    points=points, block=t["block"], first=t[first])

    def overview_cell(self, v, row: str, lang: str) -> str:
        """:func:`generator.families.line.words.overview_cell`."""
        from .words import overview_cell

        return overview_cell(v, row, lang)

    def compare_cell(self, v, row: str, lang: str) -> str:
        """:func:`generator.families.line.words.compare_cell`."""
        from .words import compare_cell

        return compare_cell(v, row, lang)

    def deal_notes(self, rules, lang: str) -> str:
        """A deal thrown in for too many doubles in one hand (``redeal_doubles``)."""
        if rules.params.own_int("redeal_doubles") is None:
            return ""
        from ...pages.comparison import message

        return message(lang, "thrown_in_at_doubles", n=rules.params.own_int("redeal_doubles"))

    def card_words(self, key: str, rules, lang: str) -> str | None:
        if key == "lead":               # who leads, and with which tile, in words of the game
            from .words import lead_words

            return lead_words(rules, lang, later=False)
        # a choice qualified by what else the game says: no spinners for the Fives count, the other
        # way round for the next seat, the set tile's totals for the legal totals
        from ...base.i18n import messages

        c, value = rules.choices, getattr(rules.choices, key)
        if key == "counting" and value == "fives" and c.spinners == "none":
            return messages("choice", lang)["counting=fives.no-spinners"]
        if key == "next_lead" and value == "next-seat" and c.direction == "counter-clockwise":
            return messages("choice", lang)["next_lead=next-seat.counter-clockwise"]
        if key == "legal_totals" and value == "multiples" and rules.params.own_ints("lead_totals"):
            return messages("choice", lang)["legal_totals=multiples.lead-totals"]
        return None

    def choice_applies(self, key: str, rules) -> bool:
        """Who wins a block is said only where it is not the sides' pip totals (the usual rule)."""
        if key == "block_winner":
            return rules.choices.block_winner != "lighter-side"
        return True

    def card_applies(self, key: str, rules) -> bool:
        """Beside :meth:`choice_applies`: who leads the next hand and how the target is reached only
        in a game of more than one hand, the side branches only with spinners, the direction only
        where it is not the usual way round, the count of the ends only where plays score by it, the
        legal totals only where they are not any."""
        c = rules.choices
        if key in ("next_lead", "target_score"):
            return rules.params.target is not None
        if key == "side_branches":
            return c.spinners != "none"
        if key == "direction":
            return c.direction != "clockwise"
        if key == "counting":
            return c.scoring not in ("none", "headers")
        if key == "legal_totals":
            return c.legal_totals != "any"
        return self.choice_applies(key, rules)

    def card_deal_notes(self, rules, lang: str) -> list[str]:
        """The deal thrown in for too many doubles, and the capicúa's bonus."""
        from ...base.i18n import tables

        t, p = tables("card")[lang], rules.params
        redeal, capicua = p.own_int("redeal_doubles"), p.own_int("capicua_bonus")
        return ([t["redeal"].format(n=redeal) + "\n"] if redeal is not None else []) \
            + ([t["capicua"].format(n=capicua) + "\n"] if capicua is not None else [])

    def card_watch_params(self, rules, lang: str) -> list[str]:
        """The totals a set tile must have (``lead_totals``; seed 004, All Threes: 3 or 6)."""
        if not rules.params.own_ints("lead_totals"):
            return []
        from ...base.i18n import tables
        from ...pages.card import either

        totals = either(rules.params.own_ints("lead_totals"), lang)
        return [tables("card")[lang]["watch_lead_totals"].format(totals=totals)]

    def point_unit_problem(self, unit: int, choices) -> str | None:
        """A point of several pips divides the scores of a count by that many (``scoring``
        ``multiples-of-5`` by 5, ``multiples-of-3`` by 3; seed 000, Horse Race: 5 pips a point), or
        rounds a settlement (``settlement: rounded``); nothing else scores in steps of ``unit``."""
        multiple = {"multiples-of-5": 5, "multiples-of-3": 3}.get(choices.scoring)
        if choices.scoring in ("fives-and-threes", "headers") or (multiple is not None and multiple != unit) \
                or (multiple is None and choices.settlement != "rounded"):
            return (f"a point unit of {unit} does not fit `scoring: {choices.scoring}` (it divides the scores of "
                    f"multiples of 5 or of 3 by that number, or the rounded settlement)")
        return None

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        if group == "end":              # the target, or one hand
            from ...base.i18n import tables

            t, p = tables("card")[lang], rules.params
            won = t["target_value" if p.partnerships else "target_value_solo"]
            # a match of hands won (Jamaican Partner, Latin American Match Dominoes) says how it is won
            won = {"in-a-row": t["target_value_in_a_row"], "void-at-half": t["target_value_void"]}.get(
                rules.choices.target_score, won)
            rows.append((t["target"], won.format(target=p.target, half=(p.target or 0) // 2) if p.target
                         else t["one_hand"]))
        return rows

    def score_lines(self, result: Mapping) -> list[str]:
        """Each step's counted ends, total, raw and displayed points (or the
        rule refusing it); a settlement's winners and points; a question's
        best plays; a hand's result as its values."""
        if "steps" in result:
            out = []
            for i, s in enumerate(result["steps"], 1):
                if "rejected" in s:
                    out.append(f"step {i} {s['play']}: rejected [rule {s['rejected']['rule']}]")
                    continue
                terms = " + ".join(map(str, s["counted"])) or "0"
                out.append(f"step {i} {s['play']}: {terms} = {s['total']}, raw {s['raw']}, points {s['points']}")
            return out
        if "settlement" in result:
            s = result["settlement"]
            return [f"winners {', '.join(s['winners']) or 'none'}, points {s['points']}"]
        if "practice" in result:
            return [f"best {', '.join(result['practice']['best']) or 'none'}"]
        return [str(result["result"])]

    def explain(self, checked, variant, lang: str) -> list[str]:
        from .pages import explain_lines

        return explain_lines(checked, variant, lang)


#: The line-of-play family.
LINE = register(LineFamily())
