"""Hostile input, round three: page parts a rule text could forge.

The page's scripts (``generator/assets/rulebook.js`` and ``play.js``) find
their parts by class, id and ``data-`` attribute: a practice position's
answer table, which they turn into buttons that say "that is one of the best
plays", and the region where "Play a hand" starts. A rule text that used
those names could forge either. The names are one list
(:mod:`generator.safety.hooks`), read here from the scripts themselves; a
rule text that uses one, however it writes it, is refused at its line, and
every other text of a rule file reaches the page as text."""

import re
import shutil
from html.parser import HTMLParser
from pathlib import Path

import pytest

from generator.cli.main import main
from generator.model import Catalog
from generator.safety import hooks, sanitize
from generator.site.build import generate

from conftest import ROOT, rules_with, shown

pytestmark = pytest.mark.engine

ASSETS = ROOT / "generator" / "assets"


# ---------------------------------------------------------------- the scripts' names are the list's

def _script_names() -> dict[str, set[str]]:
    """The classes, class patterns, ids and ``data-`` attributes the page's scripts name, read from
    their text: every ``rb-``/``md-`` word in a string, a selector or a pattern (a class, unless the
    script gives it as an id only), every class of a selector or given to an element (whatever its
    name), every id a script gives or looks up, every ``data-`` attribute."""
    text = "\n".join((ASSETS / name).read_text(encoding="utf-8") for name in hooks.SCRIPTS)
    code = re.sub(r"^\s*(//|/?\*).*$|/\*.*?\*/|//[^\n\"']*$", "", text, flags=re.M)   # comments out
    as_id = (re.findall(r"\.id = \"([^\"]+)\"", code) + re.findall(r"getElementById\(\"([^\"]+)\"", code)
             + re.findall(r"\"aria-(?:describedby|labelledby)\", \"([^\"]+)\"", code))
    as_pattern = re.findall(r"\\b((?:rb|md)-[a-z-]*-)\(", code)                # /\brb-game-([a-z0-9]...)/
    words = re.findall(r"(?<![\w-])((?:rb|md)-[A-Za-z0-9_-]*[A-Za-z0-9_])", code)
    # a word is a class unless each time it stands it is an id (a pattern's start, \brb-game-, is no word)
    classes = {w for w in words if words.count(w) > as_id.count(w)}
    # and every class a selector names, or a script looks for, gives or sets, whatever its name
    for selector in re.findall(r"(?:querySelector(?:All)?|closest|matches)\(\s*([\"'])(.*?)\1", code):
        classes |= set(re.findall(r"\.(-?[A-Za-z_][\w-]*)", selector[1]))
    for given in re.findall(r"(?:classList\.(?:add|remove|toggle|contains)\(|className = |class: |button\()\s*"
                            r"[\"']([^\"']*)[\"']", code):
        classes |= set(given.split())
    ids, patterns = set(as_id), set(as_pattern)
    attributes = set(re.findall(r"(?<![\w-])(data-[a-z][a-z-]*[a-z])", code))
    return {"classes": classes, "patterns": patterns, "ids": ids, "attributes": attributes}


def test_the_list_holds_exactly_what_the_scripts_name():
    """Whatever a script of the page acts on is in the list, and the list names nothing the scripts do not
    (a name the scripts stopped using is taken out, so the list stays their contract)."""
    names = _script_names()
    assert names["classes"] == hooks.CLASSES
    assert names["patterns"] == set(hooks.CLASS_PATTERNS)
    assert names["ids"] == hooks.IDS
    assert names["attributes"] == hooks.ATTRIBUTES


def test_the_reading_of_the_scripts_finds_the_parts_the_hunt_forged():
    """The reading above is no empty match: it finds the practice answer, the Play region and its game."""
    names = _script_names()
    assert {"rb-practice", "rb-answer", "rb-play", "rb-example", "rb-stepped"} <= names["classes"]
    assert "rb-game-" in names["patterns"] and "play-a-hand" in names["ids"]
    assert {"data-rb-play", "data-rb-move"} <= names["attributes"]


