// The Colony toolkit's web application: Play, Analyse and Watch over the server's
// JSON API (see package web). No library, nothing fetched from the network. The
// page is ES modules, one a view (play.js, analyse.js with tree.js, watch.js with
// live.js) besides the board (board.js), the tabs and URL (tabs.js), the rules
// dialog (rules.js) and small helpers (util.js), all sharing one state (state.js);
// replay.js, which steps through a recorded game on its move list and graph, is
// the one the page of colony export --html has inline. This module starts it all.
import { $, el, api, query, say } from "./util.js";
import { S, testView } from "./state.js";
import { stopAll, speedText } from "./board.js";
import { step, switchVariation } from "./analyse.js";
import { openFile, openGame, showMove } from "./watch.js";
import { selectTab, readHash } from "./tabs.js";
import { keyStep } from "./replay.js";
import "./rules.js";

$("game").addEventListener("change", function () {
  var g = $("game").value.trim();
  if (!g) { return; }
  api("/api/position?" + query({ game: g })).then(function () {
    stopAll();
    S.game = g;
    S.play = null; S.an = null;
    selectTab(S.tab === "watch" ? "play" : S.tab);
  }).catch(function (err) { say(err.message, true); $("game").value = S.game; });
});

function start() {
  api("/api/config").then(function (c) {
    S.config = c;
    S.game = c.game;
    $("game").value = c.game;
    c.games.forEach(function (g) { $("games").appendChild(el("option", { value: g.name }, g.summary)); });
    c.players.concat(c.engines).forEach(function (p) { $("players").appendChild(el("option", { value: p })); });
    (c.unavailable || []).forEach(function (u) { $("players").appendChild(el("option", { value: u.name, label: "unavailable: " + u.why })); });
    $("play-player").value = c.engines.length ? c.engines[0] : "ab:depth=4";
    speedText();
    var h = readHash();
    if (h.file) {
      S.tab = "watch";
      selectTab("watch");
      openFile(h.file).then(function () { return openGame(h.file, Number(h.game || 0), Number(h.move || 0)); });
      return;
    }
    selectTab(h.tab === "analyse" || h.tab === "watch" ? h.tab : "play");
  }).catch(function (err) { say("The server: " + err.message, true); });
}
window.addEventListener("hashchange", function () {
  var h = readHash();
  if (h.file && S.watch.game && h.file === S.watch.file && Number(h.game) === S.watch.index && Number(h.move) !== S.watch.move) { showMove(Number(h.move)); }
});

// The keys: Watch steps through its open game as the page of colony export --html
// does (replay.js); Analyse through its tree, left and right along the line, up and
// down to the variation above or below at the nearest branch point.
document.addEventListener("keydown", function (e) {
  if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") { return; }
  if (S.tab === "watch" && S.watch.game) {
    var k = keyStep(e.key, S.watch.move, S.watch.game.positions.length - 1);
    if (k !== undefined) { showMove(k); e.preventDefault(); }
    return;
  }
  if (S.tab !== "analyse" || !S.an) { return; }
  var d = e.key === "ArrowRight" || e.key === "ArrowDown" ? 1 : e.key === "ArrowLeft" || e.key === "ArrowUp" ? -1 : 0;
  if (!d) { return; }
  if (e.key === "ArrowUp" || e.key === "ArrowDown") { switchVariation(d); } else { step(d); }
  e.preventDefault();
});

// For the browser tests and a person debugging in the console: the state, to read
// (window.colonyApp; writing to it is refused).
window.colonyApp = testView;
start();
