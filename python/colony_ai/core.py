"""The OpenSpiel-style core: games, states, players and think.

A Game is a registered game under one rule set, opened by the name the command line
uses (``load_game("kalah:6x4,capture=nonempty")``). Its states are stepped a decision
at a time with integer actions, as the toolkit's game contract has them: a turn of
The Colony is several decisions by the same player (select a log, choose directions,
move an ant or pass), each an action of its own, and ``current_player()`` stays the
same until the turn ends. ``is_turn_start()`` says where turns begin; ``apply_turn``
plays a whole turn written in the game's notation.

The rules are the Go code of the toolkit, called through the native library: one
copy of the rules, exactly those of every command and player.
"""

from __future__ import annotations

import ctypes
import threading
from ctypes import c_float, c_int, c_int32, c_int64, c_uint8, c_uint16
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

from . import _native
from ._native import ERR_CAP, L, ClosedError, check, encode

if TYPE_CHECKING:  # pragma: no cover
    import numpy

__all__ = [
    "Game",
    "State",
    "Player",
    "Thought",
    "ObservationPart",
    "load_game",
    "registered_games",
    "think",
]

TERMINAL_PLAYER = -4
"""current_player() of a finished game, as OpenSpiel's pyspiel.PlayerId.TERMINAL."""

_StatusArray = c_int32 * _native.STATUS_LEN
_LegalArray = c_uint8 * _native.MAX_ACTIONS
_MAX_ACTIONS = _native.MAX_ACTIONS

# Status fields (native.Status), and the bits of a Summary.
_TO_MOVE, _TERMINAL, _TURN_START, _WINNER, _MARGIN, _P0, _P1, _NLEGAL = range(8)
_SUM_NUM_LEGAL = _native.SUM_NUM_LEGAL
_SUM_TO_MOVE = _native.SUM_TO_MOVE
_SUM_TERMINAL = _native.SUM_TERMINAL
_SUM_TURN_START = _native.SUM_TURN_START


def _error_buffer() -> Any:
    return ctypes.create_string_buffer(ERR_CAP)


def _call(f: Any, *args: Any) -> None:
    """Call f, a library function whose last arguments are err and errcap and which
    changes nothing when it fails, first without an error buffer (the common case
    costs none), then, when it fails, again with one for the message."""
    rc = f(*args, None, 0)
    if rc != 0:
        err = _error_buffer()
        check(f(*args, err, ERR_CAP), err)


def _as_action(a: Any) -> int:
    """a as an int action (any integer type, numpy's included); TypeError otherwise."""
    if isinstance(a, bool):
        raise TypeError("an action is an int, not a bool")
    try:
        return int(a.__index__())
    except AttributeError:
        raise TypeError("an action is an int, not %s" % type(a).__name__) from None


def _as_player(p: Any) -> int:
    q = _as_action(p)
    if q not in (0, 1):
        raise ValueError("player %d: want 0 or 1" % q)
    return q


def registered_games() -> list[str]:
    """The names of the registered games, The Colony first ("colony", "kalah", ...)."""
    return _native.games()


@dataclass(frozen=True)
class ObservationPart:
    """One consecutive part of a game's observation tensor."""

    name: str
    size: int
    doc: str


