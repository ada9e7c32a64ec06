"""A Python policy served over the Mancala Engine Protocol (colony_ai.engine)."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import colony_ai
from colony_ai import engine

from conftest import ROOT

EXAMPLE = ROOT / "examples" / "engine" / "colony_ai_greedy.py"


def session(policy: Any, commands: list[str], **kw: Any) -> list[str]:
    out = io.StringIO()
    engine.serve(policy, stdin=io.StringIO("".join(c + "\n" for c in commands)), stdout=out, **kw)
    return out.getvalue().splitlines()


def first(state: colony_ai.State, request: engine.Request) -> int:
    return state.legal_actions()[0]


def test_session_decisions() -> None:
    lines = session(first, ["mep 1", "setoption name seed value 5", "isready", "newgame colony", "isready",
                            "position start", "go depth 3", "position start moves zz", "go",
                            "newgame kalah:4x3", "position start moves a", "go movetime 50", "stop",
                            "setoption name Style value x", "bogus", "quit", "go"])
    assert lines[:4] == ["id name colony_ai engine", "id author a colony_ai policy",
                         "option name seed type int default 1 min 0 max 18446744073709551615", "mepok 1"]
    assert lines[4:6] == ["readyok", "readyok"]
    turn = lines[6].removeprefix("bestturn ")
    s = colony_ai.load_game("colony").new_initial_state()
    s.apply_turn(turn)  # a whole legal turn of several decisions
    assert s.is_turn_start() and s.current_player() == 1
    assert lines[7].startswith("error position: turn 1 of the moves, zz: ")
    k = colony_ai.load_game("kalah:4x3").new_initial_state()
    k.apply_turn("a")
    assert lines[8] == "bestturn " + k.action_to_string(k.legal_actions()[0])
    assert lines[9] == "error unknown option Style"
    assert lines[10] == "error unknown command bogus"
    assert len(lines) == 11  # nothing after quit


def test_session_answers() -> None:
    """Turns, lists of decisions and Thoughts as answers; errors of the policy."""
    game = colony_ai.load_game("kalah")
    cmds = ["mep 1", "newgame kalah", "position start", "go"]
    assert session(lambda s, r: "c", cmds)[-1] == "bestturn c"
    assert session(lambda s, r: [2], cmds)[-1] == "bestturn c"
    t_lines = session(lambda s, r: colony_ai.think(s, "ab:depth=3"), cmds)
    t = colony_ai.think(game.new_initial_state(), "ab:depth=3")
    assert t_lines[-2].startswith("info depth 3 score %d nodes %d" % (round(t.score * 100 / t.scale), t.nodes))
    assert t_lines[-1] == "bestturn " + t.turn
    assert session(lambda s, r: "zz", cmds)[-1].startswith("error IllegalActionError: ")
    assert session(lambda s, r: 9, cmds)[-1].startswith("error IllegalActionError: action 9")

    def boom(s: Any, r: Any) -> int:
        raise RuntimeError("no idea\nat all")

    assert session(boom, cmds)[-1] == "error RuntimeError: no idea at all"
    only = session(first, ["mep 1", "newgame oware", "newgame kalah:4x3", "position start", "go"], games=["kalah"])
    assert "games kalah" in only and "error unsupported game oware" in only and only[-1] == "bestturn a"
    assert session(first, ["newgame kalah", "position start", "go infinite", "isready", "stop"])[-2:] == [
        "readyok", "bestturn a"]


@pytest.mark.parametrize("game", ["colony", "kalah"])
def test_example_in_a_tournament(game: str, colony_bin: str, tmp_path: Path) -> None:
    """The example engine plays a tournament as a cmd: player, without a fault."""
    spec = "py=cmd:path=%s,args=%s" % (sys.executable, EXAMPLE)
    out = subprocess.run([colony_bin, "--game", game, "tournament", "-p", spec, "-p", "random", "--games", "2",
                          "--out", str(tmp_path / "t"), "--progress", "off"], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr + out.stdout
    from colony_ai import data

    d = data.read_games(tmp_path / "t" / "games.jsonl")
    assert d.forfeits == 0 and len(d) > 0


def test_engine_of_an_engines_file(tmp_path: Path) -> None:
    """think and players take engine:NAME with an engines file: here the example engine."""
    import json

    engines = tmp_path / "engines.json"
    engines.write_text(json.dumps([{"name": "py", "command": sys.executable, "args": [str(EXAMPLE)]}]))
    state = colony_ai.load_game("kalah").new_initial_state()
    t = colony_ai.think(state, "engine:py", engines=str(engines))
    assert t.spec.startswith("cmd:") and t.turn in [state.action_to_string(a) for a in state.legal_actions()]
    with colony_ai.load_game("colony").player("engine:py", engines=str(engines)) as p:
        s = colony_ai.load_game("colony").new_initial_state()
        s.apply_turn(p.think(s).turn)
        assert s.current_player() == 1
    with pytest.raises(colony_ai.GameError, match="nothing"):
        colony_ai.think(state, "engine:nothing", engines=str(engines))
