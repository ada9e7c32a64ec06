// The Play view: a game against an engine, undo, hint, flip, save; clocks,
// resign, a draw offered, abort; an engine against another, watched at a pace.
import { $, el, api, say, fmtInt, jobSleep } from "./util.js";
import { S } from "./state.js";
import { showBoard, placeEl, markTargets, promptTurn, newJob, endJob, cancelHint, stopAll, playTurn, changedBetween, loadPosition, title } from "./board.js";

// newGame starts a game against the engine, or, with duel (the two sides' specs,
// the first player's first), a game of two engines watched at the pace set.
export function newGame(duel) {
  var you = duel ? -1 : Number($("play-side").value);
  var clock = clockSettings();
  if (clock === false) { return Promise.resolve(); }
  S.play = { you: you, player: $("play-player").value.trim() || "ab:depth=4", duel: duel || null, start: null, pos: null, turns: [], over: false,
    end: null, aborted: false, game: S.game, engines: [], clock: clock, lastPoints: [null, null] };
  showClocks();
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
  if (S.play.clock && S.play.clock.running === mover && !stopClock(S.play)) { return Promise.resolve(); }
  S.play.turns.push({ turn: p.turn, mover: mover, from: from, info: info });
  S.play.pos = p.after.position;
  showBoard(p.after, changedBetween(p));
  title();
  renderPlayMoves();
  return nextPlay();
}
export function nextPlay() {
  var v = S.view, game = S.play;
  if (game.end || game.aborted || game.stopped) { game.over = true; markTargets(); say(endText(game)); return Promise.resolve(); }
  if (v.outcome) {
    game.over = true;
    if (game.clock) { game.clock.running = -1; showClocks(); }
    say("Game over: " + v.outcome.text + ". Save it, or start a new game.");
    markTargets();
    return Promise.resolve();
  }
  if (v.toMove === game.you) {
    if (game.clock && game.clock.running !== game.you) { startClock(game, game.you); }
    markTargets(); promptTurn(); return Promise.resolve();
  }
  return engineTurn();
}
// engineTurn asks the server for the engine's turn and plays it; New game, Undo,
// another engine or leaving the tab stops it (stopAll), the server's search too.
// With a clock, the engine's search is limited to its share of its clock, as the
// tournament runner limits it (the server computes it: /api/think's clock), and
// its clock runs from the question to the answer.
export function engineTurn() {
  var j = newJob("think"), game = S.play, seat = S.view.toMove, position = S.view.position;
  var spec = game.duel ? game.duel[seat] : game.player, c = game.clock;
  S.busy = true;
  markTargets();
  var pace = game.duel ? Math.max(0, Number($("duel-pace").value) || 0) : 0;
  return jobSleep(j, pace).then(function () {
    say(S.view.sides[seat] + " (" + spec + ") is thinking…");
    var req = { game: S.game, position: position, player: spec, seat: seat };
    if (c) {
      req.clock = c.mode === "move" ? { moveMillis: c.time } : { leftMillis: Math.max(1, Math.round(c.left[seat])), incMillis: c.inc };
      startClock(game, seat);
    }
    return api("/api/think", req, j);
  }).then(function (l) {
    if (j.cancelled || S.play !== game) { return; }
    if (c && !stopClock(game)) { return; } // its flag fell
    endJob(j);
    game.line = l;
    game.lastPoints[seat] = l.points;
    if (!game.duel && game.engines.indexOf(game.player) < 0) { game.engines.push(game.player); }
    $("engine-line").textContent = (game.duel ? spec : "engine") + ": " + l.best + "  score " + l.score + "  depth " + l.depth + "  nodes " + fmtInt(l.nodes) +
      "  " + (l.millis / 1000).toFixed(2) + " s\nline: " + l.pv.join(" ");
    return playTurn(l.best);
  }).catch(function (err) {
    if (j.cancelled || S.play !== game) { return; }
    endJob(j);
    say("The engine (" + spec + "): " + err.message, true);
  });
}
export function renderPlayMoves() {
  var ol = $("play-moves");
  ol.innerHTML = "";
  S.play.turns.forEach(function (t) {
    var li = el("li", {}, t.turn + " ");
    li.appendChild(el("span", { "class": "who" }, S.view.sides[t.mover] + (t.mover === S.play.you ? " (you)" : S.play.duel ? " (" + S.play.duel[t.mover] + ")" : " (engine)")));
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
  if (S.play.end || S.play.aborted) { say("The game is over (" + endText(S.play) + "): start a new game.", true); return; }
  stopAll();
  var from = ts[i].from;
  S.play.turns = ts.slice(0, i);
  S.play.over = false;
  if (S.play.clock) { S.play.clock.running = -1; }
  S.play.pos = from;
  S.play.line = null;
  S.busy = true; // until the position is back
  var game = S.play;
  loadPosition(from).then(function () {
    if (S.play !== game) { return; }
    S.busy = false;
    renderPlayMoves();
    if (game.clock) { startClock(game, game.you); }
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
  if (!S.play || S.play.duel || !p || p === S.play.player || S.tab !== "play") { return; }
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
  if (S.play.aborted) { say("An aborted game is not saved: it has no result.", true); return; }
  var you = S.play.you, specs = ["", ""], players = ["", ""];
  if (S.play.duel) {
    specs = S.play.duel.slice();
    players = specs[0] === specs[1] ? ["first", "second"] : specs.slice();
  } else {
    specs[you] = "human"; specs[1 - you] = S.play.player;
    players[you] = "you"; players[1 - you] = "engine";
  }
  var end = S.play.end ? { winner: S.play.end.winner, reason: S.play.end.reason } : undefined;
  var note = S.play.engines.length > 1 ? " The engine changed during the game (" + S.play.engines.join(", ") + "): the file names the last." : "";
  fetch("/api/record", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ game: S.game, players: players, specs: specs, start: S.play.start,
      turns: S.play.turns.map(function (t) { return t.turn; }), info: S.play.turns.map(function (t) { return t.info || null; }), end: end }) })
    .then(function (r) { if (!r.ok) { return r.json().then(function (v) { throw new Error(v.error); }); } return r.blob(); })
    .then(function (blob) {
      var a = el("a", { href: URL.createObjectURL(blob), download: "game.jsonl" });
      document.body.appendChild(a); a.click(); a.remove();
      say("Saved as game.jsonl: read it with colony replay game.jsonl or colony export --html game.jsonl -o game.html." + note);
    }).catch(function (err) { say(err.message, true); });
});