def test_every_name_the_scripts_act_on_is_refused_and_others_pass():
    """Each class, pattern, id and attribute of the list is found in a rule text's HTML; a class of the
    site's stylesheet (``rb-hand``) and one of the theme's (``md-typeset``) are refused too, and the plain
    classes a rule text uses (``question``, ``note``) are not."""
    for name in hooks.CLASSES | {p + "x" for p in hooks.CLASS_PATTERNS} | {"rb-hand", "md-typeset"}:
        assert hooks.reserved_in(f'<p class="note {name}">x</p>') == [f"the class {name!r}"]
    for name in hooks.IDS:
        assert hooks.reserved_in(f'<span id="{name}">x</span>') == [f"the id {name!r}"]
    for name in hooks.ATTRIBUTES:
        assert hooks.reserved_in(f'<span {name}="">x</span>') == [f"the attribute {name!r}"]
    assert hooks.reserved_in('<details class="question note"><summary id="why">?</summary></details>') == []


# ---------------------------------------------------------------- a rule text that uses one is refused

#: A practice block as the page writes one, forged: its table stars a play no engine checked (with the
#: script, choosing it would say "that is one of the best plays").
FORGED_PRACTICE = """\
<details class="rb-example rb-practice" markdown>
<summary>Practice: the best play</summary>
<details class="rb-answer" markdown>
<summary>Show the answer</summary>

| Play | Points |
|---|---:|
| **★ [0\\|1] anywhere** | **99** |
| [6\\|6] on the high end | 0 |

</details>
</details>"""

#: A second Play region, for another game (its heading would take the id the first one's has).
FORGED_PLAY = '<div class="rb-play rb-game-draw"></div>'

#: A club's house rule of Horse Race (to 101, not 61) with one section of its own; BODY stands for its
#: English text, which starts on line 10 (a block scalar: its first line is the line after ``en: |``),
#: indented 8.
HOUSE_RULE = """\
id: club-race
extends: horse-race
name: {ja: クラブの競馬, en: Club Horse Race}
sections:
  - id: club-notes
    title: {ja: クラブの約束, en: Club notes}
    body:
      ja: ふつうの文です。
      en: |
BODY
params: {target: 101}
"""


def _house_rule(rules: Path, body: str) -> Path:
    """``rules/club-race/variant.yaml`` with ``body`` (lines) as its section's English text, and two of
    Horse Race's positions as its own (a practice position and an example of four steps)."""
    folder = rules / "club-race"
    (folder / "positions").mkdir(parents=True)
    for name in ("practice-four-four", "four-steps"):
        text = (rules / "horse-race" / "positions" / f"{name}.yaml").read_text(encoding="utf-8")
        assert "\nvariant: horse-race\n" in text
        (folder / "positions" / f"{name}.yaml").write_text(text.replace("\nvariant: horse-race\n",
                                                                        "\nvariant: club-race\n"), encoding="utf-8")
    text = HOUSE_RULE.replace("BODY", "\n".join("        " + row for row in body.split("\n")))
    (folder / "variant.yaml").write_text(text, encoding="utf-8")
    return folder / "variant.yaml"


