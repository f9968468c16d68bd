"""The tricks family (``layout: tricks``): Texas 42, four players in two
partnerships, bids, trumps, following suit, seven tricks and the count tiles,
marks to seven; and Moon, three players alone (``players: [3]``) with Moon's
22 tiles (``set: moon``), bids of four to seven tricks or the moon, a widow
for the bidder, one point a trick, points to 21.

Its own modules: the rules (:mod:`generator.families.tricks.rules`), its positions
(:mod:`generator.families.tricks.positions`), its diagrams (:mod:`generator.families.tricks.draw`),
its page parts (:mod:`generator.families.tricks.pages`, with the words it shares with the reader's game in
:mod:`generator.families.tricks.words`), the reader's game (:mod:`generator.families.tricks.play`) and its game loop and
planning player (:mod:`generator.families.tricks.sim`).

>>> from generator.engine.family import family_of
>>> f = family_of("tricks")
>>> f.position_schema, sorted(f.choices)[:3]
('trick-position', ['all_pass', 'doubles_trump', 'follow_me'])
"""

from __future__ import annotations

from typing import Mapping

from ...engine.choices import Choice
from ...engine.family import Family, register

__all__ = ["TRICKS", "MAX_MARKS"]

#: The most marks a game may be played to (seven is usual; some tables play to 10 or 21).
MAX_MARKS = 50


