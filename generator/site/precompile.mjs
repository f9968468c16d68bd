/* The player's Python, compiled ahead by Pyodide's own Python (run by Node at build time:
 * generator/site/play.py, precompiled()), so that the reader's browser unmarshals bytecode
 * instead of compiling source at every start.
 *
 *   node precompile.mjs PYODIDE_DIR STDLIB_ZIP ENGINE_ZIP OUT_DIR
 *
 * PYODIDE_DIR: the npm package pyodide; STDLIB_ZIP: its python_stdlib.zip (sources);
 * ENGINE_ZIP: the engine's modules as sources (generator/site/play.py, engine_bundle()).
 * Writes OUT_DIR/stdlib.zip (the standard library with every module that Pyodide's start and
 * the engine import, at the top of a module or inside a function, as bytecode in place of its
 * source, the rest as it was) and
 * OUT_DIR/engine.zip (every module of ENGINE_ZIP as bytecode, no source). Bytecode files are
 * unchecked hash-based .pyc (PEP 552: no date in them), made with a fixed hash seed, in sorted
 * zip entries with a fixed date: the same inputs give the same bytes.
 * Exits non-zero with the reason on stderr when a module does not compile or import.
 */
import fs from "node:fs";
import path from "node:path";

const [pyodideDir, stdlibZip, engineZip, outDir] = process.argv.slice(2);
const { loadPyodide } = await import(path.resolve(pyodideDir, "pyodide.mjs"));
const py = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  stdLibURL: path.resolve(stdlibZip),
  env: { PYTHONHASHSEED: "0", RULEBOOK_ENGINE: "python" },
  stdout: (s) => process.stderr.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
py.FS.mkdirTree("/rb/out");
py.FS.writeFile("/rb/engine-src.zip", fs.readFileSync(engineZip));
py.runPython(`
import importlib, importlib.util, io, marshal, sys, zipfile

def pyc(source, filename):
    code = compile(source, filename, "exec", dont_inherit=True)
    return (importlib.util.MAGIC_NUMBER + (1).to_bytes(4, "little")       # hash-based, unchecked
            + importlib.util.source_hash(source) + marshal.dumps(code))

def write(path, entries):
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name in sorted(entries):
            info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_DEFLATED
            info.external_attr = 0o644 << 16
            z.writestr(info, entries[name])

engine = zipfile.ZipFile("/rb/engine-src.zip")
engine.extractall("/rb/src")
sys.path.insert(0, "/rb/src")
# every module of the engine imported, as the player imports them (its words installed empty first)
from generator.base.i18n import LANGS, PLURAL_SPAN, install
install({lang: {"messages": {}, "plural": ["other"] * PLURAL_SPAN} for lang in LANGS})
for name in sorted(engine.namelist()):
    if name.endswith(".py"):
        importlib.import_module(name[:-3].replace("/", ".").removesuffix(".__init__"))
# and what they import inside functions (a hard search's statistics, say), where it imports here
import ast
for name in sorted(engine.namelist()):
    if name.endswith(".py"):
        for node in ast.walk(ast.parse(engine.read(name), name)):
            wanted = ([a.name for a in node.names] if isinstance(node, ast.Import)
                      else [node.module] if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
                      else [])
            for module in wanted:
                try:
                    importlib.import_module(module)
                except ImportError:
                    pass                # (a library the player never has: the bundle's tests refuse it)

stdlib_path = "/lib/python%d%d.zip" % sys.version_info[:2]
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(stdlib_path + "/") and origin.endswith(".py"):
        used.add(origin[len(stdlib_path) + 1:])
stdlib = zipfile.ZipFile(stdlib_path)
out = {}
for name in stdlib.namelist():
    data = stdlib.read(name)
    if name in used:
        out[name + "c"] = pyc(data, stdlib_path + "/" + name)
    else:
        out[name] = data
write("/rb/out/stdlib.zip", out)
write("/rb/out/engine.zip", {name + "c": pyc(engine.read(name), name) for name in engine.namelist() if name.endswith(".py")})
`);
fs.mkdirSync(outDir, { recursive: true });
for (const name of ["stdlib.zip", "engine.zip"]) {
  fs.writeFileSync(path.join(outDir, name), py.FS.readFile("/rb/out/" + name));
}
process.exit(0);     // (Pyodide's event loop would keep Node running)
