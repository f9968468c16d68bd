"""The house in layers (the package docstring of :mod:`generator`): every
module's imports, late ones too, go down the layer order, never up and never
in a circle; and only a family's own modules name its layout."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import generator
from generator.engine.family import FAMILY_MODULES, families

PACKAGE = Path(generator.__file__).resolve().parent

#: The layers, lowest first, as the package docstring lists them.
LAYERS = ["base", "safety", "engine", "variants", "model", "draw", "sim", "pages", "families", "play", "site", "cli"]

#: Every family's own modules (paths inside the package): the family module and what its docstring
#: names as its own. Each may name its own layout; nothing else may name any.
OWN = {
    "line": ["families/line.py", "model/positions.py", "model/practice.py", "pages/line.py", "play/line.py"],
    "trains": ["families/trains.py", "variants/mexican_train.py", "model/trains.py", "pages/trains.py",
               "draw/hub.py", "sim/trains.py", "play/trains.py"],
    "tricks": ["families/tricks.py", "variants/texas42.py", "model/tricks.py", "pages/tricks.py",
               "draw/trick.py", "sim/tricks.py", "play/tricks.py", "pages/trickwords.py"],
    "tree": ["families/tree.py", "variants/chicken_foot.py", "model/tree.py", "pages/tree.py", "draw/tree.py",
             "sim/tree.py", "play/tree.py"],
}


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        rel = path.relative_to(PACKAGE)
        if rel.parts[0].startswith("_compiled"):
            continue
        name = ".".join(("generator",) + rel.with_suffix("").parts)
        out[name.removesuffix(".__init__")] = path
    return out


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """The package's modules ``name`` imports, at its top or inside a function."""
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        targets = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[:len(parts) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
            else:
                module = node.module or ""
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module for a in node.names]
        for t in targets:
            while t not in MODULES and "." in t:
                t = t.rsplit(".", 1)[0]
            if t in MODULES and t != name and t != "generator":
                out.add(t)
    return out


def _layer(name: str) -> int | None:
    parts = name.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def test_every_module_sits_in_a_layer():
    loose = [n for n in MODULES if n != "generator" and _layer(n) is None]
    assert loose == []


def test_the_package_docstring_lists_the_layers_in_order():
    listed = [line.split("`generator.", 1)[1].split("`", 1)[0] for line in generator.__doc__.splitlines()
              if line.split(".", 1)[0].isdigit() and "`generator." in line]
    assert listed == LAYERS


def test_no_import_goes_up_the_layer_order():
    up = [f"{name} imports {dep}" for name, path in MODULES.items() for dep in sorted(_imports(name, path))
          if name != "generator" and _layer(dep) > _layer(name)]
    assert up == []


def test_no_import_circle():
    graph = {name: _imports(name, path) for name, path in MODULES.items()}
    for name, deps in graph.items():       # a package imports its own modules: that is no circle
        graph[name] = {d for d in deps if not (MODULES[name].name == "__init__.py" and d.startswith(name + "."))}
    seen, stack, circles = set(), [], []

    def visit(n):
        if n in stack:
            circles.append(stack[stack.index(n):] + [n])
            return
        if n in seen:
            return
        seen.add(n)
        stack.append(n)
        for d in sorted(graph[n]):
            visit(d)
        stack.pop()

    for n in sorted(graph):
        visit(n)
    assert circles == []


def test_the_checker_finds_an_import_up_and_a_circle(tmp_path):
    """The checks above see late imports and relative ones (a planted case)."""
    src = "def f():\n    from ..cli.main import main\n"
    (tmp_path / "m.py").write_text(src)
    MODULES["generator.sim.planted"] = tmp_path / "m.py"
    try:
        assert _imports("generator.sim.planted", tmp_path / "m.py") == {"generator.cli.main"}
    finally:
        del MODULES["generator.sim.planted"]


def _layout_names_used(tree: ast.AST, names: set[str]) -> list[tuple[int, str]]:
    """Where ``tree`` compares a value with a layout name, keys a mapping by
    one or picks by one: ``x == "trains"``, ``x in ("line", ...)``,
    ``{"trains": ...}``, ``d["line"]``, ``case "trains":``."""
    def named(node) -> str | None:
        if isinstance(node, ast.Constant) and node.value in names:
            return node.value
        if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
            return next((n for n in map(named, node.elts) if n), None)
        return None

    out = []
    for node in ast.walk(tree):
        found = None
        if isinstance(node, ast.Compare):
            found = next((n for n in map(named, [node.left, *node.comparators]) if n), None)
        elif isinstance(node, ast.Dict) and node.keys and all(named(k) for k in node.keys):
            found = named(node.keys[0])         # a mapping by layout ({"line": 4, "file": ...} is a record)
        elif isinstance(node, ast.Subscript):
            found = named(node.slice)
        elif isinstance(node, ast.MatchValue):
            found = named(node.value)
        if found:
            out.append((node.lineno, found))
    return out


def test_only_a_family_s_own_modules_name_its_layout():
    names = {f.name for f in families()}
    assert set(OWN) == names, "every family lists its own modules here"
    found = []
    for name, path in MODULES.items():
        rel = path.relative_to(PACKAGE).as_posix()
        for line, layout in _layout_names_used(ast.parse(path.read_text(encoding="utf-8")), names):
            if rel not in OWN.get(layout, []):
                found.append(f"{rel}:{line} names the layout {layout!r}")
    assert found == []


@pytest.mark.parametrize("src, hit", [('if v.family == "trains": pass', "trains"),
                                      ('x = layout in ("line", "tree")', "line"),
                                      ('LIMITS = {"trains": 1}', "trains"),
                                      ('n = LIMITS["line"]', "line"),
                                      ('x = family_of(v.family).single_line', None)])
def test_the_layout_check_sees_each_way_of_naming_one(src, hit):
    got = _layout_names_used(ast.parse(src), {"line", "trains"})
    assert [n for _, n in got] == ([hit] if hit else [])


def test_every_family_module_is_registered_under_its_name():
    assert [m.rsplit(".", 1)[1] for m in FAMILY_MODULES] == [f.name for f in families()]
