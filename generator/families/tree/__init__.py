"""The tree family (``layout: tree``): Chicken Foot, a round per double, the
round's double in the centre filled on its sides first, three toes on every
later double before any other play, penalty points with the double-blank's
own value, the lowest total wins.

Its own modules: the rules (:mod:`generator.families.tree.rules`), its
positions (:mod:`generator.families.tree.positions`), its diagrams
(:mod:`generator.families.tree.draw`), its page parts (:mod:`generator.families.tree.pages`)
and its game loop (:mod:`generator.families.tree.sim`).

>>> from generator.engine.family import family_of
>>> f = family_of("tree")
>>> dict(f.fixed), f.position_schema
({'lead': 'engine', 'draw': 'one', 'settlement': 'penalty'}, 'tree-position')
"""

from __future__ import annotations

from typing import Mapping

from ...engine.choices import Choice
from ...engine.family import register
from ..rounds import RoundsFamily

__all__ = ["TREE"]


class TreeFamily(RoundsFamily):
    """A tree of doubles (:mod:`generator.families.tree`)."""

    name = "tree"
    play_module = "generator.families.tree.play"
    noun = "a tree of doubles"
    new_section = ("play", {"ja": "木の伸ばし方", "en": "Growing the tree"},
                   {"ja": "中央のダブルの枝への出し方と、あとから出たダブルに3本の指がそろうまでのきまり。",
                    "en": "how tiles go on the centre double's arms, and the three toes a later double takes "
                          "before play goes on anywhere else."})
    round_centre = "centre"
    round_places = "arms"
    round_caches = ("_feet",)
    choices = frozenset({"layout", "lead", "draw", "settlement", "centre_double", "double_blank",
                         "go_out_on_double"})
    #: Its own choices (their words: the catalogs' ``choice`` messages), after every earlier family's.
    own_choices = (Choice("centre_double", ("six-toes", "four-sides"), sections=("the-centre",)),
                   Choice("double_blank", ("fifty", "pips", "blanks-25"), sections=("end-and-scoring",)),
                   Choice("go_out_on_double", ("allowed", "not-allowed")))
    position_schema = "tree-position"
    practice_class = " rb-practice-arm"         # "where may I play?" on the arms: the verdicts say so
    verdict_words = {" rb-practice-arm": ("practice-arm-yes", "practice-may-not")}
    #: A game's figures take at most 40,000,000 units, shared among its rows by the tiles dealt
    #: (:meth:`row_weights`), a row at most 11,000,000. Chicken Foot's rows take 7,297,000 (two
    #: players, 10,000 rounds of double-nine, of its 10,500,000) to 3,145,000 (seven players, of
    #: 3,500,000); a double-eighteen set's rows, all stopped at the limit, take about 60 s of one core.
    work_limits = (40_000_000, 11_000_000)
    simulate_words = ("tiles per round", "penalty points per round", "blocked rounds",
                      "the round's first player has the fewest points")
    simulate_side_words = None
    unused_params = frozenset({"stock_reserve", "point_unit", "target", "partnerships"})
    param_notes = {"set": "the highest double starts the first round; a match has a round per double",
                   "deal": "tiles dealt to each player by number of players; the round's double is set out "
                           "before the deal"}

    @property
    def rules_class(self):
        from .rules import ChickenFoot

        return ChickenFoot

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """Each for themselves; a round is never dealt again; every match has a round per double."""
        for key, why in (("redeal_doubles", "a round of Chicken Foot is never dealt again"),
                         ("capicua_bonus", "a tree has more than two ends for a last tile to fit"),
                         ("rounds", "a match of Chicken Foot has a round for every double of the set"),
                         ("lead_totals", "nothing scores in play in Chicken Foot")):
            if params.get(key):
                return [(key, "set", f"`{key}` does not apply to a tree of doubles: {why}")]
        if list(params.get("partnerships") or []):
            return [("partnerships", "players", "Chicken Foot is played each for themselves: leave out "
                                                "`partnerships`")]
        if params.get("target") is not None or params.get("point_unit", 1) != 1 or params.get("stock_reserve", 0):
            return [("target", "set", "`target`, `point_unit` and `stock_reserve` do not apply to a tree of "
                                      "doubles: a match is a round per double, and the lowest total wins")]
        return []

    def greedy_key(self, variant, state):
        """The tile that would cost most left in hand (nothing scores in play)."""
        return lambda play: variant.tile_penalty(play[0])

    def decisive_modules(self) -> list:
        from ...engine import rulebase, tiles
        from ...sim import simulate
        from . import sim as tree
        from . import rules as chicken_foot

        return [tiles, rulebase, simulate, chicken_foot, tree]

    def render_position(self, page, checked, steps):
        from .pages import render_tree

        return render_tree(page, checked)

    def place_name(self, name: str, lang: str) -> str:
        """``arm b`` / ``枝b``, ``toe a1`` / ``指a1`` (:func:`generator.families.tree.pages.arm_name`)."""
        from .pages import arm_name

        return arm_name(name, lang)

    def compare_cell(self, v, row: str, lang: str) -> str:
        from .pages import compare_cell

        return compare_cell(v, row, lang)

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        from .pages import card_rows

        return card_rows(group, rows, rules, lang)

    def card_watch(self, rules, lang: str) -> list[str]:
        """The feet: every play goes on the waiting toes first; what blanks cost; no going out on a
        double, where a table forbids it."""
        from ...base.i18n import tables

        t = tables("tree")[lang]
        out = [t["watch_toes"], t["watch_blank_" + rules.choices.double_blank]]
        if rules.choices.go_out_on_double == "not-allowed":
            out.append(t["watch_last_double"])
        return out

    def score_lines(self, result: Mapping) -> list[str]:
        """Who may play where at a table; a match's totals and winners; a round's result as its values."""
        if "table" in result:
            t = result["table"]
            return [f"{t['to_move']} may play: {', '.join(t['plays']) or 'nothing'}"]
        if "match" in result:
            m = result["match"]
            return [f"totals {m['totals']}, winners {', '.join(m['winners']) or 'not yet'}"]
        return [str(result["result"])]

    def explain(self, checked, variant, lang: str) -> list[str]:
        from .pages import explain_lines

        return explain_lines(checked, variant, lang)


#: The tree family.
TREE = register(TreeFamily())
