"""Every kind of worked position, for every layout, on one interface.

Each family of games (:mod:`generator.engine.family`) gives a :class:`Kinds`
(:meth:`~generator.engine.family.Family.kinds`, from its positions module):
how its position files are parsed, run through the engine, compared with what
they state and written as JSON. Callers (the catalog, ``rulebook score``, the
pages) use :func:`parse_position`, :func:`evaluate`, :func:`compare` and
:func:`outcome_json` and never ask which layout a game has; the first use of
a layout loads its family's kinds, whatever was imported before (a fresh
interpreter reads any position). The families' modules import this one,
never each other.

>>> kinds_for("line").layout, kinds_for("trains").names
('line', ('table', 'round', 'match'))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.family import family_of
from ..engine.tiles import NotationError
from .yamlsrc import Source, SourceError

__all__ = ["PositionBase", "Kinds", "GameOver", "kinds_for", "parse_position", "evaluate", "compare",
           "outcome_json", "read_tile"]


@dataclass
class PositionBase:
    """What every position has: its ``file``, ``id`` (the file's stem), the
    ``variant_id`` it names, an optional ``title`` and ``note`` ({ja, en}) and
    its parsed ``src``. ``family`` is the layout it is played on."""

    #: The name of its family of games (:mod:`generator.engine.family`), as the variant's layout;
    #: each family's position classes set it.
    family = ""

    @property
    def is_practice(self) -> bool:
        """Whether the position asks the reader a question the engine answers."""
        return self.kind == "practice"

    file: str
    id: str
    variant_id: str
    title: dict | None
    note: dict | None
    src: Source = field(repr=False)


@dataclass(frozen=True)
class Kinds:
    """The position kinds of one ``layout``: ``parse(src, variant)`` makes a
    typed position (raises :class:`SourceError`), ``evaluate(position,
    variant)`` runs it (an outcome with ``position``), ``compare(outcome)``
    lists every stated value that differs, located, and ``to_json(outcome)``
    gives the fields of ``rulebook score --json``. ``names`` lists the kinds
    (each position's ``kind``: ``"placement"``, ``"table"`` ...)."""

    layout: str
    parse: Callable[[Source, Any], Any]
    evaluate: Callable[[Any, Any], Any]
    compare: Callable[[Any], list[SourceError]]
    to_json: Callable[[Any], dict]
    names: tuple[str, ...]


class GameOver(SourceError):
    """A position that starts a hand after its game was already won (a score
    it states has reached the game's target): raised where the position
    states those scores. A house rule with a lower target re-running its
    parent's examples tells such an example by this class."""


def read_tile(src: Source, variant, path: tuple):
    """The tile written at ``path`` of ``src`` in ``variant``'s notation (a
    :class:`~generator.engine.tiles.Tile`); raises :class:`SourceError` at
    that value for a tile the set or the notation does not have."""
    try:
        return variant.parse_tile(src.get(path))
    except NotationError as exc:
        raise src.error(path, str(exc), key=False) from None


def checked_base(src: Source, schema: dict, words: Callable[[SourceError], SourceError]) -> dict:
    """Validate ``src`` against ``schema`` (every error through ``words``, a
    family's own wording) and its keys' names; return the fields every
    position takes: ``file``, ``id`` (the file's stem), ``variant_id``,
    ``title``, ``note`` and ``src``. Raises :class:`SourceErrors` with every
    problem found."""
    from pathlib import Path

    from .schema import name_keys, validate
    from .yamlsrc import SourceErrors

    errors = validate(src, schema)
    if errors:
        raise SourceErrors.of([words(e) for e in errors])
    named = name_keys(src)
    if named:
        raise SourceErrors.of(named)
    d = src.data
    return dict(file=src.file, id=Path(src.file).stem, variant_id=d["variant"], title=d.get("title"),
                note=d.get("note"), src=src)


def kinds_for(layout: str) -> Kinds:
    """The :class:`Kinds` of ``layout``, the family's (loaded on first use).
    Raises ``KeyError`` for a layout no family has."""
    return family_of(layout).kinds()


def parse_position(src: Source, variant) -> Any:
    """Validate ``src`` and build the typed position of ``variant``'s layout
    (raises :class:`SourceError` for the first problem)."""
    return kinds_for(variant.family).parse(src, variant)


def evaluate(pos, variant) -> Any:
    """Run ``pos`` through ``variant``'s engine, ignoring every ``expect``."""
    return kinds_for(pos.family).evaluate(pos, variant)


def compare(outcome) -> list[SourceError]:
    """Every stated value that differs from the engine, located at its key."""
    return kinds_for(outcome.position.family).compare(outcome)


def outcome_json(file: str, variant: str, outcome) -> dict[str, Any]:
    """The element of ``rulebook score --json`` for one file."""
    out: dict[str, Any] = {"file": file, "variant": variant}
    out.update(kinds_for(outcome.position.family).to_json(outcome))
    return out
