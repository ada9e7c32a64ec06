"""A Gymnasium single-agent environment: a game of the toolkit against a built-in
player.

``colony_ai.gymnasium.make(game="kalah", opponent="ab:depth=3")`` returns a
``gymnasium.Env`` in which the learner plays one side of the game and the player of
the spec ``opponent`` (any spec of the toolkit: ``random``, ``greedy``,
``ab:depth=3``, ``mcts:sims=800``, ``ab:depth=4,eval=net``) plays the other: every
``step`` plays the learner's decision, then the opponent's whole turns until it is the
learner's decision again or the game is over. The environment is also registered with
Gymnasium as ``colony_ai/Colony-v0`` (``gymnasium.make("colony_ai/Colony-v0",
game=..., opponent=...)``).

* **Observations** are dicts with ``"observation"`` (the position seen by the learner:
  the compact observation, or the network encoding with ``observation="net"``) and
  ``"action_mask"`` (int8, 1 for each legal action), as in the PettingZoo environment.
* **Actions** are the game's decision-level actions (``Discrete(num_actions)``); The
  Colony's turn is several steps.
* **Rewards**: the learner's return when the game ends (+1, -1, 0 for a draw), 0
  before. An action that is not legal ends the episode with reward -1 and
  ``info["illegal_action"] = True`` (``illegal="raise"`` raises instead).
* **Sides**: ``player=0`` (the learner moves first, the default), ``1``, or
  ``"random"`` (drawn at every reset from the environment's random source).
* **Seeds**: ``reset(seed=...)`` seeds the environment's random source, which draws
  the side (``player="random"``), the random opening decisions (``opening``) and the
  opponent's seed: the opponent is built again at every reset, with the spec's
  ``seed`` setting drawn there when the spec does not set it (for ``random``,
  ``greedy``, ``ab`` and ``mcts``), so that the same seed and actions give the same
  episode.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from .core import Game, _as_action, load_game
from ._spaces import observation_space

__all__ = ["ColonyEnv", "make"]

ENV_ID = "colony_ai/Colony-v0"


# The kinds of player whose spec takes a seed the environment sets.
_SEEDED_KINDS = ("random", "greedy", "ab", "mcts")


def seeded_spec(spec: str, seed: int) -> str:
    """spec with its seed set to seed, for a kind of player that takes one and a spec
    that does not set it; spec unchanged otherwise."""
    kind, _, params = spec.partition(":")
    if kind not in _SEEDED_KINDS or any(p.strip().startswith("seed=") for p in params.split(",")):
        return spec
    return f"{kind}:{params},seed={seed}" if params else f"{kind}:seed={seed}"


class ColonyEnv(gymnasium.Env):
    """A game against a built-in player (see the module's doc).

    Args:
        game: the rule set, by the name the command line uses.
        opponent: the opponent's player spec.
        player: the learner's side: 0, 1 or ``"random"``.
        observation: ``"compact"`` or ``"net"``.
        opening: random decisions played at every reset.
        illegal: ``"lose"`` (an illegal action ends the episode with reward -1) or
            ``"raise"``.
        render_mode: None, ``"ansi"`` or ``"human"``.
    """

    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(self, game: str | Game = "colony", opponent: str = "random", player: int | str = 0,
                 observation: str = "compact", opening: int = 0, illegal: str = "lose",
                 render_mode: str | None = None) -> None:
        self.game = game if isinstance(game, Game) else load_game(game)
        if player not in (0, 1, "random"):
            raise ValueError(f'player {player!r}: want 0, 1 or "random"')
        if illegal not in ("lose", "raise"):
            raise ValueError(f'illegal {illegal!r}: want "lose" or "raise"')
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r}: want one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.opponent_spec = opponent
        self.opponent = self.game.player(opponent)  # refuses a bad spec now
        self.side = player
        self.observation_kind = observation
        self.opening = int(opening)
        self.illegal = illegal
        if observation not in ("compact", "net"):
            raise ValueError(f'observation {observation!r}: want "compact" or "net"')
        n = self.game.num_distinct_actions()
        self.observation_space = observation_space(self.game, observation)
        self.action_space = spaces.Discrete(n)
        self.state = self.game.new_initial_state()
        self.player = 0

    def _obs(self) -> dict[str, np.ndarray]:
        if self.observation_kind == "net":
            o = self.state.network_inputs_dense(self.player)
        else:
            o = self.state.observation_array(self.player)
        mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        if not self.state.is_terminal() and self.state.current_player() == self.player:
            mask[self.state.legal_actions()] = 1
        return {"observation": o, "action_mask": mask}

    def _opponent_plays(self) -> None:
        while not self.state.is_terminal() and self.state.current_player() != self.player:
            for a in self.opponent.think(self.state).actions:
                self.state.apply_action(a)

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        self.opponent.close()
        self.opponent = self.game.player(seeded_spec(self.opponent_spec, int(self.np_random.integers(2**63))))
        self.player = int(self.np_random.integers(2)) if self.side == "random" else int(self.side)
        self.state = self.game.new_initial_state()
        for _ in range(self.opening):
            legal = self.state.legal_actions()
            s = self.state.clone()
            s.apply_action(int(legal[self.np_random.integers(len(legal))]))
            if s.is_terminal():
                break
            self.state = s
        self._opponent_plays()
        if self.render_mode == "human":
            self.render()
        return self._obs(), {"player": self.player}

    def step(self, action: Any) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        a = _as_action(action)
        if self.state.is_terminal():
            raise RuntimeError("step() after the end of the episode: call reset()")
        if a not in self.state.legal_actions():
            if self.illegal == "raise":
                self.state.apply_action(a)  # raises the game's own error
            return self._obs(), -1.0, True, False, {"player": self.player, "illegal_action": True}
        self.state.apply_action(a)
        self._opponent_plays()
        reward, terminated = 0.0, self.state.is_terminal()
        if terminated:
            reward = float(self.state.returns()[self.player])
        if self.render_mode == "human":
            self.render()
        return self._obs(), reward, terminated, False, {"player": self.player}

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn('render() called without a render_mode ("ansi" or "human")')
            return None
        text = str(self.state)
        if self.render_mode == "ansi":
            return text
        print(text)
        return None

    def close(self) -> None:
        p = getattr(self, "opponent", None)
        if p is not None:
            p.close()


def make(game: str = "colony", opponent: str = "random", **kwargs: Any) -> gymnasium.Env[Any, Any]:
    """Returns the environment of the game against the opponent's spec (see
    :class:`ColonyEnv` for the other arguments), wrapped by Gymnasium's usual
    checks as ``gymnasium.make`` would."""
    return gymnasium.make(ENV_ID, game=game, opponent=opponent, **kwargs)


if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="colony_ai.gymnasium:ColonyEnv", disable_env_checker=False)
