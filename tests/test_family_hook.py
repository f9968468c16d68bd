"""A family of games written outside the package joins the registry through
``RULEBOOK_FAMILIES`` (generator/engine/family.py), with no file of the
package changed: the registry lists it after the shipped families, finds it
by name, and offers it as a value of the ``layout`` choice; with the words it
brings (``Family.words``), a game of it in a rules folder of its own is
checked by ``rulebook check``, and drawn and listed (home page, options page)
by a club's site build."""

import os
import shutil
import subprocess
import sys

import pytest

from conftest import ROOT, shown
from generator.base.i18n import add_words, messages
from generator.engine.family import FAMILY_MODULES

#: A fixture family (not shipped): one line of play under another name, in a folder of its own.
SOLO = '''\
"""A fixture family: one line of play, registered from outside the package."""
from generator.engine.family import register
from generator.families.line import LineFamily


class SoloFamily(LineFamily):
    name = "solo"
    noun = "a solitary line"


SOLO = register(SoloFamily())
'''

ASK = ("from generator.engine.family import families, family_of; from generator.engine.choices import INFO; "
       "print([f.name for f in families()]); print(family_of('solo').noun); print(list(INFO['layout'].values))")


def _fresh(tmp_path, **env):
    run = subprocess.run([sys.executable, "-c", ASK], capture_output=True, text=True, cwd=tmp_path,
                         env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(tmp_path / "families")]), **env})
    return run


def test_a_family_from_a_folder_of_its_own_is_registered_listed_and_a_layout(tmp_path):
    (tmp_path / "families").mkdir()
    (tmp_path / "families" / "solo.py").write_text(SOLO, encoding="utf-8")
    shipped = [m.rsplit(".", 1)[-1] for m in FAMILY_MODULES]         # each module is named after its family
    run = _fresh(tmp_path, RULEBOOK_FAMILIES="solo")
    assert run.returncode == 0, run.stderr
    names, noun, layouts = run.stdout.splitlines()
    assert names == repr(shipped + ["solo"]) and noun == "a solitary line" and layouts == names
    # without the variable the package's families alone, and the fixture's name is unknown
    run = _fresh(tmp_path, RULEBOOK_FAMILIES="")
    assert run.returncode == 1 and f"no family of games 'solo' (known: {', '.join(shipped)})" in run.stderr


#: The fixture family with the words it needs and the catalogs lack: its ``layout`` value's and its
#: comparison table's heading and sentence (the authoring guide, "How to add a family").
SOLO_WORDS = SOLO.replace('    noun = "a solitary line"\n', '''    noun = "a solitary line"
    words = {"en": {"choice": {"layout=solo": "a solitary line"},
                    "overview": {"family_solo": "A solitary line", "family_solo_about": "One player joins the tiles."}},
             "ja": {"choice": {"layout=solo": "ひとりの列"},
                    "overview": {"family_solo": "ひとりの列", "family_solo_about": "ひとりで牌をつなぎます。"}}}
''')

#: A game of the fixture family: the fewest keys a game needs, its rule choices those of Draw.
GAME = """\
id: solo
name: {ja: ひとり列, en: Solo Line}
summary:
  ja: 牌を一列につなぐ練習です。
  en: A practice in joining tiles in one line.
params:
  set: 6
  players: [2]
  deal: {2: 7}
  stock_reserve: 2
choices:
  layout: solo
  lead: black
  matching: equal
  doubles: cross
  spinners: none
  side_branches: after-straight
  draw: until-playable
  counting: ends
  scoring: none
  legal_totals: any
  continuation: none
  settlement: none
  ties: nobody-wins
sections:
  - id: overview
    title: {ja: 概要, en: Overview}
    body:
      ja: |
        端の数と同じ数の半面を合わせて、牌をつなぎます。

        {{ position("first-joins") }}
      en: |
        Join a tile to an end by matching numbers.

        {{ position("first-joins") }}
sources:
  ja: この試験のために作った遊びです。
  en: A game made up for this test.
"""

#: A position of it, worked by hand: the 3-5 leads (open ends 3 and 5); the 1-3 joins the 3 by its 3,
#: leaving the 1 and the 5 open. The game scores nothing (``scoring: none``): raw 0 and 0 points.
POSITION = """\
variant: solo
title:
  ja: 3の端に3をつなぐ
  en: A three joins the three end
steps:
  - play: "3-5"
    expect: {open: ["3-5:3", "3-5:5"], raw: 0, points: 0}
  - play: "1-3"
    at: "3-5:3"
    expect: {open: ["1-3:1", "3-5:5"], raw: RAW, points: 0}
"""


def _git_status() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT,
                          capture_output=True, text=True, check=True).stdout


