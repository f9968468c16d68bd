"""Hostile input, round three: a value of the wrong shape in a position file
(a list or a mapping written as one number, one number written as a list)
is a located error of ``rulebook check``, never a traceback, in every
family of games and every kind of position; and so in a game's file.

The schema of a position file says which values are lists, mappings or single
values; the code that reads a position walks those lists only once the
schema has passed them. Each worked position of the repository's rules is a
seed: for each field it has (and each field its kind may have but it leaves
out), a copy of it gets that field in a wrong shape. Each copy is wrong by
the schema, whatever the engine would compute, so each must be refused at
the field's line (its key's line or its value's: a list written in block
style starts on the line after its key), with exit status 1 and no traceback.
All the copies are checked by one call of the command (the CLI's ``main``).
The games' files (``variant.yaml``) are put in the wrong shape the same way."""

import copy
import json
import re
import shutil
from collections import defaultdict
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.cli.main import main
from generator.engine.family import families
from generator.model import Catalog
from generator.model.schemafiles import SCHEMAS
from generator.model.yamlsrc import loads

from conftest import RULES, shown

pytestmark = pytest.mark.engine

#: The wrong values: a single number, a list and a mapping, each put where another shape belongs.
SCALAR, LIST, MAPPING = 7, [7], {"a": 7}


def _sub(schema, key):
    """The schema of the value at ``key`` (a mapping's key or a list's index) under ``schema``, or ``None``."""
    if not isinstance(schema, dict):
        return None
    if isinstance(key, int):
        items = schema.get("items")
        return items if isinstance(items, dict) else None
    props = schema.get("properties") or {}
    if key in props:
        return props[key]
    extra = schema.get("additionalProperties")
    return extra if isinstance(extra, dict) else None


def _is_container(schema) -> bool:
    """Whether the schema takes only a list or a mapping (so a number is wrong there)."""
    kinds = schema.get("type")
    kinds = [kinds] if isinstance(kinds, str) else kinds or []
    return bool(kinds) and set(kinds) <= {"array", "object"}


def _wrong(value, schema) -> bool:
    """Whether the field's own schema refuses ``value`` (a value that would be right there, such as a
    pip total where a hand's tiles may be given instead, is no mutant; nor is one whose schema is not
    known here, inside a choice of shapes)."""
    if not isinstance(schema, dict):
        return False
    if id(schema) not in _VALIDATORS:
        _VALIDATORS[id(schema)] = (schema, jsonschema.Draft202012Validator(schema))
    return not _VALIDATORS[id(schema)][1].is_valid(value)


_VALIDATORS: dict = {}


def _mutants(data, schema):
    """``(shape, path, value)``: each field of ``data`` (a position's mapping) put in each wrong shape
    (a list or a mapping where the other or a single value belongs, a list or a mapping where a single
    value belongs), and each list or mapping its schema names that ``data`` leaves out, as a number.

    ``shape`` is the path with list indices and free names (players, arms) made ``*``, and the wrong
    value's type, so that one field is changed once per kind of position and wrong shape."""
    out = []

    def walk(value, sch, path, shape):
        if path:
            for wrong in (SCALAR, LIST, MAPPING):
                if type(wrong) is not type(value) and (type(value) in (list, dict) or wrong is not SCALAR) \
                        and _wrong(wrong, sch):
                    out.append((shape + (type(wrong).__name__,), path, wrong))
        if isinstance(value, dict):
            props = (sch or {}).get("properties") or {}
            for k, v in value.items():
                walk(v, _sub(sch, k), path + (k,), shape + (k if k in props else "*",))
            for k, ps in props.items():        # a field the kind may have but this file leaves out
                if k not in value and _is_container(ps):
                    out.append((shape + (k, "int"), path + (k,), SCALAR))
        elif isinstance(value, list):
            for i, v in enumerate(value):
                walk(v, _sub(sch, i), path + (i,), shape + ("*",))

    walk(data, schema, (), ())
    return out


def _spare(data, shape, path, value) -> bool:
    """Whether the wrong copy is one to leave out, to keep the copies few: a mapping where a single value
    belongs is tried only for an item of a list (a tile of a hand, say); a list, for every field."""
    return value is MAPPING and shape[-2:-1] != ("*",) and not isinstance(_get(data, path), list)


