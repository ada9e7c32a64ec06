package gamepage

// pageStyle is the page's style sheet. The class hl outlines the places the last
// turn changed (CSS outranks the SVG's presentation attributes).
const pageStyle = `
body { font-family: "Liberation Sans", Arial, Helvetica, sans-serif; margin: 16px 24px; color: #1a1a1a; background: #fff; }
h1 { font-size: 18px; margin: 0 0 10px; }
h2 { font-size: 15px; margin: 12px 0 4px; }
#controls { margin-bottom: 8px; }
#controls button { font-size: 14px; padding: 4px 10px; margin-right: 4px; }
#where { margin-left: 12px; font-size: 15px; }
#main { display: flex; flex-wrap: wrap; gap: 20px; align-items: flex-start; }
#boards { flex: 0 1 720px; }
.board svg { width: 100%; max-width: 720px; height: auto; border: 1px solid #ddd; }
#side { flex: 1 1 380px; font-size: 14px; }
#side p { margin: 6px 0; }
.graph { width: 100%; max-width: 440px; height: auto; }
.graph circle { cursor: pointer; }
.graph circle.first, .graph text.first { fill: #3a5a8a; }
.graph circle.second, .graph text.second { fill: #e08a1a; }
.graph polyline.first { stroke: #3a5a8a; }
.graph polyline.second { stroke: #e08a1a; }
.graph circle.current { stroke: #d62728; stroke-width: 2px; }
span.first { color: #3a5a8a; }
span.second { color: #e08a1a; }
#moves { max-height: 260px; overflow-y: auto; margin: 0; padding: 0; list-style: none; font-size: 13px; }
#moves li { cursor: pointer; padding: 1px 4px; }
#moves li:hover { background: #f0ebe0; }
#moves li.current { background: #d62728; color: #fff; }
.caption, .help { color: #666; font-size: 12px; }
.hl { stroke: #d62728; stroke-width: 4px; }
#result { font-weight: bold; }
`

// pageScript steps through the positions (see Page.HTML): it redraws the one board
// from the data's lines (Data.Base, Data.Edits), keeps the fragment #move=K in
// step, and builds the move list. It runs in one module script after the shared
// replay module (pagescript.Replay), whose functions it calls.
const pageScript = `
var data = JSON.parse(document.getElementById("data").textContent);
var board = document.getElementById("board");
var n = data.turns.length;
var cur = -1;
var cache = [data.base];
function text(id, s) { document.getElementById(id).textContent = s; }
function name(id) { return data.names[id] || id; }
// lines returns the lines of position k's board, applying the edits from the
// nearest position before it whose lines are known.
function lines(k) {
  var j = k;
  while (!cache[j]) { j--; }
  for (; j < k; j++) {
    var prev = cache[j], out = [], i = 0, ed = data.edits[j + 1];
    for (var e = 0; e < ed.length; e++) {
      var o = ed[e];
      if (typeof o === "string") { out.push(o); }
      else if (o > 0) { for (var c = 0; c < o; c++) { out.push(prev[i++]); } }
      else { i -= o; }
    }
    while (i < prev.length) { out.push(prev[i++]); }
    cache[j + 1] = out;
  }
  return cache[k];
}
var list = document.getElementById("moves");
var items = [];
for (var t = 0; t < n; t++) {
  var li = document.createElement("li");
  li.textContent = data.numbers[t] + ". " + data.turns[t].side + " " + data.turns[t].move;
  li.setAttribute("data-k", String(t + 1));
  li.title = "the position after this turn";
  list.appendChild(li);
  items.push(li);
}
var graph = document.getElementById("graph");
function show(k) {
  k = clamp(k, n);
  if (k !== cur) { board.innerHTML = lines(k).join("\n"); }
  cur = k;
  var els = board.querySelectorAll("[data-place]");
  for (var j = 0; j < els.length; j++) {
    els[j].classList.toggle("hl", data.changed[k].indexOf(els[j].getAttribute("data-place")) >= 0);
  }
  markMoves(items, k, true);
  markGraph(graph, data.marks, k);
  text("pos", String(k));
  text("count", String(n));
  text("opening", k === 0 ? data.opening : "");
  if (k > 0) {
    var p = data.turns[k - 1];
    text("last-turn", "Turn " + data.numbers[k - 1] + " (" + p.side + ", " + p.player + ") played " + p.move +
      "; it changed " + (data.changed[k].length ? data.changed[k].map(name).join(" ") : "nothing drawn") + " (outlined).");
    text("path", data.paths[k] ? "Sowing: " + data.paths[k] + " (drawn on the board, drops numbered)." : "");
  } else {
    text("last-turn", "The opening.");
    text("path", "");
  }
  if (k < n) {
    var t = data.turns[k];
    text("turn", "Turn " + data.numbers[k] + ": " + t.side + " (" + t.player + ") plays " + t.move);
    text("info", t.info ? "score " + t.score + ", depth " + t.depth + ", nodes " + t.nodes +
      ", time " + (t.micros / 1e6).toFixed(3) + " s" : "no search figures recorded");
    text("result", "");
  } else {
    text("turn", "");
    text("info", "");
    text("result", "Result " + data.result + ": " + data.reason);
  }
}
// go shows position k and puts it in the URL: the fragment changes, a step of
// the browser's history (back and forward come to hashchange).
function go(k) {
  k = clamp(k, n);
  show(k);
  if (location.hash !== "#move=" + k) { location.hash = "move=" + k; }
}
function fromHash() {
  var m = /^#move=(\d+)$/.exec(location.hash);
  show(m ? Number(m[1]) : 0);
}
document.getElementById("first").onclick = function () { go(0); };
document.getElementById("prev").onclick = function () { go(cur - 1); };
document.getElementById("next").onclick = function () { go(cur + 1); };
document.getElementById("last").onclick = function () { go(n); };
onPick(list, go);
onPick(graph, go);
document.addEventListener("keydown", function (e) {
  var k = keyStep(e.key, cur, n);
  if (k === undefined) { return; }
  e.preventDefault();
  go(k);
});
window.addEventListener("hashchange", fromHash);
fromHash();
`
