/* Dugout live match: draws the board the server sends and the pending
 * decision's options (the engine's, in its order). A click sends the
 * option's index; the server checks it. Nothing here decides what is legal.
 *
 * New states arrive on the match's websocket; when it drops, the page polls
 * the state's JSON instead.
 */
(function () {
  "use strict";

  var root = document.getElementById("live");
  if (!root) return;
  var NS = "http://www.w3.org/2000/svg";
  var S = 32;
  var el = function (id) { return document.getElementById(id); };
  var state = JSON.parse(el("live-state").textContent);
  var viewer = JSON.parse(el("live-viewer").textContent);
  var csrf = root.querySelector("input[name=csrfmiddlewaretoken]").value;
  var ui = {
    svg: el("pitch"), status: el("live-status"), turn: el("live-turn"),
    clock: el("live-clock"), score: el("live-score"), actions: el("live-actions"),
    ask: el("live-ask"), options: el("live-options"), end: el("live-end-turn"),
    concede: el("live-concede"), all: el("live-all"), error: el("live-error"),
    link: el("live-link"),
  };
  var busy = false;
  var pollTimer = null;
  var clockAsked = -1; // the decision count the clock was last asked at
  var only = null; // the options of one square, when a square was picked
  var drawn = false; // whether the board of this state is drawn
  var route = []; // the squares still to step into, after a far square was picked
  var arrange = null; // a set-up placed by hand: {player id: square}, while placing
  var picked = null; // the player picked up to be placed

  function svg(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function mine() {
    return viewer.id !== null && state.waiting_coach_id === viewer.id;
  }

  function xy(b, sq) { return [sq % b.width, Math.floor(sq / b.width)]; }

  function drawBoard(b) {
    var s = ui.svg;
    // a dungeon or a card game's board (live_formats.js)
    if (window.DugoutLiveBoards && window.DugoutLiveBoards.draw(b, s, S)) return;
    while (s.firstChild) s.removeChild(s.firstChild);
    s.setAttribute("viewBox", "0 0 " + b.width * S + " " + b.height * S);
    svg("rect", { class: "endzone home", x: 0, y: 0, width: S, height: b.height * S }, s);
    svg("rect", { class: "endzone away", x: (b.width - 1) * S, y: 0, width: S, height: b.height * S }, s);
    for (var y = 0; y < b.height; y++) {
      for (var x = 0; x < b.width; x++) {
        svg("rect", { class: "sq", x: x * S, y: y * S, width: S, height: S }, s);
      }
    }
    b.players.forEach(function (p) {
      if (p.square === null) return;
      var c = xy(b, p.square);
      var g = svg("g", {
        "data-id": p.id,
        class: "token " + p.side + (p.status !== "standing" ? " down " + p.status : ""),
        transform: "translate(" + (c[0] * S + S / 2) + "," + (c[1] * S + S / 2) + ")",
      }, s);
      svg("circle", { r: S * 0.4 }, g);
      var t = svg("text", {}, g);
      t.textContent = p.number;
      svg("title", {}, g).textContent = p.label + " (" + p.side + ", " + p.status + ")";
    });
    if (b.ball !== null) {
      var bc = xy(b, b.ball);
      svg("circle", { class: "ball", r: S * 0.17, cx: bc[0] * S + S * 0.8, cy: bc[1] * S + S * 0.2 }, s);
    }
  }

  function words(o) {
    // the option's words: its label and what the engine says it needs
    return o.hint ? o.label + " · " + o.hint : o.label;
  }

  function pickable(node, name, act) {
    // a square of the board that works like a button, mouse and keyboard
    node.setAttribute("tabindex", "0");
    node.setAttribute("role", "button");
    node.setAttribute("aria-label", name);
    node.addEventListener("click", act);
    node.addEventListener("keydown", function (ev) {
      if (ev.key === "Enter" || ev.key === " ") { ev.preventDefault(); act(); }
    });
  }

  function mark(b, sq, cls, text, name, act) {
    // one square drawn for the pending decision: its box and its numbers
    var c = xy(b, sq);
    var g = svg("g", { class: "pick " + cls, "data-square": sq }, ui.svg);
    svg("rect", { x: c[0] * S + 2, y: c[1] * S + 2, width: S - 4, height: S - 4 }, g);
    if (text) {
      svg("text", { class: "need", x: c[0] * S + S / 2, y: c[1] * S + S - 5 }, g).textContent = text;
    }
    svg("title", {}, g).textContent = name;
    pickable(g, name, act);
    return g;
  }

  function drawPicks(b) {
    // The squares the pending options name: one mark per square, with the
    // engine's numbers (rolls, block dice, pass band); a square with several
    // options narrows the buttons to them. Then the squares further than
    // one step, each with its route's rolls: picking one takes its first
    // step, and the page takes the next ones while nothing else comes up.
    var bySquare = {};
    b.pending.options.forEach(function (o) {
      if (o.square === null) return;
      (bySquare[o.square] = bySquare[o.square] || []).push(o);
    });
    Object.keys(bySquare).forEach(function (sq) {
      var opts = bySquare[sq];
      var text = opts.map(function (o) { return o.mark; }).filter(Boolean)[0] || "";
      mark(b, +sq, "", text, opts.map(words).join("; "), function () {
        route = [];
        if (opts.length === 1) decide(opts[0].i);
        else { only = opts; drawOptions(b); }
      });
    });
    (b.pending.routes || []).forEach(function (r) {
      var c = xy(b, r.square);
      mark(b, r.square, "route", r.dice,
        "move to (" + (c[0] + 1) + ", " + (c[1] + 1) + ") · " + r.hint, function () {
          route = r.path.slice(1);
          decide(r.via);
        });
    });
  }

  function nextStep() {
    // Carry on along the route picked while the engine offers its next step.
    if (!route.length || !mine() || busy) return;
    var want = route.shift();
    var next = state.board.pending.options.filter(function (o) {
      return o.verb === "move" && o.square === want;
    })[0];
    if (next) decide(next.i);
    else route = [];
  }

  function button(o, parent) {
    var bt = document.createElement("button");
    bt.type = "button";
    bt.textContent = words(o);
    bt.setAttribute("data-option", o.i);
    bt.addEventListener("click", function () { route = []; decide(o.i); });
    parent.appendChild(bt);
  }

  function drawOptions(b) {
    var d = b.pending;
    ui.options.textContent = "";
    var special = { "end turn": ui.end, "concede": ui.concede };
    ui.end.hidden = ui.concede.hidden = true;
    d.options.forEach(function (o) {
      var main = special[o.label];
      if (main) {
        main.hidden = false;
        main.onclick = function () {
          if (o.label !== "concede" || window.confirm("Concede the match?")) decide(o.i);
        };
      }
    });
    var shown = only || d.options.filter(function (o) { return !special[o.label]; });
    shown.forEach(function (o) { button(o, ui.options); });
    ui.all.hidden = !only;
    // a set-up: place the players by hand, starting from a formation
    d.options.forEach(function (o) {
      if (!o.placement) return;
      var bt = document.createElement("button");
      bt.type = "button";
      bt.textContent = "Place by hand from " + o.label.replace("formation ", "");
      bt.addEventListener("click", function () {
        arrange = {};
        o.placement.forEach(function (pair) { arrange[pair[0]] = pair[1]; });
        picked = null;
        render();
      });
      ui.options.appendChild(bt);
    });
    if (arrange) drawArrange(b);
  }

  function drawArrange(b) {
    // Placing by hand: pick one of your players (click, or Tab and Enter),
    // then the square to put him on; the engine checks the set-up when sent.
    ui.options.textContent = "";
    ui.ask.textContent = picked === null
      ? "Set-up: pick a player to move"
      : "Set-up: pick the square for #" + numberOf(b, picked);
    ui.svg.querySelectorAll(".token").forEach(function (t) {
      var id = +t.getAttribute("data-id");
      if (!(id in arrange)) return;
      if (id === picked) t.classList.add("picked");
      pickable(t, "move " + t.querySelector("title").textContent, function () {
        picked = id;
        render();
      });
    });
    var taken = {};
    b.players.forEach(function (p) { if (p.square !== null) taken[p.square] = true; });
    Object.keys(arrange).forEach(function (id) { taken[arrange[id]] = true; });
    ui.svg.querySelectorAll(".sq").forEach(function (r, sq) {
      if (picked === null || taken[sq]) return;
      r.classList.add("free");
      r.addEventListener("click", function () {
        arrange[picked] = sq;
        picked = null;
        render();
      });
    });
    [["Send this set-up", sendArrangement], ["Cancel", function () { arrange = null; render(); }]]
      .forEach(function (pair) {
        var bt = document.createElement("button");
        bt.type = "button";
        bt.textContent = pair[0];
        bt.addEventListener("click", pair[1]);
        ui.options.appendChild(bt);
      });
  }

  function numberOf(b, id) {
    return b.players.filter(function (p) { return p.id === id; })[0].number;
  }

  function sendArrangement() {
    var placement = Object.keys(arrange).map(function (id) { return [+id, arrange[id]]; });
    post(root.dataset.setupUrl, { placement: placement, at: state.at }).then(function (res) {
      if (res[0]) { arrange = null; accept(res[1]); return; }
      ui.error.textContent = refusalText(res[1]);
      ui.error.hidden = false;
    }, function () { refresh(); });
  }

  function arranged(b) {
    // the board with the set-up being placed by hand
    var copy = Object.assign({}, b);
    copy.players = b.players.map(function (p) {
      return p.id in arrange ? Object.assign({}, p, { square: arrange[p.id] }) : p;
    });
    return copy;
  }

  function turnText(b) {
    var other = window.DugoutLiveBoards && window.DugoutLiveBoards.turnText(b);
    if (other) return other;
    var half = b.half ? "Half " + b.half : "Before kick-off";
    return half + " · turns " + b.turn[0] + "–" + b.turn[1];
  }

  function render() {
    var b = state.board;
    var sides = state.sides;
    ui.error.hidden = true;
    drawn = true;
    root.dataset.at = state.at;
    root.dataset.phase = state.state;
    if (state.state === "invited") {
      ui.status.textContent = "Waiting for the invited coach to accept.";
      return;
    }
    ui.score.textContent = b.score[0] + "–" + b.score[1];
    ui.turn.textContent = turnText(b);
    drawBoard(arrange ? arranged(b) : b);
    var over = state.state === "finished" || state.state === "conceded";
    ui.link.hidden = !over;
    if (over || !b.pending) {
      ui.status.textContent = state.state === "conceded" ? "Conceded: the match is over." : "Full time.";
      ui.actions.hidden = true;
      ui.clock.textContent = "";
      return;
    }
    var d = b.pending;
    var side = sides[d.team];
    if (mine()) {
      ui.status.textContent = "Your decision (" + side.team + ")";
      ui.ask.textContent = d.kind.replace(/_/g, " ") + (d.player ? ": " + d.player : "") +
        (d.info.length ? " (" + d.info.join(", ").replace(/_/g, " ") + ")" : "");
      ui.actions.hidden = false;
      drawOptions(b);
      if (!arrange) drawPicks(b);
    } else {
      route = [];
      arrange = null;
      ui.status.textContent = "Waiting for " + side.coach + " (" + side.team + ")…";
      ui.actions.hidden = true;
    }
    tick();
  }

  function accept(next) {
    if (!next || next.at < state.at) return;
    // the same board again (a poll): nothing to draw anew
    if (next.at === state.at && next.state === state.state && drawn) return;
    // a new board (often on the socket before the click's own answer):
    // its options may be clicked at once
    if (next.at > state.at) busy = false;
    only = null;
    if (next.at !== state.at) arrange = null;
    state = next;
    render();
    nextStep();
  }

  function refusalText(body) {
    // a refusal in the API's shape: {"errors": [{"code", "field", "message"}]}
    var errors = (body && body.errors) || [];
    return errors.map(function (e) { return e.message; }).join(" ") || "Refused.";
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body || {}),
    }).then(function (r) { return r.json().then(function (j) { return [r.ok, j]; }); });
  }

  function decide(i) {
    if (busy) return;
    busy = true;
    post(root.dataset.decideUrl, { option: i, at: state.at }).then(function (res) {
      busy = false;
      if (res[0]) { accept(res[1]); return; }
      route = [];
      ui.error.textContent = refusalText(res[1]);
      ui.error.hidden = false;
      refresh();
    }, function () { busy = false; refresh(); });
  }

  function refresh() {
    return fetch(root.dataset.stateUrl, { credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(accept, function () {});
  }

  function tick() {
    var c = state.clock;
    if (!c.started || !state.board || !state.board.pending) { ui.clock.textContent = ""; return; }
    var left = Math.max(0, Math.round(c.seconds - (Date.now() - Date.parse(c.started)) / 1000));
    ui.clock.textContent = "Clock: " + Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2);
    if (left === 0 && clockAsked !== state.at) {
      clockAsked = state.at;
      post(root.dataset.clockUrl).then(function (res) { if (res[0]) accept(res[1]); }, function () {});
    }
  }

  function poll() {
    if (pollTimer) return;
    pollTimer = window.setInterval(refresh, 1500);
  }

  function connect() {
    if (!window.WebSocket) { poll(); return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var ws;
    try { ws = new WebSocket(scheme + window.location.host + root.dataset.socketUrl); }
    catch (e) { poll(); return; }
    ws.onopen = function () {
      if (pollTimer) { window.clearInterval(pollTimer); pollTimer = null; }
    };
    ws.onmessage = function (ev) { accept(JSON.parse(ev.data).state); };
    ws.onclose = function () {
      poll();
      window.setTimeout(connect, 10000);
    };
  }

  ui.all.addEventListener("click", function () { only = null; render(); });
  render();
  window.setInterval(tick, 1000);
  connect();
})();
