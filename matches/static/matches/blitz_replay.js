/* Dugout's Blitz Bowl replay: steps through the frames of
 * engine.blitz.replay.replay_data(), given in the page as JSON
 * (<script type="application/json" id="blitz-replay-data">).
 *
 * Each frame already holds the whole table after its step (Players, balls,
 * cards, hands, points), so going back or jumping is drawing another frame.
 * The board is an SVG: lying flat on a wide screen, upright on a narrow one
 * (the End Zones at the top and the bottom), so a square stays big enough
 * to read on a phone. No style attribute is written in markup (the
 * Content-Security-Policy refuses them); styles set from here go through
 * the CSSOM, which it allows.
 */
(function () {
  "use strict";

  var root = document.getElementById("blitz-replay");
  var source = document.getElementById("blitz-replay-data");
  if (!root || !source) return;
  var data = JSON.parse(source.textContent);
  var frames = data.frames;
  if (!frames || !frames.length) return;

  var NS = "http://www.w3.org/2000/svg";
  var S = 32; // one square, in SVG units
  var W = data.board.width;
  var H = data.board.height;
  var el = function (id) { return document.getElementById(id); };
  var ui = {
    svg: el("br-board"),
    points: el("br-points"),
    turn: el("br-turn"),
    action: el("br-action"),
    dice: el("br-dice"),
    caption: el("br-caption"),
    active: el("br-active"),
    deck: el("br-deck"),
    play: el("br-play"),
    speed: el("br-speed"),
    seek: el("br-seek"),
    pos: el("br-pos"),
  };
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 40rem)") : null;
  var upright = false;
  var at = 0;
  var timer = null;
  var tokens = [];
  var ballLayer = null;
  var overlay = null;
  var lines = Array.prototype.slice.call(root.querySelectorAll(".br-line"));
  var turns = Array.prototype.slice.call(root.querySelectorAll(".br-turn"));
  var card = function (n) { return data.cards[n - 1]; };
  var teamName = function (side) { return data.teams[side].name; };

  function svg(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); }

  function text(tag, cls, words, parent) {
    var node = document.createElement(tag);
    if (cls) node.className = cls;
    node.textContent = words;
    if (parent) parent.appendChild(node);
    return node;
  }

  // Board squares (x along the board, y across) to SVG units: lying flat x
  // runs left to right; upright the home End Zone is at the bottom.
  function at2(x, y) { return upright ? [y * S, (W - 1 - x) * S] : [x * S, y * S]; }
  function centre(x, y) { var c = at2(x, y); return [c[0] + S / 2, c[1] + S / 2]; }
  function square(cls, x, y, parent) {
    var c = at2(x, y);
    return svg("rect", { class: cls, x: c[0], y: c[1], width: S, height: S }, parent);
  }

  function drawBoard() {
    clear(ui.svg);
    var title = svg("title", { id: "br-board-title" }, ui.svg);
    title.textContent = "The board, " + data.board.name + " side: " + teamName("home") +
      " set up in the End Zone " + (upright ? "at the bottom" : "on the left") + ", " +
      teamName("away") + " in the one " + (upright ? "at the top" : "on the right");
    var size = upright ? [H * S, W * S] : [W * S, H * S];
    ui.svg.setAttribute("viewBox", "0 0 " + size[0] + " " + size[1]);
    root.dataset.orientation = upright ? "upright" : "flat";
    var defs = svg("defs", {}, ui.svg);
    var marker = svg("marker", { id: "br-arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", class: "br-arrowhead" }, marker);
    var grid = svg("g", { "aria-hidden": "true" }, ui.svg);
    for (var x = 0; x < W; x++) {
      for (var y = 0; y < H; y++) {
        var cls = "sq";
        if (x === data.board.end_zones.home) cls += " endzone home";
        if (x === data.board.end_zones.away) cls += " endzone away";
        square(cls, x, y, grid);
      }
    }
    data.board.blocked.forEach(function (p) {
      square("blocked", p[0], p[1], grid);
      var a = at2(p[0], p[1]);
      svg("path", { class: "blocked-x", d: "M" + (a[0] + 6) + "," + (a[1] + 6) + " l" + (S - 12) + "," + (S - 12) + " m0," + (12 - S) + " l" + (12 - S) + "," + (S - 12) }, grid);
    });
    data.board.trapdoors.forEach(function (p) {
      var c = centre(p[0], p[1]);
      svg("circle", { class: "trapdoor", cx: c[0], cy: c[1], r: S * 0.42 }, grid);
      svg("circle", { class: "trapdoor-in", cx: c[0], cy: c[1], r: S * 0.26 }, grid);
    });
    overlay = svg("g", { "aria-hidden": "true" }, ui.svg);
    var layer = svg("g", { "aria-hidden": "true" }, ui.svg);
    tokens = data.players.map(function (p) {
      var g = svg("g", { class: "token " + p.team }, layer);
      g.style.display = "none";
      svg("circle", { r: S * 0.4 }, g);
      var t = svg("text", {}, g);
      t.textContent = p.label;
      svg("title", {}, g).textContent = p.full_name + " (" + teamName(p.team) + ")";
      return g;
    });
    ballLayer = svg("g", { "aria-hidden": "true" }, ui.svg);
  }

  function renderBoard(f) {
    f.players.forEach(function (p, i) {
      var g = tokens[i];
      if (!p) { g.style.display = "none"; return; }
      var c = centre(p[0], p[1]);
      var id = data.players[i].id;
      var cls = "token " + data.players[i].team;
      if (p[2]) cls += " down";
      if (f.acting === id) cls += " active";
      if (f.target === id) cls += " target";
      g.setAttribute("class", cls);
      g.style.display = "";
      g.style.transform = "translate(" + c[0] + "px," + c[1] + "px)";
    });
    clear(ballLayer);
    f.balls.forEach(function (b) {
      var c = centre(b.x, b.y);
      var off = b.holder !== null ? S * 0.3 : 0;
      svg("circle", { class: "ball", cx: c[0] + off, cy: c[1] - off, r: S * 0.17 }, ballLayer);
    });
    clear(overlay);
    if (f.trail.length > 1) {
      svg("polyline", { class: "trail", points: f.trail.map(function (p) { return centre(p[0], p[1]).join(","); }).join(" ") }, overlay);
    }
    if (f.arrow && f.arrow.kind !== "move") {
      var a = centre(f.arrow.from[0], f.arrow.from[1]);
      var b = centre(f.arrow.to[0], f.arrow.to[1]);
      var kind = f.arrow.kind === "block" ? "arrow" : f.arrow.kind === "push" ? "arrow push" : "pass";
      svg("line", { class: kind, x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, overlay);
    }
  }

  function cardLine(n, parent, slot) {
    var li = document.createElement("li");
    li.className = "br-card";
    if (!n) {
      li.className += " empty";
      li.textContent = (slot ? "Space " + slot + ": " : "") + "empty";
    } else {
      var c = card(n);
      text("strong", "", c.challenge, li);
      text("span", "br-pts", " " + c.points + (c.points === 1 ? " point" : " points"), li);
      text("span", "br-text small", c.challenge_text, li);
    }
    parent.appendChild(li);
  }

  function renderCards(f) {
    clear(ui.active);
    f.active.forEach(function (n, k) { cardLine(n, ui.active, k + 1); });
    var top = f.deck.top ? card(f.deck.top) : null;
    ui.deck.textContent = "Deck: " + f.deck.left + (f.deck.left === 1 ? " card" : " cards") + " left" +
      (f.deck.left ? "; on top: " + (top ? top.challenge + " (" + top.points + (top.points === 1 ? " point)" : " points)") : "not seen (never dealt)") : "");
    ["home", "away"].forEach(function (side) {
      var hand = el("br-hand-" + side);
      clear(hand);
      if (!f.hands[side].length) text("li", "muted", "none", hand);
      f.hands[side].forEach(function (n) {
        var c = card(n);
        var li = text("li", "", "", hand);
        text("strong", "", c.bonus_play, li);
        text("span", "muted", " (from " + c.challenge + ")", li);
        li.title = c.bonus_text;
      });
      if (f.dropped && f.turn_team === side) {
        f.dropped.forEach(function (n) { text("li", "br-dropped", card(n).bonus_play + ": discarded", hand); });
      }
      el("br-points-" + side).textContent = f.points[side];
      // the track: a bar per team, full at the higher of the points so far
      // and the ten-point lead that wins by Sudden Death
      var top = Math.max(10, f.points.home, f.points.away);
      el("br-bar-" + side).style.width = (100 * f.points[side] / top) + "%";
      var list = el("br-scored-" + side);
      clear(list);
      data.scoring.slice(0, f.scored).forEach(function (s) {
        if (s.team === side) text("li", "", "+" + s.points + " " + s.text, list);
      });
    });
  }

  function renderDice(f) {
    clear(ui.dice);
    f.dice.forEach(function (d) {
      var ok = d.ok === true ? " ok" : d.ok === false ? " fail" : "";
      text("span", "die-label" + ok, d.label + (d.ok === true ? ": success" : d.ok === false ? ": failed" : ""), ui.dice);
      var chosen = false;
      d.faces.forEach(function (face) {
        var span = text("span", "die", String(face), ui.dice);
        if (!chosen && d.chosen && face === d.chosen) { span.className += " chosen"; chosen = true; }
      });
      if (d.chosen && !chosen) text("span", "die chosen", d.chosen, ui.dice);
    });
  }

  function render() {
    var f = frames[at];
    renderBoard(f);
    renderCards(f);
    renderDice(f);
    ui.points.textContent = f.points.home + "–" + f.points.away;
    var lead = f.points.home - f.points.away;
    el("br-lead").textContent = lead === 0 ? "Level" : (lead > 0 ? teamName("home") : teamName("away")) +
      " lead by " + Math.abs(lead) + (Math.abs(lead) === 1 ? " point" : " points");
    ui.turn.textContent = f.turn;
    ui.action.textContent = f.action;
    ui.caption.textContent = f.caption;
    ui.seek.value = at;
    ui.pos.textContent = (at + 1) + " / " + frames.length;
    root.dataset.at = at;
    jumps.forEach(function (j) { j.button.disabled = target(j) === null; });
    el("br-back").disabled = el("br-start").disabled = at === 0;
    el("br-step").disabled = el("br-end").disabled = at === frames.length - 1;
    lines.forEach(function (b) {
      if (Number(b.dataset.frame) === at) {
        b.setAttribute("aria-current", "step");
      } else if (b.hasAttribute("aria-current")) {
        b.removeAttribute("aria-current");
      }
    });
  }

  function seek(n, openLog) {
    at = Math.max(0, Math.min(frames.length - 1, n));
    render();
    if (openLog) {
      var current = null;
      turns.forEach(function (d) { if (Number(d.dataset.first) <= at) current = d; });
      if (current && !current.open) current.open = true;
    }
  }

  // Jump lists: frame indices, from the marks of the replay data.
  var m = data.marks;
  var jumps = [
    ["br-prev-action", m.actions, -1],
    ["br-next-action", m.actions, 1],
    ["br-prev-turn", m.turns, -1],
    ["br-next-turn", m.turns, 1],
    ["br-next-td", m.touchdowns, 1],
    ["br-next-claim", m.claims, 1],
    ["br-next-injury", m.injuries, 1],
  ].map(function (j) { return { button: el(j[0]), list: j[1], dir: j[2] }; });

  function target(j) {
    var found = null;
    for (var k = 0; k < j.list.length; k++) {
      var n = j.list[k];
      if (j.dir > 0 && n > at) return n;
      if (j.dir < 0 && n < at) found = n;
    }
    return found;
  }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    ui.play.textContent = "Play";
    ui.play.setAttribute("aria-pressed", "false");
  }

  function play() {
    if (at >= frames.length - 1) seek(0);
    ui.play.textContent = "Pause";
    ui.play.setAttribute("aria-pressed", "true");
    timer = setInterval(function () {
      if (at >= frames.length - 1) { stop(); return; }
      seek(at + 1);
    }, Number(ui.speed.value));
  }

  function redraw() {
    upright = !!(narrow && narrow.matches);
    drawBoard();
  }

  jumps.forEach(function (j) {
    j.button.addEventListener("click", function () {
      var n = target(j);
      if (n !== null) { stop(); seek(n, true); }
    });
  });
  ui.play.addEventListener("click", function () { if (timer) stop(); else play(); });
  el("br-step").addEventListener("click", function () { stop(); seek(at + 1, true); });
  el("br-back").addEventListener("click", function () { stop(); seek(at - 1, true); });
  el("br-start").addEventListener("click", function () { stop(); seek(0, true); });
  el("br-end").addEventListener("click", function () { stop(); seek(frames.length - 1, true); });
  ui.speed.addEventListener("change", function () { if (timer) { stop(); play(); } });
  ui.seek.addEventListener("input", function () { stop(); seek(Number(ui.seek.value)); });
  lines.forEach(function (b) {
    b.addEventListener("click", function () { stop(); seek(Number(b.dataset.frame)); });
  });
  root.addEventListener("keydown", function (evt) {
    var tag = evt.target.tagName;
    if (tag === "SELECT" || tag === "INPUT" || tag === "SUMMARY") return;
    if (evt.key === "ArrowRight") { stop(); seek(at + 1, true); evt.preventDefault(); }
    else if (evt.key === "ArrowLeft") { stop(); seek(at - 1, true); evt.preventDefault(); }
  });
  if (narrow) {
    var onChange = function () { redraw(); render(); };
    if (narrow.addEventListener) narrow.addEventListener("change", onChange);
    else narrow.addListener(onChange);
  }
  redraw();
  seek(0);
  root.dataset.ready = "true";
})();
