/* Game viewer: steps through the moves in the page, without a reload (issue 12).

   The page is whole without this file: every step is a link to ?ply=N, drawn by the server.
   With it, the positions sent with the page (json_script "viewer-data", arbitration/viewer.py)
   are drawn here: the links, the arrow keys, Home/End and a swipe on the board move the board,
   the caption, the move list, the counters and the address (replaceState), and the board stays
   in view (sticky in site.css; the move list scrolls beside or below it). */
(function () {
  "use strict";
  var viewer = document.getElementById("viewer");
  var blob = document.getElementById("viewer-data");
  if (!viewer || !blob) { return; }
  var data = JSON.parse(blob.textContent);
  if (!data || !data.fens || !data.fens.length || !data.geometry) { return; }
  var SVG = "http://www.w3.org/2000/svg";
  var last = data.fens.length - 1;
  var current = Math.min(Math.max(data.ply || 0, 0), last);
  var svg = viewer.querySelector(".arb-board svg");
  var caption = document.getElementById("position-caption");
  var counterText = viewer.querySelector(".arb-ply");
  var flipSuffix = data.flip ? "&flip=1" : "";
  var geometry = data.geometry;
  var colours = geometry.colours;

  function fmt(value) { return String(Math.round(value * 100) / 100); }

  function element(name, attributes) {
    var node = document.createElementNS(SVG, name);
    Object.keys(attributes).forEach(function (key) { node.setAttribute(key, attributes[key]); });
    return node;
  }

  /* The pieces of a FEN as the engine writes it (rules/fen.py): "W:W21,22,K30:B1,2". */
  function fenPieces(fen) {
    var pieces = [];
    fen.split(":").slice(1).forEach(function (part) {
      var white = part.charAt(0) === "W";
      part.slice(1).split(",").forEach(function (entry) {
        if (!entry) { return; }
        var king = entry.charAt(0) === "K";
        pieces.push({ white: white, king: king, square: parseInt(king ? entry.slice(1) : entry, 10) });
      });
    });
    return pieces;
  }

  /* The squares of the move that led to a half-move, each once (a chain may cross one twice). */
  function markedSquares(ply) {
    if (!ply) { return []; }
    var seen = {};
    return data.moves[ply - 1][3].filter(function (square) {
      if (seen[square]) { return false; }
      seen[square] = true;
      return true;
    });
  }

  /* The same shapes as rules/svg.py: a disc, an inner ring and, for a king, a crown. */
  function pieceNode(white, king, square) {
    var origin = geometry.origins[square - 1];
    var cell = geometry.cell;
    var cx = origin[0] + cell / 2;
    var cy = origin[1] + cell / 2;
    var radius = cell * 0.36;
    var group = element("g", { "class": "piece " + (king ? "king" : "man") + " " +
                                        (white ? "white" : "black"), "data-square": square });
    group.appendChild(element("circle", { cx: fmt(cx), cy: fmt(cy), r: fmt(radius),
      fill: white ? colours.white : colours.black, stroke: colours.outline,
      "stroke-width": fmt(cell * 0.03) }));
    group.appendChild(element("circle", { cx: fmt(cx), cy: fmt(cy), r: fmt(radius * 0.72),
      fill: "none", stroke: colours.outline, "stroke-opacity": "0.35",
      "stroke-width": fmt(cell * 0.02) }));
    if (king) {
      var r = radius * 0.55;
      var points = [[-r, r * 0.6], [-r, -r * 0.5], [-r * 0.5, r * 0.05], [0, -r * 0.75],
                    [r * 0.5, r * 0.05], [r, -r * 0.5], [r, r * 0.6]];
      group.appendChild(element("polygon", { "class": "crown",
        points: points.map(function (p) { return fmt(cx + p[0]) + "," + fmt(cy + p[1]); }).join(" "),
        fill: white ? colours["crown-on-white"] : colours["crown-on-black"] }));
    }
    return group;
  }

  function drawBoard(ply) {
    if (!svg) { return; }
    Array.prototype.forEach.call(svg.querySelectorAll(".piece, .last-move"), function (node) {
      node.parentNode.removeChild(node);
    });
    var before = svg.querySelector(".coordinate");  // numbers are drawn over the pieces
    var cell = fmt(geometry.cell);
    markedSquares(ply).forEach(function (square) {
      var origin = geometry.origins[square - 1];
      svg.insertBefore(element("rect", { "class": "last-move", "data-square": square,
        x: fmt(origin[0]), y: fmt(origin[1]), width: cell, height: cell,
        fill: colours["last-move"], "fill-opacity": "0.55" }), before);
    });
    // Drawn in rules/svg.py's order (White's pieces, then Black's, each by square), so the
    // page's board is the server's, element for element.
    var pieces = fenPieces(data.fens[ply]);
    pieces.sort(function (a, b) { return (b.white - a.white) || (a.square - b.square); });
    pieces.forEach(function (piece) {
      svg.insertBefore(pieceNode(piece.white, piece.king, piece.square), before);
    });
  }

  function moveName(ply) {
    var move = data.moves[ply - 1];
    return move[0] + " " + move[1];
  }

  function setStep(step, target, enabled) {
    var link = viewer.querySelector('a[data-step="' + step + '"]');
    if (!link) { return; }
    if (enabled) {
      link.setAttribute("href", "?ply=" + target + flipSuffix);
      link.removeAttribute("aria-disabled");
    } else {
      link.removeAttribute("href");
      link.setAttribute("aria-disabled", "true");
    }
  }

  /* Keep the current move visible without hiding it under the sticky board. */
  function showMove(link) {
    if (!link || !link.scrollIntoView) { return; }
    var board = viewer.querySelector(".arb-viewer-board");
    var covered = 0;
    if (board && window.getComputedStyle(board).position === "sticky") {
      var rect = board.getBoundingClientRect();
      var moveRect = link.getBoundingClientRect();
      // The board covers the move only when both stack in one column (a phone).
      if (moveRect.left < rect.right && moveRect.right > rect.left) { covered = rect.height; }
    }
    link.style.scrollMarginTop = (covered + 8) + "px";
    link.style.scrollMarginBottom = "8px";
    link.scrollIntoView({ block: "nearest" });
  }

  /* A move link's half-move, from its address (?ply=N): the list carries nothing more. */
  function plyOf(link) {
    var match = /[?&]ply=(\d+)/.exec(link.getAttribute("href") || "");
    return match ? Number(match[1]) : -1;
  }

  function show(ply, scroll) {
    ply = Math.min(Math.max(ply, 0), last);
    current = ply;
    drawBoard(ply);
    var text = ply ? data.words.after.replace("%(move)s", moveName(ply)) : data.words.start;
    if (caption) { caption.textContent = text; }
    var title = svg && svg.querySelector("title");
    if (title) { title.textContent = text; }
    if (counterText) { counterText.textContent = ply + "/" + last; }
    setStep("first", 0, ply > 0);
    setStep("prev", ply - 1, ply > 0);
    setStep("next", ply + 1, ply < last);
    setStep("last", last, ply < last);
    var flip = viewer.querySelector("a.arb-flip");
    if (flip) { flip.setAttribute("href", "?ply=" + ply + (data.flip ? "" : "&flip=1")); }
    var marked = null;
    Array.prototype.forEach.call(viewer.querySelectorAll(".arb-moves a.arb-move"), function (link) {
      if (plyOf(link) === ply) {
        link.setAttribute("aria-current", "step");
        marked = link;
      } else {
        link.removeAttribute("aria-current");
      }
    });
    ((data.counters && data.counters[ply]) || []).forEach(function (counter, index) {
      var box = viewer.querySelector('.arb-counter[data-rule="' + data.rules[index] + '"]');
      if (!box) { return; }
      box.classList.toggle("holds", counter[0] === 1);
      var sentence = box.querySelector(".arb-counter-text");
      if (sentence) { sentence.textContent = data.sentences[counter[1]]; }
      var holds = box.querySelector(".arb-counter-holds");
      if (holds) { holds.hidden = counter[0] !== 1; }
    });
    var claim = viewer.querySelector(".arb-claim-here");
    if (claim) {
      claim.hidden = ply === 0;
      var claimLink = claim.querySelector("a[data-claim]");
      if (claimLink && ply) {
        claimLink.setAttribute("href", claimLink.getAttribute("data-claim") + "?move=" +
                               encodeURIComponent(data.moves[ply - 1][0]));
      }
    }
    if (window.history && window.history.replaceState) {
      window.history.replaceState(null, "", "?ply=" + ply + flipSuffix);
    }
    if (scroll) { showMove(marked); }
  }

  var STEPS = { first: function () { return 0; }, prev: function () { return current - 1; },
                next: function () { return current + 1; }, last: function () { return last; } };

  /* Without the counters (a sheet too long to send them, arbitration/viewer.py) each step loads
     its half-move from the server, as the links do without this file. */
  function go(ply) {
    if (!data.counters) {
      ply = Math.min(Math.max(ply, 0), last);
      if (ply !== current) { window.location.assign("?ply=" + ply + flipSuffix); }
      return;
    }
    show(ply, true);
  }

  viewer.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.altKey || event.ctrlKey ||
        event.metaKey || event.shiftKey) { return; }  // a new tab keeps the link
    var link = event.target.closest ? event.target.closest("a[data-step], .arb-moves a.arb-move") : null;
    if (!link || !viewer.contains(link)) { return; }
    event.preventDefault();
    if (!link.hasAttribute("href")) { return; }
    var step = link.getAttribute("data-step");
    go(step ? STEPS[step]() : plyOf(link));
  });

  var KEYS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var target = event.target;
    if (target && (/^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName) || target.isContentEditable)) {
      return;
    }
    var step = KEYS[event.key];
    if (!step) { return; }
    event.preventDefault();
    go(STEPS[step]());
  });

  /* A swipe across the board: to the left for the next move, to the right for the previous.
     touch-action: pan-y (site.css) leaves the vertical scroll to the browser. */
  var board = viewer.querySelector(".arb-board");
  var start = null;
  if (board && window.PointerEvent) {
    board.addEventListener("pointerdown", function (event) {
      if (event.pointerType === "mouse") { return; }
      start = { x: event.clientX, y: event.clientY, id: event.pointerId };
    });
    board.addEventListener("pointerup", function (event) {
      if (!start || event.pointerId !== start.id) { return; }
      var dx = event.clientX - start.x;
      var dy = event.clientY - start.y;
      start = null;
      if (Math.abs(dx) < 40 || Math.abs(dx) < Math.abs(dy) * 1.5) { return; }
      go(dx < 0 ? current + 1 : current - 1);
    });
    board.addEventListener("pointercancel", function () { start = null; });
  }

  // Opening on a late move: bring the move into view in its list, never the board out of it.
  if (data.counters) { show(current, false); }
  var marked = viewer.querySelector('.arb-moves [aria-current="step"]');
  if (marked) { showMove(marked); }
}());
