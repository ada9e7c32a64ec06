// The Analyse view: a position's history, its legal turns, an engine's lines
// streamed as it searches.
import { $, el, api, query, Cancelled, say, fmtInt, fmtNPS } from "./util.js";
import { S } from "./state.js";
import { showBoard, markTargets, promptTurn, newJob, endJob, playTurn, changedBetween, loadPosition, title } from "./board.js";

export function analyseFrom(pos) {
  stopAnalysis();
  S.an = { history: [], turns: [], at: 0, lines: {} };
  return loadPosition(pos).then(function (v) {
    S.an.history = [v.position];
    renderAnalyse();
  });
}
export function analyseAfter(from, p) {
  var a = S.an;
  a.history = a.history.slice(0, a.at + 1).concat([p.after.position]);
  a.turns = a.turns.slice(0, a.at).concat([p.turn]);
  a.at++;
  showBoard(p.after, changedBetween(p));
  title();
  renderAnalyse();
  restartIfRunning();
}
export function renderAnalyse() {
  var a = S.an, v = S.view;
  $("an-position").value = v.position;
  var ol = $("an-history");
  ol.innerHTML = "";
  a.turns.forEach(function (t, i) {
    var li = el("li", { "class": i + 1 === a.at ? "current" : "" }, t);
    li.addEventListener("click", function () { goTo(i + 1); });
    ol.appendChild(li);
  });
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
export function goTo(k) {
  var a = S.an;
  if (S.busy || k < 0 || k >= a.history.length) { return; }
  a.at = k;
  loadPosition(a.history[k]).then(function () { renderAnalyse(); restartIfRunning(); });
}
export function renderLines() {
  var tb = $("an-lines").querySelector("tbody");
  tb.innerHTML = "";
  var lines = (S.an && S.an.lines[S.view.position]) || [];
  lines.slice().reverse().forEach(function (l) {
    var tr = el("tr");
    [l.depth, l.score, fmtInt(l.nodes), fmtNPS(l.nps), (l.millis / 1000).toFixed(2) + " s"].forEach(function (x) { tr.appendChild(el("td", { "class": "num" }, String(x))); });
    var pv = el("td", { "class": "pv" });
    l.pv.forEach(function (t, i) {
      var s = el("span", { title: "play the line to here" }, t);
      s.addEventListener("click", function () { playLine(l.pv.slice(0, i + 1)); });
      pv.appendChild(s);
    });
    tr.appendChild(pv);
    tb.appendChild(tr);
  });
}
// playLine plays the turns of a line up to the one clicked and shows the position
// reached at once, with the last turn's marks: no animation (the position is what
// was asked for, however long the line).
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
    a.history = a.history.slice(0, a.at + 1).concat(played.map(function (x) { return x.after.position; }));
    a.turns = a.turns.slice(0, a.at).concat(played.map(function (x) { return x.turn; }));
    a.at += played.length;
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
export function startAnalysis() {
  stopAnalysis();
  if (!S.view || S.view.outcome) { $("an-status").textContent = "the game is over in this position"; return; }
  var pos = S.view.position, player = $("an-player").value.trim() || "ab";
  var es = new EventSource("/api/analyse?" + query({ game: S.game, position: pos, player: player }));
  S.es = es;
  $("an-go").disabled = true;
  $("an-stop").disabled = false;
  S.an.lines[pos] = [];
  renderLines();
  var spec = player, lines = S.an.lines[pos];
  es.addEventListener("status", function (e) {
    var st = JSON.parse(e.data);
    spec = st.spec;
    $("an-status").textContent = st.status + " (" + spec + ")";
  });
  // A line of a deeper search is a row of its own; a search that reports as it
  // goes (MCTS: a report every tenth of its simulations or 100 ms) or a depth
  // searched again updates its row.
  es.addEventListener("line", function (e) {
    var l = JSON.parse(e.data), n = lines.length;
    if (n && (/^mcts(:|$)/.test(spec) || l.depth <= lines[n - 1].depth)) { lines[n - 1] = l; } else { lines.push(l); }
    if (S.view.position === pos) { renderLines(); }
  });
  // Between lines, the search's progress: its time, the depth under way.
  es.addEventListener("progress", function (e) {
    if (S.es !== es) { return; }
    var p = JSON.parse(e.data), t = (p.millis / 1000).toFixed(1) + " s";
    $("an-status").textContent = "searching (" + spec + "): " + t + (/^mcts(:|$)/.test(spec) ? ", " + fmtInt(p.nodes) + " simulations" :
      ", depth " + (p.depth + 1) + " under way" + (p.depth ? " (depth " + p.depth + " took " + fmtInt(p.nodes) + " nodes)" : ""));
  });
  es.addEventListener("done", function (e) {
    var l = JSON.parse(e.data);
    $("an-status").textContent = "done: best " + l.best + ", score " + l.score + ", depth " + l.depth;
    stopAnalysis(true);
  });
  es.addEventListener("error", function (e) {
    if (e.data) { $("an-status").textContent = "error: " + JSON.parse(e.data).error; }
    else if (es.readyState === EventSource.CLOSED || es.readyState === EventSource.CONNECTING) {
      // A refused request (a bad spec) arrives as a closed stream: ask why.
      fetch("/api/analyse?" + query({ game: S.game, position: pos, player: player })).then(function (r) {
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
$("an-set").addEventListener("click", function () { analyseFrom($("an-position").value.trim()).catch(function () {}); });
$("an-start-pos").addEventListener("click", function () { analyseFrom(""); });
$("an-back").addEventListener("click", function () { goTo(S.an.at - 1); });
$("an-forward").addEventListener("click", function () { goTo(S.an.at + 1); });
$("an-copy").addEventListener("click", function () {
  var t = $("an-position");
  t.select();
  if (navigator.clipboard) { navigator.clipboard.writeText(t.value).then(function () { $("an-status").textContent = "position copied"; }, function () { document.execCommand("copy"); }); }
  else { document.execCommand("copy"); }
});
