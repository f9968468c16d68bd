/* "Play a hand": the site's rules engine in the reader's browser.
 *
 * Loaded by rulebook.js when the reader shows intent (the play region comes
 * into view and stays, a pointer or the focus is on its start button): prepare() starts
 * the engine in a worker of its own (play-worker.js, beside this script),
 * which loads Pyodide from the site's own assets/pyodide/ folder, the engine's
 * modules (assets/play/engine.zip), the page language's words
 * (assets/play/words-<lang>.json) and the game's rules
 * (assets/play/games/<id>.json), and runs a generator.play.session.Session:
 * every view, move, refusal and hint is the Python engine's; this script only
 * shows them. Nothing is asked of any other site. Every word shown comes from
 * the engine's views or the words file; pictures are the engine's own SVG
 * (drawn from numbers only). Once the engine has started, the site's service
 * worker (rulebook-sw.js, at the site's root) keeps the page and the engine's
 * files for later visits and offline play.
 *
 * Hooks for outside checks (the test contract): the region carries
 * data-rb-play and data-state (idle | loading | ready | over), the start
 * button data-rb-start, every offered move is a button with data-rb-move
 * (its index), drawing and passing are buttons data-rb-draw / data-rb-pass when
 * allowed, the result is data-rb-result. The seed of the deal is data-rb-seed
 * (set it before pressing start to replay a deal) and the reader's moves so far
 * are data-rb-moves (JSON), so that a hand can be replayed by the Python engine.
 * While the engine thinks the region is aria-busy; data-rb-offline is set once
 * the page and the engine's files are kept for offline play.
 */

/* The engine runs in a worker of its own (play-worker.js, beside this script):
 * the page sends it messages and shows the views it answers, so that neither
 * Pyodide's start nor a move ever holds the page up. */
let worker = null;          // one worker per page, started once (again after a failed start)
let ready = null;           // the promise of the "play" words, once the engine is loaded
let asked = 0;
const waiting = new Map();  // message id -> {resolve, reject}

/* An error that says what failed: kind "network" (a file of the site could not be fetched),
 * "browser" (this browser cannot run the engine) or "engine". */
function failure(kind, message) {
  return Object.assign(new Error(message), { kind });
}

function ask(message) {
  return new Promise((resolve, reject) => {
    if (worker === null) return reject(failure("engine", "the engine is not running"));
    const id = ++asked;
    waiting.set(id, { resolve, reject });
    worker.postMessage(Object.assign({}, message, { id }));
  });
}

function stop(err) {
  if (worker !== null) worker.terminate();
  worker = null;
  ready = null;
  for (const w of waiting.values()) w.reject(err);
  waiting.clear();
}

/* Start the engine (the worker loads Pyodide, the engine, the words of
 * lang and the rules of game) if it is not started or starting; the promise of the "play" words.
 * Called when the reader shows intent (rulebook.js) and by start(). A failed
 * start is not kept: the next call starts again. */
export function prepare(opts) {
  const { root, lang, game } = opts;
  if (ready === null) {
    ready = (async () => {
      if (typeof WebAssembly !== "object" || typeof Worker !== "function") {
        throw failure("browser", "no WebAssembly or no Worker");
      }
      worker = new Worker(root + "play-worker.js", { type: "module" });
      worker.onmessage = (event) => {
        const w = waiting.get(event.data.id);
        if (!w) return;
        waiting.delete(event.data.id);
        if (event.data.ok) w.resolve(event.data.value);
        else w.reject(failure(event.data.kind, event.data.message));
      };
      worker.onerror = (event) => {
        // the worker's script did not load or run: the network's fault if the script cannot be fetched
        event.preventDefault();
        fetch(root + "play-worker.js", { method: "HEAD", cache: "no-store" }).then(
          r => stop(failure(r.ok ? "browser" : "network", "the engine's worker did not start")),
          () => stop(failure("network", "the engine's worker could not be fetched")));
      };
      return ask({ op: "load", lang, game });
    })();
    ready.catch(stop);
  }
  return ready;
}

/* Keep the site's files for later visits and offline play: once the engine
 * has started, the site's service worker (rulebook-sw.js at the site's root,
 * its scope the site alone) is registered and asked to keep this page and the
 * files it and the engine fetched; from then on it keeps what passes through
 * it. */
let registered = null;

function offline(root) {
  if (registered !== null || !("serviceWorker" in navigator)) return registered;
  const site = new URL("../", root).href;
  registered = navigator.serviceWorker.register(site + "rulebook-sw.js", { scope: site })
    .catch(err => { console.warn("rulebook: no offline copy:", err); return null; });
  return registered;
}

