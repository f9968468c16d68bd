"""Links in a site's rules, the last round: a link that leads round in a loop is a located error
like a dangling one (it used to raise ``RuntimeError: Symlink loop`` out of ``rulebook check``), and
a site whose ``rules/`` folder is itself a link is refused by the commands that write into it
(``rulebook new``, the build, which stores a game's figures beside its rules), with nothing written
where the link leads."""

import os
from pathlib import Path

from generator.cli.main import main

from conftest import CLUB_RULE, rules_with, shown, small_site

LOOP = "cannot read: Too many levels of symbolic links"


def _check(rules: Path, capsys) -> tuple[int, str]:
    capsys.readouterr()
    code = main(["check", str(rules)])
    return code, capsys.readouterr().err


def test_position_files_linked_to_each_other_are_located_errors(tmp_path, capsys):
    rules = rules_with(tmp_path, "draw")
    positions = rules / "draw" / "positions"
    os.symlink("loop2.yaml", positions / "loop1.yaml")
    os.symlink("loop1.yaml", positions / "loop2.yaml")
    code, err = _check(rules, capsys)
    assert code == 1 and "Traceback" not in err
    assert f"{positions / 'loop1.yaml'}:1:1: error: {LOOP}" in err
    assert f"{positions / 'loop2.yaml'}:1:1: error: {LOOP}" in err


def test_a_game_file_linked_to_itself_is_a_located_error(tmp_path, capsys):
    rules = rules_with(tmp_path, "draw")
    (rules / "selfish").mkdir()
    os.symlink("variant.yaml", rules / "selfish" / "variant.yaml")
    code, err = _check(rules, capsys)
    assert code == 1 and "Traceback" not in err
    assert f"{rules / 'selfish' / 'variant.yaml'}:1:1: error: {LOOP}" in err


def test_a_folder_linked_to_itself_is_no_game_and_breaks_nothing(tmp_path, capsys):
    """A link named like a game folder that leads to itself holds no game: the others are checked."""
    rules = rules_with(tmp_path, "draw")
    os.symlink("round", rules / "round")
    code, err = _check(rules, capsys)
    assert code == 0 and "Traceback" not in err


def test_a_rules_folder_that_is_a_link_is_refused_by_new_and_build(tmp_path, monkeypatch, capsys):
    site = small_site(tmp_path / "club")
    elsewhere = tmp_path / "elsewhere"
    (site / "rules").rename(elsewhere)
    os.symlink(elsewhere, site / "rules")
    (elsewhere / "fives-to-150").mkdir()
    (elsewhere / "fives-to-150" / "variant.yaml").write_text(CLUB_RULE, encoding="utf-8")
    before = sorted(p.relative_to(elsewhere) for p in elsewhere.rglob("*"))
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    capsys.readouterr()
    assert main(["new", "mine", "--extends", "draw"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{shown(site / 'rules')}:1:1: error: this is a link: the site's rules folder")
    assert main(["build", "--out", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert f"{shown(site / 'rules')}:1:1: error: this is a link" in err and "nothing was written" in err
    assert sorted(p.relative_to(elsewhere) for p in elsewhere.rglob("*")) == before   # no stats.json, no new game
    assert not (tmp_path / "out").exists()


def test_a_position_under_a_folder_linked_out_of_the_rules_folder_is_never_read(tmp_path, monkeypatch, capsys):
    """A folder under ``positions/`` that is a link leading out of the rules folder: checking the game, the
    folder or the file through it reports the link at the file and reads nothing of it."""
    rules = rules_with(tmp_path, "draw")
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "evil.yaml").write_text("this: [is not read\n", encoding="utf-8")
    os.symlink(outside, rules / "draw" / "positions" / "elsewhere")
    monkeypatch.chdir(tmp_path)
    for named in (rules / "draw", rules / "draw" / "positions" / "elsewhere" / "evil.yaml"):
        capsys.readouterr()
        code = main(["check", str(named)])
        err = capsys.readouterr().err
        assert code == 1 and "Traceback" not in err, (named, err)
        assert "link leading out of the rules folder" in err and "is not read" in err, (named, err)
        assert "[is not read" not in err and "mapping" not in err, (named, err)
