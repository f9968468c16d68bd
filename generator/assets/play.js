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
 *
 * Every call into the engine is one JSON request and one JSON answer
 * (generator.play.session.serve), carried to the worker and back by its
 * "serve" message.
 *
 * Hooks for outside checks (the test contract): the region carries
 * data-rb-play and data-state (idle | loading | ready, the reader's move |
 * over, no move left: a hand or the game ended), the start button
 * data-rb-start, every offered move is a button with data-rb-move (its
 * index), drawing and passing are buttons data-rb-draw / data-rb-pass when
 * allowed, the result is data-rb-result. The seed of the deal is data-rb-seed
 * (set it before pressing start to replay a deal) and the reader's moves so
 * far are data-rb-moves (JSON: the engine's, a move's index, "draw" or "pass";
 * after a replay link, the link's), so that a hand can be replayed by the Python
 * engine. Before each deal (the first, and after data-rb-new) one chooser
 * holds the opponents' level (select data-rb-level="level"), while a table
 * in partnerships is chosen the partner's ("partner"), and the table size (select
 * data-rb-players, where the game allows more than one); it deals on
 * data-rb-deal. Undo and the step-through are data-rb-undo and data-rb-steps; the
 * replay link is data-rb-link (its fragment #play=SEED-TABLE-MOVES opens the
 * game there); a refused link's message is data-rb-refused. While the engine
 * thinks, and until its answer is drawn and the focus moved, the region is aria-busy; data-rb-offline is set once the page and the
 * engine's files are kept for offline play; data-rb-phases (JSON) holds the
 * worker's timings of its start and first answers (play-worker.js), which
 * bench/play.py reads.
 */

/* The engine runs in a worker of its own (play-worker.js, beside this script):
 * the page sends it messages and shows the views it answers, so that neither
 * Pyodide's start nor a move ever holds the page up; each view is built apart
 * from the page in pieces and put in at once, and the focus moved once the
 * browser has laid it out (show), so that drawing it does not either. */
let worker = null;          // one worker per page, started once (again after a failed start)
let ready = null;           // the promise of the "play" words, once the engine is loaded
let asked = 0;
const waiting = new Map();  // message id -> {resolve, reject}
let phases = {};            // the worker's timings of its start and first answers (play-worker.js)

/* An error that says what failed: kind "network" (a file of the site could not be fetched),
 * "browser" (this browser cannot run the engine) or "engine". */
function failure(kind, message) {
  return Object.assign(new Error(message), { kind });
}

