"""The rule choices of a game: one value per choice, written as data in
``variant.yaml`` (``choices:``) and shared by the engine, the JSON Schema, the
options reference page and the "differences" table of a house rule.

A game is a set of :class:`Params` (numbers) and one :class:`Choices` (which
rule applies at each point of play). The choices are declared where they
belong: the few that several families play (:data:`SHARED`: ``layout``,
``lead``, ``direction``, ``draw``, ``settlement``) here, and each family's own
(its :class:`Choice` declarations, :attr:`generator.engine.family.Family.own_choices`)
in its folder, which also lists the choices its games play
(:attr:`~generator.engine.family.Family.choices`). The whole set is built from
the registry (:func:`generator.engine.family.families`) when it is first
asked for, so adding a family, or a choice to one, edits only that family's
folder. A game that combines the values needs no Python; a genuinely new
rule is a new value in its family's declaration plus its code (see
:mod:`generator.families.line.rules`).

>>> c = Choices.from_mapping({"scoring": "multiples-of-5", "counting": "fives"})
>>> c.scoring, c.lead
('multiples-of-5', 'lot')
>>> Choices.from_mapping({"lead": "dice"})
Traceback (most recent call last):
...
ValueError: lead: 'dice' is not one of lot, black, highest-double, engine
"""

from __future__ import annotations

from dataclasses import FrozenInstanceError, dataclass
from typing import TYPE_CHECKING, Literal, Mapping

from .family import families, family_of

__all__ = ["Choice", "Choices", "ChoiceInfo", "SHARED", "combination_problems", "CHOICES", "INFO"]

#: A family of games (:mod:`generator.engine.family`): its values are the registered families' names.
Layout_ = str
Lead = Literal["lot", "black", "highest-double", "engine"]
Direction = Literal["clockwise", "counter-clockwise"]
Draw = Literal["until-playable", "optional", "none", "one"]
Settlement_ = Literal["none", "opponents", "opponents-less-own", "differences", "rounded", "one", "go-out-one",
                      "all-hands", "penalty"]


@dataclass(frozen=True)
class Choice:
    """One rule choice as a family (or, for the shared ones, this module)
    declares it: its ``key`` (the name in ``variant.yaml``), its ``values`` in
    the order the schema and the options page list them, its ``default``
    (the first value unless given), and ``after``: the choice it follows in
    the order an author reads them (``None``: the family's previous
    declaration, or the end for its first). ``sections``: the ids of the
    sections where a game's page usually explains it, most likely first (a
    house rule's table of differences links to the first its parent's page
    has; none: to the parent's page); ``card``: the table of a game's card
    it is a row of (``turn``, ``scoring``, ``end``; none: the family adds its
    own rows). Its words (title, about, each
    value's meaning) are the ``choice`` messages of the catalogs
    (``<key>.title``, ``<key>.about``, ``<key>=<value>``).

    >>> Choice("ties", ("nobody-wins", "all-tied-win")).default
    'nobody-wins'
    """

    key: str
    values: tuple[str, ...]
    default: str = ""
    after: str | None = None
    sections: tuple[str, ...] = ()
    card: str = ""

    def __post_init__(self) -> None:
        if not self.default and self.values:
            object.__setattr__(self, "default", self.values[0])


#: The choices several families play, declared here, in the order an author reads them; a family
#: plays those it lists in :attr:`~generator.engine.family.Family.choices` (and may fix their value,
#: :attr:`~generator.engine.family.Family.fixed`). ``layout``'s values are the families' names.
SHARED: tuple[Choice, ...] = (
    Choice("layout", ()),
    Choice("lead", ("lot", "black", "highest-double", "engine"),
           sections=("the-set", "starting-a-hand", "lead-and-turns"), card="turn"),
    Choice("direction", ("clockwise", "counter-clockwise"), sections=("the-turn", "players-and-tiles"), card="turn"),
    Choice("draw", ("until-playable", "optional", "none", "one"),
           sections=("drawing-and-passing", "drawing", "passing", "drawing-and-markers"), card="turn"),
    Choice("settlement", ("none", "opponents", "opponents-less-own", "differences", "rounded", "one", "go-out-one",
                          "all-hands", "penalty"), sections=("settlement", "end-of-hand", "end-of-round"), card="end"),
)