function keep(root, files) {
  const ours = new URL("../", root).href;
  const page = location.href.split("#")[0];
  const urls = [page, ...performance.getEntriesByType("resource").map(e => e.name), ...files]
    .map(u => u.split("#")[0]).filter(u => u.startsWith(ours));
  return Promise.resolve(offline(root)).then(reg => reg && navigator.serviceWorker.ready).then(reg => {
    if (!reg || !reg.active) return false;
    return new Promise(resolve => {
      const channel = new MessageChannel();
      channel.port1.onmessage = (event) => resolve(event.data && event.data.kept === event.data.of);
      reg.active.postMessage({ keep: [...new Set(urls)].sort() }, [channel.port2]);
    });
  });
}

/* A tile's name (6-4, [7|8]) in a text, kept on one line as the built pages keep it
 * (rb-tile: generator/site/typeset.py). */
const TILE = /(?<![0-9A-Za-z_.|[-])(?:\d{1,3}[-\u2013]\d{1,3}|\[\d{1,3}\|\d{1,3}\])(?![0-9A-Za-z_-])/g;

/* Set a node's text, each tile name in it in a span that does not wrap; text only, never markup. */
function setText(node, value) {
  const text = String(value);
  node.textContent = "";
  let at = 0;
  for (const m of text.matchAll(TILE)) {
    if (m.index > at) node.append(text.slice(at, m.index));
    const tile = document.createElement("span");
    tile.className = "rb-tile";
    tile.textContent = m[0];
    node.append(tile);
    at = m.index + m[0].length;
  }
  if (at < text.length) node.append(text.slice(at));
}

function el(tag, attrs, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined) setText(node, text);
  return node;
}

/* Our own SVG (the engine's drawing of numbers and fixed shapes), parsed as SVG
 * and adopted: never HTML, so no markup of any other kind can come with it. */
function picture(svgText) {
  if (!svgText) return null;
  const doc = new DOMParser().parseFromString(svgText, "image/svg+xml");
  const svg = doc.documentElement;
  if (svg.nodeName !== "svg" || doc.querySelector("parsererror, script, foreignObject")) return null;
  return document.importNode(svg, true);
}

function newSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1000000000;
}

/* The region's seed (data-rb-seed, a new one when none is set). */
function seedOf(region) {
  if (!region.hasAttribute("data-rb-seed")) region.setAttribute("data-rb-seed", String(newSeed()));
  return parseInt(region.getAttribute("data-rb-seed"), 10);
}

