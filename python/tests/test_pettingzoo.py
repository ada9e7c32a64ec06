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
GAMES = colony_ai.registered_games() + ["colony:turncap=300", "colony:sowingcap=off", "kalah:6x4,capture=nonempty",
                             "oware:quiet=off", "kalah:4x3"]


@pytest.mark.parametrize("game", GAMES)
def test_api(game):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning of api_test is a failure here
        api_test(cpz.env(game=game), num_cycles=300)


@pytest.mark.parametrize("game", GAMES)
def test_seed(game):
    seed_test(lambda: cpz.env(game=game, opening=4), num_cycles=100)


def test_net_observation():
    api_test(cpz.env(game="kalah", observation="net"), num_cycles=100)


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
    env = cpz.env(game="kalah")
    env.reset()
    env.step(0)  # South's pit a: 4 seeds, a legal move...
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(0)  # ...then North's pit a is fine; South's emptied pit a is not:
    agent = env.agent_selection
    obs, *_ = env.last()
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0]) if (obs["action_mask"] == 0).any() else None
    if illegal is not None:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            env.step(illegal)
        assert env.terminations[agent] and env.rewards[agent] == -1
