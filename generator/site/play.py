"""What a built site carries so that a reader can play a hand on a game page:
the engine's own modules as one zip, each game's rules as data, the words
of both languages as data, the page's player script, and Pyodide (CPython
compiled to WebAssembly), copied from the npm package ``pyodide`` at the
version :data:`PYODIDE_VERSION`, its standard library as a zip of its own
(``assets/play/stdlib.zip``). Where Node.js is found, the engine and the
standard library's modules it needs go compiled to bytecode by Pyodide's
own Python (:func:`precompiled`). Nothing is asked of any other site: the
player loads these files from the site itself, and only when the reader
shows intent to play (``assets/play.js``, which runs the engine in
``assets/play-worker.js``, :mod:`generator.play`); the site's service worker
(``rulebook-sw.js``, :func:`service_worker`) keeps them for offline play.

Where Pyodide is found (:func:`find_pyodide`): the folder ``RULEBOOK_PYODIDE``
names, else ``node_modules/pyodide`` beside ``mkdocs.yml`` (``npm install``
there, with the ``package.json`` a new site gets), else beside the
package's own checkout. A site built without it has no play region: the
build says so in one warning with the fix
(:data:`generator.site.plugin.NO_PYODIDE`), and every page reads as before.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import zipfile
from pathlib import Path
from typing import Iterable

from ..base.i18n import LANGS, export
from ..safety.paths import is_plain_file

__all__ = ["PYODIDE_VERSION", "PYODIDE_FILES", "PYODIDE_COPIED", "PLAY_DIR", "PYODIDE_DIR", "find_pyodide",
           "bundle_modules", "engine_bundle", "node_program", "player_cache", "precompiled", "PrecompileError", "lock_file",
           "play_files", "pyodide_problem", "PyodideLinkError", "service_worker"]

#: The Pyodide release the player is written and tested against (the npm package's version).
PYODIDE_VERSION = "314.0.8"
#: The files of the npm package the player loads (the rest are for Node, types and source maps).
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: The ones copied into the site as they are: the standard library goes as ``assets/play/stdlib.zip``,
#: partly compiled (:func:`precompiled`), the lock file without its packages (:func:`lock_file`).
PYODIDE_COPIED = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm")
#: The script Node runs to compile the player's Python with Pyodide's (:func:`precompiled`).
PRECOMPILE = Path(__file__).with_name("precompile.mjs")
#: Where, in the built site, the player's data and Pyodide go.
PLAY_DIR, PYODIDE_DIR = "assets/play", "assets/pyodide"
#: Libraries the player's modules must not need (Pyodide's core has none of them): importing one
#: while the bundle's modules are collected is an error.
REFUSED = ("yaml", "jinja2", "markupsafe", "babel", "nh3", "cairosvg", "mkdocs", "markdown", "pymdownx")
#: The layers whose modules the player may need (:mod:`generator`'s order), each taken whole where its
#: modules import without :data:`REFUSED`: the families import their game loops and drawing late.
LAYERS = ("base", "safety", "engine", "draw", "sim", "families", "play")
#: The package's root folder (the one holding ``generator/``).
_ROOT = Path(__file__).resolve().parents[2]


class PyodideLinkError(Exception):
    """A file of Pyodide's that the build would copy into the site is a link
    (it would publish whatever the link leads to); ``path`` is the link."""

    def __init__(self, path: Path):
        super().__init__(f"{path}:1:1: error: this is a link: the build copies Pyodide's files into the site only "
                         f"as they are in its npm package, never through a link (it would publish whatever the link "
                         f"leads to); install Pyodide again (`npm ci`) or remove the link")
        self.path = path


def pyodide_problem(folder: Path) -> str | None:
    """Why ``folder`` is not the pinned Pyodide (``None``: it is). Raises
    :class:`PyodideLinkError` when ``package.json`` or a file of
    :data:`PYODIDE_FILES` is a link (the folder itself may be one, as npm
    and pnpm make them): nothing is read or copied through it."""
    for name in ("package.json",) + PYODIDE_FILES:
        if (folder / name).is_symlink():
            raise PyodideLinkError(folder / name)
    if not is_plain_file(folder / "package.json"):
        return f"{folder} holds no npm package"
    try:
        version = json.loads((folder / "package.json").read_text("utf-8")).get("version")
    except (OSError, ValueError, AttributeError):
        return f"{folder} holds no npm package"
    if version != PYODIDE_VERSION:
        return f"{folder} is Pyodide {version}, not {PYODIDE_VERSION}"
    missing = [f for f in PYODIDE_FILES if not is_plain_file(folder / f)]
    return f"{folder} lacks {', '.join(missing)}" if missing else None


def find_pyodide(site_root: Path) -> tuple[Path | None, str]:
    """``(folder, why)``: the pinned Pyodide's folder, or ``None`` and why
    none was found (see the module's docstring for where it looks). Raises
    :class:`PyodideLinkError` for a link among the files the build would
    copy (:func:`pyodide_problem`): the build stops, naming it."""
    named = os.environ.get("RULEBOOK_PYODIDE")
    places = [Path(named)] if named else [site_root / "node_modules" / "pyodide", _ROOT / "node_modules" / "pyodide"]
    why = []
    for place in places:
        problem = pyodide_problem(place)
        if problem is None:
            return place, ""
        why.append(problem)
    return None, "; ".join(dict.fromkeys(why))


_COLLECT = """
import importlib, json, sys
refused = set(sys.argv[1].split(","))
class Refuse:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in refused:
            raise ImportError(f"the player's modules may not import {name}")
        return None
sys.meta_path.insert(0, Refuse())
from generator.base.i18n import LANGS, PLURAL_SPAN, install
install({lang: {"messages": {}, "plural": ["other"] * PLURAL_SPAN} for lang in LANGS})  # as the player does
import generator.play.session
from generator.engine.family import families
for f in families():
    if f.play_module:
        importlib.import_module(f.play_module)
# what the families import late (their game loops, drawing): every module of the layers the player
# stands on that imports without a refused library
import pkgutil
for package in sys.argv[2].split(","):
    pkg = importlib.import_module("generator." + package)
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + ".", onerror=lambda name: None):
        try:
            importlib.import_module(info.name)
        except ImportError:
            sys.modules.pop(info.name, None)
