// The live view of Watch: a snapshot of the tournament running in the results
// directory, its standings, its SPRT's graph, and the games in flight.
import { $, el, svgEl, fmtInt } from "./util.js";
import { S } from "./state.js";
import { analyseFrom } from "./analyse.js";
import { selectTab } from "./tabs.js";

// The live view: snapshots of the tournament running in the results directory
// (see followLive).
export function renderLive(v) {
  $("live").hidden = false;
  var state = { running: "running", finished: "finished", stopped: "stopped (interrupted; --resume continues it)", stale: "not running (killed? --resume continues it)", waiting: "waiting for the games file", unknown: "no live file" }[v.state] || v.state;
  $("live-title").textContent = v.file + (v.title ? ": " + v.title : "") + " — " + state + (v.restarts ? " — the games file was replaced or cut " + v.restarts + " time(s) and read again" : "");
  var p = v.progress;
  var pct = p.scheduled ? Math.round(100 * p.finished / p.scheduled) : 0;
  $("live-progress").innerHTML = "";
  var bar = el("div", { "class": "bar" }), fill = el("div");
  fill.style.width = pct + "%";
  bar.appendChild(fill);
  $("live-progress").appendChild(el("div", { id: "live-count" }, fmtInt(p.finished) + " of " + fmtInt(p.scheduled) + " games (" + pct + "%)" +
    (p.elapsed ? ", " + p.elapsed + (v.state === "running" ? " so far" : "") : "") + (p.left && v.state === "running" ? ", about " + p.left + " left" : "")));
  $("live-progress").appendChild(bar);
  if (v.error) { $("live-progress").appendChild(el("div", { "class": "caption" }, "reading the files: " + v.error)); }
  var t = $("live-standings");
  t.innerHTML = "<tr><th>player</th><th>games</th><th>W</th><th>D</th><th>L</th><th>points</th><th>Elo</th><th>95% interval</th></tr>";
  v.standings.forEach(function (r) {
    var tr = el("tr");
    [r.name, r.games, r.wins, r.draws, r.losses, r.points, r.elo, r.interval].forEach(function (x) { tr.appendChild(el("td", {}, String(x))); });
    t.appendChild(tr);
  });
  renderSPRT(v.sprt);
  $("live-recent").textContent = v.recent.length ? "last finished: " + v.recent.slice(0, 5).map(function (g) {
    return "game " + g.index + " " + g.players.join("-") + " " + g.result;
  }).join(", ") : "";
  var box = $("live-games");
  if (S.tab !== "watch") { box.innerHTML = ""; return; }
  box.innerHTML = "";
  v.games.forEach(function (g) {
    var d = el("div", { "class": "live-game", title: "click to analyse this position" });
    d.appendChild(el("div", {}, "game " + g.index + ": " + g.players.join(" - ") + ", " + g.turns + " turns" + (g.last ? ", last " + g.last : "")));
    var b = el("div");
    b.innerHTML = g.svg || "";
    d.appendChild(b);
    d.addEventListener("click", function () {
      S.game = v.game;
      $("game").value = v.game;
      S.an = null;
      selectTab("analyse");
      analyseFrom(g.position).then(function () { S.an.game = S.game; });
    });
    box.appendChild(d);
  });
}
export function renderSPRT(sp) {
  var box = $("live-sprt");
  box.innerHTML = "";
  if (!sp) { return; }
  box.appendChild(el("div", { id: "live-llr" }, "SPRT " + sp.test + ": LLR " + sp.llr.toFixed(2) + " in [" + sp.lower.toFixed(2) + ", " + sp.upper.toFixed(2) + "] after " + sp.pairs + " pairs — " + sp.verdict));
  var hist = sp.history || [];
  var W = 440, H = 130, L = 34, R = 8, T = 8, B = 18;
  var lo = Math.min(sp.lower, Math.min.apply(null, hist.concat([0]))), hi = Math.max(sp.upper, Math.max.apply(null, hist.concat([0])));
  function x(i) { return L + (W - L - R) * (hist.length < 2 ? 0 : i / (hist.length - 1)); }
  function y(v) { return T + (H - T - B) * (hi - v) / (hi - lo || 1); }
  var svg = svgEl("svg", { "class": "graph", viewBox: "0 0 " + W + " " + H });
  [[sp.upper, "#2e7d32"], [sp.lower, "#b3261e"], [0, "#999"]].forEach(function (b) {
    svg.appendChild(svgEl("line", { x1: L, x2: W - R, y1: y(b[0]), y2: y(b[0]), stroke: b[1], "stroke-dasharray": b[0] ? "5 3" : "" }));
    var t = svgEl("text", { x: L - 3, y: y(b[0]) + 3, "font-size": "9", "text-anchor": "end", fill: b[1] }); t.textContent = b[0].toFixed(2); svg.appendChild(t);
  });
  if (hist.length) { svg.appendChild(svgEl("polyline", { points: hist.map(function (v, i) { return x(i) + "," + y(v); }).join(" "), fill: "none", stroke: "#3a5a8a", "stroke-width": "2" })); }
  var t = svgEl("text", { x: (L + W) / 2, y: H - 4, "font-size": "10", "text-anchor": "middle", fill: "#555" }); t.textContent = "LLR over the pairs played"; svg.appendChild(t);
  box.appendChild(svg);
}
