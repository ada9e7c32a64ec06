#!/usr/bin/env python3
"""Speed of the toolkit from Python (issue 37), in one run, against pyspiel.

    taskset -c 0 python benchmarks/python/bench.py            # every figure
    taskset -c 0 python benchmarks/python/bench.py --quick    # a shorter run

Prints, one a line:

* ``one-state``: Kalah (``kalah:6x4,capture=nonempty``) random legal play from
  Python on one state, steps per second, against pyspiel's ``mancala`` with the same
  calls (``legal_actions``, ``apply_action``, ``is_terminal``, a ``random.Random``
  choice), interleaved rounds, the median of each.
* ``vector``: the batched environment (colony_ai.vector.VectorEnv) on Kalah and The
  Colony, N games on one thread, random legal actions chosen in numpy from the masks,
  with each kind of observation: environment steps per second (a step of one game is
  one environment step), and the ratio to pyspiel's one-state loop.
* ``where``: where a vector step's time goes: the numpy choice of actions, the ctypes
  call (a step of one game without observation), the games and the observations
  (the native side, from the step's time with and without them).
* ``observation``: the cost of one ``observation_tensor`` call from Python.
* ``think``: a ``colony_ai.think`` call from Python, wall time, against the search's
  own time (measured in Go inside the call) and the same search run by the command
  line (``colony analyze``, when a ``colony`` binary is given with --colony).

Run it on one core (taskset -c 0) when the machine is least loaded; the figures of a
shared machine move by several per cent from run to run.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time

import numpy as np

import colony_ai
from colony_ai.vector import VectorEnv


def one_state_rate(new_state, seconds: float, seed: int) -> float:
    """Steps per second of random legal play on one state at a time."""
    rng = random.Random(seed)
    steps = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        s = new_state()
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[rng.randrange(len(legal))])
            steps += 1
    return steps / (time.perf_counter() - t0)


WORKERS = 1


def vector_rate(game: str, n: int, observation: str, seconds: float) -> tuple[float, dict[str, float]]:
    """Environment steps per second of the vector environment, and the seconds a step
    spent choosing actions and in the step call."""
    env = VectorEnv(game, n, observation=observation, workers=WORKERS, final_obs=False)
    obs, _ = env.reset(seed=0)
    masks = obs["action_mask"]
    rng = np.random.default_rng(0)
    u = np.empty(masks.shape, dtype=np.float32)
    steps = 0
    choose = call = 0.0
    t0 = time.perf_counter()
    end = t0 + seconds
    while True:
        a = time.perf_counter()
        if a >= end:
            break
        rng.random(out=u, dtype=np.float32)
        np.multiply(u, masks, out=u)
        actions = u.argmax(axis=1).astype(np.int32)
        b = time.perf_counter()
        env.step(actions)
        c = time.perf_counter()
        choose += b - a
        call += c - b
        steps += 1
    total = time.perf_counter() - t0
    env.close()
    return steps * n / total, {"choose": choose / steps, "call": call / steps, "steps": steps}


def call_overhead(game: str, seconds: float) -> float:
    """Seconds of one step call of a vector of one game without observation."""
    env = VectorEnv(game, 1, observation="none", workers=1, final_obs=False)
    obs, _ = env.reset(seed=0)
    masks = obs["action_mask"]
    actions = np.zeros(1, dtype=np.int32)
    n = 0
    t0 = time.perf_counter()
    end = t0 + seconds
    while time.perf_counter() < end:
        for _ in range(100):
            actions[0] = masks[0].argmax()
            env.step(actions)
        n += 100
    dt = (time.perf_counter() - t0) / n
    env.close()
    return dt


def observation_cost(game: str, seconds: float) -> tuple[float, float]:
    """Seconds of one observation_tensor call (a list) and of one observation_array
    call into a numpy array of the caller's, from Python."""
    g = colony_ai.load_game(game)
    s = g.new_initial_state()
    out = np.empty(g.observation_tensor_shape(), dtype=np.float32)
    costs = []
    for f in (lambda: s.observation_tensor(0), lambda: s.observation_array(0, out=out)):
        n = 0
        t0 = time.perf_counter()
        end = t0 + seconds
        while time.perf_counter() < end:
            for _ in range(100):
                f()
            n += 100
        costs.append((time.perf_counter() - t0) / n)
    return costs[0], costs[1]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="shorter runs")
    ap.add_argument("--colony", help="a colony binary, for the think comparison with the command line")
    ap.add_argument("--n", type=int, default=1024, help="games of the vector environment")
    ap.add_argument("--workers", type=int, default=1,
                    help="goroutines of the vector environment (1: one core, the default)")
    ap.add_argument("--profile", action="store_true",
                    help="profile the vector loop on Kalah with cProfile and print where its time goes")
    args = ap.parse_args()
    global WORKERS
    WORKERS = args.workers
    if args.profile:
        import cProfile
        import pstats

        pr = cProfile.Profile()
        pr.enable()
        vector_rate("kalah:6x4,capture=nonempty", args.n, "compact", 3.0)
        pr.disable()
        pstats.Stats(pr).sort_stats("tottime").print_stats(10)
        return
    sec = 1.0 if args.quick else 3.0
    rounds = 3 if args.quick else 5

    import pyspiel

    kalah = colony_ai.load_game("kalah:6x4,capture=nonempty")
    mancala = pyspiel.load_game("mancala")
    ours, theirs = [], []
    for r in range(rounds):
        ours.append(one_state_rate(kalah.new_initial_state, sec, r))
        theirs.append(one_state_rate(mancala.new_initial_state, sec, r))
    ours_m, theirs_m = statistics.median(ours), statistics.median(theirs)
    print(f"one-state kalah colony_ai {ours_m:,.0f} steps/s  pyspiel mancala {theirs_m:,.0f} steps/s  "
          f"ratio {ours_m / theirs_m:.2f}  (medians of {rounds} interleaved rounds of {sec:.0f} s)")

    kinds = ("compact", "net", "none")
    for game in ("kalah:6x4,capture=nonempty", "colony"):
        runs: dict[str, list] = {k: [] for k in kinds}
        overs = []
        for r in range(rounds):  # interleaved rounds: the machine's load hits every kind alike
            for kind in kinds:
                runs[kind].append(vector_rate(game, args.n, kind, sec / 2))
            overs.append(call_overhead(game, sec / 4))

        def med(kind: str, key: str) -> float:
            return statistics.median(p[key] for _, p in runs[kind])

        rates = {k: statistics.median(rate for rate, _ in runs[k]) for k in kinds}
        for kind in kinds:
            print(f"vector {game} N={args.n} observation={kind}: {rates[kind]:,.0f} env steps/s "
                  f"({rates[kind] / theirs_m:.1f}x pyspiel's one-state loop); per step of all games: "
                  f"choose {med(kind, 'choose') * 1e6:,.0f} us, call {med(kind, 'call') * 1e6:,.0f} us")
        over = statistics.median(overs)
        none_call = med("none", "call")
        per_game = (none_call - over) / args.n
        compact_obs = (med("compact", "call") - none_call) / args.n
        net_obs = (med("net", "call") - none_call) / args.n
        choose = med("compact", "choose") / args.n
        print(f"where {game}: per game-step: numpy choice {choose * 1e9:,.0f} ns, game and mask "
              f"{per_game * 1e9:,.0f} ns, compact observation {compact_obs * 1e9:,.0f} ns, network "
              f"encoding {net_obs * 1e9:,.0f} ns; per call: ctypes and Python {over * 1e6:.1f} us")
        costs = [observation_cost(game, sec / 8) for _ in range(rounds)]
        print(f"observation {game}: from Python, observation_tensor "
              f"{statistics.median(c[0] for c in costs) * 1e6:.2f} us a call, observation_array(out=) "
              f"{statistics.median(c[1] for c in costs) * 1e6:.2f} us; in the vector environment "
              f"{compact_obs * 1e9:,.0f} ns a game")

    for game, spec in (("colony", "ab:depth=4"), ("kalah", "ab:depth=10")):
        g = colony_ai.load_game(game)
        s = g.new_initial_state()
        walls, inside = [], []
        for _ in range(rounds):
            t0 = time.perf_counter()
            th = colony_ai.think(s, spec)
            walls.append(time.perf_counter() - t0)
            inside.append(th.time)
        line = (f"think {game} {spec}: from Python {statistics.median(walls) * 1e3:.2f} ms wall, "
                f"the search inside {statistics.median(inside) * 1e3:.2f} ms, nodes {th.nodes}")
        if args.colony:
            times = []
            for _ in range(rounds):
                out = subprocess.run([args.colony, "analyze", "--game", game, "--player", spec],
                                     capture_output=True, text=True, check=True).stdout
                last = [ln for ln in out.splitlines() if ln.startswith("depth=")][-1]
                times.append(float(last.split("time=")[1].split("s")[0]))
            line += f"; colony analyze (Go) {statistics.median(times) * 1e3:.2f} ms"
        print(line)


if __name__ == "__main__":
    sys.exit(main())