class Game:
    """A registered game under one rule set.

    Open one with load_game. A Game is immutable and safe to share between threads;
    its states and players outlive it.
    """

    __slots__ = ("_h", "_info", "__weakref__")

    def __init__(self, name: str) -> None:
        """Open the game NAME or NAME:PARAMS, as load_game."""
        raw = encode(name, "the game's name")
        h = c_int64(0)
        _call(L.game_open, raw, len(raw), ctypes.byref(h))
        self._h = h.value
        self._info: dict[str, Any] = _native.call_json(L.game_info, self._h)

    # --- what the game is

    @property
    def name(self) -> str:
        """The rule set's full name, as load_game reads it back ("kalah:6x4")."""
        return str(self._info["name"])

    @property
    def sides(self) -> tuple[str, str]:
        """The sides' names, the first player's first."""
        s = self._info["sides"]
        return (s[0], s[1])

    def num_players(self) -> int:
        """2: every game of the toolkit is for two players."""
        return 2

    def num_distinct_actions(self) -> int:
        """The size of the action space: every action is an int below it."""
        return int(self._info["num_actions"])

    def start_position(self) -> str:
        """The start position in the game's notation."""
        return str(self._info["start"])

    def observation_tensor_shape(self) -> list[int]:
        """The shape of observation_tensor (see observation_parts for its parts)."""
        return list(self._info["observation"]["shape"])

    def observation_tensor_size(self) -> int:
        """The number of values of observation_tensor."""
        return int(self._info["observation"]["size"])

    def observation_parts(self) -> list[ObservationPart]:
        """The consecutive parts of observation_tensor, in order, with what each holds."""
        return [ObservationPart(p["name"], p["size"], p["doc"]) for p in self._info["observation"]["parts"]]

    def network_encoding(self) -> Optional[tuple[str, int, int]]:
        """The network input encoding (name, inputs, max_active), or None when the game
        has none (see State.network_inputs)."""
        e = self._info["encoding"]
        if e is None:
            return None
        return (e["name"], int(e["inputs"]), int(e["max_active"]))

    def evaluations(self) -> list[str]:
        """The values of the eval setting of player specs, the default first."""
        return list(self._info["evaluations"])

    # --- states and players

    def new_initial_state(self) -> "State":
        """A new state at the start position."""
        return _new_state(State, self, self._handle())

    def state_from(self, text: str) -> "State":
        """A new state from a position in the game's notation (str(state) writes it)."""
        raw = encode(text, "a position")
        h = c_int64(0)
        _call(L.state_parse, self._handle(), raw, len(raw), ctypes.byref(h))
        return State._make(self, h.value)

    def player(self, spec: str, engines: Optional[str] = None) -> "Player":
        """The player of spec for this game (see Player)."""
        return Player(self, spec, engines)

    # --- life

    def close(self) -> None:
        """Release the game's handle (its states and players stay usable)."""
        h, self._h = self._h, 0
        if h and not L.forked:
            L.free(h, None, 0)

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # interpreter shutdown
            pass

    def __reduce__(self) -> tuple[Any, ...]:
        return (load_game, (self.name,))

    def __repr__(self) -> str:
        return "colony_ai.load_game(%r)" % self.name

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def _handle(self) -> int:
        if not self._h:
            raise ClosedError("the game %s is closed" % self._info["name"], -3)
        return self._h


def load_game(name: str) -> Game:
    """Open the game NAME or NAME:PARAMS by the name the command line uses: "colony",
    "colony:turncap=300", "kalah:6x4,capture=nonempty", "oware:quiet=off", "ayo",
    "egyptian", "ethiopian", "nigerian", "martian". A bad name raises GameError with
    the game's own message."""
    return Game(name)


_games_by_name: dict[str, Game] = {}
_games_lock = threading.Lock()


def _cached_game(name: str) -> Game:
    """The game of name, opened once a process (for unpickling states)."""
    with _games_lock:
        g = _games_by_name.get(name)
        if g is None:
            g = _games_by_name[name] = Game(name)
        return g


def _restore_state(game: str, position: str) -> "State":
    return _cached_game(game).state_from(position)


def _closed() -> ClosedError:
    return ClosedError("the state is closed", -3)


