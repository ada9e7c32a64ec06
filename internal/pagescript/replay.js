// Stepping through a recorded game's positions, and its graph of the scores: one
// module for the two pages that replay a game, the page of colony export --html
// (which has it inline) and the Watch view of colony serve (which imports it). A
// game of n turns has the positions 0 (the opening) to n; the graph is the one
// package catalog/gamepage draws (gamepage.Graph): a dot a turn with data-k, the
// position its turn led to, and a marker line with the id graph-mark.

// clamp returns the position k of a game of n turns, kept within 0 and n.
export function clamp(k, n) { return Math.max(0, Math.min(n, k)); }

// keyStep returns the position a key goes to from position cur of a game of n
// turns (Left and Right a step, Home the opening, End the last position), or
// undefined for a key that does not step.
export function keyStep(key, cur, n) {
  return { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: n }[key];
}

// markMoves marks the turn that led to position k current in a move list (items,
// the first turn's first; none at the opening) and scrolls the list to show it;
// withPage, the page too where it must (the export page, whose list is the page's
// subject), else the list alone (Watch, whose board beside it stays in view).
export function markMoves(items, k, withPage) {
  for (var i = 0; i < items.length; i++) { items[i].classList.toggle("current", i === k - 1); }
  var li = k > 0 ? items[k - 1] : null;
  if (!li) { return; }
  if (withPage) { li.scrollIntoView({ block: "nearest" }); return; }
  var box = li.parentElement, r = li.getBoundingClientRect(), b = box.getBoundingClientRect();
  if (r.top < b.top) { box.scrollTop -= b.top - r.top; } else if (r.bottom > b.bottom) { box.scrollTop += r.bottom - b.bottom; }
}

// markGraph marks position k on a graph: the dot of the turn that led to it, and
// the marker at marks[k] (gamepage.GraphMarks).
export function markGraph(graph, marks, k) {
  if (!graph) { return; }
  graph.querySelectorAll("circle[data-k]").forEach(function (d) {
    d.classList.toggle("current", Number(d.getAttribute("data-k")) === k);
  });
  var m = graph.querySelector("#graph-mark");
  if (m && marks[k] !== undefined) { m.setAttribute("x1", marks[k]); m.setAttribute("x2", marks[k]); }
}

// onPick calls pick(k) on a click in an element of root with data-k (a dot of
// the graph, a turn of a move list): the position k.
export function onPick(root, pick) {
  root.addEventListener("click", function (e) {
    var t = e.target.closest ? e.target.closest("[data-k]") : null;
    if (t && root.contains(t)) { pick(Number(t.getAttribute("data-k"))); }
  });
}
