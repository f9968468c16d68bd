"""The line of play's own rule choices: their values and defaults, and the
combinations of them a line of play cannot play or that would change
nothing (seed 003, seed 004's マッチング, seed 000). The choices several
families share (``layout``, ``lead``, ``direction``, ``draw``,
``settlement``) are declared in :mod:`generator.engine.choices`; their words
are the ``choice`` messages of the catalogs.

>>> [c.key for c in CHOICES][:4]
['matching', 'doubles', 'spinners', 'side_branches']
"""

from __future__ import annotations

from typing import Mapping

from ....engine.choices import Choice, Choices

__all__ = ["CHOICES", "line_problems"]

#: The line of play's own choices, in the order an author reads them (each ``after`` names the shared
#: choice the options page lists it after).
CHOICES: tuple[Choice, ...] = (
    Choice("matching", ("equal", "sum-7"), after="direction",
           sections=("matching", "placing-tiles", "placement-and-continuation"), card="turn"),
    Choice("doubles", ("cross", "choice"), sections=("doubles", "placing-tiles"), card="turn"),
    Choice("spinners", ("none", "all", "first"), sections=("branch-doubles", "the-sniff", "doubles"), card="turn"),
    Choice("side_branches", ("after-straight", "at-once", "spinner-first", "eight-arm-star"),
           sections=("side-branches", "the-sniff", "branch-doubles"), card="turn"),
    Choice("counting", ("ends", "fives"), after="draw",
           sections=("scoring", "scoring-placements", "scoring-play", "scoring-in-play"), card="scoring"),
    Choice("scoring", ("none", "multiples-of-5", "multiples-of-3", "fives-and-threes", "headers"),
           sections=("scoring", "scoring-placements", "scoring-play", "scoring-in-play", "no-scoring-in-play"),
           card="scoring"),
    Choice("legal_totals", ("any", "multiples"), sections=("playable-tiles", "scoring"), card="scoring"),
    Choice("continuation", ("none", "double-or-score"),
           sections=("placement-and-continuation", "lead-and-turns", "the-turn"), card="turn"),
    Choice("ties", ("nobody-wins", "all-tied-win"), after="settlement", sections=("ties", "settlement", "end-of-hand"),
           card="end"),
    Choice("block_winner", ("lighter-side", "lightest-player"), sections=("settlement", "end-of-hand", "ties"),
           card="end"),
    Choice("next_lead", ("winner", "as-first-hand", "next-seat", "winning-side"),
           sections=("the-set", "starting-a-hand", "game-end"), card="end"),
    Choice("target_score", ("reach", "exact", "in-a-row", "void-at-half"),
           sections=("game-end", "the-game", "winning"), card="end"),
)


def line_problems(c: Choices, params: Mapping | None) -> list[tuple[str, str]]:
    """The combinations a line of play cannot play, and its values that
    would not change play (:meth:`generator.engine.family.Family.choice_problems`
    of the line-of-play family)."""
    out = []
    if c.legal_totals == "multiples" and c.scoring not in ("multiples-of-5", "multiples-of-3"):
        out.append(("legal_totals", "`legal_totals: multiples` needs `scoring` to be multiples-of-5 or "
                                    "multiples-of-3 (the multiple a play must make)"))
    if c.side_branches == "at-once" and c.spinners == "none":
        out.append(("side_branches", "`side_branches: at-once` needs spinners (`spinners: all` or `first`)"))
    if c.side_branches == "spinner-first" and c.spinners != "first":
        out.append(("side_branches", "`side_branches: spinner-first` needs `spinners: first` (one spinner, the "
                                     "first double, whose four sides are filled before any other end)"))
    if c.side_branches == "eight-arm-star" and c.spinners != "first":
        out.append(("side_branches", "`side_branches: eight-arm-star` needs `spinners: first` (one spinner, the "
                                     "first double, whose four sides and four corners are filled before any "
                                     "other end)"))
    limited = (c.legal_totals == "multiples" and c.scoring in ("multiples-of-5", "multiples-of-3")) \
        or (params or {}).get("lead_totals")
    if c.lead == "highest-double" and limited:
        out.append(("lead", "`lead: highest-double` makes the highest double the set, but the set is limited "
                            "here (`lead_totals`, or `legal_totals: multiples`) and that double may not be "
                            "allowed: choose another lead"))
    if c.target_score == "in-a-row" and c.scoring != "none":
        out.append(("target_score", "`target_score: in-a-row` counts hands won, which the other side's win wipes; "
                                    "points scored during play cannot be wiped that way: it needs `scoring: none`"))
    out += _inert(c, params)
    return out


