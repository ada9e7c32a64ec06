"""The OpenSpiel-style core on every registered game, and its errors."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

import colony_ai
from colony_ai import ClosedError, GameError, IllegalActionError

GAMES = colony_ai.registered_games()
# Rule sets the docs use beside the defaults.
RULE_SETS = GAMES + ["kalah:6x4,capture=nonempty", "oware:quiet=off", "kalah:4x3", "colony:turncap=300"]


def test_registered_games() -> None:
    assert GAMES[0] == "colony"
    assert {"colony", "kalah", "oware", "ayo", "egyptian", "ethiopian", "nigerian", "martian"} <= set(GAMES)


@pytest.mark.parametrize("name", RULE_SETS)
def test_random_games(name: str) -> None:
    """Seeded random games through the whole core: every position's actions, their
    texts, masks, observations, network inputs, notation and clones agree."""
    game = colony_ai.load_game(name)
    assert game.num_players() == 2
    n = game.num_distinct_actions()
    assert 1 <= n <= 256
    obs_size = game.observation_tensor_size()
    assert obs_size == sum(p.size for p in game.observation_parts()) > 0
    enc = game.network_encoding()
    rng = random.Random(7)
    for _ in range(3):
        state = game.new_initial_state()
        assert str(state) == game.start_position()
        steps = 0
        while not state.is_terminal():
            player = state.current_player()
            assert player in (0, 1)
            legal = state.legal_actions()
            assert legal and all(0 <= a < n for a in legal)
            assert state.legal_actions(1 - player) == []
            mask = state.legal_actions_mask()
            assert len(mask) == n and [a for a in range(n) if mask[a]] == sorted(legal)
            for a in legal:
                text = state.action_to_string(a)
                assert state.string_to_action(text) == a
                assert state.action_to_string(player, a) == text
            obs = state.observation_tensor(player)
            assert len(obs) == obs_size
            if enc is not None:
                on = state.network_inputs(player)
                assert on == sorted(set(on)) and len(on) <= enc[2] and all(0 <= i < enc[1] for i in on)
            text = str(state)
            assert str(game.state_from(text)) == text
            c = state.clone()
            state.apply_action(rng.choice(legal))
            assert str(c) == text
            steps += 1
            assert steps < 100_000
        assert state.current_player() == colony_ai.TERMINAL_PLAYER
        assert state.legal_actions() == [] and not any(state.legal_actions_mask())
        w = state.winner()
        assert w in (-1, 0, 1)
        assert state.returns() == {-1: [0.0, 0.0], 0: [1.0, -1.0], 1: [-1.0, 1.0]}[w]
        assert state.end_reason() != ""
        p = state.points()
        if w >= 0:
            assert state.margin() == abs(p[0] - p[1]) or p[0] == p[1]


def test_colony_turns_are_decisions() -> None:
    """A turn of The Colony is several decisions by the same player: current_player
    stays, is_turn_start is False in between, and the notation in the middle of a
    turn carries the decisions so far (read back exactly)."""
    game = colony_ai.load_game("colony")
    rng = random.Random(1)
    seen_mid = 0
    state = game.new_initial_state()
    while not state.is_terminal() and seen_mid < 20:
        assert state.is_turn_start()
        mover = state.current_player()
        state.apply_action(rng.choice(state.legal_actions()))
        while not state.is_turn_start():
            seen_mid += 1
            assert state.current_player() == mover
            text = str(state)
            assert " | " in text
            back = game.state_from(text)
            assert str(back) == text and back.legal_actions() == state.legal_actions()
            assert pickle.loads(pickle.dumps(state)) == state
            state.apply_action(rng.choice(state.legal_actions()))
    assert seen_mid > 0


def test_apply_turn_and_think() -> None:
    game = colony_ai.load_game("kalah")
    state = game.new_initial_state()
    t = colony_ai.think(state, "ab:depth=4")
    assert t.depth == 4 and t.nodes > 0 and t.turn and t.actions and t.pv[: len(t.actions)] == t.actions
    assert t.pv_turns[0] == t.turn and t.scale >= 1 and t.spec.startswith("ab:depth=4") and t.proven == 0
    c = state.clone()
    for a in t.actions:
        c.apply_action(a)
    state.apply_turn(t.turn)
    assert state == c
    with colony_ai.Player(game, "mcts:sims=300") as p:
        assert p.spec.startswith("mcts:sims=300")
        t2 = p.think(state)
        assert t2.nodes >= 300
        t3 = p.think(state)
        assert t3.actions
    with pytest.raises(ClosedError):
        p.think(state)


def test_think_colony_and_timeout() -> None:
    game = colony_ai.load_game("colony")
    state = game.new_initial_state()
    t = state.think("ab:depth=2")
    state.apply_turn(t.turn)
    assert state.is_turn_start() and state.current_player() == 1
    t = colony_ai.think(state, "ab", timeout=0.2)
    assert t.actions


def test_pickle_copy_equality() -> None:
    game = colony_ai.load_game("oware:quiet=off")
    state = game.new_initial_state()
    for a in [0, 1, 2]:
        state.apply_action(state.legal_actions()[a % len(state.legal_actions())])
    back = pickle.loads(pickle.dumps(state))
    assert back == state and str(back) == str(state) and back.get_game().name == "oware:quiet=off"
    assert copy.copy(state) == state and copy.deepcopy(state) == state
    assert pickle.loads(pickle.dumps(game)).name == game.name
    other = state.clone()
    other.apply_action(other.legal_actions()[0])
    assert other != state
    state.copy_from(other)
    assert state == other
    assert hash(state) == hash(other)


def test_observation_arrays() -> None:
    np = pytest.importorskip("numpy")
    game = colony_ai.load_game("kalah")
    state = game.new_initial_state()
    a = state.observation_array(0)
    assert a.dtype == np.float32 and list(a.shape) == game.observation_tensor_shape()
    assert a.tolist() == state.observation_tensor(0)
    # Kalah: own pits, the opponent's, the stores, to move.
    assert a.tolist() == [4.0] * 12 + [0.0, 0.0, 1.0]
    out = np.zeros(game.observation_tensor_size(), dtype=np.float32)
    assert state.observation_array(1, out=out) is out and out[-1] == 0.0
    with pytest.raises(ValueError):
        state.observation_array(0, out=np.zeros(3, dtype=np.float32))
    dense = state.network_inputs_dense(0)
    enc = game.network_encoding()
    assert enc is not None and dense.shape == (enc[1],)
    assert sorted(np.flatnonzero(dense).tolist()) == state.network_inputs(0)


def test_errors() -> None:
    game = colony_ai.load_game("kalah")
    state = game.new_initial_state()
    with pytest.raises(GameError, match="unknown game"):
        colony_ai.load_game("kalahx")
    with pytest.raises(GameError, match="kalah:9x"):
        colony_ai.load_game("kalah:9x")
    with pytest.raises(GameError, match="position"):
        game.state_from("pits=1")
    with pytest.raises(IllegalActionError, match=r"legal: 0 \(a\)"):
        state.apply_action(9)
    with pytest.raises(IllegalActionError):
        state.apply_action(-1)
    with pytest.raises(IllegalActionError, match="action 1099511627776: not a legal"):
        state.apply_action(2**40)
    with pytest.raises(IllegalActionError):
        state.action_to_string(77)
    with pytest.raises(IllegalActionError, match="legal: a b c d e f"):
        state.string_to_action("q")
    with pytest.raises(IllegalActionError):
        state.apply_turn("zz")
    for bad in ["a", 1.5, None, True, [1]]:
        with pytest.raises(TypeError):
            state.apply_action(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        colony_ai.load_game(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        colony_ai.think("kalah", "ab")  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        state.observation_tensor(2)
    with pytest.raises(GameError, match="depth"):
        colony_ai.think(state, "ab:depth=x")
    with pytest.raises(GameError, match="engine"):
        colony_ai.think(state, "engine:nothing")
    with pytest.raises(TypeError):
        colony_ai.State()
    assert str(state) == game.start_position()  # nothing changed it


def test_closed() -> None:
    game = colony_ai.load_game("kalah")
    state = game.new_initial_state()
    c = state.clone()
    state.close()
    state.close()  # twice is fine
    for f in [state.legal_actions, state.is_terminal, state.clone, state.returns, lambda: str(state),
              lambda: state.apply_action(0), lambda: state.observation_tensor(0), lambda: colony_ai.think(state, "random")]:
        with pytest.raises(ClosedError):
            f()
    assert "closed" in repr(state)
    game.close()
    c.apply_action(0)  # states outlive their game's handle
    with pytest.raises(ClosedError):
        game.new_initial_state()


def test_panic_is_an_error() -> None:
    """A panic inside the library (a bug) comes back as InternalError; the process
    and the library go on."""
    import ctypes

    from colony_ai import _native

    f = _native.L.dll.colony_test_panic
    f.argtypes = [ctypes.c_char_p, ctypes.c_int]
    f.restype = ctypes.c_int
    err = ctypes.create_string_buffer(4096)
    rc = f(err, 4096)
    assert rc == -5 and b"internal error" in err.value and b"nil map" in err.value
    with pytest.raises(colony_ai.InternalError, match="nil map"):
        _native.check(rc, err)
    assert colony_ai.load_game("kalah").new_initial_state().legal_actions() == [0, 1, 2, 3, 4, 5]


def test_think_in_the_middle_of_a_turn() -> None:
    """A player asked in the middle of The Colony's turn answers the rest of it,
    which apply_turn plays as its decisions."""
    game = colony_ai.load_game("colony")
    state = game.new_initial_state()
    rng = random.Random(3)
    while state.is_turn_start():
        state.apply_action(rng.choice(state.legal_actions()))
    t = colony_ai.think(state, "ab:depth=2")
    c = state.clone()
    for a in t.actions:
        c.apply_action(a)
    state.apply_turn(t.turn)
    assert state == c and state.is_turn_start()