@pytest.fixture
def small_rules(tmp_path, monkeypatch):
    """Horse Race alone, in a rules folder of its own (the current folder)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    return rules_with(tmp_path, "horse-race")


# (body, its line that names a reserved part (1-based, counted in the body), a part the message names)
FORGERIES = {
    "a forged practice block": (FORGED_PRACTICE, 1, "the class 'rb-example'"),
    "a second Play region": ("Our club plays a hand at every meeting.\n\n" + FORGED_PLAY, 3, "the class 'rb-play'"),
    "an attribute list": ("Play well.\n{: .rb-practice }", 2, "the class 'rb-practice'"),
    "a class the template assembles": ("Text.\n\n<div class=\"{{ 'rb-' ~ 'play' }}\"></div>", 1,
                                       "the class 'rb-play'"),
    "a heading that takes the Play heading's id": ("Text.\n\n## Play a hand", 3, "the id 'play-a-hand'"),
    "an id the Play region gives": ('Text.\n\n<p id="rb-play-why">x</p>', 3, None),
    "a data attribute of Play": ('Text.\n\n<div data-rb-play="">x</div>', 3, None),  # (no data- at all)
    "a theme's class": ('Text.\n\n<p class="md-header">x</p>', 3, "the class 'md-header'"),
    # a worked example written by the macro, and changed by the template: the stars are no longer the engine's
    "an example changed by a filter": ('{{ position("practice-four-four") | replace("★ ", "") }}', 1,
                                       "the class 'rb-example'"),
    # an attribute list under a glossary link (the macro's) that makes its paragraph a Play region
    "an attribute list under a macro's link": ('Text.\n\nSee {{ term("double") }}\n{: .rb-play .rb-game-draw }', 4,
                                               "the class 'rb-play'"),
    # an example the macro wrote but the template kept to itself, and one forged in its place
    "an example kept back and forged": ('{% set kept = position("practice-four-four") %}\n' + FORGED_PRACTICE, 2,
                                        "the class 'rb-example'"),
}


@pytest.mark.whole_site
@pytest.mark.parametrize("case", list(FORGERIES))
def test_a_rule_text_that_names_a_scripts_part_is_refused_at_its_line(small_rules, capsys, case):
    """Each way of writing one of the scripts' names into a rule text is refused, located: the first error
    at the line of the body that names it (the body's line N is the file's line 9 + N, column 9), exit
    status 1 (a forged block of two parts may be two errors, one for each tag).
    A name the template assembles is not written on any line: it is refused at the body's first line.
    An id beginning ``rb-`` was refused before this round (the page's own ids), with its own words."""
    body, n, first = FORGERIES[case]
    path = _house_rule(small_rules, body)
    assert main(["check", "-q", str(path.parent)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{shown(path)}:{9 + n}:9: error: "), err
    assert all(row.startswith(f"{shown(path)}:") and ": error: " in row for row in err.splitlines())
    if first is not None:
        assert "belongs to the page's own parts" in err and first in err, err


@pytest.mark.whole_site
def test_the_same_names_are_refused_in_sources(small_rules, capsys):
    """A game's ``sources`` are a rule text too."""
    path = _house_rule(small_rules, "A plain line.")
    text = path.read_text(encoding="utf-8")
    # line 12 (after the `params:` line): `sources:`, 13: `ja:`, 14: `en: |`, 15: "None.", 16: the forged part
    path.write_text(text + "sources:\n  ja: 出典なし。\n  en: |\n        None.\n        " + FORGED_PLAY + "\n",
                    encoding="utf-8")
    assert main(["check", "-q", str(path.parent)]) == 1
    assert capsys.readouterr().err.startswith(f"{shown(path)}:16:9: error: the class 'rb-play' belongs to the page's")


@pytest.mark.whole_site
def test_a_section_may_not_take_the_play_headings_id(small_rules, capsys):
    """The "Play a hand" heading's id is a part the page makes itself, as ``sources`` is."""
    path = _house_rule(small_rules, "A plain line.")
    path.write_text(path.read_text(encoding="utf-8").replace("id: club-notes", "id: play-a-hand"), encoding="utf-8")
    assert main(["check", "-q", str(path.parent)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{shown(path)}:5:9: error: the section id 'play-a-hand' is the name of a part the page makes"), err


@pytest.mark.whole_site
def test_a_heading_made_of_a_macros_words_may_not_take_the_play_headings_id(small_rules, capsys):
    """A heading takes its id from its words: one made of a glossary term that reads "Play a hand" would
    take the id of the "Play a hand" heading, though the rule text writes neither the words nor the id.
    The term is added at the end of the glossary; the heading is the body's line 3 (the file's 12)."""
    glossary = small_rules / "glossary.yaml"
    glossary.write_text(glossary.read_text(encoding="utf-8").rstrip("\n") + "\n  - key: club-play\n"
                        "    ja: 1ハンド遊ぶ\n    reading: いちはんどあそぶ\n    en: Play a hand\n"
                        "    def: {ja: クラブで遊ぶこと。, en: Playing at the club.}\n", encoding="utf-8")
    path = _house_rule(small_rules, 'Text.\n\n## {{ term("club-play") }}\n\nMore text.')
    assert main(["check", "-q", str(path.parent)]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"{shown(path)}:12:9: error: the id 'play-a-hand' belongs to the page's own parts"), err


@pytest.mark.whole_site
def test_a_rule_text_may_still_hold_the_macros_parts_in_its_own_markup(small_rules, capsys):
    """What the macros write carries the scripts' names, and a rule text may place it anywhere, twice,
    inside its own plain classes; a heading "Play a hand" with an id of its own (as the guide says to
    write it) takes no id of the page's: ``check`` passes."""
    body = ('<details class="question" markdown>\n<summary>Which play?</summary>\n\n'
            '{{ position("practice-four-four") }}\n\n</details>\n\n{{ position("four-steps") }}\n\n'
            '{{ position("four-steps") }} {{ term("double") }}\n\n## Play a hand {: #our-games }\n\nAt the club.')
    _house_rule(small_rules, body)
    assert main(["check", "-q", str(small_rules)]) == 0, capsys.readouterr().err


# ---------------------------------------------------------------- every other text arrives as text

class _Parts(HTMLParser):
    """The classes of an HTML page's elements, counted."""

    def __init__(self):
        super().__init__()
        self.classes: dict[str, int] = {}

    def handle_starttag(self, tag, attrs):
        for c in (dict(attrs).get("class") or "").split():
            self.classes[c] = self.classes.get(c, 0) + 1


@pytest.mark.whole_site
def test_forged_parts_in_every_plain_text_reach_the_page_as_text(small_rules):
    """The forgeries in a game's name, summary and other names, a position's title, caption and note,
    a move's note and a glossary definition: the built page of Horse Race has one Play region, its own,
    and as many practice blocks as Horse Race has practice positions (three files with `practice:`),
    and the forged markup shows as characters."""
    forged = (FORGED_PLAY + " " + FORGED_PRACTICE.replace("\n", " ")).replace("'", "''")
    game = small_rules / "horse-race"
    variant = game / "variant.yaml"
    text = variant.read_text(encoding="utf-8")
    text = re.sub(r"^name: \{ja: (.*), en: .*\}$", lambda m: f"name: {{ja: {m.group(1)}, en: '{forged}'}}", text,
                  count=1, flags=re.M)
    variant.write_text(text, encoding="utf-8")
    first = game / "positions" / "first-tile.yaml"
    first.write_text(first.read_text(encoding="utf-8").replace(
        'steps:\n  - play: "1-4"\n',
        f"note: {{ja: '{forged}', en: '{forged}'}}\nsteps:\n  - play: \"1-4\"\n"
        f"    caption: {{ja: '{forged}', en: '{forged}'}}\n", 1), encoding="utf-8")
    glossary = small_rules / "glossary.yaml"
    glossary.write_text(re.sub(r"^( +en: )(A single domino\..*)$",
                               lambda m: f"{m.group(1)}'{forged} {m.group(2)}'",
                               glossary.read_text(encoding="utf-8"), count=1, flags=re.M), encoding="utf-8")
    assert main(["check", "-q", str(small_rules)]) == 0
    files = generate(Catalog(small_rules), png=False, with_stats=False)
    practice = [p for p in (game / "positions").glob("*.yaml") if "\npractice:" in p.read_text(encoding="utf-8")]
    assert len(practice) == 3
    for lang in ("ja", "en"):
        page = files[f"{lang}/gen/horse-race.md"].decode("utf-8")
        parts = _Parts()
        parts.feed(sanitize.markdown_html(page))
        assert parts.classes.get("rb-play") == 1
        assert parts.classes.get("rb-game-draw") is None and parts.classes.get("rb-game-horse-race") == 1
        assert parts.classes.get("rb-practice") == 3
        assert parts.classes.get("rb-answer") == 3
        if lang == "en":
            assert '# &lt;div class="rb-play rb-game-draw"&gt;&lt;/div&gt; &lt;details' in page   # the name, as written
    glossary_page = files["en/gen/glossary.md"].decode("utf-8")
    parts = _Parts()
    parts.feed(sanitize.markdown_html(glossary_page))
    assert "rb-play" not in parts.classes and "rb-practice" not in parts.classes
