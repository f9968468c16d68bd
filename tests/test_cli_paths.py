"""Every message of ``rulebook check`` (its text lines and warnings), ``score``
and ``explain`` prints a file's path one way, however the file was named
or found: relative to the current folder when it lies under it, as given
otherwise."""

import json
import os

import pytest

from generator.cli.main import main

from conftest import rules_with

pytestmark = pytest.mark.engine


@pytest.fixture
def site(tmp_path, monkeypatch):
    """A site folder (the current folder) whose All Fives has a target of 10**30 and one of its
    positions names a game that is not there."""
    (tmp_path / "site").mkdir()
    rules = rules_with(tmp_path / "site", "all-fives")
    lines = (rules / "all-fives" / "variant.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
    row = next(i for i, ln in enumerate(lines) if ln.startswith("  target:"))
    lines[row] = "  target: 1" + "0" * 30 + "\n"
    (rules / "all-fives" / "variant.yaml").write_text("".join(lines), encoding="utf-8")
    pos = rules / "all-fives" / "positions" / "twenty.yaml"
    pos.write_text(pos.read_text(encoding="utf-8").replace("variant: all-fives", "variant: al-fives"),
                   encoding="utf-8")
    monkeypatch.chdir(tmp_path / "site")
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    return row + 1, next(i for i, ln in enumerate(pos.read_text().splitlines(), 1) if ln.startswith("variant:"))


def _errors(capsys, *args) -> list[str]:
    code = main(["check", "-q", *args])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    return err.strip().splitlines()


@pytest.mark.parametrize("how", ["rules/all-fives", "./rules/all-fives/", "rules//all-fives/.", "absolute", "none"])
def test_check_prints_a_file_relative_to_the_current_folder_however_named(site, capsys, how):
    target_line, variant_line = site
    arg = {"absolute": [os.path.abspath("rules/all-fives")], "none": []}.get(how, [how])
    lines = _errors(capsys, *arg)
    assert lines[0] == (f"rules/all-fives/variant.yaml:{target_line}:3: error: params.target should be at most "
                        "100,000, not a number of 31 digits")
    assert lines[1].startswith(f"rules/all-fives/positions/twenty.yaml:{variant_line}:10: error: unknown variant "
                               "'al-fives'")


def test_from_a_subfolder_the_path_goes_from_there(site, capsys, monkeypatch):
    target_line, _ = site
    monkeypatch.chdir("rules")
    assert _errors(capsys, "../rules/all-fives")[0].startswith(f"all-fives/variant.yaml:{target_line}:3: error: ")


def test_score_and_explain_print_it_alike(site, capsys):
    """(The JSON of ``check`` and ``score`` keeps each file as the command named it: data, not a message.)"""
    _, variant_line = site
    main(["check", "--format", "json", "./rules/all-fives/positions/twenty.yaml"])
    report = json.loads(capsys.readouterr().out)
    assert [p["file"] for p in report["problems"]] == ["rules/all-fives/positions/twenty.yaml"]
    assert main(["score", os.path.abspath("rules/all-fives/positions/twenty.yaml")]) == 1
    out = capsys.readouterr().out
    assert out.startswith(f"rules/all-fives/positions/twenty.yaml:{variant_line}:10: error: unknown variant")
    assert main(["explain", "./rules/all-fives/positions/twenty.yaml"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"rules/all-fives/positions/twenty.yaml:{variant_line}:10: error: unknown variant")


def test_a_file_outside_the_current_folder_is_printed_as_given(site, capsys, tmp_path):
    outside = tmp_path / "elsewhere.yaml"
    outside.write_text('variant: all-fives\nsteps:\n  - play: "9-9"\n')
    lines = _errors(capsys, str(outside))
    assert lines == [f"{outside}:3:11: error: '9-9' is not in a double-6 set (pips run from 0 to 6)"]
