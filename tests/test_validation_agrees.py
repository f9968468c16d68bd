"""The compiled schema check (fastjsonschema) that lets valid files through
quickly agrees with jsonschema, which explains problems, on every file we have:
the repository's rules and every deliberately bad file."""

from pathlib import Path

import fastjsonschema
import jsonschema
import pytest

from generator.model.schema import GLOSSARY_SCHEMA, POSITION_SCHEMA, VARIANT_SCHEMA, _jsonable
from generator.model.trains import TRAIN_POSITION_SCHEMA
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
    fast = fastjsonschema.compile(schema)
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
