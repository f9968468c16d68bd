"""The JSON Schemas of the YAML inputs as files, for editors.

The schemas live as Python dicts beside the code that validates with them
(:mod:`.schema`, :mod:`.trains`); this module writes them out as JSON files
(``docs/schemas/*.schema.json``, published with the site under ``/schemas/``)
and says which one each file under ``rules/`` names in its first line::

    # yaml-language-server: $schema=../../../docs/schemas/position.schema.json

Line-of-play positions and Mexican Train positions have different shapes, so
they have two schema files; a position's line names the one of its variant's
family.

>>> schema_name(Path("rules/glossary.yaml"), Path("rules"))
'glossary'
>>> schema_line(Path("rules/draw/variant.yaml"), Path("rules"), Path("docs/schemas"))
'# yaml-language-server: $schema=../../docs/schemas/variant.schema.json'
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from ..base.cachefile import write_atomic
from ..engine.choices import Choices
from ..engine.family import family_of
from ..safety.paths import is_plain_file
from .schema import GLOSSARY_SCHEMA, POSITION_SCHEMA, VARIANT_SCHEMA
from ..families.trains.positions import TRAIN_POSITION_SCHEMA
from ..families.tree.positions import TREE_POSITION_SCHEMA
from ..families.tricks.positions import TRICK_POSITION_SCHEMA
from ..families.paigow.positions import PAIGOW_POSITION_SCHEMA

__all__ = ["SCHEMAS", "schema_document", "schema_text", "write_schemas", "schema_name", "schema_line",
           "schema_dir", "SCHEMA_PREFIX"]

#: Schema name -> (dict, title, description). The file is ``NAME.schema.json``.
SCHEMAS: dict[str, tuple[dict, str, str]] = {
    "variant": (VARIANT_SCHEMA, "Domino rulebook: variant",
                "rules/<id>/variant.yaml: a variant's names, parameters and rule text (ja and en)."),
    "position": (POSITION_SCHEMA, "Domino rulebook: line-of-play position",
                 "rules/<id>/positions/*.yaml for a line-of-play game: placements (steps), a settlement "
                 "(settle) or a hand move by move (deal and turns)."),
    "train-position": (TRAIN_POSITION_SCHEMA, "Domino rulebook: Mexican Train position",
                       "rules/mexican-train/positions/*.yaml: a table, a round move by move (round and turns) "
                       "or a match."),
    "trick-position": (TRICK_POSITION_SCHEMA, "Domino rulebook: Texas 42 position",
                       "rules/<id>/positions/*.yaml for a game of tricks: a trick, what may follow a lead "
                       "(follow), a whole hand (deal) or marks added up."),
    "tree-position": (TREE_POSITION_SCHEMA, "Domino rulebook: Chicken Foot position",
                      "rules/<id>/positions/*.yaml for a tree of doubles: a table (where a tile may go), a round "
                      "move by move (round and turns) or a match."),
    "paigow-position": (PAIGOW_POSITION_SCHEMA, "Domino rulebook: Pai Gow position",
                        "rules/<id>/positions/*.yaml for Pai Gow: a hand of two tiles, four tiles set into two "
                        "hands (setting) or a player's hands against the banker's (showdown)."),
    "glossary": (GLOSSARY_SCHEMA, "Domino rulebook: glossary",
                 "rules/glossary.yaml: the bilingual glossary."),
}

#: How the first line of every rules file starts.
SCHEMA_PREFIX = "# yaml-language-server: $schema="


def schema_document(name: str) -> dict[str, Any]:
    """The JSON Schema document ``name`` (a key of :data:`SCHEMAS`): the
    validating dict with ``$schema``, ``title`` and ``description`` added."""
    schema, title, description = SCHEMAS[name]
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title,
            "description": description, **schema}


def schema_text(name: str) -> str:
    """The file text of schema ``name``: sorted keys, two-space indent, one
    final newline, so the same code always writes the same bytes."""
    return json.dumps(schema_document(name), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


def write_schemas(folder: str | Path) -> list[Path]:
    """Write every schema file into ``folder``; returns the files whose bytes
    changed (unchanged files are not touched). Each is written to a file of
    its own and renamed into place: a link standing where a schema goes is
    replaced, never written through (nor read). Raises :class:`OSError`
    when one cannot be written."""
    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    changed = []
    for name in SCHEMAS:
        path = folder / f"{name}.schema.json"
        data = schema_text(name).encode("utf-8")
        if not is_plain_file(path) or path.read_bytes() != data:
            write_atomic(path, data)
            changed.append(path)
    return changed


def schema_dir(rules_dir: str | Path) -> Path:
    """Where the schema files of a ``rules/`` folder live: ``docs/schemas``
    beside it (the site's sources)."""
    return Path(rules_dir).resolve().parent / "docs" / "schemas"


def schema_name(path: str | Path, rules_dir: str | Path, variant_family: str | None = None) -> str | None:
    """The schema a file under ``rules_dir`` follows: ``glossary``,
    ``variant``, ``position`` or ``train-position`` (by ``variant_family``,
    ``"trains"`` for Mexican Train; by default the family of the variant whose
    folder holds it); ``None`` for a file that is none of these."""
    rel = Path(os.path.relpath(Path(path).resolve(), Path(rules_dir).resolve())).parts
    if rel == ("glossary.yaml",):
        return "glossary"
    if len(rel) == 2 and rel[1] == "variant.yaml":
        return "variant"
    if len(rel) == 3 and rel[1] == "positions" and rel[2].endswith(".yaml"):
        if variant_family is None:
            from .catalog import Catalog

            try:
                variant_family = Catalog(rules_dir).variant(rel[0]).choices.layout
            except Exception:               # an unreadable game: its own file reports it
                variant_family = Choices().layout
        return family_of(variant_family).position_schema
    return None


def schema_line(path: str | Path, rules_dir: str | Path, schemas: str | Path | None = None,
                variant_family: str | None = None) -> str:
    """The first line ``path`` (a file under ``rules_dir``) should start with:
    the ``$schema`` comment whose relative path resolves from the file's
    folder to its schema file in ``schemas`` (default :func:`schema_dir`)."""
    name = schema_name(path, rules_dir, variant_family)
    if name is None:
        raise ValueError(f"{path} is not a variant, position or glossary file")
    schemas = Path(schemas) if schemas is not None else schema_dir(rules_dir)
    path = Path(path)
    if path.is_absolute() != schemas.is_absolute():
        path, schemas = path.resolve(), schemas.resolve()
    rel = os.path.relpath(schemas / f"{name}.schema.json", path.parent)
    return SCHEMA_PREFIX + Path(rel).as_posix()
