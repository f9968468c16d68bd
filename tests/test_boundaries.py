"""Rule files are untrusted, round two (issue 30): every line a person or a CI
runner reads is one printable line; nothing outside the rules folder is
opened; work stays bounded by the input's size; numbers are bounded; a body
attribute cannot reorder text or take the page's own ids; a club's game that
replaces a standard one leaves out the standard house rules built on it."""

import json
import os
import re
import shutil
import subprocess
import sys
import time
import unicodedata
from pathlib import Path

import pytest

from generator.base import report
from generator.cli.main import main
from generator.model import Catalog
from generator.site.build import BuildError, generate

from conftest import MKDOCS, RULES, shown, small_site

#: A character no line of output may hold raw: controls (but the line break ending a line),
#: line and paragraph separators, format characters, lone surrogates.
_RAW = re.compile("[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff\ud800-\udfff]")


def _lines_are_safe(text: str, github: bool = False) -> None:
    """No raw control or format character; no line a runner would read as a
    workflow command, except the annotations of ``--format github``."""
    assert not _RAW.search(text), repr(_RAW.search(text).group())
    for line in text.splitlines():
        if line.startswith("::"):
            assert github and line.startswith("::error file="), line


@pytest.fixture
def small(tmp_path, monkeypatch):
    """Draw's folder and the glossary in ``tmp/rules`` (the current folder is ``tmp``)."""
    rules = tmp_path / "rules"
    rules.mkdir()
    shutil.copy(RULES / "glossary.yaml", rules / "glossary.yaml")
    shutil.copytree(RULES / "draw", rules / "draw")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    return rules


POSITION = "variant: draw\nsteps:\n  - play: \"3-5\"\n    expect: {raw: 0}\n"


def _hostile_messages(rules: Path) -> list[Path]:
    """Problems whose messages quote what an author wrote: a file name with a
    line break and a workflow command, one with an escape byte, one that is not
    UTF-8, a key with a line break, a template whose error quotes its value."""
    positions = rules / "draw" / "positions"
    made = []
    for name in ("x\n::add-mask::secret.yaml", "e\x1b[31mred.yaml", os.fsdecode(b"bad\xff.yaml")):
        (positions / name).write_text(POSITION, "utf-8")
        made.append(positions / name)
    (positions / "key.yaml").write_text(
        "variant: draw\nsteps:\n  - play: \"3-5\"\n    expect: {\"a\\n::error file=README.md,line=1::forged\": 1}\n")
    made.append(positions / "key.yaml")
    variant = rules / "draw" / "variant.yaml"
    text = variant.read_text("utf-8")
    variant.write_text(text.replace("        Draw is one of", "        {{ 'a\\n::add-mask::x' + 1 }} Draw is one of", 1),
                       "utf-8")
    return made


def test_every_message_of_check_is_one_printable_line_in_every_format(small, capsys):
    _hostile_messages(small)
    for fmt in ("text", "github", "json"):
        assert main(["check", "--format", fmt, str(small)]) == 1
        out, err = capsys.readouterr()
        _lines_are_safe(out, github=fmt == "github")
        _lines_are_safe(err)
        shown = out + err
        # each hostile text reached a message, shown escaped
        assert "x\\n::add-mask::secret.yaml" in shown.replace("%3A", ":") or "x\\\\n::add-mask::secret" in shown
        assert "\\x1b[31m" in shown or "\\u001b[31m" in shown
        if fmt == "json":
            problems = json.loads(out)["problems"]
            assert {p["file"] for p in problems} >= {str(small / "draw" / "positions" / "x\n::add-mask::secret.yaml")}
            assert any("'a\\n::error file=README.md,line=1::forged'" in p["message"] for p in problems)
        else:
            assert "'a\\n::error file=README.md,line=1::forged'" in shown.replace("%3A", ":").replace("%2C", ",")


def test_score_in_text_and_json_is_printable(small, capsys):
    made = _hostile_messages(small)
    assert main(["score", *map(str, made)]) == 1
    out, err = capsys.readouterr()
    _lines_are_safe(out)
    _lines_are_safe(err)
    assert main(["score", "--json", *map(str, made)]) == 1
    out, _ = capsys.readouterr()
    _lines_are_safe(out)
    assert [r["file"] for r in json.loads(out)] == [str(p) for p in made]


