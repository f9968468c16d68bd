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
    """A link named like a game folder that leads to itself holds no game: the others are checked,
    and the link is named in a warning."""
    rules = rules_with(tmp_path, "draw")
    os.symlink("round", rules / "round")
    code, err = _check(rules, capsys)
    assert code == 0 and "Traceback" not in err
    assert f"{rules / 'round'}:1:1: warning: this link leads to nothing (it leads round in a loop of links)" in err


DANGLING = "it is skipped (remove it, or make what it names)"


def test_links_leading_to_nothing_are_named_in_warnings(tmp_path, monkeypatch, capsys):
    """A link in the rules folder whose target does not exist (a game folder
    moved away, a note deleted) is skipped, as a link out of the folder is,
    but no longer in silence: one warning naming it, the exit stays 0 and
    every game is still checked; checking a game's folder names only the
    links under it. A dangling link named like a position file stays an
    error, one that says where it leads."""
    rules = rules_with(tmp_path, "draw")
    os.symlink(tmp_path / "moved-away", rules / "my-game")
    os.symlink("gone.txt", rules / "draw" / "positions" / "notes.txt")
    monkeypatch.chdir(tmp_path)
    capsys.readouterr()
    code = main(["check", "rules"])
    err = capsys.readouterr().err
    assert code == 0 and err.splitlines() == [
        f"{shown('rules/draw/positions/notes.txt')}:1:1: warning: this link leads to nothing ('gone.txt' does not "
        f"exist); {DANGLING}",
        f"{shown('rules/my-game')}:1:1: warning: this link leads to nothing ({str(tmp_path / 'moved-away')!r} does "
        f"not exist); {DANGLING}",
        err.splitlines()[-1]]
    assert err.splitlines()[-1].endswith(" position(s) verified, ok, 2 warning(s)")
    assert not err.splitlines()[-1].startswith("rulebook check: 0 ")
    code = main(["check", "rules/draw"])
    err = capsys.readouterr().err
    assert code == 0 and err.count("warning:") == 1 and "notes.txt" in err
    os.symlink("gone.yaml", rules / "draw" / "positions" / "ghost.yaml")
    code = main(["check", "rules"])
    err = capsys.readouterr().err
    assert code == 1 and f"{shown('rules/draw/positions/ghost.yaml')}:1:1: error: this link leads to nothing " \
        "('gone.yaml' does not exist): remove it, or make what it names" in err
    assert err.count("warning:") == 2


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


def test_a_position_file_linked_to_nothing_is_one_error_saying_so(tmp_path, capsys):
    """A position file in positions/ that is a link to a file that does not exist is an error that
    names the link's target, not one telling the author to move the file to positions/, where it is."""
    rules = rules_with(tmp_path, "draw")
    link = rules / "draw" / "positions" / "dangling.yaml"
    os.symlink("../nowhere.yaml", link)
    code, err = _check(rules, capsys)
    assert code == 1 and "Traceback" not in err
    assert f"{link}:1:1: error: this link leads to nothing ('../nowhere.yaml' does not exist): remove it, " \
           "or make what it names" in err
    assert "positions/ beside it" not in err