print(json.dumps(sorted(m.__file__ for m in list(sys.modules.values())
                        if getattr(m, "__file__", None) and (m.__name__ == "generator"
                        or m.__name__.startswith("generator.") or m.__name__ == "mypy_extensions"))))
"""


def bundle_modules() -> list[Path]:
    """The source files the player imports (its modules, every family's
    play module and all they import, in the package and outside it), found
    by importing them in a new interpreter that refuses :data:`REFUSED`.
    Raises ``RuntimeError`` when one of them needs a refused library."""
    env = {k: v for k, v in os.environ.items()}
    env["RULEBOOK_ENGINE"] = "python"       # the Python sources, not the compiled build
    out = subprocess.run([sys.executable, "-c", _COLLECT, ",".join(REFUSED), ",".join(LAYERS)], cwd=_ROOT, env=env,
                         capture_output=True, text=True, timeout=120)
    if out.returncode:
        raise RuntimeError(f"the player's modules do not import on their own: {out.stderr.strip()[-600:]}")
    return [Path(p) for p in json.loads(out.stdout)]


def engine_bundle(files: Iterable[Path] | None = None) -> bytes:
    """A zip of ``files`` (default :func:`bundle_modules`) by their paths
    under the package's root (``generator/families/line/rules/hand.py``,
    ``mypy_extensions.py``): the same bytes for the same sources (sorted
    names, a fixed date)."""
    files = bundle_modules() if files is None else list(files)
    entries = {}
    for path in files:
        path = path.resolve()
        name = path.relative_to(_ROOT).as_posix() if path.is_relative_to(_ROOT / "generator") else path.name
        entries[name] = path.read_bytes()
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name])
    return buf.getvalue()


def _json(data) -> bytes:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode("utf-8")


class PrecompileError(Exception):
    """Node ran the compile (:func:`precompiled`) and it failed: a module of
    the player does not compile or import under Pyodide's Python."""


