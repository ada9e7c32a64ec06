// Whole-game analysis in the Analyse view: every turn of the move tree's main line
// evaluated by an engine at a limit a turn (/api/review, streamed turn by turn),
// the graph of its scores, each turn marked as an inaccuracy, a mistake or a
// blunder by the drop in its mover's winning chances (in the table and in the move
// tree), an accuracy a side, and the game saved as a games file with the engine's
// scores as its turns' figures.
import { $, el, query, say, fmtInt } from "./util.js";
import { S } from "./state.js";
import { goNode, renderAnalyse } from "./analyse.js";
import { markGraph, onPick } from "./replay.js";

var es = null;
var signs = { inaccuracy: "?!", mistake: "?", blunder: "??" };

// mainLine returns the nodes of the tree's main line, the root first.
function mainLine(a) {
  var out = [];
  for (var n = a.root; n; n = n.kids[0]) { out.push(n); }
  return out;
}

// startReview reviews the main line of the tree at the limit chosen.
export function startReview() {
  stopReview();
  var a = S.an;
  if (!a || !a.root) { return; }
  var nodes = mainLine(a), turns = nodes.slice(1).map(function (n) { return n.turn; });
  var st = $("an-review-status");
  if (!turns.length) { st.textContent = "no turns to analyse: play or load a game first"; return; }
  nodes.forEach(function (n) { delete n.mark; });
  var limit = $("an-review-kind").value + "=" + $("an-review-limit").value.trim();
  var params = { game: S.game, start: a.root.pos, turns: turns.join(" "), limit: limit, player: ($("an-player").value.trim().split(":")[0] || "ab") };
  a.review = { nodes: nodes, turns: [], summary: null, limit: limit };
  $("an-review-summary").innerHTML = "";
  $("an-review-graph").innerHTML = "";
  $("an-review-turns").querySelector("tbody").innerHTML = "";
  $("an-review-save").disabled = true;
  $("an-review-go").disabled = true;
  $("an-review-stop").disabled = false;
  $("an-review-bar").style.width = "0%";
  var src = new EventSource("/api/review?" + query(params)), rv = a.review;
  es = src;
  src.addEventListener("status", function (e) { var v = JSON.parse(e.data); st.textContent = v.status + " (" + v.spec + ")"; });
  src.addEventListener("turn", function (e) {
    if (S.an !== a) { stopReview(); return; } // another game or position took the board
    var v = JSON.parse(e.data), t = v.turn;
    rv.turns.push(t);
    nodes[t.k + 1].mark = t.mark;
    st.textContent = "turn " + v.done + " of " + v.of + " analysed";
    $("an-review-bar").style.width = (100 * v.done / v.of).toFixed(1) + "%";
    addRow(t);
    if (S.an === a) { renderAnalyse(); }
  });
  src.addEventListener("done", function (e) {
    var sum = JSON.parse(e.data);
    rv.summary = sum;
    stopReview(true);
    st.textContent = "done: " + sum.turns.length + " turns at " + limit + " (" + sum.spec + ")";
    showSummary(sum);
    $("an-review-save").disabled = false;
  });
  src.addEventListener("error", function (e) {
    if (e.data) { st.textContent = "error: " + JSON.parse(e.data).error; }
    else if (src.readyState !== EventSource.OPEN) {
      // A refused request arrives as a closed stream: ask why.
      fetch("/api/review?" + query(params)).then(function (r) {
        if (!r.ok) { return r.json().then(function (v) { st.textContent = "error: " + v.error; }); }
        if (r.body) { r.body.cancel(); }
      });
    }
    stopReview(true);
  });
}
export function stopReview(keepStatus) {
  if (es) { es.close(); es = null; if (!keepStatus) { $("an-review-status").textContent = "stopped"; } }
  $("an-review-go").disabled = false;
  $("an-review-stop").disabled = true;
}

