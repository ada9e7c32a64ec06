// The Watch view: the games files of the results directory, a recorded game
// stepped through with its move list and graph (replay.js, shared with the page
// of colony export --html), the live view followed.
import { $, el, api, query, say, fmtInt } from "./util.js";
import { S } from "./state.js";
import { showBoard, loadPosition, title } from "./board.js";
import { analyseGame } from "./analyse.js";
import { renderLive } from "./live.js";
import { selectTab, setHash } from "./tabs.js";
import { clamp, markMoves, markGraph, onPick } from "./replay.js";

// While Watch is shown, the games files under the results directory are listed
// again every watchPoll ms: a new games file appears, the open file's table grows
// with its games, and the live view follows the run chosen, or by default the
// newest games file (kept while its run is running).
export var watchPoll = 2000;
export function loadFiles() {
  if (!S.config.dir) { $("watch-nodir").hidden = false; return; }
  followLive(S.watch.files || []);
  refreshFiles();
  if (!S.watch.timer) { S.watch.timer = setInterval(refreshFiles, watchPoll); }
}
// stopWatching ends the listing and the live view when Watch is left.
export function stopWatching() {
  if (S.watch.timer) { clearInterval(S.watch.timer); S.watch.timer = null; }
  if (S.watch.live) { S.watch.live.close(); S.watch.live = null; S.watch.liveFile = null; }
}
export function refreshFiles() {
  return api("/api/files").then(function (files) {
    if (S.tab !== "watch") { return; }
    var sizes = {}, before = S.watch.sizes || {};
    files.forEach(function (f) { sizes[f.name] = f.size; });
    S.watch.sizes = sizes;
    S.watch.files = files;
    renderFiles(files);
    var open = S.watch.table;
    if (open && before[open] !== undefined && sizes[open] !== undefined && sizes[open] !== before[open]) { openFile(open, true); }
    followLive(files);
  }).catch(function (err) { say(err.message, true); });
}
export function renderFiles(files) {
  var key = JSON.stringify(files) + "|" + S.watch.table;
  if (key === S.watch.filesKey) { return; }
  S.watch.filesKey = key;
  var ul = $("watch-files");
  ul.innerHTML = "";
  files.forEach(function (f) {
    var li = el("li", { "class": f.name === S.watch.table ? "current" : "" }, f.name + "  (" + fmtInt(f.size) + " bytes)");
    li.addEventListener("click", function () { openFile(f.name); });
    ul.appendChild(li);
  });
  if (!files.length) { ul.appendChild(el("li", { "class": "caption" }, "no games file yet")); }
  var sel = $("live-file"), chosen = S.watch.liveChoice || "";
  sel.innerHTML = "";
  sel.appendChild(el("option", { value: "" }, "the newest games file"));
  files.forEach(function (f) { sel.appendChild(el("option", { value: f.name }, f.name)); });
  sel.value = chosen;
  $("live-choice").hidden = files.length < 2 && !chosen;
}
$("live-file").addEventListener("change", function () {
  S.watch.liveChoice = $("live-file").value || null;
  followLive(S.watch.files || []);
});
// newestFile returns the games file modified last (games.jsonl when none is listed).
export function newestFile(files) {
  var best = null;
  files.forEach(function (f) { if (!best || f.modified > best.modified) { best = f; } });
  return best ? best.name : "games.jsonl";
}
// followLive follows the run of the games file chosen, or of the newest one unless
// the run followed is still running.
export function followLive(files) {
  var want = S.watch.liveChoice;
  if (!want) {
    want = newestFile(files);
    if (S.watch.live && !S.watch.liveChosen && S.watch.liveState === "running") { want = S.watch.liveFile; }
  }
  if (S.watch.live && S.watch.liveFile === want) { return; }
  if (S.watch.live) { S.watch.live.close(); }
  S.watch.live = null;
  S.watch.liveFile = want;
  S.watch.liveChosen = !!S.watch.liveChoice;
  S.watch.liveState = null;
  if (!window.EventSource) { return; }
  var es = new EventSource("/api/live?" + query({ file: want }));
  S.watch.live = es;
  es.addEventListener("snapshot", function (e) {
    if (S.watch.live !== es) { return; }
    var v = JSON.parse(e.data);
    S.watch.liveState = v.state;
    renderLive(v);
  });
}
export function openFile(name, again) {
  return api("/api/file?" + query({ name: name })).then(function (f) {
    S.watch.table = name;
    renderFiles(S.watch.files || []);
    $("watch-file").hidden = false;
    $("watch-file-title").textContent = name + ": " + f.game + ", " + f.games.length + " games";
    if (S.watch.rowsOf !== name) {
      // Another file: its table from the first page, by index, unfiltered.
      S.watch.rowsOf = name;
      S.watch.sort = { key: "index", dir: 1 };
      S.watch.page = 0;
      ["wt-player", "wt-min", "wt-max"].forEach(function (id) { $(id).value = ""; });
      $("wt-result").value = "";
      loadMetrics(name);
    }
    S.watch.rows = f.games;
    var reasons = {}, sel = $("wt-reason"), chosen = sel.value;
    f.games.forEach(function (g) { reasons[g.reason] = (reasons[g.reason] || 0) + 1; });
    sel.innerHTML = "";
    sel.appendChild(el("option", { value: "" }, "any"));
    Object.keys(reasons).sort().forEach(function (r) { sel.appendChild(el("option", { value: r }, r + " (" + reasons[r] + ")")); });
    sel.value = reasons[chosen] ? chosen : "";
    renderTable();
    markOpenGame();
  }).catch(function (err) { if (!again) { say(err.message, true); } });
}
// markOpenGame marks the open game's row of the table.
export function markOpenGame() {
  document.querySelectorAll("#watch-games tr.clickable").forEach(function (tr) {
    tr.classList.toggle("current", S.watch.game && S.watch.file === S.watch.table && Number(tr.getAttribute("data-index")) === S.watch.index);
  });
}
export function openGame(file, index, move) {
  return api("/api/game?" + query({ name: file, index: index })).then(function (g) {
    S.watch.game = g;
    S.watch.file = file;
    S.watch.index = index;
    markOpenGame();
    S.game = g.game;
    $("game").value = g.game;
    $("watch-game").hidden = false;
    $("watch-game-title").textContent = g.title + " — " + g.result + " (" + g.reason + ")";
    var ol = $("w-moves");
    ol.innerHTML = "";
    g.turns.forEach(function (t, i) {
      var li = el("li", { value: t.number, "data-k": i + 1 }, t.turn + " ");
      li.appendChild(el("span", { "class": "who" }, g.sides[t.mover] + (t.score ? "  " + t.score : "")));
      ol.appendChild(li);
    });
    $("w-graph").innerHTML = g.turns.length ? g.graph : "";
    return showMove(move);
  }).catch(function (err) { say(err.message, true); });
}
// showMove shows position k of the open game (k turns played), with turn k's path.
export function showMove(k) {
  var g = S.watch.game;
  watchingLive();
  if (!g) { return Promise.resolve(); }
  k = clamp(k, g.positions.length - 1);
  S.watch.move = k;
  setHash();
  var done;
  if (k === 0) {
    done = loadPosition(g.positions[0]).then(function () { $("path").textContent = "the opening"; });
  } else {
    done = api("/api/play", { game: g.game, position: g.positions[k - 1], turn: g.turns[k - 1].turn, flip: S.flipped, marks: true }).then(function (p) {
      showBoard(p.after);
      title();
      $("path").textContent = g.sides[g.turns[k - 1].mover] + " " + p.turn + (p.path ? ": " + p.path : "");
    });
  }
  return done.then(function () {
    $("w-where").textContent = "position " + k + " of " + (g.positions.length - 1);
    var t = g.turns[k - 1];
    $("w-info").textContent = t ? "turn " + t.number + ": " + g.players[t.mover] + " (" + g.sides[t.mover] + ") " + t.turn +
      (t.score ? "  score " + t.score + "  depth " + t.depth + "  nodes " + fmtInt(t.nodes) : "") : "the opening";
    if (k === g.positions.length - 1) { $("w-info").textContent += "\nresult " + g.result + " (" + g.reason + ")"; }
    markMoves(document.querySelectorAll("#w-moves li"), k);
    markGraph($("w-graph").querySelector("svg"), g.marks, k);
    say("");
  });
}
// A click on a turn of the move list or a dot of the graph shows the position
// that turn led to.
onPick($("w-moves"), showMove);
onPick($("w-graph"), showMove);
$("w-first").addEventListener("click", function () { showMove(0); });
$("w-prev").addEventListener("click", function () { showMove(S.watch.move - 1); });
$("w-next").addEventListener("click", function () { showMove(S.watch.move + 1); });
$("w-last").addEventListener("click", function () { showMove(1e9); });
// Analyse: the game's turns become the analysis's main line, at the position shown.
$("w-analyse").addEventListener("click", function () {
  if (!S.view || !S.watch.game) { return; }
  analyseGame(S.watch.game, S.watch.move);
  selectTab("analyse");
});
// watchingLive shows the games in flight in place of the board while Watch has no
// game open.
export function watchingLive() { document.body.classList.toggle("watching-live", S.tab === "watch" && !S.watch.game); }

