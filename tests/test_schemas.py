"""The JSON Schema files: one per kind of YAML file, written from the code's
schemas (so they cannot drift), and named by the first line of every file
under rules/ with a path that resolves from that file's folder."""

import json
from pathlib import Path

import jsonschema
import pytest
import yaml

from generator.cli.main import main

from conftest import ROOT, RULES, shown

SCHEMAS = ROOT / "docs" / "schemas"
NAMES = ["glossary", "paigow-position", "position", "tiengow-position", "train-position", "tree-position", "trick-position",
         "variant"]


def _expected_line(path: Path) -> str:
    """Worked out by hand from where the file sits: rules/ is one level below
    the repository, docs/schemas/ beside it."""
    rel = path.relative_to(RULES).parts
    if rel == ("glossary.yaml",):
        target = "../docs/schemas/glossary.schema.json"
    elif rel[1:] == ("variant.yaml",):
        target = "../../docs/schemas/variant.schema.json"
    else:
        assert rel[1] == "positions", path
        kind = ("train-position" if rel[0] in ("mexican-train", "mexican-train-club", "number-9-train") else
                "trick-position" if rel[0] in ("texas-42", "texas-42-nello", "texas-42-splash", "straight-42", "moon") else
                "tree-position" if rel[0] in ("chicken-foot", "chicken-foot-cross") else
                "paigow-position" if rel[0] == "pai-gow" else "tiengow-position" if rel[0] == "tien-gow" else
                "position")
        target = f"../../../docs/schemas/{kind}.schema.json"
    return "# yaml-language-server: $schema=" + target


RULES_FILES = sorted(RULES.rglob("*.yaml"))


def test_there_are_rules_files():
    assert len(RULES_FILES) > 100


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: str(p.relative_to(RULES)))
def test_every_rules_file_names_its_schema(path):
    first = path.read_text(encoding="utf-8").split("\n", 1)[0]
    assert first == _expected_line(path)
    target = (path.parent / first.split("$schema=", 1)[1]).resolve()
    assert target.is_file() and target.parent == SCHEMAS.resolve()


def _jsonable(data):
    if isinstance(data, dict):
        return {str(k): _jsonable(v) for k, v in data.items()}
    if isinstance(data, list):
        return [_jsonable(v) for v in data]
    return data


@pytest.mark.parametrize("path", RULES_FILES, ids=lambda p: str(p.relative_to(RULES)))
def test_every_rules_file_is_valid_by_the_schema_it_names(path):
    """What an editor does with the line: load the named file and validate."""
    text = path.read_text(encoding="utf-8")
    schema = json.loads((path.parent / text.split("\n", 1)[0].split("$schema=", 1)[1]).read_text())
    jsonschema.Draft202012Validator(schema).validate(_jsonable(yaml.safe_load(text)))


def test_schema_files_are_what_the_code_writes(tmp_path, capsys):
    assert sorted(p.name for p in SCHEMAS.iterdir()) == [f"{n}.schema.json" for n in NAMES]
    assert main(["schemas", "--check", str(SCHEMAS)]) == 0
    assert main(["schemas", str(tmp_path)]) == 0
    for name in NAMES:
        assert (tmp_path / f"{name}.schema.json").read_bytes() == (SCHEMAS / f"{name}.schema.json").read_bytes()
    # written twice, the same bytes (and nothing is rewritten)
    capsys.readouterr()
    assert main(["schemas", str(tmp_path)]) == 0
    assert capsys.readouterr().err == ""


def test_a_stale_schema_file_is_reported(tmp_path, capsys):
    main(["schemas", str(tmp_path)])
    stale = tmp_path / "position.schema.json"
    stale.write_text(stale.read_text().replace('"minItems": 1', '"minItems": 2', 1))
    capsys.readouterr()
    assert main(["schemas", "--check", str(tmp_path)]) == 1
    assert capsys.readouterr().err == f"{shown(stale)}:1:1: error: differs from the schema in the code; run `rulebook schemas`\n"


@pytest.mark.parametrize("name,key", [("position", "steps"), ("train-position", "table"),
                                      ("variant", "sections"), ("glossary", "terms")])
def test_schema_files_are_draft_2020_12_with_a_title(name, key):
    doc = json.loads((SCHEMAS / f"{name}.schema.json").read_text())
    assert doc["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert doc["title"].startswith("Domino rulebook") and key in doc["properties"]
    jsonschema.Draft202012Validator.check_schema(doc)


def test_schemas_into_a_file_is_one_located_error(tmp_path, capsys):
    target = tmp_path / "a-file.json"
    target.write_text("{}")
    assert main(["schemas", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{shown(target)}:1:1: error: this is a file, not a folder") and target.read_text() == "{}"
