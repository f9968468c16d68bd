"""The compiled schema check (fastjsonschema) that lets valid files through
quickly agrees with jsonschema, which explains problems, on every file we have:
the repository's rules and every deliberately bad file."""


import fastjsonschema
import jsonschema
import pytest

from generator.model.schema import GLOSSARY_SCHEMA, POSITION_SCHEMA, VARIANT_SCHEMA, _fast_form, _jsonable
from generator.families.trains.positions import TRAIN_POSITION_SCHEMA
from generator.model.yamlsrc import SourceError, load

from conftest import ROOT

SCHEMAS = {"variant": VARIANT_SCHEMA, "position": POSITION_SCHEMA, "glossary": GLOSSARY_SCHEMA,
           "train-position": TRAIN_POSITION_SCHEMA}
FILES = sorted((ROOT / "rules").rglob("*.yaml")) + sorted((ROOT / "tests" / "bad").rglob("*.yaml"))


def _docs():
    for f in FILES:
        try:
            yield f, _jsonable(load(f).data)
        except SourceError:
            continue                      # not YAML we would validate at all


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_compiled_check_agrees_with_jsonschema(name):
    schema = SCHEMAS[name]
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
