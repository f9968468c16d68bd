"""A club's own site: the standard games behind any rules folder, `rulebook init`, and a site that
only extends the standard games (issue 16). Built with the installed (editable) package; the wheel
itself is tried in test_wheel.py."""

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import yaml

from conftest import CLUB_POSITION as POSITION, CLUB_RULE as HOUSE_RULE, MKDOCS, ROOT, RULES
from generator.cli.main import main
from generator.model import Catalog

RULEBOOK = [sys.executable, "-m", "generator.cli.main"]

def club(tmp_path: Path, points: int = 10, standard: str | None = None) -> Path:
    """A new site made by `rulebook init`, with the house rule and its position."""
    site = tmp_path / "club"
    assert main(["init", str(site)]) == 0
    game = site / "rules" / "fives-to-150"
    (game / "positions").mkdir(parents=True)
    (game / "variant.yaml").write_text(HOUSE_RULE, encoding="utf-8")
    (game / "positions" / "ten.yaml").write_text(POSITION.replace("POINTS", str(points)), encoding="utf-8")
    if standard:
        config = site / "mkdocs.yml"
        text = config.read_text(encoding="utf-8")
        assert "standard_games: pages" in text
        config.write_text(text.replace("standard_games: pages", f"standard_games: {standard}"), encoding="utf-8")
    return site


