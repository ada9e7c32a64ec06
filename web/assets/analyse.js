// The Analyse view: a tree of the turns played from a position (variations kept,
// promoted, deleted), its legal turns, an engine's lines streamed as it searches
// (several at once, updated in place, with a live counter), the evaluation bar and
// the best turn drawn on the board.
import { $, el, svgEl, api, query, Cancelled, say, fmtInt, fmtNPS } from "./util.js";
import { S } from "./state.js";
import { showBoard, markTargets, promptTurn, newJob, endJob, playTurn, changedBetween, loadPosition, title, placeEl, centre } from "./board.js";
import { newNode, child, path, variationOf, promote, remove, sibling } from "./tree.js";
import "./editor.js";
import { markReview } from "./review.js";

// S.an: {root, cur: the nodes of the tree (tree.js); history, turns, at: the
// positions and turns of the line through cur and cur's place in it; lines: each
// position's rows of depths, pvs: each position's current lines ({depth, lines}),
// arrows: the marks of turns drawn as the best (by position and turn)}.
export function analyseFrom(pos) {
  stopAnalysis();
  S.an = { root: null, cur: null, history: [], turns: [], at: 0, lines: {}, pvs: {}, arrows: {}, game: S.game };
  return loadPosition(pos).then(function (v) {
    S.an.root = S.an.cur = newNode(v.position, "", null);
    sync();
    renderAnalyse();
  });
}
// analyseGame makes a recorded game (its positions and turns, as /api/game and
// /api/load give them) the tree's main line, at its position k; the caller shows it
// (goTo(S.an.at), or the Analyse tab).
export function analyseGame(g, k) {
  stopAnalysis();
  var n = newNode(g.positions[0], "", null), a = { root: n, cur: n, history: [], turns: [], at: 0, lines: {}, pvs: {}, arrows: {}, game: S.game };
  var nodes = [n];
  g.turns.forEach(function (t, i) { n = child(n, t.turn, g.positions[i + 1]); nodes.push(n); });
  a.cur = nodes[Math.max(0, Math.min(k, nodes.length - 1))];
  S.an = a;
  sync();
}
// sync sets history, turns and at from the tree: the line through the current node.
function sync() {
  var a = S.an, p = path(a.cur);
  a.history = p.map(function (n) { return n.pos; });
  a.turns = p.slice(1).map(function (n) { return n.turn; });
  a.at = a.cur.ply;
}
// analyseAfter goes on from the current node by a turn played on the board: to the
// node of that turn when the tree has it, otherwise a new node (a variation when the
// position had a next turn already).
export function analyseAfter(from, p) {
  var a = S.an;
  a.cur = child(a.cur, p.turn, p.after.position);
  sync();
  showBoard(p.after, changedBetween(p));
  title();
  renderAnalyse();
  restartIfRunning();
}
export function renderAnalyse() {
  var a = S.an, v = S.view;
  $("an-position").value = v.position;
  renderTree();
  var list = $("an-turns");
  list.innerHTML = "";
  v.turns.forEach(function (t) {
    var s = el("span", {}, t.turn);
    s.addEventListener("click", function () { playTurn(t.turn); });
    list.appendChild(s);
  });
  if (v.outcome) { list.textContent = "none: " + v.outcome.text; }
  renderLines();
  markTargets();
  promptTurn();
}
// renderTree writes the tree as text: the main line, each variation in brackets
// after the turn it is an alternative to, the current turn highlighted; a click on a
// turn goes to it. Promote and Delete apply to the current turn.
function renderTree() {
  var box = $("an-history"), a = S.an;
  $("an-promote").disabled = !variationOf(a.cur);
  $("an-delete").disabled = !a.cur.parent;
  box.innerHTML = "";
  function move(n, into) {
    var s = el("span", { "class": "move" + (n === a.cur ? " current" : "") + (n.mark ? " mark-" + n.mark : ""), "data-n": String(n.ply) }, n.turn);
    if (n.mark) { s.title = n.turn + ": " + n.mark + " (whole-game analysis)"; }
    s.addEventListener("click", function () { goNode(n); });
    into.appendChild(s);
  }
  function line(n, into) {
    for (var first = true; n; first = false) {
      move(n, into);
      var p = n.parent;
      if (!first || p.kids[0] === n) {
        p.kids.slice(1).forEach(function (v) {
          if (v === n) { return; }
          var span = el("span", { "class": "variation" });
          span.appendChild(document.createTextNode("("));
          line(v, span);
          span.appendChild(document.createTextNode(")"));
          into.appendChild(span);
        });
      }
      n = n.kids[0];
    }
  }
  if (a.root.kids.length) { line(a.root.kids[0], box); }
  var cur = box.querySelector(".current");
  if (cur && cur.scrollIntoView) { cur.scrollIntoView({ block: "nearest" }); }
  markReview();
}
// goNode shows the position of the node n of the tree.
export function goNode(n) {
  var a = S.an;
  if (S.busy || !n || !a) { return; }
  a.cur = n;
  sync();
  renderTree();
  loadPosition(n.pos).then(function () { if (S.an === a && a.cur === n) { renderAnalyse(); restartIfRunning(); } });
}
// goTo shows the k-th position of the line through the current node.
export function goTo(k) {
  var a = S.an;
  if (S.busy || !a || !a.cur || k < 0 || k >= a.history.length) { return; }
  var p = path(a.cur);
  goNode(p[k]);
}
// step goes back (-1) or on (+1) along the current line; switchVariation to the
// variation above (-1) or below (+1) at the nearest branch point.
export function step(d) { if (S.an && S.an.cur) { goNode(d < 0 ? S.an.cur.parent : S.an.cur.kids[0]); } }
export function switchVariation(d) { if (S.an && S.an.cur) { goNode(sibling(S.an.cur, d)); } }

