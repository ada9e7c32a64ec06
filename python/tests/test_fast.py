"""The fast path (the extension colony_ai._fast) against ctypes alone: the same
results and errors, the fork guard, handles freed."""

from __future__ import annotations

import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import colony_ai
from colony_ai import ClosedError, ForkError, IllegalActionError, _native
from colony_ai._native import L

TRACE = Path(__file__).resolve().parent / "fast_trace.py"
NO_FAST = os.environ.get("COLONY_AI_NO_FAST") == "1"


def trace(no_fast: bool) -> Any:
    env = dict(os.environ)
    env.pop("COLONY_AI_NO_FAST", None)
    if no_fast:
        env["COLONY_AI_NO_FAST"] = "1"
    out = subprocess.run([sys.executable, str(TRACE), "3"], env=env, check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


@pytest.mark.skipif(NO_FAST, reason="COLONY_AI_NO_FAST=1: the ctypes path alone")
def test_fast_path_is_built() -> None:
    """The installed package has the extension, and State is its StateBase."""
    assert _native.fast is not None
    s = colony_ai.load_game("kalah").new_initial_state()
    assert isinstance(s, _native.fast.StateBase)
    assert isinstance(s.clone(), colony_ai.State)


@pytest.mark.skipif(NO_FAST, reason="COLONY_AI_NO_FAST=1: the ctypes path alone")
def test_same_as_ctypes() -> None:
    """Random games of every game (the legal actions, player, terminal, turn start,
    returns, masks, clones after every decision; refused actions on the way) and the
    errors of bad calls: the same through the extension as through ctypes."""
    fast, slow = trace(False), trace(True)
    assert fast["fast"] and not slow["fast"]
    assert sorted(fast["games"]) == sorted(colony_ai.registered_games())
    for name in fast["games"]:
        assert fast["games"][name] == slow["games"][name], name
        assert all(len(g) > 10 for g in fast["games"][name])
    assert fast["errors"] == slow["errors"]


def test_errors() -> None:
    """Bad actions and closed states raise the game's errors, whichever path."""
    g = colony_ai.load_game("kalah")
    s = g.new_initial_state()
    with pytest.raises(IllegalActionError, match=r"action 6: not a legal decision here \(legal: 0 \(a\)"):
        s.apply_action(6)
    with pytest.raises(IllegalActionError, match="action 4294967296: not a legal"):
        s.apply_action(2**32)
    with pytest.raises(TypeError, match="not a bool"):
        s.apply_action(True)
    with pytest.raises(TypeError, match="not float"):
        s.apply_action(2.0)
    assert s.legal_actions() == [0, 1, 2, 3, 4, 5]  # unchanged
    s.close()
    for f in [lambda: s.apply_action(0), s.legal_actions, s.clone, s.returns, s.is_terminal, s.current_player]:
        with pytest.raises(ClosedError, match="the state is closed"):
            f()
    g.close()
    with pytest.raises(ClosedError, match="the game kalah is closed"):
        g.new_initial_state()


def test_handles_freed() -> None:
    """States made, cloned, refused and dropped or closed leave no handle behind, and
    hold no reference to their game once gone."""
    g = colony_ai.load_game("oware")
    before, refs = L.handles(), sys.getrefcount(g)
    for i in range(2000):
        s = g.new_initial_state()
        s.apply_action(s.legal_actions()[0])
        c = s.clone()
        try:
            c.apply_action(99)
        except IllegalActionError:
            pass
        if i % 2:
            c.close()
        del s, c
    assert L.handles() == before
    assert sys.getrefcount(g) == refs


def _forked_child(q: Any, state: colony_ai.State, done: colony_ai.State) -> None:
    out = []
    for f in [lambda: state.apply_action(0), state.clone, state._refresh, done.returns,
              lambda: state.get_game().new_initial_state()]:
        try:
            f()
            out.append("no error")
        except ForkError as e:
            out.append("ForkError" if "'spawn'" in str(e) else str(e))
    # What needs no call into the library still answers from the state's summary.
    out.append([state.legal_actions(), state.current_player(), state.is_terminal(), done.is_terminal()])
    del state, done  # nothing freed in the child
    q.put(out)


@pytest.mark.skipif(not hasattr(os, "fork"), reason="no fork on this platform")
def test_fork_guard() -> None:
    """In a forked child the hot calls raise ForkError and never enter the library;
    the parent's states are untouched."""
    g = colony_ai.load_game("kalah")
    state = g.new_initial_state()
    done = g.new_initial_state()
    while not done.is_terminal():
        done.apply_action(done.legal_actions()[0])
    ctx = multiprocessing.get_context("fork")
    q = ctx.Queue()
    p = ctx.Process(target=_forked_child, args=(q, state, done))
    p.start()
    out = q.get(timeout=60)
    p.join(60)
    assert p.exitcode == 0
    assert out == ["ForkError"] * 5 + [[[0, 1, 2, 3, 4, 5], 0, False, True]]
    state.apply_action(0)
    assert done.returns() in ([1.0, -1.0], [-1.0, 1.0], [0.0, 0.0])