// ---------- the table of a games file's games: sorted, filtered, paged ----------
var columns = [["index", "game"], ["players", "players"], ["result", "result"], ["turns", "turns"], ["reason", "reason"]];
function cellOf(g, key) { return key === "players" ? g.players.join(" - ") : g[key]; }
// shownRows returns the games of the open file that the filters let through, in
// the order chosen.
export function shownRows() {
  var who = $("wt-player").value.trim().toLowerCase(), res = $("wt-result").value, why = $("wt-reason").value;
  var lo = $("wt-min").value === "" ? -Infinity : Number($("wt-min").value), hi = $("wt-max").value === "" ? Infinity : Number($("wt-max").value);
  var rows = (S.watch.rows || []).filter(function (g) {
    return (!who || g.players.some(function (p) { return p.toLowerCase().indexOf(who) >= 0; })) &&
      (!res || g.result === res) && (!why || g.reason === why) && g.turns >= lo && g.turns <= hi;
  });
  var k = S.watch.sort.key, d = S.watch.sort.dir;
  rows.sort(function (x, y) {
    var a = cellOf(x, k), b = cellOf(y, k);
    var c = typeof a === "number" ? a - b : String(a).localeCompare(String(b));
    return c * d || x.index - y.index;
  });
  return rows;
}
export function renderTable() {
  var rows = shownRows(), size = Number($("wt-size").value), pages = Math.max(1, Math.ceil(rows.length / size));
  S.watch.page = Math.min(Math.max(0, S.watch.page), pages - 1);
  var from = S.watch.page * size, name = S.watch.table, t = $("watch-games");
  t.innerHTML = "";
  var head = el("tr", {});
  columns.forEach(function (c) {
    var th = el("th", { "data-key": c[0] }, c[1]);
    if (S.watch.sort.key === c[0]) { th.classList.add(S.watch.sort.dir > 0 ? "sorted-up" : "sorted-down"); }
    th.addEventListener("click", function () {
      S.watch.sort = { key: c[0], dir: S.watch.sort.key === c[0] ? -S.watch.sort.dir : 1 };
      S.watch.page = 0;
      renderTable();
    });
    head.appendChild(th);
  });
  t.appendChild(head);
  rows.slice(from, from + size).forEach(function (g) {
    var tr = el("tr", { "class": "clickable", "data-index": g.index });
    columns.forEach(function (c) { tr.appendChild(el("td", {}, String(cellOf(g, c[0])))); });
    tr.addEventListener("click", function () { openGame(name, g.index, 0); });
    t.appendChild(tr);
  });
  $("wt-page").textContent = rows.length ? "games " + (from + 1) + "–" + Math.min(rows.length, from + size) + " of " + rows.length +
    (rows.length < S.watch.rows.length ? " (of " + S.watch.rows.length + ")" : "") + ", page " + (S.watch.page + 1) + " of " + pages : "no game matches";
  markOpenGame();
}
function refilter() { S.watch.page = 0; if (S.watch.rows) { renderTable(); } }
["wt-player", "wt-min", "wt-max"].forEach(function (id) { $(id).addEventListener("input", refilter); });
["wt-result", "wt-reason", "wt-size"].forEach(function (id) { $(id).addEventListener("change", refilter); });
$("wt-prev").addEventListener("click", function () { if (S.watch.rows) { S.watch.page--; renderTable(); } });
$("wt-next").addEventListener("click", function () { if (S.watch.rows) { S.watch.page++; renderTable(); } });

