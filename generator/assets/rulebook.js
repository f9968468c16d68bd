/* Accessibility fixes for parts that Material for MkDocs builds in the browser.
 *
 * - The search overlay has role="dialog" but no accessible name: give it the
 *   (already translated) label of Material's own search box.
 * - Material wraps every table in a horizontally scrollable box; a wide table
 *   can then only be scrolled with a mouse. Make each box focusable so that
 *   keyboard users can scroll it too (as Material does for code blocks).
 *
 * - A table too wide for the screen gets a visible cue (below).
 * - The language menu keeps the section a reader is at: both languages' pages
 *   share their section anchors, so the address's #anchor is carried over.
 * - A worked example of two or more placements can be stepped through (below).
 * - A practice position lets the reader pick a play before seeing the answer (below).
 * - Worked examples fold on a phone and open where an address points (below).
 * - A wide diagram that scrolls sideways gets the same cue as a wide table, and focus.
 *
 * `document$` is Material's documented hook that emits on every page load.
 */
document$.subscribe(function () {
  var dialog = document.querySelector(".md-search[role=dialog]");
  var input = document.querySelector(".md-search__input");
  if (dialog && input && !dialog.hasAttribute("aria-label")) {
    dialog.setAttribute("aria-label", input.getAttribute("aria-label"));
  }
  document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
    wrap.setAttribute("tabindex", "0");
  });
  markWideTables();
  setUpFolding();
  setUpSteppers();
  setUpPractice();
  setUpPlay();
});

/* A table wider than the page scrolls inside its box. Say so above it (in the
 * page's language: the words are the page's rulebook:scroll-hint meta, which
 * the theme fills from the message catalog), keep its row labels in view while it scrolls, and mark the
 * box (class rb-scrolls) so that the stylesheet shows its scrollbar. Done again
 * whenever the window changes size. */
function markWideTables() {
  markScrolling(".md-typeset__scrollwrap", metaWords("scroll-hint"));
  markScrolling(".rb-figure-wide", metaWords("figure-scroll-hint"));
}

function markScrolling(selector, words) {
  document.querySelectorAll(selector).forEach(function (wrap) {
    var wide = wrap.scrollWidth > wrap.clientWidth + 1;
    if (wide) wrap.setAttribute("tabindex", "0");         // so that a keyboard can scroll it
    wrap.classList.toggle("rb-scrolls", wide);
    var hint = wrap.previousElementSibling;
    var has = hint && hint.classList.contains("rb-scroll-hint");
    if (wide && !has) {
      hint = document.createElement("p");
      hint.className = "rb-scroll-hint";
      hint.textContent = words;
      wrap.parentNode.insertBefore(hint, wrap);
    } else if (!wide && has) {
      hint.remove();
    }
  });
}
window.addEventListener("resize", markWideTables);

document.addEventListener("click", function (event) {
  var link = event.target.closest ? event.target.closest(".md-select__link[hreflang]") : null;
  if (link && addressName() && link.getAttribute("href").indexOf("#") < 0) {
    link.setAttribute("href", link.getAttribute("href") + location.hash);
  }
}, true);

/* Step-through examples. The page holds every step of such an example (class
 * rb-stepped), each in a div.rb-step with its own id (ex-NAME-step-K); those the
 * page does not show by itself are marked rb-step-extra and stay hidden
 * without this script, so that the example reads as it always did. Here the
 * example shows one step at a time, with Previous and Next buttons, the step
 * count (announced to screen readers), the left and right arrow keys while
 * focus is in the example, and the step's own address, which also opens the
 * example at that step. The words come from the page's rulebook:step-* metas. */
function metaWords(name) {
  var meta = document.querySelector('meta[name="rulebook:' + name + '"]');
  return meta ? meta.getAttribute("content") : "";
}