class _CtypesState:
    """The calls of State that a game loop makes, over ctypes: the fall-back of the
    extension module _fast, whose StateBase has the same methods and fields in C
    (one is chosen at import: _StateBase below)."""

    # _sum is the library's Summary of the state after its last change (the number
    # of legal actions, the player to move, terminal, turn start), -1 once closed;
    # _legal holds its legal actions. Reading them costs no call.
    __slots__ = ("_h", "_ch", "_game", "_sum", "_legal")

    _h: int
    _ch: Any
    _game: Game
    _sum: int
    _legal: Any

    def _attach(self, game: Game, h: int) -> None:
        """Make this the state of handle h of game, and read it."""
        self._h = h
        self._ch = c_int64(h)
        self._game = game
        self._legal = _LegalArray()
        self._sum = -1
        self._refresh()

    def _refresh(self) -> None:
        """Read the state's summary and legal actions again."""
        r = L.state_summary(self._ch, self._legal)
        if r < 0:
            self._sum = -1
            st = _StatusArray()
            _call(L.state_status, self._h, st, None, 0)
            raise _native.ColonyError("colony library error %d" % r, r)  # pragma: no cover
        self._sum = r

    def _detach(self) -> int:
        """Mark the state closed and return its handle (0 when it was closed)."""
        h, self._h = self._h, 0
        self._sum = -1
        self._ch = c_int64(0)
        return h

    def get_game(self) -> Game:
        """The state's game."""
        return self._game

    def current_player(self) -> int:
        """The player (0 or 1) to take the next decision, or -4 (TERMINAL_PLAYER) when
        the game is over."""
        s = self._sum
        if s < 0:
            raise _closed()
        if s & _SUM_TERMINAL:
            return TERMINAL_PLAYER
        return 1 if s & _SUM_TO_MOVE else 0

    def legal_actions(self, player: Optional[int] = None) -> list[int]:
        """The legal actions, in the game's order; none when the game is over (or for
        the player not to move, when player is given)."""
        s = self._sum
        if s < 0:
            raise _closed()
        if player is not None and player != (1 if s & _SUM_TO_MOVE else 0):
            return []
        legal: list[int] = self._legal[: s & _SUM_NUM_LEGAL]
        return legal

    def legal_actions_mask(self, player: Optional[int] = None) -> list[int]:
        """1 for each legal action and 0 for the others, num_distinct_actions()
        values."""
        mask = [0] * self._game.num_distinct_actions()
        for a in self.legal_actions(player):
            mask[a] = 1
        return mask

    def apply_action(self, action: int) -> None:
        """Play the decision action. One that is not legal raises IllegalActionError
        (the state is unchanged); a non-integer raises TypeError."""
        if type(action) is not int:
            action = _as_action(action)
        if 0 <= action < _MAX_ACTIONS:
            r = L.state_step(self._ch, action, self._legal)
            if r >= 0:
                self._sum = r
                return
        _apply_refused(self, action)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        s = self._sum
        if s < 0:
            raise _closed()
        return bool(s & _SUM_TERMINAL)

    def is_turn_start(self) -> bool:
        """Whether the state is at the start of a turn (or the game is over)."""
        s = self._sum
        if s < 0:
            raise _closed()
        return bool(s & _SUM_TURN_START)

    def returns(self) -> list[float]:
        """Each player's return: +1 for the winner, -1 for the loser, 0 for a draw or
        while the game goes on."""
        if not self.is_terminal():
            return [0.0, 0.0]
        w = self._status()[_WINNER]
        if w < 0:
            return [0.0, 0.0]
        return [1.0, -1.0] if w == 0 else [-1.0, 1.0]

    def clone(self) -> "State":
        """An independent copy of the state."""
        h = c_int64(0)
        _call(L.state_clone, self._handle(), ctypes.byref(h))
        c = State.__new__(State)
        c._h = h.value
        c._ch = h
        c._game = self._game
        c._legal = _LegalArray.from_buffer_copy(self._legal)
        c._sum = self._sum
        return c

    def __del__(self) -> None:
        try:
            h = self._h
            if h and not L.forked:
                L.free(h, None, 0)
        except Exception:  # interpreter shutdown, a half-made state
            pass


def _apply_refused(state: "State", action: int) -> None:
    """apply_action of an action the library's step refused (or that is out of its
    range): ask again for the message and raise it (the state is unchanged)."""
    h = state._handle()
    given = action
    if not 0 <= action < _native.MAX_ACTIONS:
        action = -1  # refused by the library, not wrapped around by C's int
    st = _StatusArray()
    err = _error_buffer()
    rc = L.state_apply(h, action, st, None, 0, err, ERR_CAP)
    if rc == 0:  # pragma: no cover - a step that failed once does not succeed
        state._refresh()
        return
    if given != action:
        msg = err.value.decode("utf-8", "replace").replace("action -1", "action %d" % given, 1)
        raise _native.IllegalActionError(msg, rc)
    check(rc, err)