def test_init_makes_a_site_with_both_languages_and_an_empty_rules_folder(tmp_path, capsys):
    site = tmp_path / "new"
    assert main(["init", str(site)]) == 0
    for rel in ("mkdocs.yml", "README.md", ".gitignore", "docs/ja/index.md", "docs/en/index.md",
                "rules/glossary.yaml", "docs/schemas/variant.schema.json", "docs/schemas/position.schema.json"):
        assert (site / rel).is_file(), rel
    assert yaml.safe_load((site / "rules" / "glossary.yaml").read_text(encoding="utf-8")) == {"terms": []}
    assert "rulebook new" in capsys.readouterr().out
    res = subprocess.run(RULEBOOK + ["check"], cwd=site, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "0 position(s) verified" in res.stderr


def test_init_refuses_a_folder_that_holds_files_and_writes_nothing(tmp_path, capsys):
    site = tmp_path / "taken"
    site.mkdir()
    (site / "notes.txt").write_text("ours", encoding="utf-8")
    assert main(["init", str(site)]) == 1
    err = capsys.readouterr().err
    assert "not empty" in err and str(site) in err
    assert [p.name for p in site.iterdir()] == ["notes.txt"]
    assert [p.name for p in tmp_path.iterdir()] == ["taken"]          # no half-made folder beside it
    assert main(["init", str(site / "notes.txt")]) == 1
    assert "is a file" in capsys.readouterr().err


def test_the_readme_of_a_new_site_names_every_standard_game(tmp_path):
    """The README that init writes lists the standard games from the games
    the package ships, not from a list of its own: every game of the
    repository's rules/ appears by its English name (read here from each
    variant.yaml). By hand: the three that a fixed list once left out, Cuban
    Dominoes, Texas 42 and Chicken Foot, are there, each on a line of its own
    (they extend no other game), and Five-Up on All Fives' line."""
    assert main(["init", str(tmp_path / "s")]) == 0
    readme = (tmp_path / "s" / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## The standard games"):]
    names = {p.parent.name: yaml.safe_load(p.read_text(encoding="utf-8"))["name"]["en"]
             for p in RULES.glob("*/variant.yaml")}
    assert len(names) >= 20
    missing = [vid for vid, name in names.items() if name not in section]
    assert missing == []
    lines = section.splitlines()
    for game in ("Cuban Dominoes", "Texas 42", "Chicken Foot"):
        assert any(line.startswith(f"- {game}") for line in lines), game
    assert next(line for line in lines if line.startswith("- All Fives")).count("Five-Up") == 1
    assert "<!--" not in readme


def test_the_readme_of_a_new_site_installs_everything_with_commands_that_exist(tmp_path):
    """The commands of the new site's README: the package from a wheel or
    the repository (never PyPI's name alone), Pyodide with npm ci (the lock
    file init writes beside package.json, the same Pyodide as this
    repository's), and every rulebook command one the CLI takes."""
    from generator.cli.main import build_parser

    assert main(["init", str(tmp_path / "s")]) == 0
    site = tmp_path / "s"
    readme = (site / "README.md").read_text(encoding="utf-8")
    commands = [line.split("  #")[0].strip() for block in re.findall(r"```sh\n(.*?)```", readme, re.S)
                for line in block.splitlines() if line.strip()]
    assert "npm ci" in commands
    pips = [c for c in commands if c.startswith("pip install")]
    assert pips and all(".whl" in c for c in pips) and "git+" in readme and "domino-rulebook" not in " ".join(pips)
    for c in commands:
        if c.startswith("rulebook "):
            build_parser().parse_args(c.split()[1:])
    assert "Without npm" in readme and "no \"Play a hand\"" in readme
    lock = json.loads((site / "package-lock.json").read_text(encoding="utf-8"))
    ours = json.loads((ROOT / "package-lock.json").read_text(encoding="utf-8"))
    assert lock["packages"][""]["dependencies"] == json.loads((site / "package.json").read_text())["dependencies"]
    assert lock["packages"]["node_modules/pyodide"] == ours["packages"]["node_modules/pyodide"]


def test_a_build_without_pyodide_warns_once_with_the_fix_and_builds_the_rest(tmp_path):
    """No Pyodide where the build looks (RULEBOOK_PYODIDE names an empty
    folder): a new site (strict: true, as init writes it) still builds, both
    languages, and the log has one WARNING line (not one per language) that
    says what is missing and the npm command that fixes it."""
    site = tmp_path / "s"
    assert main(["init", str(site)]) == 0
    config = site / "mkdocs.yml"
    config.write_text(config.read_text(encoding="utf-8").replace("standard_games: pages", "standard_games: extend-only"),
                      encoding="utf-8")               # no game pages: a quick build
    (tmp_path / "empty").mkdir()
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1", RULEBOOK_PYODIDE=str(tmp_path / "empty"))
    res = subprocess.run(MKDOCS + ["build"], cwd=site, env=env, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr[-3000:]
    said = [line for line in res.stderr.splitlines() if "Play a hand" in line]
    assert len(said) == 1, said
    assert said[0].startswith("WARNING") and "`npm ci`" in said[0] and "rest of the site is built" in said[0]
    assert (site / "site" / "index.html").is_file() and (site / "site" / "en" / "index.html").is_file()
    assert not (site / "site" / "assets" / "pyodide").exists()


def _loader():
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: suffix)
    return Loader


def test_a_new_site_has_the_settings_of_the_repositorys_own(tmp_path):
    """The settings that make both languages, the search and the pages work are those of the
    repository's mkdocs.yml (only the names of the site differ)."""
    assert main(["init", str(tmp_path / "s")]) == 0
    mine = yaml.load((tmp_path / "s" / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_loader())
    ours = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=_loader())
    for key in ("theme", "markdown_extensions", "not_in_nav", "validation", "strict", "docs_dir"):
        assert mine[key] == ours[key], key

    def plugin(config, name):
        return next(p[name] if isinstance(p, dict) else {} for p in config["plugins"]
                    if (next(iter(p)) if isinstance(p, dict) else p) == name)

    assert plugin(mine, "search") == plugin(ours, "search")
    strip = lambda i18n: [{k: v for k, v in lang.items() if k not in ("site_name", "site_description")}
                          for lang in i18n["languages"]]
    assert strip(plugin(mine, "i18n")) == strip(plugin(ours, "i18n"))
    assert {k: v for k, v in plugin(mine, "i18n").items() if k != "languages"} == \
        {k: v for k, v in plugin(ours, "i18n").items() if k != "languages"}
    assert plugin(mine, "rulebook") == {"standard_games": "pages"}
    assert "nav" not in mine


def test_a_house_rule_extends_a_standard_game_from_any_folder(tmp_path):
    site = club(tmp_path)
    res = subprocess.run(RULEBOOK + ["check"], cwd=site, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    assert "1 position(s) verified" in res.stderr
    game = Catalog(site / "rules").variant("fives-to-150")
    assert game.parent.id == "all-fives" and game.parent.shipped and not game.shipped
    assert game.params["target"] == 150 and game.parent.params["target"] == 100


def test_a_wrong_number_in_a_club_house_rule_is_a_github_annotation_at_its_line(tmp_path):
    site = club(tmp_path, points=15)
    res = subprocess.run(RULEBOOK + ["check", "--format", "github"], cwd=site, capture_output=True, text=True)
    assert res.returncode == 1
    # the file as the repository names it, at the line of `expect` (line 5), column of `points`
    line = res.stdout.strip()
    assert line.startswith("::error file=rules/fives-to-150/positions/ten.yaml,line=5,col="), line
    assert "stated 15, the engine computes 10" in line


def test_a_local_game_wins_over_the_standard_game_of_the_same_id(tmp_path):
    rules = tmp_path / "rules"
    (rules / "all-fives").mkdir(parents=True)
    (rules / "glossary.yaml").write_text("terms: []\n", encoding="utf-8")
    text = (RULES / "all-fives" / "variant.yaml").read_text(encoding="utf-8")
    text, n = re.subn(r"(?m)^  target: 100\b", "  target: 250", text)
    assert n == 1
    (rules / "all-fives" / "variant.yaml").write_text(text, encoding="utf-8")
    (rules / "mine").mkdir()
    (rules / "mine" / "variant.yaml").write_text("id: mine\nextends: all-fives\nname: {ja: 私の, en: Mine}\n",
                                                 encoding="utf-8")
    cat = Catalog(rules)
    assert cat.variant("mine").params["target"] == 250
    assert not cat.variant("all-fives").shipped
    assert "all-fives" not in cat.shipped_ids() and "draw" in cat.shipped_ids()


def test_a_local_glossary_term_replaces_the_standard_one_and_adds_its_own(tmp_path):
    rules = tmp_path / "rules"
    rules.mkdir()
    (rules / "glossary.yaml").write_text(
        "terms:\n"
        "  - {key: spinner, ja: スピナー, en: spinner, def: {ja: クラブでの呼び名。, en: What our club calls it.}}\n"
        "  - {key: house-bonus, ja: ボーナス, en: house bonus, def: {ja: クラブの点。, en: Our club's bonus.}}\n",
        encoding="utf-8")
    standard = {t["key"]: t for t in yaml.safe_load((RULES / "glossary.yaml").read_text(encoding="utf-8"))["terms"]}
    terms = {t["key"]: t for t in Catalog(rules).glossary()}
    assert set(terms) == set(standard) | {"house-bonus"}
    assert terms["spinner"]["def"]["en"] == "What our club calls it."
    assert terms["double"] == standard["double"]


def _text(html: str) -> str:
    from bs4 import BeautifulSoup

    return BeautifulSoup(html, "html.parser")


def test_an_extend_only_site_shows_the_club_games_and_links_the_parent(tmp_path):
    site = club(tmp_path, standard="extend-only")
    res = subprocess.run(MKDOCS + ["build", "-q"], cwd=site, capture_output=True, text=True,
                         env={**os.environ, "NO_MKDOCS_2_WARNING": "1"})
    assert res.returncode == 0, res.stderr
    out = site / "site"
    for lang, root in (("ja", out), ("en", out / "en")):
        assert (root / "gen" / "fives-to-150" / "index.html").is_file()
        assert (root / "gen" / "all-fives" / "index.html").is_file()      # the parent: linked, not listed
        assert not (root / "gen" / "draw").exists() and not (root / "gen" / "matador").exists()
        home = _text((root / "index.html").read_text(encoding="utf-8"))
        games = [a["href"] for a in home.select("article a") if "gen/" in a["href"] and "glossary" not in a["href"]]
        # (each game is linked twice: under its family and on the line of where it is played)
        assert list(dict.fromkeys(games)) == ["gen/fives-to-150/"], (lang, games)
        menu = [a["href"] for a in home.select("nav.md-nav--primary a.md-nav__link[href]")]
        assert any(h.endswith("gen/fives-to-150/") for h in menu) and not any("all-fives" in h for h in menu)
        page = _text((root / "gen" / "fives-to-150" / "index.html").read_text(encoding="utf-8"))
        assert any(a["href"].startswith("../all-fives/") for a in page.select("#differences ~ * a, table a"))
        parent = _text((root / "gen" / "all-fives" / "index.html").read_text(encoding="utf-8"))
        hrefs = [a["href"] for a in parent.select("article a[href]")]
        assert not any(h.startswith(("../matador/", "../block/", "../draw/")) for h in hrefs)
    assert "150" in _text((out / "en" / "gen" / "fives-to-150" / "index.html").read_text("utf-8")).select_one(
        "#differences").find_next("table").get_text()


def test_pre_commit_hook_definition_runs_the_check_on_rule_files():
    hooks = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    hook = next(h for h in hooks if h["id"] == "rulebook-check")
    assert hook["entry"].split()[:2] == ["rulebook", "check"] and hook["language"] == "python"
    files = re.compile(hook["files"])
    for path in ("rules/draw/variant.yaml", "rules/glossary.yaml", "site/rules/x/positions/a.yml",
                 "rules/x/positions/sub/B.YAML"):
        assert files.search(path), path
    for path in ("docs/en/index.md", "mkdocs.yml", "rules/x/notes.txt"):
        assert not files.search(path), path


def test_init_goes_beside_the_git_folder_of_a_new_repository(tmp_path):
    site = tmp_path / "cloned"
    (site / ".git").mkdir(parents=True)
    (site / ".git" / "HEAD").write_text("ref: refs/heads/main\n", encoding="utf-8")
    assert main(["init", str(site)]) == 0
    assert (site / "mkdocs.yml").is_file() and (site / "rules" / "glossary.yaml").is_file()
    assert (site / ".git" / "HEAD").read_text(encoding="utf-8") == "ref: refs/heads/main\n"
    assert not [p for p in tmp_path.iterdir() if p.name != "cloned"]     # no temporary folder left


def test_new_in_a_club_site_knows_the_standard_games_and_will_not_take_their_ids(tmp_path, capsys, monkeypatch):
    site = tmp_path / "club"
    assert main(["init", str(site)]) == 0
    monkeypatch.chdir(site)
    monkeypatch.delenv("RULEBOOK_RULES", raising=False)
    capsys.readouterr()
    assert main(["new", "block", "--extends", "block"]) == 2
    assert "'block' is a standard game" in capsys.readouterr().err
    assert not (site / "rules" / "block").exists()
    assert main(["new", "mine", "--extends", "drw"]) == 2
    err = capsys.readouterr().err
    assert "did you mean 'draw'?" in err and "horse-race" in err
    assert main(["new", "mine", "--extends", "draw"]) == 0
    assert (site / "rules" / "mine" / "variant.yaml").is_file()
