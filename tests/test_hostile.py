"""Hostile input: very large files are refused before they are parsed, and
HTML or script written in any text field reaches the pages and the SVG
diagrams escaped (rule text, which is Markdown, refuses it: tests/bad/)."""

import os
import shutil
import subprocess
import time

import pytest

from generator.cli.main import main
from generator.model import Catalog
from generator.site.build import BuildError, generate

from conftest import MKDOCS, rules_with, shown, small_site

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


def test_a_file_over_the_size_limit_is_refused(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_text('variant: horse-race\nsteps:\n  - play: "1-4"\n' + "# padding\n" * 100_000)
    assert big.stat().st_size > 1_000_000
    assert main(["check", "-q", str(big)]) == 1
    assert capsys.readouterr().err == f"{shown(big)}:1:1: error: file is larger than 1000000 bytes\n"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    """Every text field of one position of each kind, a variant and the
    glossary carries a script tag; the pages are generated without PNGs.
    The rules folder holds the two games edited (Horse Race, Mexican Train)
    and the glossary: the other games' pages would hold none of the fields."""
    rules = rules_with(tmp_path_factory.mktemp("hostile"), "horse-race", "mexican-train")
    edits = {
        "horse-race/positions/lone-double.yaml": [("en: A double on its own", f'en: "{SCRIPT}"')],
        "horse-race/variant.yaml": [("name: {ja: ホースレース, en: Horse Race}",
                                     f'name: {{ja: ホースレース, en: "{SCRIPT}"}}')],
        "glossary.yaml": [("en: A single domino.", f"en: {SCRIPT} A single domino.")],
    }
    for rel, subs in edits.items():
        path = rules / rel
        text = path.read_text()
        for old, new in subs:
            assert old in text, (rel, old)
            text = text.replace(old, new, 1)
        path.write_text(text)
    # a note and a step caption on a placement, a move note on a hand, a note on a Mexican Train round
    pos = rules / "horse-race" / "positions" / "first-tile.yaml"
    pos.write_text(pos.read_text().replace(
        'steps:\n  - play: "1-4"\n',
        f'note: {{ja: "{SCRIPT}", en: "{SCRIPT}"}}\nsteps:\n  - play: "1-4"\n'
        f'    caption: {{ja: "{SCRIPT}", en: "{SCRIPT}"}}\n', 1))
    for rel in ("horse-race/positions/turn-double-continues.yaml", "mexican-train/positions/round-out.yaml"):
        path = rules / rel
        lines = path.read_text().split("\n")
        i = next(i for i, line in enumerate(lines) if line.startswith("  - {by:") or line.startswith("  - by:"))
        if lines[i].startswith("  - {by:"):
            lines[i] = lines[i].replace("{by:", f'{{note: {{ja: "{SCRIPT}", en: "{SCRIPT}"}}, by:', 1)
        else:
            lines.insert(i + 1, f'    note: {{ja: "{SCRIPT}", en: "{SCRIPT}"}}')
        path.write_text("\n".join(lines))
    assert main(["check", "-q", str(rules)]) == 0
    return generate(Catalog(rules), png=False, with_stats=False)


def test_no_generated_file_carries_the_script(hostile_site):
    assert not [name for name, data in hostile_site.items() if b"<script" in data]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_text_field_arrives_escaped(hostile_site, lang):
    page = hostile_site[f"{lang}/gen/horse-race.md"].decode()
    # the note, the caption (in the figure caption and image alt), the move note
    assert page.count(ESCAPED) >= 4
    assert ESCAPED in hostile_site[f"{lang}/gen/mexican-train.md"].decode()
    if lang == "en":
        assert f"# {ESCAPED}" in page                                     # the variant name
        assert ESCAPED in hostile_site["en/gen/glossary.md"].decode()     # a glossary definition
        assert ESCAPED in hostile_site["en/gen/family.md"].decode()       # the family overview names it
    svg = hostile_site[f"{lang}/gen/diagrams/horse-race/first-tile-1.svg"].decode()
    assert ESCAPED in svg                                                 # the caption is the SVG title


# A rule text's template that fails or would exhaust the machine while rendering: one located
# line, never a traceback; the memory bomb is refused before it is made. The template is the
# second line of Draw's first Japanese section body: rules/draw/variant.yaml line 18, column 9.
_POLICY = ("the site lets through only plain text, Markdown and a few harmless HTML elements (see the authoring "
           "guide, 'Rule text')")
HOSTILE_TEMPLATES = {
    # HTML assembled by the template, or decoded by Markdown, is judged as the page will hold it
    "script-from-codes": ('{{ "%c" % 60 }}script{{ "%c" % 62 }}alert(1){{ "%c" % 60 }}/script{{ "%c" % 62 }}',
                          f"the page may not hold a <script> element: {_POLICY}"),
    "split-event-attribute": ('{{ "%cimg src=x " % 60 }}{{ "onerror=alert(1)>" }}',
                              f'the page may not hold the attribute onerror="alert(1)" of <img>: {_POLICY}'),
    "entity-javascript-link": ("[x](jav&#97;script:alert(1))",
                               f'the page may not hold the address "javascript:alert(1)" of a link (<a href>): '
                               f'{_POLICY}'),
    "nested-loops": ("{% for a in range(100000) %}{% for b in range(100000) %}{% endfor %}{% endfor %}",
                     "template: the template does too much work (more than 200,000 steps; a loop inside a loop?)"),
    "divide-by-zero": ("{{ 1/0 }}", "template: ZeroDivisionError: division by zero"),
    "endless-macro": ("{% macro f() %}{{ f() }}{% endmacro %}{{ f() }}",
                      "template: RecursionError: maximum recursion depth exceeded"),
    "range-too-big": ("{% for x in range(99999999) %}{{x}}{% endfor %}",
                      "template: Range too big. The sandbox blocks ranges larger than "
                      "MAX_RANGE (100000)."),
    "string-bomb": ('{{ "x" * 500000000 }}',
                    "template: `*` would make a string of 500,000,000 characters; a rule text may make at most 100,000"),
    "list-bomb": ("{{ [0] * 100001 }}",
                  "template: `*` would make a list of 100,001 items; a rule text may make at most 100,000"),
    "power-bomb": ("{{ 2 ** 100000000 }}",
                   "template: `**` would make a number of 100,000,000 bits; a rule text may make at most 100,000"),
    "concatenation": ('{% set s = "x" * 60000 %}{{ s + s }}',
                      "template: `+` would make a string of 120,000 characters; a rule text may make at most 100,000"),
    "center-method": ('{{ "a".center(10**9) }}',
                      "template: `center` would make a string of about 1,000,000,000 characters; "
                      "a rule text may make at most 100,000"),
    "center-filter": ('{{ "a"|center(3000000000) }}',
                      "template: `center` would make a string of about 3,000,000,000 characters; "
                      "a rule text may make at most 100,000"),
    "format-width": ('{{ "{:>3000000000}".format("a") }}',
                     "template: `format` would make a string of about 3,000,000,015 characters; "
                     "a rule text may make at most 100,000"),
    "printf-width": ('{{ "%900000000s"|format("a") }}',
                     "template: `format` would make a string of about 900,000,012 characters; "
                     "a rule text may make at most 100,000"),
    "replace-filter": ('{{ ("a" * 1000)|replace("a", "b" * 1000) }}',
                       "template: `replace` would make a string of about 1,001,000 characters; "
                       "a rule text may make at most 100,000"),
    # the estimate counts the format, its widths and precisions, and the arguments (a "*" width takes one)
    "printf-star-width": ('{{ "%*d" % (1000000000, 1) }}',
                          "template: `%` would make a string of 1,000,000,013 characters; "
                          "a rule text may make at most 100,000"),
    "printf-precision": ('{{ "%.1000000000f" % 1 }}',
                         "template: `%` would make a string of 1,000,000,014 characters; "
                         "a rule text may make at most 100,000"),
    "format-filter-precision": ('{{ "%.1000000000f"|format(1) }}',
                                "template: `format` would make a string of about 1,000,000,014 characters; "
                                "a rule text may make at most 100,000"),
    "tilde-doubling": ('{% set ns = namespace(s="x") %}{% for i in range(40) %}{% set ns.s = ns.s ~ ns.s %}'
                       '{% endfor %}',
                       "template: `~` would make a string of 131,072 characters; a rule text may make at most 100,000"),
    # every field of a format counts the longest argument (a mapping's values too), and a digit as the
    # fill character does not hide the width after it
    "format-map-values": ('{% set x = "a" * 99000 %}{{ ("{a}" * 33000).format_map({"a": x}) | length }}',
                          "template: `format_map` would make a string of about 3,267,099,000 characters; "
                          "a rule text may make at most 100,000"),
    "format-fill-digit": ('{{ "{a:5>99999}{a:5>99999}".format(a=1) }}',
                          "template: `format` would make a string of about 200,022 characters; "
                          "a rule text may make at most 100,000"),
    "nested-width": ('{{ "{:{w}}".format(1, w=1000000) }}',
                     "template: `format` would make a string of about 2,000,013 characters; "
                     "a rule text may make at most 100,000"),
    "filler-text": ("{{ lipsum(100000) }}", "template: 'lipsum' is undefined"),
    # what the template writes is held to the characters a rule file may hold (located at the start of the
    # rule text: the character is in what the template made, not in what was written)
    "writes-a-bidi-override": ('{{ "\\u202e" }}evil.exe',
                               "template: the template writes U+202E, a bidirectional control character, which can "
                               "make a text show in another order than it is written: remove it", "start"),
    "writes-a-surrogate": ('{{ "%c" % 55296 }}',
                           "template: the template writes U+D800, half of a surrogate pair, which no page or "
                           "picture can show: remove it", "start"),
    "writes-escape": ('{{ "%c" % 27 }}[31mRED',
                      "template: the template writes U+001B, a control character, which no page or picture can "
                      "show: remove it", "start"),
    "theme-heading-id": ("## __config",
                         f'the page may not hold the attribute id="__config" of <h2>: {_POLICY}'),
    "picture-from-another-site": ("![t](https://evil.example/t.png)",
                                  'the page may not hold the address "https://evil.example/t.png" of a picture '
                                  f"(<img src>): {_POLICY}"),
    "number-too-large": ('{{ "%d" % 1e400 }}', "template: a number too large to write (such as 1e400)"),
    "join-filter": ('{{ ["x", "y", "z"]|join("-" * 60000) }}',
                    "template: `join` would make a string of about 180,003 characters; "
                    "a rule text may make at most 100,000"),
}
_DRAW_FIRST_LINE = "        ドローは、ダブルシックスのドミノを2人で遊ぶ"
#: Where that line stands in rules/draw/variant.yaml (0-based): the template goes on the line after,
#: which is line _FIRST_INDEX + 2 of the file, 1-based.
_FIRST_INDEX = 32
_AT = f"{_FIRST_INDEX + 2}:9"


def _rules_with_template(root, template):
    """A rules folder under ``root`` holding the glossary and Draw, whose
    page's first section holds ``template`` on a line of its own."""
    rules = rules_with(root, "draw")
    path = rules / "draw" / "variant.yaml"
    lines = path.read_text().split("\n")
    first = next(i for i, line in enumerate(lines) if line.startswith(_DRAW_FIRST_LINE))
    assert first == _FIRST_INDEX
    lines.insert(first + 1, "        " + template)
    path.write_text("\n".join(lines))
    return rules, path


@pytest.mark.parametrize("name", HOSTILE_TEMPLATES)
def test_a_hostile_template_is_one_located_error(name, tmp_path, capsys):
    template, message, *where = HOSTILE_TEMPLATES[name]
    at = f"{_FIRST_INDEX + 1}:9" if where == ["start"] else _AT
    rules, path = _rules_with_template(tmp_path, template)
    started = time.process_time()
    assert main(["check", "-q", str(rules)]) == 1
    assert time.process_time() - started < 20
    assert capsys.readouterr() == ("", f"{shown(path)}:{at}: error: {message}\n")
    with pytest.raises(BuildError) as info:
        generate(Catalog(rules), png=False, with_stats=False)
    assert [str(e) for e in info.value.errors] == [f"{shown(path)}:{at}: error: {message}"]


def test_templates_within_the_limits_still_work(tmp_path):
    rules, _ = _rules_with_template(tmp_path, '{{ "ab" * 3 }} {{ 2 ** 10 }} {{ 6 * 7 }} {{ [1] + [2] }} '
                                              '{{ ("x" * 100000) | length }} {{ 10 / 4 }} {{ "ab"|center(6) }}|'
                                              '{{ "{:>4}".format(7) }}|{{ "a-b"|replace("-", "+") }}|'
                                              '{{ [1, 2]|join(", ") }}|{{ "a" ~ 1 ~ "b" }}|{{ "%03d" % 7 }}|'
                                              '{{ "%s-%s" % ("x", "y") }}|{{ 17 % 5 }}')
    files = generate(Catalog(rules), png=False, with_stats=False)
    assert "ababab 1024 42 [1, 2] 100000 2.5   ab  |   7|a+b|1, 2|a1b|007|x-y|2\n" in files["ja/gen/draw.md"].decode()


def test_mkdocs_build_reports_a_hostile_template_without_a_traceback(tmp_path):
    """Through MkDocs and the plugin: a club's site whose one game, Draw, holds the template."""
    work = small_site(tmp_path / "club")
    shutil.rmtree(work / "rules")
    _, path = _rules_with_template(work, HOSTILE_TEMPLATES["string-bomb"][0])
    res = subprocess.run(MKDOCS + ["build", "-q"], cwd=work, capture_output=True, text=True,
                         env=dict(os.environ, NO_MKDOCS_2_WARNING="1"))
    assert res.returncode != 0
    assert "Traceback" not in res.stderr
    assert f"rules/draw/variant.yaml:{_AT}: error: {HOSTILE_TEMPLATES['string-bomb'][1]}" in res.stderr
    assert not (work / "site").exists()
