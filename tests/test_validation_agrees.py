"""The compiled schema check (fastjsonschema) that lets valid files through
quickly agrees with jsonschema, which explains problems, on every file we have:
the repository's rules and every deliberately bad file."""


import functools
import json

import fastjsonschema
import jsonschema
import pytest

from generator.model.schema import POSITION_SCHEMA, _fast_form, _jsonable
from generator.model.yamlsrc import SourceError, load

from conftest import ROOT

FILES = sorted((ROOT / "rules").rglob("*.yaml")) + sorted((ROOT / "tests" / "bad").rglob("*.yaml"))


@functools.cache
def _docs() -> tuple:
    """Every file's data, read once for all the schemas (the validators do not change it)."""
    out = []
    for f in FILES:
        try:
            out.append((f, _jsonable(load(f).data)))
        except SourceError:
            continue                      # not YAML we would validate at all
    return tuple(out)


#: Every schema a file of ours follows, as published (docs/schemas/, written from the code's schemas:
#: tests/test_schemas.py): the variant, the glossary and each family's positions.
SCHEMAS = {p.name.removesuffix(".schema.json"): p for p in sorted((ROOT / "docs" / "schemas").glob("*.schema.json"))}


def _checked_form(path):
    """The schema the check validates with: the published document less its
    ``$schema``, ``title`` and ``description``, which only annotate it."""
    doc = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in doc.items() if k not in ("$schema", "title", "description")}


def test_every_schema_is_compared():
    assert {"variant", "glossary", "position"} < set(SCHEMAS) and len(SCHEMAS) >= 6


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_compiled_check_agrees_with_jsonschema(name):
    schema = _checked_form(SCHEMAS[name])
    fast = fastjsonschema.compile(_fast_form(schema))   # the form the check compiles
    slow = jsonschema.Draft202012Validator(schema)
    checked = valid = 0
    for f, data in _docs():
        try:
            fast(data)
            fast_ok = True
        except fastjsonschema.JsonSchemaException:
            fast_ok = False
        slow_ok = not any(True for _ in slow.iter_errors(data))
        assert fast_ok == slow_ok, f"{f.relative_to(ROOT)} against the {name} schema"
        checked += 1
        valid += slow_ok
    assert checked > 150 and valid > 0


def test_the_compiled_form_of_not_both_keys_refuses_exactly_both():
    fast = fastjsonschema.compile(_fast_form(POSITION_SCHEMA))
    step = {"play": "1-4", "at": "0-1:1"}
    verdicts = []
    for extra in ({}, {"reject": "horse-race/matching"}, {"expect": {"total": 5}},
                  {"reject": "horse-race/matching", "expect": {"total": 5}}):
        try:
            fast({"variant": "horse-race", "steps": [{**step, **extra}]})
            verdicts.append(True)
        except fastjsonschema.JsonSchemaException:
            verdicts.append(False)
    assert verdicts == [True, True, True, False]
