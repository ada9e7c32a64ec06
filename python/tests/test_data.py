"""Data for training and the way back: games files read into numpy arrays, and a
network written from Python that plays exactly as the same weights written by
colony train."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import colony_ai
from colony_ai import data

np = pytest.importorskip("numpy")


@pytest.fixture(scope="module")
def kalah_run(colony_bin: str, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Kalah self-play (12 games of ab:depth=2) and a small network trained on it."""
    d = tmp_path_factory.mktemp("kalah")
    run = lambda *args: subprocess.run([colony_bin, "--game", "kalah", *args], cwd=d, check=True,
                                       stdout=subprocess.DEVNULL)
    run("selfplay", "--player", "ab:depth=2", "--games", "12", "--out", "sp", "--progress", "off")
    run("train", "--data", "sp", "--out", "net", "--epochs", "2", "--k", "0.4", "--hidden", "8", "--l2", "4", "--l3", "4")
    return d


def test_read_games(kalah_run: Path) -> None:
    d = data.read_games(kalah_run / "sp" / "games.jsonl")
    assert d.game == "kalah" and len(d) > 50 and d.forfeits == 0
    assert d.games.dtype == np.int32 and d.movers.dtype == np.int8 and d.results.dtype == np.float32
    assert set(np.unique(d.results)) <= {0.0, 0.5, 1.0}
    assert np.isfinite(d.scores).sum() > len(d) // 2  # ab's moves are scored
    game = colony_ai.load_game(d.game)
    # Each position, with its turn played, gives the next position of its game.
    for i in range(len(d) - 1):
        s = game.state_from(d.positions[i])
        assert s.current_player() == d.movers[i]
        s.apply_turn(d.turns[i])
        if d.games[i + 1] == d.games[i]:
            assert str(s) == d.positions[i + 1]
        else:
            assert s.is_terminal()
            # The winner's positions have result 1.
            w = s.winner()
            assert d.results[i] == (0.5 if w == -1 else float(w == d.movers[i]))
    obs = d.observations()
    assert obs.shape == (len(d), game.observation_tensor_size())
    assert (obs[:, -1] == 1).all()  # seen by the mover: "to move" is 1
    assert len(d.network_inputs("other")) == len(d)


def test_read_games_errors(tmp_path: Path) -> None:
    with pytest.raises(colony_ai.GameError):
        data.read_games(tmp_path / "missing.jsonl")
    bad = tmp_path / "bad.jsonl"
    bad.write_text("not a games file\n")
    with pytest.raises(colony_ai.GameError):
        data.read_games(bad)


def test_network_written_from_python_plays_as_colony_trains(kalah_run: Path, tmp_path: Path, colony_bin: str) -> None:
    go_file = kalah_run / "net" / "network.nnue"
    net = data.read_network(go_file)
    assert net.rules == "kalah" and net.w1.shape == (290, 8) and net.w2.shape == (4, 16)
    py_file = tmp_path / "python.nnue"
    data.write_network(py_file, "kalah", net.w1, net.b1, net.w2, net.b2, net.w3, net.b3, net.w4, net.b4,
                       net.out_scale, trained={"by": "test"})
    back = data.read_network(py_file)
    for name in ["w1", "b1", "w2", "b2", "w3", "b3", "w4"]:
        assert np.array_equal(getattr(back, name), getattr(net, name))
    assert back.b4 == net.b4 and back.out_scale == net.out_scale and back.trained == {"by": "test"}
    # Every player evaluates the positions alike through either file.
    d = data.read_games(kalah_run / "sp" / "games.jsonl")
    game = colony_ai.load_game("kalah")
    for text in d.positions[::7]:
        s = game.state_from(text)
        a = colony_ai.think(s, "ab:depth=3,eval=net:%s" % go_file)
        b = colony_ai.think(s, "ab:depth=3,eval=net:%s" % py_file)
        assert (a.score, a.nodes, a.turn, a.pv) == (b.score, b.nodes, b.turn, b.pv)
        g = colony_ai.think(s, "greedy:eval=net:%s" % py_file)
        assert g.actions
    # The float path in Python agrees with the network's own value (the greedy
    # player's choice is the turn whose position the network values most for the mover).
    s = game.new_initial_state()
    v = net.value(s.network_inputs(0), s.network_inputs(1))
    assert abs(v) < 10 * net.out_scale
    # A network made in Python from numpy weights plays in a tournament.
    rng = np.random.default_rng(1)
    fresh = tmp_path / "fresh.nnue"
    data.write_network(fresh, game, rng.normal(0, 0.1, (290, 8)), np.full(8, 0.5), rng.normal(0, 0.3, (4, 16)),
                       np.zeros(4), rng.normal(0, 0.3, (4, 4)), np.zeros(4), rng.normal(0, 0.3, 4), 0.0, 10.0)
    out = subprocess.run([colony_bin, "--game", "kalah", "tournament", "-p", "net=ab:depth=1,eval=net:%s" % fresh,
                          "-p", "random", "--games", "2", "--out", str(tmp_path / "t"), "--progress", "off"],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_write_network_errors(tmp_path: Path) -> None:
    z = np.zeros
    ok = dict(w1=z((290, 8)), b1=z(8), w2=z((4, 16)), b2=z(4), w3=z((4, 4)), b3=z(4), w4=z(4), b4=0.0, out_scale=10.0)
    data.write_network(tmp_path / "ok.nnue", "kalah", **ok)
    for change, msg in [(dict(w1=z((10, 8))), "w1"), (dict(w2=z((4, 15))), "w2"), (dict(b1=z(7)), "b1"),
                        (dict(out_scale=0.0), "out_scale"), (dict(w4=np.full(4, np.nan)), "finite")]:
        with pytest.raises(ValueError, match=msg):
            data.write_network(tmp_path / "bad.nnue", "kalah", **{**ok, **change})
    (tmp_path / "junk.nnue").write_bytes(b"COLONY-NNUE\n" + b"\0" * 40)
    with pytest.raises(ValueError, match="damaged"):
        data.read_network(tmp_path / "junk.nnue")
    with pytest.raises(colony_ai.GameError, match="network"):
        colony_ai.think(colony_ai.load_game("oware").new_initial_state(), "ab:depth=1,eval=net:%s" % (tmp_path / "ok.nnue"))
