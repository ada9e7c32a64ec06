// The tabs (Play, Analyse, Watch) and the URL's fragment.
import { $, query, say } from "./util.js";
import { S } from "./state.js";
import { stopAll, loadPosition } from "./board.js";
import { newGame, nextPlay } from "./play.js";
import { analyseFrom, goTo, stopAnalysis } from "./analyse.js";
import { loadFiles, stopWatching, showMove, watchingLive } from "./watch.js";

export function selectTab(tab) {
  S.tab = tab;
  if (tab !== "watch") { $("live-games").innerHTML = ""; stopWatching(); }
  watchingLive();
  document.querySelectorAll("nav .tab").forEach(function (b) { b.classList.toggle("active", b.getAttribute("data-tab") === tab); });
  ["play", "analyse", "watch"].forEach(function (t) { $(t + "-panel").hidden = t !== tab; });
  if (tab !== "analyse") { stopAnalysis(true); $("evalbar").hidden = true; }
  say("");
  $("choices").innerHTML = "";
  $("path").textContent = "";
  setHash();
  if (tab === "play") { if (S.play && S.play.game === S.game) { loadPosition(S.play.pos).then(function () { nextPlay(); }); } else { newGame(); } }
  if (tab === "analyse") { if (S.an && S.an.game === S.game) { goTo(S.an.at); } else { analyseFrom(S.view && S.view.game === S.game ? S.view.position : "").then(function () { S.an.game = S.game; }); } }
  if (tab === "watch") { loadFiles(); if (S.watch.game) { showMove(S.watch.move); } }
}
export function setHash() {
  var h = "#" + S.tab;
  if (S.tab === "watch" && S.watch.game) { h += "&" + query({ file: S.watch.file, game: S.watch.index, move: S.watch.move }); }
  if (location.hash !== h) { history.replaceState(null, "", h); }
}
export function readHash() {
  var h = location.hash.replace(/^#/, ""), out = {};
  h.split("&").forEach(function (kv, i) {
    var p = kv.split("=");
    if (i === 0 && p.length === 1) { out.tab = p[0]; } else if (p[0]) { out[decodeURIComponent(p[0])] = decodeURIComponent(p[1] || ""); }
  });
  return out;
}
document.querySelectorAll("nav .tab").forEach(function (b) {
  b.addEventListener("click", function () {
    var tab = b.getAttribute("data-tab");
    if (S.busy && tab === S.tab) { return; }
    stopAll(); // leaving the tab stops its engine's turn and its animation
    selectTab(tab);
  });
});