// addRow adds a reviewed turn to the table: its number, side, turn, the engine's
// score and best turn, and its mark; a click goes to the position after it.
function addRow(t) {
  var sides = S.view ? S.view.sides : ["", ""];
  var tr = el("tr", { "class": "clickable" + (t.mark ? " mark-" + t.mark : ""), "data-k": String(t.k + 1) });
  [String(t.number), sides[t.mover], t.turn + (signs[t.mark] || ""), t.score, t.best, t.mark || "", Math.round(t.accuracy) + "%"].forEach(function (x, i) {
    tr.appendChild(el("td", { "class": i === 0 || i === 3 || i === 6 ? "num" : "" }, x));
  });
  tr.title = "the winning chances of " + sides[t.mover] + ": " + pct(t.mover === 0 ? t.before : 1 - t.before) + " before, " + pct(t.mover === 0 ? t.after : 1 - t.after) + " after";
  $("an-review-turns").querySelector("tbody").appendChild(tr);
}
function count(n, one, many) { n = n || 0; return fmtInt(n) + " " + (n === 1 ? one : many); }
function pct(x) { return Math.round(100 * x) + "%"; }

// showSummary shows each side's accuracy and marks, and the graph.
function showSummary(sum) {
  var box = $("an-review-summary");
  box.innerHTML = "";
  [0, 1].forEach(function (side) {
    var m = sum.marks[side] || {}, acc = sum.accuracy[side];
    var p = el("div", { "class": "review-side", "data-side": String(side) });
    p.appendChild(el("b", {}, sum.sides[side]));
    p.appendChild(document.createTextNode(": accuracy " + (acc < 0 ? "—" : acc.toFixed(1) + "%") + " · " +
      count(m.inaccuracy, "inaccuracy", "inaccuracies") + ", " + count(m.mistake, "mistake", "mistakes") + ", " + count(m.blunder, "blunder", "blunders")));
    box.appendChild(p);
  });
  $("an-review-graph").innerHTML = sum.graph;
  markReview();
}

// markReview marks the current position on the graph and in the table.
export function markReview() {
  var a = S.an, rv = a && a.review;
  if (!rv || !rv.summary) { return; }
  var k = rv.nodes.indexOf(a.cur);
  markGraph($("an-review-graph").querySelector("svg"), rv.summary.graphX, k);
  $("an-review-turns").querySelectorAll("tr").forEach(function (tr) { tr.classList.toggle("current", Number(tr.getAttribute("data-k")) === k); });
}

// pick goes to the position k of the reviewed line.
function pick(k) {
  var a = S.an, rv = a && a.review;
  if (!rv || !rv.nodes[k]) { return; }
  goNode(rv.nodes[k]);
}
onPick($("an-review-graph"), pick);
onPick($("an-review-turns"), pick);

// saveReview offers the reviewed game as a games file: its turns with the
// engine's scores (in whole points: the players are people, whose scores have no
// scale; a proven result as it is), depths, nodes and times.
function saveReview() {
  var a = S.an, rv = a && a.review;
  if (!rv || !rv.summary) { return; }
  var turns = rv.summary.turns;
  var info = turns.map(function (t) { return { value: t.record, depth: t.depth, nodes: t.nodes, micros: t.micros }; });
  fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: S.game, players: ["", ""], specs: ["human", "human"], start: a.root.pos,
      turns: turns.map(function (t) { return t.turn; }), info: info }) })
    .then(function (r) { if (!r.ok) { return r.json().then(function (v) { throw new Error(v.error); }); } return r.blob(); })
    .then(function (blob) {
      var link = el("a", { href: URL.createObjectURL(blob), download: "review.jsonl" });
      document.body.appendChild(link); link.click(); link.remove();
      $("an-review-status").textContent = "saved as review.jsonl (the engine's scores with the turns): colony replay review.jsonl reads it";
    }).catch(function (err) { say(err.message, true); });
}

$("an-review-go").addEventListener("click", startReview);
$("an-review-stop").addEventListener("click", function () { stopReview(); });
$("an-review-save").addEventListener("click", saveReview);