// ---------- the engine's output ----------
// renderLines shows the position's output: its current lines, the counter, the rows
// of its depths, the evaluation bar and the best turn's arrow.
export function renderLines() {
  var pos = S.view.position, cur = S.an && S.an.pvs[pos];
  var ex = exactOf(pos);
  renderExact(ex);
  renderPVs(cur, ex);
  var tb = $("an-lines").querySelector("tbody");
  tb.innerHTML = "";
  var lines = (S.an && S.an.lines[pos]) || [];
  lines.slice().reverse().forEach(function (l) {
    var tr = el("tr");
    [l.depth, l.score, fmtInt(l.nodes), fmtNPS(l.nps), (l.millis / 1000).toFixed(2) + " s"].forEach(function (x) { tr.appendChild(el("td", { "class": "num" }, String(x))); });
    tr.appendChild(pvCell(l.pv));
    tb.appendChild(tr);
  });
  evalBar(cur, ex);
  bestArrow(pos, cur);
}
// exactOf returns the position's exact value when the server found one.
function exactOf(pos) {
  var e = S.an && S.an.exact && S.an.exact[pos];
  return e && e.exact ? e : null;
}
// wantExact reports whether the position's exact value is still to be asked for
// (with its analysis: the stream's "exact" event): until the server answered.
function wantExact(pos) {
  var a = S.an;
  a.exact = a.exact || {};
  return !a.exact[pos];
}
// renderExact shows the position's exact value above the lines: the value under
// perfect play, a best line, and how the solver found it.
function renderExact(ex) {
  var box = $("an-exact");
  box.innerHTML = "";
  var e = S.an && S.an.exact && S.view && S.an.exact[S.view.position];
  if (e && !e.exact) { box.appendChild(el("span", { "class": "caption" }, "exact value: none (" + e.why + ")")); return; }
  if (!ex) { return; }
  var v = S.view, mover = v.sides[v.toMove];
  var words = ex.value > 0 ? mover + " wins by " + ex.value : ex.value < 0 ? v.sides[1 - v.toMove] + " wins by " + (-ex.value) : "a draw";
  box.appendChild(el("b", { "class": "exact-score" }, ex.score));
  box.appendChild(el("span", { "class": "exact-mark" }, "exact"));
  box.appendChild(document.createTextNode(" " + words + " with best play · "));
  var line = pvCell(ex.pv);
  line.className = "pv exact-line";
  box.appendChild(el("span", {}, "line "));
  Array.prototype.slice.call(line.childNodes).forEach(function (c) { box.appendChild(c); box.appendChild(document.createTextNode(" ")); });
  box.appendChild(el("span", { "class": "caption" }, "(the solver, " + fmtInt(ex.nodes) + " nodes" + (ex.endgames ? ", over the endgame database of " + ex.endgames + " seeds" : "") + ")"));
}
// pvCell is a table cell of a line's turns, each a link to the position after it.
function pvCell(pv) {
  var td = el("td", { "class": "pv" });
  pv.forEach(function (t, i) {
    var s = el("span", { title: "play the line to here" }, t);
    s.addEventListener("click", function () { playLine(pv.slice(0, i + 1)); });
    td.appendChild(s);
  });
  return td;
}
// renderPVs shows the current lines, a row each, the rows kept and their cells
// rewritten as the search goes on (a row is the line of its rank).
function renderPVs(cur, ex) {
  var tb = $("an-pvs").querySelector("tbody"), lines = cur ? cur.lines : [];
  $("an-pvs").querySelector("thead th:nth-child(3)").textContent = lines.length && lines[0].visits ? "visits" : "depth";
  while (tb.rows.length > lines.length) { tb.deleteRow(-1); }
  while (tb.rows.length < lines.length) {
    var tr = tb.insertRow(-1);
    ["num rank", "num score", "num depth", "pv"].forEach(function (c) { tr.appendChild(el("td", { "class": c })); });
  }
  lines.forEach(function (l, i) {
    var tr = tb.rows[i];
    tr.cells[0].textContent = String(i + 1);
    // A line of the exact value's best turn shows the exact value.
    var exact = ex && l.pv[0] === ex.best;
    tr.cells[1].textContent = exact ? ex.score : l.score;
    tr.cells[1].classList.toggle("exact", !!exact);
    tr.cells[1].title = exact ? "exact (the engine's score: " + l.score + ")" : "";
    tr.cells[2].textContent = l.visits ? fmtInt(l.visits) : String(cur.depth);
    tr.replaceChild(pvCell(l.pv), tr.cells[3]);
  });
}
// winShare returns the first side's share of the winning chances by a line's score:
// 1 or 0 for a proven result, otherwise 1/(1+10^(-p/10)) of its lead p in points (10
// points: 91%).
function winShare(l, toMove) {
  var s = /^win/.test(l.score) ? 1 : /^loss/.test(l.score) ? 0 : 1 / (1 + Math.pow(10, -l.points / 10));
  return toMove === 0 ? s : 1 - s;
}
// evalBar shows the best line's score beside the board: the first side's share
// from the bottom (the top when the board is flipped), the score in its view.
function evalBar(cur, ex) {
  var bar = $("evalbar");
  bar.hidden = (!ex && (!cur || !cur.lines.length)) || S.tab !== "analyse";
  if (bar.hidden) { return; }
  // The exact value, where known, in place of the engine's: all or nothing, or
  // half for a draw.
  var l = ex ? { score: ex.score, points: 0 } : cur.lines[0], v = S.view;
  var share = ex ? (ex.value > 0 ? 1 : ex.value < 0 ? 0 : 0.5) : winShare(l, v.toMove);
  if (ex && v.toMove === 1) { share = 1 - share; }
  bar.classList.toggle("exact", !!ex);
  var fill = $("evalbar-fill");
  fill.style.height = (100 * share).toFixed(1) + "%";
  fill.classList.toggle("top", S.flipped);
  var text = v.toMove === 0 ? l.score : negate(l.score);
  $("evalbar-text").textContent = (ex ? "= " : "") + text;
  bar.title = v.sides[0] + "'s view: " + text + (ex ? " (exact)" : " (" + Math.round(100 * share) + "% of the winning chances)");
  bar.setAttribute("data-share", share.toFixed(3));
}
// negate writes a score from the other side's view.
function negate(score) {
  if (score === "draw") { return score; }
  if (/^win\+/.test(score)) { return score.replace("win+", "loss-"); }
  if (/^loss-/.test(score)) { return score.replace("loss-", "win+"); }
  var n = -parseFloat(score);
  return score.indexOf(".") >= 0 ? n.toFixed(score.split(".")[1].length) : String(n);
}
// bestArrow draws the best line's turn on the board: the path of its sowing as an
// arrow (the places it takes up and drops on, in order, as the server marks the
// turn) and its ant move; it asks the server for the turn's marks once.
function bestArrow(pos, cur) {
  var svg = $("board").querySelector("svg");
  if (!svg) { return; }
  var turn = cur && cur.lines.length ? cur.lines[0].pv[0] : "";
  turn = (turn || "").replace(/\.\.\.$/, "");
  var old = svg.querySelector(".best-arrow");
  if (old && old.getAttribute("data-turn") === turn) { return; }
  svg.querySelectorAll(".best-arrow").forEach(function (e) { e.remove(); });
  if (!turn || S.tab !== "analyse") { return; }
  var a = S.an, key = pos + "\n" + turn, marks = a.arrows[key];
  if (marks === undefined) {
    a.arrows[key] = null; // asked
    api("/api/play", { game: S.game, position: pos, turn: turn, flip: false, marks: false }).then(function (p) {
      a.arrows[key] = p.marks || [];
      if (S.an === a && S.view && S.view.position === pos) { bestArrow(pos, a.pvs[pos]); }
    }).catch(function () { a.arrows[key] = []; });
    return;
  }
  if (!marks) { return; }
  drawArrow(svg, marks, turn);
}
function drawArrow(svg, marks, turn) {
  if (!svg.querySelector("#best-head")) {
    var defs = svgEl("defs");
    [["best-head", "best-head"], ["best-walk-head", "best-walk-head"]].forEach(function (x) {
      var m = svgEl("marker", { id: x[0], viewBox: "0 0 10 10", refX: "7", refY: "5", markerWidth: "4", markerHeight: "4", orient: "auto" });
      m.appendChild(svgEl("path", { d: "M0,0 L10,5 L0,10 z", "class": x[1] }));
      defs.appendChild(m);
    });
    svg.appendChild(defs);
  }
  var g = svgEl("g", { "class": "best-arrow", "data-turn": turn }), pts = [];
  marks.forEach(function (mk) {
    if (mk.kind === "lift" || mk.kind === "sow" || mk.kind === "catch") {
      var e = placeEl(mk.place);
      if (e) { var c = centre(e); pts.push(c.x.toFixed(1) + "," + c.y.toFixed(1)); }
    }
    if (mk.kind === "walk") {
      var f = placeEl(mk.place), t = placeEl(mk.to);
      if (f && t) {
        var cf = centre(f), ct = centre(t);
        g.appendChild(svgEl("line", { "class": "best-walk", x1: cf.x, y1: cf.y, x2: ct.x, y2: ct.y, "marker-end": "url(#best-walk-head)" }));
      }
    }
  });
  if (pts.length > 1) {
    g.insertBefore(svgEl("polyline", { "class": "best-path", points: pts.join(" "), "marker-end": "url(#best-head)" }), g.firstChild);
  }
  if (pts.length) {
    var p0 = pts[0].split(",");
    g.appendChild(svgEl("circle", { "class": "best-start", cx: p0[0], cy: p0[1], r: 9 }));
  }
  svg.appendChild(g);
}

