"""The batched vector environment (colony_ai.vector): against the one-state API, its
determinism for any N and thread count, its autoreset and its errors."""

from __future__ import annotations

import numpy as np
import pytest

import colony_ai
from colony_ai.vector import VectorEnv
from gymnasium.vector import AutoresetMode

GAMES = ["colony", "kalah:6x4,capture=nonempty", "oware:quiet=off", "ayo", "martian", "egyptian"]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A uniformly random legal action for every row of masks, chosen in numpy."""
    u = rng.random(masks.shape) * masks
    return u.argmax(axis=1).astype(np.int32)


def trajectory(game: str, seeds: list[int], workers: int, steps: int, opening: int = 3) -> list[bytes]:
    """Plays the games seeded seeds, actions drawn by a generator of each game's own,
    and returns each game's course as bytes."""
    env = VectorEnv(game, len(seeds), workers=workers, opening=opening, max_steps=150)
    obs, infos = env.reset(seed=seeds)
    rngs = [np.random.default_rng(s) for s in seeds]
    courses: list[list[bytes]] = [[] for _ in seeds]

    def record(rew=None, term=None, trunc=None, infos=None):
        for i in range(len(seeds)):
            parts = [obs["observation"][i].tobytes(), obs["action_mask"][i].tobytes(),
                     bytes([int(infos["to_move"][i])])]
            if rew is not None:
                parts += [rew[i].tobytes(), bytes([int(term[i]), int(trunc[i])])]
                if term[i] or trunc[i]:
                    parts.append(infos["final_obs"][i].tobytes())
            courses[i].append(b"".join(parts))

    record(infos=infos)
    for _ in range(steps):
        actions = np.array([random_actions(obs["action_mask"][i:i + 1], rngs[i])[0] for i in range(len(seeds))],
                           dtype=np.int32)
        obs, rew, term, trunc, infos = env.step(actions)
        record(rew, term, trunc, infos)
    env.close()
    return [b"".join(c) for c in courses]


@pytest.mark.parametrize("game", ["colony", "kalah:6x4,capture=nonempty", "oware:quiet=off"])
def test_same_seeds_same_trajectories(game):
    seeds = [5, 6, 7, 8, 9]
    alone = [trajectory(game, [s], 1, 300)[0] for s in seeds]
    for workers in (1, 2, 4):
        assert trajectory(game, seeds, workers, 300) == alone, f"{workers} workers"
    assert len(set(alone)) == len(alone), "different seeds gave the same course"


@pytest.mark.parametrize("game", GAMES)
def test_against_states(game):
    """Every mask, observation, reward and ending equals what the one-state API says of
    the same games, and ended games start again at the start position."""
    g = colony_ai.load_game(game)
    n = 4
    env = VectorEnv(game, n, workers=2)
    obs, infos = env.reset(seed=0)
    states = [g.new_initial_state() for _ in range(n)]
    rng = np.random.default_rng(1)
    ended = 0
    for step in range(400):
        for i, s in enumerate(states):
            mask = np.zeros(env.num_actions, dtype=np.int8)
            mask[s.legal_actions()] = 1
            np.testing.assert_array_equal(obs["action_mask"][i], mask, err_msg=f"step {step}, game {i}")
            p = s.current_player()
            assert infos["to_move"][i] == p
            np.testing.assert_array_equal(obs["observation"][i],
                                          np.asarray(s.observation_tensor(p), np.float32).ravel())
        actions = random_actions(obs["action_mask"], rng)
        before = [s.current_player() for s in states]
        obs, rew, term, trunc, infos = env.step(actions)
        for i, s in enumerate(states):
            s.apply_action(int(actions[i]))
            assert bool(term[i]) == s.is_terminal()
            assert not trunc[i]
            if s.is_terminal():
                assert rew[i] == s.returns()[before[i]]
                assert infos["_final_obs"][i]
                np.testing.assert_array_equal(infos["final_obs"][i],
                                              s.observation_array().ravel())
                states[i] = g.new_initial_state()
                ended += 1
            else:
                assert rew[i] == 0 and not infos["_final_obs"][i]
    assert ended > 0
    env.close()


