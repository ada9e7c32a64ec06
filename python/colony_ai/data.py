"""Data for training, and the way back: games files into numpy arrays, and value
networks written from numpy weights.

``read_games`` reads a games file (``colony selfplay``'s, or any tournament's) as
``colony train`` reads it: the position at the start of every turn, the turn played,
the game's result for the mover and the mover's search score in points.
``write_network`` writes a network file (docs/networks.md) from numpy weights, so that
a value network trained in Python (numpy, PyTorch, JAX) plays as ``eval=net:FILE`` in
every player and in ``colony tournament``; ``read_network`` reads one back.
"""

from __future__ import annotations

import hashlib
import json
import os
import struct
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Mapping, Optional

from . import _native
from ._native import L, encode

if TYPE_CHECKING:  # pragma: no cover
    import numpy

    from .core import Game

__all__ = ["GamesData", "Network", "read_games", "read_network", "write_network"]

_MAGIC = b"COLONY-NNUE\n"
_FORMAT_VERSION = 1


@dataclass
class GamesData:
    """The positions of a games file, one entry of every array a position at the start
    of a turn, in the order of the file's games and their turns."""

    game: str
    """The game of the file, by its full name (load_game reads it)."""
    positions: list[str]
    """The positions in the game's notation (game.state_from reads them)."""
    turns: list[str]
    """The turn played in each position, in the game's move notation."""
    games: "numpy.ndarray"
    """int32: the index of each position's game in its tournament."""
    movers: "numpy.ndarray"
    """int8: the side to move (0 or 1)."""
    results: "numpy.ndarray"
    """float32: the game's result for the mover: 1 a win, 0.5 a draw, 0 a loss."""
    scores: "numpy.ndarray"
    """float32: the mover's search score in points; NaN where the move has none (a
    random player's, an engine's), +inf or -inf for a proven win or loss."""
    forfeits: int = 0
    """The games left out: lost by a forfeit, their results say nothing."""

    def __len__(self) -> int:
        return len(self.positions)

    def observations(self, player: str = "mover") -> "numpy.ndarray":
        """The observation tensors of the positions, float32 [N, size], seen by the
        mover (player="mover") or by the other side (player="other")."""
        import numpy as np

        from .core import load_game

        if player not in ("mover", "other"):
            raise ValueError("player %r: want 'mover' or 'other'" % player)
        g = load_game(self.game)
        out = np.empty((len(self), g.observation_tensor_size()), dtype=np.float32)
        for i, text in enumerate(self.positions):
            s = g.state_from(text)
            p = int(self.movers[i]) if player == "mover" else 1 - int(self.movers[i])
            s.observation_array(p, out=out[i])
            s.close()
        return out

    def network_inputs(self, player: str = "mover") -> list[list[int]]:
        """The network inputs that are on in each position (State.network_inputs),
        seen by the mover or by the other side."""
        from .core import load_game

        if player not in ("mover", "other"):
            raise ValueError("player %r: want 'mover' or 'other'" % player)
        g = load_game(self.game)
        out = []
        for i, text in enumerate(self.positions):
            s = g.state_from(text)
            p = int(self.movers[i]) if player == "mover" else 1 - int(self.movers[i])
            out.append(s.network_inputs(p))
            s.close()
        return out


def read_games(path: "str | os.PathLike[str]") -> GamesData:
    """Read the games file at path into numpy arrays (see GamesData). Games lost by a
    forfeit are left out, as colony train leaves them out."""
    import numpy as np

    raw = encode(os.fspath(path), "a path")
    try:
        size = os.path.getsize(path)
    except OSError:
        size = 0
    d = _native.call_json(L.read_games, raw, len(raw), cap=max(1 << 16, 4 * size + (1 << 16)))
    scores = np.array(d["scores"], dtype=np.float32)
    scored = np.array(d["scored"], dtype=bool)
    proven = np.array(d["proven"], dtype=np.int8)
    scores[~scored] = np.nan
    scores[proven > 0] = np.inf
    scores[proven < 0] = -np.inf
    return GamesData(game=d["game"], positions=list(d["positions"]), turns=list(d["turns"]),
                     games=np.array(d["games"], dtype=np.int32), movers=np.array(d["movers"], dtype=np.int8),
                     results=np.array(d["results"], dtype=np.float32), scores=scores, forfeits=int(d["forfeits"]))


@dataclass
class Network:
    """A value network's weights and header, as a network file holds them
    (docs/networks.md): W1[inputs, hidden], B1[hidden], W2[l2, 2*hidden] (the
    mover's accumulator first), B2[l2], W3[l3, l2], B3[l3], W4[l3], B4 (a float), and
    out_scale, the points an output of 1 stands for."""

    game: str
    rules: str
    encoding: str
    out_scale: float
    w1: "numpy.ndarray"
    b1: "numpy.ndarray"
    w2: "numpy.ndarray"
    b2: "numpy.ndarray"
    w3: "numpy.ndarray"
    b3: "numpy.ndarray"
    w4: "numpy.ndarray"
    b4: float
    trained: dict[str, str] = field(default_factory=dict)

    def value(self, mover: "list[int]", other: "list[int]") -> float:
        """The network's value in points of a position given by the inputs on seen by
        the mover and by the other side (the float path of package eval/nnue)."""
        import numpy as np

        def acc(on: "list[int]") -> "numpy.ndarray":
            a = self.b1.astype(np.float64) + self.w1[on].astype(np.float64).sum(axis=0)
            clipped: "numpy.ndarray" = np.clip(a, 0, 1)
            return clipped

        x = np.concatenate([acc(mover), acc(other)])
        x = np.clip(self.w2.astype(np.float64) @ x + self.b2, 0, 1)
        x = np.clip(self.w3.astype(np.float64) @ x + self.b3, 0, 1)
        return float((self.w4.astype(np.float64) @ x + self.b4) * self.out_scale)