class _Table:
    """Every choice of every registered family, in reading order: key ->
    values, and key -> default (built by :func:`_table`)."""

    def __init__(self, order: list[Choice], layouts: tuple[str, ...]):
        self.values = {c.key: (layouts if c.key == "layout" else c.values) for c in order}
        self.defaults = {c.key: (layouts[0] if c.key == "layout" else c.default) for c in order}
        self.sections = {c.key: c.sections for c in order}
        self.cards = {c.key: c.card for c in order}


_CACHE: dict[tuple, _Table] = {}


def _table() -> _Table:
    """The choices of the families registered now (rebuilt when the registry
    changes). Raises ``ValueError`` for a declaration that clashes with
    another (one key declared twice with other values) or a family that
    plays a choice nobody declares."""
    fams = families()
    ident = tuple((f.name, id(f)) for f in fams)
    got = _CACHE.get(ident)
    if got is not None:
        return got
    order = list(SHARED)
    for f in fams:
        prev: str | None = None
        for c in f.own_choices:
            known = next((o for o in order if o.key == c.key), None)
            if known is not None:
                if (known.values, known.default) != (c.values, c.default):
                    raise ValueError(f"the choice {c.key!r} of the family {f.name!r} is declared otherwise "
                                     f"elsewhere (values {', '.join(known.values)})")
                prev = c.key
                continue
            anchor = c.after or prev
            keys = [o.key for o in order]
            order.insert(keys.index(anchor) + 1 if anchor in keys else len(order), c)
            prev = c.key
    keys = {o.key for o in order}
    for f in fams:
        unknown = sorted(set(f.choices) - keys)
        if unknown:
            raise ValueError(f"the family {f.name!r} plays the choice {unknown[0]!r}, which no family declares")
    table = _Table(order, tuple(f.name for f in fams))
    _CACHE.clear()
    _CACHE[ident] = table
    return table