def _ctypes_new_state(cls: type, game: Game, g: int) -> "State":
    """A new state of cls at the start position of the game of handle g."""
    h = c_int64(0)
    _call(L.state_new, g, ctypes.byref(h))
    return cls._make(game, h.value)  # type: ignore[attr-defined,no-any-return]


# The fast path, chosen once: the extension's StateBase and new_state when it is
# there, ctypes otherwise (see _native.fast).
_StateBase: Any = _native.fast.StateBase if _native.fast is not None else _CtypesState
_new_state: Any = _native.fast.new_state if _native.fast is not None else _ctypes_new_state


class State(_StateBase):  # type: ignore[misc,valid-type]
    """A position of a game, stepped a decision at a time.

    Methods follow OpenSpiel's pyspiel.State. A State frees its native memory when
    Python drops it, or at once with close(); using it after close() raises
    ClosedError. A State is not safe to step from two threads at once; different
    States are.
    """

    __slots__ = ()

    @classmethod
    def _make(cls, game: Game, h: int) -> "State":
        s = cls.__new__(cls)
        s._attach(game, h)
        return s

    def __init__(self) -> None:
        raise TypeError("make states with game.new_initial_state() or game.state_from(text)")

    def _handle(self) -> int:
        h = self._h
        if not h:
            raise ClosedError("the state is closed", -3)
        return h

    def _status(self) -> Any:
        """The state's full status (native.Status)."""
        st = _StatusArray()
        _call(L.state_status, self._handle(), st, None, 0)
        return st

    # --- OpenSpiel's core (with the calls of _StateBase)

    def apply_turn(self, turn: str) -> None:
        """Play a whole turn written in the game's move notation ("A2>B2/C3-B3"), the
        rest of the turn in progress when the state is in the middle of one."""
        raw = encode(turn, "a turn")
        st = _StatusArray()
        _call(L.state_apply_turn, self._handle(), raw, len(raw), st, None, 0)
        self._refresh()

    def is_chance_node(self) -> bool:
        """False: the games have no chance."""
        return False

    def is_player_node(self) -> bool:
        """Whether a player is to move (the game is not over)."""
        return not self.is_terminal()

    def rewards(self) -> list[float]:
        """The rewards of the last decision: returns() once the game is over, 0
        before."""
        return self.returns()

    def points(self) -> tuple[int, int]:
        """The sides' points by the game's count (the final scores once it is over)."""
        st = self._status()
        return (st[_P0], st[_P1])

    def winner(self) -> Optional[int]:
        """The winner (0 or 1), -1 for a draw, None while the game goes on."""
        if not self.is_terminal():
            return None
        return int(self._status()[_WINNER])

    def margin(self) -> int:
        """The winner's margin in points once the game is over (0 before, and for a
        draw)."""
        return int(self._status()[_MARGIN])

    def end_reason(self) -> str:
        """Why the game ended ("" while it goes on)."""
        return _native.call_string(L.state_end_reason, self._handle())

    def copy_from(self, other: "State") -> None:
        """Overwrite the state with other, a state of the same game (no new handle)."""
        if not isinstance(other, State):
            raise TypeError("copy_from takes a State, not %s" % type(other).__name__)
        _call(L.state_copy, self._handle(), other._handle())
        self._refresh()

    def action_to_string(self, *args: int) -> str:
        """The notation of a legal decision: action_to_string(action) or, as OpenSpiel,
        action_to_string(player, action). A decision that writes as nothing (The
        Colony's pass of the ant move) is "pass"."""
        if len(args) == 1:
            action = args[0]
        elif len(args) == 2:
            action = args[1]
        else:
            raise TypeError("action_to_string(action) or action_to_string(player, action)")
        a = _as_action(action)
        if not -(2**31) <= a < 2**31:
            raise _native.IllegalActionError("action %d: not a legal decision here" % a, -4)
        return _native.call_string(L.state_action_text, self._handle(), a)

    def string_to_action(self, *args: Any) -> int:
        """The legal decision written text (as action_to_string writes it):
        string_to_action(text) or string_to_action(player, text)."""
        if len(args) == 1:
            text = args[0]
        elif len(args) == 2:
            text = args[1]
        else:
            raise TypeError("string_to_action(text) or string_to_action(player, text)")
        raw = encode(text, "a decision")
        a = c_int(0)
        _call(L.state_parse_action, self._handle(), raw, len(raw), ctypes.byref(a))
        return a.value

    # --- observations

    def _player(self, player: Optional[int]) -> int:
        if player is None:
            s = self._sum
            if s < 0:
                raise _closed()
            return 1 if s & _SUM_TO_MOVE else 0
        return _as_player(player)

    def observation_tensor(self, player: Optional[int] = None) -> list[float]:
        """The compact observation of the position seen by player (default: the
        player to move): game.observation_tensor_size() values, the player's own side
        first (see game.observation_parts() and docs/python.md)."""
        n = self._game.observation_tensor_size()
        buf = (c_float * n)()
        self._observe(self._player(player), buf, n)
        return list(buf)

    def observation_array(self, player: Optional[int] = None, out: Optional["numpy.ndarray"] = None) -> "numpy.ndarray":
        """observation_tensor as a numpy float32 array, written into out when given (a
        C-contiguous float32 array of the tensor's size)."""
        import numpy as np

        n = self._game.observation_tensor_size()
        if out is None:
            out = np.empty(self._game.observation_tensor_shape(), dtype=np.float32)
        elif out.dtype != np.float32 or not out.flags["C_CONTIGUOUS"] or out.size != n:
            raise ValueError("out must be a C-contiguous float32 array of %d values" % n)
        self._observe(self._player(player), out.ctypes.data_as(ctypes.POINTER(c_float)), n)
        return out

    def _observe(self, p: int, buf: Any, n: int) -> None:
        _call(L.state_observe, self._handle(), p, buf, n)

    def network_inputs(self, player: Optional[int] = None) -> list[int]:
        """The network input encoding of the position seen by player (default: the
        player to move): the indices of the inputs that are on, increasing (see
        game.network_encoding(); the encoding of eval=net's value networks)."""
        enc = self._game.network_encoding()
        if enc is None:
            raise _native.GameError("%s has no network input encoding" % self._game.name, -1)
        buf = (c_uint16 * enc[2])()
        n = c_int(0)
        _call(L.state_encode, self._handle(), self._player(player), buf, enc[2], ctypes.byref(n))
        return buf[: n.value]

    def network_inputs_dense(self, player: Optional[int] = None) -> "numpy.ndarray":
        """network_inputs as a dense numpy float32 vector of the encoding's inputs: 1
        for an input that is on, 0 otherwise."""
        import numpy as np

        enc = self._game.network_encoding()
        assert enc is not None or self.network_inputs(player) is None  # raises
        out = np.zeros(enc[1] if enc else 0, dtype=np.float32)
        out[self.network_inputs(player)] = 1.0
        return out

    # --- text, equality, pickling, life

    def __str__(self) -> str:
        """The position in the game's notation (game.state_from reads it back)."""
        return _native.call_string(L.state_text, self._handle())

    def to_string(self) -> str:
        """str(state)."""
        return str(self)

    def __repr__(self) -> str:
        if not self._h:
            return "<colony_ai.State (closed)>"
        return "<colony_ai.State %s %s>" % (self._game.name, str(self))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._game == other._game and str(self) == str(other)

    def __hash__(self) -> int:
        return hash((self._game.name, str(self)))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_restore_state, (self._game.name, str(self)))

    def __copy__(self) -> "State":
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "State":
        return self.clone()

    def close(self) -> None:
        """Free the state's native memory now; using it after raises ClosedError."""
        h = self._detach()
        if h and not L.forked:
            L.free(h, None, 0)

    def think(self, spec: str, engines: Optional[str] = None, timeout: Optional[float] = None) -> "Thought":
        """think(self, spec, ...)."""
        return think(self, spec, engines, timeout)


