"""The native library: loading it, its functions' signatures, and its errors.

The library (_libcolony.so, built from cmd/libcolony of the repository) is loaded
once, with ctypes.CDLL, which releases the GIL for the whole of every call: long
calls (searches) let other Python threads run, and threads working on different
states or players call it at the same time. The extension module _fast (_fast.c),
when it was built, takes over the State's calls of a game loop: it calls the same
library's functions by their addresses, without ctypes' cost a call (load_fast).

A process that forks after loading the library (multiprocessing's ``fork`` start
method) cannot use it: the Go runtime's threads do not survive a fork. The child's
every call raises ForkError instead of hanging, and objects the child drops are not
freed there (the parent still owns them).
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
from ctypes import POINTER, c_char_p, c_float, c_int, c_int32, c_int64, c_uint8, c_uint16, c_void_p
from pathlib import Path
from typing import Any, Callable, NoReturn

__all__ = [
    "ColonyError",
    "GameError",
    "IllegalActionError",
    "ClosedError",
    "ForkError",
    "InternalError",
    "L",
    "check",
    "library_path",
    "fast",
]

MAX_ACTIONS = 256
STATUS_LEN = 8
ERR_CAP = 4096


class ColonyError(Exception):
    """An error of the native library; ``code`` is its code (negative)."""

    def __init__(self, message: str, code: int = -1) -> None:
        super().__init__(message)
        self.code = code


class GameError(ColonyError, ValueError):
    """A bad game name, position, player spec, or an operation the game refuses."""


class IllegalActionError(GameError):
    """An action or turn that is not legal in the state (the game's own message)."""


class ClosedError(ColonyError, ValueError):
    """An object used after close()."""


class ForkError(ColonyError, RuntimeError):
    """A call into the library from a process forked after it was loaded."""


class InternalError(ColonyError):
    """A bug inside the library, caught at its boundary (please report it)."""


_CODES: dict[int, type[ColonyError]] = {
    -1: GameError,
    -2: GameError,
    -3: ClosedError,
    -4: IllegalActionError,
    -5: InternalError,
    -6: GameError,
}

_FORK_MESSAGE = (
    "colony_ai cannot be used in a process forked after the library was loaded "
    "(the Go runtime does not survive fork): start worker processes with "
    "multiprocessing's 'spawn' or 'forkserver' start method "
    "(multiprocessing.get_context('spawn') or set_start_method('forkserver'))"
)


def library_path() -> Path:
    """Where the native library is: $COLONY_AI_LIBRARY, or beside this module."""
    env = os.environ.get("COLONY_AI_LIBRARY")
    if env:
        return Path(env)
    return Path(__file__).resolve().parent / "_libcolony.so"


_I64P = POINTER(c_int64)
_INTP = POINTER(c_int)
_I32P = POINTER(c_int32)
_U8P = POINTER(c_uint8)
_ERR = [c_char_p, c_int]

# Each function's argument types (all return int).
_SIGNATURES: dict[str, list[Any]] = {
    "colony_games": [c_char_p, c_int, _INTP] + _ERR,
    "colony_game_open": [c_char_p, c_int, _I64P] + _ERR,
    "colony_game_info": [c_int64, c_char_p, c_int, _INTP] + _ERR,
    "colony_free": [c_int64] + _ERR,
    "colony_state_new": [c_int64, _I64P] + _ERR,
    "colony_state_parse": [c_int64, c_char_p, c_int, _I64P] + _ERR,
    "colony_state_clone": [c_int64, _I64P] + _ERR,
    "colony_state_copy": [c_int64, c_int64] + _ERR,
    "colony_state_status": [c_int64, _I32P, _U8P, c_int] + _ERR,
    "colony_state_apply": [c_int64, c_int, _I32P, _U8P, c_int] + _ERR,
    "colony_state_apply_turn": [c_int64, c_char_p, c_int, _I32P, _U8P, c_int] + _ERR,
    "colony_state_text": [c_int64, c_char_p, c_int, _INTP] + _ERR,
    "colony_state_end_reason": [c_int64, c_char_p, c_int, _INTP] + _ERR,
    "colony_state_action_text": [c_int64, c_int, c_char_p, c_int, _INTP] + _ERR,
    "colony_state_parse_action": [c_int64, c_char_p, c_int, _INTP] + _ERR,
    "colony_state_observe": [c_int64, c_int, POINTER(c_float), c_int] + _ERR,
    "colony_state_encode": [c_int64, c_int, POINTER(c_uint16), c_int, _INTP] + _ERR,
    "colony_player_new": [c_int64, c_char_p, c_int, c_char_p, c_int, _I64P] + _ERR,
    "colony_player_spec": [c_int64, c_char_p, c_int, _INTP] + _ERR,
    "colony_player_think": [c_int64, c_int64, c_int64, c_char_p, c_int, _INTP] + _ERR,
    "colony_read_games": [c_char_p, c_int, c_char_p, c_int, _INTP] + _ERR,
    "colony_think": [c_int64, c_char_p, c_int, c_char_p, c_int, c_int64, c_char_p, c_int, _INTP] + _ERR,
    # The vector environment (colony_ai.vector): arrays as addresses (numpy's ctypes.data).
    "colony_vector_new": [c_int64, c_int, c_int, c_int, c_int, c_char_p, c_int, _I64P, _I32P] + _ERR,
    "colony_vector_reset": [c_int64, c_int, c_int, c_int] + [c_void_p] * 8 + _ERR,
    "colony_vector_step": [c_int64, c_int, c_int, c_int] + [c_void_p] * 8 + _ERR,
}


# The functions of the hot path, called without argtypes (the conversions cost more
# than the call): the state's handle as a cached c_int64, the action as an int, the
# legal actions buffer as a ctypes array. They return a Summary (SUM_* below) or a
# negative code without a message.
_RAW = ["colony_state_step", "colony_state_summary"]

SUM_NUM_LEGAL = 0x1FF
SUM_TO_MOVE = 1 << 9
SUM_TERMINAL = 1 << 10
SUM_TURN_START = 1 << 11


class _Library:
    """The library's functions, by their names without the colony_ prefix.

    After a fork every attribute is replaced by a function that raises ForkError,
    so that no call reaches the Go runtime in the child, at no cost per call in the
    parent.
    """

    forked: bool = False
    dll: ctypes.CDLL | None = None

    def __getattr__(self, name: str) -> Any:
        # The functions are bound by load (for type checkers: any attribute).
        raise AttributeError("colony library: no function %s" % name)

    def load(self) -> None:
        """Load the library and bind its functions (once)."""
        path = library_path()
        try:
            dll = ctypes.CDLL(str(path))
        except OSError as e:
            raise ImportError(
                "colony_ai: cannot load the native library %s (%s); reinstall the package "
                "with pip install ./python from the repository (it needs Go to build)" % (path, e)
            ) from e
        if dll.colony_abi_version() != 1:
            raise ImportError("colony_ai: the native library %s has another ABI version" % path)
        for name, args in _SIGNATURES.items():
            f = getattr(dll, name)
            f.argtypes = args
            f.restype = c_int
            setattr(self, name[len("colony_"):], f)
        for name in _RAW:
            f = getattr(dll, name)
            f.restype = c_int
            setattr(self, name[len("colony_"):], f)
        dll.colony_handles.argtypes = []
        dll.colony_handles.restype = c_int64
        self.handles = dll.colony_handles
        self.dll = dll

    def after_fork(self) -> None:
        """Cut every function off in a forked child."""
        self.forked = True
        if fast is not None:
            fast.set_forked()
        for name in list(_SIGNATURES) + _RAW + ["colony_handles"]:
            setattr(self, name[len("colony_"):], _forked)


def _forked(*_args: Any) -> NoReturn:
    raise ForkError(_FORK_MESSAGE, -7)


def _refused(state: Any, action: Any) -> None:
    """apply_action of the fast path, for what its step did not take: the action
    converted (TypeError for a non-integer), then the library's message of its
    refusal (the state is closed, or the action is not legal)."""
    core = sys.modules["colony_ai.core"]
    core._apply_refused(state, core._as_action(action))


def _error(rc: int, message: bytes) -> ColonyError:
    msg = message.decode("utf-8", "replace") if isinstance(message, bytes) else str(message)
    return _CODES.get(rc, ColonyError)(msg or "colony library error %d" % rc, rc)


def load_fast() -> Any:
    """The extension module _fast bound to the library, or None when it is missing or
    COLONY_AI_NO_FAST=1 (then the State's hot calls go through ctypes)."""
    if os.environ.get("COLONY_AI_NO_FAST") == "1":
        return None
    try:
        from . import _fast  # type: ignore[attr-defined]
    except ImportError:
        return None
    assert L.dll is not None
    addresses = {name: ctypes.cast(getattr(L.dll, name), ctypes.c_void_p).value
                 for name in ("colony_state_step", "colony_state_summary", "colony_state_new", "colony_state_start",
                              "colony_state_clone", "colony_state_status", "colony_free")}
    _fast.init(addresses, _error, _refused, lambda: ForkError(_FORK_MESSAGE, -7))
    return _fast


L = _Library()
L.load()
fast = load_fast()
"""The extension module _fast, or None: selected once, here."""
if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=L.after_fork)


