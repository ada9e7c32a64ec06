"""The rules against OpenSpiel's own Python package (pyspiel): Kalah against
``mancala``, Oware against ``oware``, seeded random games played through both APIs,
every position's player to move, legal actions (mapped), terminal flag and returns
equal.

COLONY_OPENSPIEL_GAMES sets the games of each pair (default 2000); the long run is
``COLONY_OPENSPIEL_GAMES=100000 pytest python/tests/test_openspiel.py``.
"""

from __future__ import annotations

import os

import numpy as np
import pytest

import colony_ai

pyspiel = pytest.importorskip("pyspiel")

GAMES = int(os.environ.get("COLONY_OPENSPIEL_GAMES", "2000"))


def kalah_action(player: int, a: int) -> int:
    """pyspiel mancala's action of the toolkit's Kalah action a of player: the
    board's places are South's store-less ring 1..6 (pits a to f) and North's 8..13."""
    return 1 + a if player == 0 else 8 + a


def oware_action(player: int, a: int) -> int:
    """pyspiel oware's action of the toolkit's Oware action a: each player's houses
    0..5 in sowing order."""
    return a


PAIRS = [
    ("kalah:6x4,capture=nonempty", "mancala", kalah_action),
    ("oware:quiet=off", "oware", oware_action),
]


def play(ours: str, theirs: str, to_theirs, games: int, seed: int) -> dict[str, int]:
    g = colony_ai.load_game(ours)
    pg = pyspiel.load_game(theirs)
    rng = np.random.default_rng(seed)
    stats = {"games": 0, "positions": 0, "wins0": 0, "wins1": 0, "draws": 0}
    for n in range(games):
        s, ps = g.new_initial_state(), pg.new_initial_state()
        history: list[int] = []
        while True:
            def where() -> str:
                return f"{ours} game {n}, after the actions {history}: {s} against pyspiel's\n{ps}"

            stats["positions"] += 1
            assert s.is_terminal() == ps.is_terminal(), where()
            if s.is_terminal():
                assert list(s.returns()) == list(ps.returns()), where()
                r = s.returns()
                stats["wins0" if r[0] > r[1] else "wins1" if r[1] > r[0] else "draws"] += 1
                break
            p = s.current_player()
            assert p == ps.current_player(), where()
            legal = list(s.legal_actions())
            assert sorted(to_theirs(p, a) for a in legal) == list(ps.legal_actions()), where()
            a = int(legal[rng.integers(len(legal))])
            history.append(a)
            s.apply_action(a)
            ps.apply_action(to_theirs(p, a))
        stats["games"] += 1
    return stats


@pytest.mark.parametrize("ours,theirs,to_theirs", PAIRS, ids=[p[1] for p in PAIRS])
def test_against_openspiel(ours, theirs, to_theirs):
    stats = play(ours, theirs, to_theirs, GAMES, seed=2026)
    assert stats["games"] == GAMES
    # Random games of both end every way: a test that never saw a win of either
    # side or a draw would check less than it says.
    assert stats["wins0"] > 0 and stats["wins1"] > 0 and stats["draws"] > 0, stats
