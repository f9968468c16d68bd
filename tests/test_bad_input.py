"""Author mistakes give one located line, never a traceback."""

import pytest

from generator.cli.main import main

CASES = [
    ("syntax", 'variant: horse-race\nsteps: [\n', "YAML syntax"),
    ("unknown key", 'variant: horse-race\nsteps:\n  - play: "1-4"\n    att: "x"\n', "did you mean 'at'"),
    ("bad tile", 'variant: horse-race\nsteps:\n  - play: "1-9"\n', "not in a double-6 set"),
    ("unknown variant", 'variant: horse-racing\nsteps:\n  - play: "1-4"\n', "unknown variant"),
    ("side branch early", 'variant: horse-race\nsteps:\n  - play: "4-4"\n  - play: "4-5"\n    at: "4-4:side-a"\n',
     "both straight sides"),
    ("closed end", 'variant: horse-race\nsteps:\n  - play: "1-4"\n  - play: "4-5"\n    at: "1-4:4"\n'
     '  - play: "4-6"\n    at: "1-4:4"\n', "already joined"),
    ("python tag", 'variant: !!python/object/apply:os.system ["true"]\nsteps: []\n', "not allowed"),
    ("duplicate key", 'variant: horse-race\nvariant: horse-race\nsteps:\n  - play: "1-4"\n', "given twice"),
    ("wrong type", 'variant: horse-race\nsteps:\n  - play: 14\n', "should be a string"),
    ("out not empty", 'variant: horse-race\nsettle:\n  out: N\n  hands: {N: 3, E: 4}\n', "must be empty"),
    ("two kinds", 'variant: horse-race\nsteps:\n  - play: "1-4"\nsettle:\n  hands: {N: 1, E: 2}\n', "exactly one"),
    ("title of spaces", 'variant: horse-race\ntitle: {ja: "\u3000\u00a0 ", en: x}\nsteps:\n  - play: "1-4"\n',
     "the Japanese text of title holds only spaces"),
    ("no value", 'variant: horse-race\nsteps:\n  - play:\n', "should be a string, but no value is given"),
    ("alias bomb", "variant: horse-race\na: &a [1,1,1,1,1,1,1,1,1,1]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
     "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
     "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d,*d]\nf: [*e,*e,*e,*e,*e,*e,*e,*e,*e,*e]\n", "more than"),
]


@pytest.mark.parametrize("name,text,needle", CASES, ids=[c[0] for c in CASES])
@pytest.mark.engine
def test_bad_position_gives_one_located_line(tmp_path, capsys, name, text, needle):
    f = tmp_path / "p.yaml"
    f.write_text(text)
    code = main(["check", "-q", str(f)])
    out, err = capsys.readouterr()
    assert code == 1
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith(f"{f}:") and ": error: " in lines[0]
    assert needle in lines[0]
    assert "Traceback" not in err


MORE = [
    ("nul byte", 'variant: horse-race\n\x00\n', "NUL byte"),
    ("negative hand", 'variant: horse-race\nsettle:\n  out: N\n  hands: {N: 0, E: -5}\n', "pip total"),
    ("decimal hand", 'variant: horse-race\nsettle:\n  out: N\n  hands: {N: 0, E: 9.5}\n', "not a whole number"),
    ("huge integer", 'variant: horse-race\nsteps:\n  - play: "1-4"\n    expect: {total: ' + "9" * 5000 + '}\n', "bad value"),
    ("impossible pips", 'variant: horse-race\nsettle:\n  out: N\n  hands: {N: 0, E: 169}\n', "whole set"),
    ("scores miss a side", 'variant: horse-race\nsettle:\n  out: N\n  hands: {N: 0, E: 5}\n  scores: {N: 3}\n',
     "every side"),
    ("unknown top key", 'variant: horse-race\nstesp:\n  - play: "1-4"\n', "did you mean 'steps'"),
    ("deep nesting", 'variant: all-fives\nsteps:\n  - play: "2-3"\n    caption: ' + "[" * 600 + "]" * 600 + "\n",
     "nests too deeply"),
    ("nesting past the limit", 'variant: all-fives\nsteps:\n  - play: "2-3"\n    caption: ' + "[" * 50 + "]" * 50
     + "\n", "nests too deeply"),
    ("long number", 'variant: horse-race\nsteps:\n  - play: "1-4"\n    expect: {total: ' + "9" * 5000 + '}\n',
     "more than 4300 digits"),
    ("touch on the lead", 'variant: matador\nsteps:\n  - play: "1-6"\n    touch: 1\n', "takes no `touch`"),
    ("touch without a choice", 'variant: all-fives\nsteps:\n  - play: "2-4"\n  - play: "4-5"\n    at: "2-4:4"\n'
     '    touch: 4\n', "leave `touch` out"),
    ("touch on a pass", 'variant: block\ndeal:\n  players: [N, E]\n  leader: N\n'
     '  hands: {N: ["6-6", "0-0", "0-1", "0-2", "0-3", "0-4", "0-5"], E: ["0-6", "1-1", "1-2", "1-3", "1-4", "1-5",'
     ' "1-6"]}\n  stock: ["2-2", "2-3", "2-4", "2-5", "2-6", "3-3", "3-4", "3-5", "3-6", "4-4", "4-5", "4-6", "5-5",'
     ' "5-6"]\nturns:\n  - {by: N, play: "6-6"}\n  - {by: E, pass: true, touch: 3}\n', "`touch` goes with `play`"),
    ("unknown reject rule", 'variant: matador\nsteps:\n  - play: "3-3"\n  - play: "1-6"\n    at: "3-3:a"\n'
     '    reject: matador/nonsense\n', "unknown rule 'matador/nonsense'"),
    ("touch a missing pip", 'variant: matador\nsteps:\n  - play: "3-3"\n  - play: "1-6"\n    at: "3-3:a"\n'
     '    touch: 5\n', "[rule matador/touch]"),
]


