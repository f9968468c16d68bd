"""The compiled build of the hot modules: the same code, compiled with mypyc.

The rules live in plain Python, and that code is the reference: the engine's
``tiles``, ``layout``, ``variant`` and ``hand`` modules, and :mod:`.simulate`,
which plays whole games through them. ``python -m generator.base.native build``
compiles those five modules, unchanged, with mypyc (mypy's compiler, from the
``mypy`` package, with a C compiler) into ``_compiled/`` inside the package;
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

import os
import shutil
import sys
import tempfile
from pathlib import Path

from .buildinfo import COMPILED, MODULES, PACKAGE, STAMP, digest, stamp, wanted
from .report import emit

__all__ = ["status", "build", "main"]

#: The group name of the build: its shared library is the module ``generator.engine__mypyc``.
_GROUP = "generator.engine"


def status() -> str:
    """Which modules a new process loads, in words: ``compiled``, or
    ``python`` and why."""
    if not wanted():
        return "python (RULEBOOK_ENGINE=python)"
    made = stamp()
    if made is None:
        return "python (not compiled: python -m generator.base.native build)"
    if made != digest():
        return "python (the compiled modules are older than the sources: build again)"
    return "compiled"


def build(verbose: bool = False) -> Path:
    """Compile :data:`~generator.base.buildinfo.MODULES` with mypyc into
    :data:`~generator.base.buildinfo.COMPILED` (and their shared library into the
    package); returns that folder. A new build replaces the old one only once
    it is complete. Raises ``RuntimeError`` when mypyc is missing or the
    build fails."""
    try:
        from mypyc.build import mypycify
        from setuptools import setup
    except ImportError as exc:              # pragma: no cover - the test extras install both
        raise RuntimeError(f"mypyc is not installed ({exc}); pip install mypy setuptools") from None
    root = PACKAGE.parent                   # the folder holding the package
    made = digest()
    with tempfile.TemporaryDirectory(prefix="rulebook-mypyc-") as tmp:
        work = Path(tmp)
        old = Path.cwd()
        os.chdir(root)                      # mypy names the modules by their paths from here
        try:
            args = ["--ignore-missing-imports", "--follow-imports=silent", f"--cache-dir={work / 'mypy'}"]
            exts = mypycify(args + [f"{PACKAGE.name}/{m}" for m in MODULES], group_name=_GROUP,
                            target_dir=str(work / "c"))
            quiet = [] if verbose else ["--quiet"]
            setup(name="rulebook-compiled", ext_modules=exts,
                  script_args=quiet + ["build_ext", "--build-lib", str(work / "lib"), "--build-temp", str(work / "o")])
        except SystemExit as exc:           # setuptools reports a failed compile this way
            raise RuntimeError(f"the modules did not compile ({exc})") from None
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
