"""The hazards of a Go runtime inside Python: fork, threads and the GIL, memory."""

from __future__ import annotations

import gc
import multiprocessing
import os
import threading
import time
from typing import Any

import pytest

import colony_ai
from colony_ai import ForkError
from colony_ai._native import L


def _child(q: Any) -> None:
    """In a forked child: every entry point must raise ForkError naming the fix."""
    out = []
    for f in [lambda: colony_ai.load_game("kalah"), lambda: colony_ai.registered_games()]:
        try:
            f()
            out.append("no error")
        except ForkError as e:
            out.append(str(e))
    q.put(out)


def _use_state(q: Any, state: colony_ai.State) -> None:
    try:
        state.apply_action(0)
        q.put("no error")
    except ForkError as e:
        q.put(str(e))


def _spawned(q: Any) -> None:
    g = colony_ai.load_game("oware")
    q.put(len(g.new_initial_state().legal_actions()))


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_fork_raises() -> None:
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_child, args=(q,))
    p.start()
    out = q.get(timeout=60)
    p.join(60)
    assert p.exitcode == 0
    assert len(out) == 2
    for msg in out:
        assert "'spawn'" in msg and "'forkserver'" in msg
    # A state made before the fork, used in the child: the same error; the child's
    # dropping it frees nothing of the parent's.
    state = colony_ai.load_game("kalah").new_initial_state()
    p = ctx.Process(target=_use_state, args=(q, state))
    p.start()
    assert "spawn" in q.get(timeout=60)
    p.join(60)
    assert p.exitcode == 0
    state.apply_action(0)  # the parent's state is untouched and usable


def test_spawn_works() -> None:
    ctx = multiprocessing.get_context("spawn")
    q = ctx.Queue()
    p = ctx.Process(target=_spawned, args=(q,))
    p.start()
    assert q.get(timeout=120) == 6
    p.join(60)
    assert p.exitcode == 0


def test_gil_released_during_think() -> None:
    """While a thread searches (a time-limited search of 600 ms), the main thread
    keeps running Python: ctypes releases the GIL for the call."""
    state = colony_ai.load_game("colony").new_initial_state()
    started = threading.Event()
    done = threading.Event()
    result: list[Any] = []

    def search() -> None:
        started.set()
        result.append(colony_ai.think(state, "ab:time=600ms"))
        done.set()

    t = threading.Thread(target=search)
    t.start()
    started.wait()
    time.sleep(0.05)  # let the thread enter the call
    ticks = 0
    while not done.is_set():
        ticks += 1
    t.join()
    assert result and result[0].actions
    # Held GIL: the loop could not run at all until the search ended (a few switch
    # intervals at most). Released: hundreds of thousands of iterations.
    assert ticks > 10_000, ticks


def test_threads_on_different_states() -> None:
    """Several threads step and search their own states at once; the results are
    those of the same work done alone."""
    game = colony_ai.load_game("kalah")

    def work(seed: int) -> tuple[str, str]:
        s = game.new_initial_state()
        k = seed
        while not s.is_terminal():
            legal = s.legal_actions()
            s.apply_action(legal[k % len(legal)])
            k = k * 7 + 3
        t = colony_ai.think(game.new_initial_state(), "ab:depth=5")
        return str(s), t.turn

    alone = [work(i) for i in range(8)]
    out: list[Any] = [None] * 8

    def run(i: int) -> None:
        out[i] = work(i)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert out == alone


def test_dropped_objects_are_freed() -> None:
    """States and players are freed when Python drops them, and by close()."""
    gc.collect()
    base = L.handles()
    game = colony_ai.load_game("kalah")
    states = [game.new_initial_state() for _ in range(1000)]
    clones = [s.clone() for s in states]
    players = [game.player("random") for _ in range(10)]
    assert L.handles() == base + 1 + 2000 + 10
    del states, clones
    players[0].close()
    del players
    gc.collect()
    assert L.handles() == base + 1
    del game
    gc.collect()
    assert L.handles() == base


def _rss_mb() -> float:
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise RuntimeError("no VmRSS")


@pytest.mark.skipif(not os.path.exists("/proc/self/status"), reason="needs Linux's /proc")
def test_no_growth_over_many_states() -> None:
    """200,000 states created, stepped, cloned and dropped: the process does not
    grow (python/tests/memory.py measures a million)."""
    game = colony_ai.load_game("colony")

    def churn(n: int) -> None:
        for _ in range(n):
            s = game.new_initial_state()
            s.apply_action(s.legal_actions()[0])
            s.clone()

    churn(20_000)  # the allocators' steady size
    gc.collect()
    before = _rss_mb()
    churn(200_000)
    gc.collect()
    assert _rss_mb() - before < 20