def node_program() -> str | None:
    """The Node.js program that compiles the player's Python (:func:`precompiled`): the one
    ``RULEBOOK_NODE`` names, else ``node`` on the PATH; ``None`` when there is none."""
    import shutil

    return os.environ.get("RULEBOOK_NODE") or shutil.which("node")


def precompiled(pyodide: Path, engine: bytes, cache: Path | None = None) -> tuple[bytes, bytes] | None:
    """``(stdlib, engine)``: Pyodide's standard library (its
    ``python_stdlib.zip``) with every module that Pyodide's start and the
    player's engine import as bytecode in place of its source, and the
    engine's modules (``engine``, a zip of sources, :func:`engine_bundle`)
    as bytecode alone: compiled by Pyodide's own Python (3.14 for
    :data:`PYODIDE_VERSION`), which Node runs (``generator/site/precompile.mjs``),
    so that the reader's browser unmarshals them instead of compiling
    source at every start (about 2 s of a 5 s start on a laptop's core).
    Unchecked hash-based ``.pyc`` files (PEP 552), a fixed hash seed, sorted
    entries with a fixed date: the same inputs give the same bytes. Kept in
    ``cache`` (a folder: ``<digest of the inputs>-stdlib.zip`` and
    ``-engine.zip``, the last compile's only) for the next build. ``None`` when there is no Node
    (``node`` on the PATH, or the program ``RULEBOOK_NODE`` names).
    Raises :class:`PrecompileError` when Node ran and the compile failed."""
    import hashlib
    import tempfile

    node = node_program()
    if not node:
        return None
    digest = hashlib.sha256()
    for part in (PYODIDE_VERSION.encode(), (pyodide / "python_stdlib.zip").read_bytes(), PRECOMPILE.read_bytes(),
                 engine):
        digest.update(hashlib.sha256(part).digest())
    key = digest.hexdigest()[:32]
    if cache is not None:
        try:
            return (cache / f"{key}-stdlib.zip").read_bytes(), (cache / f"{key}-engine.zip").read_bytes()
        except OSError:
            pass
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "engine-src.zip"
        src.write_bytes(engine)
        out = Path(tmp) / "out"
        try:
            run = subprocess.run([node, str(PRECOMPILE), str(pyodide), str(pyodide / "python_stdlib.zip"), str(src),
                                  str(out)], capture_output=True, text=True, timeout=600)
        except OSError as exc:
            raise PrecompileError(f"{PRECOMPILE}:1:1: error: Node ({node}) did not run: {exc}") from None
        if run.returncode:
            raise PrecompileError(f"{PRECOMPILE}:1:1: error: the player's modules did not compile under Pyodide's "
                                  f"Python: {run.stderr.strip()[-800:]}")
        stdlib, compiled = (out / "stdlib.zip").read_bytes(), (out / "engine.zip").read_bytes()
    if cache is not None:
        try:
            cache.mkdir(parents=True, exist_ok=True)
            for old in cache.glob("*.zip"):         # one compile kept: the sources' last
                old.unlink(missing_ok=True)
            for name, data in (("stdlib", stdlib), ("engine", compiled)):
                part = cache / f"{key}-{name}.zip.{os.getpid()}.part"
                part.write_bytes(data)
                part.replace(cache / f"{key}-{name}.zip")
        except OSError:
            pass                            # (a cache that cannot be written: the next build compiles again)
    return stdlib, compiled