@pytest.mark.parametrize("name,text,needle", MORE, ids=[c[0] for c in MORE])
@pytest.mark.engine
def test_more_bad_positions(tmp_path, capsys, name, text, needle):
    f = tmp_path / "p.yaml"
    f.write_text(text)
    code = main(["check", "-q", str(f)])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1 and needle in err, err
    code = main(["score", str(f), "--json"])
    out = capsys.readouterr().out
    import json
    assert code == 1 and "error" in json.loads(out)[0]


def test_devices_and_pipes_are_refused_without_reading(tmp_path, capsys):
    import os
    (tmp_path / "zero.yaml").symlink_to("/dev/zero")
    os.mkfifo(tmp_path / "pipe.yaml")
    assert main(["check", "-q", str(tmp_path / "zero.yaml"), str(tmp_path / "pipe.yaml")]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all("not a regular file" in line for line in err)


def test_folder_named_like_a_file(tmp_path, capsys):
    d = tmp_path / "x.yaml"
    d.mkdir()
    assert main(["score", str(d), "--json"]) == 1
    assert "folder" in capsys.readouterr().out


def _rules_copy(tmp_path):
    import shutil
    from conftest import RULES
    dest = tmp_path / "rules"
    shutil.copytree(RULES, dest)
    return dest


@pytest.mark.parametrize("old,new,needle", [
    ('{{ position("lone-double") }}', '{{ position("lone-double", colour=1) }}', "colour"),
    ('{{ position("lone-double") }}', '{{ term.__globals__ }}', "template"),
    ('{{ position("side-branches") }}', '{{ position("side-branches", steps=[99]) }}', "steps 1 to 9"),
    ('{{ legend() }}', '{{ term("no-such-term") }}', "no-such-term"),
    ("deal: {2: 7, 3: 6, 4: 5}", "deal: {two: 7, 3: 6, 4: 5}", "keyed by a number"),
    ("stock_reserve: 0", "stock_reserve: 30", "reserve"),
])
def test_variant_and_rule_text_mistakes_fail_check_once(tmp_path, capsys, old, new, needle):
    rules = _rules_copy(tmp_path)
    vy = rules / "horse-race" / "variant.yaml"
    text = vy.read_text()
    assert old in text
    vy.write_text(text.replace(old, new, 1))
    code = main(["check", "-q", str(rules)])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and needle in lines[0] and "variant.yaml:" in lines[0], err


def test_a_link_out_of_the_rules_folder_is_not_read(tmp_path, capsys):
    rules = _rules_copy(tmp_path)
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:root:/root:/bin/bash\n")
    link = rules / "draw" / "positions" / "pw.yaml"
    link.symlink_to(secret)
    assert main(["check", "-q", str(rules)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [f"{link}:1:1: error: this is a link leading out of the rules folder; it is not read "
                   "(put the file or folder itself here)"]
    # a link that stays inside the folder is read like any file
    link.unlink()
    link.symlink_to(rules / "draw" / "positions" / sorted(p.name for p in (rules / "draw" / "positions")
                                                           .glob("*.yaml"))[0])
    assert main(["check", "-q", str(rules / "draw")]) == 0


def test_a_folder_link_out_of_the_rules_folder_is_not_read(tmp_path, capsys):
    import shutil
    rules = _rules_copy(tmp_path)
    outside = tmp_path / "elsewhere"
    shutil.copytree(rules / "block", outside)            # a whole variant folder, outside
    (rules / "ext").symlink_to(outside)
    (rules / "draw" / "more").symlink_to(outside / "positions")
    assert main(["check", "-q", str(rules)]) == 1
    err = capsys.readouterr().err.strip().splitlines()
    tail = ":1:1: error: this is a link leading out of the rules folder; it is not read (put the file or folder itself here)"
    assert err == [f"{rules / 'draw' / 'more'}{tail}", f"{rules / 'ext'}{tail}"]


def test_a_file_named_itself_and_by_its_folder_is_checked_once(tmp_path, capsys):
    from conftest import ROOT

    wrong = tmp_path / "wrong.yaml"
    wrong.write_text('variant: horse-race\nsteps:\n  - play: "1-4"\n    expect: {total: 6}\n')
    assert main(["check", str(wrong), str(tmp_path)]) == 1
    err = capsys.readouterr().err
    assert err.count("stated 6") == 1 and "1 problem(s)" in err
    folder = ROOT / "rules" / "block" / "positions"
    n = len(list(folder.glob("*.yaml")))
    assert main(["check", str(next(iter(sorted(folder.glob("*.yaml"))))), str(folder)]) == 0
    assert f"{n} position(s) verified" in capsys.readouterr().err


def test_rules_folder_naming_one_game_is_one_clear_error(monkeypatch, capsys):
    from conftest import ROOT

    monkeypatch.setenv("RULEBOOK_RULES", str(ROOT / "rules" / "block"))
    assert main(["check"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "RULEBOOK_RULES names one game's folder" in err


def test_a_rules_folder_is_found_by_its_contents_whatever_its_name(tmp_path, monkeypatch, capsys):
    import shutil

    from conftest import ROOT

    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    copy = tmp_path / "my-rules"
    shutil.copytree(ROOT / "rules" / "draw", copy / "draw")
    shutil.copy(ROOT / "rules" / "glossary.yaml", copy / "glossary.yaml")
    text = (copy / "draw" / "variant.yaml").read_text()
    (copy / "draw" / "variant.yaml").write_text(text + "bogus_key: 1\n")
    monkeypatch.chdir(copy)
    assert main(["check", "draw/variant.yaml"]) == 1
    assert "unknown key 'bogus_key'" in capsys.readouterr().err


@pytest.mark.parametrize("style", ["flow", "block"])
def test_the_nesting_limit_is_forty_levels_on_both_sides(style):
    """``MAX_DEPTH`` is 40: a value nested 40 lists deep is read, one nested 41
    deep is refused at its line, with the limit named (both in flow style,
    ``[[...]]``, and in block style, one ``-`` per line)."""
    from generator.model.yamlsrc import MAX_DEPTH, SourceError, loads

    assert MAX_DEPTH == 40

    def nested(depth: int) -> str:
        if style == "flow":
            return "value: " + "[" * (depth - 1) + "1" + "]" * (depth - 1) + "\n"
        # "value:" is level 1; each "- " below it opens one more list
        return "value:\n" + "".join("  " * i + "-\n" for i in range(depth - 2)) + "  " * (depth - 2) + "- 1\n"

    src = loads(nested(40), "deep.yaml")
    value = src.data["value"]
    for _ in range(39 - 1):
        value = value[0]
    assert value == [1]
    with pytest.raises(SourceError) as refused:
        loads(nested(41), "deep.yaml")
    assert "nests too deeply (more than 40 levels)" in refused.value.message
    assert refused.value.line >= 1


def _test_script_head(dest, tail: str) -> None:
    """Write to ``dest`` the lines of scripts/test.sh before the suite runs, with the setup and the
    steps before the suite (rulebook check, the figures' check) replaced by doing nothing, then ``tail``."""
    from pathlib import Path

    script = (Path(__file__).resolve().parents[1] / "scripts" / "test.sh").read_text(encoding="utf-8")
    head = script.split("\n.venv/bin/python -m pytest", 1)[0]
    head = head.replace('cd "$(dirname "$0")/.."', "").replace("bash scripts/setup.sh", ":")
    head = "\n".join(":" if line.startswith(".venv/bin/") else line for line in head.splitlines())
    dest.write_text(head + "\n" + tail + "\n", encoding="utf-8")


def test_the_readme_test_command_requires_the_browser_unless_told_otherwise(tmp_path):
    """scripts/test.sh exports RULEBOOK_REQUIRE_BROWSER=1 unless the caller
    set it (to 0, to let the browser tests skip): run its first lines with the
    setup and the suite replaced by printing the value."""
    import subprocess

    _test_script_head(tmp_path / "t.sh", 'echo "$RULEBOOK_REQUIRE_BROWSER"')
    env = {"PATH": "/usr/bin:/bin"}
    assert subprocess.run(["bash", str(tmp_path / "t.sh")], env=env, capture_output=True, text=True).stdout == "1\n"
    env["RULEBOOK_REQUIRE_BROWSER"] = "0"
    assert subprocess.run(["bash", str(tmp_path / "t.sh")], env=env, capture_output=True, text=True).stdout == "0\n"


def test_the_quick_tier_leaves_out_the_tests_marked_full(tmp_path):
    """``scripts/test.sh --quick`` passes ``-m "not full"`` (and the arguments
    after it) to pytest; without ``--quick`` the arguments pass as given.
    Run its lines before the suite with the setup and the checks replaced by
    doing nothing, and print what pytest would get."""
    import subprocess
    from pathlib import Path

    _test_script_head(tmp_path / "t.sh", 'printf "%s|" "$@"')
    env = {"PATH": "/usr/bin:/bin"}

    def args(*given):
        return subprocess.run(["bash", str(tmp_path / "t.sh"), *given], env=env, capture_output=True,
                              text=True).stdout

    assert args("--quick") == "-m|not full|"
    assert args("--quick", "-x") == "-m|not full|-x|"
    assert args("tests/test_tiles.py") == "tests/test_tiles.py|"
    # the marker is given to the files the quick tier leaves out, and only to them
    from conftest import FULL_ONLY

    assert "test_browser.py" in FULL_ONLY and "test_tiles.py" not in FULL_ONLY
    assert all((Path(__file__).parent / name).is_file() for name in FULL_ONLY)



def test_html_in_a_text_shown_as_written_is_named_in_a_located_warning(tmp_path, capsys):
    """A game's name and summary, a section's title, a position's title, note
    and caption are shown as written (escaped, never markup): HTML there
    prints as literal text, so `check` names it at its line and column with
    the words of the rule text's check, as a warning (the page is safe, and
    angle brackets may be meant as text); a ``<`` that begins no tag
    (``5<6``, ``5 < 6``) is text and says nothing."""
    from conftest import rules_with, shown

    rules = rules_with(tmp_path, "draw")
    vy = rules / "draw" / "variant.yaml"
    text = vy.read_text(encoding="utf-8")
    for old, new in [("name: {ja: ドロー, en: Draw}", 'name: {ja: ドロー, en: "Draw <img src=x>"}'),
                     ("  en: The basic two-player", "  en: The basic 5<6 [x](javascript:alert(1)) two-player"),
                     ("title: {ja: 人数と牌, en: Players and tiles}",
                      "title: {ja: 人数と牌, en: Players <br> and tiles (5 < 6)}")]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    vy.write_text(text, encoding="utf-8")
    pos = rules / "draw" / "positions" / "double-ordinary.yaml"
    text = pos.read_text(encoding="utf-8")
    for old, new in [("  en: A double is an ordinary tile",
                      '  en: A double is an <em>ordinary</em> tile\nnote: {ja: メモです, en: "x <script>y</script>"}'),
                     ("      en: The double lies crosswise,", "      en: <div data-rb-play>x</div> The double lies,")]:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    pos.write_text(text, encoding="utf-8")
    tail = "in a {} is shown as written, never as markup; write plain text"
    at, p = shown(vy), shown(pos)
    expected = [f"{p}:8:22: warning: the HTML tag <em> " + tail.format("title"),
                f"{p}:9:25: warning: the HTML tag <script> " + tail.format("note"),
                f"{p}:18:11: warning: the HTML tag <div> " + tail.format("caption"),
                f"{at}:3:27: warning: the HTML tag <img> " + tail.format("name"),
                f"{at}:7:25: warning: a script URL in a summary is shown as written, never as a link; write plain "
                "text",
                f"{at}:45:35: warning: the HTML tag <br> " + tail.format("title")]
    assert main(["check", str(rules)]) == 0
    err = capsys.readouterr().err.splitlines()
    assert sorted(err[:-1]) == sorted(expected) and err[-1].endswith(", ok, 6 warning(s)")
    assert main(["check", str(pos)]) == 0                   # a file named alone: its own warnings
    assert capsys.readouterr().err.splitlines()[:-1] == expected[:3]
