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
    var t = $("watch-games");
    t.innerHTML = "<tr><th>game</th><th>players</th><th>result</th><th>turns</th><th>reason</th></tr>";
    // By index: a run writes its games as they finish.
    f.games.slice().sort(function (x, y) { return x.index - y.index; }).forEach(function (g) {
      var tr = el("tr", { "class": "clickable", "data-index": g.index });
      [g.index, g.players.join(" - "), g.result, g.turns, g.reason].forEach(function (x) { tr.appendChild(el("td", {}, String(x))); });
      tr.addEventListener("click", function () { openGame(name, g.index, 0); });
      t.appendChild(tr);
    });
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
