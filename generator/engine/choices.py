"""The rule choices of a game: one typed value per choice, written as data in
``variant.yaml`` (``choices:``) and shared by the engine, the JSON Schema, the
options reference page and the "differences" table of a house rule.

A game is a set of :class:`Params` (numbers) and one :class:`Choices` (which
rule applies at each point of play). The values below are every rule the
engine knows; a game that combines them needs no Python. A genuinely new rule
is a new value here plus its code (see :mod:`generator.families.line.rules`).

>>> c = Choices.from_mapping({"scoring": "multiples-of-5", "counting": "fives"})
>>> c.scoring, c.lead
('multiples-of-5', 'lot')
>>> Choices.from_mapping({"lead": "dice"})
Traceback (most recent call last):
...
ValueError: lead: 'dice' is not one of lot, black, highest-double, engine
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Literal, Mapping, get_args

from .family import families, family_of

__all__ = ["Choices", "ChoiceInfo", "CHOICES", "combination_problems", "line_problems"]

#: A family of games (:mod:`generator.engine.family`): its values are the registered families' names.
Layout_ = str
Lead = Literal["lot", "black", "highest-double", "engine"]
Direction = Literal["clockwise", "counter-clockwise"]
Matching = Literal["equal", "sum-7"]
Doubles = Literal["cross", "choice"]
Spinners = Literal["none", "all", "first"]
SideBranches = Literal["after-straight", "at-once"]
Draw = Literal["until-playable", "optional", "none", "one"]
Counting = Literal["ends", "fives"]
Scoring = Literal["none", "multiples-of-5", "multiples-of-3", "fives-and-threes", "headers"]
LegalTotals = Literal["any", "multiples"]
Continuation = Literal["none", "double-or-score"]
Settlement_ = Literal["none", "opponents", "opponents-less-own", "differences", "rounded", "one", "go-out-one",
                      "all-hands", "penalty"]
Ties = Literal["nobody-wins", "all-tied-win"]
NextLead = Literal["winner", "as-first-hand", "next-seat", "winning-side"]
DoubleCover = Literal["same-player", "next-player"]
TargetScore = Literal["reach", "exact"]
FollowMe = Literal["doubles-high", "doubles-own-suit", "not-allowed"]
Allowed = Literal["allowed", "not-allowed"]
NotAllowed = Literal["not-allowed", "allowed"]
TopBid = Literal["raise-by-one-mark", "one-mark"]
AllPass = Literal["forced-bid", "reshake"]
CentreDouble = Literal["six-toes", "four-sides"]
DoubleBlank = Literal["fifty", "pips", "blanks-25"]


@dataclass(frozen=True)
class Choices:
    """Every rule choice of a game (defaults: a plain line of play, seed 003
    and seed 004's マッチング). Build one with :meth:`from_mapping`; each field
    is one of the values its type lists (described in :data:`CHOICES`)."""

    layout: Layout_ = "line"
    lead: Lead = "lot"
    direction: Direction = "clockwise"
    matching: Matching = "equal"
    doubles: Doubles = "cross"
    spinners: Spinners = "none"
    side_branches: SideBranches = "after-straight"
    draw: Draw = "until-playable"
    counting: Counting = "ends"
    scoring: Scoring = "none"
    legal_totals: LegalTotals = "any"
    continuation: Continuation = "none"
    settlement: Settlement_ = "none"
    ties: Ties = "nobody-wins"
    next_lead: NextLead = "winner"
    double_cover: DoubleCover = "same-player"
    target_score: TargetScore = "reach"
    follow_me: FollowMe = "doubles-high"
    doubles_trump: Allowed = "allowed"
    nello: NotAllowed = "not-allowed"
    plunge: NotAllowed = "not-allowed"
    top_bid: TopBid = "raise-by-one-mark"
    all_pass: AllPass = "forced-bid"
    centre_double: CentreDouble = "six-toes"
    double_blank: DoubleBlank = "fifty"
    go_out_on_double: Allowed = "allowed"

    @classmethod
    def from_mapping(cls, m: Mapping[str, str] | None) -> "Choices":
        """Build from the ``choices`` mapping of a ``variant.yaml`` (missing
        keys take their default). Raises ``ValueError`` naming the first
        unknown key or value."""
        m = dict(m or {})
        kw = {}
        for f in fields(cls):
            if f.name in m:
                value = m.pop(f.name)
                allowed = _allowed(f.name)
                if value not in allowed:
                    raise ValueError(f"{f.name}: {value!r} is not one of {', '.join(allowed)}")
                kw[f.name] = value
        if m:
            raise ValueError(f"no rule choice {next(iter(m))!r}")
        return cls(**kw)  # type: ignore[arg-type]   # each value was checked against its Literal above

    def as_dict(self) -> dict[str, str]:
        """Every choice, in the order of :data:`CHOICES`."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def _allowed(key: str) -> tuple[str, ...]:
    """The values of the choice ``key``, in order (the layouts: the families, as registered)."""
    if key == "layout":
        return tuple(f.name for f in families())
    return get_args(_TYPES[key])


_TYPES = {"layout": Layout_, "lead": Lead, "direction": Direction, "matching": Matching, "doubles": Doubles, "spinners": Spinners,
          "side_branches": SideBranches, "draw": Draw, "counting": Counting, "scoring": Scoring,
          "legal_totals": LegalTotals, "continuation": Continuation, "settlement": Settlement_, "ties": Ties,
          "next_lead": NextLead, "double_cover": DoubleCover, "target_score": TargetScore,
          "follow_me": FollowMe, "doubles_trump": Allowed, "nello": NotAllowed, "plunge": NotAllowed,
          "top_bid": TopBid, "all_pass": AllPass, "centre_double": CentreDouble, "double_blank": DoubleBlank,
          "go_out_on_double": Allowed}


@dataclass(frozen=True)
class ChoiceInfo:
    """What one choice means, for the schema and the pages: its ``values``
    (the values its :class:`Choices` field allows, in order), ``layouts``
    (the families that play it), and in every language (read from the
    message catalogs) its ``title``, its ``about`` text and each value's
    meaning (``values``: value -> words)."""

    key: str

    @property
    def layouts(self) -> tuple[str, ...]:
        """The families (their names, in order) whose games play this choice."""
        return tuple(f.name for f in families() if self.key in f.choices)

    def always_in(self, value: str) -> tuple[str, ...]:
        """The families (their names, in order) whose every game plays ``value``
        of this choice (:attr:`~generator.engine.family.Family.fixed`): ``("trains",
        "tree")`` for ``lead: engine``; empty for a value a game may choose."""
        return tuple(f.name for f in families() if f.fixed.get(self.key) == value)

    @property
    def values(self) -> dict[str, Mapping[str, str]]:
        """Value -> its meaning by language, in the order of the type."""
        return {v: _Words(f"{self.key}={v}") for v in _allowed(self.key)}

    @property
    def title(self) -> Mapping[str, str]:
        return _Words(f"{self.key}.title")

    @property
    def about(self) -> Mapping[str, str]:
        return _Words(f"{self.key}.about")

    @property
    def default(self) -> str:
        return getattr(Choices(), self.key)

    def words(self, value: str, lang: str, unit: int | None = None) -> str:
        """What ``value`` means, in ``lang``, for a game whose ``point_unit``
        is ``unit`` (``None``: as the options page says it, naming the param).

        >>> INFO["settlement"].words("rounded", "en", 5)
        "the other sides' pips, rounded to the nearest 5 (a remainder of half or more rounds up), ÷ 5 in displayed points"
        >>> INFO["scoring"].words("multiples-of-5", "en", 1)
        'an end total that is a multiple of 5 scores that total'
        """
        text = self.values[value][lang]
        shown = "point_unit" if unit is None else str(unit)
        per = "" if unit == 1 else _Words("per_unit")[lang].replace("{unit}", shown)
        return text.replace("{unit}", shown).replace("{per_unit}", per)


class _Words(Mapping):
    """A text in every language, read from the site's message catalogs
    (:mod:`generator.base.i18n`, context ``choice``): ``words[lang]``."""

    def __init__(self, key: str):
        self.key = key

    def __getitem__(self, lang: str) -> str:
        from ..base.i18n import messages              # the catalogs are read only when a text is wanted

        return messages("choice", lang)[self.key]

    def __iter__(self):
        from ..base.i18n import LANGS

        return iter(LANGS)

    def __len__(self) -> int:
        from ..base.i18n import LANGS

        return len(LANGS)


#: Every choice, in the order an author reads them (and the options page lists them); the families
#: say which of them they play (:attr:`generator.engine.family.Family.choices`).
CHOICES: tuple[ChoiceInfo, ...] = tuple(ChoiceInfo(f.name) for f in fields(Choices))

#: Choice key -> its :class:`ChoiceInfo`.
INFO = {c.key: c for c in CHOICES}
__all__ += ["INFO"]


def combination_problems(c: Choices, params: Mapping | None = None) -> list[tuple[str, str]]:
    """``(choice key, message)`` for each combination the engine cannot play,
    and for each value other than its default that cannot change play in
    this game (an empty list when every value counts). ``params`` (the
    game's ``params`` mapping, defaults filled in) adds the checks that need
    them: ``next_lead`` in a game of one hand (no ``target``), and
    ``settlement: rounded`` with a ``point_unit`` of 1.

    >>> combination_problems(Choices(counting="fives"))[0][1]
    '`counting: fives` changes nothing here: only plays that score by the end count use it (`scoring` multiples-of-5, multiples-of-3 or fives-and-threes)'
    >>> combination_problems(Choices(next_lead="next-seat"), {"target": None})[0][0]
    'next_lead'
    """
    out = []
    family = family_of(c.layout)
    for info in CHOICES:
        value = getattr(c, info.key)
        if value == info.default:
            continue
        if info.key not in family.choices:
            out.append((info.key, f"the choice `{info.key}` applies only to a layout of "
                                  f"{' or '.join(info.layouts)}, not {c.layout}"))
    for key, need in family.fixed.items():
        if getattr(c, key) != need:
            out.append((key, f"a layout of {c.layout} plays `{key}: {need}` (the engine knows no other)"))
    owners: dict[tuple[str, str], list[str]] = {}   # a value other families always play belongs to them alone
    for other in families():
        for key, value in other.fixed.items():
            if other is not family and key not in family.fixed and getattr(c, key) == value:
                owners.setdefault((key, value), []).append(other.name)
    for (key, value), names in owners.items():
        out.append((key, f"`{key}: {value}` belongs to a layout of {' or '.join(names)}, not to {family.noun}"))
    out += family.choice_problems(c, params)
    return out


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
    limited = (c.legal_totals == "multiples" and c.scoring in ("multiples-of-5", "multiples-of-3")) \
        or (params or {}).get("lead_totals")
    if c.lead == "highest-double" and limited:
        out.append(("lead", "`lead: highest-double` makes the highest double the set, but the set is limited "
                            "here (`lead_totals`, or `legal_totals: multiples`) and that double may not be "
                            "allowed: choose another lead"))
    out += _inert(c, params)
    return out


def _nothing_to_draw(params: Mapping) -> bool:
    """Whether no table of a game leaves a tile to draw: the deal takes the
    whole set for every player count (a reserve larger than what is left is
    a problem of its own, reported at ``stock_reserve``)."""
    try:
        top, deal = int(params["set"]), params["deal"]
        counts = {*params.get("players", ()), *params.get("partnerships", ())}
        left = [(top + 1) * (top + 2) // 2 - n * int(deal[n]) for n in counts]
    except (KeyError, TypeError, ValueError):       # (the deal's own problems are reported by the caller)
        return False
    return bool(left) and max(left) <= 0


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
