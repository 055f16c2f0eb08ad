/* Dugout live match: the boards beyond the plain pitch, for live.js.
 *
 * - Dungeon Bowl: the dungeon's walls, rooms, doors, End Zones, Portals and
 *   closed Chests (as the replay viewer draws them), then the players.
 * - Blitz Bowl: the board (blocked squares, trapdoors, End Zones), the
 *   players and balls, and beside it the three active Challenge Cards and
 *   the hands: the viewer's own cards, and of the other hand only how many
 *   cards it holds (the server sends nothing more).
 *
 * live.js asks DugoutLiveBoards.draw(board, svg, size) first and draws the
 * plain pitch itself when it answers false.
 */
(function () {
  "use strict";

  var NS = "http://www.w3.org/2000/svg";
  var CELL_CLASS = { "#": "wall", "%": "feature", "~": "feature chasm", "+": "sq floor door", "=": "sq floor bridge" };

  function svg(name, attrs, parent) {
    var node = document.createElementNS(NS, name);
    for (var k in attrs) node.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(node);
    return node;
  }

  function clear(s, b, S) {
    while (s.firstChild) s.removeChild(s.firstChild);
    s.setAttribute("viewBox", "0 0 " + b.width * S + " " + b.height * S);
  }

  function square(b, S, sq, cls, parent) {
    var x = sq % b.width, y = Math.floor(sq / b.width);
    return svg("rect", { class: cls, x: x * S, y: y * S, width: S, height: S }, parent);
  }

  function centre(b, S, sq) {
    return [(sq % b.width) * S + S / 2, Math.floor(sq / b.width) * S + S / 2];
  }

  function tokens(b, s, S) {
    b.players.forEach(function (p) {
      if (p.square === null) return;
      var c = centre(b, S, p.square);
      var g = svg("g", {
        class: "token " + p.side + (p.status !== "standing" ? " down " + p.status : ""),
        transform: "translate(" + c[0] + "," + c[1] + ")",
      }, s);
      svg("circle", { r: S * 0.4 }, g);
      svg("text", {}, g).textContent = p.number;
      svg("title", {}, g).textContent = p.label + " (" + p.side + ", " + p.status + ")";
    });
  }

  function ball(b, s, S, sq) {
    var c = centre(b, S, sq);
    svg("circle", { class: "ball", r: S * 0.17, cx: c[0] + S * 0.3, cy: c[1] - S * 0.3 }, s);
  }

  function drawDungeon(b, s, S) {
    clear(s, b, S);
    s.classList.add("dungeon");
    var dg = b.dungeon;
    var zoneOf = {};
    dg.zones.forEach(function (sqs, i) {
      sqs.forEach(function (sq) { zoneOf[sq] = i === b.home_zone ? "home" : "away"; });
    });
    dg.rows.forEach(function (row, y) {
      for (var x = 0; x < row.length; x++) {
        var ch = row[x];
        if (ch === " ") continue;
        var sq = y * b.width + x;
        var cls = CELL_CLASS[ch] || "sq floor";
        var room = dg.rooms[y][x];
        if (room !== " " && ch !== "#") cls += " room room-" + dg.room_codes[room].replace(/_/g, "-");
        if (zoneOf[sq]) cls += " endzone " + zoneOf[sq];
        square(b, S, sq, cls, s);
      }
    });
    Object.keys(dg.portals).forEach(function (n) {
      var c = centre(b, S, dg.portals[n]);
      svg("circle", { class: "portal", cx: c[0], cy: c[1], r: S * 0.42 }, s);
      svg("text", { class: "portal-n", x: c[0], y: c[1] }, s).textContent = n;
    });
    dg.chests.forEach(function (sq) {
      var c = centre(b, S, sq);
      svg("rect", { class: "chest", x: c[0] - S * 0.36, y: c[1] - S * 0.28, width: S * 0.72, height: S * 0.56 }, s);
    });
    tokens(b, s, S);
    if (b.ball !== null) ball(b, s, S, b.ball);
  }

  function drawCardBoard(b, s, S) {
    clear(s, b, S);
    var zone = {};
    b.end_zones[0].forEach(function (sq) { zone[sq] = " endzone home"; });
    b.end_zones[1].forEach(function (sq) { zone[sq] = " endzone away"; });
    var blocked = {};
    b.blocked.forEach(function (sq) { blocked[sq] = true; });
    for (var sq = 0; sq < b.width * b.height; sq++) {
      square(b, S, sq, blocked[sq] ? "wall" : "sq" + (zone[sq] || ""), s);
    }
    b.trapdoors.forEach(function (sq) { square(b, S, sq, "feature", s); });
    tokens(b, s, S);
    b.balls.forEach(function (sq) { ball(b, s, S, sq); });
    var at = {};
    b.players.forEach(function (p) { at[p.id] = p.square; });
    b.carriers.forEach(function (id) { if (at[id] !== null) ball(b, s, S, at[id]); });
    drawCards(b, s);
  }

  function item(list, text, card) {
    var li = document.createElement("li");
    li.textContent = text;
    if (card) li.setAttribute("data-card", card);
    list.appendChild(li);
  }

  // The Challenge Cards and the hands, under the board.
  function drawCards(b, s) {
    var box = document.getElementById("live-cards");
    if (!box) {
      box = document.createElement("div");
      box.id = "live-cards";
      box.className = "live-cards";
      var wrap = s.closest(".pitch-wrap") || s;
      wrap.parentNode.insertBefore(box, wrap.nextSibling);
    }
    box.textContent = "";
    var h = document.createElement("h3");
    h.textContent = "Challenge Cards (" + b.deck + " left in the deck)";
    box.appendChild(h);
    var active = document.createElement("ul");
    active.setAttribute("data-testid", "live-challenges");
    b.challenges.forEach(function (c) {
      if (c) item(active, c.slot + ". " + c.challenge + " (" + c.points + " points)", c.card);
    });
    box.appendChild(active);
    ["home", "away"].forEach(function (side) {
      var hand = b.hands[side];
      var p = document.createElement("p");
      p.textContent = (side === "home" ? "Home" : "Away") + " hand: " + hand.count + " card" + (hand.count === 1 ? "" : "s");
      box.appendChild(p);
      if (!hand.cards.length) return;
      var list = document.createElement("ul");
      list.setAttribute("data-testid", "live-hand");
      hand.cards.forEach(function (c) { item(list, c.bonus_play, c.card); });
      box.appendChild(list);
    });
  }

  window.DugoutLiveBoards = {
    // Draws ``b`` when it is a dungeon or a card game's board; false else.
    draw: function (b, s, S) {
      if (b.kind === "dungeon") { drawDungeon(b, s, S); return true; }
      if (b.kind === "card") { drawCardBoard(b, s, S); return true; }
      return false;
    },
    // The turn line of a card game (it has no halves); null else.
    turnText: function (b) {
      if (b.kind !== "card") return null;
      return "Turns " + b.turn[0] + "–" + b.turn[1] + " · " + b.active_team + " to play";
    },
  };
})();
