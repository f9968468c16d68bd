"""The compiled build of the hot modules: the same code, compiled with mypyc.

The rules live in plain Python, and that code is the reference: the engine's
``tiles``, ``layout``, ``variant`` and ``hand`` modules, and :mod:`.simulate`,
which plays whole games through them. ``rulebook engine build`` (or
``python -m generator.base.native build``), from any folder, compiles those
modules, unchanged, with mypyc (mypy's compiler, from the ``mypy`` package:
``pip install 'domino-rulebook[fast]'``, with a C compiler) into ``_compiled/``
inside the package, wherever it is installed;
the package then loads them from there, and games are played two to three
times as fast. Nothing else changes: the same seed gives the same games, byte
for byte (the tests play both).

The compiled modules are used only while they were built from the sources as
they are now: after an edit to any of the five files the package quietly
loads the Python code again until the next build. ``RULEBOOK_ENGINE=python``
in the environment loads the Python code whatever is built (the tests use it
to play the reference). ``python -m generator.base.native status`` says which one
a new process loads.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

from .buildinfo import COMPILED, MODULES, PACKAGE, STAMP, digest, stamp, wanted
from .report import emit

__all__ = ["missing", "status", "build", "main"]

#: The group name of the build: its shared library is the module ``generator.engine__mypyc``.
_GROUP = "generator.engine"


#: What to install for the build, said in every message about a missing part.
_FAST = "pip install 'domino-rulebook[fast]'"
_COMPILER = "a C compiler and Python's headers (on Debian: apt-get install build-essential python3-dev)"


def _compiler() -> str:
    """The C compiler the build would call: ``$CC``, else the one this
    interpreter was built with (its first word, e.g. ``gcc``)."""
    cc = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()
    return cc[0] if cc else "cc"


def _importable(name: str) -> bool:
    """Whether the top-level module ``name`` can be imported (without importing it)."""
    try:
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def missing() -> str | None:
    """Why the modules cannot be compiled here, in one line with what to
    install, or ``None`` when everything the build needs is present: mypyc
    (from the ``mypy`` package) and setuptools, a C compiler, Python's C
    headers (``Python.h``), and write access to the package's folder."""
    lacking = [name for name in ("mypyc", "setuptools") if not _importable(name)]
    if lacking:
        return f"{' and '.join(lacking)} not installed: {_FAST}"
    cc = _compiler()
    if shutil.which(cc) is None:
        return f"no C compiler ({cc} not found): install {_COMPILER}"
    include = sysconfig.get_paths().get("include") or ""
    if not (Path(include) / "Python.h").is_file():
        return f"Python's C headers are missing (no Python.h in {include}): install {_COMPILER}"
    if not os.access(PACKAGE, os.W_OK):
        return f"cannot write into {PACKAGE}: build as the user who installed the package"
    return None


def status() -> str:
    """Which modules a new process loads, in words: ``compiled``, or
    ``python`` and why (and, when they could be compiled, the command that
    compiles them, else what is missing for it)."""
    if not wanted():
        return "python (RULEBOOK_ENGINE=python)"
    made = stamp()
    if made == digest():
        return "compiled"
    why = "not compiled" if made is None else "the compiled modules are older than the sources"
    lack = missing()
    if lack is not None:
        return f"python ({why}; to compile them: {lack}, then rulebook engine build)"
    return f"python ({why}: rulebook engine build)"


def _copy_sources(package: Path, dest: Path) -> None:
    """Copy the package's Python modules (``*.py``, every folder but the
    compiled builds and caches) into ``dest``: what mypy reads, the modules it
    compiles and those they import (for their types), with nothing beside
    them that could shadow a library module (mypy refuses to run in a folder
    such as site-packages that holds ``typing_extensions.py``)."""
    for folder, dirs, files in os.walk(package):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__" and not d.startswith("_compiled"))
        here = Path(folder)
        out = dest / here.relative_to(package)
        for name in files:
            if name.endswith(".py"):
                out.mkdir(parents=True, exist_ok=True)
                shutil.copy2(here / name, out / name)


