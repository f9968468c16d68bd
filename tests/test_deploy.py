"""The site as an MkDocs site is published: its address (``site_url``) in the
repository's mkdocs.yml and written by ``rulebook init --site-url``, the
sitemap it keeps, the 404 pages under a project site's folder
(``https://OWNER.github.io/REPOSITORY/``), and ``repo_url``."""

import gzip
import re
import shutil
import subprocess
from pathlib import Path
from urllib.parse import urlsplit

import pytest
import yaml
from bs4 import BeautifulSoup

from conftest import MKDOCS, ROOT, RULES
from generator.cli.main import main


def _config(path: Path) -> dict:
    """An mkdocs.yml read as YAML (its python tags read as their names)."""
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("tag:yaml.org,2002:python/", lambda loader, suffix, node: suffix)
    return yaml.load(path.read_text(encoding="utf-8"), Loader=Loader)


def test_the_repository_names_the_address_of_its_site():
    """The repository's mkdocs.yml has a site_url: an https address of a folder (ending in /)."""
    url = _config(ROOT / "mkdocs.yml")["site_url"]
    assert url.startswith("https://") and url.endswith("/") and urlsplit(url).netloc


def test_the_sitemap_is_kept_and_lists_both_languages_under_the_site_url(built_repo):
    """With a site_url the build keeps sitemap.xml: every address in it is under site_url, the home
    pages and a game's page of both languages are there (the Japanese at the root, the English
    under en/), and sitemap.xml.gz holds the same bytes."""
    url = _config(ROOT / "mkdocs.yml")["site_url"]
    out = built_repo / "site"
    xml = (out / "sitemap.xml").read_bytes()
    assert gzip.decompress((out / "sitemap.xml.gz").read_bytes()) == xml
    locs = re.findall(r"<loc>([^<]*)</loc>", xml.decode("utf-8"))
    assert locs and all(loc.startswith(url) for loc in locs)
    for rel in ("", "en/", "gen/horse-race/", "en/gen/horse-race/"):
        assert url + rel in locs, rel


def test_a_new_site_has_no_address_until_told(tmp_path):
    """`rulebook init` without options writes neither site_url nor repo_url (only the commented
    examples that say what they do)."""
    assert main(["init", str(tmp_path / "s")]) == 0
    text = (tmp_path / "s" / "mkdocs.yml").read_text(encoding="utf-8")
    config = _config(tmp_path / "s" / "mkdocs.yml")
    assert "site_url" not in config and "repo_url" not in config
    assert "# site_url: https://OWNER.github.io/REPOSITORY/" in text and "# repo_url: " in text


def test_init_writes_the_site_and_repository_addresses(tmp_path):
    """--site-url without its final / gets one (a site's address is a folder's); --repo-url is written
    as given."""
    assert main(["init", str(tmp_path / "s"), "--site-url", "https://our-club.github.io/house-rules",
                 "--repo-url", "https://github.com/our-club/house-rules"]) == 0
    config = _config(tmp_path / "s" / "mkdocs.yml")
    assert config["site_url"] == "https://our-club.github.io/house-rules/"
    assert config["repo_url"] == "https://github.com/our-club/house-rules"


@pytest.mark.parametrize("option, value", [("--site-url", "our-club.github.io/rules/"),
                                           ("--site-url", "ftp://example.org/"),
                                           ("--site-url", "https://example.org/a b/"),
                                           ("--repo-url", 'https://example.org/"x'),
                                           ("--repo-url", "https://example.org/x\n  evil: 1")])
def test_init_refuses_what_is_not_a_web_address_and_writes_nothing(tmp_path, capsys, option, value):
    """No scheme, another scheme, a space, a quote, a new line: exit 1, one error line naming the
    option, and no folder made."""
    assert main(["init", str(tmp_path / "s"), option, value]) == 1
    err = capsys.readouterr().err
    assert err.startswith(f"rulebook init: error: {option} ") and "is not a web address" in err
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.full
def test_a_project_site_under_a_folder_keeps_its_404_pages_whole(tmp_path):
    """A club's site published at https://our-club.github.io/house-rules/ (a GitHub Pages project
    site): both 404 pages, which a server shows at any address, name every stylesheet, script,
    picture and page of the site by an absolute path under /house-rules/, and each one exists in the
    built site; the sitemap lists the pages under that address. (Without a site_url MkDocs writes
    them from the domain's root, /assets/..., which a project site does not have.)"""
    site = tmp_path / "club"
    assert main(["init", str(site), "--site-url", "https://our-club.github.io/house-rules/"]) == 0
    shutil.copytree(RULES / "horse-race", site / "rules" / "horse-race")
    res = subprocess.run(MKDOCS + ["build", "-q"], cwd=site, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr
    out = site / "site"
    for rel, lang in (("404.html", "ja"), ("en/404.html", "en")):
        soup = BeautifulSoup((out / rel).read_text(encoding="utf-8"), "html.parser")
        assert soup.html["lang"] == lang
        refs = [tag.get(attr) for tag in soup.find_all(True) for attr in ("href", "src") if tag.get(attr)]
        local = [r for r in refs if not r.startswith(("https://", "http://", "#"))]
        assert any(r.endswith(".css") for r in local) and any(r.endswith(".js") for r in local)
        for ref in local:
            assert ref.startswith("/house-rules/"), (rel, ref)
            path = out / urlsplit(ref).path.removeprefix("/house-rules/")
            assert (path / "index.html" if ref.endswith("/") or path.is_dir() else path).is_file(), (rel, ref)
        home = soup.select_one("article a")["href"]
        assert home == ("/house-rules/" if lang == "ja" else "/house-rules/en/")
    locs = re.findall(r"<loc>([^<]*)</loc>", (out / "sitemap.xml").read_text(encoding="utf-8"))
    assert "https://our-club.github.io/house-rules/en/gen/horse-race/" in locs