// ---------- the clocks ----------
// A clock is {mode: "move" or "game", time and inc (ms), left: each side's ms,
// running: the side whose clock runs (-1: none), last: when it was last read}.
// The person's clock runs on their turn (not while their turn, once played, is
// animated); the engine's from the question to the answer. A flag falls at 0, an
// engine's past a margin of FLAG_MARGIN ms (its request's time on the wire, as a
// tournament runner takes a margin); leaving the Play tab stops the clock.
var FLAG_MARGIN = 300;

// clockSettings reads the clock chosen for a new game: null for none, false for a
// setting that is wrong (said).
function clockSettings() {
  var mode = $("play-clock").value;
  if (!mode) { return null; }
  var t = Math.round(Number($("play-time").value) * 1000), inc = Math.round(Number($("play-inc").value || 0) * 1000);
  if (!(t >= 100 && t <= 86400000)) { say("clock: the time must be from 0.1 to 86400 seconds, not " + $("play-time").value, true); return false; }
  if (!(inc >= 0 && inc <= 3600000)) { say("clock: the increment must be from 0 to 3600 seconds, not " + $("play-inc").value, true); return false; }
  return { mode: mode, time: t, inc: mode === "game" ? inc : 0, left: [t, t], running: -1, last: 0, flag: -1 };
}
function startClock(game, seat) {
  var c = game.clock;
  if (!c || game.over) { return; }
  if (c.mode === "move") { c.left[seat] = c.time; }
  c.running = seat;
  c.last = performance.now();
  showClocks();
}
// stopClock ends the turn of the side whose clock runs: its time counted, its
// increment added; false when its flag fell.
function stopClock(game) {
  var c = game.clock;
  if (!c || c.running < 0) { return !game.over; }
  tick();
  if (game.over) { return false; }
  var seat = c.running;
  c.running = -1;
  if (c.mode === "game") { c.left[seat] += c.inc; }
  showClocks();
  return true;
}
function tick() {
  var game = S.play;
  if (!game || !game.clock) { return; }
  var c = game.clock, now = performance.now();
  if (c.running >= 0 && !game.over) {
    var human = c.running === game.you;
    if (S.tab === "play" && !(human && S.job && S.job.kind === "play")) { c.left[c.running] -= now - c.last; }
    if (c.left[c.running] < (human ? 0 : -FLAG_MARGIN)) { flag(game, c.running); }
  }
  c.last = now;
  showClocks();
}
setInterval(tick, 100);
function flag(game, seat) {
  var sides = S.view.sides;
  game.clock.flag = seat;
  endGame(game, { winner: 1 - seat, reason: "time forfeit", text: sides[seat] + "'s flag fell: " + sides[1 - seat] + " wins on time" });
}
function fmtClock(ms) {
  var t = Math.max(0, ms), m = Math.floor(t / 60000), sec = (t % 60000) / 1000;
  return m + ":" + (sec < 10 ? "0" : "") + (t < 10000 ? sec.toFixed(1) : Math.floor(sec));
}
export function showClocks() {
  var game = S.play, c = game && game.clock;
  $("clocks").hidden = !c;
  if (!c) { return; }
  var sides = S.view ? S.view.sides : ["first", "second"];
  [0, 1].forEach(function (i) {
    var e = $("clock-" + i), who = i === game.you ? " (you)" : game.you < 0 ? "" : " (engine)";
    e.textContent = sides[i] + who + " " + fmtClock(c.left[i]);
    e.classList.toggle("running", c.running === i);
    e.classList.toggle("low", c.left[i] < 10000);
    e.classList.toggle("flag", c.flag === i);
  });
}

