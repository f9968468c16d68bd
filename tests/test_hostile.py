"""Hostile input: very large files are refused before they are parsed, and
HTML or script written in any text field reaches the pages and the SVG
diagrams escaped (rule text, which is Markdown, refuses it: tests/bad/)."""

import shutil

import pytest

from generator.cli import main
from generator.model import Catalog
from generator.pages import generate

from conftest import RULES

SCRIPT = "<script>alert(1)</script>"
ESCAPED = "&lt;script&gt;alert(1)&lt;/script&gt;"


def test_a_file_over_the_size_limit_is_refused(tmp_path, capsys):
    big = tmp_path / "big.yaml"
    big.write_text('variant: horse-race\nsteps:\n  - play: "1-4"\n' + "# padding\n" * 100_000)
    assert big.stat().st_size > 1_000_000
    assert main(["check", "-q", str(big)]) == 1
    assert capsys.readouterr().err == f"{big}:1:1: error: file is larger than 1000000 bytes\n"


@pytest.fixture(scope="module")
def hostile_site(tmp_path_factory):
    """Every text field of one position of each kind, a variant and the
    glossary carries a script tag; the pages are generated without PNGs."""
    rules = tmp_path_factory.mktemp("hostile") / "rules"
    shutil.copytree(RULES, rules)
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
