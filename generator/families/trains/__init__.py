"""The trains family (``layout: trains``): Mexican Train (seed 001), a hub with
an engine double, a train for each player and the Mexican Train, markers,
doubles to cover, a round per engine double, penalty pips.

Its own modules: the rules (:mod:`generator.families.trains.rules`), its
positions (:mod:`generator.families.trains.positions`), its diagrams
(:mod:`generator.families.trains.draw`), its page parts (:mod:`generator.families.trains.pages`)
and its game loop (:mod:`generator.families.trains.sim`).

>>> from generator.engine.family import family_of
>>> f = family_of("trains")
>>> dict(f.fixed), f.position_schema
({'lead': 'engine', 'draw': 'one', 'settlement': 'penalty'}, 'train-position')
"""

from __future__ import annotations

from typing import Mapping

from ...engine.choices import Choice
from ...engine.family import register
from ..rounds import RoundsFamily

__all__ = ["TRAINS"]


class TrainsFamily(RoundsFamily):
    """A table of trains (:mod:`generator.families.trains`)."""

    name = "trains"
    play_module = "generator.families.trains.play"
    noun = "a layout of trains"
    new_section = ("play", {"ja": "トレインへの出し方", "en": "Playing on the trains"},
                   {"ja": "トレインへの牌のつなぎ方と、どのトレインに誰が出せるか。",
                    "en": "how tiles join the trains, and which trains each player may play on."})
    round_centre = "engine"
    round_places = "trains"
    round_lists = ("open_doubles",)
    choices = frozenset({"layout", "lead", "draw", "settlement", "double_cover", "train_access"})
    #: Who covers a double left open (its words: the ``choice`` messages ``double_cover...``); the
    #: options page lists it after the line of play's ``next_lead``. Which trains a player may use
    #: (``train_access``): Mexican Train's marker (seed 001), or every train open to all (Pagat's
    #: Number 9 Train: players start trains from the hub or extend any train).
    own_choices = (Choice("double_cover", ("same-player", "next-player"), after="next_lead", sections=("doubles",),
                          card="turn"),
                   Choice("train_access", ("marker", "open"), after="double_cover", sections=("the-turn", "trains")))
    house_params = frozenset({"rounds"})
    param_sections = {"rounds": ("rounds",)}
    #: Its own param: the match lengths offered (Mexican Train: 13 rounds, also 7 or 1).
    own_params = {
        "rounds": {"type": "array", "minItems": 1, "maxItems": 100, "uniqueItems": True,
                   "items": {"type": "integer", "minimum": 1, "maximum": 1000},
                   "description": "the match lengths a round-based game (trains) offers, in rounds, default first"},
    }
    position_schema = "train-position"
    practice_class = " rb-practice-where"       # a question of where one may play: the verdicts say so
    verdict_words = {" rb-practice-where": ("practice-may", "practice-may-not")}
    site_games = ("mexican-train",)
    #: A game's figures take at most 80,000,000 units, shared among its rows by the tiles dealt
    #: (:meth:`row_weights`). Mexican Train's two-player row takes 11,820,000 of its 13,333,333 (the
    #: club's house rule, 16 tiles: 12,109,000 of 13,877,551); the other rows stay further inside.
    work_limits = (80_000_000, 25_000_000)

    def param_words(self, key: str, value, lang: str) -> str | None:
        """The match lengths offered (``13, 7, 1 rounds``; a dash where the game has none)."""
        if key != "rounds":
            return None
        from ...base.i18n import tables

        return "—" if value is None else ", ".join(map(str, value)) + tables("house")[lang]["rounds_suffix"]

    @property
    def rules_class(self):
        from .rules import MexicanTrain

        return MexicanTrain

    def param_defaults(self, params: Mapping) -> dict:
        """A match of 13, 7 or 1 rounds (a double-twelve set) unless ``rounds`` says otherwise."""
        return {"rounds": list(params.get("rounds") or (13, 7, 1))}

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """A match needs an engine double per round; a round is never dealt again."""
        if params.get("redeal_doubles") is not None:
            return [("redeal_doubles", "set", "`redeal_doubles` applies only to a line of play: a round of trains "
                                              "is never dealt again")]
        if params.get("capicua_bonus") is not None:
            return [("capicua_bonus", "set", "`capicua_bonus` applies only to a line of play, whose two ends a "
                                             "last tile may fit")]
        doubles = params["set"] + 1
        too_long = [n for n in params.get("rounds", ()) if n > doubles]
        if too_long:
            return [("rounds", "set", f"a match of {too_long[0]} rounds needs {too_long[0]} engine doubles, "
                                      f"but a double-{params['set']} set has {doubles}")]
        return []

    def greedy_key(self, variant, state):
        """The heaviest tile (nothing scores in play: pips left in hand are penalties)."""
        return lambda play: play[0].pips

    def decisive_modules(self) -> list:
        from ...engine import rulebase, tiles
        from ...sim import simulate
        from . import sim as trains
        from . import rules as mexican_train

        return [tiles, rulebase, simulate, mexican_train, trains]

    def render_position(self, page, checked, steps):
        from ...pages.game import GEN
        from .pages import render_trains

        return render_trains(checked.position, checked.outcome, page.lang, page.v.id, page.files, page.png,
                             GEN)

    def macros(self) -> dict:
        from .pages import rounds_table

        return {"rounds_table": rounds_table}

    def place_name(self, name: str, lang: str) -> str:
        """``A's train`` / ``Aのトレイン``, the Mexican train (:func:`generator.families.trains.pages.train_name`)."""
        from .pages import train_name

        return train_name(name, lang)

    def compare_cell(self, v, row: str, lang: str) -> str:
        from .pages import compare_cell

        return compare_cell(v, row, lang)

    def family_about(self, games: list, lang: str) -> str:
        """The family's sentence, then who may play on which train, by ``train_access``: the games
        where each player has a train of their own (``marker``, Mexican Train), and those where
        every train is open to all (``open``, Number 9 Train)."""
        from ...pages.comparison import message
        from ...safety.sanitize import escape_md
        from .rules import all_open

        out = [super().family_about(games, lang)]
        for key, shared in (("trains_own_games", False), ("trains_open_games", True)):
            names = [escape_md(name[lang]) for _, name, rules in games if all_open(rules) == shared]
            if names:
                listed = "、".join(names) if lang == "ja" else \
                    names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
                out.append(message(lang, key, games=listed))
        return ("" if lang == "ja" else " ").join(out)

    def card_words(self, key: str, rules, lang: str) -> str | None:
        """A player who draws one and still cannot play marks their own train
        (seed 001, the marker)."""
        if key == "draw" and rules.choices.draw == "one":
            from ...base.i18n import messages

            from .rules import all_open

            return messages("choice", lang)["draw=one.trains" + ("-open" if all_open(rules) else "")]
        return None

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        from ...base.i18n import tables
        from ...engine.choices import INFO

        t = tables("card")[lang]
        if group == "turn":             # where a turn starts, and where a tile may go
            from .rules import all_open

            where = t["where_value_open" if all_open(rules) else "where_value"]
            rows[1:1] = [(t["first_turn"], t["first_turn_value"]), (t["where"], where)]
        elif group == "scoring":        # nothing scores in play; the penalties are below
            rows.append((INFO["scoring"].title[lang], INFO["scoring"].words("none", lang, 1)))
        elif group == "end":
            rows.append((t["rounds"], t["rounds_value"].format(n=rules.round_settings[0])))
        return rows

    def card_watch(self, rules, lang: str) -> list[str]:
        """What players of a line game miss at a table of trains (seed 001): covering doubles, the marker
        (or, where every train is open to all, that one's own train is not one's own)."""
        from ...base.i18n import tables
        from .rules import all_open

        t = tables("card")[lang]
        return [t["watch_cover_" + rules.choices.double_cover.replace("-", "_")],
                t["watch_open" if all_open(rules) else "watch_marker"]]

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


#: The trains family.
TRAINS = register(TrainsFamily())