def _nothing_to_draw(params: Mapping) -> bool:
    """Whether no table of a game leaves a tile to draw: the deal takes the
    whole set for every player count (a reserve larger than what is left, or
    a deal larger than the set, is a problem of its own, reported at
    ``stock_reserve`` or ``deal``)."""
    try:
        top, deal = int(params["set"]), params["deal"]
        counts = {*params.get("players", ()), *params.get("partnerships", ())}
        left = [(top + 1) * (top + 2) // 2 - n * int(deal[n]) for n in counts]
    except (KeyError, TypeError, ValueError):       # (the deal's own problems are reported by the caller)
        return False
    return bool(left) and min(left) >= 0 and max(left) == 0    # (a deal beyond the set: its own problem)


#: The scorings that score by the end count (the only ones ``counting`` changes).
_BY_COUNT = ("multiples-of-5", "multiples-of-3", "fives-and-threes")


def _inert(c: Choices, params: Mapping | None) -> list[tuple[str, str]]:
    """The values of a line of play, other than their defaults, that play no
    differently from the default in this game: accepted, they would publish
    a rule the engine never applies."""
    out = []
    if c.counting != "ends" and c.scoring not in _BY_COUNT:
        out.append(("counting", f"`counting: {c.counting}` changes nothing here: only plays that score by the end "
                                f"count use it (`scoring` {', '.join(_BY_COUNT[:-1])} or {_BY_COUNT[-1]})"))
    if c.doubles == "choice" and c.spinners == "none" and c.counting == "ends" and c.scoring != "headers":
        out.append(("doubles", "`doubles: choice` changes nothing here: a double laid lengthwise or crosswise opens "
                               "the same ends and counts the same, unless doubles can be spinners (`spinners`), "
                               "count both halves (`counting: fives`) or make a triple header (`scoring: headers`)"))
    if params is not None:
        if params.get("target") is None and c.next_lead != "winner":
            out.append(("next_lead", f"`next_lead: {c.next_lead}` changes nothing here: without a `target` the game "
                                     f"is one hand, so there is no next hand to lead"))
        if params.get("target") is None and c.target_score != "reach":
            out.append(("target_score", f"`target_score: {c.target_score}` changes nothing here: the game has no "
                                        f"`target` to reach"))
        if c.block_winner != "lighter-side" and not params.get("partnerships"):
            out.append(("block_winner", f"`block_winner: {c.block_winner}` changes nothing here: without "
                                        f"partnerships every side is one player"))
        if params.get("target") is not None and c.scoring == "none" and c.settlement == "none":
            out.append(("settlement", f"with `scoring: none` and `settlement: none` nothing ever scores, so the "
                                      f"`target` of {params['target']} is never reached and the game never ends: "
                                      f"choose how a hand is won (`settlement`), or leave out `target`"))
        if c.draw != "none" and _nothing_to_draw(params):
            out.append(("draw", f"`draw: {c.draw}` changes nothing here: every table's deal takes the whole set, "
                                f"so no tile is left to draw (write `draw: none`)"))
        counts = {*params.get("players", ()), *params.get("partnerships", ())}
        if c.direction != "clockwise" and counts and max(counts) <= 2:
            out.append(("direction", f"`direction: {c.direction}` changes nothing here: with two players each "
                                     f"plays after the other whichever way the turn goes"))
        if c.settlement == "rounded" and params.get("point_unit", 1) == 1:
            out.append(("settlement", "`settlement: rounded` with a `point_unit` of 1 is the same as `settlement: "
                                      "opponents` (nothing to round to): write that, or set the unit"))
    return out
