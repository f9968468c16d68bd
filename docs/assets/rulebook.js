/* Accessibility fixes for parts that Material for MkDocs builds in the browser.
 *
 * - The search overlay has role="dialog" but no accessible name: give it the
 *   (already translated) label of Material's own search box.
 * - Material wraps every table in a horizontally scrollable box; a wide table
 *   can then only be scrolled with a mouse. Make each box focusable so that
 *   keyboard users can scroll it too (as Material does for code blocks).
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
});
