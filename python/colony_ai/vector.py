"""A batched vector environment: N games of one rule set stepped in one native call.

:class:`VectorEnv` keeps N games of a rule set in the native library and plays one
decision in each of them per :meth:`VectorEnv.step`, from an array of N actions. The
library writes the observations, legal-action masks, rewards, terminations and
truncations straight into numpy arrays the environment allocated once: nothing is
copied, and the arrays returned by ``reset`` and ``step`` are the same arrays every
call, overwritten by the next one (copy what you keep).

It follows Gymnasium's ``VectorEnv`` conventions where they apply to a two-player
game played by one learner from both sides (self-play):

* **Observations** are a dict of two arrays: ``"observation"`` (N × the game's
  observation size, float32), the position seen by the player to move (the compact
  observation of :meth:`State.observation_tensor`, or the network input encoding
  with ``observation="net"``), and ``"action_mask"`` (N × the number of actions,
  int8: 1 for each legal action), as PettingZoo's environments give them.
* **Rewards** (N, float32) are those of the player who took the step's decision: the
  game's return for that player (+1 win, -1 loss, 0 draw) on the step that ends the
  game, 0 otherwise; the other player's reward is its negation. ``infos["to_move"]``
  (N, int8) says who is to move after the step.
* **Autoreset** is Gymnasium's "same step" mode
  (``metadata["autoreset_mode"] == AutoresetMode.SAME_STEP``): a game whose episode
  ends is started again in the same call, so that every observation returned is a
  position to play, with at least one legal action. ``terminations`` and
  ``truncations`` (N, bool) and the rewards are those of the episode that ended;
  ``infos["final_obs"]`` holds the last observation of each ended episode, in the
  rows where ``infos["_final_obs"]`` is True.
* **Seeds**: ``reset(seed=s)`` gives game i the seed ``s + i`` (or ``seed`` may be a
  list of N seeds). A game's seed draws its random opening (``opening`` random
  decisions played at every reset, 0 by default: every episode starts at the start
  position), so that the same seeds and actions give the same trajectories for any
  N and any number of worker threads.

The native side may step the games on several goroutines (``workers``); the call
releases the GIL while it runs.
"""

from __future__ import annotations

import ctypes
from typing import Any, Sequence

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from ._native import ERR_CAP, ClosedError, L, check, encode
from ._spaces import observation_space
from .core import Game, load_game

__all__ = ["VectorEnv"]


