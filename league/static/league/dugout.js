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
})();