@dataclass(frozen=True)
class Thought:
    """What a player chose and what its search saw."""

    spec: str
    """The player's canonical spec, with every setting it played with."""
    actions: list[int]
    """The decisions chosen: the rest of the current turn."""
    turn: str
    """The same in the game's move notation."""
    score: int
    """The value for the player to move in evaluation units (scale of them a point),
    or win_score plus the margin for a proven win (minus, for a loss)."""
    scale: int
    win_score: int
    depth: int
    """The depth in turns of the last completed iteration."""
    partial_depth: int
    """The depth of an unfinished iteration the choice came from (0: none)."""
    nodes: int
    """The states searched (simulations for MCTS)."""
    time: float
    """The search's time in seconds."""
    pv: list[int] = field(default_factory=list)
    """The principal variation in decisions, starting with actions."""
    pv_turns: list[str] = field(default_factory=list)
    """The same a turn a string (an unfinished last turn ends in "...")."""

    @property
    def value(self) -> float:
        """score in points (score / scale), for a score that is not a proven result."""
        return self.score / self.scale

    @property
    def proven(self) -> int:
        """+1 for a proven win, -1 for a proven loss, 0 otherwise."""
        if self.score >= self.win_score:
            return 1
        if self.score <= -self.win_score:
            return -1
        return 0

    @classmethod
    def _of(cls, d: dict[str, Any]) -> "Thought":
        return cls(spec=d["spec"], actions=list(d["actions"]), turn=d["turn"], score=d["score"],
                   scale=d["scale"], win_score=d["win_score"], depth=d["depth"],
                   partial_depth=d["partial_depth"], nodes=d["nodes"], time=d["time_ns"] / 1e9,
                   pv=list(d["pv"]), pv_turns=list(d["pv_turns"]))


