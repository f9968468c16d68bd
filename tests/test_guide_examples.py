"""Every YAML example of the authoring guides is a verified position: each
```yaml block of docs/ja/authoring.md and docs/en/authoring.md is run through
`rulebook check` as printed. A block that is wrong on purpose starts with
`# expect: LINE:COL: fragment` lines (as in tests/bad/) and must fail with
exactly those problems; every other block must pass."""

import re
import shutil

import pytest

from generator.cli.main import main

from conftest import ROOT, RULES, shown

GUIDES = {lang: ROOT / "docs" / lang / "authoring.md" for lang in ("ja", "en")}
_BLOCK = re.compile(r"^```yaml\n(.*?)^```", re.S | re.M)


def blocks(lang: str) -> list[tuple[int, str]]:
    """(line in the guide, text) of every ```yaml block."""
    text = GUIDES[lang].read_text(encoding="utf-8")
    return [(text[:m.start()].count("\n") + 1, m.group(1)) for m in _BLOCK.finditer(text)]


def _expects(text: str) -> list[tuple[str, str]]:
    out = []
    for line in text.splitlines():
        m = re.match(r"^# expect: (\d+:\d+): (.*)$", line)
        if not m:
            break
        out.append(m.groups())
    return out


CASES = [(lang, line, text) for lang in GUIDES for line, text in blocks(lang)]


def test_both_guides_show_the_same_examples():
    ja, en = blocks("ja"), blocks("en")
    assert len(ja) == len(en) >= 8
    strip = lambda text: [re.sub(r"\s+#.*$", "", l) for l in text.splitlines() if not l.lstrip().startswith("#")]
    assert [strip(t) for _, t in ja] == [strip(t) for _, t in en]   # the same YAML; comments in each language
    assert sum(1 for _, t in en if _expects(t)) >= 1                  # one shows a failure on purpose


def _ci_config(first: str, text: str) -> None:
    """A CI example (a GitHub Actions workflow, a pre-commit configuration): it runs the check with
    annotations and builds the site, or uses a hook this repository offers."""
    import yaml

    from generator.cli.main import build_parser

    data = yaml.safe_load(text)
    if first == "# .pre-commit-config.yaml":
        offered = {h["id"] for h in yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}
        used = [h["id"] for repo in data["repos"] for h in repo["hooks"]]
        assert used and set(used) <= offered, used
        return
    runs = [step["run"] for job in data["jobs"].values() for step in job["steps"] if "run" in step]
    checks = [r.split() for r in runs if r.startswith("rulebook check")]
    assert checks and all(build_parser().parse_args(c[1:]).format == "github" for c in checks)
    assert any(r.split()[:2] == ["mkdocs", "build"] for r in runs)
    # the package from where it is (the repository or a release's wheel: it is not on PyPI), and Pyodide
    # from npm as the lock file of a site made by `rulebook init` pins it ("Play a hand")
    assert [r for r in runs if r.startswith("pip install")] == ['pip install "$RULEBOOK_PACKAGE"']
    assert data["env"]["RULEBOOK_PACKAGE"].startswith(("git+", "https://"))
    assert "npm ci" in runs and any(step.get("uses", "").startswith("actions/setup-node@")
                                    for job in data["jobs"].values() for step in job["steps"])


#: The first line of the guides' addition to the CI workflow that publishes the site on GitHub Pages.
PAGES_PART = "# .github/workflows/rules.yml: publishing"


def _pages_config(text: str) -> None:
    """The publishing part of the workflow: the Pages permissions, the built ``site/`` uploaded as the
    Pages artifact at the end of the ``check`` job, and a ``deploy`` job after it that deploys it, both
    only for the main branch (a pull request is built, not published)."""
    import yaml

    data = yaml.safe_load(text)
    assert data["permissions"] == {"contents": "read", "pages": "write", "id-token": "write"}
    upload = data["jobs"]["check"]["steps"][-1]
    assert upload["uses"].startswith("actions/upload-pages-artifact@") and upload["with"]["path"] == "site/"
    deploy = data["jobs"]["deploy"]
    assert deploy["needs"] == "check" and deploy["environment"]["name"] == "github-pages"
    assert [s["uses"].split("@")[0] for s in deploy["steps"]] == ["actions/deploy-pages"]
    assert upload["if"] == deploy["if"] == "github.ref == 'refs/heads/main'"


@pytest.mark.parametrize("lang,line,text", CASES, ids=[f"{c[0]}-line{c[1]}" for c in CASES])
def test_guide_example(tmp_path, monkeypatch, capsys, lang, line, text):
    first = text.splitlines()[0] if text else ""
    if first in ("# .pre-commit-config.yaml", "# .github/workflows/rules.yml"):
        _ci_config(first, text)
        return
    if first == PAGES_PART:
        _pages_config(text)
        return
    if re.match(r"^# rules/[a-z0-9-]+/variant\.yaml$", first):
        # a game file (a house rule): placed in a copy of the rules folder and checked with it
        rules = tmp_path / "rules"
        shutil.copytree(RULES, rules)
        target = tmp_path / first[2:]
        target.parent.mkdir(parents=True)
        target.write_text(text, encoding="utf-8")
        monkeypatch.setenv("RULEBOOK_RULES", str(rules))
        code = main(["check", "-q", str(target.parent)])
        err = capsys.readouterr().err
        assert code == 0, f"{GUIDES[lang]}:{line}: the example fails:\n{err}"
        return
    monkeypatch.setenv("RULEBOOK_RULES", str(RULES))
    f = tmp_path / f"guide-{lang}-{line}.yaml"
    f.write_text(text, encoding="utf-8")
    code = main(["check", "-q", str(f)])
    err = capsys.readouterr().err
    wanted = _expects(text)
    if not wanted:
        assert code == 0, f"{GUIDES[lang]}:{line}: the example fails:\n{err}"
        return
    assert code == 1 and "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == len(wanted), err
    for got, (loc, fragment) in zip(lines, wanted):
        assert got.startswith(f"{shown(f)}:{loc}: error: ") and fragment in got, (got, loc, fragment)