export async function start(region, opts) {
  const { root, game, lang } = opts;
  const status = region.querySelector(".rb-play-status");
  const startButton = region.querySelector("[data-rb-start]");
  const { words, files } = await prepare({ root, lang, game });
  const key = game;
  const first = await ask({ op: "new", game: key, seed: seedOf(region), lang });
  region.setAttribute("data-rb-moves", "[]");
  let board = region.querySelector(".rb-play-board");
  if (board) board.remove();
  board = el("div", { class: "rb-play-board" });
  region.append(board);
  startButton.hidden = true;
  keep(root, [root + "play.js", ...files]).then(kept => { if (kept) region.setAttribute("data-rb-offline", ""); },
                                                 err => console.warn("rulebook: no offline copy:", err));

  /* The engine answers in its worker: while it thinks, the region is aria-busy and a second
   * press waits for nothing (the moves shown are the ones it answered last). */
  let busy = false;
  const call = async (name, ...args) => {
    if (busy) return null;
    busy = true;
    region.setAttribute("aria-busy", "true");
    try {
      return await ask({ op: "call", game: key, name, args, lang });
    } finally {
      busy = false;
      region.removeAttribute("aria-busy");
    }
  };
  const begin = async () => {
    if (busy) return null;
    busy = true;
    region.setAttribute("aria-busy", "true");
    try {
      const view = await ask({ op: "new", game: key, seed: seedOf(region), lang });
      region.setAttribute("data-rb-moves", "[]");
      return view;
    } finally {
      busy = false;
      region.removeAttribute("aria-busy");
    }
  };
  const record = (move) => {
    const moves = JSON.parse(region.getAttribute("data-rb-moves") || "[]");
    moves.push(move);
    region.setAttribute("data-rb-moves", JSON.stringify(moves));
  };

  async function act(move, name, ...args) {
    let view;
    try {
      view = await call(name, ...args);
    } catch (err) {
      status.textContent = words.failed;
      console.warn("rulebook:", err);
      return;
    }
    if (view === null) return;
    if (move !== null) record(move);
    show(view, true);
  }

  function show(view, moved) {
    board.replaceChildren();
    region.setAttribute("data-state", view.phase === "game-over" ? "over" : "ready");
    const said = [];
    if (moved && view.new) said.push(...view.log.slice(view.log.length - view.new));
    if (view.scores) board.append(el("p", { class: "rb-play-scores" }, view.scores));

    const table = el("figure", { class: "rb-play-table" });
    const svg = picture(view.table);
    if (svg) table.append(svg);
    table.append(el("figcaption", { class: "rb-play-table-words" }, view.table_words));
    board.append(el("h3", {}, words.table), table);

    if (view.log.length) {
      const log = el("ol", { class: "rb-play-log" });
      view.log.forEach(line => log.append(el("li", {}, line)));
      const details = el("details", { class: "rb-play-log-box" });
      details.append(el("summary", {}, words.log), log);
      board.append(details);
    }

    const why = el("p", { class: "rb-play-why", "data-rb-why": "" });
    board.append(el("h3", {}, words.your_hand));
    const hand = el("div", { class: "rb-play-hand" });
    view.hand.forEach(t => {
      const b = el("button", { type: "button", class: "rb-play-tile", "data-rb-tile": t.tile });
      const pic = picture(t.svg);
      if (pic) b.append(pic);
      b.append(el("span", {}, t.label));
      if (view.phase === "turn" && t.why) {
        b.setAttribute("aria-describedby", "rb-play-why");
        b.classList.add("rb-play-refused");
        b.addEventListener("click", () => {
          setText(why, words.why_not.replace("{tile}", t.label).replace("{why}", t.why));
        });
      } else if (view.phase === "turn" && t.moves.length) {
        b.addEventListener("click", () => {
          if (t.moves.length === 1) {
            act(t.moves[0], "move", t.moves[0]);
          } else {
            setText(why, words.tile_moves.replace("{tile}", t.label));
            const first = board.querySelector('[data-rb-move="' + t.moves[0] + '"]');
            if (first) first.focus();
          }
        });
      } else {
        b.disabled = true;
      }
      hand.append(b);
    });
    why.id = "rb-play-why";
    board.append(hand, why);

    if (view.phase === "turn") {
      said.push(words.your_turn);
      board.append(el("h3", {}, words.moves));
      const moves = el("div", { class: "rb-play-moves" });
      view.moves.forEach(m => {
        const b = el("button", { type: "button", class: "md-button", "data-rb-move": String(m.index) }, m.words);
        b.addEventListener("click", () => act(m.index, "move", m.index));
        moves.append(b);
      });
      if (view.draw) {
        const b = el("button", { type: "button", class: "md-button", "data-rb-draw": "" }, words.draw_button);
        b.addEventListener("click", () => act("draw", "draw"));
        moves.append(b);
      }
      if (view.pass) {
        const b = el("button", { type: "button", class: "md-button", "data-rb-pass": "" }, words.pass_button);
        b.addEventListener("click", () => act("pass", "pass_"));
        moves.append(b);
      }
      const hintText = el("p", { class: "rb-play-hint" });
      const hint = el("button", { type: "button", class: "md-button", "data-rb-hint": "" }, words.hint_button);
      hint.addEventListener("click", async () => {
        const h = await call("hint").catch(err => { console.warn("rulebook:", err); return null; });
        if (h === null) return;
        setText(hintText, words.hint_is.replace("{words}", h.words).replace("{reason}", h.reason));
        status.textContent = hintText.textContent;
      });
      board.append(moves, hint, hintText);
    } else {
      const result = el("div", { class: "rb-play-result", "data-rb-result": "" });
      result.append(el("h3", {}, words.result));
      view.result.forEach(line => result.append(el("p", {}, line)));
      said.push(...view.result);
      const next = el("button", { type: "button", class: "md-button md-button--primary" },
                      view.phase === "game-over" ? words.play_again : words.next_hand);
      next.setAttribute(view.phase === "game-over" ? "data-rb-again" : "data-rb-next", "");
      next.addEventListener("click", async () => {
        if (view.phase === "game-over") {
          region.removeAttribute("data-rb-seed");
          const again = await begin().catch(err => { console.warn("rulebook:", err); return null; });
          if (again !== null) show(again, false);
        } else {
          act(null, "next_hand");
        }
      });
      result.append(next);
      board.append(result);
    }
    status.textContent = said.join(" ");
    if (moved) {
      const focus = board.querySelector("[data-rb-move], [data-rb-draw], [data-rb-pass], [data-rb-next], [data-rb-again]");
      if (focus) focus.focus({ preventScroll: true });
    }
  }

  show(first, false);
  const firstMove = board.querySelector("[data-rb-move], [data-rb-draw], [data-rb-pass]");
  if (firstMove) firstMove.focus({ preventScroll: true });
}