def test_net_observation_and_truncation():
    g = colony_ai.load_game("kalah")
    env = VectorEnv("kalah", 3, observation="net", max_steps=5)
    obs, _ = env.reset(seed=3)
    s = g.new_initial_state()
    np.testing.assert_array_equal(obs["observation"][0], s.network_inputs_dense(0))
    for k in range(5):
        obs, rew, term, trunc, infos = env.step(random_actions(obs["action_mask"], np.random.default_rng(k)))
    assert trunc.all() and not term.any() and (rew == 0).all()
    np.testing.assert_array_equal(obs["observation"][1], s.network_inputs_dense(0))  # started again
    env.close()


def test_no_copy_and_spaces():
    env = VectorEnv("colony", 8)
    assert env.metadata["autoreset_mode"] == AutoresetMode.SAME_STEP
    obs, _ = env.reset(seed=1)
    obs2, rew, term, trunc, _ = env.step(random_actions(obs["action_mask"], np.random.default_rng(0)))
    assert obs2["observation"] is obs["observation"]  # the same arrays, written in place
    assert obs["observation"].shape == (8, env.observation_size)
    assert env.single_observation_space.contains({"observation": obs["observation"][0],
                                                  "action_mask": obs["action_mask"][0]})
    assert env.observation_space.contains(obs)
    assert rew.dtype == np.float32 and term.dtype == np.bool_ and trunc.dtype == np.bool_
    env.close()


def test_errors():
    env = VectorEnv("kalah", 3)
    with pytest.raises(RuntimeError):
        env.step([0, 0, 0])
    obs, _ = env.reset(seed=0)
    with pytest.raises(ValueError, match=r"want \(3,\)"):
        env.step([0, 0])
    with pytest.raises(TypeError, match="must be integers"):
        env.step(np.zeros(3))
    with pytest.raises(ValueError, match="out of range"):
        env.step(np.array([0, 1, 2**40]))
    before = obs["action_mask"].copy()
    with pytest.raises(colony_ai.IllegalActionError, match="game 2: action 9"):
        env.step([0, 1, 9])
    np.testing.assert_array_equal(obs["action_mask"], before)  # no game stepped
    with pytest.raises(ValueError, match="2 seeds for 3 games"):
        env.reset(seed=[1, 2])
    env.close()
    with pytest.raises(colony_ai.ColonyError):
        env.step([0, 0, 0])
    with pytest.raises(ValueError):
        VectorEnv("kalah", 0)
    with pytest.raises(colony_ai.ColonyError, match="unknown observation"):
        VectorEnv("kalah", 2, observation="pixels")
    with pytest.raises(colony_ai.ColonyError, match="unknown game"):
        VectorEnv("chess", 2)


def test_threads():
    """Vector environments stepped from several Python threads at once (the call
    releases the GIL) give the games they give alone."""
    import threading

    seeds = [[1, 2, 3], [4, 5, 6], [7, 8, 9]]
    alone = [trajectory("colony", s, 2, 200) for s in seeds]
    got: list = [None] * len(seeds)

    def run(k: int) -> None:
        got[k] = trajectory("colony", seeds[k], 2, 200)

    threads = [threading.Thread(target=run, args=(k,)) for k in range(len(seeds))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == alone


def test_lazy_import_and_close():
    env = colony_ai.vector.VectorEnv("oware", 2)
    env.reset()
    live = colony_ai._native.L.handles()
    env.close()
    assert colony_ai._native.L.handles() == live - 1
    env.close()  # twice is fine


def test_fuzz():
    """Random actions, seeds and arguments: an exception with a message, never a
    crash, and a legal step after each refusal works."""
    rng = np.random.default_rng(11)
    env = VectorEnv("colony", 4, workers=2)
    obs, _ = env.reset(seed=1)
    bad_inputs = [None, "x", 1.5, [1, 2, 3], np.zeros((2, 4)), np.array([1e12] * 4), object()]
    for k in range(300):
        choice = rng.integers(3)
        try:
            if choice == 0:
                env.step(rng.integers(-300, 300, size=4))
            elif choice == 1:
                env.step(bad_inputs[k % len(bad_inputs)])
            else:
                env.reset(seed=[int(x) for x in rng.integers(0, 2**63, size=int(rng.integers(1, 6)))])
        except (colony_ai.ColonyError, ValueError, TypeError, OverflowError) as e:
            assert str(e)
        obs, *_ = env.step(random_actions(obs["action_mask"], rng))
    env.close()
    for args in [dict(workers=-1), dict(max_steps=-5), dict(opening=2**40), dict(workers="2"), dict(observation=3)]:
        with pytest.raises((ValueError, TypeError)):
            VectorEnv("kalah", 2, **args)
