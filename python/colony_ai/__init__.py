"""colony_ai: The Colony and the classic mancala games from Python.

The rules, players and tools of the colony toolkit (a Go library) through its native
library, with an OpenSpiel-style API::

    import random
    import colony_ai

    game = colony_ai.load_game("colony")
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(random.choice(state.legal_actions()))
    print(state.returns(), state)

See docs/python.md in the repository.
"""

from ._native import (
    ClosedError,
    ColonyError,
    ForkError,
    GameError,
    IllegalActionError,
    InternalError,
)
from .core import (
    TERMINAL_PLAYER,
    Game,
    ObservationPart,
    Player,
    State,
    Thought,
    load_game,
    registered_games,
    think,
)
from . import data, engine  # noqa: E402 - after core, which they use

__all__ = [
    "TERMINAL_PLAYER",
    "ClosedError",
    "ColonyError",
    "ForkError",
    "Game",
    "GameError",
    "IllegalActionError",
    "InternalError",
    "ObservationPart",
    "Player",
    "State",
    "Thought",
    "data",
    "engine",
    "load_game",
    "registered_games",
    "think",
]

__version__ = "0.1.0"

# The environments (colony_ai.pettingzoo, colony_ai.gymnasium, colony_ai.vector) need
# numpy, gymnasium and pettingzoo, which the core does not: they are imported on first
# use, so that colony_ai.pettingzoo.env(...) works after import colony_ai alone.
_ENVIRONMENTS = ("pettingzoo", "gymnasium", "vector")


def __getattr__(name: str) -> object:
    if name in _ENVIRONMENTS:
        import importlib

        return importlib.import_module("." + name, __name__)
    raise AttributeError("module 'colony_ai' has no attribute %r" % name)
