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
LAYERS = ["base", "safety", "engine", "model", "draw", "sim", "pages", "families", "play", "site", "cli"]

#: A family folder's modules by the part they are (``generator/families/<name>/<part>.py`` or a
#: package ``<part>/``): each part sits just above the layer it belongs to, so that a family's rules
#: come below its positions, its positions below its drawing, and so on up to its player; and no
#: layer below a family folder's part can import it.
PARTS = {"rules": "engine", "positions": "model", "practice": "model", "draw": "draw", "sim": "sim", "search": "sim",
         "pages": "pages", "words": "pages", "play": "play"}


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


def _layer(name: str) -> float | None:
    """The module's place in the layer order: its layer folder's, or for a
    module of a family folder its part's (half a step above that layer)."""
    parts = name.split(".")
    if len(parts) > 3 and parts[1] == "families":
        part = PARTS.get(parts[3])
        return None if part is None else LAYERS.index(part) + 0.5
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def _family_of_module(name: str) -> str | None:
    """The family whose folder holds module ``name`` (a package ``generator/families/<family>/``), or
    ``None``: a module of no family folder, such as a part the families share beside their folders
    (``generator/families/<part>.py``)."""
    parts = name.split(".")
    if len(parts) > 2 and parts[1] == "families" and (PACKAGE / "families" / parts[2] / "__init__.py").is_file():
        return parts[2]
    return None


def test_a_module_beside_the_family_folders_belongs_to_no_family():
    """A family folder is a package; a module beside the folders is shared (it may be imported by every
    family and names none), whatever its name."""
    assert _family_of_module("generator.families.tree.positions") == "tree"
    assert _family_of_module("generator.families.tree") == "tree"
    assert _family_of_module("generator.families.rounds") is None
    assert _family_of_module("generator.families.planted") is None
    assert _family_of_module("generator.families") is None


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


def _schema_fields(schema) -> set[str]:
    """Every property name anywhere in a JSON Schema dict."""
    out: set[str] = set()
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "properties" and isinstance(value, dict):
                out |= set(value)
            out |= _schema_fields(value)
    elif isinstance(schema, list):
        for value in schema:
            out |= _schema_fields(value)
    return out


def test_only_a_family_s_own_modules_name_its_layout():
    """A layout's name appears only in its family's folder; in another family's folder a name that is
    a field of that family's own position files (Tien Gow's ``score: tricks:``) reads a record."""
    names = {f.name for f in families()}
    fields = {f.name: set().union(*(_schema_fields(s) for s, _, _ in f.position_schemas().values()))
              for f in families()}
    found = []
    for name, path in MODULES.items():
        rel = path.relative_to(PACKAGE).as_posix()
        own = _family_of_module(name)
        for line, layout in _layout_names_used(ast.parse(path.read_text(encoding="utf-8")), names):
            if own != layout and layout not in fields.get(own, ()):
                found.append(f"{rel}:{line} names the layout {layout!r}")
    assert found == []


def test_a_family_folder_is_imported_only_by_itself_and_the_layers_above_families():
    """Nothing below the family layer imports a family's folder (it asks the registry), and one family's
    folder never imports another's."""
    found = []
    for name, path in MODULES.items():
        own = _family_of_module(name)
        for dep in sorted(_imports(name, path)):
            fam = _family_of_module(dep)
            if fam is None or dep == "generator.families" or fam == own:
                continue
            if own is not None or _layer(name) < LAYERS.index("families"):
                found.append(f"{name} imports {dep}")
    assert found == []


@pytest.mark.parametrize("src, hit", [('if v.family == "trains": pass', "trains"),
                                      ('x = layout in ("line", "tree")', "line"),
                                      ('LIMITS = {"trains": 1}', "trains"),
                                      ('n = LIMITS["line"]', "line"),
                                      ('x = family_of(v.family).single_line', None)])
def test_the_layout_check_sees_each_way_of_naming_one(src, hit):
    got = _layout_names_used(ast.parse(src), {"line", "trains"})
    assert [n for _, n in got] == ([hit] if hit else [])


def test_every_family_folder_is_registered_under_its_name():
    assert [m.rsplit(".", 1)[1] for m in FAMILY_MODULES] == [f.name for f in families()]
    folders = sorted(p.parent.name for p in (PACKAGE / "families").glob("*/__init__.py"))
    assert folders == sorted(f.name for f in families())