function setUpSteppers() {
  var words = {group: metaWords("step-group"), prev: metaWords("step-prev"), next: metaWords("step-next"),
               status: metaWords("step-status")};
  document.querySelectorAll(".rb-example.rb-stepped").forEach(function (example) {
    if (example.querySelector(".rb-stepper")) return;
    var steps = Array.prototype.filter.call(example.children, function (el) {
      return el.classList.contains("rb-step");
    });
    if (steps.length < 2) return;
    var bar = document.createElement("div");
    bar.className = "rb-stepper";
    bar.setAttribute("role", "group");
    bar.setAttribute("aria-label", words.group);
    var prev = button("rb-step-prev", "\u2190 " + words.prev);
    var status = document.createElement("span");
    status.className = "rb-step-status";
    status.setAttribute("aria-live", "polite");
    var next = button("rb-step-next", words.next + " \u2192");
    bar.appendChild(prev);
    bar.appendChild(status);
    bar.appendChild(next);
    example.insertBefore(bar, steps[0]);
    example.classList.add("rb-stepping");
    var current = 0;

    function show(k, fromReader) {
      var old = current;
      var hadFocus = steps[old].contains(document.activeElement);    // (a link in the step about to hide)
      current = Math.max(0, Math.min(steps.length - 1, k));
      steps.forEach(function (step, i) { step.classList.toggle("rb-current", i === current); });
      status.textContent = words.status.replace("{k}", current + 1).replace("{n}", steps.length);
      prev.disabled = current === 0;
      next.disabled = current === steps.length - 1;
      if (fromReader) {
        history.replaceState(null, "", "#" + steps[current].id);
        if (hadFocus || (document.activeElement && document.activeElement.disabled)) {
          var ahead = current >= old ? next : prev;
          (ahead.disabled ? (ahead === next ? prev : next) : ahead).focus();
        }
      }
    }
    prev.addEventListener("click", function () { show(current - 1, true); });
    next.addEventListener("click", function () { show(current + 1, true); });
    example.addEventListener("keydown", function (event) {
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      if (event.key === "ArrowLeft") { show(current - 1, true); event.preventDefault(); }
      if (event.key === "ArrowRight") { show(current + 1, true); event.preventDefault(); }
    });
    example.rulebookShow = show;
    var target = addressed();
    var at = steps.indexOf(target);
    show(at >= 0 ? at : 0, false);
    if (at >= 0) {                     // after the browser's own jump to the step, bring the buttons into view too
      reveal(example);
      window.addEventListener("load", function () { reveal(example); });
    }
  });
}

/* Scroll so that an example's top (its title and step buttons) sits just below
 * the page's sticky header. */
function reveal(example) {
  var header = document.querySelector(".md-header");
  var offset = (header ? header.getBoundingClientRect().height : 0) + 8;
  window.scrollTo(0, example.getBoundingClientRect().top + window.scrollY - offset);
}

function button(className, text) {
  var b = document.createElement("button");
  b.type = "button";
  b.className = "md-button " + className;
  b.textContent = text;
  return b;
}

/* Worked examples are <details class="rb-example">, folded in the page. On a wide screen the stylesheet
 * already shows their content; here they are opened (nothing moves), and a reader may fold one. On a
 * phone they stay folded, but for the one the address points into. Printing shows them all. */
var WIDE = window.matchMedia("(min-width: 45em)");

function setUpFolding() {
  document.querySelectorAll("details.rb-example").forEach(function (example) {
    if (example.rulebookFolding) return;
    example.rulebookFolding = true;
    example.addEventListener("toggle", function () {
      example.classList.toggle("rb-folded", !example.open);
      if (example.open) markWideTables();                 // its tables and diagrams now have a width
    });
    if (WIDE.matches) example.open = true;
  });
  openTarget();
}

/* The name the address's #fragment gives (decoded), and the element it names
 * (or null). A fragment that is no proper percent-encoding ("#%", "#ex-x%zz",
 * which decodeURIComponent refuses with an error) names nothing: the page
 * works as with no address at all, and the language menu does not carry it. */