def write_network(path: "str | os.PathLike[str]", game: "Game | str", w1: Any, b1: Any, w2: Any, b2: Any,
                  w3: Any, b3: Any, w4: Any, b4: float, out_scale: float,
                  trained: Optional[Mapping[str, str]] = None) -> None:
    """Write a network file of game (a Game or its name) from the weights (numpy
    arrays or anything numpy reads, PyTorch tensors after .numpy(); shapes as
    Network says), so that ``eval=net:FILE`` plays it. trained says how it was made
    (free text, kept in the header). The sizes are checked against the game's
    encoding; the file is written whole or not at all."""
    import numpy as np

    from .core import Game, load_game

    g = game if isinstance(game, Game) else load_game(game)
    enc = g.network_encoding()
    if enc is None:
        raise ValueError("%s has no network input encoding" % g.name)
    w1a = np.asarray(w1, dtype=np.float32)
    if w1a.ndim != 2 or w1a.shape[0] != enc[1]:
        raise ValueError("w1 of shape %s: want [%d inputs, hidden]" % (w1a.shape, enc[1]))
    hidden = w1a.shape[1]
    w2a = np.asarray(w2, dtype=np.float32)
    if w2a.ndim != 2 or w2a.shape[1] != 2 * hidden:
        raise ValueError("w2 of shape %s: want [l2, %d]" % (w2a.shape, 2 * hidden))
    l2 = w2a.shape[0]
    w3a = np.asarray(w3, dtype=np.float32)
    if w3a.ndim != 2 or w3a.shape[1] != l2:
        raise ValueError("w3 of shape %s: want [l3, %d]" % (w3a.shape, l2))
    l3 = w3a.shape[0]
    parts = [w1a, np.asarray(b1, dtype=np.float32), w2a, np.asarray(b2, dtype=np.float32), w3a,
             np.asarray(b3, dtype=np.float32), np.asarray(w4, dtype=np.float32),
             np.asarray([b4], dtype=np.float32)]
    for name, a, n in zip(["b1", "b2", "b3", "w4"], [parts[1], parts[3], parts[5], parts[6]], [hidden, l2, l3, l3]):
        if a.shape != (n,):
            raise ValueError("%s of shape %s: want [%d]" % (name, a.shape, n))
    if hidden < 4 or hidden % 4 != 0 or hidden > 1024 or not 1 <= l2 <= 256 or not 1 <= l3 <= 256:
        raise ValueError("sizes hidden %d, l2 %d, l3 %d: want hidden a multiple of 4 up to 1024, l2 and l3 1 to 256"
                         % (hidden, l2, l3))
    if not 0 < out_scale <= 10000:
        raise ValueError("out_scale %r: want a positive number of points, at most 10000" % out_scale)
    if not all(np.isfinite(p).all() for p in parts):
        raise ValueError("a weight is not a finite number")
    name = g.name
    header: dict[str, Any] = {"version": _FORMAT_VERSION, "game": name.split(":")[0], "rules": name,
                              "encoding": enc[0], "inputs": enc[1], "hidden": hidden, "l2": l2, "l3": l3,
                              "out_scale": float(out_scale)}
    if trained:
        header["trained"] = {str(k): str(v) for k, v in trained.items()}
    head = json.dumps(header, separators=(",", ":")).encode()
    body = _MAGIC + struct.pack("<I", len(head)) + head + b"".join(p.astype("<f4").tobytes() for p in parts)
    data = body + hashlib.sha256(body).digest()
    tmp = os.fspath(path) + ".tmp%d" % os.getpid()
    with open(tmp, "wb") as f:
        f.write(data)
    os.replace(tmp, path)


def read_network(path: "str | os.PathLike[str]") -> Network:
    """Read a network file (written by colony train or write_network)."""
    import numpy as np

    with open(path, "rb") as f:
        data = f.read()
    if not data.startswith(_MAGIC):
        raise ValueError("%s: not a network file (it does not begin with COLONY-NNUE)" % os.fspath(path))
    body, digest = data[:-32], data[-32:]
    if hashlib.sha256(body).digest() != digest:
        raise ValueError("%s: damaged network file: its checksum does not match its contents" % os.fspath(path))
    (n,) = struct.unpack_from("<I", data, len(_MAGIC))
    start = len(_MAGIC) + 4
    h = json.loads(data[start:start + n])
    if h.get("version") != _FORMAT_VERSION:
        raise ValueError("%s: network file format version %r: this reads version 1" % (os.fspath(path), h.get("version")))
    w = np.frombuffer(body[start + n:], dtype="<f4")
    inputs, hidden, l2, l3 = h["inputs"], h["hidden"], h["l2"], h["l3"]
    sizes = [inputs * hidden, hidden, 2 * hidden * l2, l2, l2 * l3, l3, l3, 1]
    if sum(sizes) != len(w):
        raise ValueError("%s: damaged network file: %d weights where its sizes want %d" % (os.fspath(path), len(w), sum(sizes)))
    out = []
    k = 0
    for s in sizes:
        out.append(w[k:k + s].astype(np.float32))
        k += s
    return Network(game=h["game"], rules=h["rules"], encoding=h["encoding"], out_scale=float(h["out_scale"]),
                   w1=out[0].reshape(inputs, hidden), b1=out[1], w2=out[2].reshape(l2, 2 * hidden), b2=out[3],
                   w3=out[4].reshape(l3, l2), b3=out[5], w4=out[6], b4=float(out[7][0]),
                   trained=dict(h.get("trained") or {}))