class Choices:
    """Every rule choice of a game, one attribute per choice (``choices.lead``,
    ``choices.scoring`` ...), every registered family's included: a game's
    family plays its own and leaves the others at their defaults (a plain
    line of play, seed 003 and seed 004's マッチング). Build one with
    :meth:`from_mapping` (checked) or ``Choices(key=value, ...)``; it is
    frozen, compares and hashes by its values. Each value is one of those
    its declaration lists (:data:`CHOICES`).

    >>> Choices(lead="black") == Choices.from_mapping({"lead": "black"})
    True
    >>> Choices(dice="two")
    Traceback (most recent call last):
    ...
    TypeError: Choices() got an unexpected keyword argument 'dice'
    """

    # The shared choices' types; every family's own choice is a ``str`` too (one of its values).
    layout: Layout_
    lead: Lead
    direction: Direction
    draw: Draw
    settlement: Settlement_

    if TYPE_CHECKING:
        def __getattr__(self, key: str) -> str:       # a family's own choice (declared in its folder)
            raise AttributeError(key)

    def __init__(self, **values: str) -> None:
        defaults = _table().defaults
        for key in values:
            if key not in defaults:
                raise TypeError(f"Choices() got an unexpected keyword argument {key!r}")
        for key, default in defaults.items():
            object.__setattr__(self, key, values.get(key, default))

    def __setattr__(self, key: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {key!r}")

    def __delattr__(self, key: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {key!r}")

    def __eq__(self, other: object) -> bool:
        return type(other) is Choices and self.__dict__ == other.__dict__

    def __hash__(self) -> int:
        return hash(tuple(self.__dict__.items()))

    def __repr__(self) -> str:
        return "Choices(" + ", ".join(f"{k}={v!r}" for k, v in self.__dict__.items()) + ")"

    @classmethod
    def from_mapping(cls, m: Mapping[str, str] | None) -> "Choices":
        """Build from the ``choices`` mapping of a ``variant.yaml`` (missing
        keys take their default). Raises ``ValueError`` naming the first
        unknown key or value."""
        m = dict(m or {})
        kw = {}
        for key, allowed in _table().values.items():
            if key in m:
                value = m.pop(key)
                if value not in allowed:
                    raise ValueError(f"{key}: {value!r} is not one of {', '.join(allowed)}")
                kw[key] = value
        if m:
            raise ValueError(f"no rule choice {next(iter(m))!r}")
        return cls(**kw)

    def as_dict(self) -> dict[str, str]:
        """Every choice, in the order of :data:`CHOICES`."""
        return dict(self.__dict__)

    def played(self) -> dict[str, str]:
        """The choices the game's family plays (the shared ones it lists and
        its own, :attr:`~generator.engine.family.Family.choices`), in the
        order of :data:`CHOICES`: what decides its games, and nothing another
        family declares.

        >>> Choices(layout="trains", lead="engine", draw="one", settlement="penalty").played()
        {'layout': 'trains', 'lead': 'engine', 'draw': 'one', 'settlement': 'penalty', 'double_cover': 'same-player', 'train_access': 'marker'}
        """
        plays = family_of(self.layout).choices
        return {k: v for k, v in self.__dict__.items() if k in plays}


def _allowed(key: str) -> tuple[str, ...]:
    """The values of the choice ``key``, in order (the layouts: the families, as registered)."""
    return _table().values[key]


@dataclass(frozen=True)
class ChoiceInfo:
    """What one choice means, for the schema and the pages: its ``values``
    (the values its :class:`Choice` declaration allows, in order), ``layouts``
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
        """Value -> its meaning by language, in the order of its declaration."""
        return {v: _Words(f"{self.key}={v}") for v in _allowed(self.key)}

    @property
    def title(self) -> Mapping[str, str]:
        return _Words(f"{self.key}.title")

    @property
    def card(self) -> str:
        """The table of a game's card this choice is a row of (its declaration's :attr:`Choice.card`)."""
        return _table().cards[self.key]

    @property
    def sections(self) -> tuple[str, ...]:
        """The ids of the sections where a game's page usually explains this
        choice, most likely first (its declaration's :attr:`Choice.sections`)."""
        return _table().sections[self.key]

    @property
    def about(self) -> Mapping[str, str]:
        return _Words(f"{self.key}.about")

    @property
    def default(self) -> str:
        return _table().defaults[self.key]

    def words(self, value: str, lang: str, unit: int | None = None) -> str:
        """What ``value`` means, in ``lang``, for a game whose ``point_unit``
        is ``unit`` (``None``: as the options page says it, naming the param).

        >>> ChoiceInfo("settlement").words("rounded", "en", 5)
        "the other sides' pips, rounded to the nearest 5 (a remainder of half or more rounds up), ÷ 5 in displayed points"
        >>> ChoiceInfo("scoring").words("multiples-of-5", "en", 1)
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


def __getattr__(name: str):
    """``CHOICES``: every choice (a :class:`ChoiceInfo` each), in the order an
    author reads them (and the options page lists them), from the families
    registered now; the families say which of them they play
    (:attr:`generator.engine.family.Family.choices`). ``INFO``: choice key ->
    its :class:`ChoiceInfo`. Both are built from the registry on first use."""
    if name == "CHOICES":
        return tuple(ChoiceInfo(key) for key in _table().values)
    if name == "INFO":
        return {key: ChoiceInfo(key) for key in _table().values}
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


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
    for info in map(ChoiceInfo, _table().values):
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
            if other is not family and key not in family.fixed and getattr(c, key) == value \
                    and (key, value) not in family.also_plays:
                owners.setdefault((key, value), []).append(other.name)
    for (key, value), names in owners.items():
        out.append((key, f"`{key}: {value}` belongs to a layout of {' or '.join(names)}, not to {family.noun}"))
    out += family.choice_problems(c, params)
    return out
