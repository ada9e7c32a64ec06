// A Kalah engine in JavaScript (Node.js) for the tests (Mancala Engine Protocol,
// docs/protocol.md), with UCI habits: an empty line and an "info string" in the
// handshake, info lines with seldepth, multipv and score cp. It plays the turn that
// gains the most seeds now, ties broken by a generator seeded with the option seed.
"use strict";
const readline = require("readline");
let pits, stores, mover, rng = 1n;
const M = (1n << 64n) - 1n;
function next() { rng ^= (rng << 13n) & M; rng ^= rng >> 7n; rng ^= (rng << 17n) & M; return rng; }
function start() { pits = [[4, 4, 4, 4, 4, 4], [4, 4, 4, 4, 4, 4]]; stores = [0, 0]; mover = 0; }
function play(p, st, me, i) {
  p = [p[0].slice(), p[1].slice()]; st = st.slice();
  let side = me, seeds = p[me][i];
  p[me][i] = 0;
  while (seeds) {
    i++;
    if (i === 6 && side === me) { st[me]++; seeds--; continue; }
    if (i >= 6) { side = 1 - side; i = 0; }
    p[side][i]++; seeds--;
  }
  const extra = side === me && i === 6;
  if (!extra && side === me && p[me][i] === 1) {
    st[me] += 1 + p[1 - me][5 - i];
    p[me][i] = p[1 - me][5 - i] = 0;
  }
  if (p[0].every((x) => !x) || p[1].every((x) => !x)) {
    st = [st[0] + p[0].reduce((a, b) => a + b, 0), st[1] + p[1].reduce((a, b) => a + b, 0)];
    p = [[0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0]];
  }
  return [p, st, extra ? me : 1 - me];
}
function best() {
  const gains = [];
  for (let i = 0; i < 6; i++) if (pits[mover][i]) gains.push([i, play(pits, stores, mover, i)[1][mover] - stores[mover]]);
  const top = Math.max(...gains.map((g) => g[1]));
  const choice = gains.filter((g) => g[1] === top);
  return choice[Number(next() % BigInt(choice.length))][0];
}
function position(args) {
  const cut = args.indexOf("moves");
  if (args[0] === "start") start();
  else {
    const f = Object.fromEntries(args.slice(1, cut < 0 ? args.length : cut).map((w) => w.split("=")));
    pits = f.pits.split("/").map((r) => r.split(".").map(Number));
    stores = f.stores.split(",").map(Number);
    mover = f.move === "north" ? 1 : 0;
  }
  if (cut >= 0) for (const t of args.slice(cut + 1)) [pits, stores, mover] = play(pits, stores, mover, t.charCodeAt(0) - 97);
}
const out = (s) => process.stdout.write(s + "\n");
readline.createInterface({ input: process.stdin }).on("line", (line) => {
  const w = line.trim().split(/\s+/);
  switch (w[0]) {
    case "mep":
      out(""); out("info string hello from Node"); out("id name js-kalah"); out("id author tests");
      out("option name seed type int default 1 min 0 max 18446744073709551615"); out("games kalah"); out("mepok 1");
      break;
    case "setoption": if (w[2] === "seed") rng = BigInt(w[4]) | 1n; break;
    case "isready": out("readyok"); break;
    case "newgame": start(); break;
    case "position": position(w.slice(1)); break;
    case "go": {
      const b = best();
      out("info depth 1 seldepth 1 multipv 1 score cp " + 100 * (stores[mover] - stores[1 - mover]) + " nodes 6 pv " + String.fromCharCode(97 + b));
      out("bestturn " + String.fromCharCode(97 + b));
      break;
    }
    case "quit": process.exit(0);
  }
});