class VectorEnv(gymnasium.vector.VectorEnv):
    """N games of one rule set stepped together in native code (see the module's doc).

    Args:
        game: the rule set, by the name the command line uses (``"colony"``,
            ``"kalah:6x4,capture=nonempty"``), or a :class:`Game`.
        num_envs: the number of games N.
        observation: ``"compact"`` (the observation tensor), ``"net"`` (the network
            input encoding, dense 0/1) or ``"none"`` (masks, rewards and ends only:
            the observation array has 0 columns).
        workers: the number of goroutines the native side steps the games on (1:
            the calling thread alone; the result does not depend on it).
        max_steps: truncate an episode after that many decisions (0: never; every
            game ends by its own rules).
        opening: the number of random decisions played at every reset, from the
            game's seed.
        final_obs: write the last observation of ended episodes into
            ``infos["final_obs"]`` (True); False saves that copy.
    """

    metadata = {"autoreset_mode": AutoresetMode.SAME_STEP, "render_modes": []}

    def __init__(self, game: str | Game = "colony", num_envs: int = 1, *, observation: str = "compact",
                 workers: int = 1, max_steps: int = 0, opening: int = 0, final_obs: bool = True) -> None:
        self.game = game if isinstance(game, Game) else load_game(game)
        if isinstance(num_envs, bool) or not isinstance(num_envs, (int, np.integer)) or num_envs < 1:
            raise ValueError(f"num_envs must be a positive integer, not {num_envs!r}")
        self._h = 0
        for what, v in (("workers", workers), ("max_steps", max_steps), ("opening", opening)):
            if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or not 0 <= v < 2**31:
                raise ValueError(f"{what} must be a non-negative integer, not {v!r}")
        h, info = ctypes.c_int64(0), (ctypes.c_int32 * 3)()
        obs = encode(observation, "the observation's kind")
        self._err = ctypes.create_string_buffer(ERR_CAP)
        check(L.vector_new(self.game._handle(), int(num_envs), int(workers), int(max_steps), int(opening),
                           obs, len(obs), ctypes.byref(h), info, self._err, ERR_CAP), self._err)
        self._h = h.value
        self.num_envs, self.num_actions, self.observation_size = int(info[0]), int(info[1]), int(info[2])
        self.observation_kind = observation
        n, na, no = self.num_envs, self.num_actions, self.observation_size
        self._obs = np.zeros((n, no), dtype=np.float32)
        self._masks = np.zeros((n, na), dtype=np.int8)
        self._rewards = np.zeros(n, dtype=np.float32)
        self._terminations = np.zeros(n, dtype=np.bool_)
        self._truncations = np.zeros(n, dtype=np.bool_)
        self._to_move = np.zeros(n, dtype=np.int8)
        self._final_obs = np.zeros((n, no), dtype=np.float32) if final_obs else None
        self._ended = np.zeros(n, dtype=np.bool_)
        self._ptrs = [a.ctypes.data if a is not None else None for a in (
            self._obs, self._masks, self._rewards, self._terminations, self._truncations, self._to_move,
            self._final_obs)]
        self._observations: dict[str, np.ndarray] = {"observation": self._obs, "action_mask": self._masks}
        self.single_observation_space = observation_space(self.game, observation)
        self.single_action_space = spaces.Discrete(na)
        self.observation_space = gymnasium.vector.utils.batch_space(self.single_observation_space, n)
        self.action_space = spaces.MultiDiscrete(np.full(n, na))
        self._seeds = np.zeros(n, dtype=np.uint64)
        self._reset_done = False

    def _call(self, f: Any, arg: int | None) -> None:
        if not self._h:
            raise ClosedError("the vector environment is closed", -3)
        rc = f(self._h, self.num_envs, self.num_actions, self.observation_size, arg, *self._ptrs, self._err, ERR_CAP)
        if rc != 0:
            check(rc, self._err)

    def reset(self, *, seed: int | Sequence[int] | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        """Starts a new episode in every game; returns the observations and infos.

        ``seed`` is an int (game i gets ``seed + i``), a sequence of N ints, or None
        (the games keep their seeds and go on to their next episode's opening).
        """
        seeds = None
        if seed is not None:
            if isinstance(seed, (int, np.integer)):
                s = np.arange(self.num_envs, dtype=np.uint64) + np.uint64(int(seed) % 2**64)
            else:
                s = np.asarray(seed, dtype=np.uint64)
                if s.shape != (self.num_envs,):
                    raise ValueError(f"{len(s)} seeds for {self.num_envs} games")
            self._seeds[:] = s
            seeds = self._seeds.ctypes.data
        elif not self._reset_done:
            seeds = self._seeds.ctypes.data  # the first reset: seeds 0..N-1
            self._seeds[:] = np.arange(self.num_envs, dtype=np.uint64)
        self._call(L.vector_reset, seeds)
        self._reset_done = True
        return self._observations, {"to_move": self._to_move}

    def step(self, actions: Any) -> tuple[dict[str, np.ndarray], np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """Plays actions[i] in game i; returns observations, rewards, terminations,
        truncations and infos (see the module's doc). An action that is not legal
        raises :class:`colony_ai.IllegalActionError` and steps no game."""
        if not self._reset_done:
            raise RuntimeError("call reset() before step()")
        a = np.asarray(actions)
        if a.dtype != np.int32:
            if a.dtype == np.bool_ or not np.issubdtype(a.dtype, np.integer):
                raise TypeError(f"actions must be integers, not {a.dtype}")
            if a.size and (a.min() < -2**31 or a.max() >= 2**31):
                raise ValueError(f"actions out of range: {a.min()} to {a.max()}")
        if a.shape != (self.num_envs,):
            raise ValueError(f"actions of shape {a.shape}: want ({self.num_envs},)")
        a = np.ascontiguousarray(a, dtype=np.int32)
        self._call(L.vector_step, a.ctypes.data)
        infos: dict[str, Any] = {"to_move": self._to_move}
        if self._final_obs is not None:
            np.logical_or(self._terminations, self._truncations, out=self._ended)
            infos["final_obs"] = self._final_obs
            infos["_final_obs"] = self._ended
        return self._observations, self._rewards, self._terminations, self._truncations, infos

    def close_extras(self, **kwargs: Any) -> None:
        """Frees the native games (their workers stop); the environment cannot be used
        again."""
        h, self._h = getattr(self, "_h", 0), 0
        if h and not L.forked:
            L.free(h, None, 0)

    def __del__(self) -> None:
        try:
            self.close_extras()
        except Exception:  # interpreter shutdown
            pass
