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

import re
from dataclasses import dataclass, field
from typing import Any, Callable

from ..engine.family import families, family_of
from ..engine.reasons import Reason
from ..engine.tiles import End, NotationError, Tile
from .yamlsrc import Source, SourceError

__all__ = ["PositionBase", "Kinds", "GameOver", "kinds_for", "read_tiles", "parse_position", "foreign_kind", "huge_pip", "kind_keys",
           "evaluate", "compare", "outcome_json", "read_tile"]


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


def outside_set(text, rules) -> Reason | None:
    """Why ``text``, a tile (``2-9``) or an end (``2-9:9``) that ``rules``
    refused to read, is refused, where it is written right but a pip of it
    is above the game's double-N set (a double-nine example read by a
    double-six game): kind ``tile-not-in-set`` with the set's highest pip;
    ``None`` for anything else (bad notation, a set defined as data, which
    says in its own words what it lacks)."""
    if getattr(rules.params, "tileset", None) or not isinstance(text, str):
        return None
    try:
        tile = Tile.parse(text)
    except NotationError:
        try:
            tile = End.parse(text).tile
        except NotationError:
            return None
    return Reason("tile-not-in-set", top=rules.max_pip) if tile.high > rules.max_pip else None


def read_tile(src: Source, variant, path: tuple):
    """The tile written at ``path`` of ``src`` in ``variant``'s notation (a
    :class:`~generator.engine.tiles.Tile`); raises :class:`SourceError` at
    that value for a tile the set or the notation does not have."""
    try:
        return variant.parse_tile(src.get(path))
    except NotationError as exc:
        raise src.error(path, str(exc), key=False, reason=outside_set(src.get(path), variant)) from None


