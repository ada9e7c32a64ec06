"""What the hot calls of State return and raise, as JSON on stdout: random games of
every game and the errors of bad calls. test_fast.py runs it with the extension
_fast and with ctypes alone (COLONY_AI_NO_FAST=1) and compares the two.

Run: python python/tests/fast_trace.py [GAMES_EACH]
"""

from __future__ import annotations

import json
import random
import sys
from typing import Any, Callable

import colony_ai
from colony_ai import _native

MAX_DECISIONS = 1500


def outcome(f: Callable[[], Any], message: bool = True) -> Any:
    """f's value, or its exception's type and message (its type alone, for Python's
    own errors of a call's arguments, worded by the kind of function)."""
    try:
        return ["ok", f()]
    except Exception as e:  # noqa: BLE001 - the exception is what is compared
        if not message:
            return ["raised", type(e).__name__]
        return ["raised", type(e).__name__, str(e), getattr(e, "code", None)]


def game_trace(name: str, seed: int) -> list[Any]:
    """A random game of name: after every decision what the hot calls say."""
    rng = random.Random(seed)
    g = colony_ai.load_game(name)
    s = g.new_initial_state()
    out: list[Any] = []
    n = 0
    while True:
        legal = s.legal_actions()
        row = [s.current_player(), legal, s.is_terminal(), s.is_turn_start(), s.returns(),
               s.legal_actions(0), s.legal_actions(player=1)]
        if n % 7 == 0:
            row.append(s.legal_actions_mask())
            c = s.clone()
            row.append([c.legal_actions(), c.current_player(), str(c) == str(s)])
        out.append(row)
        if s.is_terminal() or n >= MAX_DECISIONS:
            break
        if n % 11 == 5:  # a refused action on the way: the state is unchanged
            bad = min(set(range(g.num_distinct_actions() + 1)) - set(legal))
            out.append(outcome(lambda: s.apply_action(bad)))
        s.apply_action(rng.choice(legal))
        n += 1
    out.append([str(s), s.winner(), s.points()])
    return out


def errors() -> list[Any]:
    """The bad calls and their errors."""
    g = colony_ai.load_game("kalah")
    s = g.new_initial_state()
    out = []
    for a in [99, -1, 6, 255, 256, 2**31, 2**70, -(2**70), 1.5, "1", None, True, False]:
        out.append(outcome(lambda: s.apply_action(a)))
    out.append(str(s))
    try:
        import numpy as np

        out.append(outcome(lambda: s.apply_action(np.int64(2))))
        out.append(outcome(lambda: s.apply_action(np.uint8(8))))
    except ImportError:
        out.append("no numpy")
    out.append(str(s))
    t = s.clone()
    t.close()
    out.append(outcome(t.apply_action, message=False))
    for f in [lambda: t.apply_action(0), t.legal_actions, t.legal_actions_mask, t.current_player,
              t.is_terminal, t.is_turn_start, t.returns, t.clone, lambda: t.legal_actions(0), lambda: str(t),
              t.close, lambda: t.get_game().name]:
        out.append(outcome(f))
    out.append(repr(t))
    g2 = colony_ai.load_game("oware")
    g2.close()
    out.append(outcome(g2.new_initial_state))
    out.append(outcome(lambda: g.new_initial_state().legal_actions(2)))
    out.append(outcome(lambda: g.new_initial_state().legal_actions("x")))
    out.append(outcome(lambda: g.new_initial_state().legal_actions(0, 1), message=False))
    return out


def main() -> None:
    each = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    trace = {"fast": _native.fast is not None, "errors": errors(), "games": {}}
    for name in colony_ai.registered_games():
        trace["games"][name] = [game_trace(name, seed) for seed in range(each)]
    json.dump(trace, sys.stdout)


if __name__ == "__main__":
    main()
