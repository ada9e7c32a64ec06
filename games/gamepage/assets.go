package gamepage

// pageStyle is the page's style sheet. The class hl marks the places the last turn
// changed (CSS outranks the SVG's presentation attributes).
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
  function name(id) { return id.replace(/^(log|pit)-/, ""); }
  function show(k) {
    k = Math.max(0, Math.min(n, k));
    cur = k;
    for (var i = 0; i < boards.length; i++) { boards[i].hidden = i !== k; }
    var els = boards[k].querySelectorAll("[id]");
    for (var j = 0; j < els.length; j++) { els[j].classList.remove("hl"); }
    data.changed[k].forEach(function (i) { els[i].classList.add("hl"); });
    text("pos", String(k));
    text("count", String(n));
    if (k > 0) {
      var p = data.turns[k - 1];
      text("last-turn", "Turn " + k + " (" + p.side + ", " + p.player + ") played " + p.move +
        "; it changed " + (data.names[k].length ? data.names[k].map(name).join(" ") : "nothing drawn") + " (highlighted).");
    } else {
      text("last-turn", "The opening.");
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
  // selftest presses keys and checks what the page then shows against the data.
  function selftest() {
    var keys = ["End", "Home"], want = [n, 0];
    for (var i = 1; i <= n + 1; i++) { keys.push("ArrowRight"); want.push(Math.min(i, n)); }
    keys.push("ArrowLeft", "ArrowLeft", "Home", "ArrowLeft", "End");
    want.push(Math.max(n - 1, 0), Math.max(n - 2, 0), 0, 0, n);
    var lines = [], ok = true;
    keys.forEach(function (key, s) {
      document.dispatchEvent(new KeyboardEvent("keydown", {key: key, bubbles: true}));
      var k = Number(document.getElementById("pos").textContent);
      var visible = [];
      for (var i = 0; i < boards.length; i++) { if (!boards[i].hidden) { visible.push(i); } }
      var hl = [];
      if (visible.length === 1) {
        var els = boards[visible[0]].querySelectorAll("[id]");
        for (var j = 0; j < els.length; j++) { if (els[j].classList.contains("hl")) { hl.push(j); } }
      }
      var turn = k < n ? data.turns[k].move : "-";
      var shown = document.getElementById("turn").textContent;
      var good = k === want[s] && visible.length === 1 && visible[0] === k &&
        hl.join(",") === data.changed[k].join(",") &&
        (k < n ? shown.indexOf(" plays " + turn) >= 0 : document.getElementById("result").textContent.indexOf(data.result) >= 0);
      ok = ok && good;
      lines.push(key + " position=" + k + " turn=" + turn + " hl=" + hl.join(",") + (good ? " ok" : " WRONG (want position " + want[s] + ")"));
    });
    var pre = document.getElementById("selftest");
    pre.textContent = (ok ? "PASS" : "FAIL") + "\n" + lines.join("\n") + "\n";
    pre.hidden = false;
  }
  var h = location.hash, m = /^#move=(\d+)$/.exec(h);
  show(m ? Number(m[1]) : 0);
  if (h === "#selftest") { selftest(); }
})();
`
