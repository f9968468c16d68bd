/* Run Python code under Pyodide as a built site's player runs it (tests only):
 *
 *   node tests/pyodide_run.mjs SITE CODE_FILE [ARG...]
 *
 * Pyodide from SITE/assets/pyodide/ (the site's own copy), its standard library from
 * SITE/assets/play/stdlib.zip, the engine's modules from SITE/assets/play/engine.zip (imported from
 * the zip, as play-worker.js does), nothing else on sys.path; the site's folder is readable at /site.
 * CODE_FILE runs with sys.argv = ["-", ARG...]; what it prints goes to stdout. Exits 1 on an error,
 * the traceback on stderr. */
import fs from "node:fs";
import path from "node:path";

const [site, codeFile, ...args] = process.argv.slice(2);
const assets = path.resolve(site, "assets");
const { loadPyodide } = await import(path.join(assets, "pyodide", "pyodide.mjs"));
const py = await loadPyodide({
  indexURL: path.join(assets, "pyodide") + "/",
  stdLibURL: path.join(assets, "play", "stdlib.zip"),
  lockFileURL: path.join(assets, "pyodide", "pyodide-lock.json"),
  env: { RULEBOOK_ENGINE: "python" },
  stdout: (s) => process.stdout.write(s + "\n"),
  stderr: (s) => process.stderr.write(s + "\n"),
});
py.FS.mkdirTree("/site");
py.FS.mount(py.FS.filesystems.NODEFS, { root: path.resolve(site) }, "/site");
py.FS.writeFile("/home/pyodide/engine.zip", fs.readFileSync(path.join(assets, "play", "engine.zip")));
py.globals.set("rb_argv", py.toPy(["-", ...args]));
try {
  py.runPython("import sys\nsys.argv = list(rb_argv)\ndel rb_argv\nsys.path[:] = [p for p in sys.path if p.endswith('.zip')]\n"
               + "sys.path.insert(0, '/home/pyodide/engine.zip')");
  py.runPython(fs.readFileSync(codeFile, "utf-8"));
} catch (err) {
  process.stderr.write(String(err) + "\n");
  process.exit(1);
}
process.exit(0);
