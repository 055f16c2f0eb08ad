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

  function drawPicks(b) {
    // The squares the pending options name: one mark per square; a square
    // with several options narrows the buttons to them.
    var bySquare = {};
    b.pending.options.forEach(function (o) {
      if (o.square === null) return;
      (bySquare[o.square] = bySquare[o.square] || []).push(o);
    });
    Object.keys(bySquare).forEach(function (sq) {
      var c = xy(b, +sq);
      var opts = bySquare[sq];
      var r = svg("rect", {
        class: "pick", x: c[0] * S + 2, y: c[1] * S + 2, width: S - 4, height: S - 4,
        "data-square": sq, "aria-hidden": "true",
      }, ui.svg);
      svg("title", {}, r).textContent = opts.map(function (o) { return o.label; }).join("; ");
      r.addEventListener("click", function () {
        if (opts.length === 1) decide(opts[0].i);
        else { only = opts; drawOptions(b); }
      });
    });
  }

  function button(o, parent) {
    var bt = document.createElement("button");
    bt.type = "button";
    bt.textContent = o.label;
    bt.setAttribute("data-option", o.i);
    bt.addEventListener("click", function () { decide(o.i); });
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
    drawBoard(b);
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
      drawPicks(b);
    } else {
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
    state = next;
    render();
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
      ui.error.textContent = res[1].detail || "Refused.";
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