def test_the_build_log_is_printable(tmp_path):
    """Through MkDocs and the plugin, in a club's site whose one game, Draw, holds the hostile names."""
    site = small_site(tmp_path / "club", "draw")
    _hostile_messages(site / "rules")
    run = subprocess.run([*MKDOCS, "build", "-q"], cwd=site, capture_output=True, text=True, errors="surrogateescape",
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"}, timeout=600)
    assert run.returncode == 1
    _lines_are_safe(run.stdout)
    _lines_are_safe(re.sub(r"\x1b\[[0-9;]*m", "", run.stderr))   # (the theme's own colours aside)
    assert "x\\n::add-mask::secret.yaml" in run.stderr
    assert not (site / "site").exists()


def test_the_one_pattern_of_unsafe_characters_is_the_unicode_categories():
    """The writer's pattern (ranges, for speed) names exactly the characters
    of the categories Cc, Cf, Cs, Zl and Zp."""
    pattern = report._UNSAFE
    for n in range(sys.maxunicode + 1):
        c = chr(n)
        assert bool(pattern.fullmatch(c)) == (unicodedata.category(c) in ("Cc", "Cf", "Cs", "Zl", "Zp")), hex(n)


def test_printable_escapes_as_written():
    assert report.printable("a\nb\r\tc\x1b\u202e\udcff\U000e0041") == "a\\nb\\r\\tc\\x1b\\u202e\\xff\\U000e0041"
    assert json.loads(report.json_text({"k": "a\u2028\n\udcff"})) == {"k": "a\u2028\n\udcff"}


# -- the rules folder is a boundary ---------------------------------------------

SECRET = "hunter2-very-secret"


@pytest.fixture
def outside(tmp_path):
    """A folder outside the rules holding a secret, as YAML and as a game."""
    out = tmp_path / "outside"
    (out / "game").mkdir(parents=True)
    for f in (out / "secret.yaml", out / "game" / "variant.yaml"):
        f.write_text(f"id: draw\nsecret: {SECRET}\n")
    return out


@pytest.fixture
def opened():
    """The paths opened while the test runs (an audit hook)."""
    seen: list[str] = []
    active = [True]

    def hook(event, args):
        if active[0] and event == "open" and isinstance(args[0], (str, bytes, os.PathLike)):
            seen.append(os.fsdecode(args[0]))
    sys.addaudithook(hook)
    yield seen
    active[0] = False


def _outside_opened(seen: list[str], outside: Path) -> list[str]:
    return [p for p in seen if os.path.realpath(p).startswith(str(outside.resolve()))]


def test_links_out_of_the_rules_folder_are_refused_before_any_read(small, outside, capsys, opened):
    (small / "all-fives").mkdir()
    (small / "all-fives" / "variant.yaml").symlink_to(outside / "secret.yaml")
    (small / "draw" / "positions" / "leak.yaml").symlink_to(outside / "secret.yaml")
    os.replace(small / "glossary.yaml", small.parent / "glossary.yaml")
    (small / "glossary.yaml").symlink_to(outside / "secret.yaml")
    assert main(["check", str(small)]) == 1
    out, err = capsys.readouterr()
    assert SECRET not in out + err
    why = "this is a link leading out of the rules folder; it is not read (put the file or folder itself here)"
    for rel in ("all-fives/variant.yaml", "draw/positions/leak.yaml", "glossary.yaml"):
        assert f"{shown(small / rel)}:1:1: error: {why}" in err, rel
    assert _outside_opened(opened, outside) == []


@pytest.mark.parametrize("name", ["OUTSIDE/game", "../../outside/game", "../outside/game", "draw\n", "Draw"])
def test_a_variant_that_is_not_a_game_id_is_refused_before_any_path_is_made(small, outside, capsys, opened, name):
    name = name.replace("OUTSIDE", str(outside))
    pos = small / "draw" / "positions" / "where.yaml"
    pos.write_text(f"variant: {json.dumps(name)}\nsteps:\n  - play: \"3-5\"\n")
    assert main(["check", str(pos)]) == 1
    out, err = capsys.readouterr()
    assert err.splitlines()[0] == report.printable(
        f"{shown(pos)}:1:10: error: variant: {name!r} is not a game id: name a game by its folder's name (lower-case "
        f"letters, digits and single hyphens, like 'draw')")
    assert SECRET not in out + err
    assert _outside_opened(opened, outside) == []


def test_a_file_that_is_not_a_regular_file_or_not_utf8_named_is_located(small, capsys):
    positions = small / "draw" / "positions"
    os.mkfifo(positions / "pipe.yaml")                     # opening it would wait for ever
    (positions / os.fsdecode(b"caf\xe9.yaml")).write_text(POSITION)
    started = time.monotonic()
    assert main(["check", str(small)]) == 1
    assert time.monotonic() - started < 30
    err = capsys.readouterr().err
    assert f"{shown(positions / 'pipe.yaml')}:1:1: error: this is not a regular file (a device, pipe or socket?)" in err
    assert f"{shown(positions)}/caf\\xe9.yaml:1:1: error: the name of a position file must be" in err
    assert "Traceback" not in err


def test_names_match_as_a_whole_so_a_final_line_break_is_no_name(small, capsys):
    text = (small / "draw" / "variant.yaml").read_text("utf-8")
    (small / "draw" / "variant.yaml").write_text(text.replace("  - id: overview\n", '  - id: "overview\\n"\n', 1))
    assert main(["check", "-q", str(small)]) == 1
    assert "sections.0.id: 'overview\\n' is not a valid name" in capsys.readouterr().err


# -- work bounded by the input ---------------------------------------------------

def _timed_check(target: Path, capsys) -> str:
    started = time.monotonic()
    assert main(["check", "-q", str(target)]) == 1
    assert time.monotonic() - started < 10
    return capsys.readouterr().err


def test_a_long_list_with_a_true_in_it_is_refused_quickly(small, capsys):
    text = (small / "draw" / "variant.yaml").read_text("utf-8")
    players = "[" + ", ".join(str(n) for n in range(2, 20000)) + ", true]"
    (small / "draw" / "variant.yaml").write_text(text.replace("  players: [2]", f"  players: {players}", 1))
    started = time.monotonic()
    err = _timed_check(small, capsys)
    assert time.monotonic() - started < 2 + 3          # (the rest of the check is about a second)
    assert "params.players holds 19,999 items, more than 16" in err


def _with_rule_text(small: Path, body: str) -> Path:
    path = small / "draw" / "variant.yaml"
    text = path.read_text("utf-8")
    marker = "        Draw is one of"
    assert marker in text
    body = "\n".join("        " + row if row else "" for row in body.split("\n"))
    path.write_text(text.replace(marker, body + "\n\n" + marker, 1), "utf-8")
    return path


@pytest.mark.parametrize("body, message", [
    ("{% set big = 'x' * 100000 %}{% set l = [big] * 100000 %}{{ l|join }}",
     "template: `*` would make a list (written out) of 10,000,600,000 characters; a rule text may make at most 100,000"),
    ("{% set big = 'x' * 60000 %}{{ ''.join([big, big]) }}",
     "template: `join` would make a string of about 120,000 characters; a rule text may make at most 100,000"),
    ("{% set big = 'x' * 60000 %}{{ [big, big] }}",
     "template: `{{ ... }}` would write 120,010 characters or more; a rule text may make at most 100,000"),
    ("{% set big = 'x' * 90000 %}{% for i in range(2000) %}{{ big }}{% endfor %}",
     "template: the text would be longer than 100,000 characters (a rule text may make at most that; split it "
     "into sections)"),
])
def test_template_work_is_bounded_by_its_output(small, capsys, body, message):
    path = _with_rule_text(small, body)
    err = _timed_check(small, capsys)
    assert f"{shown(path)}:" in err and message in err


def test_open_brackets_are_refused_before_markdown_reads_them(small, capsys):
    path = _with_rule_text(small, "a[b " * 5000)
    err = _timed_check(small, capsys)
    assert f"{shown(path)}:" in err
    assert "the text leaves 5000 square brackets `[` open (at most 10)" in err
    path.write_text(path.read_text("utf-8").replace("a[b " * 5000, "`a[b` " * 50 + "[3|3] [x](draw.md)"), "utf-8")
    assert main(["check", "-q", str(small)]) == 0          # in code, or closed: read as usual


def test_a_long_chain_of_house_rules_is_refused_at_its_extends(small, capsys):
    """Each game extends the next, the last Draw: the seventeenth from Draw is refused, and the ones after it
    through it; the whole check stays quick."""
    n = 40
    for i in range(n):
        game = small / f"h{i:02d}"
        game.mkdir()
        parent = f"h{i + 1:02d}" if i < n - 1 else "draw"
        (game / "variant.yaml").write_text(f"id: h{i:02d}\nextends: {parent}\nname: {{ja: 家{i}, en: House {i}}}\n")
    err = _timed_check(small, capsys)
    # h39 is 1 step from Draw, h24 16 steps: h23 and every game before it are too far
    assert f"{shown(small / 'h23' / 'variant.yaml')}:2:10: error: `extends` leads through more than 16 games (h23 -> h24 " \
           f"-> h25 -> h26 -> ...); a house rule may stand at most 16 steps from a game with rules of its own" in err
    # (each game of the chain changes nothing of its parent, which is a warning at its `extends`, not an error)
    assert not [line for line in err.splitlines() if "h24/variant.yaml" in line and ": error: " in line]


def test_a_worked_example_draws_at_most_forty_tiles(small, capsys):
    steps = "".join(f"  - play: \"{a}-{a}\"\n" for a in range(41))
    pos = small / "draw" / "positions" / "long.yaml"
    pos.write_text("variant: draw\nsteps:\n" + steps)
    assert main(["check", "-q", str(pos)]) == 1
    assert capsys.readouterr().err == f"{shown(pos)}:43:5: error: steps holds 41 items, more than 40 (a diagram shows at " \
                                      f"most that many tiles)\n"


def test_a_number_longer_than_a_page_prints_is_refused_alike_by_check_and_build(small, capsys):
    pos = small / "draw" / "positions" / "huge.yaml"
    pos.write_text("variant: draw\nsteps:\n  - play: \"3-5\"\n    expect: {raw: " + "9" * 4300 + "}\n")
    assert main(["check", "-q", str(small)]) == 1
    message = f"{shown(pos)}:4:14: error: steps.0.expect.raw should be at most 1,000,000, not a number of 4,300 digits"
    assert capsys.readouterr().err == message + "\n"
    with pytest.raises(BuildError) as exc:
        generate(Catalog(small), png=False, with_stats=False)
    assert [str(e) for e in exc.value.errors] == [message]


# -- attributes ---------------------------------------------------------------------

@pytest.mark.parametrize("body, message", [
    ('10 + 5 = 15\n{: dir="rtl" }', "an attribute list may not set `dir`"),
    ("A fake part.\n{: #sources }", "the id 'sources' is one the page gives a part of its own"),
    ('<span id="ex-double-ordinary">x</span>', "the id 'ex-double-ordinary' is one the page gives a part of its own"),
])
def test_a_body_attribute_may_not_reorder_text_or_take_an_id_of_the_page(small, capsys, body, message):
    path = _with_rule_text(small, body)
    err = _timed_check(small, capsys)
    assert f"{shown(path)}:" in err and message in err


def test_html_inside_code_is_shown_as_text_not_refused(small, capsys):
    """A code span shows what it holds as characters: nothing in it is markup,
    so nothing in it is refused (the site's Markdown has no fenced blocks:
    three backticks open a span like one does, across lines of a paragraph)."""
    _with_rule_text(small, "Write `<script>alert(1)</script>` to see nothing, or\n"
                           "```a <b onclick=\"x\">bold</b>\nword```.")
    assert main(["check", "-q", str(small)]) == 0, capsys.readouterr().err
    files = generate(Catalog(small), png=False, with_stats=False)
    page = files["en/gen/draw.md"].decode()
    assert "`<script>alert(1)</script>`" in page and '```a <b onclick="x">bold</b>' in page


# -- club sites ------------------------------------------------------------------------

def test_a_club_game_replacing_a_standard_one_leaves_out_the_standard_house_rules_on_it(tmp_path, capsys):
    site = tmp_path / "club"
    assert main(["init", str(site)]) == 0
    capsys.readouterr()
    shutil.copytree(RULES / "all-fives", site / "rules" / "all-fives")
    variant = site / "rules" / "all-fives" / "variant.yaml"
    text = variant.read_text("utf-8")
    assert "  counting: fives\n" in text
    variant.write_text(text.replace("  counting: fives\n", "  counting: ends\n", 1), "utf-8")
    cat = Catalog(site / "rules", standard_pages=True)
    assert cat.dropped_shipped() == {"five-up": "all-fives", "fives-and-threes": "all-fives",
                                    "all-fives-spinner": "all-fives"}
    assert "five-up" not in cat.listed_ids() and "draw" in cat.listed_ids()


@pytest.mark.parametrize("how", ["link", "dot"])
def test_init_writes_into_an_empty_folder_named_by_a_link_or_as_the_current_one(tmp_path, monkeypatch, capsys, how):
    real = tmp_path / "real"
    real.mkdir()
    if how == "link":
        (tmp_path / "link").symlink_to(real)
        assert main(["init", str(tmp_path / "link")]) == 0
    else:
        monkeypatch.chdir(real)
        assert main(["init", "."]) == 0
    assert (real / "mkdocs.yml").is_file() and (real / "rules" / "glossary.yaml").is_file()
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


# -- fuzz: controls everywhere, big lists, deep chains ------------------------------

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

_CONTROLS = st.text(alphabet=st.sampled_from(list("\n\r\t\x1b\x00\x7f\x85\u2028\u202e\u200b\ufeff:%,a-"))
                    | st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=10)
_FUZZ = dict(max_examples=12, deadline=None, derandomize=True,
             suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])


