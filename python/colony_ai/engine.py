"""A Python policy as an engine of the Mancala Engine Protocol (docs/protocol.md).

``serve(policy)`` reads MEP commands on standard input and answers on standard
output, with the rules of the package: the policy only chooses. So a Python agent
plays in ``colony tournament`` (and ``analyze``, ``selfplay``, the web app) as a
``cmd:`` player::

    #!/usr/bin/env python3
    import colony_ai.engine

    def policy(state, request):
        return request.rng.choice(state.legal_actions())   # a decision at a time

    colony_ai.engine.serve(policy, name="my agent")

and ``colony tournament -p me=cmd:path=python3,args=my_agent.py -p ab:depth=3``.

The policy is called with the state to play (a colony_ai.State, the engine's side to
move) and a Request (the search limits, a random source seeded by the runner's seed
option). It returns one of:

- an int: one decision; when the turn goes on (The Colony's turns are several
  decisions), the policy is called again on the state after it;
- a list of ints: the decisions of the rest of the turn;
- a str: the whole turn in the game's move notation;
- a colony_ai.Thought (what colony_ai.think returns): its turn, with its depth, score,
  nodes and line sent as an info line.

A policy that raises, or returns what is not a legal turn, is answered with MEP's
``error``, so the runner reports it (in a tournament the game is lost with the
policy's message in the games file).
"""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field
from typing import IO, Callable, Iterable, Optional, Union

from .core import Game, State, Thought, load_game

__all__ = ["Limits", "Request", "Policy", "serve"]


@dataclass
class Limits:
    """The limits of MEP's go command (None: not given); times in milliseconds."""

    depth: Optional[int] = None
    nodes: Optional[int] = None
    movetime: Optional[int] = None
    time: Optional[int] = None
    inc: Optional[int] = None
    otime: Optional[int] = None
    oinc: Optional[int] = None
    infinite: bool = False

    def budget(self) -> Optional[float]:
        """A time budget for this turn in seconds, from movetime or the clock (a
        thirtieth of the time left plus three quarters of the increment, as the
        toolkit's own players take it), or None for no time limit."""
        if self.movetime is not None:
            return self.movetime / 1000
        if self.time is not None:
            ms = self.time / 30 + 0.75 * (self.inc or 0)
            return max(1.0, min(ms, self.time / 2)) / 1000
        return None


@dataclass
class Request:
    """What a policy is asked: the game, the limits, a random source."""

    game: Game
    limits: Limits
    rng: random.Random = field(default_factory=random.Random)


Policy = Callable[[State, Request], Union[int, Iterable[int], str, Thought]]
"""A policy: the state to play and the request, to a decision, decisions, a turn or a
Thought."""

_LIMIT_NAMES = ("depth", "nodes", "movetime", "time", "inc", "otime", "oinc")


def _limits(words: list[str]) -> Limits:
    lim = Limits()
    i = 0
    while i < len(words):
        w = words[i]
        if w == "infinite":
            lim.infinite = True
            i += 1
        elif w in _LIMIT_NAMES and i + 1 < len(words):
            setattr(lim, w, int(words[i + 1]))
            i += 2
        else:
            raise ValueError("go: unknown limit %r" % w)
    return lim


def _turn(state: State, policy: Policy, request: Request) -> tuple[str, Optional[Thought]]:
    """Ask the policy for a turn of state; return its notation (and the Thought it
    came as). The state is not changed."""
    answer = policy(state.clone(), request)
    if isinstance(answer, Thought):
        return answer.turn, answer
    if isinstance(answer, str):
        check = state.clone()
        check.apply_turn(answer)
        return answer, None
    s = state.clone()
    pieces: list[str] = []
    mover = s.current_player()
    while True:
        decisions: list[int]
        if isinstance(answer, int) or hasattr(answer, "__index__"):
            decisions = [answer.__index__()]
        elif isinstance(answer, (str, Thought)):  # pragma: no cover - handled above
            raise ValueError("the policy answered a whole turn in the middle of one")
        else:
            decisions = list(answer)
            if not decisions:
                raise ValueError("the policy chose no decision")
        for a in decisions:
            if s.is_turn_start() and pieces:
                raise ValueError("the policy's decisions are more than one turn")
            text = s.action_to_string(a)
            # The notation of a turn is its decisions' pieces, concatenated; a decision
            # that writes as nothing (The Colony's pass) reads as "pass".
            pieces.append("" if text == "pass" else text)
            s.apply_action(a)
        if s.is_turn_start() or s.is_terminal():
            return "".join(pieces), None
        if s.current_player() != mover:  # pragma: no cover - the contract forbids it
            raise ValueError("the turn passed to the other side in its middle")
        answer = policy(s.clone(), request)
        if isinstance(answer, (str, Thought)):
            raise ValueError("the policy answered a whole turn in the middle of one")


