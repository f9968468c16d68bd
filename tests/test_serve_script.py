"""scripts/serve.sh serves the site at 127.0.0.1:8000 unless the user names an address of their
own (``-a HOST:PORT``, ``-aHOST:PORT``, ``--dev-addr HOST:PORT``, ``--dev-addr=HOST:PORT``): then
MkDocs is given that address only, once. The script runs in a copy of the project's layout where
stand-ins take the place of scripts/setup.sh (does nothing) and .venv/bin/mkdocs (prints the
arguments it was given, one a line), so neither setup nor a server ever runs."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture()
def serve(tmp_path):
    """Run the copied serve.sh with the given arguments; return the arguments mkdocs was given."""
    (tmp_path / "scripts").mkdir()
    shutil.copy(ROOT / "scripts" / "serve.sh", tmp_path / "scripts" / "serve.sh")
    (tmp_path / "scripts" / "setup.sh").write_text("exit 0\n")
    mkdocs = tmp_path / ".venv" / "bin" / "mkdocs"
    mkdocs.parent.mkdir(parents=True)
    mkdocs.write_text('#!/usr/bin/env bash\nprintf "%s\\n" "$@"\n')
    mkdocs.chmod(0o755)

    def run(*args: str) -> list[str]:
        done = subprocess.run(["bash", str(tmp_path / "scripts" / "serve.sh"), *args], capture_output=True,
                              text=True, timeout=60, env=dict(os.environ))
        assert done.returncode == 0, done.stderr
        return done.stdout.splitlines()

    return run


def test_without_an_address_the_site_is_served_at_the_default(serve):
    assert serve() == ["serve", "-a", "127.0.0.1:8000"]
    assert serve("--strict") == ["serve", "-a", "127.0.0.1:8000", "--strict"]


@pytest.mark.parametrize("given", [["-a", "0.0.0.0:8001"], ["-a0.0.0.0:8001"], ["--dev-addr", "0.0.0.0:8001"],
                                   ["--dev-addr=0.0.0.0:8001"]])
def test_an_address_of_the_users_own_is_the_only_one_given(serve, given):
    """The user's address, in any of the four ways MkDocs takes it, replaces the default: it
    appears once and 127.0.0.1:8000 not at all; other options pass on as given."""
    assert serve("--strict", *given) == ["serve", "--strict", *given]