def _fresh(tmp_path_factory) -> Path:
    rules = tmp_path_factory.mktemp("fz") / "rules"
    rules.mkdir()
    shutil.copy(RULES / "glossary.yaml", rules / "glossary.yaml")
    shutil.copytree(RULES / "draw", rules / "draw")
    return rules


def _all_formats_safe(rules: Path, capsys) -> None:
    for fmt in ("text", "github", "json"):
        started = time.monotonic()
        main(["check", "--format", fmt, str(rules)])
        assert time.monotonic() - started < 10
        out, err = capsys.readouterr()
        _lines_are_safe(out, github=fmt == "github")
        _lines_are_safe(err)
        if fmt == "json":
            json.loads(out)


@settings(**_FUZZ)
@given(text=_CONTROLS, where=st.sampled_from(["file", "key", "value", "title", "variant"]))
def test_fuzzed_controls_in_names_keys_and_texts_never_reach_a_line_raw(tmp_path_factory, capsys, text, where):
    rules = _fresh(tmp_path_factory)
    positions = rules / "draw" / "positions"
    quoted = json.dumps(text)
    name, body = "fuzz.yaml", POSITION
    if where == "file":
        name = text.replace("/", "-") + ".yaml"
    elif where == "key":
        body = POSITION.replace("{raw: 0}", "{" + quoted + ": 0}")
    elif where == "value":
        body = POSITION.replace('"3-5"', quoted)
    elif where == "title":
        body = POSITION + f"title: {{ja: {quoted}, en: {quoted}}}\n"
    else:
        body = POSITION.replace("variant: draw", f"variant: {quoted}")
    try:
        (positions / name).write_text(body, "utf-8")
    except (OSError, ValueError):           # a name the file system refuses (NUL, too long)
        return
    _all_formats_safe(rules, capsys)


