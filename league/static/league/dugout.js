/* Dugout's page behaviour, in a static file: the Content-Security-Policy
 * allows no inline script or event handler attribute. */
(function () {
  "use strict";

  // <button data-print>: print the page (the team sheet).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target instanceof Element && target.closest("[data-print]")) {
      window.print();
    }
  });

  // A table wider than the screen scrolls sideways in its .table-wrap (in
  // the admin: a tabular inline's .wrapper, a changelist's .results). A
  // keyboard user can scroll it only by focusing something in it: a wrap
  // that overflows and holds nothing focusable becomes a focusable region
  // named after its table (its caption, or the heading of its section),
  // and stops being one when the window widens again (WCAG 2.1.1).
  var SCROLLERS = ".table-wrap, .tabular .wrapper, #changelist .results";
  var FOCUSABLE = "a[href], button, input, select, textarea, [tabindex]";

  function holdsFocusable(wrap) {
    return Array.prototype.some.call(wrap.querySelectorAll(FOCUSABLE), function (el) {
      return !el.disabled && el.type !== "hidden" && el.tabIndex >= 0 && el.getClientRects().length > 0;
    });
  }

  function regionName(wrap) {
    var caption = wrap.querySelector("caption");
    if (caption && caption.textContent.trim()) return caption.textContent.trim();
    var section = wrap.closest("[aria-labelledby]");
    var heading = section && document.getElementById(section.getAttribute("aria-labelledby"));
    if (heading && heading.textContent.trim()) return heading.textContent.trim();
    var before = wrap.closest("section, main");
    heading = before && before.querySelector("h1, h2, h3");
    return heading ? heading.textContent.trim() : "Table";
  }

  function markScrollRegions() {
    document.querySelectorAll(SCROLLERS).forEach(function (wrap) {
      var ours = wrap.hasAttribute("data-scroll-region");
      var overflows = wrap.scrollWidth > wrap.clientWidth + 1;
      if (overflows && !ours && !holdsFocusable(wrap)) {
        wrap.setAttribute("data-scroll-region", "");
        wrap.setAttribute("tabindex", "0");
        wrap.setAttribute("role", "region");
        wrap.setAttribute("aria-label", regionName(wrap) + " (scrolls sideways)");
      } else if (!overflows && ours) {
        ["data-scroll-region", "tabindex", "role", "aria-label"].forEach(function (name) {
          wrap.removeAttribute(name);
        });
      }
    });
  }

  markScrollRegions();
  var resizing = null;
  window.addEventListener("resize", function () {
    clearTimeout(resizing);
    resizing = setTimeout(markScrollRegions, 150);
  });
  document.addEventListener("htmx:afterSettle", markScrollRegions);
})();
