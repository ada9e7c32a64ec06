// The Colony toolkit's web application: Play, Analyse and Watch over the server's
// JSON API (see package web). No library, nothing fetched from the network. An ES
// module: replay.js, which steps through a recorded game and marks it on its move
// list and graph, is the one the page of colony export --html has inline.
import { clamp, keyStep, markMoves, markGraph, onPick } from "./replay.js";

(function () {
  "use strict";

  // ---------- small helpers ----------
  var $ = function (id) { return document.getElementById(id); };
  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) { e.setAttribute(k, attrs[k]); }
    if (text !== undefined) { e.textContent = text; }
    return e;
  }
  function svgEl(tag, attrs) {
    var e = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (var k in attrs || {}) { e.setAttribute(k, attrs[k]); }
    return e;
  }
  // api asks the server; with a job (see newJob), cancelling the job aborts the
  // request (the server's search stops with it).
  function api(path, body, job) {
    var opts = body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) };
    if (job && job.ctrl) { opts.signal = job.ctrl.signal; }
    return fetch(path, opts).then(function (r) {
      return r.json().then(function (v) {
        if (!r.ok) { throw new Error(v.error || r.statusText); }
        return v;
      });
    });
  }
  function query(params) {
    return Object.keys(params).map(function (k) { return encodeURIComponent(k) + "=" + encodeURIComponent(params[k]); }).join("&");
  }
  function sleep(ms) { return new Promise(function (res) { setTimeout(res, ms); }); }
  // Cancelled is the error of a job's promise chain once the job is cancelled.
  var Cancelled = new Error("cancelled");
  // jobSleep waits ms, or ends at once (rejecting with Cancelled) when the job is
  // cancelled.
  function jobSleep(job, ms) {
    if (job.cancelled) { return Promise.reject(Cancelled); }
    if (ms <= 0) { return Promise.resolve(); }
    return new Promise(function (res, rej) {
      var wake = function () { clearTimeout(t); rej(Cancelled); };
      var t = setTimeout(function () { job.wakes = job.wakes.filter(function (w) { return w !== wake; }); res(); }, ms);
      job.wakes.push(wake);
    });
  }
  function say(text, isError) {
    var m = $("message");
    m.textContent = text;
    m.classList.toggle("error", !!isError);
  }
  // placeName returns the name of a place on the board as the server sends it
  // (PositionView.names: the notation's name, "c" for "pit-south-c").
  function placeName(id) { return (S.view && S.view.names && S.view.names[id]) || id; }
  function fmtInt(n) { return Number(n).toLocaleString("en-US"); }
  function fmtNPS(n) { return n >= 1e6 ? (n / 1e6).toFixed(2) + " M/s" : n >= 1e3 ? (n / 1e3).toFixed(1) + " k/s" : n + "/s"; }

  // ---------- state ----------
  var S = {
    config: null,
    tab: "play",
    game: "colony",
    view: null,        // the PositionView on the board
    flipped: false,
    busy: false,       // an animation or an engine's turn is under way
    job: null,         // the work under way on the board (see newJob)
    hint: null,        // the hint's search, a job of its own
    shown: 0,          // the decisions of the turn being chosen shown on the board
    skip: false,       // the running animation is to end at once
    animated: 0,       // the steps of sowings animated so far
    loads: 0,          // the positions asked of the server so far (see loadPosition)
    clicks: [],        // the clicks of the turn being chosen
    interactive: false,
    play: null,        // {you, player, start, turns: [{turn, mover, from}], over}
    an: null,          // {history: [positions], turns: [turn texts], at, lines: {pos: [...]}}
    es: null,          // the analysis's EventSource
    // Watch: the open game (its file, index, move), the file whose games the table
    // lists, the listing, and the live view's stream, file and run's state.
    watch: { file: null, game: null, move: 0, table: null, files: null, timer: null,
      live: null, liveFile: null, liveChoice: null, liveState: null }
  };

  // ---------- the board ----------
  // showBoard draws a position view; the places that start a legal turn are marked
  // playable when the board takes clicks.
  function showBoard(v, changed) {
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
  function escapeHTML(s) { return String(s).replace(/[&<>]/g, function (c) { return { "&": "&amp;", "<": "&lt;", ">": "&gt;" }[c]; }); }
  function placeEl(id) {
    var svg = $("board").querySelector("svg");
    return svg ? svg.querySelector('[id="' + id + '"]') : null;
  }
  function centre(e) { var bb = e.getBBox(); return { x: bb.x + bb.width / 2, y: bb.y + bb.height / 2 }; }
  // countOf finds the text that shows the count of a place: the number drawn inside
  // its shape, the largest if several.
  function countOf(id) {
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
  function myTurnNow() {
    if (!S.view || S.view.outcome || S.busy) { return false; }
    if (S.tab === "play") { return S.play && !S.play.over && S.view.toMove === S.play.you; }
    return S.tab === "analyse";
  }
  function openTurns() {
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
  function markTargets() {
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
    addChoice("Cancel", cancelChoice);
  }
  function addChoice(label, f) { var b = el("button", { type: "button" }, label); b.addEventListener("click", f); $("choices").appendChild(b); }
  function endTurnLabel(open, n) {
    var ant = open.some(function (t) { return t.clicks[n] && t.clicks[n].kind === "ant-from"; });
    return ant ? "End the turn (no ant move)" : "End the turn here";
  }
  function choiceLabel(text) {
    if (text === "<") { return "Sow the other way (<)"; }
    return "Choose " + text;
  }
  // promptTurn says what the person can do now.
  function promptTurn() {
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
  function choose(c) {
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
  function placeAt(e) {
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
  function newJob(kind) {
    cancelJob();
    var j = { kind: kind, cancelled: false, ctrl: window.AbortController ? new AbortController() : null, wakes: [] };
    S.job = j;
    return j;
  }
  function cancelJob() {
    var j = S.job;
    S.job = null;
    S.busy = false;
    if (!j) { return; }
    j.cancelled = true;
    if (j.ctrl) { j.ctrl.abort(); }
    j.wakes.splice(0).forEach(function (w) { w(); });
  }
  // endJob ends the job j, done, unless another took its place.
  function endJob(j) { if (S.job === j) { S.job = null; S.busy = false; } }
  // cancelHint stops the hint's search.
  function cancelHint() { if (S.hint) { S.hint.cancelled = true; if (S.hint.ctrl) { S.hint.ctrl.abort(); } S.hint = null; } }
  // stopAll stops what the board is doing (a control that replaces it was used).
  function stopAll() { cancelJob(); cancelHint(); S.skip = false; }
  function delay() { return S.skip ? 0 : Number($("speed").value); }
  // decisionMarks returns the marks of the decisions from, ..., to-1 of a played turn.
  function decisionMarks(play, from, to) {
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
  function animate(play, job, from, to, always, label) {
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
  function putAnt(svg, id, side) {
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
  function antsInHand(svg, side) {
    var all = function (sel) { return Array.prototype.slice.call(svg.querySelectorAll(sel)); };
    var head = all("text.table-head").filter(function (t) { return t.textContent === "ants in hand"; })[0];
    var row = all("text.player").filter(function (t) { return t.textContent.split(" ")[0] === side; })[0];
    if (!head || !row) { return null; }
    return all("text.table").filter(function (t) { return t.getAttribute("x") === head.getAttribute("x") && t.getAttribute("y") === row.getAttribute("y"); })[0] || null;
  }
  // walkArrow draws an ant's move from one place to another as an arrow.
  function walkArrow(svg, from, to) {
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
  function speedText() { var v = Number($("speed").value); $("speed-text").textContent = v === 0 ? "off" : v + " ms a step"; }
  $("skip").addEventListener("click", function () { S.skip = true; });

  // showChosen shows the turn being chosen (S.clicks, not yet a whole turn) on the
  // board as far as the decisions its clicks have made, animated (The Colony's
  // sowing up to the fork where a lap's direction is chosen, or up to the ant placed
  // before an ant move), then asks for the next decision.
  function showChosen(open) {
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
  // cancelChoice forgets the clicks of the turn being chosen, and what the board
  // shows of it.
  function cancelChoice() {
    cancelJob();
    if (S.shown > 0) { showBoard(S.view); } else { S.clicks = []; markTargets(); }
    promptTurn();
  }

  // playTurn plays a turn from the board's position: animated (from the decisions
  // already shown while it was chosen), then the new position.
  function playTurn(turn) {
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
  function changedBetween(p) {
    var ids = {};
    (p.steps || []).concat(p.marks || []).forEach(function (s) { ids[s.place] = true; if (s.to) { ids[s.to] = true; } });
    return Object.keys(ids);
  }
  function afterTurn(from, mover, p) {
    if (S.tab === "play") { return playAfter(from, mover, p); }
    if (S.tab === "analyse") { return analyseAfter(from, p); }
  }

  // ---------- Play ----------
  function newGame() {
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
  // loadPosition shows a position from the server. Only the last request counts: an
  // earlier one answered late (New game clicked twice, quick steps back) is dropped,
  // its chain never going on.
  function loadPosition(pos) {
    var seq = ++S.loads;
    return api("/api/position?" + query({ game: S.game, position: pos, flip: S.flipped ? "1" : "0" })).then(function (v) {
      if (seq !== S.loads) { return new Promise(function () {}); }
      showBoard(v);
      title();
      return v;
    }).catch(function (err) { say(err.message, true); throw err; });
  }
  function title() {
    var v = S.view;
    if (!v) { return; }
    var t = v.game + " — " + v.sides[0] + " " + v.points[0] + ", " + v.sides[1] + " " + v.points[1];
    if (!v.outcome) { t += " — " + v.sides[v.toMove] + " to move"; }
    $("board-title").textContent = t;
  }
  function playAfter(from, mover, p) {
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
  function nextPlay() {
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
  function engineTurn() {
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
  function renderPlayMoves() {
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
  function engineBox() {
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

  // ---------- Analyse ----------
  function analyseFrom(pos) {
    stopAnalysis();
    S.an = { history: [], turns: [], at: 0, lines: {} };
    return loadPosition(pos).then(function (v) {
      S.an.history = [v.position];
      renderAnalyse();
    });
  }
  function analyseAfter(from, p) {
    var a = S.an;
    a.history = a.history.slice(0, a.at + 1).concat([p.after.position]);
    a.turns = a.turns.slice(0, a.at).concat([p.turn]);
    a.at++;
    showBoard(p.after, changedBetween(p));
    title();
    renderAnalyse();
    restartIfRunning();
  }
  function renderAnalyse() {
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
  function goTo(k) {
    var a = S.an;
    if (S.busy || k < 0 || k >= a.history.length) { return; }
    a.at = k;
    loadPosition(a.history[k]).then(function () { renderAnalyse(); restartIfRunning(); });
  }
  function renderLines() {
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
  function playLine(turns) {
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
  function startAnalysis() {
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
  function stopAnalysis(keepStatus) {
    if (S.es) { S.es.close(); S.es = null; if (!keepStatus) { $("an-status").textContent = "stopped"; } }
    $("an-go").disabled = false;
    $("an-stop").disabled = true;
  }
  function restartIfRunning() { if (!$("an-stop").disabled) { startAnalysis(); } }
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

  // ---------- Watch ----------
  // While Watch is shown, the games files under the results directory are listed
  // again every watchPoll ms: a new games file appears, the open file's table grows
  // with its games, and the live view follows the run chosen, or by default the
  // newest games file (kept while its run is running).
  var watchPoll = 2000;
  function loadFiles() {
    if (!S.config.dir) { $("watch-nodir").hidden = false; return; }
    followLive(S.watch.files || []);
    refreshFiles();
    if (!S.watch.timer) { S.watch.timer = setInterval(refreshFiles, watchPoll); }
  }
  // stopWatching ends the listing and the live view when Watch is left.
  function stopWatching() {
    if (S.watch.timer) { clearInterval(S.watch.timer); S.watch.timer = null; }
    if (S.watch.live) { S.watch.live.close(); S.watch.live = null; S.watch.liveFile = null; }
  }
  function refreshFiles() {
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
  function renderFiles(files) {
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
  function newestFile(files) {
    var best = null;
    files.forEach(function (f) { if (!best || f.modified > best.modified) { best = f; } });
    return best ? best.name : "games.jsonl";
  }
  // followLive follows the run of the games file chosen, or of the newest one unless
  // the run followed is still running.
  function followLive(files) {
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
  function openFile(name, again) {
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
  function markOpenGame() {
    document.querySelectorAll("#watch-games tr.clickable").forEach(function (tr) {
      tr.classList.toggle("current", S.watch.game && S.watch.file === S.watch.table && Number(tr.getAttribute("data-index")) === S.watch.index);
    });
  }
  function openGame(file, index, move) {
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
  function showMove(k) {
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
  $("w-analyse").addEventListener("click", function () {
    if (!S.view) { return; }
    var pos = S.view.position;
    selectTab("analyse");
    analyseFrom(pos);
  });
  document.addEventListener("keydown", function (e) {
    if (e.target.tagName === "INPUT" || e.target.tagName === "TEXTAREA") { return; }
    if (S.tab === "watch" && S.watch.game) {
      var k = keyStep(e.key, S.watch.move, S.watch.game.positions.length - 1);
      if (k !== undefined) { showMove(k); e.preventDefault(); }
      return;
    }
    var d = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
    if (d && S.tab === "analyse" && S.an) { goTo(S.an.at + d); e.preventDefault(); }
  });

  // watchingLive shows the games in flight in place of the board while Watch has no
  // game open.
  function watchingLive() { document.body.classList.toggle("watching-live", S.tab === "watch" && !S.watch.game); }

  // The live view: snapshots of the tournament running in the results directory
  // (see followLive).
  function renderLive(v) {
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
  function renderSPRT(sp) {
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

  // ---------- rules ----------
  $("rules-button").addEventListener("click", function () {
    api("/api/rules?" + query({ game: S.game })).then(function (r) {
      $("rules-svg").innerHTML = r.svg;
      $("rules-text").innerHTML = r.html; // rendered by the server from the game's own document
      $("rules").hidden = false;
      $("rules-close").focus();
    }).catch(function (err) { say(err.message, true); });
  });
  $("rules-close").addEventListener("click", function () { $("rules").hidden = true; });
  $("rules").addEventListener("click", function (e) { if (e.target === $("rules")) { $("rules").hidden = true; } });
  // Escape closes the dialog (and no other key reaches the page under it).
  document.addEventListener("keydown", function (e) {
    if ($("rules").hidden) { return; }
    if (e.key === "Escape") { $("rules").hidden = true; $("rules-button").focus(); }
    e.stopImmediatePropagation();
  }, true);

  // ---------- tabs, the game, the URL ----------
  function selectTab(tab) {
    S.tab = tab;
    if (tab !== "watch") { $("live-games").innerHTML = ""; stopWatching(); }
    watchingLive();
    document.querySelectorAll("nav .tab").forEach(function (b) { b.classList.toggle("active", b.getAttribute("data-tab") === tab); });
    ["play", "analyse", "watch"].forEach(function (t) { $(t + "-panel").hidden = t !== tab; });
    if (tab !== "analyse") { stopAnalysis(true); }
    say("");
    $("choices").innerHTML = "";
    $("path").textContent = "";
    setHash();
    if (tab === "play") { if (S.play && S.play.game === S.game) { loadPosition(S.play.pos).then(function () { nextPlay(); }); } else { newGame(); } }
    if (tab === "analyse") { if (S.an && S.an.game === S.game) { goTo(S.an.at); } else { analyseFrom(S.view && S.view.game === S.game ? S.view.position : "").then(function () { S.an.game = S.game; }); } }
    if (tab === "watch") { loadFiles(); if (S.watch.game) { showMove(S.watch.move); } }
  }
  function setHash() {
    var h = "#" + S.tab;
    if (S.tab === "watch" && S.watch.game) { h += "&" + query({ file: S.watch.file, game: S.watch.index, move: S.watch.move }); }
    if (location.hash !== h) { history.replaceState(null, "", h); }
  }
  function readHash() {
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
  // For tests and the curious: the application's state.
  window.colonyApp = S;
  start();
})();
