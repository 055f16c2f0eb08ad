/* Dugout's page behaviour, in a static file: the Content-Security-Policy
 * allows no inline script or event handler attribute. */
(function () {
  "use strict";

  // Styles for what works only with this script (the draft's − / + buttons).
  document.documentElement.classList.add("js");

  // <button data-print>: print the page (the team sheet).
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (target instanceof Element && target.closest("[data-print]")) {
      window.print();
    }
  });

  // --- {% skill %}: a description on hover, focus and tap ------------------
  // dugout.css shows .skill-tip on :hover and :focus-within; this adds a tap
  // toggle (Safari gives a tapped button no focus), Escape to hide it, and
  // a fixed position inside the viewport, so that a table that scrolls
  // sideways (the team sheet) does not clip it.
  function placeTip(skill) {
    var tip = skill.querySelector(".skill-tip");
    if (!tip) return;
    var box = skill.getBoundingClientRect();
    var width = Math.min(320, window.innerWidth - 16);
    tip.style.position = "fixed";
    tip.style.maxWidth = width + "px";
    tip.style.left = Math.max(8, Math.min(box.left, window.innerWidth - width - 8)) + "px";
    var below = box.bottom + tip.offsetHeight + 8 <= window.innerHeight || box.top < tip.offsetHeight + 8;
    tip.style.top = (below ? box.bottom : box.top - tip.offsetHeight) + "px";
  }
  function closeSkills(except) {
    document.querySelectorAll(".skill.open").forEach(function (skill) {
      if (skill !== except) skill.classList.remove("open");
    });
  }
  ["mouseover", "focusin"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var skill = event.target instanceof Element && event.target.closest(".skill");
      if (skill) placeTip(skill);
    });
  });
  document.addEventListener("mouseout", function (event) {
    var skill = event.target instanceof Element && event.target.closest(".skill");
    if (skill && !skill.contains(event.relatedTarget) && !skill.contains(document.activeElement)) {
      skill.classList.remove("dismissed");
    }
  });
  document.addEventListener("focusout", function (event) {
    var skill = event.target instanceof Element && event.target.closest(".skill");
    if (skill && !skill.contains(event.relatedTarget)) skill.classList.remove("open", "dismissed");
  });
  document.addEventListener("click", function (event) {
    var name = event.target instanceof Element && event.target.closest(".skill-name");
    var skill = name && name.closest(".skill");
    closeSkills(skill);
    if (!skill) return;
    var shown = skill.classList.contains("open");
    skill.classList.toggle("open", !shown);
    skill.classList.toggle("dismissed", shown);
    placeTip(skill);
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".skill:hover, .skill:focus-within, .skill.open").forEach(function (skill) {
      skill.classList.remove("open");
      skill.classList.add("dismissed");
    });
  });
  window.addEventListener("scroll", function () {
    document.querySelectorAll(".skill:hover, .skill:focus-within, .skill.open").forEach(placeTip);
  }, { capture: true, passive: true });

  // --- the draft's position counters -----------------------------------------
  // − / + step the number input they control (within its min and max); the
  // input event lets htmx price the draft, and shows one name input per
  // player counted.
  function showNames(input) {
    var card = input.closest("[data-position]");
    if (!card) return;
    var count = parseInt(input.value, 10) || 0;
    card.querySelectorAll("[data-name-row]").forEach(function (row, index) {
      row.hidden = index >= count;
    });
  }
  document.addEventListener("click", function (event) {
    var step = event.target instanceof Element && event.target.closest("[data-step]");
    if (!step) return;
    var input = document.getElementById(step.getAttribute("aria-controls"));
    if (!input) return;
    var low = input.min === "" ? 0 : Number(input.min);
    var high = input.max === "" ? Infinity : Number(input.max);
    var value = (parseInt(input.value, 10) || 0) + Number(step.getAttribute("data-step"));
    input.value = Math.max(low, Math.min(high, value));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  document.addEventListener("input", function (event) {
    if (event.target instanceof Element && event.target.matches("[data-counter]")) {
      showNames(event.target);
    }
  });
})();