// ---------- the ends of a game the rules do not make ----------
// endGame ends the game with end ({winner, reason, text}): what Save game records.
function endGame(game, end) {
  stopAll();
  game.over = true;
  game.end = end;
  if (game.clock) { game.clock.running = -1; }
  S.busy = false;
  markTargets();
  $("choices").innerHTML = "";
  showClocks();
  $("board-title").textContent = S.view.game + " — " + end.text;
  say(endText(game));
}
function endText(game) {
  if (game.aborted) { return "Game aborted: it has no result and is not saved. Start a new game."; }
  if (game.stopped) { return "Stopped after " + game.turns.length + " turns: Save game saves it unfinished."; }
  if (game.end) { return "Game over: " + game.end.text + ". Save it, or start a new game."; }
  return "";
}
function mine() {
  var g = S.play;
  if (!g || g.over || g.you < 0 || S.tab !== "play") { say("No game of yours is under way.", true); return null; }
  return g;
}
$("resign").addEventListener("click", function () {
  var g = mine();
  if (!g) { return; }
  var sides = S.view.sides;
  endGame(g, { winner: 1 - g.you, reason: "resigned", text: sides[g.you] + " (you) resigned: " + sides[1 - g.you] + " wins" });
});
// hasDraws says whether the game can end level: The Colony's tie rule (R9) decides
// equal points, every mancala of the catalog can end in a draw.
function hasDraws(game) { return !/^colony/.test(game); }
// A draw offered: the engine accepts when the score of its last search (its own
// view, in points) is within DRAW_BAND of level, and declines before it searched.
var DRAW_BAND = 0.5;
$("offer-draw").addEventListener("click", function () {
  var g = mine();
  if (!g) { return; }
  if (!hasDraws(g.game)) { say("The Colony has no draws: its tie rule (R9) decides equal points.", true); return; }
  var p = g.lastPoints[1 - g.you];
  if (p === null) { say("The engine declines: it has not searched this game yet.", true); return; }
  if (Math.abs(p) <= DRAW_BAND) {
    endGame(g, { winner: -1, reason: "draw agreed", text: "draw agreed (the engine's score " + p.toFixed(2) + ")" });
    return;
  }
  say("The engine declines the draw: its last score is " + (p > 0 ? "+" : "") + p.toFixed(2) + " for itself (it accepts within " + DRAW_BAND + " of level).", true);
});
$("abort").addEventListener("click", function () {
  var g = S.play;
  if (!g || g.over) { say("No game is under way.", true); return; }
  stopAll();
  g.over = true;
  g.aborted = true;
  if (g.clock) { g.clock.running = -1; }
  S.busy = false;
  markTargets();
  $("choices").innerHTML = "";
  showClocks();
  say(endText(g));
});

// ---------- an engine against another ----------
$("duel-start").addEventListener("click", function () {
  var a = $("duel-first").value.trim(), b = $("duel-second").value.trim();
  if (!a || !b) { say("Engine against engine: name both engines.", true); return; }
  stopAll();
  newGame([a, b]).catch(function (err) { say(err.message, true); });
});
$("duel-stop").addEventListener("click", function () {
  var g = S.play;
  if (!g || !g.duel || g.over) { say("No engine game is under way.", true); return; }
  stopAll();
  g.over = true;
  g.stopped = true;
  if (g.clock) { g.clock.running = -1; }
  S.busy = false;
  markTargets();
  showClocks();
  say(endText(g));
});