def player_cache(site_root: Path) -> Path:
    """Where a build keeps the player's compiled files (:func:`precompiled`): the folder
    ``RULEBOOK_PLAYER_CACHE`` names (the test suite's builds share one), else ``.cache/player``
    beside ``mkdocs.yml`` (``site_root``)."""
    named = os.environ.get("RULEBOOK_PLAYER_CACHE")
    return Path(named) if named else site_root / ".cache" / "player"


def lock_file(pyodide: Path) -> bytes:
    """Pyodide's ``pyodide-lock.json`` without its packages (the player
    loads none; Pyodide's start reads the file): 120 KB less to fetch."""
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))
    return _json({"info": lock.get("info", {}), "packages": {}})


def play_files(catalog, ids: Iterable[str] | None = None, pyodide: Path | None = None,
               cache: Path | None = None) -> dict[str, bytes]:
    """The player's data by its path in the site: the engine bundle
    (``assets/play/engine.zip``), the words of each language
    (``assets/play/words-<lang>.json``, every context of the catalogs, as
    :func:`generator.base.i18n.install` takes them) and each game's rules
    (``assets/play/games/<id>.json``, :func:`generator.play.session.spec_of`)
    for the games ``ids`` (default: every game with a page, drafts included;
    a built site passes the games it publishes,
    :func:`generator.site.build.published_ids`). With ``pyodide`` (its
    folder), also the standard library (``assets/play/stdlib.zip``) and
    Pyodide's lock file (``assets/pyodide/pyodide-lock.json``,
    :func:`lock_file`); the standard library and the engine compiled
    (:func:`precompiled`, kept in ``cache``) where Node is found, else as
    sources. Raises :class:`PrecompileError` when the compile fails."""
    from ..play.session import spec_of

    engine = engine_bundle()
    out = {f"{PLAY_DIR}/engine.zip": engine}
    if pyodide is not None:
        compiled = precompiled(pyodide, engine, cache)
        out[f"{PLAY_DIR}/stdlib.zip"] = (pyodide / "python_stdlib.zip").read_bytes() if compiled is None else compiled[0]
        if compiled is not None:
            out[f"{PLAY_DIR}/engine.zip"] = compiled[1]
        out[f"{PYODIDE_DIR}/pyodide-lock.json"] = lock_file(pyodide)
    from ..base.i18n import _catalog

    for lang in LANGS:
        contexts = sorted({ctx for ctx, _ in _catalog(lang)})
        out[f"{PLAY_DIR}/words-{lang}.json"] = _json(export(contexts, [lang]))
    for vid in (catalog.page_ids() if ids is None else ids):
        out[f"{PLAY_DIR}/games/{vid}.json"] = _json(spec_of(catalog.variant(vid).rules))
    return out


#: What stands in the service worker's script for its version (:func:`service_worker`).
VERSION_MARK = "@VERSION@"


def service_worker(template: str, files: dict[str, bytes], pyodide_version: str) -> bytes:
    """The site's service worker (``generator/assets/rulebook-sw.js``,
    ``template``) with its version written in: the first 16 hex digits of a
    SHA-256 of Pyodide's version and of the player's ``files`` (path in the
    site -> bytes), names sorted, so the same files give the same bytes and
    any change to a file the worker keeps first from its cache (the player,
    the engine, the words, a game's rules) gives a new version (the readers'
    browsers then drop the old copies). Raises ``ValueError`` when the
    template does not carry :data:`VERSION_MARK` exactly once."""
    import hashlib

    if template.count(VERSION_MARK) != 1:
        raise ValueError(f"the service worker's script must carry {VERSION_MARK} once")
    digest = hashlib.sha256(pyodide_version.encode("utf-8"))
    for name in sorted(files):
        digest.update(b"\0" + name.encode("utf-8") + b"\0" + hashlib.sha256(files[name]).digest())
    return template.replace(VERSION_MARK, digest.hexdigest()[:16]).encode("utf-8")