// playLine plays the turns of a line up to the one clicked and shows the position
// reached at once, with the last turn's marks: no animation (the position is what
// was asked for, however long the line). The turns go into the tree.
export function playLine(turns) {
  if (S.busy || !S.view) { return Promise.resolve(); }
  var a = S.an, played = [], j = newJob("line");
  S.busy = true;
  markTargets();
  say("Playing the line to " + turns[turns.length - 1] + "…");
  function next(i, from) {
    var last = i === turns.length - 1;
    return api("/api/play", { game: S.game, position: from, turn: turns[i].replace(/\.\.\.$/, ""), flip: S.flipped, marks: last }, j).then(function (p) {
      if (j.cancelled) { throw Cancelled; }
      played.push(p);
      return last ? p : next(i + 1, p.after.position);
    });
  }
  return next(0, S.view.position).then(function (p) {
    // Cancelled (another tab, game or position took the board) or left meanwhile.
    if (j.cancelled || S.tab !== "analyse" || S.an !== a) { endJob(j); return; }
    endJob(j);
    played.forEach(function (x) { a.cur = child(a.cur, x.turn, x.after.position); });
    sync();
    showBoard(p.after, changedBetween(p));
    title();
    say("");
    $("path").textContent = p.path ? "line " + played.map(function (x) { return x.turn; }).join(" ") + "; the last turn: " + p.path : "";
    renderAnalyse();
    restartIfRunning();
  }).catch(function (err) {
    if (j.cancelled || err === Cancelled || (err && err.name === "AbortError")) { return; }
    endJob(j);
    if (S.tab !== "analyse") { return; }
    say(err.message, true);
    markTargets();
  });
}

