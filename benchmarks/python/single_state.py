#!/usr/bin/env python3
"""One state from Python (issue 37): Kalah random legal play, colony_ai against pyspiel.

    taskset -c 1 python benchmarks/python/single_state.py             # 15 rounds of 2 s
    taskset -c 1 python benchmarks/python/single_state.py --rounds 5 --seconds 1

Plays random legal games of Kalah (``kalah:6x4,capture=nonempty``) on one state at a
time with the calls of an OpenSpiel loop -- ``state.legal_actions()``, a
``random.Random.choice`` of them, ``state.apply_action(a)``, ``state.is_terminal()``,
``game.new_initial_state()`` at the end of a game -- and the same loop on pyspiel's
``mancala`` (pip install open_spiel). The contenders run in rounds, interleaved, in
one process on one core (taskset); each figure is the median of its rounds:

* ``steps/s``: the steps of the loop a second, for pyspiel, colony_ai as imported
  (the extension _fast, when it is built) and colony_ai through ctypes alone (a child
  process with COLONY_AI_NO_FAST=1, run in turn with the others on the same core);
  and each colony_ai's ratio to pyspiel, the median of the rounds' ratios (a round's
  contenders run one after the other, so a change of the machine's load between
  rounds cancels);
* ``op``: what one call costs, in ns, beyond a call of a C method that does nothing
  (``"".isalpha``; the loop and the call's own cost subtracted): legal_actions,
  is_terminal, current_player, apply_action (replaying recorded games; the new state
  of each game subtracted), new_initial_state, clone, returns, and the random choice.

pyspiel is optional (without it, colony_ai's figures alone).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import time
from typing import Any, Callable

GAME = "kalah:6x4,capture=nonempty"


def load(which: str) -> Any:
    """The game of which: "pyspiel" or "colony"."""
    if which == "pyspiel":
        import pyspiel

        return pyspiel.load_game("mancala")
    import colony_ai

    return colony_ai.load_game(GAME)


def play_rate(game: Any, seconds: float, seed: int) -> float:
    """Steps a second of the OpenSpiel loop, random legal play, one state at a time."""
    rng = random.Random(seed)
    choice = rng.choice
    steps = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    state = game.new_initial_state()
    while True:
        for _ in range(1000):
            legal = state.legal_actions()
            state.apply_action(choice(legal))
            steps += 1
            if state.is_terminal():
                state = game.new_initial_state()
        if time.perf_counter() >= end:
            break
    return steps / (time.perf_counter() - t0)


def per_call(f: Callable[[], Any], n: int) -> float:
    """ns a call of f, less the loop with a call of a C method that does nothing."""
    empty = "".isalpha

    def loop(g: Callable[[], Any]) -> float:
        t0 = time.perf_counter_ns()
        for _ in range(n):
            g()
        return time.perf_counter_ns() - t0

    return max(0.0, (loop(f) - loop(empty)) / n)


def record_games(game: Any, count: int, seed: int) -> list[list[int]]:
    """count random games as their actions."""
    rng = random.Random(seed)
    games = []
    for _ in range(count):
        s = game.new_initial_state()
        actions = []
        while not s.is_terminal():
            a = rng.choice(s.legal_actions())
            s.apply_action(a)
            actions.append(a)
        games.append(actions)
    return games


def op_costs(game: Any, seed: int) -> dict[str, float]:
    """ns a call of each operation."""
    rng = random.Random(seed)
    s = game.new_initial_state()
    for _ in range(6):
        s.apply_action(rng.choice(s.legal_actions()))
    legal = s.legal_actions()
    out = {
        "legal_actions": per_call(s.legal_actions, 200_000),
        "is_terminal": per_call(s.is_terminal, 200_000),
        "current_player": per_call(s.current_player, 200_000),
        "new_initial_state": per_call(game.new_initial_state, 50_000),
        "clone": per_call(s.clone, 50_000),
        "choice": per_call(lambda: rng.choice(legal), 200_000),
    }
    t = game.new_initial_state()
    while not t.is_terminal():
        t.apply_action(rng.choice(t.legal_actions()))
    out["returns"] = per_call(t.returns, 100_000)
    games = record_games(game, 400, seed)
    n = sum(len(g) for g in games)
    new = game.new_initial_state
    t0 = time.perf_counter_ns()
    for actions in games:
        st = new()
        apply = st.apply_action
        for a in actions:
            apply(a)
    total = time.perf_counter_ns() - t0
    t0 = time.perf_counter_ns()
    for actions in games:
        st = new()
        apply = st.apply_action
        for a in actions:
            pass
    loop = time.perf_counter_ns() - t0
    out["apply_action"] = (total - loop) / n
    return out


def child() -> None:
    """The ctypes contender: rounds asked for on stdin, one JSON line each."""
    game = load("colony")
    for line in sys.stdin:
        req = json.loads(line)
        if req["what"] == "rate":
            print(json.dumps(play_rate(game, req["seconds"], req["seed"])), flush=True)
        else:
            print(json.dumps(op_costs(game, req["seed"])), flush=True)


class Child:
    """colony_ai through ctypes alone, in a child process."""

    def __init__(self) -> None:
        env = dict(os.environ, COLONY_AI_NO_FAST="1")
        self.p = subprocess.Popen([sys.executable, __file__, "--child"], env=env, text=True,
                                  stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def ask(self, **req: Any) -> Any:
        assert self.p.stdin is not None and self.p.stdout is not None
        self.p.stdin.write(json.dumps(req) + "\n")
        self.p.stdin.flush()
        return json.loads(self.p.stdout.readline())

    def close(self) -> None:
        assert self.p.stdin is not None
        self.p.stdin.close()
        self.p.wait()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=15, help="rounds of each contender (default 15)")
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds of a round (default 2)")
    ap.add_argument("--no-ctypes", action="store_true", help="leave out the ctypes child")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child()
        return

    import colony_ai._native as native

    contenders: dict[str, Callable[..., Any]] = {}
    try:
        spiel = load("pyspiel")
        contenders["pyspiel mancala"] = lambda what, seed: (
            play_rate(spiel, args.seconds, seed) if what == "rate" else op_costs(spiel, seed))
    except ImportError:
        print("pyspiel is missing (pip install open_spiel): colony_ai alone", file=sys.stderr)
    colony = load("colony")
    name = "colony_ai (%s)" % ("_fast" if native.fast is not None else "ctypes")
    contenders[name] = lambda what, seed: (
        play_rate(colony, args.seconds, seed) if what == "rate" else op_costs(colony, seed))
    kid = None
    if native.fast is not None and not args.no_ctypes:
        kid = Child()
        contenders["colony_ai (ctypes)"] = lambda what, seed: kid.ask(what=what, seconds=args.seconds, seed=seed)

    rates: dict[str, list[float]] = {k: [] for k in contenders}
    ops: dict[str, list[dict[str, float]]] = {k: [] for k in contenders}
    for r in range(args.rounds):
        order = list(contenders)
        if r % 2:
            order.reverse()
        for k in order:
            rates[k].append(contenders[k]("rate", r))
            ops[k].append(contenders[k]("ops", r))
    if kid is not None:
        kid.close()

    print("Kalah random legal play from Python, one state; %d interleaved rounds of %.1f s, medians" %
          (args.rounds, args.seconds))
    print("%-22s %12s %8s" % ("", "steps/s", "min-max"))
    for k, v in rates.items():
        print("%-22s %12.0f %s" % (k, statistics.median(v), "%.0fk-%.0fk" % (min(v) / 1e3, max(v) / 1e3)))
    if "pyspiel mancala" in rates:
        base = rates["pyspiel mancala"]
        for k, v in rates.items():
            if k != "pyspiel mancala":
                r = [x / y for x, y in zip(v, base)]
                print("%-22s %12s %.2fx pyspiel (median of the rounds' ratios; %.2f-%.2f)" %
                      (k, "", statistics.median(r), min(r), max(r)))
    names = list(next(iter(ops.values()))[0])
    print()
    print("ns a call (median of rounds)")
    print("%-18s" % "" + "".join("%22s" % k for k in ops))
    for op in names:
        print("%-18s" % op + "".join("%22.0f" % statistics.median(o[op] for o in ops[k]) for k in ops))


if __name__ == "__main__":
    main()