// ---------- the metrics of the file's games ----------
// loadMetrics shows the metrics Ludii shows of a game's trials (branching factor,
// game length, first-player advantage), drawn from the file's games by the server,
// with the toolkit's statistics beside them (the first player's score with its
// interval, as colony report gives it, and as Elo).
function loadMetrics(name) {
  var box = $("watch-metrics");
  box.textContent = "counting…";
  api("/api/metrics?" + query({ name: name })).then(function (m) {
    if (S.watch.rowsOf !== name) { return; }
    S.watch.metrics = m;
    renderMetrics(m);
  }).catch(function (err) { box.textContent = err.message; });
}
function pct(x) { return (100 * x).toFixed(1) + "%"; }
function elo(x) { return x === null ? "?" : x === "inf" ? "+∞" : x === "-inf" ? "−∞" : (x >= 0 ? "+" : "−") + Math.abs(x).toFixed(0); }
function renderMetrics(m) {
  var box = $("watch-metrics"), r = m.metrics, L = r.length;
  box.innerHTML = "";
  function line(label, text) { var p = el("p", {}); p.appendChild(el("b", {}, label + ": ")); p.appendChild(document.createTextNode(text)); box.appendChild(p); }
  line("games", fmtInt(m.games));
  line("branching factor", m.branching.toFixed(2) + " legal turns a position on average (most " + m.branchingMax + "), over " + fmtInt(m.positions) + " positions" +
    (m.sampled ? " of the file's first games" : ""));
  line("game length", L.mean.toFixed(1) + " turns on average (sd " + L.sd.toFixed(1) + "; shortest " + L.min + ", 10% " + L.p10 + ", median " + L.p50 + ", 90% " + L.p90 + ", longest " + L.max + ")");
  box.appendChild(histogram(m.lengths));
  line("first-player advantage", m.sides[0] + " (first) wins " + fmtInt(r.first_wins) + ", draws " + fmtInt(r.draws) + ", " + m.sides[1] + " wins " + fmtInt(r.second_wins) +
    ": " + pct(r.first_score) + " wins plus half the draws (as Ludii counts it)");
  var e = m.firstElo;
  line("the toolkit", "the first player's score " + r.first_score.toFixed(3) + ", 95% interval [" + r.first_score_low.toFixed(3) + ", " + r.first_score_high.toFixed(3) +
    "] (Wilson); as Elo " + elo(e.elo) + " [" + elo(e.elo_low) + ", " + elo(e.elo_high) + "]" + (r.forfeits ? "; " + r.forfeits + " forfeits" : "") + (r.tie_breaks ? "; " + r.tie_breaks + " decided by a tie rule" : ""));
}
// histogram draws the games' lengths as bars, a bar a length (grouped by bins when
// there are many).
function histogram(lengths) {
  var W = 420, H = 90, ns = "http://www.w3.org/2000/svg";
  var svg = document.createElementNS(ns, "svg");
  svg.setAttribute("width", W); svg.setAttribute("height", H + 16); svg.setAttribute("aria-label", "the games' lengths");
  if (!lengths.length) { return svg; }
  var lo = lengths[0].turns, hi = lengths[lengths.length - 1].turns, bins = Math.min(60, hi - lo + 1), w = (hi - lo + 1) / bins, counts = [];
  for (var i = 0; i < bins; i++) { counts.push(0); }
  lengths.forEach(function (l) { counts[Math.min(bins - 1, Math.floor((l.turns - lo) / w))] += l.games; });
  var most = Math.max.apply(null, counts), bw = W / bins;
  counts.forEach(function (c, i) {
    var h = most ? c / most * H : 0, rect = document.createElementNS(ns, "rect");
    rect.setAttribute("x", i * bw); rect.setAttribute("y", H - h); rect.setAttribute("width", Math.max(1, bw - 1)); rect.setAttribute("height", h);
    rect.setAttribute("fill", "#6a8caf");
    var tip = document.createElementNS(ns, "title");
    tip.textContent = Math.round(lo + i * w) + (w > 1 ? "–" + Math.round(lo + (i + 1) * w - 1) : "") + " turns: " + c + " games";
    rect.appendChild(tip);
    svg.appendChild(rect);
  });
  [[0, lo], [W, hi]].forEach(function (p, i) {
    var t = document.createElementNS(ns, "text");
    t.setAttribute("x", p[0]); t.setAttribute("y", H + 13); t.setAttribute("font-size", "11"); t.setAttribute("text-anchor", i ? "end" : "start");
    t.textContent = p[1] + " turns";
    svg.appendChild(t);
  });
  return svg;
}
