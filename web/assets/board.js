// The board: the position shown, the turn being chosen on it by clicks, the
// animation of a turn's marks, and a turn played (the work under way, a job).
import { $, el, svgEl, api, query, Cancelled, jobSleep, say } from "./util.js";
import { S } from "./state.js";
import { playAfter } from "./play.js";
import { analyseAfter } from "./analyse.js";

// placeName returns the name of a place on the board as the server sends it
// (PositionView.names: the notation's name, "c" for "pit-south-c").
export function placeName(id) { return (S.view && S.view.names && S.view.names[id]) || id; }

// showBoard draws a position view; the places that start a legal turn are marked
// playable when the board takes clicks.
export function showBoard(v, changed) {
  S.view = v;
  var b = $("board");
  b.innerHTML = v.svg || "<p>(this game has no picture)</p><pre>" + escapeHTML(v.text) + "</pre>";
  var svg = b.querySelector("svg");
  if (svg) {
    svg.removeAttribute("width");
    svg.removeAttribute("height");
  }
  (changed || []).forEach(function (id) { var e = placeEl(id); if (e) { e.classList.add("changed"); } });
  S.clicks = [];
  S.shown = 0;
  markTargets();
  $("choices").innerHTML = "";
}
export function escapeHTML(s) { return String(s).replace(/[&<>]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;" }[c]; }); }
export function placeEl(id) {
  var svg = $("board").querySelector("svg");
  return svg ? svg.querySelector('[id="' + id + '"]') : null;
}
export function centre(e) { var bb = e.getBBox(); return { x: bb.x + bb.width / 2, y: bb.y + bb.height / 2 }; }
// countOf finds the text that shows the count of a place: the number drawn inside
// its shape, the largest if several.
export function countOf(id) {
  var p = placeEl(id);
  if (!p) { return null; }
  var bb = p.getBBox(), best = null, size = 0;
  p.ownerSVGElement.querySelectorAll("text").forEach(function (t) {
    if (!/^\s*\d+\s*$/.test(t.textContent)) { return; }
    var x = parseFloat(t.getAttribute("x")), y = parseFloat(t.getAttribute("y"));
    var fs = parseFloat(t.getAttribute("font-size") || "10");
    if (x >= bb.x && x <= bb.x + bb.width && y >= bb.y && y <= bb.y + bb.height + 2 && fs > size) { best = t; size = fs; }
  });
  return best;
}

// The turn the person is choosing: S.clicks are the clicks so far.
export function myTurnNow() {
  if (!S.view || S.view.outcome || S.busy) { return false; }
  if (S.tab === "play") { return S.play && !S.play.over && S.view.toMove === S.play.you; }
  return S.tab === "analyse";
}
export function openTurns() {
  var n = S.clicks.length;
  return S.view.turns.filter(function (t) {
    if (t.clicks.length < n) { return false; }
    for (var i = 0; i < n; i++) {
      var c = t.clicks[i], k = S.clicks[i];
      if (c.place ? c.place !== k.place : c.text !== k.text) { return false; }
    }
    return true;
  });
}
export function markTargets() {
  var b = $("board");
  b.querySelectorAll(".target,.playable,.chosen").forEach(function (e) { e.classList.remove("target", "playable", "chosen"); });
  S.interactive = myTurnNow();
  b.classList.toggle("my-turn", S.interactive);
  if (!S.view) { return; }
  var n = S.clicks.length, open = openTurns();
  S.clicks.forEach(function (c) { var e = c.place && placeEl(c.place); if (e) { e.classList.add("chosen"); } });
  open.forEach(function (t) {
    var c = t.clicks[n];
    if (c && c.place) { var e = placeEl(c.place); if (e) { e.classList.add(n === 0 ? "playable" : "target"); } }
  });
  var ch = $("choices");
  ch.innerHTML = "";
  if (!S.interactive || n === 0) { return; }
  var seen = {};
  open.forEach(function (t) {
    var c = t.clicks[n];
    if (!c) {
      addChoice(endTurnLabel(open, n), function () { playTurn(t.turn); });
    } else if (!c.place && !seen[c.text]) {
      seen[c.text] = true;
      addChoice(choiceLabel(c.text), function () { choose(c); });
    }
  });
  if (n >= 2) { addChoice("Undo decision", undoDecision); }
  addChoice("Cancel", cancelChoice);
}
export function addChoice(label, f) { var b = el("button", { type: "button" }, label); b.addEventListener("click", f); $("choices").appendChild(b); }
export function endTurnLabel(open, n) {
  var ant = open.some(function (t) { return t.clicks[n] && t.clicks[n].kind === "ant-from"; });
  return ant ? "End the turn (no ant move)" : "End the turn here";
}
export function choiceLabel(text) {
  if (text === "<") { return "Sow the other way (<)"; }
  return "Choose " + text;
}
// promptTurn says what the person can do now.
export function promptTurn() {
  if (!S.view) { return; }
  if (S.view.outcome) { say("Game over: " + S.view.outcome.text); return; }
  if (!S.interactive) { return; }
  var n = S.clicks.length, open = openTurns(), kinds = {};
  open.forEach(function (t) { if (t.clicks[n]) { kinds[t.clicks[n].kind] = true; } });
  var mover = S.view.sides[S.view.toMove];
  if (n === 0) {
    if (S.view.turns.length === 1 && S.view.turns[0].clicks.length === 0) {
      say(mover + " has no turn but to pass.");
      $("choices").innerHTML = "";
      addChoice("Pass", function () { playTurn(S.view.turns[0].turn); });
      return;
    }
    say(mover + " to move: click a highlighted " + (S.view.svg.indexOf('id="log-') >= 0 ? "log" : "pit") + " to sow from it.");
    return;
  }
  var parts = [];
  if (kinds.direction) { parts.push("the eggs reach a fork: click the log they go on to (dashed outline)"); }
  if (kinds["ant-from"]) { parts.push("you may move an ant: click it, then the log it goes to"); }
  if (kinds["ant-to"]) { parts.push("click the log the ant goes to (dashed outline)"); }
  if (kinds.choice) { parts.push("choose below"); }
  say("Chosen: " + S.clicks.map(function (c) { return c.text; }).join("") + ". " + (parts.join("; ") || "choose below") + ".");
}
export function choose(c) {
  S.clicks.push(c);
  var open = openTurns(), n = S.clicks.length;
  var longer = open.filter(function (t) { return t.clicks.length > n; });
  var done = open.filter(function (t) { return t.clicks.length === n; });
  if (longer.length === 0 && done.length === 1) { playTurn(done[0].turn); return; }
  showChosen(open);
}
$("board").addEventListener("click", function (e) {
  if (!S.interactive) { return; }
  var t = e.target.closest("[id]");
  while (t && !/^(log|pit|store)-/.test(t.id)) { t = t.parentElement && t.parentElement.closest("[id]"); }
  if (!t) {
    // A click on a count or a name: the place whose shape holds it.
    t = placeAt(e);
    if (!t) { return; }
  }
  var n = S.clicks.length;
  var match = openTurns().filter(function (x) { return x.clicks[n] && x.clicks[n].place === t.id; });
  if (match.length === 0) {
    var ids = S.clicks.map(function (c) { return c.place || c.text; }).concat([t.id]);
    api("/api/explain", { game: S.game, position: S.view.position, clicks: ids, flip: S.flipped })
      .then(function (r) { say(r.message, true); })
      .catch(function (err) { say(err.message, true); });
    return;
  }
  choose(match[0].clicks[n]);
});
// placeAt returns the place whose shape holds the point of a mouse event.
export function placeAt(e) {
  var svg = $("board").querySelector("svg");
  if (!svg) { return null; }
  var pt = svg.createSVGPoint();
  pt.x = e.clientX; pt.y = e.clientY;
  var p = pt.matrixTransform(svg.getScreenCTM().inverse()), found = null;
  svg.querySelectorAll("[id^=log-],[id^=pit-],[id^=store-]").forEach(function (s) {
    var bb = s.getBBox();
    if (p.x >= bb.x && p.x <= bb.x + bb.width && p.y >= bb.y && p.y <= bb.y + bb.height) { found = s; }
  });
  return found;
}

// ---------- animation ----------
// A job is the work under way on the board: an engine's search, a turn's request
// and its animation. newJob cancels the one before it; cancelJob stops it at once:
// its request is aborted (the server's search ends with the request), its waits
// end, and its promise chain goes no further (it rejects with Cancelled).
export function newJob(kind) {
  cancelJob();
  var j = { kind: kind, cancelled: false, ctrl: window.AbortController ? new AbortController() : null, wakes: [] };
  S.job = j;
  return j;
}
export function cancelJob() {
  var j = S.job;
  S.job = null;
  S.busy = false;
  if (!j) { return; }
  j.cancelled = true;
  if (j.ctrl) { j.ctrl.abort(); }
  j.wakes.splice(0).forEach(function (w) { w(); });
}
// endJob ends the job j, done, unless another took its place.
export function endJob(j) { if (S.job === j) { S.job = null; S.busy = false; } }
// cancelHint stops the hint's search.
export function cancelHint() { if (S.hint) { S.hint.cancelled = true; if (S.hint.ctrl) { S.hint.ctrl.abort(); } S.hint = null; } }
// stopAll stops what the board is doing (a control that replaces it was used).
export function stopAll() { cancelJob(); cancelHint(); S.skip = false; }
export function delay() { return S.skip ? 0 : Number($("speed").value); }
// decisionMarks returns the marks of the decisions from, ..., to-1 of a played turn.
export function decisionMarks(play, from, to) {
  var ds = play.decisions || [], marks = play.marks || [], start = 0, end = 0;
  if (!ds.length) { return from === 0 ? marks : []; }
  for (var i = 0; i < ds.length && i < to; i++) {
    if (i < from) { start += ds[i].marks; }
    end += ds[i].marks;
  }
  return marks.slice(start, end);
}
// animate shows the decisions from, ..., to-1 of a turn on the board (the position
// before the turn, its decisions before from already shown) step by step: the
// pieces lifted, each drop, the captures, the path drawn as it goes, the last egg
// captured, the ant placed, an ant move as an arrow. label is the turn's text in
// the messages. Without a delay (animation off, or skipped) nothing is shown unless
// always is set: a turn being chosen is shown as far as it goes, whatever the speed.
export function animate(play, job, from, to, always, label) {
  var svg = $("board").querySelector("svg");
  var marks = decisionMarks(play, from, to);
  if (!svg || (!always && delay() === 0)) { return Promise.resolve(); }
  var mover = S.view.sides[S.view.toMove];
  var a = svg.colonyPath;
  if (!a || from === 0) {
    // The last turn's marks (drawn by the server) give way to this turn's.
    svg.querySelectorAll('[class^="path-"]').forEach(function (e) { e.remove(); });
    a = { line: svgEl("polyline", { "class": "path-line", points: "" }), hand: svgEl("text", { "class": "path-hand hand", "font-size": "16" }), pts: [], inHand: 0 };
    svg.appendChild(a.line);
    svg.appendChild(a.hand);
    svg.colonyPath = a;
  }
  function count(id, f) {
    var t = countOf(id);
    if (t) { t.textContent = String(f(parseInt(t.textContent, 10) || 0)); }
  }
  function mark(id, cls) { var e = placeEl(id); if (e) { e.classList.add(cls); } return e; }
  function point(e) {
    var c = centre(e);
    a.pts.push(c.x + "," + c.y);
    a.line.setAttribute("points", a.pts.join(" "));
    a.hand.setAttribute("x", c.x + 14);
    a.hand.setAttribute("y", c.y - 14);
    a.hand.textContent = a.inHand > 0 ? "hand " + a.inHand : "";
  }
  var k = 0;
  function step() {
    if (job.cancelled) { return Promise.reject(Cancelled); }
    if (k >= marks.length) { return Promise.resolve(); }
    var m = marks[k++], e = null, wait = delay(), text;
    if (m.kind === "lift") {
      var t = countOf(m.place);
      a.inHand += t ? (parseInt(t.textContent, 10) || 0) : 0;
      count(m.place, function () { return 0; });
      e = mark(m.place, "lifted");
      text = "takes up the pieces of " + placeName(m.place) + " (" + a.inHand + " in hand)";
    } else if (m.kind === "sow") {
      a.inHand = Math.max(0, a.inHand - 1);
      count(m.place, function (n) { return n + 1; });
      e = mark(m.place, "dropped");
      text = "drops one on " + placeName(m.place) + " (" + a.inHand + " left)";
    } else if (m.kind === "take") {
      var from = countOf(m.place), moved = from ? (parseInt(from.textContent, 10) || 0) : 0;
      count(m.place, function () { return 0; });
      count(m.to, function (n) { return n + moved; });
      mark(m.place, "taken");
      mark(m.to, "taken");
      text = "the pieces of " + placeName(m.place) + " go to " + placeName(m.to);
    } else if (m.kind === "catch") {
      a.inHand = Math.max(0, a.inHand - 1);
      count(m.to, function (n) { return n + 1; });
      e = mark(m.place, "taken");
      mark(m.to, "taken");
      text = "the last egg, landing on " + placeName(m.place) + ", is captured";
      wait *= 3;
    } else if (m.kind === "put") {
      putAnt(svg, m.place, mover);
      text = "an ant of " + mover + " is placed on " + placeName(m.place);
      wait *= 3;
    } else if (m.kind === "walk") {
      walkArrow(svg, m.place, m.to);
      text = "the ant on " + placeName(m.place) + " moves to " + placeName(m.to);
      wait *= 3;
    }
    if (e) { point(e); }
    S.animated++;
    if (text) { say(mover + " plays " + label + ": " + text); }
    return jobSleep(job, wait).then(step);
  }
  return step();
}
// putAnt draws an ant of side on the place, as the board draws one (a red disc R,
// a black square B), marked as placed by the turn.
export function putAnt(svg, id, side) {
  var p = placeEl(id);
  if (!p) { return; }
  var bb = p.getBBox(), x = bb.x + bb.width - 18, y = bb.y + bb.height / 2;
  svg.appendChild(svgEl("circle", { "class": "path-put ant-arrow", cx: x, cy: y, r: 15, "stroke-dasharray": "5 3" }));
  var ant = side === "black" ?
    svgEl("rect", { "class": "path-ant ant ant-black", x: x - 10, y: y - 10, width: 20, height: 20, rx: 2, fill: "#1a1a1a", stroke: "#1a1a1a" }) :
    svgEl("circle", { "class": "path-ant ant ant-red", cx: x, cy: y, r: 11, fill: "#c01c1c", stroke: "#1a1a1a" });
  ant.setAttribute("data-place", id);
  svg.appendChild(ant);
  var letter = svgEl("text", { "class": "path-ant-letter", x: x, y: y + 4, "font-size": "11", "text-anchor": "middle", "font-weight": "bold", fill: "#ffffff" });
  letter.textContent = side === "black" ? "B" : "R";
  svg.appendChild(letter);
  var inHand = antsInHand(svg, side);
  if (inHand) { inHand.textContent = String(Math.max(0, (parseInt(inHand.textContent, 10) || 0) - 1)); }
}
// antsInHand returns the text of the board's table that counts side's ants in
// hand, or null when the board has none.
export function antsInHand(svg, side) {
  var all = function (sel) { return Array.prototype.slice.call(svg.querySelectorAll(sel)); };
  var head = all("text.table-head").filter(function (t) { return t.textContent === "ants in hand"; })[0];
  var row = all("text.player").filter(function (t) { return t.textContent.split(" ")[0] === side; })[0];
  if (!head || !row) { return null; }
  return all("text.table").filter(function (t) { return t.getAttribute("x") === head.getAttribute("x") && t.getAttribute("y") === row.getAttribute("y"); })[0] || null;
}
// walkArrow draws an ant's move from one place to another as an arrow.
export function walkArrow(svg, from, to) {
  var aEl = placeEl(from), bEl = placeEl(to);
  if (!aEl || !bEl) { return; }
  var ca = centre(aEl), cb = centre(bEl);
  if (!svg.querySelector("#ant-head")) {
    var defs = svgEl("defs");
    var marker = svgEl("marker", { id: "ant-head", viewBox: "0 0 10 10", refX: "8", refY: "5", markerWidth: "5", markerHeight: "5", orient: "auto" });
    marker.appendChild(svgEl("path", { d: "M0,0 L10,5 L0,10 z", fill: "#6a1b9a" }));
    defs.appendChild(marker);
    svg.appendChild(defs);
  }
  svg.appendChild(svgEl("line", { "class": "path-walk ant-arrow", x1: ca.x, y1: ca.y, x2: cb.x, y2: cb.y, "marker-end": "url(#ant-head)" }));
}
$("speed").addEventListener("input", speedText);
export function speedText() { var v = Number($("speed").value); $("speed-text").textContent = v === 0 ? "off" : v + " ms a step"; }
$("skip").addEventListener("click", function () { S.skip = true; });

// showChosen shows the turn being chosen (S.clicks, not yet a whole turn) on the
// board as far as the decisions its clicks have made, animated (The Colony's
// sowing up to the fork where a lap's direction is chosen, or up to the ant placed
// before an ant move), then asks for the next decision.
export function showChosen(open) {
  var prefix = S.clicks.map(function (c) { return c.text; }).join("");
  var j = newJob("show");
  S.busy = true;
  S.skip = false;
  markTargets();
  return api("/api/play", { game: S.game, position: S.view.position, turn: open[0].turn, flip: S.flipped, marks: true }, j).then(function (p) {
    var k = 0;
    (p.decisions || []).forEach(function (d, i) { if (d.text.length <= prefix.length && prefix.indexOf(d.text) === 0) { k = i + 1; } });
    if (k <= S.shown) { return; }
    var from = S.shown;
    return animate(p, j, from, k, true, prefix + "…").then(function () { S.shown = k; });
  }).then(function () {
    if (j.cancelled) { throw Cancelled; }
    endJob(j);
    markTargets();
    promptTurn();
  }).catch(function (err) {
    if (j.cancelled) { return; }
    endJob(j);
    say(err.message, true);
    markTargets();
  });
}
// undoDecision takes back the last decision of the turn being chosen: the board
// shows the turn again as far as the decisions before it go.
export function undoDecision() {
  var keep = S.clicks.slice(0, -1);
  cancelJob();
  showBoard(S.view);
  S.clicks = keep;
  showChosen(openTurns());
}
// cancelChoice forgets the clicks of the turn being chosen, and what the board
// shows of it.
export function cancelChoice() {
  cancelJob();
  if (S.shown > 0) { showBoard(S.view); } else { S.clicks = []; markTargets(); }
  promptTurn();
}

// playTurn plays a turn from the board's position: animated (from the decisions
// already shown while it was chosen), then the new position.
export function playTurn(turn) {
  if (S.busy) { return Promise.resolve(); }
  var j = newJob("play"), shown = S.shown;
  S.busy = true;
  S.skip = false;
  S.interactive = false;
  $("choices").innerHTML = "";
  $("board").classList.remove("my-turn");
  $("board").querySelectorAll(".target,.playable").forEach(function (e) { e.classList.remove("target", "playable"); });
  var from = S.view.position, mover = S.view.toMove;
  return api("/api/play", { game: S.game, position: from, turn: turn, flip: S.flipped, marks: true }, j).then(function (p) {
    return animate(p, j, shown, 1e9, false, p.turn).then(function () {
      if (j.cancelled) { throw Cancelled; }
      endJob(j);
      $("path").textContent = p.path ? mover === undefined ? "" : S.view.sides[mover] + " " + p.turn + ": " + p.path : "";
      return afterTurn(from, mover, p);
    });
  }).catch(function (err) {
    if (j.cancelled) { return; }
    endJob(j);
    say(err.message, true);
    markTargets();
  });
}
export function changedBetween(p) {
  var ids = {};
  (p.steps || []).concat(p.marks || []).forEach(function (s) { ids[s.place] = true; if (s.to) { ids[s.to] = true; } });
  return Object.keys(ids);
}
export function afterTurn(from, mover, p) {
  if (S.tab === "play") { return playAfter(from, mover, p); }
  if (S.tab === "analyse") { return analyseAfter(from, p); }
}

// loadPosition shows a position from the server. Only the last request counts: an
// earlier one answered late (New game clicked twice, quick steps back) is dropped,
// its chain never going on.
export function loadPosition(pos) {
  var seq = ++S.loads;
  return api("/api/position?" + query({ game: S.game, position: pos, flip: S.flipped ? "1" : "0" })).then(function (v) {
    if (seq !== S.loads) { return new Promise(function () {}); }
    showBoard(v);
    title();
    return v;
  }).catch(function (err) { say(err.message, true); throw err; });
}
export function title() {
  var v = S.view;
  if (!v) { return; }
  var t = v.game + " — " + v.sides[0] + " " + v.points[0] + ", " + v.sides[1] + " " + v.points[1];
  if (!v.outcome) { t += " — " + v.sides[v.toMove] + " to move"; }
  $("board-title").textContent = t;
}
