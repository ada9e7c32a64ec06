"""The Gymnasium spaces of the environments' observations (PettingZoo, Gymnasium and
the vector environment share them)."""

from __future__ import annotations

import numpy as np
from gymnasium import spaces

from .core import Game

# The compact observation's values are counts (pieces, turns, plies) and 0/1 flags:
# never negative; their largest is bounded by each game's rules only, so the space's
# bound is float32's largest finite value.
OBSERVATION_LOW = 0.0
OBSERVATION_HIGH = float(np.finfo(np.float32).max)


def observation_box(game: Game, observation: str) -> spaces.Box:
    """The space of one player's observation of game: ``"compact"`` (the observation
    tensor, float32, of the game's shape), ``"net"`` (the network input encoding,
    dense 0/1 float32) or ``"none"`` (no values)."""
    if observation == "net":
        enc = game.network_encoding()
        if enc is None:
            raise ValueError(f"{game.name} has no network input encoding")
        return spaces.Box(0.0, 1.0, (enc[1],), np.float32)
    if observation == "none":
        return spaces.Box(0.0, 1.0, (0,), np.float32)
    if observation != "compact":
        raise ValueError(f'observation {observation!r}: want "compact", "net" or "none"')
    return spaces.Box(OBSERVATION_LOW, OBSERVATION_HIGH, tuple(game.observation_tensor_shape()), np.float32)


def observation_space(game: Game, observation: str) -> spaces.Dict:
    """The space of one player's observation with its action mask: a dict of
    ``"observation"`` (observation_box) and ``"action_mask"`` (int8, 0 or 1 for each
    action)."""
    return spaces.Dict({"observation": observation_box(game, observation),
                        "action_mask": spaces.Box(0, 1, (game.num_distinct_actions(),), np.int8)})
