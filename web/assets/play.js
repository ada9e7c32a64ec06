// The Play view: a game against an engine, undo, hint, flip, save.
import { $, el, api, say, fmtInt } from "./util.js";
import { S } from "./state.js";
import { showBoard, placeEl, markTargets, promptTurn, newJob, endJob, cancelHint, stopAll, playTurn, changedBetween, loadPosition, title } from "./board.js";

export function newGame() {
  var you = Number($("play-side").value);
  S.play = { you: you, player: $("play-player").value.trim() || "ab:depth=4", start: null, pos: null, turns: [], over: false, game: S.game, engines: [] };
  $("engine-line").textContent = "";
  $("path").textContent = "";
  // The old game's board takes no click while the new one loads.
  S.busy = true;
  S.interactive = false;
  $("board").classList.remove("my-turn");
  var game = S.play;
  return loadPosition("").then(function (v) {
    if (S.play !== game) { return; }
    S.busy = false;
    S.play.start = v.position;
    S.play.pos = v.position;
    renderPlayMoves();
    return nextPlay();
  }, function (err) { if (S.play === game) { S.busy = false; } throw err; });
}
export function playAfter(from, mover, p) {
  // The engine's search figures go with its turn (a games file records them).
  var l = S.play.line, info = null;
  if (mover !== S.play.you && l && l.best === p.turn) {
    info = { value: l.value, depth: l.depth, nodes: l.nodes, micros: l.micros };
  }
  S.play.line = null;
  S.play.turns.push({ turn: p.turn, mover: mover, from: from, info: info });
  S.play.pos = p.after.position;
  showBoard(p.after, changedBetween(p));
  title();
  renderPlayMoves();
  return nextPlay();
}
export function nextPlay() {
  var v = S.view;
  if (v.outcome) {
    S.play.over = true;
    say("Game over: " + v.outcome.text + ". Save it, or start a new game.");
    markTargets();
    return Promise.resolve();
  }
  if (v.toMove === S.play.you) { markTargets(); promptTurn(); return Promise.resolve(); }
  return engineTurn();
}
// engineTurn asks the server for the engine's turn and plays it; New game, Undo,
// another engine or leaving the tab stops it (stopAll), the server's search too.
export function engineTurn() {
  var j = newJob("think"), game = S.play;
  S.busy = true;
  markTargets();
  say(S.view.sides[S.view.toMove] + " (" + game.player + ") is thinking…");
  return api("/api/think", { game: S.game, position: S.view.position, player: game.player, seat: S.view.toMove }, j).then(function (l) {
    if (j.cancelled || S.play !== game) { return; }
    endJob(j);
    game.line = l;
    if (game.engines.indexOf(game.player) < 0) { game.engines.push(game.player); }
    $("engine-line").textContent = "engine: " + l.best + "  score " + l.score + "  depth " + l.depth + "  nodes " + fmtInt(l.nodes) +
      "  " + (l.millis / 1000).toFixed(2) + " s\nline: " + l.pv.join(" ");
    return playTurn(l.best);
  }).catch(function (err) {
    if (j.cancelled) { return; }
    endJob(j);
    say("The engine: " + err.message, true);
  });
}
export function renderPlayMoves() {
  var ol = $("play-moves");
  ol.innerHTML = "";
  S.play.turns.forEach(function (t) {
    var li = el("li", {}, t.turn + " ");
    li.appendChild(el("span", { "class": "who" }, S.view.sides[t.mover] + (t.mover === S.play.you ? " (you)" : " (engine)")));
    ol.appendChild(li);
  });
  ol.scrollTop = ol.scrollHeight;
}
// New game and Undo answer at once: the engine's search (on the server too) or
// the animation under way stops.
$("new-game").addEventListener("click", function () { stopAll(); newGame(); });
$("undo").addEventListener("click", function () {
  if (!S.play) { return; }
  var ts = S.play.turns, i = ts.length - 1;
  while (i >= 0 && ts[i].mover !== S.play.you) { i--; }
  if (i < 0) { say("Nothing to undo: you have played no turn yet.", true); return; }
  stopAll();
  var from = ts[i].from;
  S.play.turns = ts.slice(0, i);
  S.play.over = false;
  S.play.pos = from;
  S.play.line = null;
  S.busy = true; // until the position is back
  var game = S.play;
  loadPosition(from).then(function () {
    if (S.play !== game) { return; }
    S.busy = false;
    renderPlayMoves();
    say("Taken back. Your turn.");
    markTargets();
  });
});
// Another engine in the box (Enter, or leaving the box) plays the engine's turns of
// the game from now on: a search under way stops and the new engine thinks.
$("play-player").addEventListener("keydown", function (e) { if (e.key === "Enter") { engineBox(); } });
$("play-player").addEventListener("change", engineBox);
export function engineBox() {
  var p = $("play-player").value.trim();
  if (!S.play || !p || p === S.play.player || S.tab !== "play") { return; }
  S.play.player = p;
  if (S.play.over) { return; }
  if (S.job && S.job.kind === "think") {
    stopAll();
    engineTurn();
  } else {
    say("The engine is now " + p + ".");
  }
}
$("hint").addEventListener("click", function () {
  if (!S.interactive || S.tab !== "play") { return; }
  cancelHint();
  var h = { cancelled: false, ctrl: window.AbortController ? new AbortController() : null, wakes: [] };
  S.hint = h;
  say("Thinking of a hint…");
  var view = S.view;
  api("/api/think", { game: S.game, position: S.view.position, player: S.play.player }, h).then(function (l) {
    if (h.cancelled || S.view !== view) { return; }
    S.hint = null;
    say("Hint: " + l.best + " (score " + l.score + ", line " + l.pv.join(" ") + ")");
    var t = S.view.turns.filter(function (x) { return x.turn === l.best; })[0];
    if (t) { t.clicks.forEach(function (c) { var e = c.place && placeEl(c.place); if (e) { e.classList.add("target"); } }); }
  }).catch(function (err) { if (!h.cancelled) { S.hint = null; say(err.message, true); } });
});
$("flip").addEventListener("click", function () {
  if (S.busy || !S.view) { return; }
  S.flipped = !S.flipped;
  loadPosition(S.view.position).then(function () { markTargets(); promptTurn(); });
});
// Save game: a games file of one game, the engine's search figures with each of
// its turns, that colony replay, export and tournament merge read.
$("save").addEventListener("click", function () {
  if (!S.play) { return; }
  var you = S.play.you, specs = ["", ""], players = ["", ""];
  specs[you] = "human"; specs[1 - you] = S.play.player;
  players[you] = "you"; players[1 - you] = "engine";
  var note = S.play.engines.length > 1 ? " The engine changed during the game (" + S.play.engines.join(", ") + "): the file names the last." : "";
  fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: S.game, players: players, specs: specs, start: S.play.start,
      turns: S.play.turns.map(function (t) { return t.turn; }), info: S.play.turns.map(function (t) { return t.info || null; }) }) })
    .then(function (r) { if (!r.ok) { return r.json().then(function (v) { throw new Error(v.error); }); } return r.blob(); })
    .then(function (blob) {
      var a = el("a", { href: URL.createObjectURL(blob), download: "game.jsonl" });
      document.body.appendChild(a); a.click(); a.remove();
      say("Saved as game.jsonl: read it with colony replay game.jsonl or colony export --html game.jsonl -o game.html." + note);
    }).catch(function (err) { say(err.message, true); });
});