def build(verbose: bool = False) -> Path:
    """Compile :data:`~generator.base.buildinfo.MODULES` with mypyc into
    :data:`~generator.base.buildinfo.COMPILED` (and their shared library into the
    package); returns that folder. Works for the package wherever it is (a
    checkout, an editable install or a wheel's in site-packages), from any
    current folder: mypy runs on a copy of the package's modules in a private
    temporary folder, and only the built extension modules are installed into
    the package. A new build replaces the old one only once it is complete.
    Raises ``RuntimeError`` with one line saying why (and what to install)
    when something the build needs is missing (:func:`missing`) or the build
    fails."""
    lack = missing()
    if lack is not None:
        raise RuntimeError(lack)
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:              # pragma: no cover - missing() found both
        raise RuntimeError(f"mypyc cannot be loaded ({exc}): {_FAST}") from None
    made = digest()
    with tempfile.TemporaryDirectory(prefix="rulebook-mypyc-") as tmp:
        work = Path(tmp)
        src = work / "src"
        _copy_sources(PACKAGE, src / PACKAGE.name)
        old = Path.cwd()
        os.chdir(src)                       # mypy names the modules by their paths from here
        try:
            args = ["--ignore-missing-imports", "--follow-imports=silent", f"--cache-dir={work / 'mypy'}"]
            exts = mypycify(args + [f"{PACKAGE.name}/{m}" for m in MODULES], group_name=_GROUP,
                            target_dir=str(work / "c"))
            quiet = [] if verbose else ["--quiet"]
            setup(name="rulebook-compiled", ext_modules=exts,
                  script_args=quiet + ["build_ext", "--build-lib", str(work / "lib"), "--build-temp", str(work / "o")])
        except SystemExit as exc:           # setuptools reports a failed compile this way
            raise RuntimeError(f"the modules did not compile ({exc}); run again with --verbose to see why") from None
        except Exception as exc:            # mypy's own errors (a type error in a module)
            raise RuntimeError(f"the modules did not compile: {exc}") from None
        finally:
            os.chdir(old)
        out = work / "lib" / PACKAGE.name
        fresh = work / "fresh"
        for m in MODULES:
            folder = (fresh / m).parent
            folder.mkdir(parents=True, exist_ok=True)
            for so in (out / m).parent.glob(Path(m).stem + ".*"):
                shutil.copy2(so, folder / so.name)
        (fresh / STAMP).write_text(made + "\n", encoding="ascii")
        for lib in out.glob(_GROUP.rsplit(".", 1)[1] + "__mypyc*"):   # first the library the modules load
            part = PACKAGE / (lib.name + ".part")
            shutil.copy2(lib, part)
            os.replace(part, PACKAGE / lib.name)
        staged = PACKAGE / "_compiled.new"
        shutil.rmtree(staged, ignore_errors=True)
        shutil.copytree(fresh, staged)
        retired = PACKAGE / "_compiled.old"
        shutil.rmtree(retired, ignore_errors=True)
        if COMPILED.exists():
            os.replace(COMPILED, retired)
        os.replace(staged, COMPILED)
        shutil.rmtree(retired, ignore_errors=True)
    return COMPILED


def main(argv: list[str] | None = None) -> int:
    """``python -m generator.base.native build|status``; returns the exit status
    (1 when the build fails, 2 for a wrong command line)."""
    import argparse

    ap = argparse.ArgumentParser(prog="python -m generator.base.native",
                                 description="Compile the rules engine and the game loop with mypyc, or say which "
                                             "modules a new process loads.",
                                 epilog="example:\n  python -m generator.base.native build\n"
                                        "  python -m generator.base.native status",
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("command", choices=("build", "status"))
    ap.add_argument("--verbose", action="store_true", help="show the compiler's output")
    args = ap.parse_args(argv)
    if args.command == "status":
        emit(status())
        return 0
    try:
        where = build(args.verbose)
    except RuntimeError as exc:
        emit(f"python -m generator.base.native: {exc}", file=sys.stderr)
        return 1
    emit(f"compiled {', '.join(MODULES)} into {where}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
