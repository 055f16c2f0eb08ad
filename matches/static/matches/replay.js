/* Dugout replay viewer: plays a match's stored event log on an SVG pitch.
 *
 * Everything drawn comes from the events the server stored for the match
 * (GET <match>/replay.json): set-ups, moves, blocks with their dice, the
 * ball, touchdowns. The state after event n is rebuilt by applying events
 * 0..n-1 to an empty pitch, so stepping back or jumping to a turn is the
 * same operation as stepping forward.
 *
 * On a narrow screen the pitch is drawn upright (the end zones at the top
 * and the bottom), so each square is about twice as big as lying flat.
 */
(function () {
  "use strict";

  var root = document.getElementById("replay");
  if (!root) return;

  var NS = "http://www.w3.org/2000/svg";
  var S = 32; // one square, in SVG units
  // The dugout boxes, as the line under the pitch names them.
  var BOXES = { ko: "knocked out", cas: "casualty", sent_off: "sent off" };
  var el = function (id) { return document.getElementById(id); };
  var ui = {
    svg: el("pitch"),
    score: el("replay-score"),
    turn: el("replay-turn"),
    dice: el("replay-dice"),
    caption: el("replay-caption"),
    play: el("replay-play"),
    speed: el("replay-speed"),
    jump: el("replay-jump"),
    seek: el("replay-seek"),
    pos: el("replay-pos"),
    dugouts: el("replay-dugouts"),
    rerolls: el("replay-rerolls"),
  };
  // The jump buttons: [button id, list of event indices to jump between,
  // direction]. The lists come with the replay data (drives, touchdowns,
  // casualties) or are collected from it (turns, actions).
  var jumps = [];
  var narrow = window.matchMedia ? window.matchMedia("(max-width: 40rem)") : null;
  var upright = false;
  var data = null;
  var state = null;
  var at = 0; // number of events applied
  var timer = null;
  var tokens = {}; // player id -> <g>
  var layer = null;
  var ballEl = null;
  var overlay = null;
  var chestEls = {}; // a dungeon's closed Chests: square -> element
  var fixedMarks = []; // a dungeon's Portals and Chests: [element, square, kind]
  // Markers (players, the ball, Portals, Chests) are drawn at their natural
  // size around (0, 0) and placed by a transform that scales them up where
  // the squares are drawn small, so that each stays legible and easy to
  // see: a dungeon is up to 64 squares long, and on a phone a square is
  // then about 6 px. A marker grows past its square rather than shrink
  // below MARKS[kind][0] screen pixels across its MARKS[kind][1] SVG units.
  // Decision: 16 px for what carries a number (a player, a Portal), 12 px
  // for the ball and a Chest's shorter side.
  var MARKS = { token: [16, S * 0.8], portal: [16, S * 0.84], chest: [12, S * 0.56], ball: [12, S * 0.34] };
  var grow = { token: 1, portal: 1, chest: 1, ball: 1 };

  function svg(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function fresh() {
    return {
      players: {}, // id -> {sq, down, stunnedAt}
      ball: -1,
      carrier: null,
      score: [0, 0],
      half: 0,
      turn: 0,
      team: null,
      turns: 0,
      active: null,
      target: null, // the player named with a declared Blitz or Foul
      block: null,
      pass: null,
      off: {}, // id -> box
      weather: null,
      rr: data.rerolls.slice(), // team re-rolls left, home and away
      trail: [], // squares the active player has moved through this action
      opened: {}, // a dungeon's Chests opened so far: square -> true
      teleport: null, // the last teleport of this activation: {from, to}
    };
  }

  function player(st, id) {
    var p = st.players[id];
    if (!p) p = st.players[id] = { sq: -1, down: false, stunnedAt: -1 };
    return p;
  }

  function side(id) {
    var info = data.players[id];
    return info ? info.side : null;
  }

  function place(st, id, sq) {
    var p = player(st, id);
    p.sq = sq;
    if (st.carrier === id) {
      if (sq >= 0) st.ball = sq; else st.carrier = null;
    }
  }

  function apply(st, ev) {
    var e = ev.p;
    if (ev.rr) st.rr = ev.rr.slice();
    switch (ev.type) {
      case "weather": st.weather = ev.weather || e.result; break;
      case "setup":
        for (var id in st.players) {
          if (side(id) === e.team) st.players[id].sq = -1;
        }
        e.placement.forEach(function (pair) {
          var p = player(st, String(pair[0]));
          p.sq = pair[1]; p.down = false; p.stunnedAt = -1;
          delete st.off[pair[0]];
        });
        break;
      case "kick": st.ball = e.landing; st.carrier = null; break;
      case "ball": st.ball = e.dst; st.carrier = null; break;
      case "ball_caught": st.carrier = String(e.player); st.ball = e.square; break;
      case "touchback":
        st.carrier = String(e.player);
        st.ball = player(st, st.carrier).sq;
        break;
      case "hand_off":
        st.carrier = String(e.receiver);
        st.ball = player(st, st.carrier).sq;
        break;
      case "move":
        if (st.active === String(e.player) && st.trail.length) st.trail.push(e.dst);
        place(st, String(e.player), e.dst);
        break;
      case "landing":
        place(st, String(e.player), e.square);
        if (!e.ok) player(st, String(e.player)).down = true;
        break;
      case "stand_up": player(st, String(e.player)).down = false; break;
      case "knocked_down":
        var kd = player(st, String(e.player));
        kd.down = true;
        if (st.carrier === String(e.player)) { st.carrier = null; st.ball = e.square; }
        break;
      case "injury":
        if (e.result === "stunned") player(st, String(e.player)).stunnedAt = st.turns;
        break;
      case "note":
        if (e.what === "placed_prone_stunned" && e.player >= 0) {
          var pp = player(st, String(e.player));
          pp.down = true; pp.stunnedAt = st.turns;
        }
        break;
      case "player_off":
      case "sent_off":
        place(st, String(e.player), -1);
        st.off[e.player] = e.box || "sent off";
        break;
      case "turn_start":
        st.half = e.half; st.turn = e.turn; st.team = e.team; st.turns += 1;
        st.active = null; st.target = null; st.block = null; st.pass = null; st.trail = [];
        break;
      case "turn_end":
        // Stunned players of the team whose turn ends roll over to Prone,
        // unless they were stunned during that very turn.
        for (var pid in st.players) {
          var q = st.players[pid];
          if (q.stunnedAt >= 0 && q.stunnedAt < st.turns && side(pid) === e.team) q.stunnedAt = -1;
        }
        st.active = null;
        break;
      case "activation":
        st.active = String(e.player); st.target = null; st.block = null; st.pass = null; st.teleport = null;
        st.trail = [player(st, st.active).sq];
        break;
      case "nomination":
        st.target = String(e.target);
        break;
      case "activation_end":
        st.target = null;
        break;
      case "block":
        st.block = { attacker: String(e.attacker), defender: String(e.defender), faces: ev.faces || [], result: null };
        break;
      case "block_result":
        if (st.block) st.block.result = e.result;
        break;
      case "pass":
        st.pass = { from: player(st, String(e.player)).sq, to: e.target };
        break;
      case "touchdown":
      case "half_time":
      case "extra_time":
      case "game_end":
        st.score = [e.score[0], e.score[1]];
        break;
      case "chest_opened":
        st.opened[e.square] = true;
        break;
      case "teleport":
        // src and dst are Portal numbers (0: the Dugout Portal); square is
        // where he comes out
        var tp = player(st, String(e.player));
        st.teleport = { from: tp.sq, to: e.square };
        place(st, String(e.player), e.square);
        delete st.off[e.player];
        break;
      case "ball_teleport":
        st.teleport = { from: st.ball, to: e.square };
        st.ball = e.square; st.carrier = null;
        break;
      case "magical_mishap":
        place(st, String(e.player), -1);
        st.off[e.player] = "magical mishap";
        break;
      case "drive_end":
        for (var d in st.players) st.players[d].sq = -1;
        st.ball = -1; st.carrier = null; st.block = null; st.pass = null; st.active = null; st.target = null; st.trail = [];
        break;
    }
  }

  // Pitch squares (x along the pitch, y across it) to SVG units: lying
  // flat x runs left to right; upright it runs top to bottom.
  function at2(x, y) { return upright ? [y * S, x * S] : [x * S, y * S]; }

  var CELL_CLASS = { "#": "wall", "%": "feature", "~": "feature chasm", "+": "sq floor door", "=": "sq floor bridge" };

  function xy(sq) {
    var w = data.pitch.width;
    var c = at2(sq % w, Math.floor(sq / w));
    return [c[0] + S / 2, c[1] + S / 2];
  }

  function box(cls, x, y, w, h, parent) {
    var c = at2(x, y), d = at2(w, h);
    return svg("rect", { class: cls, x: c[0], y: c[1], width: d[0], height: d[1] }, parent);
  }

  function line(cls, x1, y1, x2, y2, parent) {
    var a = at2(x1, y1), b = at2(x2, y2);
    return svg("line", { class: cls, x1: a[0], y1: a[1], x2: b[0], y2: b[1] }, parent);
  }

  function drawLines(p, grid) {
    box("endzone", 0, 0, 1, p.height, grid);
    box("endzone", p.width - 1, 0, 1, p.height, grid);
    for (var x = 0; x < p.width; x++) {
      for (var y = 0; y < p.height; y++) box("sq", x, y, 1, 1, grid);
    }
    // The Lines of Scrimmage: one line on the 11-a-side pitch, two with
    // the middle third between them on the Sevens pitch.
    [p.home_los_x + 1, p.away_los_x, 1, p.width - 1].forEach(function (x) {
      line("line", x, 0, x, p.height, grid);
    });
    [p.wide_zone, p.height - p.wide_zone].forEach(function (row) {
      line("wide", 0, row, p.width, row, grid);
    });
  }

  // Which End Zone of the dungeon is the home team's: the coin toss says
  // (first_turn: the winner's End Zone), else where its players deploy.
  function homeZone() {
    var dg = data.dungeon;
    for (var i = 0; i < data.events.length; i++) {
      var ev = data.events[i];
      if (ev.type === "first_turn") return ev.p.team === "home" ? ev.p.end_zone : 1 - ev.p.end_zone;
      if (ev.type !== "setup" || !ev.p.placement.length) continue;
      var sq = ev.p.placement[0][1];
      var inZero = dg.zones[0].indexOf(sq) >= 0;
      return (ev.p.team === "home") === inZero ? 0 : 1;
    }
    return 0;
  }

  // A dungeon: walls, floor tinted by room, doors, End Zones, the numbered
  // Portals and the Chests (hidden once opened).
  function drawDungeon(grid) {
    var dg = data.dungeon;
    var w = data.pitch.width;
    var zoneOf = {};
    var home = homeZone();
    dg.zones.forEach(function (sqs, i) {
      sqs.forEach(function (sq) { zoneOf[sq] = i === home ? "home" : "away"; });
    });
    dg.rows.forEach(function (row, y) {
      for (var x = 0; x < row.length; x++) {
        var ch = row[x];
        if (ch === " ") continue;
        var sq = y * w + x;
        var cls = CELL_CLASS[ch] || "sq floor";
        var room = dg.rooms[y][x];
        if (room !== " " && ch !== "#") cls += " room room-" + dg.room_codes[room].replace(/_/g, "-");
        if (zoneOf[sq]) cls += " endzone " + zoneOf[sq];
        box(cls, x, y, 1, 1, grid);
      }
    });
    fixedMarks = [];
    Object.keys(dg.portals).forEach(function (n) {
      var g = svg("g", {}, grid);
      svg("circle", { class: "portal", cx: 0, cy: 0, r: S * 0.42 }, g);
      var t = svg("text", { class: "portal-n", x: 0, y: 0 }, g);
      t.textContent = n;
      fixedMarks.push([g, dg.portals[n], "portal"]);
    });
    chestEls = {};
    dg.chests.forEach(function (sq) {
      var g = svg("g", {}, grid);
      svg("rect", { class: "chest", x: -S * 0.36, y: -S * 0.28, width: S * 0.72, height: S * 0.56 }, g);
      chestEls[sq] = g;
      fixedMarks.push([g, sq, "chest"]);
    });
  }

  // The transform that puts a marker of ``kind`` on the point ``c`` (SVG
  // units), grown to its minimum size.
  function place(kind, c) {
    return "translate(" + c[0] + "px," + c[1] + "px) scale(" + grow[kind] + ")";
  }

  // How much each kind of marker grows at the size the pitch is drawn now;
  // true if that changed.
  function measureMarks() {
    var box = ui.svg.viewBox && ui.svg.viewBox.baseVal;
    var shown = ui.svg.getBoundingClientRect().width;
    if (!box || !box.width || !shown) return false;
    var px = shown / box.width; // screen pixels per SVG unit
    var changed = false;
    Object.keys(MARKS).forEach(function (kind) {
      var k = Math.max(1, MARKS[kind][0] / (MARKS[kind][1] * px));
      if (Math.abs(k - grow[kind]) > 1e-3) changed = true;
      grow[kind] = k;
    });
    fixedMarks.forEach(function (m) { m[0].style.transform = place(m[2], xy(m[1])); });
    return changed;
  }

  function drawPitch() {
    var p = data.pitch;
    var size = at2(p.width, p.height);
    ui.svg.setAttribute("viewBox", "0 0 " + size[0] + " " + size[1]);
    ui.svg.setAttribute("aria-label", (data.dungeon ? "Dungeon, " : "Pitch, ") + p.width + " by " + p.height + " squares");
    if (data.dungeon) ui.svg.classList.add("dungeon");
    root.dataset.orientation = upright ? "upright" : "flat";
    var defs = svg("defs", {}, ui.svg);
    var marker = svg("marker", { id: "arrowhead", viewBox: "0 0 10 10", refX: "9", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto-start-reverse" }, defs);
    svg("path", { d: "M0,0 L10,5 L0,10 z", fill: "#ffd34d" }, marker);
    var grid = svg("g", { "aria-hidden": "true" }, ui.svg);
    if (data.dungeon) drawDungeon(grid); else drawLines(p, grid);
    overlay = svg("g", { "aria-hidden": "true" }, ui.svg);
    layer = svg("g", {}, ui.svg);
    Object.keys(data.players).forEach(function (id) {
      var info = data.players[id];
      var g = svg("g", { class: "token " + info.side, "data-player": id }, layer);
      g.style.display = "none"; // a style attribute would break the CSP
      svg("circle", { r: S * 0.4 }, g);
      var t = svg("text", {}, g);
      t.textContent = info.number;
      var title = svg("title", {}, g);
      title.textContent = "#" + info.number + " " + info.name + " (" + info.position + ")";
      tokens[id] = g;
    });
    ballEl = svg("circle", { class: "ball", r: S * 0.17 }, ui.svg);
    ballEl.style.display = "none";
  }

  // Draw the pitch again when the screen turns narrow or wide.
  function redraw() {
    upright = !!(narrow && narrow.matches);
    Array.prototype.slice.call(ui.svg.childNodes).forEach(function (node) {
      if (node.nodeName !== "title") ui.svg.removeChild(node);
    });
    tokens = {};
    drawPitch();
    measureMarks();
  }

  function render() {
    var st = state;
    for (var id in tokens) {
      var p = st.players[id];
      var g = tokens[id];
      if (!p || p.sq < 0) { g.style.display = "none"; continue; }
      var c = xy(p.sq);
      g.style.display = "";
      g.style.transform = place("token", c);
      var cls = "token " + data.players[id].side;
      if (p.down) cls += " down";
      if (p.stunnedAt >= 0) cls += " stunned";
      if (st.active === id) cls += " active";
      if (st.target === id) cls += " target";
      g.setAttribute("class", cls);
    }
    if (st.ball >= 0) {
      var b = xy(st.ball);
      var off = st.carrier ? S * 0.3 * grow.token : 0;
      ballEl.style.display = "";
      ballEl.style.transform = place("ball", [b[0] + off, b[1] - off]);
    } else {
      ballEl.style.display = "none";
    }
    while (overlay.firstChild) overlay.removeChild(overlay.firstChild);
    while (ui.dice.firstChild) ui.dice.removeChild(ui.dice.firstChild);
    // The movement trail: where the player in action has been so far.
    var path = st.trail.filter(function (sq) { return sq >= 0; });
    if (path.length > 1) {
      svg("polyline", { class: "trail", points: path.map(function (sq) { return xy(sq).join(","); }).join(" ") }, overlay);
    }
    if (st.block) {
      var a = st.players[st.block.attacker], d = st.players[st.block.defender];
      if (a && d && a.sq >= 0 && d.sq >= 0) {
        var p1 = xy(a.sq), p2 = xy(d.sq);
        svg("line", { class: "arrow", x1: p1[0], y1: p1[1], x2: (p1[0] + p2[0]) / 2 + (p2[0] - p1[0]) * 0.15, y2: (p1[1] + p2[1]) / 2 + (p2[1] - p1[1]) * 0.15 }, overlay);
      }
    }
    // The dice row: the dice the current event drew (armour, injury, a
    // dodge...), else the block dice while the block is on.
    var drawn = data.events[at - 1] && data.events[at - 1].roll;
    if (drawn) {
      var label = document.createElement("span");
      label.className = "die-label" + (drawn.ok === true ? " ok" : drawn.ok === false ? " fail" : "");
      label.textContent = drawn.label + (drawn.ok === true ? ": success" : drawn.ok === false ? ": failed" : "");
      ui.dice.appendChild(label);
      drawn.faces.forEach(function (face) {
        var span = document.createElement("span");
        span.className = "die";
        span.textContent = face;
        ui.dice.appendChild(span);
      });
    } else if (st.block) {
      var chosen = false;
      var wanted = st.block.result ? st.block.result.replace(/_/g, " ").toLowerCase() : null;
      st.block.faces.forEach(function (face) {
        var span = document.createElement("span");
        span.className = "die";
        span.textContent = face;
        if (!chosen && wanted && face.toLowerCase() === wanted) { span.className += " chosen"; chosen = true; }
        ui.dice.appendChild(span);
      });
    }
    for (var chest in chestEls) chestEls[chest].style.display = st.opened[chest] ? "none" : "";
    if (st.teleport && st.teleport.from >= 0 && st.teleport.to >= 0) {
      var tf = xy(st.teleport.from), tt = xy(st.teleport.to);
      svg("line", { class: "teleport", x1: tf[0], y1: tf[1], x2: tt[0], y2: tt[1] }, overlay);
    }
    if (st.pass && st.pass.from >= 0 && st.pass.to >= 0) {
      var f = xy(st.pass.from), t = xy(st.pass.to);
      svg("line", { class: "pass", x1: f[0], y1: f[1], x2: t[0], y2: t[1] }, overlay);
    }
    ui.score.textContent = st.score[0] + "–" + st.score[1];
    ui.turn.textContent = data.dungeon && st.team
      ? data[st.team].name + " turn " + st.turn + " (time limit " + data.turns_per_half + ")"
      : st.half
      ? (st.half === 3 ? "Extra time" : "Half " + st.half) + " · " + data[st.team].name + " turn " + st.turn + " of " + data.turns_per_half + (st.weather ? " · " + st.weather : "")
      : "Before kick-off";
    var ev = data.events[at - 1];
    ui.caption.textContent = ev ? ev.text : "Press Play, or step through the match one event at a time.";
    var current = "";
    data.turns.forEach(function (t) { if (t.index < at) current = String(t.index); });
    ui.jump.value = current;
    ui.seek.value = at;
    ui.pos.textContent = at + " / " + data.events.length;
    root.dataset.at = at;
    ui.rerolls.textContent = "Team re-rolls left: " + data.home.name + " " + st.rr[0] + " · " + data.away.name + " " + st.rr[1];
    jumps.forEach(function (j) { j.button.disabled = target(j) === null; });
    var boxes = { home: [], away: [] };
    for (var o in st.off) {
      var info = data.players[o];
      if (info && st.off[o] !== "reserves") boxes[info.side].push("#" + info.number + " " + (BOXES[st.off[o]] || st.off[o].replace(/_/g, " ")));
    }
    ui.dugouts.textContent = ["home", "away"].map(function (s) {
      return boxes[s].length ? data[s].name + " dugout: " + boxes[s].join(", ") : "";
    }).filter(Boolean).join(" · ");
  }

  function seek(n) {
    n = Math.max(0, Math.min(data.events.length, n));
    if (n < at) { state = fresh(); at = 0; }
    while (at < n) { apply(state, data.events[at]); at += 1; }
    render();
  }

  function stop() {
    if (timer) { clearInterval(timer); timer = null; }
    ui.play.textContent = "Play";
    ui.play.setAttribute("aria-pressed", "false");
  }

  function play() {
    if (at >= data.events.length) seek(0);
    ui.play.textContent = "Pause";
    ui.play.setAttribute("aria-pressed", "true");
    timer = setInterval(function () {
      if (at >= data.events.length) { stop(); return; }
      seek(at + 1);
    }, Number(ui.speed.value));
  }

  // The event to seek to for a jump button, or null when there is none:
  // the event at index i is shown once i + 1 events are applied.
  function target(j) {
    var found = null;
    for (var k = 0; k < j.list.length; k++) {
      var n = j.list[k] + 1;
      if (j.dir > 0 && n > at) return n;
      if (j.dir < 0 && n < at) found = n;
    }
    return found;
  }

  function bind() {
    jumps.forEach(function (j) {
      j.button.addEventListener("click", function () {
        var n = target(j);
        if (n !== null) { stop(); seek(n); }
      });
    });
    if (narrow) {
      var onChange = function () { redraw(); render(); };
      if (narrow.addEventListener) narrow.addEventListener("change", onChange);
      else narrow.addListener(onChange);
    }
    var resizing = null;
    window.addEventListener("resize", function () {
      clearTimeout(resizing);
      resizing = setTimeout(function () { if (measureMarks()) render(); }, 100);
    });
    ui.play.addEventListener("click", function () { if (timer) stop(); else play(); });
    el("replay-step").addEventListener("click", function () { stop(); seek(at + 1); });
    el("replay-back").addEventListener("click", function () { stop(); seek(at - 1); });
    el("replay-start").addEventListener("click", function () { stop(); seek(0); });
    el("replay-end").addEventListener("click", function () { stop(); seek(data.events.length); });
    ui.speed.addEventListener("change", function () { if (timer) { stop(); play(); } });
    ui.seek.addEventListener("input", function () { stop(); seek(Number(ui.seek.value)); });
    ui.jump.addEventListener("change", function () {
      if (ui.jump.value === "") return;
      stop();
      seek(Number(ui.jump.value) + 1);
    });
    root.addEventListener("keydown", function (evt) {
      var tag = evt.target.tagName;
      if (tag === "SELECT" || tag === "INPUT") return;
      if (evt.key === "ArrowRight") { stop(); seek(at + 1); evt.preventDefault(); }
      else if (evt.key === "ArrowLeft") { stop(); seek(at - 1); evt.preventDefault(); }
    });
  }

  function indices(type) {
    var out = [];
    data.events.forEach(function (ev, i) { if (ev.type === type) out.push(i); });
    return out;
  }

  function init(json) {
    data = json;
    var turns = data.turns.map(function (t) { return t.index; });
    [
      ["replay-prev-turn", turns, -1],
      ["replay-next-turn", turns, 1],
      ["replay-next-action", indices("activation"), 1],
      ["replay-next-drive", data.drives, 1],
      ["replay-next-td", data.touchdowns, 1],
      ["replay-next-cas", data.casualties, 1],
    ].forEach(function (j) {
      jumps.push({ button: el(j[0]), list: j[1], dir: j[2] });
    });
    redraw();
    data.turns.forEach(function (t) {
      var opt = document.createElement("option");
      opt.value = t.index;
      opt.textContent = t.label;
      ui.jump.appendChild(opt);
    });
    ui.seek.max = data.events.length;
    state = fresh();
    at = 0;
    bind();
    render();
    root.dataset.ready = "true";
  }

  fetch(root.dataset.src, { headers: { Accept: "application/json" }, credentials: "same-origin" })
    .then(function (r) {
      if (!r.ok) throw new Error("HTTP " + r.status);
      return r.json();
    })
    .then(init)
    .catch(function (err) {
      ui.caption.textContent = "The replay could not be loaded (" + err.message + ").";
    });
})();
