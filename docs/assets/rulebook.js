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
});

/* A table wider than the page scrolls inside its box. Say so above it (in the
 * page's language: the words are the page's rulebook:scroll-hint meta, which
 * the theme fills from the message catalog), keep its row labels in view while it scrolls, and mark the
 * box (class rb-scrolls) so that the stylesheet shows its scrollbar. Done again
 * whenever the window changes size. */
function markWideTables() {
  var meta = document.querySelector('meta[name="rulebook:scroll-hint"]');
  var words = meta ? meta.getAttribute("content") : "";
  document.querySelectorAll(".md-typeset__scrollwrap").forEach(function (wrap) {
    var wide = wrap.scrollWidth > wrap.clientWidth + 1;
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
  if (link && location.hash && link.getAttribute("href").indexOf("#") < 0) {
    link.setAttribute("href", link.getAttribute("href") + location.hash);
  }
}, true);
