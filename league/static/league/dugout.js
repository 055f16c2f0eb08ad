/* Dugout's page behaviour, in a static file: the Content-Security-Policy
 * allows no inline script or event handler attribute. */
(function () {
  "use strict";

  // Styles for what works only with this script (the draft's − / + buttons).
  document.documentElement.classList.add("js");

  // The browser's time zone, in a cookie: dates and deadlines are shown in
  // it when the person saved no zone of their own (league/preferences).
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    var cookie = "tz=" + encodeURIComponent(zone || "");
    if (zone && ("; " + document.cookie + ";").indexOf("; " + cookie + ";") === -1) {
      document.cookie = cookie + "; path=/; max-age=31536000; samesite=lax";
    }
  } catch (error) { /* no Intl: the site's zone */ }

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

  // --- "Suggest names" ---------------------------------------------------------
  // Without this script the button posts the form and the page comes back
  // with the names filled in; with it, the names are filled in here: each
  // empty name input shown (one per player counted) takes its suggestion,
  // or another suggestion of the page when a name typed since took it.
  function fillNames(inputs, suggestions) {
    var used = {};
    inputs.forEach(function (input) {
      if (input.value.trim()) used[input.value.trim().toLowerCase()] = true;
    });
    inputs.forEach(function (input, index) {
      if (input.value.trim()) return;
      var own = suggestions[index];
      var name = own && !used[own.toLowerCase()] ? own : suggestions.filter(function (n) {
        return n && !used[n.toLowerCase()];
      })[0];
      if (!name) return;
      used[name.toLowerCase()] = true;
      input.value = name;
      input.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element && event.target.closest("[data-suggest-names]");
    if (!button || !button.form) return;
    event.preventDefault();
    var inputs = Array.prototype.filter.call(button.form.querySelectorAll("[data-suggestion]"), function (input) {
      var row = input.closest("[data-name-row]");
      return !(row && row.hidden);
    });
    var all = Array.prototype.map.call(button.form.querySelectorAll("[data-suggestion]"), function (input) {
      return input.getAttribute("data-suggestion");
    });
    fillNames(inputs, inputs.map(function (input) { return input.getAttribute("data-suggestion"); }).concat(all));
  });
  // The team-card draft: one name a line, in the chosen card's order.
  document.addEventListener("click", function (event) {
    var button = event.target instanceof Element && event.target.closest("[data-suggest-card-names]");
    if (!button || !button.form) return;
    var chosen = button.form.querySelector("input[name=card]:checked");
    var card = chosen && chosen.closest("[data-names]");
    var box = button.form.querySelector("textarea[name=player_names]");
    if (!card || !box) return;  // the server says to choose a card first
    event.preventDefault();
    var names = card.getAttribute("data-names").split("\n");
    var lines = box.value.split("\n");
    var used = {};
    lines.forEach(function (line) { if (line.trim()) used[line.trim().toLowerCase()] = true; });
    box.value = names.map(function (name, index) {
      var line = lines[index] || "";
      if (line.trim() || used[name.toLowerCase()]) return line;
      return name;
    }).concat(lines.slice(names.length)).join("\n").replace(/\n+$/, "");
  });

  // A table wider than the screen scrolls sideways in its .table-wrap (in
  // the admin: a tabular inline's .wrapper, a changelist's .results). Every
  // wrap that overflows is marked data-overflows (dugout.css then says, above
  // the table, that it scrolls sideways). A keyboard user can scroll it only
  // by focusing something in it: a wrap that overflows and holds nothing
  // focusable becomes a focusable region named after its table (its
  // caption, or the heading of its section), and stops being one when the
  // window widens again (WCAG 2.1.1).
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
      wrap.toggleAttribute("data-overflows", overflows);
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