function post(message) {
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
        if (event.data.phases) phases = event.data.phases;
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
      return post({ op: "load", lang, game });
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

/* Several of our SVG pictures (a hand's tiles) parsed at once, as picture() parses one: one parse
 * instead of one a tile keeps the page's thread short; a list of the same length (null where a
 * text is empty or not a picture). */
function pictures(svgTexts) {
  const doc = new DOMParser().parseFromString(
    '<svg xmlns="http://www.w3.org/2000/svg">' + svgTexts.map(t => t || "<svg/>").join("") + "</svg>", "image/svg+xml");
  const kids = doc.documentElement.children;
  if (doc.documentElement.nodeName !== "svg" || doc.querySelector("parsererror, script, foreignObject")
      || kids.length !== svgTexts.length || [...kids].some(k => k.nodeName !== "svg")) {
    return svgTexts.map(picture);          // (one of them is not a picture: each on its own)
  }
  return [...kids].map((k, i) => svgTexts[i] ? document.importNode(k, true) : null);
}

/* The page's thread handed back to the browser for a moment (a task of its own after this one):
 * a long piece of drawing is done in pieces, so that no task holds the page up. */
function pause() {
  if (typeof scheduler === "object" && scheduler && typeof scheduler.yield === "function") return scheduler.yield();
  return new Promise(resolve => setTimeout(resolve, 0));
}

/* Resolved once the browser has drawn the next frame (its style and layout done in a task of their
 * own), or after 100 ms where no frame comes (a hidden tab): focusing or measuring then costs
 * no new layout. */
function drawn() {
  return new Promise(resolve => {
    let done = false;
    const go = () => { if (!done) { done = true; setTimeout(resolve, 0); } };
    requestAnimationFrame(go);
    setTimeout(go, 100);
  });
}

function newSeed() {
  const a = new Uint32Array(1);
  crypto.getRandomValues(a);
  return a[0] % 1000000000;
}

/* fn run once the page's thread is idle (within 2 s). */
function idle(fn) {
  if (typeof requestIdleCallback === "function") requestIdleCallback(fn, { timeout: 2000 });
  else setTimeout(fn, 200);
}

/* A sentence as the status line says it: ending in the language's full stop. */
function sentence(text, stop) {
  const t = String(text).trim();
  return /[.!?\u3002\uff01\uff1f]$/.test(t) ? t : t + stop;
}

const FOCUSABLE_MOVE = "[data-rb-move], [data-rb-draw], [data-rb-pass]";

/* A table's picture in its box: the figure scrolls where the table is larger than the box (its tiles
 * are never shrunk), and the box around it (rb-play-table-box) shades each edge where the table goes
 * on beyond it (classes rb-clips-left, -right, -top, -bottom), so that the reader sees it scrolls. */
function tableBox(figure) {
  const box = el("div", { class: "rb-play-table-box" });
  box.append(figure);
  return box;
}

/* Once the browser has laid the table out: its box scrolled to where the reader left it (hold.at,
 * {left, top} in CSS px) or, while the reader has not scrolled it, so that the hand's first tile
 * (the first tile of the table's picture, data-tile: the lead, the set double, the centre of the star) is in the
 * middle of it; the edges shaded where the table is cut off. A scroll the reader makes is kept in
 * hold.at (the next view of the table opens there); hold.at = null follows the first tile again. */
function place(figure, hold) {
  const box = figure.parentNode;
  const first = figure.querySelector("svg [data-tile]");
  if (hold.at) {
    figure.scrollLeft = hold.at.left;
    figure.scrollTop = hold.at.top;
  } else if (first) {
    const r = first.getBoundingClientRect(), f = figure.getBoundingClientRect();
    figure.scrollLeft += r.left + r.width / 2 - (f.left + figure.clientLeft + figure.clientWidth / 2);
    figure.scrollTop += r.top + r.height / 2 - (f.top + figure.clientTop + figure.clientHeight / 2);
  }
  const set = [figure.scrollLeft, figure.scrollTop];
  const edges = () => {
    const left = figure.scrollLeft, top = figure.scrollTop;
    box.classList.toggle("rb-clips-left", left > 1);
    box.classList.toggle("rb-clips-right", left + figure.clientWidth < figure.scrollWidth - 1);
    box.classList.toggle("rb-clips-top", top > 1);
    box.classList.toggle("rb-clips-bottom", top + figure.clientHeight < figure.scrollHeight - 1);
  };
  edges();
  figure.onscroll = () => {
    // (the scroll set here comes back as an event too: only one elsewhere is the reader's)
    if (Math.abs(figure.scrollLeft - set[0]) > 1 || Math.abs(figure.scrollTop - set[1]) > 1) {
      hold.at = { left: figure.scrollLeft, top: figure.scrollTop };
    }
    edges();
  };
}

export async function start(region, opts) {
  const { root, game, lang } = opts;
  const status = region.querySelector(".rb-play-status");
  const startButton = region.querySelector("[data-rb-start]");
  const { words, files } = await prepare({ root, lang, game });
  /* One request to the engine, one answer: {ok} or {refused} (generator.play.session.serve), in its
   * worker (which adds the game's rules where a request needs them). */
  const ask = (request) => post({ op: "serve", game, request: JSON.stringify(request) }).then(answer => {
    region.setAttribute("data-rb-phases", JSON.stringify(phases));
    return JSON.parse(answer);
  });
  const tables = (await ask({ op: "tables" })).ok;
  const key = game;
  let board = region.querySelector(".rb-play-board");
  if (board) board.remove();
  board = el("div", { class: "rb-play-board" });
  region.append(board);
  startButton.hidden = true;
  region.classList.add("rb-playing");
  // the offline copy once the page's thread is idle (the chooser is drawn first)
  idle(() => keep(root, [root + "play.js", ...files]).then(kept => { if (kept) region.setAttribute("data-rb-offline", ""); },
                                                           err => console.warn("rulebook: no offline copy:", err)));
  let table = tables[0];
  const levels = { level: "normal", partner: null };
  let showWords = false;
  const tableHold = { at: null };     // where the reader scrolled the table (place): kept through a hand

  /* The live region: each sentence its own line, so that none runs into the next. */
  function announce(lines) {
    status.replaceChildren();
    lines.filter(x => x && String(x).trim()).forEach(x => status.append(el("span", {}, sentence(x, words.full_stop))));
  }

  const tableName = (t) => (t.teams ? words.table_teams : words.table_players).replace("{n}", String(t.players));

  /* The engine answers in its worker: while it thinks, and until its answer is shown (then), the
   * region is aria-busy and a second press waits for nothing (null: the moves shown are the ones it
   * answered last). */
  let busy = false;
  async function call(request, then) {
    if (busy) return null;
    busy = true;
    region.setAttribute("aria-busy", "true");
    try {
      const answer = await ask(request);
      if (then) await then(answer);
      return answer;
    } finally {
      busy = false;
      region.removeAttribute("aria-busy");
    }
  }

  /* A game opened (options: a deal, or a replay link's fragment); its first view given to then. */
  async function open(options, then) {
    return call({ op: "open", key, options, lang }, async answer => {
      if (!answer || !answer.ok) return;
      const size = answer.ok.table_size;
      table = tables.find(t => t.players === size.players && t.teams === size.teams) || table;
      if (answer.ok.levels) Object.assign(levels, answer.ok.levels);
      if (then) await then(answer.ok);
    });
  }

  const begin = async (then) => {
    if (!region.hasAttribute("data-rb-seed")) region.setAttribute("data-rb-seed", String(newSeed()));
    const seed = parseInt(region.getAttribute("data-rb-seed"), 10);
    region.setAttribute("data-rb-moves", "[]");
    await open({ seed, players: table.players, teams: table.teams, level: levels.level, partner: levels.partner },
               then);
  };
  const fresh = async (then) => {
    region.removeAttribute("data-rb-seed");
    return begin(then);
  };
  async function act(name, ...args) {
    let answer;
    if (name === "next_hand") tableHold.at = null;      // a new hand: its first tile in the middle again
    try {
      answer = await call({ op: "call", key, name, args }, async a => {
        if (!a || !a.ok) return;
        await show(a.ok, name === "undo" ? [words.undone] : [], "move");
      });
    } catch (err) {
      announce([words.failed]);
      console.warn("rulebook:", err);
      return;
    }
    if (answer === null) return;
    if (!answer.ok) announce([words.failed]);
  }

  /* Focus the first move (or the hand's next step), the table's top in view above it. */
  function focusPlay() {
    const figure = board.querySelector(".rb-play-table");
    const target = board.querySelector(FOCUSABLE_MOVE + ", [data-rb-next], [data-rb-again]");
    if (figure) figure.scrollIntoView({ block: "start" });
    if (target) {
      target.focus({ preventScroll: true });
      const r = target.getBoundingClientRect();
      if (r.bottom > window.innerHeight || r.top < 0) target.scrollIntoView({ block: "nearest" });
    }
  }

  /* A new deal (fresh: a new seed; begin: the region's seed) shown, the focus on its first move. */
  async function deal(how) {
    tableHold.at = null;
    try {
      await how(view => show(view, [], "play"));
    } catch (err) {
      announce([words.failed]);
      console.warn("rulebook:", err);
    }
  }

  function controls(view) {
    const bar = el("div", { class: "rb-play-controls" });
    const again = el("button", { type: "button", class: "md-button", "data-rb-new": "" }, words.new_game);
    again.addEventListener("click", () => chooser(true));
    bar.append(again);
    const undo = el("button", { type: "button", class: "md-button", "data-rb-undo": "" }, words.undo_button);
    if (!view.undo) undo.disabled = true;
    undo.addEventListener("click", () => act("undo"));
    bar.append(undo);
    const link = el("a", { href: "#" + view.fragment, "data-rb-link": "" }, words.link);
    bar.append(link);
    return bar;
  }

  /* The pages' step-through, over the hand just played: the table before each move and at the end. */
  async function stepper(box) {
    const answer = await call({ op: "call", key, name: "steps", args: [] }).catch(err => {
      console.warn("rulebook:", err);
      return null;
    });
    if (!answer || !answer.ok) return;
    const steps = answer.ok;
    let at = steps.length - 1;
    const figure = el("figure", { class: "rb-play-table" });
    const hold = { at: null };
    const line = el("p", { class: "rb-play-step-line" });
    const where = el("p", { class: "rb-step-status", "aria-live": "polite" });
    const prev = el("button", { type: "button", class: "md-button rb-step-prev" }, words.step_prev);
    const next = el("button", { type: "button", class: "md-button rb-step-next" }, words.step_next);
    function draw() {
      const step = steps[at];
      figure.replaceChildren();
      const svg = picture(step.table);
      if (svg) figure.append(svg);
      figure.append(el("figcaption", { class: "rb-play-table-words rb-play-words-hidden" }, step.table_words));
      setText(line, step.line === null ? words.step_deal : step.line);
      setText(where, words.step_status.replace("{n}", String(at + 1)).replace("{total}", String(steps.length)));
      prev.disabled = at === 0;
      next.disabled = at === steps.length - 1;
      place(figure, hold);
    }
    prev.addEventListener("click", () => { at = Math.max(0, at - 1); draw(); (prev.disabled ? next : prev).focus(); });
    next.addEventListener("click", () => { at = Math.min(steps.length - 1, at + 1); draw(); (next.disabled ? prev : next).focus(); });
    const bar = el("div", { class: "rb-stepper" });
    bar.append(prev, next, where);
    box.replaceChildren(bar, line, tableBox(figure));
    draw();
    prev.focus();
  }

  /* A view of the engine shown: built apart from the page in pieces (a task each), put in at once,
   * the focus moved (focus "move": the first move; "play": the table's top in view, focusPlay) once
   * the browser has laid it out; data-state says ready or over only then. */
  async function show(view, notes, focus) {
    const next = document.createDocumentFragment();
    const over = view.phase !== "turn";
    const said = [...notes];
    if (focus === "move" && view.new) said.push(...view.log.slice(view.log.length - view.new));

    next.append(controls(view));
    if (view.scores) next.append(el("p", { class: "rb-play-scores" }, view.scores));

    const figure = el("figure", { class: "rb-play-table", "aria-label": words.table });
    const svg = picture(view.table);
    if (svg) figure.append(svg);
    // the table in words: always read by screen readers, shown on request
    const caption = el("figcaption", { class: "rb-play-table-words" }, view.table_words);
    caption.id = "rb-play-words";
    // (shown at once where there is no picture: Texas 42's bidding, say)
    if (!showWords && svg) caption.classList.add("rb-play-words-hidden");
    figure.append(caption);
    const toggle = el("button", { type: "button", class: "md-button rb-play-words-toggle", "aria-expanded": String(showWords) },
                      words.table_words_button);
    toggle.setAttribute("aria-controls", caption.id);
    if (!svg) toggle.hidden = true;
    toggle.addEventListener("click", () => {
      showWords = !showWords;
      caption.classList.toggle("rb-play-words-hidden", !showWords);
      toggle.setAttribute("aria-expanded", String(showWords));
    });
    next.append(tableBox(figure), toggle);

    // the moves first: on a phone the table and the moves share the screen; the hand follows
    if (!over) {
      said.push(words.your_turn);
      next.append(el("h3", {}, words.moves));
      const moves = el("div", { class: "rb-play-moves" });
      view.moves.forEach(m => {
        const b = el("button", { type: "button", class: "md-button", "data-rb-move": String(m.index) }, m.words);
        b.addEventListener("click", () => act("move", m.index));
        moves.append(b);
      });
      if (view.draw) {
        const b = el("button", { type: "button", class: "md-button", "data-rb-draw": "" }, words.draw_button);
        b.addEventListener("click", () => act("draw"));
        moves.append(b);
      }
      if (view.pass) {
        const b = el("button", { type: "button", class: "md-button", "data-rb-pass": "" }, words.pass_button);
        b.addEventListener("click", () => act("pass_"));
        moves.append(b);
      }
      const hintText = el("p", { class: "rb-play-hint" });
      const hint = el("button", { type: "button", class: "md-button", "data-rb-hint": "" }, words.hint_button);
      hint.addEventListener("click", async () => {
        const h = await call({ op: "call", key, name: "hint", args: [] }).catch(err => {
          console.warn("rulebook:", err);
          return null;
        });
        if (!h || !h.ok) return;
        setText(hintText, words.hint_is.replace("{words}", h.ok.words).replace("{reason}", h.ok.reason));
        announce([hintText.textContent]);
      });
      next.append(moves, hint, hintText);
    }
    const why = el("p", { class: "rb-play-why", "data-rb-why": "" });
    const places = el("div", { class: "rb-play-places" });
    await pause();
    next.append(el("h3", {}, words.your_hand));
    const hand = el("div", { class: "rb-play-hand", role: "group", "aria-label": words.your_hand });
    const tiles = [];
    const pics = pictures(view.hand.map(t => t.svg));
    view.hand.forEach((t, i) => {
      const b = el("button", { type: "button", class: "rb-play-tile", "data-rb-tile": t.tile, tabindex: "-1" });
      const pic = pics[i];
      if (pic) b.append(pic);
      b.append(el("span", {}, t.label));
      if (!over && t.why) {
        b.setAttribute("aria-describedby", "rb-play-why");
        b.classList.add("rb-play-refused");
        b.addEventListener("click", () => {
          const text = words.why_not.replace("{tile}", t.label).replace("{why}", t.why);
          setText(why, text);
          announce([text]);
        });
      } else if (!over && t.moves.length) {
        b.addEventListener("click", () => {
          if (t.moves.length === 1) {
            act("move", t.moves[0]);
            return;
          }
          // a tile with several places: only its places to choose from
          const prompt = words.tile_moves.replace("{tile}", t.label);
          setText(why, prompt);
          places.replaceChildren();
          t.moves.forEach(i => {
            const m = view.moves.find(x => x.index === i);
            const p = el("button", { type: "button", class: "md-button", "data-rb-place": String(i) }, m.words);
            p.addEventListener("click", () => act("move", i));
            places.append(p);
          });
          announce([prompt]);
          places.firstChild.focus();
        });
      } else {
        b.setAttribute("aria-disabled", "true");
      }
      tiles.push(b);
      hand.append(b);
    });
    if (tiles.length) tiles[0].tabIndex = 0;
    // arrow keys move along the hand (one tab stop for the whole hand)
    hand.addEventListener("keydown", (e) => {
      const i = tiles.indexOf(document.activeElement);
      if (i < 0) return;
      const to = { ArrowRight: i + 1, ArrowDown: i + 1, ArrowLeft: i - 1, ArrowUp: i - 1, Home: 0, End: tiles.length - 1 }[e.key];
      if (to === undefined) return;
      e.preventDefault();
      const j = Math.max(0, Math.min(tiles.length - 1, to));
      tiles[i].tabIndex = -1;
      tiles[j].tabIndex = 0;
      tiles[j].focus();
    });
    why.id = "rb-play-why";
    next.append(hand, why, places);

    if (over) {
      const result = el("div", { class: "rb-play-result", "data-rb-result": "" });
      result.append(el("h3", {}, words.result));
      view.result.forEach(line => result.append(el("p", {}, line)));
      said.push(...view.result);
      const game = view.phase === "game-over";
      const onward = el("button", { type: "button", class: "md-button md-button--primary" },
                      game ? words.play_again : words.next_hand);
      onward.setAttribute(game ? "data-rb-again" : "data-rb-next", "");
      onward.addEventListener("click", async () => {
        if (game) {
          await deal(fresh);
        } else {
          act("next_hand");
        }
      });
      const steps = el("div", { class: "rb-play-steps" });
      const stepsButton = el("button", { type: "button", class: "md-button", "data-rb-steps": "" }, words.steps_button);
      stepsButton.addEventListener("click", () => stepper(steps));
      steps.append(stepsButton);
      result.append(onward, steps);
      next.append(result);
    }

    if (view.log.length) {
      const log = el("ol", { class: "rb-play-log" });
      view.log.forEach(line => log.append(el("li", {}, line)));
      const details = el("details", { class: "rb-play-log-box" });
      details.append(el("summary", {}, words.log), log);
      next.append(details);
    }
    board.replaceChildren(next);
    await drawn();
    place(figure, tableHold);
    if (focus === "play") {
      focusPlay();
    } else if (focus === "move") {
      const target = board.querySelector(FOCUSABLE_MOVE + ", [data-rb-next], [data-rb-again]");
      if (target) {
        target.focus({ preventScroll: true });
        const r = target.getBoundingClientRect();
        if (r.bottom > window.innerHeight || r.top < 0) target.scrollIntoView({ block: "nearest" });
      }
    }
    // the reader's moves so far, as the engine holds them (after a replay link's too)
    region.setAttribute("data-rb-moves", JSON.stringify(view.played));
    region.setAttribute("data-state", over ? "over" : "ready");
    announce(said);
  }

  /* The one chooser before a deal: the opponents' level and, at a table in partnerships, the
   * partner's (generator/sim/levels.py; offered while such a table is chosen), and the table size
   * where the game allows more than one; kept for the games after. */
  function chooser(again) {
    const form = el("form", { class: "rb-play-levels" });
    const pick = (name, label, options, chosen) => {
      const select = el("select", { name, [name === "players" ? "data-rb-players" : "data-rb-level"]: name === "players" ? "" : name });
      options.forEach(([value, text]) => {
        const option = el("option", { value }, text);
        if (value === chosen) option.selected = true;
        select.append(option);
      });
      const field = el("label", {}, label + " ");
      field.append(select);
      form.append(field, " ");
      return field;
    };
    const levelOptions = ["easy", "normal", "hard"].map(l => [l, words["level_" + l]]);
    pick("level", words.level, levelOptions, levels.level);
    // the partner's level wherever the game is played in partnerships: shown while such a table is chosen
    const partner = tables.some(t => t.teams)
      ? pick("partner", words.partner_level, levelOptions, levels.partner || levels.level) : null;
    if (tables.length > 1) pick("players", words.table_choice, tables.map((t, i) => [String(i), tableName(t)]),
                                String(tables.indexOf(table)));
    const chosen = () => form.elements.players ? tables[parseInt(form.elements.players.value, 10)] : table;
    if (partner) {
      partner.hidden = !chosen().teams;
      if (form.elements.players) form.elements.players.addEventListener("change", () => { partner.hidden = !chosen().teams; });
    }
    form.append(el("button", { type: "submit", class: "md-button md-button--primary", "data-rb-deal": "" }, words.deal));
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      if (busy) return;
      table = chosen();
      levels.level = form.elements.level.value;
      levels.partner = partner && table.teams ? form.elements.partner.value : null;
      deal(fresh);
    });
    if (again) region.setAttribute("data-state", "idle");      // a new game: no move until the deal
    board.replaceChildren(form);
    // focused once drawn (no layout forced here)
    drawn().then(() => { if (form.isConnected) form.querySelector("[data-rb-deal]").focus({ preventScroll: true }); });
  }

  // a replay link (#play=...) opens the game where it was shared; a forged or broken one is refused in words
  const hash = location.hash;
  if (hash.startsWith("#play=")) {
    const answer = await open({ fragment: hash.slice(0, 10000) }, view => {
      const m = /^#play=(\d+)-/.exec(hash);
      region.setAttribute("data-rb-seed", m[1]);
      return show(view, [], "play");
    });
    if (answer && answer.ok) return;
    region.insertBefore(el("p", { class: "rb-play-refused-link", "data-rb-refused": "", role: "alert" }, words.link_refused),
                        board);
    await deal(begin);
    return;
  }
  chooser();
}
