"""PettingZoo's AEC environment for every game of the toolkit.

``colony_ai.pettingzoo.env(game="colony")`` returns an AEC environment wrapped as
PettingZoo's classic environments are (illegal moves end the game with a loss for the
player who made them, actions out of range are refused, the order of calls is
enforced); ``raw_env`` is the unwrapped one. The agents are ``player_0`` (who moves
first: Red in The Colony, South in Kalah and Oware) and ``player_1``.

* **Observations** are dicts with ``"observation"``, the position seen by that agent
  (the compact observation of :meth:`State.observation_tensor`, float32, or with
  ``observation="net"`` the network input encoding, dense 0/1), and
  ``"action_mask"``, an int8 vector with a 1 for every legal action of the agent to
  move; the other agent's mask is all zeros.
* **Actions** are the game's decision-level actions (``Discrete(num_actions)``).
  The Colony's turn is several decisions by the same player (a selection, direction
  choices, ant moves): the same agent is then selected for several steps in a row, as
  :attr:`agent_selection` shows.
* **Rewards** are 0 until the game ends, then the game's returns: +1 for the winner,
  -1 for the loser, 0 each for a draw.
* **Seeds**: the games have no chance; ``reset(seed=...)`` seeds the environment's
  random source, which draws the ``opening`` random decisions played at every reset
  (0 by default: every game starts at the start position).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from gymnasium.utils import seeding
from pettingzoo import AECEnv  # type: ignore[import-untyped]
from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from ._spaces import observation_space
from .core import Game, load_game

__all__ = ["env", "raw_env"]


def env(game: str = "colony", **kwargs: Any) -> AECEnv:
    """Returns the AEC environment of the game (see :class:`raw_env` for the
    arguments), wrapped as PettingZoo's classic environments are."""
    e: AECEnv = raw_env(game=game, **kwargs)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):  # type: ignore[misc]
    """The AEC environment of a game, unwrapped (see the module's doc).

    Args:
        game: the rule set, by the name the command line uses.
        render_mode: None, ``"ansi"`` (``render()`` returns the position's drawing)
            or ``"human"`` (``render()`` prints it).
        observation: ``"compact"`` or ``"net"``.
        opening: the number of random decisions played at every reset.
    """

    metadata: dict[str, Any] = {"render_modes": ["human", "ansi"], "name": "colony_v0", "is_parallelizable": False,
                "render_fps": 1}

    def __init__(self, game: str | Game = "colony", render_mode: str | None = None, observation: str = "compact",
                 opening: int = 0) -> None:
        super().__init__()
        self.game = game if isinstance(game, Game) else load_game(game)
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: want one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.observation_kind = observation
        self.opening = int(opening)
        self.possible_agents = ["player_0", "player_1"]
        self.agents = self.possible_agents[:]
        if observation not in ("compact", "net"):
            raise ValueError(f'observation {observation!r}: want "compact" or "net"')
        n = self.game.num_distinct_actions()
        self.observation_spaces = {a: observation_space(self.game, observation) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(n) for a in self.possible_agents}
        self._np_random, _ = seeding.np_random(None)
        self.state = self.game.new_initial_state()

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.action_spaces[agent]

    def _observe_as(self, player: int) -> np.ndarray:
        if self.observation_kind == "net":
            return self.state.network_inputs_dense(player)
        return self.state.observation_array(player)

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        p = self.possible_agents.index(agent)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if agent == self.agent_selection and not self.state.is_terminal():
            mask[self.state.legal_actions()] = 1
        return {"observation": self._observe_as(p), "action_mask": mask}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
        self.state = self.game.new_initial_state()
        for _ in range(self.opening):
            legal = self.state.legal_actions()
            if len(legal) == 0:
                break
            s = self.state.clone()
            s.apply_action(int(legal[self._np_random.integers(len(legal))]))
            if s.is_terminal():
                break
            self.state = s
        self.agents = self.possible_agents[:]
        self.rewards: dict[str, float] = {a: 0.0 for a in self.agents}
        self._cumulative_rewards: dict[str, float] = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection] or self.truncations[self.agent_selection]:
            self._was_dead_step(action)
            return
        agent = self.agent_selection
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        self.rewards = {a: 0.0 for a in self.agents}
        if self.state.is_terminal():
            returns = self.state.returns()
            for i, a in enumerate(self.possible_agents):
                self.rewards[a] = float(returns[i])
            self.terminations = {a: True for a in self.agents}
        else:
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        """Draws the position: returns the drawing ("ansi") or prints it ("human")."""
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode (\"ansi\" or \"human\")")
            return None
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        pass
