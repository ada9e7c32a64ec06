// The move tree of the Analyse view: each node a position reached by a turn from
// its parent's; a node's first child continues its line (the main line from the
// root), the others are variations. Nothing here touches the page.

// newNode returns a node of the position pos reached by turn from parent (null for
// the root).
export function newNode(pos, turn, parent) {
  return { pos: pos, turn: turn || "", parent: parent || null, kids: [], ply: parent ? parent.ply + 1 : 0 };
}
// child returns the node reached by turn from n, adding it (a new variation when n
// has children already) when there is none.
export function child(n, turn, pos) {
  for (var i = 0; i < n.kids.length; i++) { if (n.kids[i].turn === turn) { return n.kids[i]; } }
  var c = newNode(pos, turn, n);
  n.kids.push(c);
  return c;
}
// path returns the nodes from the root to n, then n's line on to its end.
export function path(n) {
  var out = [];
  for (var p = n; p; p = p.parent) { out.unshift(p); }
  for (var c = n.kids[0]; c; c = c.kids[0]) { out.push(c); }
  return out;
}
// variationOf returns the node that starts the variation n is in: n or its nearest
// ancestor that is not its parent's first child; null on the main line.
export function variationOf(n) {
  for (var p = n; p && p.parent; p = p.parent) { if (p.parent.kids[0] !== p) { return p; } }
  return null;
}
// promote moves the variation n is in one step up: it becomes its parent's first
// child, the line it replaces a variation. It reports whether anything moved.
export function promote(n) {
  var v = variationOf(n);
  if (!v) { return false; }
  var kids = v.parent.kids;
  kids.splice(kids.indexOf(v), 1);
  kids.unshift(v);
  return true;
}
// remove deletes n and every node after it; it returns n's parent (null for the
// root, which is not removed).
export function remove(n) {
  if (!n.parent) { return null; }
  var kids = n.parent.kids;
  kids.splice(kids.indexOf(n), 1);
  return n.parent;
}
// sibling returns the node d variations away from n (d = -1: the one above, +1 the
// one below) at the nearest branch point at or above n: n's sibling, or its nearest
// ancestor's that has siblings; null when there is none that way.
export function sibling(n, d) {
  for (var p = n; p && p.parent; p = p.parent) {
    var kids = p.parent.kids;
    if (kids.length > 1) {
      var i = kids.indexOf(p) + d;
      return i >= 0 && i < kids.length ? kids[i] : null;
    }
  }
  return null;
}