function addressName() {
  if (!location.hash) return "";
  try {
    return decodeURIComponent(location.hash.slice(1));
  } catch (err) {
    return "";
  }
}

function addressed() {
  var name = addressName();
  return name ? document.getElementById(name) : null;
}

/* Open the example that holds the element the address names (an example, a step, a figure). */
function openTarget() {
  var target = addressed();
  var example = target && target.closest ? target.closest("details.rb-example") : null;
  if (example && !example.open) {
    example.open = true;
    target.scrollIntoView();
  }
  return target;
}

WIDE.addEventListener("change", function () {
  if (WIDE.matches) {
    document.querySelectorAll("details.rb-example:not(.rb-folded)").forEach(function (d) { d.open = true; });
  }
  markWideTables();
});

/* An address of a step followed on the same page opens its example at that step. */
window.addEventListener("hashchange", function () {
  var target = openTarget();
  var example = target && target.classList.contains("rb-step") ? target.parentNode : null;
  if (example && example.rulebookShow) {
    var steps = Array.prototype.filter.call(example.children, function (el) { return el.classList.contains("rb-step"); });
    example.rulebookShow(steps.indexOf(target), false);
    reveal(example);
  }
});

/* Practice positions. The answer (every legal play, the best marked with a
 * star) sits in a <details> element that a reader can open without this
 * script. With it, one button per legal play comes first ("Your choice:"):
 * choosing one marks the chosen row and says whether it is one of the best
 * plays; a best play opens the answer, any other asks the reader to try again
 * and leaves the answer as it was (closed, until the reader opens it). The
 * buttons' labels are the rows' plays, without the star. The verdict's words
 * are the page's: the block's data-rb-verdict names the rulebook: meta words
 * said for a right pick and for a wrong one (its family's, written by the build). */
function setUpPractice() {
  var pick = metaWords("practice-pick");
  document.querySelectorAll(".rb-example.rb-practice").forEach(function (example) {
    var words = (example.getAttribute("data-rb-verdict") || "").split(" ").filter(function (w) {
      return /^[a-z-]+$/.test(w);                   // names of meta words, nothing else
    });
    var right = metaWords(words[0]);
    var wrong = metaWords(words[1]);
    var answer = example.querySelector("details.rb-answer");
    if (!answer || example.querySelector(".rb-choices")) return;
    var table = answer.querySelector("table");      // the answer's first table holds the choices
    if (!table) return;
    var rows = Array.prototype.slice.call(table.querySelectorAll("tbody tr"));
    var box = document.createElement("div");
    box.className = "rb-choices";
    box.setAttribute("role", "group");
    box.setAttribute("aria-label", pick);
    var label = document.createElement("p");
    label.className = "rb-choices-label";
    label.textContent = pick;
    box.appendChild(label);
    var verdict = document.createElement("p");
    verdict.className = "rb-verdict";
    verdict.setAttribute("aria-live", "polite");
    rows.forEach(function (row) {
      var cell = row.cells[0];
      var text = cell.textContent.trim();
      var best = text.indexOf("\u2605") === 0;
      var b = button("rb-choice", text.replace(/^\u2605\s*/, ""));
      b.addEventListener("click", function () {
        rows.forEach(function (r) { r.classList.toggle("rb-chosen", r === row); });
        box.querySelectorAll(".rb-choice").forEach(function (x) { x.setAttribute("aria-pressed", String(x === b)); });
        if (best) answer.open = true;
        verdict.textContent = best ? right : wrong;
        verdict.classList.toggle("rb-right", best);
      });
      b.setAttribute("aria-pressed", "false");
      box.appendChild(b);
    });
    box.appendChild(verdict);
    example.insertBefore(box, answer);
  });
}

