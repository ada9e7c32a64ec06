"""The Gymnasium single-agent environment: Gymnasium's check_env for every game, and
games against a built-in player."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import colony_ai
from colony_ai import gymnasium as cgym

GAMES = colony_ai.registered_games() + ["colony:turncap=300", "kalah:6x4,capture=nonempty", "oware:quiet=off"]


@pytest.mark.parametrize("game", GAMES)
def test_check_env(game):
    env = cgym.make(game=game, opponent="ab:depth=2", player="random")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped, skip_render_check=False)
    env.close()


@pytest.mark.parametrize("opponent", ["random", "greedy", "ab:depth=2", "mcts:sims=50"])
def test_plays_to_the_end(opponent):
    env = cgym.make(game="kalah", opponent=opponent, player=1)
    obs, info = env.reset(seed=7)
    rng = np.random.default_rng(0)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert len(legal) > 0
        obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if term or trunc:
            break
    st = env.unwrapped.state
    assert st.is_terminal() and total == st.returns()[1] and steps > 0
    env.close()


def test_seeded_episodes_repeat():
    def episode(seed):
        env = cgym.make(game="colony", opponent="mcts:sims=30", player="random", opening=2)
        obs, _ = env.reset(seed=seed)
        out = [str(env.unwrapped.state)]
        for _ in range(20):
            legal = np.flatnonzero(obs["action_mask"])
            obs, r, term, trunc, _ = env.step(int(legal[0]))
            out.append(str(env.unwrapped.state))
            if term:
                break
        env.close()
        return out
    assert episode(3) == episode(3)
    assert episode(3) != episode(4)


def test_registered_and_errors():
    env = gymnasium.make("colony_ai/Colony-v0", game="oware", opponent="random")
    env.reset(seed=0)
    env.close()
    with pytest.raises(colony_ai.ColonyError):
        cgym.make(game="kalah", opponent="alphabeta:depth=3")
    with pytest.raises(colony_ai.ColonyError):
        cgym.make(game="nochess", opponent="random")
    env = cgym.make(game="kalah", opponent="random", illegal="raise")
    env.reset(seed=0)
    env.step(0)
    env.step(int(np.flatnonzero(env.unwrapped._obs()["action_mask"])[0]))
    mask = env.unwrapped._obs()["action_mask"]
    if (mask == 0).any():
        with pytest.raises(colony_ai.IllegalActionError):
            env.step(int(np.flatnonzero(mask == 0)[0]))
    env.close()
    env = cgym.make(game="kalah", opponent="random")
    obs, _ = env.reset(seed=0)
    bad = np.flatnonzero(obs["action_mask"] == 0)
    if len(bad):
        _, r, term, _, info = env.step(int(bad[0]))
        assert r == -1 and term and info["illegal_action"]