@settings(**_FUZZ)
@given(size=st.integers(17, 30000), extra=st.sampled_from(["true", "1", "'x'", "[2]", "2"]))
def test_fuzzed_big_lists_are_refused_quickly_and_located(tmp_path_factory, capsys, size, extra):
    rules = _fresh(tmp_path_factory)
    variant = rules / "draw" / "variant.yaml"
    players = "[" + ", ".join(["2"] * size) + f", {extra}]"
    variant.write_text(variant.read_text("utf-8").replace("  players: [2]", f"  players: {players}", 1))
    started = time.monotonic()
    assert main(["check", "-q", str(rules)]) == 1
    assert time.monotonic() - started < 5
    err = capsys.readouterr().err
    assert f"{shown(variant)}:10:" in err and f"params.players holds {size + 1:,} items, more than 16" in err
    assert len(err.splitlines()) <= 51 + 5


@settings(**{**_FUZZ, "max_examples": 6})
@given(depth=st.integers(1, 60), circle=st.booleans())
def test_fuzzed_chains_of_extends_end_in_a_located_answer(tmp_path_factory, capsys, depth, circle):
    rules = _fresh(tmp_path_factory)
    for i in range(depth):
        game = rules / f"c{i:02d}"
        game.mkdir()
        parent = f"c{i + 1:02d}" if i < depth - 1 else ("c00" if circle else "draw")
        (game / "variant.yaml").write_text(f"id: c{i:02d}\nextends: {parent}\nname: {{ja: 家, en: House}}\n")
    started = time.monotonic()
    status = main(["check", "-q", str(rules)])
    assert time.monotonic() - started < 10
    err = capsys.readouterr().err
    if circle:
        assert status == 1 and ("goes round in a circle" in err or "more than 16 games" in err)
    elif depth <= 16:
        assert status == 0, err
    else:
        assert status == 1 and err.count("leads through more than 16 games") == depth - 16
    for line in err.splitlines():
        assert re.match(r"^.+:\d+:\d+: (error|warning): \S", line), line