def _info(t: Thought) -> str:
    """The info line of a Thought: score in hundredths of a point, or win/loss."""
    items = ["depth %d" % t.depth]
    if t.proven > 0:
        items.append("score win %d" % (t.score - t.win_score))
    elif t.proven < 0:
        items.append("score loss %d" % (-t.score - t.win_score))
    else:
        items.append("score %d" % round(t.score * 100 / t.scale))
    items.append("nodes %d" % t.nodes)
    items.append("time %d" % round(t.time * 1000))
    pv = [p for p in t.pv_turns if not p.endswith("...")]
    if pv:
        items.append("pv " + " ".join(pv))
    return "info " + " ".join(items)


def serve(policy: Policy, name: str = "colony_ai engine", author: str = "a colony_ai policy",
          games: Optional[Iterable[str]] = None, stdin: Optional[IO[str]] = None,
          stdout: Optional[IO[str]] = None) -> None:
    """Serve policy over MEP on stdin and stdout (the process's by default) until
    quit or the end of the input. games restricts the games it plays (by name, as
    colony games lists them; None: every game). The engine declares the option seed,
    which seeds request.rng at every newgame."""
    inp = stdin if stdin is not None else sys.stdin
    out = stdout if stdout is not None else sys.stdout
    allowed = None if games is None else set(games)

    def send(line: str) -> None:
        out.write(line + "\n")
        out.flush()

    seed = 1
    game: Optional[Game] = None
    games_by_name: dict[str, Game] = {}
    state: Optional[State] = None
    position_error: Optional[str] = None
    rng = random.Random(seed)
    for raw in inp:
        line = raw.rstrip("\r\n")
        cmd, _, rest = line.partition(" ")
        try:
            if cmd == "mep":
                send("id name " + name)
                send("id author " + author)
                send("option name seed type int default 1 min 0 max 18446744073709551615")
                if allowed is not None:
                    send("games " + " ".join(sorted(allowed)))
                send("mepok 1")
            elif cmd == "isready":
                send("readyok")
            elif cmd == "setoption":
                words = rest.split(" ")
                if len(words) >= 4 and words[0] == "name" and words[2] == "value" and words[1] == "seed":
                    seed = int(words[3])
                else:
                    send("error unknown option " + (words[1] if len(words) > 1 else rest))
            elif cmd == "newgame":
                gname = rest.partition(":")[0]
                if allowed is not None and gname not in allowed:
                    send("error unsupported game " + rest)
                    continue
                if rest not in games_by_name:
                    games_by_name[rest] = load_game(rest)
                game, state, position_error = games_by_name[rest], None, None
                rng = random.Random(seed)
            elif cmd == "position":
                if game is None:
                    game = games_by_name.setdefault("colony", load_game("colony"))
                head, sep, tail = rest.partition(" moves")
                turns = tail.split() if sep else []
                state, position_error = None, None
                try:
                    s = game.new_initial_state() if head == "start" else game.state_from(head[len("set "):])
                    for k, t in enumerate(turns):
                        try:
                            s.apply_turn(t)
                        except Exception as e:
                            raise ValueError("turn %d of the moves, %s: %s" % (k + 1, t, e)) from e
                    state = s
                except Exception as e:
                    position_error = "position: %s" % e
            elif cmd == "go":
                limits = _limits(rest.split()) if rest else Limits()
                if position_error is not None or state is None or game is None:
                    send("error " + (position_error or "go: no position"))
                    continue
                if state.is_terminal():
                    send("error go: the game is over")
                    continue
                turn, thought = _turn(state, policy, Request(game=game, limits=limits, rng=rng))
                if thought is not None:
                    send(_info(thought))
                if limits.infinite:  # bestturn only after stop
                    for raw2 in inp:
                        c2 = raw2.strip()
                        if c2 == "isready":
                            send("readyok")
                        elif c2 in ("stop", "quit"):
                            break
                send("bestturn " + turn)
            elif cmd == "stop":
                pass  # not searching: ignored
            elif cmd == "quit":
                return
            elif cmd == "":
                continue
            else:
                send("error unknown command " + cmd)
        except Exception as e:  # the policy's or a bad command's: MEP's error reply
            send("error " + " ".join(("%s: %s" % (type(e).__name__, e)).split()))