def _timeout_ms(timeout: Optional[float]) -> int:
    if timeout is None:
        return 0
    if timeout <= 0:
        raise ValueError("timeout %r: want a positive number of seconds" % timeout)
    return max(1, int(timeout * 1000))


def think(state: State, spec: str, engines: Optional[str] = None, timeout: Optional[float] = None) -> Thought:
    """Let the player of spec choose the rest of the current turn of state (which is
    not changed): spec as ``colony analyze --player`` takes it ("ab:depth=4",
    "ab:time=100ms,eval=net", "mcts:sims=800", "cmd:./engine"), or engine:NAME with
    engines the path of an engines file. timeout bounds the search in seconds beside
    the spec's own limits. The GIL is released while the player thinks."""
    if not isinstance(state, State):
        raise TypeError("think takes a State, not %s" % type(state).__name__)
    raw = encode(spec, "a player spec")
    eng = encode(engines or "", "the engines file")
    return Thought._of(_native.call_json(L.think, state._handle(), raw, len(raw), eng, len(eng),
                                         _timeout_ms(timeout)))


class Player:
    """A player built once from a spec, that keeps what it learns between calls (its
    transposition table, an engine's process) and thinks on states of its game."""

    __slots__ = ("_h", "_game", "__weakref__")

    def __init__(self, game: Game, spec: str, engines: Optional[str] = None) -> None:
        """The player of spec (as think takes it) for game."""
        if not isinstance(game, Game):
            raise TypeError("Player takes a Game, not %s" % type(game).__name__)
        self._h = 0
        self._game = game
        raw = encode(spec, "a player spec")
        eng = encode(engines or "", "the engines file")
        h = c_int64(0)
        _call(L.player_new, game._handle(), raw, len(raw), eng, len(eng), ctypes.byref(h))
        self._h = h.value

    def _handle(self) -> int:
        if not self._h:
            raise ClosedError("the player is closed", -3)
        return self._h

    @property
    def spec(self) -> str:
        """The player's canonical spec."""
        return _native.call_string(L.player_spec, self._handle())

    def think(self, state: State, timeout: Optional[float] = None) -> Thought:
        """Choose the rest of the current turn of state (not changed); see think."""
        if not isinstance(state, State):
            raise TypeError("think takes a State, not %s" % type(state).__name__)
        return Thought._of(_native.call_json(L.player_think, self._handle(), state._handle(), _timeout_ms(timeout)))

    def close(self) -> None:
        """Release the player (an external engine's process ends)."""
        h, self._h = self._h, 0
        if h and not L.forked:
            err = _error_buffer()
            check(L.free(h, err, ERR_CAP), err)

    def __enter__(self) -> "Player":
        return self

    def __exit__(self, *exc: Any) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            h = self._h
            if h and not L.forked:
                L.free(h, None, 0)
        except Exception:
            pass
