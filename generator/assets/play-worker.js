/* "Play a hand": the rules engine, in a worker of its own (a module worker
 * that play.js starts), so that the page never waits for it: Pyodide's start,
 * the engine's import and every move are computed here, and the page only
 * shows the views this worker sends back.
 *
 * Everything comes from the site itself, beside this script: Pyodide from
 * pyodide/, its standard library from play/stdlib.zip, the engine's modules
 * from play/engine.zip (imported from the zip as it is), the words of the
 * page's language from play/words-<lang>.json and each game's rules from
 * play/games/<id>.json. Nothing is asked of any other site. The build
 * compiles the engine, and the standard library's modules that Pyodide's
 * start and the engine import, to bytecode with Pyodide's own Python
 * (generator/site/precompile.mjs): no source is compiled here.
 *
 * Messages (each answered once, with the same id):
 *   {id, op: "load", lang, game}          -> {id, ok: true, value: {words: the "play" words of lang,
 *                                                                     files: the site's files fetched}}
 *   {id, op: "serve", game, request}      -> {id, ok: true, value: the engine's answer, JSON text}
 * where request is the JSON text of one of generator.play.session.serve's requests (words, tables,
 * open, call: the page's only way into the engine), given to it unchanged but for the game's rules
 * ("spec"), which this worker adds to a "tables" or "open" request; the answer is serve's own
 * ({"ok": ...} or {"refused": words}). A failure is {id, ok: false, kind, message}: kind "network" (a file of
 * the site could not be fetched: offline, or the site did not answer),
 * "browser" (this browser cannot run it: no WebAssembly) or "engine" (the
 * engine refused or failed). A failed load is not kept: the next "load"
 * starts again. Every answer also carries phases: when each step of the
 * start ended (pyodide_script, engine_fetched, words_fetched, pyodide,
 * imported) and how long the first request of each kind took
 * (serve_<op>_ms), in ms of this worker's clock.
 */

const ROOT = new URL("./", self.location.href).href;

/* When each step of the engine's start ended, and how long the first answer of each kind of request
 * took, in ms of this worker's clock (its start is 0): sent with every answer, for the page to show
 * (bench/play.py reads them). */
const phases = {};
function mark(name, since) {
  if (!(name in phases)) phases[name] = Math.round(since === undefined ? performance.now() : performance.now() - since);
}

class FetchError extends Error {}

async function get(path, how) {
  let response;
  try {
    response = await fetch(ROOT + path, how === "head" ? { method: "HEAD" } : {});
  } catch (err) {
    throw new FetchError(path + ": " + err);
  }
  if (!response.ok) throw new FetchError(path + ": " + response.status);
  return how === "head" ? null : how === "bytes" ? response.arrayBuffer() : response.text();
}

let engine = null;        // the promise of {py, lang}, once loaded; null again after a failure
const specs = new Map();  // game id -> its rules' JSON text

function load(lang) {
  if (engine === null) {
    engine = (async () => {
      if (typeof WebAssembly !== "object") throw Object.assign(new Error("no WebAssembly"), { kind: "browser" });
      // Every file asked for at once: Pyodide's lock file (without packages: the player loads none), the
      // engine's modules (bytecode compiled at build time by Pyodide's own Python) and the words, while
      // Pyodide fetches its script, its WebAssembly and the standard library (its modules that the start
      // and the engine import also compiled ahead: play/stdlib.zip).
      const lock = get("pyodide/pyodide-lock.json", "text");
      const zip = get("play/engine.zip", "bytes").then(z => { mark("engine_fetched"); return z; });
      const words = get("play/words-" + lang + ".json", "text").then(w => { mark("words_fetched"); return w; });
      for (const p of [lock, zip, words]) p.catch(() => {});    // (each awaited below)
      let loadPyodide;
      try {
        ({ loadPyodide } = await import(ROOT + "pyodide/pyodide.mjs"));
      } catch (err) {
        throw new FetchError("pyodide/pyodide.mjs: " + err);
      }
      mark("pyodide_script");
      let py;
      try {
        py = await loadPyodide({ indexURL: ROOT + "pyodide/", stdLibURL: ROOT + "play/stdlib.zip",
                                 lockFileContents: lock, packageBaseUrl: ROOT + "pyodide/",
                                 env: { RULEBOOK_ENGINE: "python" } });     // (no compiled build here)
      } catch (err) {
        await lock;
        await get("play/stdlib.zip", "head");      // Pyodide only logs a standard library it could not fetch
        throw err;
      }
      mark("pyodide");
      py.FS.writeFile("/home/pyodide/engine.zip", new Uint8Array(await zip));
      py.globals.set("rb_words", await words);
      py.runPython([
        "import sys, json",
        "sys.path.insert(0, '/home/pyodide/engine.zip')",
        "from generator.base.i18n import install",
        "install(json.loads(rb_words))",
        "del rb_words",
        "from generator.play.session import serve as rb_serve",
      ].join("\n"));
      mark("imported");
      return py;
    })();
    engine.catch(() => { engine = null; });
  }
  return engine;
}

async function spec(game) {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(game)) throw new Error("not a game id: " + game);
  if (!specs.has(game)) specs.set(game, await get("play/games/" + game + ".json", "text"));
  return specs.get(game);
}

async function answer(data) {
  if (data.op === "load") {
    const [py] = await Promise.all([load(data.lang), data.game ? spec(data.game) : null]);
    // the words, and the site's files this worker fetched (for the page to keep them for offline play)
    const files = performance.getEntriesByType("resource").map(e => e.name).filter(u => u.startsWith(ROOT));
    const words = JSON.parse(py.globals.get("rb_serve")(JSON.stringify({ op: "words", lang: data.lang }))).ok;
    return { words, files: [self.location.href, ...files] };
  }
  const py = await load(data.lang);
  if (data.op === "serve") {
    let request = String(data.request);
    const op = JSON.parse(request).op;
    if (op === "tables" || op === "open") {
      request = JSON.stringify(Object.assign(JSON.parse(request), { spec: JSON.parse(await spec(data.game)) }));
    }
    const t = performance.now();
    const out = py.globals.get("rb_serve")(request);
    mark("serve_" + op + "_ms", t);
    return out;
  }
  throw new Error("unknown message " + data.op);
}

function kindOf(err) {
  if (err && err.kind) return err.kind;
  if (err instanceof FetchError) return "network";
  // Pyodide fetches its WebAssembly and standard library itself: a failed fetch there is the network's
  if (/fetch|network|Failed to load|status/i.test(String(err && err.message))) return "network";
  return "engine";
}

self.onmessage = (event) => {
  const data = event.data || {};
  answer(data).then(
    value => self.postMessage({ id: data.id, ok: true, value, phases }),
    err => self.postMessage({ id: data.id, ok: false, kind: kindOf(err), message: String(err && err.message || err) }),
  );
};