def _get(data, path):
    """The value at ``path`` of ``data``, or ``None``."""
    for k in path:
        try:
            data = data[k]
        except (KeyError, IndexError, TypeError):
            return None
    return data


def _put(data, path, value):
    """A copy of ``data`` with ``value`` at ``path`` (a key added at the end of its mapping if new)."""
    out = copy.deepcopy(data)
    cur = out
    for k in path[:-1]:
        cur = cur[k]
    cur[path[-1]] = value
    return out


#: YAML read and written by libyaml where PyYAML has it (the copies are many).
_LOADER, _DUMPER = getattr(yaml, "CSafeLoader", yaml.SafeLoader), getattr(yaml, "CSafeDumper", yaml.SafeDumper)

#: The keys of a position that are not its kind (the kind is its other top-level key: steps, table, trick...).
_NOT_KINDS = ("variant", "title", "note", "expect", "turns")


@pytest.fixture(scope="module")
def wrong_copies(tmp_path_factory):
    """A copy of the repository's rules with, beside each game's positions, every wrong-shaped copy of
    them (one per field and kind of position, over all games of each family); returns ``(rules,
    {file: (path, lines where the field stands, (family, kind))})``."""
    rules = tmp_path_factory.mktemp("shapes") / "rules"
    shutil.copytree(RULES, rules)
    catalog = Catalog(rules)
    schema_of = {f.name: SCHEMAS[f.position_schema][0] for f in families()}
    seen = defaultdict(set)                 # (family, kind) -> shapes already made
    made = {}
    n = 0
    for vid in sorted(catalog.variant_ids()):
        family = catalog.variant(vid).rules.family
        for path in sorted((rules / vid / "positions").glob("*.yaml")) if (rules / vid / "positions").is_dir() else ():
            data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
            kind = (family, next(k for k in data if k not in _NOT_KINDS))
            for shape, at, value in _mutants(data, schema_of[family]):
                if shape in seen[kind] or _spare(data, shape, at, value):
                    continue
                seen[kind].add(shape)
                n += 1
                text = yaml.dump(_put(data, at, value), Dumper=_DUMPER, allow_unicode=True, sort_keys=False)
                target = rules / vid / "positions" / f"wrong-shape-{n}.yaml"
                target.write_text(text, encoding="utf-8")
                src = loads(text, str(target))
                made[str(target)] = (at, {src.mark(at, key=True)[0], src.mark(at, key=False)[0]}, kind)
    return rules, made


@pytest.mark.whole_site
def test_every_family_and_kind_is_covered(wrong_copies):
    """The seeds reach every kind of position of every family (the kinds its authoring guide describes),
    and each kind gives wrong copies of many fields."""
    _, made = wrong_copies
    kinds = defaultdict(set)
    count = defaultdict(int)
    for _, _, (family, kind) in made.values():
        kinds[family].add(kind)
        count[family, kind] += 1
    assert kinds == {"line": {"steps", "settle", "deal", "practice"}, "trains": {"table", "round", "match"},
                     "tree": {"table", "round", "match"}, "tricks": {"trick", "follow", "deal", "marks"},
                     "paigow": {"hand", "setting", "showdown"}, "tiengow": {"lead", "trick", "score"}}
    assert min(count.values()) >= 5, count


@pytest.mark.whole_site
def test_a_field_of_the_wrong_shape_is_one_located_error(wrong_copies, capsys):
    """``turns: 7`` in a Chicken Foot or Mexican Train round (which raised a TypeError before the schema
    saw it), and every other field of every kind of position put in the wrong shape: ``rulebook check``
    of all of them exits 1 and reports each file, at the field's line, without a traceback."""
    rules, made = wrong_copies
    status = main(["check", "-q", *made])    # a traceback here would be an uncaught exception
    err = capsys.readouterr().err
    assert status == 1
    assert "Traceback" not in err
    lines = defaultdict(set)
    for row in err.splitlines():
        file, line, _col, rest = row.split(":", 3)
        assert rest.startswith(" error: "), row
        lines[file].add(int(line))
    missing = {f: at for f, (at, _, _) in made.items() if f not in lines}
    assert not missing, f"{len(missing)} wrong copies were not refused, e.g. {sorted(missing.items())[:5]}"
    elsewhere = {f: (at, sorted(lines[f])) for f, (at, where, _) in made.items() if not lines[f] & where}
    assert not elsewhere, f"{len(elsewhere)} refused away from the field, e.g. {sorted(elsewhere.items())[:5]}"