@pytest.fixture(scope="module")
def solo_site(tmp_path_factory):
    """A temporary folder holding the fixture family's module (``families/``) and a rules folder with
    one game of it (``rules/solo/``, the shipped glossary beside it), and the environment that runs
    ``rulebook`` there with the family registered."""
    site = tmp_path_factory.mktemp("solo-site")
    (site / "families").mkdir()
    (site / "families" / "solo.py").write_text(SOLO_WORDS, encoding="utf-8")
    rules = site / "rules"
    (rules / "solo" / "positions").mkdir(parents=True)
    (rules / "glossary.yaml").write_text((ROOT / "rules" / "glossary.yaml").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    (rules / "solo" / "variant.yaml").write_text(GAME, encoding="utf-8")
    (rules / "solo" / "positions" / "first-joins.yaml").write_text(POSITION.replace("RAW", "0"), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(site / "families")]),
           "RULEBOOK_FAMILIES": "solo", "RULEBOOK_RULES": str(rules)}
    return site, env


def _rulebook(site, env, *args):
    return subprocess.run([sys.executable, "-m", "generator.cli", *args], capture_output=True, text=True,
                          cwd=site, env=env)


def test_a_game_of_a_family_from_its_folder_is_checked_and_a_wrong_value_located(solo_site):
    site, env = solo_site
    before = _git_status()
    run = _rulebook(site, env, "check")
    assert run.returncode == 0, run.stderr
    assert "1 position(s) verified, ok" in run.stdout + run.stderr
    # a wrong stated value: the check names the file, the line and the column of the value
    wrong = site / "wrong"
    (wrong / "solo" / "positions").mkdir(parents=True)
    (wrong / "glossary.yaml").write_text((site / "rules" / "glossary.yaml").read_text(encoding="utf-8"),
                                         encoding="utf-8")
    (wrong / "solo" / "variant.yaml").write_text(GAME, encoding="utf-8")
    bad = wrong / "solo" / "positions" / "first-joins.yaml"
    bad.write_text(POSITION.replace("RAW", "4"), encoding="utf-8")
    run = _rulebook(site, {**env, "RULEBOOK_RULES": str(wrong)}, "check")
    assert run.returncode == 1
    assert f"{shown(bad, site)}:10:40: error: step 2 (1-3) raw: stated 4, the engine computes 0" in run.stderr
    assert "Traceback" not in run.stderr
    assert _git_status() == before


def test_a_game_of_a_family_from_its_folder_is_drawn_and_listed(solo_site):
    # a club's site (rulebook init) with the game of the fixture family in its rules folder and none of
    # the standard games' pages, built as a club builds it (mkdocs build)
    site, env = solo_site
    before = _git_status()
    club = site / "club"
    run = _rulebook(site, env, "init", str(club))
    assert run.returncode == 0, run.stderr
    shutil.copytree(site / "rules" / "solo", club / "rules" / "solo")
    config = club / "mkdocs.yml"                                # its only pages: the game of the family
    text = config.read_text(encoding="utf-8")
    assert "standard_games: pages" in text
    config.write_text(text.replace("standard_games: pages", "standard_games: extend-only"), encoding="utf-8")
    env = {key: value for key, value in env.items() if key != "RULEBOOK_RULES"}
    run = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(site / "built")],
                         capture_output=True, text=True, cwd=club, env=env)
    assert run.returncode == 0, run.stderr
    built = site / "built"
    for lang, home, name, title, layout in (("en", "en", "Solo Line", "A three joins the three end", "a solitary line"),
                                            ("ja", "", "ひとり列", "3の端に3をつなぐ", "ひとりの列")):
        page = built / home / "gen" / "solo" / "index.html"
        text = page.read_text(encoding="utf-8")
        assert title in text                                    # the worked position on the game's page
        for step in (1, 2):                                     # one diagram a step, drawn
            drawn = built / home / "gen" / "diagrams" / "solo" / f"first-joins-{step}.svg"
            assert drawn.read_text(encoding="utf-8").startswith("<svg")
            assert f'src="../diagrams/solo/first-joins-{step}.svg"' in text
        # the home page lists the game
        index = (built / home / "index.html").read_text(encoding="utf-8")
        assert 'href="gen/solo/"' in index and name in index
        # the options page lists the family as a value of the layout choice, in its words, with its game
        options = (built / home / "gen" / "options" / "index.html").read_text(encoding="utf-8")
        assert (f'<td><code class="rb-key">solo</code></td>\n<td>{layout}</td>\n'
                f'<td><a href="../solo/">{name}</a></td>') in options
    assert _git_status() == before                              # nothing written outside the temporary folder


def test_words_a_family_brings_must_come_in_every_language_and_change_no_text():
    with pytest.raises(ValueError, match="the family 'x': words must be given in ja, en"):
        add_words({"en": {"choice": {"layout=x": "x"}}}, "the family 'x'")
    with pytest.raises(ValueError, match="the family 'x': choice/layout=y not given in every language"):
        add_words({"en": {"choice": {"layout=x": "x", "layout=y": "y"}}, "ja": {"choice": {"layout=x": "x"}}},
                  "the family 'x'")
    glossary = messages("pages", "en")["glossary"]
    with pytest.raises(ValueError, match="the family 'x': the en catalog already has pages/glossary with another"):
        add_words({"en": {"pages": {"glossary": "Words"}}, "ja": {"pages": {"glossary": "用語集"}}}, "the family 'x'")
    assert messages("pages", "en")["glossary"] == glossary == "Glossary"
