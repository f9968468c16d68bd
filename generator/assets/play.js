/* "Play a hand": the site's rules engine in the reader's browser.
 *
 * Loaded by rulebook.js only when the reader presses the start button of a
 * game page's play region. It starts Pyodide from the site's own
 * assets/pyodide/ folder, unpacks the engine's modules (assets/play/engine.zip),
 * installs the page language's words (assets/play/words-<lang>.json) and the
 * game's rules (assets/play/games/<id>.json), and runs a
 * generator.play.session.Session: every view, move, refusal and hint is the
 * Python engine's; this script only shows them. Nothing is asked of any other
 * site. Every word shown comes from the engine's views or the words file;
 * pictures are the engine's own SVG (drawn from numbers only).
 *
 * Hooks for outside checks (the test contract): the region carries
 * data-rb-play and data-state (idle | loading | ready | over), the start
 * button data-rb-start, every offered move is a button with data-rb-move
 * (its index), drawing and passing are buttons data-rb-draw / data-rb-pass when
 * allowed, the result is data-rb-result; before the deal the levels' chooser (selects
 * data-rb-level="level" and, in partnership games, "partner") deals on data-rb-deal. The seed of the deal is data-rb-seed
 * (set it before pressing start to replay a deal) and the reader's moves so far
 * are data-rb-moves (JSON), so that a hand can be replayed by the Python engine.
 */

let engine = null;          // one Pyodide per page, started once

function loadEngine(root, lang) {
  if (engine === null) {
    engine = (async () => {
      const { loadPyodide } = await import(root + "pyodide/pyodide.mjs");
      const py = await loadPyodide({ indexURL: root + "pyodide/", fullStdLib: false });
      const [zip, words] = await Promise.all([
        fetch(root + "play/engine.zip").then(r => { if (!r.ok) throw new Error(r.url); return r.arrayBuffer(); }),
        fetch(root + "play/words-" + lang + ".json").then(r => { if (!r.ok) throw new Error(r.url); return r.text(); }),
      ]);
      py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/rulebook" });
      py.globals.set("rb_words", words);
      py.runPython([
        "import sys, json",
        "sys.path.insert(0, '/home/pyodide/rulebook')",
        "from generator.base.i18n import install",
        "install(json.loads(rb_words))",
        "from generator.play.session import Session",
        "rb_sessions = {}",
        "def rb_play_words(lang):",
        "    from generator.base.i18n import messages",
        "    return json.dumps(dict(messages('play', lang)))",
        "def rb_new(key, spec, seed, lang, level='normal', partner=None):",
        "    rb_sessions[key] = Session(json.loads(spec), seed, lang, level, partner)",
        "    return json.dumps(rb_sessions[key].view())",
        "def rb_call(key, name, *args):",
        "    return json.dumps(getattr(rb_sessions[key], name)(*args))",
      ].join("\n"));
      return py;
    })();
  }
  return engine;
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

export async function start(region, opts) {
  const { root, game, lang } = opts;
  const status = region.querySelector(".rb-play-status");
  const startButton = region.querySelector("[data-rb-start]");
  const py = await loadEngine(root, lang);
  const spec = await fetch(root + "play/games/" + game + ".json").then(r => {
    if (!r.ok) throw new Error(r.url);
    return r.text();
  });
  const words = JSON.parse(py.globals.get("rb_play_words")(lang));
  const key = game;
  let board = region.querySelector(".rb-play-board");
  if (board) board.remove();
  board = el("div", { class: "rb-play-board" });
  region.append(board);
  startButton.hidden = true;

  const call = (name, ...args) => JSON.parse(py.globals.get("rb_call")(key, name, ...args));
  const begin = () => {
    if (!region.hasAttribute("data-rb-seed")) region.setAttribute("data-rb-seed", String(newSeed()));
    const seed = parseInt(region.getAttribute("data-rb-seed"), 10);
    region.setAttribute("data-rb-moves", "[]");
    return JSON.parse(py.globals.get("rb_new")(key, spec, seed, lang, levels.level, levels.partner));
  };
  const record = (move) => {
    const moves = JSON.parse(region.getAttribute("data-rb-moves") || "[]");
    moves.push(move);
    region.setAttribute("data-rb-moves", JSON.stringify(moves));
  };

  function act(move, name, ...args) {
    let view;
    try {
      view = call(name, ...args);
    } catch (err) {
      status.textContent = words.failed;
      console.warn("rulebook:", err);
      return;
    }
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
      hint.addEventListener("click", () => {
        const h = call("hint");
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
      next.addEventListener("click", () => {
        if (view.phase === "game-over") {
          region.removeAttribute("data-rb-seed");
          show(begin(), false);
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

  /* The levels chosen before the deal (generator/sim/levels.py): the opponents' and, in a
   * partnership game, the partner's; kept for the games after. */
  const levels = { level: "normal", partner: null };
  const chooser = el("form", { class: "rb-play-levels" });
  const pick = (name, label) => {
    const select = el("select", { name, "data-rb-level": name });
    ["easy", "normal", "hard"].forEach(l => {
      const option = el("option", { value: l }, words["level_" + l]);
      if (l === "normal") option.selected = true;
      select.append(option);
    });
    const field = el("label", {}, label + " ");
    field.append(select);
    chooser.append(field, " ");
  };
  pick("level", words.level);
  if (JSON.parse(spec).params.players.length === 0) pick("partner", words.partner_level);
  chooser.append(el("button", { type: "submit", class: "md-button md-button--primary", "data-rb-deal": "" }, words.deal));
  chooser.addEventListener("submit", (e) => {
    e.preventDefault();
    levels.level = chooser.elements.level.value;
    levels.partner = chooser.elements.partner ? chooser.elements.partner.value : null;
    chooser.remove();
    show(begin(), false);
    const first = board.querySelector("[data-rb-move], [data-rb-draw], [data-rb-pass]");
    if (first) first.focus({ preventScroll: true });
  });
  board.append(chooser);
  chooser.querySelector("[data-rb-deal]").focus({ preventScroll: true });
}
