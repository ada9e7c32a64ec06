"""The PettingZoo AEC environment: PettingZoo's own api_test and seed_test for every
registered game and The Colony's rule sets of the docs, and a game played through it
against the one-state API."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import colony_ai
from colony_ai import pettingzoo as cpz

# Every registered game, and The Colony's rule sets the docs use.
GAMES = colony_ai.registered_games() + ["colony:turncap=300", "colony:choice=selected", "colony:sowcap=50",
                                        "kalah:6x4,capture=nonempty", "oware:quiet=off", "kalah:4x3"]


# The warnings api_test gives every environment whose observations are dicts with an
# action mask, PettingZoo's own classic games (chess, go, connect four) exempted by
# name: the dict observation is PettingZoo's convention for action masks.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box or gymnasium.spaces.discrete",
)


def run_api_test(env, num_cycles):
    """api_test, failing on any warning but those of dict observations."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=num_cycles)
    others = [str(w.message) for w in caught if str(w.message) not in DICT_OBSERVATION_WARNINGS]
    assert not others, others


@pytest.mark.parametrize("game", GAMES)
def test_api(game):
    run_api_test(cpz.env(game=game), 300)


@pytest.mark.parametrize("game", GAMES)
def test_seed(game):
    seed_test(lambda: cpz.env(game=game, opening=4), num_cycles=100)


def test_net_observation():
    run_api_test(cpz.env(game="kalah", observation="net"), 100)
    run_api_test(cpz.env(game="colony", observation="net"), 100)


def test_opening_seeded():
    e1, e2 = cpz.env(game="colony", opening=6), cpz.env(game="colony", opening=6)
    e1.reset(seed=3)
    e2.reset(seed=3)
    assert str(e1.unwrapped.state) == str(e2.unwrapped.state)
    e2.reset(seed=4)
    assert str(e1.unwrapped.state) != str(e2.unwrapped.state)
    assert str(e1.unwrapped.state) != str(colony_ai.load_game("colony").new_initial_state())


def test_game_through_env():
    """A Colony game through the environment: the same agent is selected for every
    decision of its turn, the rewards at the end are the game's returns."""
    env = cpz.env(game="colony")
    env.reset(seed=0)
    shadow = colony_ai.load_game("colony").new_initial_state()
    rng = np.random.default_rng(5)
    repeats = 0
    last = None
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term or trunc:
            assert reward == shadow.returns()[int(agent[-1])]
            env.step(None)
            continue
        assert agent == f"player_{shadow.current_player()}"
        repeats += agent == last
        last = agent
        legal = np.flatnonzero(obs["action_mask"])
        assert sorted(legal) == sorted(shadow.legal_actions())
        a = int(rng.choice(legal))
        env.step(a)
        shadow.apply_action(a)
    assert shadow.is_terminal() and repeats > 0


def test_illegal_action_loses():
    """An illegal action ends the game with -1 for its player (PettingZoo's
    TerminateIllegalWrapper, as in its classic games)."""
    env = cpz.env(game="kalah")
    env.reset()
    env.step(0)  # South sows its pit a (4 seeds, to b..e): North to move
    env.step(0)  # North sows its pit a: South to move, its pit a empty
    agent = env.agent_selection
    obs, *_ = env.last()
    assert agent == "player_0" and obs["action_mask"][0] == 0
    env.step(0)  # PettingZoo's logger says "Illegal move made"
    assert env.terminations[agent] and env.rewards[agent] == -1
    assert env.rewards["player_1"] == 0