class TricksFamily(Family):
    """Tricks and bids (:mod:`generator.families.tricks`)."""

    name = "tricks"
    play_module = "generator.families.tricks.play"
    noun = "a game of tricks"
    new_section = ("play", {"ja": "ビッドとトリック", "en": "Bidding and tricks"},
                   {"ja": "ビッドの進め方、切り札の決め方、トリックを取る牌。",
                    "en": "how the bidding goes, how trumps are named and which tile takes a trick."})
    choices = frozenset({"layout", "follow_me", "doubles_trump", "nello", "plunge", "splash", "top_bid", "all_pass",
                         "widow", "shoot_moon"})
    #: Double-n sets, and Moon's double-six less the blanks but the 0-0 (:data:`~generator.engine.tilesets.SETS`).
    tilesets = frozenset({"double", "moon"})
    #: Its own choices (their words: the catalogs' ``choice`` messages), after every earlier family's.
    own_choices = (Choice("follow_me", ("doubles-high", "doubles-own-suit", "not-allowed"), sections=("trumps",)),
                   Choice("doubles_trump", ("allowed", "not-allowed"), sections=("trumps",)),
                   Choice("nello", ("not-allowed", "allowed"), sections=("nello", "bidding")),
                   Choice("plunge", ("not-allowed", "allowed"), sections=("plunge", "bidding")),
                   Choice("splash", ("not-allowed", "allowed"), sections=("splash", "bidding")),
                   Choice("top_bid", ("raise-by-one-mark", "one-mark"), sections=("bidding",)),
                   Choice("all_pass", ("forced-bid", "reshake"), sections=("bidding",)),
                   Choice("widow", ("none", "bidder-exchanges")),
                   Choice("shoot_moon", ("not-allowed", "allowed")))
    house_params = frozenset({"target"})
    example_places = {"tricks": "trick", "hands": "hand"}
    target_unit = "mark"

    def target_unit_of(self, params: Mapping) -> str:
        """Marks for four players in partnerships (Texas 42), points for three alone (Moon: 21)."""
        return "point" if list(params.get("players") or []) == [3] else "mark"
    position_schema = "trick-position"
    practice_class = " rb-practice-trick"
    #: "Which tile may I play?" asks of each tile; "which wins", "how many points" have one right answer.
    verdict_words = {" rb-practice-trick": ("practice-trick-right", "practice-trick-wrong"),
                     " rb-practice-tile": ("practice-tile-yes", "practice-tile-no")}
    work_limits = (16_000_000, 4_000_000)
    simulate_words = ("tiles per hand", "winning bid", "bids set", "the bidders make their bid")
    simulate_side_words = None
    figure_words = ("tricks_intro", "tricks_note")

    def figure_words_of(self, rules) -> tuple[str, str]:
        """Three players alone (Moon) are not two partnerships: their own introduction."""
        return ("tricks_three_intro", "tricks_note") if getattr(rules, "three", False) else self.figure_words
    unused_params = frozenset({"stock_reserve", "point_unit"})
    param_notes = {"set": "a game of tricks is played with a double-six set (6), or Moon's 22 tiles (moon)",
                   "players": "empty for four players in two partnerships; [3] for three alone (Moon)",
                   "partnerships": "four players in two partnerships ([4]), or empty for three alone",
                   "deal": "seven tiles to each player: {4: 7}, or {3: 7} for three",
                   "target": f"the marks that win the game (7; at most {MAX_MARKS}), or for three the points (21)"}

    @property
    def rules_class(self):
        from .rules import Texas42

        return Texas42

    def tile_name(self, tile) -> str:
        """``6-4``: 42 players write the higher end first (:func:`generator.families.tricks.words.tile_text`)."""
        from .words import tile_text

        return tile_text(tile)

    def practice_kind(self, position) -> str:
        """"Which tiles may I play?" is a question of each tile allowed or
        not; "which wins" and "how many points" have one right answer."""
        from .positions import FollowPosition

        return " rb-practice-tile" if isinstance(position, FollowPosition) else self.practice_class

    def choice_applies(self, key: str, rules) -> bool:
        """The widow and shooting the moon belong to three players alone (Moon); the bids in marks
        and the partners' bids (``top_bid``, ``nello``, ``plunge``, ``splash``) to four in partnerships."""
        three = tuple(rules.params.players) == (3,)
        if key in ("widow", "shoot_moon"):
            return three
        if key in ("top_bid", "nello", "plunge", "splash"):
            return not three
        return True

    def choice_problems(self, choices, params: Mapping | None) -> list[tuple[str, str]]:
        """A plunge bids four marks and a splash three, which a top bid of one mark forbids; a widow
        and shooting the moon belong to a game of three (Moon), and partners' bids to a game of four."""
        three = params is not None and list(params.get("players") or []) == [3]
        if params is not None and not three:
            for key, value in (("widow", "bidder-exchanges"), ("shoot_moon", "allowed")):
                if getattr(choices, key) == value:
                    return [(key, f"`{key}: {value}` belongs to a game of three players (Moon: "
                                  f"`players: [3]`); four players in partnerships deal every tile")]
        # (any set but these two is refused by `param_problems`, which names the sets a game of tricks uses)
        if three and choices.widow == "bidder-exchanges" and params.get("set") == 6:
            return [("widow", "a widow is the one tile left after dealing seven to each of three players: "
                              "`set: moon` (22 tiles) leaves one; a double-six set leaves seven")]
        if three:
            for key in ("nello", "plunge", "splash"):
                if getattr(choices, key) == "allowed":
                    return [(key, f"`{key}: allowed` needs partners; three players play alone")]
            if choices.top_bid != "raise-by-one-mark":
                return [("top_bid", "three players bid tricks, never marks: leave `top_bid` out")]
        for key, marks in (("plunge", "four"), ("splash", "three")):
            if getattr(choices, key) == "allowed" and choices.top_bid == "one-mark":
                return [(key, f"a {key} bids {marks} marks, above `top_bid: one-mark` (the highest bid "
                              f"there): choose `top_bid: raise-by-one-mark`, or leave the {key} out")]
        return []

    def param_defaults(self, params: Mapping) -> dict:
        """Seven marks win the game unless ``target`` says otherwise (21 points for three players)."""
        return {"target": 21 if list(params.get("players") or []) == [3] else 7}

    def param_problems(self, params: Mapping) -> list[tuple[str, str, str]]:
        """The engine plays 42 as the sources do: a double-six set, four players in two partnerships,
        seven tiles each; or Moon's: three players alone, seven tiles each, from the double-six set or
        Moon's 22 tiles (``set: moon``)."""
        for key in ("redeal_doubles", "capicua_bonus", "rounds"):
            if params.get(key):
                return [(key, "set", f"`{key}` does not apply to a game of tricks")]
        three = list(params.get("players") or []) == [3] and not list(params.get("partnerships") or [])
        if params["set"] != 6 and not (three and params["set"] == "moon"):
            return [("set", "set", f"a game of tricks is played with a double-six set (seven tricks of four "
                                   f"tiles), or by three players with `set: moon`, not `set: {params['set']}`")]
        if not three and (list(params.get("players") or []) or list(params.get("partnerships") or []) != [4]):
            return [("partnerships", "players", "a game of tricks is played by four players in two partnerships "
                                                "(write `players: []` and `partnerships: [4]`) or by three "
                                                "alone (`players: [3]` and `partnerships: []`)")]
        seats = 3 if three else 4
        if dict(params["deal"]) != {seats: 7}:
            return [("deal", "deal", f"a game of tricks deals seven tiles to each of {seats} "
                                     f"players: write `deal: {{{seats}: 7}}`")]
        if params.get("point_unit", 1) != 1 or params.get("stock_reserve", 0) or params.get("lead_totals"):
            return [("point_unit", "set", "`point_unit`, `stock_reserve` and `lead_totals` do not apply to a "
                                          "game of tricks")]
        if params.get("target") is None:
            return [("target", "set", "a game of tricks is played to a number of marks: give `target` (7)")]
        if params["target"] > MAX_MARKS:
            return [("target", "target", f"a game of tricks is played to at most {MAX_MARKS} marks (seven is "
                                         f"usual), not {params['target']}")]
        if three and params["target"] < 7:
            return [("target", "target", f"three players play to points (21 is usual): a hand is worth at "
                                         f"least seven, so a target below that ({params['target']}) is too low")]
        return []

    def play_game(self, variant, names, seat_bot, rng, teams, work) -> dict:
        from .sim import play_forty_two

        return play_forty_two(variant, names, seat_bot, rng, work)

    def greedy_key(self, variant, state):
        """The planning player's key (:func:`generator.families.tricks.sim.plan_key`)."""
        from .sim import plan_key

        return plan_key(variant, state)

    def search_moves(self, variant, state, seat, plays):
        """The bids and plays the search weighs (:func:`.search.search_moves`)."""
        from .search import search_moves

        return search_moves(variant, state, seat, plays)

    def search_choice(self, variant, state, seat, moves, rng, budget, samples):
        """The hard bidder's choice (:func:`.search.choose_bid`) while bidding; ``None`` otherwise."""
        from .search import choose_bid

        return choose_bid(variant, state, seat, moves, rng, budget, samples)

    def decisive_modules(self) -> list:
        from ...engine import rulebase, tiles
        from ...sim import simulate
        from . import sim as tricks
        from . import rules as texas42

        return [tiles, rulebase, simulate, texas42, tricks]

    def render_position(self, page, checked, steps):
        from .pages import render_tricks

        return render_tricks(page, checked, steps)

    def macros(self) -> dict:
        """``estimate_method()`` and ``hand_estimate(TILES)``: the planning
        player's judgement of a hand, computed when the page is made
        (:func:`generator.families.tricks.pages.hand_estimate`)."""
        from .pages import estimate_method, hand_estimate

        return {"estimate_method": estimate_method, "hand_estimate": hand_estimate}

    def figure_columns(self, rules, words: Mapping[str, str],
                       partners: frozenset[bool] = frozenset()) -> dict[str, str]:
        """Hands, the winning bid, how often the bid is set or made; the last two headings name the
        seats that play at random (:data:`generator.sim.stats.BOTS` alternate round the table from N:
        E, or E and W), since
        their overbidding weighs on both."""
        t = words
        three = "_three" if rules.three else ""
        return dict(players=t["players"], games=t["games"], hands=t["hands"], per_game=t["hpg"],
                    tiles=t["tricks_tph"], points=t["tricks_bid" + three],
                    block=t["tricks_set" + three], first=t["tricks_made" + three])

    def family_about(self, games: list, lang: str) -> str:
        """Tricks after a bid, then who wins what, from the games shown: partners win marks together
        in a game for four (Texas 42), three players each score their own points (Moon)."""
        from ...base.i18n import messages

        words = messages("overview", lang)
        parts = [words["family_tricks_about"]]
        rules = [g[2] for g in games]
        if any(not r.three for r in rules):
            parts.append(words["family_tricks_partners"])
        if any(r.three for r in rules):
            parts.append(words["family_tricks_alone"])
        return ("" if lang == "ja" else " ").join(parts)

    def deal_words(self, rules, lang: str) -> str | None:
        """Moon's widow (a game of tricks for three): the tile left goes to the bidder."""
        if rules.widow != "bidder-exchanges":
            return None
        from ...pages.comparison import message

        return message(lang, "the_widow_goes_to_the_bidder")

    def compare_cell(self, v, row: str, lang: str) -> str:
        from .pages import compare_cell

        return compare_cell(v, row, lang)

    def card_rows(self, group: str, rows: list, rules, lang: str) -> list:
        from .pages import card_rows

        return card_rows(group, rows, rules, lang)

    def card_watch(self, rules, lang: str) -> list[str]:
        """A trump belongs only to the trump suit; the led tile's higher end calls the suit."""
        from ...base.i18n import tables

        t = tables("tricks")[lang]
        return [t["watch_trump_suit"], t["watch_higher_end"]]

    def score_lines(self, result: Mapping) -> list[str]:
        """A trick's winner and points, what may follow, a hand's result, a game's marks."""
        if "trick" in result:
            t = result["trick"]
            return [f"won by {t['winner']}, {t['points']} points (count {t['count']})"]
        if "follow" in result:
            return [f"may play {', '.join(result['follow']['legal'])}"]
        if "deal" in result:
            d = result["deal"]
            won = (f", points {d['points']}, {'made' if d['made'] else 'set'}, marks {d['marks']}"
                   if "points" in d else f", {len(d['tricks'])} of 7 tricks played")
            return [f"{d['bidder'] or 'nobody'} bid {d['bid'] or 'nothing'}{won}"]
        m = result["marks"]
        return [f"marks {m['marks']}, winner {m['winner'] or 'not yet'}"]

    def explain(self, checked, variant, lang: str) -> list[str]:
        from .pages import explain_lines

        return explain_lines(checked, variant, lang)


#: The tricks family.
TRICKS = register(TricksFamily())