def read_tiles(src: Source, variant, path: tuple, n: int, seen: list, tiles) -> list:
    """The ``n`` tiles written at ``path`` (a list) of ``src``, each read by :func:`read_tile`;
    ``seen`` (the position's tiles read so far) gains them, and a tile named more often across the
    position than the set ``tiles`` (a :class:`~generator.engine.tilesets.TileSet`) holds it is refused
    at that tile (a third 6-6 of the Chinese set). Raises :class:`SourceError`."""
    out = []
    for i in range(n):
        t = read_tile(src, variant, path + (i,))
        seen.append(t)
        if tiles.check_counts(seen) is t:
            raise src.error(path + (i,), f"{t} is named {seen.count(t)} times here, but the {tiles.words['en']} "
                                         f"has {tiles.copies(t)} of it", key=False)
        out.append(t)
    return out


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
    (raises :class:`SourceError` for the first problem). A position of
    another family's games (a Mexican Train round named to a line of play) is
    one error where its kind starts (:func:`foreign_kind`), not every key the
    family does not take."""
    try:
        return kinds_for(variant.family).parse(src, variant)
    except SourceError:
        better = huge_pip(src, variant) or foreign_kind(src, variant)
        if better is None:
            raise
        raise better from None


#: A tile or an end as position files write them (``12-3``, ``[12|3]``, ``12-3:12``, ``12-12:side-a``), its pips
#: of any length (the end's too).
_TILE_LIKE = re.compile(r"\s*(?:(\d+)\s*-\s*(\d+)|\[\s*(\d+)\s*\|\s*(\d+)\s*\])\s*(?::\s*(?:(\d+)|[\w-]+)\s*)?", re.ASCII)


def _strings(value: Any, path: tuple = ()):
    """``(path, text)`` of every string value in ``value`` (mappings and lists walked in order)."""
    if isinstance(value, str):
        yield path, value
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _strings(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _strings(v, path + (i,))


def huge_pip(src: Source, variant) -> SourceError | None:
    """The first tile of ``src`` written with a pip too long for the schema's
    length of a tile (40 characters: ``"1000000000000000000000000000000-3"``),
    as an error at that value naming the tile and the highest pip of
    ``variant``'s set, instead of the length; ``None`` when there is none (a
    shorter tile with too high a pip is the family's to refuse, in the same
    words). Reads the pips as digits, never as numbers, so no pip is too long
    to say."""
    from ..engine.tilesets import tileset
    from .schema import TILE

    top = variant.max_pip
    for path, text in _strings(src.data):
        m = _TILE_LIKE.fullmatch(text) if len(text) > TILE["maxLength"] else None
        if m is None:
            continue
        pips = [g.lstrip("0") or "0" for g in m.groups() if g is not None]
        over = [p for p in pips if len(p) > len(str(top)) or int(p) > top]
        if not over:
            continue
        pip = over[0] if len(over[0]) <= 12 else f"a pip of {len(over[0]):,} digits"
        shown = repr(text) if len(text) <= 60 else repr(text[:40]) + f"… ({len(text):,} characters)"
        named = variant.params.tileset
        words = tileset(named).words["en"] if named else f"double-{top} set"
        return src.error(path, f"{shown}: {pip} is more than the {words}'s highest pip, {top}", key=False)
    return None


def kind_keys(schema: dict) -> list[tuple[str, ...]]:
    """The top-level keys that make each kind of a family's position file,
    from its schema's ``oneOf`` (each alternative's ``required`` keys: a line
    of play's ``("steps",)``, ``("deal", "turns")`` ...); empty for a schema
    that names no kinds that way."""
    return [tuple(alt["required"]) for alt in schema.get("oneOf", ()) if isinstance(alt, dict) and alt.get("required")]


def _keys_words(alternatives: list[tuple[str, ...]]) -> str:
    """The kinds' keys in words: ``[("steps",), ("deal", "turns")]`` gives
    "`steps` or `deal` with `turns`"."""
    words = [" with ".join(f"`{k}`" for k in alt) for alt in alternatives]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def foreign_kind(src: Source, variant) -> SourceError | None:
    """Why ``src``, refused by the family of ``variant``, is a position of
    another family's games: one error at the key that starts its kind
    (``round`` of a Mexican Train round), naming that family and the kinds
    ``variant``'s games take; ``None`` when it is not. A file is another
    family's when it passes that family's schema and not its own game's, or,
    when it passes no schema, when it has the keys of another family's kind
    and of none of its own game's. Only asked of a refused file."""
    from .schema import validate

    own = family_of(variant.family)
    own_schema = own.position_schemas()[own.position_schema][0]
    data = src.data
    if not isinstance(data, dict) or validate(src, own_schema) == []:
        return None                     # refused for something else than its shape
    own_kinds = kind_keys(own_schema)
    others = [f for f in families() if f.name != own.name]
    schemas = {f.name: f.position_schemas()[f.position_schema][0] for f in others}
    fits = [f for f in others if validate(src, schemas[f.name]) == []]
    if not fits:
        if any(all(k in data for k in alt) for alt in own_kinds):
            return None                 # its own game's kind, with a mistake: the family says which
        fits = [f for f in others if any(all(k in data for k in alt) for alt in kind_keys(schemas[f.name]))]
        if not fits:
            return None
    starts = {alt[0] for f in fits for alt in kind_keys(schemas[f.name]) if all(k in data for k in alt)}
    key = next((k for k in data if k in starts), None)
    nouns = " or ".join(f.noun for f in fits)
    games = [g for f in fits for g in f.site_games[:1]]
    example = f" (as {' or '.join(games)} has)" if games else ""
    takes = f", whose positions have {_keys_words(own_kinds)}" if own_kinds else ""
    start = f"`{key}` here starts" if key is not None else "this is"
    return src.error((key,) if key is not None else (),
                     f"{start} a position of {nouns}{example}, but {variant.id} is played as {own.noun}{takes}: "
                     f"move the file to such a game's positions, or rewrite it as one of {variant.id}'s kinds")


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