@pytest.mark.whole_site
def test_score_refuses_them_alike(wrong_copies, capsys):
    """``rulebook score`` reads positions as ``check`` does: each wrong copy is a located error, exit 1."""
    _, made = wrong_copies
    status = main(["score", *made, "--json"])
    results = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [r["file"] for r in results] == list(made)
    unlocated = [r for r in results if not re.match(r"\d+:\d+: ", r.get("error", ""))]
    assert not unlocated, unlocated[:3]


@pytest.mark.parametrize("game,position", [("chicken-foot", "round-blocked"), ("mexican-train", "round-out")])
def test_explain_of_turns_written_as_a_number_is_one_located_error(rules_copy, capsys, game, position):
    """The case found by the hunt: ``turns: 7`` in a round of Chicken Foot or Mexican Train. The file's
    ``turns:`` key stands on the line found by counting the lines before it (the 1-based line of the
    key), and the schema's words say what it should be."""
    path = rules_copy / game / "positions" / f"{position}.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    start = lines.index("turns:")
    end = next(i for i in range(start + 1, len(lines)) if lines[i] and not lines[i].startswith(" "))
    path.write_text("\n".join(lines[:start] + ["turns: 7"] + lines[end:]), encoding="utf-8")
    for command in (["explain", str(path)], ["check", "-q", str(path)]):
        assert main(command) == 1
        assert capsys.readouterr().err == f"{shown(path)}:{start + 1}:1: error: turns should be a list, not an integer (7)\n"


@pytest.fixture(scope="module")
def wrong_games(tmp_path_factory):
    """Every game's ``variant.yaml`` (whole games and house rules) with each of its fields, and each
    field its schema names that it leaves out, in the wrong shape: one new game folder per copy, its
    ``id`` the folder's name; returns ``(rules, {file: (path, lines where the field stands)})``."""
    rules = tmp_path_factory.mktemp("game-shapes") / "rules"
    shutil.copytree(RULES, rules)
    schema = SCHEMAS["variant"][0]
    seen, made, n = set(), {}, 0
    for path in sorted(rules.glob("*/variant.yaml")):
        data = yaml.load(path.read_text(encoding="utf-8"), Loader=_LOADER)
        for shape, at, value in _mutants(data, schema):
            if at == ("id",) or (shape, "extends" in data) in seen or _spare(data, shape, at, value):
                continue
            seen.add((shape, "extends" in data))
            n += 1
            game = f"wrong-shape-{n}"
            text = yaml.dump(dict(_put(data, at, value), id=game), Dumper=_DUMPER, allow_unicode=True,
                             sort_keys=False)
            (rules / game).mkdir()
            target = rules / game / "variant.yaml"
            target.write_text(text, encoding="utf-8")
            src = loads(text, str(target))
            made[str(target)] = (at, {src.mark(at, key=True)[0], src.mark(at, key=False)[0]})
    return rules, made


@pytest.mark.whole_site
def test_a_games_field_of_the_wrong_shape_is_one_located_error(wrong_games, capsys):
    """The same for the games themselves: each ``variant.yaml`` field put in the wrong shape is refused
    at its line by ``rulebook check`` of the game's folder, with exit status 1 and no traceback."""
    rules, made = wrong_games
    assert len(made) > 30
    status = main(["check", "-q", *(str(Path(f).parent) for f in made)])
    err = capsys.readouterr().err
    assert status == 1
    lines = defaultdict(set)
    for row in err.splitlines():
        file, line, _col, rest = row.split(":", 3)
        assert rest.startswith(" error: "), row
        lines[file].add(int(line))
    assert set(lines) == set(made)
    elsewhere = {f: (at, sorted(lines[f])) for f, (at, where) in made.items() if not lines[f] & where}
    assert not elsewhere, f"{len(elsewhere)} refused away from the field, e.g. {sorted(elsewhere.items())[:5]}"
