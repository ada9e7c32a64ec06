package gamepage

// pageStyle is the page's style sheet. The class hl outlines the places the last
// turn changed (CSS outranks the SVG's presentation attributes).
const pageStyle = `
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 16px 24px; color: #1a1a1a; background: #fff; }
h1 { font-size: 18px; margin: 0 0 10px; }
#controls { margin-bottom: 8px; }
#controls button { font-size: 14px; padding: 4px 10px; margin-right: 4px; }
#where { margin-left: 12px; font-size: 15px; }
#main { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
#boards { flex: 0 1 720px; }
.board svg { width: 100%; max-width: 720px; height: auto; border: 1px solid #ddd; }
#side { flex: 1 1 380px; font-size: 14px; }
#side p { margin: 6px 0; }
.graph { width: 100%; max-width: 440px; height: auto; }
.graph circle.first { fill: #3a5a8a; }
.graph circle.second { fill: #e08a1a; }
.caption, .help { color: #666; font-size: 12px; }
.hl { stroke: #d62728; stroke-width: 4px; }
#result { font-weight: bold; }
`

// pageScript steps through the positions (see Page.HTML).
const pageScript = `
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("data").textContent);
  var boards = document.querySelectorAll(".board");
  var n = data.turns.length;
  var cur = 0;
  function text(id, s) { document.getElementById(id).textContent = s; }
  function name(id) { return id.replace(/^(log|pit)-/, "").replace(/^store-/, "store "); }
  function show(k) {
    k = Math.max(0, Math.min(n, k));
    cur = k;
    for (var i = 0; i < boards.length; i++) { boards[i].hidden = i !== k; }
    var els = boards[k].querySelectorAll("[data-place]");
    for (var j = 0; j < els.length; j++) {
      els[j].classList.toggle("hl", data.changed[k].indexOf(els[j].getAttribute("data-place")) >= 0);
    }
    text("pos", String(k));
    text("count", String(n));
    if (k > 0) {
      var p = data.turns[k - 1];
      text("last-turn", "Turn " + k + " (" + p.side + ", " + p.player + ") played " + p.move +
        "; it changed " + (data.changed[k].length ? data.changed[k].map(name).join(" ") : "nothing drawn") + " (outlined).");
      text("path", data.paths[k] ? "Sowing: " + data.paths[k] + " (drawn on the board, drops numbered)." : "");
    } else {
      text("last-turn", "The opening.");
      text("path", "");
    }
    if (k < n) {
      var t = data.turns[k];
      text("turn", "Turn " + (k + 1) + ": " + t.side + " (" + t.player + ") plays " + t.move);
      text("info", t.info ? "score " + t.score + ", depth " + t.depth + ", nodes " + t.nodes +
        ", time " + (t.micros / 1e6).toFixed(3) + " s" : "no search figures recorded");
      text("result", "");
    } else {
      text("turn", "");
      text("info", "");
      text("result", "Result " + data.result + ": " + data.reason);
    }
    var m = document.getElementById("graph-mark");
    if (m) { m.setAttribute("x1", data.marks[k]); m.setAttribute("x2", data.marks[k]); }
  }
  document.getElementById("first").onclick = function () { show(0); };
  document.getElementById("prev").onclick = function () { show(cur - 1); };
  document.getElementById("next").onclick = function () { show(cur + 1); };
  document.getElementById("last").onclick = function () { show(n); };
  document.addEventListener("keydown", function (e) {
    var k = {ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: n}[e.key];
    if (k === undefined) { return; }
    e.preventDefault();
    show(k);
  });
  var m = /^#move=(\d+)$/.exec(location.hash);
  show(m ? Number(m[1]) : 0);
})();
`
