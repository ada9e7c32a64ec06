"""A bounded fuzz loop: random bytes, strings and numbers into every entry point.

Whatever goes in, the answer is a result or a Python exception of the package's (or
TypeError, ValueError for arguments of the wrong kind), never a crash of the
interpreter; the states stay usable. COLONY_AI_FUZZ=N runs N rounds (default 3000).
"""

from __future__ import annotations

import os
import random
from typing import Any, Callable

import colony_ai
from colony_ai import ColonyError, data

ROUNDS = int(os.environ.get("COLONY_AI_FUZZ", "3000"))

# Pieces of valid input, so that mutations reach past the first check.
TOKENS = ["colony", "kalah", "oware", "ayo", "egyptian", "ethiopian", "nigerian", "martian", ":", ",", "=", "x",
          "6x4", "4x3", "capture=nonempty", "quiet=off", "turncap=300", "pits=", "stores=", "move=", "south",
          "north", "eggs=", "red=", "black=", "hand=", "store=", "turn=", "ants=", " | ", " ", ".", "/", ">", "-",
          "A1", "B4", "C6", "pass", "a", "b", "f", "ab", "mcts", "random", "greedy", "minimax", "depth=", "sims=",
          "eval=", "net", "linear", "score", "0", "1", "2", "99999999999", "-1", "\x00", "\xff", "é", "\n", "..."]


def fuzz_text(rng: random.Random) -> str:
    k = rng.random()
    if k < 0.3:
        return "".join(rng.choice(TOKENS) for _ in range(rng.randint(0, 8)))
    if k < 0.6:
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 40))).decode("utf-8", "surrogateescape")
    return "".join(chr(rng.randrange(0x20, 0x250)) for _ in range(rng.randint(0, 30)))


def fuzz_value(rng: random.Random) -> Any:
    return rng.choice([rng.randint(-300, 300), rng.randint(-2**70, 2**70), fuzz_text(rng), None, 1.5, True, b"\x01",
                       [1], -0.0, 2**31, -(2**31) - 1])


def attempt(f: Callable[[], Any]) -> None:
    try:
        f()
    except (ColonyError, TypeError, ValueError, OverflowError):
        pass


def test_fuzz_every_entry_point(tmp_path: Any) -> None:
    rng = random.Random(20261128)
    games = [colony_ai.load_game(n) for n in colony_ai.registered_games()]
    states = [g.new_initial_state() for g in games]
    junk = tmp_path / "junk"
    for _ in range(ROUNDS):
        text, value = fuzz_text(rng), fuzz_value(rng)
        g = rng.choice(games)
        s = rng.choice(states)
        if s.is_terminal():
            s.copy_from(s.get_game().new_initial_state())
        # Never a spec that starts a process or searches without a bound.
        spec = text if not any(w in text for w in ("cmd", "engine", "time", "depth", "sims", "nodes")) else "random"
        op = rng.randrange(16)
        if op == 0:
            attempt(lambda: colony_ai.load_game(text))
        elif op == 1:
            attempt(lambda: g.state_from(text))
        elif op == 2:
            attempt(lambda: s.apply_action(value))
        elif op == 3:
            attempt(lambda: s.apply_turn(text))
        elif op == 4:
            attempt(lambda: s.string_to_action(text))
        elif op == 5:
            attempt(lambda: s.action_to_string(value))
        elif op == 6:
            attempt(lambda: s.observation_tensor(value))
        elif op == 7:
            attempt(lambda: s.network_inputs(value))
        elif op == 8:
            attempt(lambda: colony_ai.think(s, spec, timeout=0.05))
        elif op == 9:
            attempt(lambda: g.player(spec).close())
        elif op == 10:
            attempt(lambda: colony_ai.think(s, "ab:depth=1", engines=text))
        elif op == 11:
            junk.write_bytes(text.encode("utf-8", "surrogateescape"))
            attempt(lambda: data.read_games(junk))
        elif op == 12:
            attempt(lambda: data.read_games(text))
        elif op == 13:
            attempt(lambda: s.legal_actions(value))
        elif op == 14:
            attempt(lambda: colony_ai.think(s, "ab:depth=1,eval=net:" + text, timeout=0.05))
        else:
            legal = s.legal_actions()
            if legal:
                s.apply_action(rng.choice(legal))
    # Everything still works.
    for g, s in zip(games, states):
        assert str(g.state_from(str(s))) == str(s)
        assert g.new_initial_state().legal_actions()