/* "Play a hand": on a game page of a site that carries the player (the
 * rulebook:play meta names its folder), the page's empty .rb-play region gets
 * a heading, a sentence and a start button. Nothing more is loaded until the
 * reader shows intent (the region stays in view for a moment, a pointer or the
 * focus is on the button) or opens a replay link (its #play= fragment starts the
 * hand): then play.js (beside this script) starts loading the rules
 * engine, in a worker, from the site itself (generator/play), and pressing the
 * button runs the hand. A failed load says what failed (the network, or this
 * browser) and is not kept: pressing the button again starts it anew. The
 * region's data-rb-engine says how the engine's load stands (loading, ready,
 * failed). */
function setUpPlay() {
  var base = metaWords("play");
  document.querySelectorAll(".rb-play").forEach(function (region) {
    var game = (region.className.match(/\brb-game-([a-z0-9][a-z0-9-]*)/) || [])[1];
    if (!base || !game || region.hasAttribute("data-rb-play")) return;
    region.setAttribute("data-rb-play", "");
    region.setAttribute("data-state", "idle");
    region.setAttribute("data-rb-game-id", game);
    var heading = document.createElement("h2");
    if (!document.getElementById("play-a-hand")) heading.id = "play-a-hand";    // (one such id on a page)
    heading.textContent = metaWords("play-heading");
    var intro = document.createElement("p");
    intro.textContent = metaWords("play-intro");
    var start = document.createElement("button");
    start.type = "button";
    start.className = "md-button md-button--primary";
    start.setAttribute("data-rb-start", "");
    start.textContent = metaWords("play-start");
    var status = document.createElement("p");
    status.className = "rb-play-status";
    status.setAttribute("role", "status");
    status.setAttribute("aria-live", "polite");
    region.append(heading, intro, start, status);
    var root = new URL(base, location.href).href;
    var lang = document.documentElement.lang || "en";
    var player = null, tries = 0, loading = null;
    function load() {           // play.js, and the engine's start in its worker (once, or again after a failure)
      if (player === null) {
        player = import(root + "play.js" + (tries ? "?" + tries : "")).catch(function (err) {
          player = null;
          throw Object.assign(err, {kind: "network"});
        });
        tries += 1;
      }
      if (loading === null) {
        region.setAttribute("data-rb-engine", "loading");
        loading = player.then(function (module) {
          return module.prepare({root: root, lang: lang, game: game}).then(function () { return module; });
        });
        loading.then(function () {
          region.setAttribute("data-rb-engine", "ready");
        }, function () {
          region.setAttribute("data-rb-engine", "failed");
          loading = null;
        });
      }
      return loading;
    }
    function intent() { load().catch(function () {}); }    // (told when the reader presses Play)
    if ("IntersectionObserver" in window) {
      // in view for a moment (a reader who stops there, not one who scrolls past it)
      var dwell = null;
      var seen = new IntersectionObserver(function (entries) {
        var inView = entries.some(function (e) { return e.isIntersecting; });
        clearTimeout(dwell);
        if (inView) {
          dwell = setTimeout(function () {
            seen.disconnect();
            intent();
          }, 600);
        }
      });
      seen.observe(region);
    }
    start.addEventListener("pointerenter", intent, {once: true});
    start.addEventListener("focus", intent, {once: true});
    start.addEventListener("click", function () {
      if (region.getAttribute("data-state") === "loading") return;
      region.setAttribute("data-state", "loading");
      start.disabled = true;
      status.textContent = metaWords("play-loading");
      load().then(function (module) {
        return module.start(region, {root: root, game: game, lang: lang});
      }).catch(function (err) {
        region.setAttribute("data-state", "idle");
        start.disabled = false;
        status.textContent = metaWords(err && err.kind === "network" ? "play-failed-network" : "play-failed");
        console.warn("rulebook: the player did not start:", err);
      });
    });
    // a replay link (#play=SEED-TABLE-MOVES, made by the player) asks for the game at once
    if (location.hash.indexOf("#play=") === 0) start.click();
  });
}