class ErrorBuffer:
    """A buffer for the library's error messages (one per thread of use)."""

    __slots__ = ("buf",)

    def __init__(self) -> None:
        self.buf = ctypes.create_string_buffer(ERR_CAP)


def raise_error(rc: int, err: Any) -> NoReturn:
    """Raise the exception of status rc with the message in the buffer err."""
    msg = err.value.decode("utf-8", "replace") if err is not None else ""
    raise _CODES.get(rc, ColonyError)(msg or "colony library error %d" % rc, rc)


def check(rc: int, err: Any) -> None:
    """Raise the exception of status rc (nothing for 0)."""
    if rc != 0:
        raise_error(rc, err)


def encode(text: str, what: str) -> bytes:
    """The UTF-8 bytes of a str argument; TypeError for anything else."""
    if not isinstance(text, str):
        raise TypeError("%s must be a str, not %s" % (what, type(text).__name__))
    return text.encode("utf-8", "surrogateescape")


def call_string(f: Callable[..., int], *args: Any, cap: int = 4096) -> str:
    """Call a function that writes a string (its last five arguments out, cap, need,
    err, errcap), growing the buffer when it is short."""
    err = ctypes.create_string_buffer(ERR_CAP)
    need = c_int(0)
    while True:
        out = ctypes.create_string_buffer(cap)
        rc = f(*args, out, cap, ctypes.byref(need), err, ERR_CAP)
        if rc == -2 and need.value > cap:
            cap = need.value
            continue
        check(rc, err)
        return out.value.decode("utf-8", "surrogateescape")


def call_json(f: Callable[..., int], *args: Any, cap: int = 1 << 16) -> Any:
    """call_string, read as JSON."""
    return json.loads(call_string(f, *args, cap=cap))


def games() -> list[str]:
    """The names of the registered games, The Colony first."""
    return list(call_json(L.games))