// multiPV returns the number of lines asked for (1 to 5).
function multiPV() {
  var n = Math.round(Number($("an-multipv").value));
  return n >= 1 && n <= 5 ? n : 1;
}
export function startAnalysis() {
  stopAnalysis();
  if (!S.view || S.view.outcome) { $("an-status").textContent = "the game is over in this position"; return; }
  var pos = S.view.position, player = $("an-player").value.trim() || "ab", k = multiPV();
  var params = { game: S.game, position: pos, player: player };
  if (k > 1) { params.lines = k; }
  if (wantExact(pos)) { params.exact = 1; }
  var es = new EventSource("/api/analyse?" + query(params));
  S.es = es;
  $("an-go").disabled = true;
  $("an-stop").disabled = false;
  S.an.lines[pos] = [];
  delete S.an.pvs[pos];
  $("an-counter").textContent = "";
  renderLines();
  var spec = player, lines = S.an.lines[pos], an = S.an;
  var mcts = function () { return /^mcts(:|$)/.test(spec); };
  // The exact value, before the search's lines, where the solver found it.
  es.addEventListener("exact", function (e) {
    an.exact[pos] = JSON.parse(e.data);
    if (S.view.position === pos) { renderLines(); }
  });
  es.addEventListener("status", function (e) {
    var st = JSON.parse(e.data);
    spec = st.spec;
    $("an-status").textContent = st.status + " (" + spec + ")";
  });
  // A line of a deeper search is a row of its own in the depths; a search that
  // reports as it goes (MCTS: a report every tenth of its simulations or 100 ms) or
  // a depth searched again updates its row. The current lines are replaced.
  es.addEventListener("line", function (e) {
    var l = JSON.parse(e.data), n = lines.length;
    if (n && (mcts() || l.depth <= lines[n - 1].depth)) { lines[n - 1] = l; } else { lines.push(l); }
    an.pvs[pos] = { depth: l.depth, lines: l.lines || [{ score: l.score, points: l.points, value: l.value, pv: l.pv }] };
    if (S.es === es) { counter(l.depth, l.nodes, l.nps, l.millis, true); }
    if (S.view.position === pos) { renderLines(); }
  });
  // Between lines, the search's progress: its time, the depth under way and the
  // nodes searched so far.
  es.addEventListener("progress", function (e) {
    if (S.es !== es) { return; }
    var p = JSON.parse(e.data), t = (p.millis / 1000).toFixed(1) + " s";
    $("an-status").textContent = "searching (" + spec + "): " + t + (mcts() ? ", " + fmtInt(p.nodes) + " simulations" :
      ", depth " + (p.depth + 1) + " under way" + (p.depth ? " (depth " + p.depth + " took " + fmtInt(p.nodes) + " nodes)" : ""));
    counter(p.depth + (mcts() ? 0 : 1), p.searched, p.nps, p.millis, false);
  });
  function counter(depth, nodes, nps, millis, done) {
    var c = $("an-counter");
    if (mcts()) {
      c.textContent = fmtInt(nodes) + " simulations · " + fmtNPS(nps) + " · " + (millis / 1000).toFixed(1) + " s";
      return;
    }
    c.textContent = "depth " + depth + (done ? " done" : " under way") + " · " + fmtInt(nodes) + " nodes · " + fmtNPS(nps) + " · " + (millis / 1000).toFixed(1) + " s";
  }
  es.addEventListener("done", function (e) {
    var l = JSON.parse(e.data);
    $("an-status").textContent = "done: best " + l.best + ", score " + l.score + ", depth " + l.depth;
    if (l.lines) { an.pvs[pos] = { depth: l.depth, lines: l.lines }; }
    counter(l.depth, l.nodes, l.nps, l.millis, true);
    stopAnalysis(true);
    if (S.view.position === pos) { renderLines(); }
  });
  es.addEventListener("error", function (e) {
    if (e.data) { $("an-status").textContent = "error: " + JSON.parse(e.data).error; }
    else if (es.readyState === EventSource.CLOSED || es.readyState === EventSource.CONNECTING) {
      // A refused request (a bad spec) arrives as a closed stream: ask why.
      fetch("/api/analyse?" + query(params)).then(function (r) {
        if (!r.ok) { return r.json().then(function (v) { $("an-status").textContent = "error: " + v.error; }); }
        if (r.body) { r.body.cancel(); }
      });
    }
    stopAnalysis(true);
  });
}
export function stopAnalysis(keepStatus) {
  if (S.es) { S.es.close(); S.es = null; if (!keepStatus) { $("an-status").textContent = "stopped"; } }
  $("an-go").disabled = false;
  $("an-stop").disabled = true;
}
export function restartIfRunning() { if (!$("an-stop").disabled) { startAnalysis(); } }
$("an-go").addEventListener("click", startAnalysis);
$("an-stop").addEventListener("click", function () { stopAnalysis(); });
$("an-multipv").addEventListener("change", restartIfRunning);
// Load game: a games file (a saved game; the game of the index given, else the
// first) or turns, pasted or read from a file chosen, becomes the tree's main line.
function loadGame() {
  var text = $("an-record").value, index = $("an-index").value.trim(), req = { game: S.game, text: text };
  if (index !== "") { req.index = Number(index); }
  $("an-load-status").textContent = "loading…";
  api("/api/load", req).then(function (g) {
    analyseGame(g, 0);
    $("an-load-status").textContent = "loaded: " + g.title + (g.result ? " — " + g.result + (g.reason ? " (" + g.reason + ")" : "") : "");
    goTo(0);
  }).catch(function (err) { $("an-load-status").textContent = "error: " + err.message; });
}
$("an-load").addEventListener("click", loadGame);
$("an-file").addEventListener("change", function () {
  var f = $("an-file").files[0];
  if (!f) { return; }
  f.text().then(function (text) { $("an-record").value = text; loadGame(); });
});
$("an-set").addEventListener("click", function () { analyseFrom($("an-position").value.trim()).catch(function () {}); });
$("an-start-pos").addEventListener("click", function () { analyseFrom(""); });
$("an-back").addEventListener("click", function () { step(-1); });
$("an-forward").addEventListener("click", function () { step(1); });
$("an-promote").addEventListener("click", function () {
  var a = S.an;
  if (S.busy || !a || !promote(a.cur)) { return; }
  sync();
  renderAnalyse();
});
$("an-delete").addEventListener("click", function () {
  var a = S.an;
  if (S.busy || !a) { return; }
  var up = remove(a.cur);
  if (up) { goNode(up); }
});
$("an-copy").addEventListener("click", function () {
  var t = $("an-position");
  t.select();
  if (navigator.clipboard) { navigator.clipboard.writeText(t.value).then(function () { $("an-status").textContent = "position copied"; }, function () { document.execCommand("copy"); }); }
  else { document.execCommand("copy"); }
});
