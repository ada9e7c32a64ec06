#!/usr/bin/env python3
"""A Kalah engine for the Mancala Engine Protocol (docs/protocol.md), standard library only.

It plays one ply deep: the turn that gains the most seeds for its store now, ties broken
at random (option seed). Copy it and put your own search in best_turn(). In a tournament:
  colony tournament --game kalah -p py=cmd:path=examples/engine/kalah_greedy.py -p greedy
"""
import random
import sys


def start(game):
    """The start position of game ("kalah" or "kalah:MxN"): [south pits, north pits, stores, mover]."""
    name, _, size = game.partition(":")
    if name != "kalah":
        raise ValueError(game)
    m, _, n = (size or "6x4").partition("x")
    m, n = int(m), int(n)  # raises for rule sets this engine does not play
    return [[n] * m, [n] * m, [0, 0], 0]


def parse(text):
    """A position in Kalah's notation: pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south."""
    fields = dict(item.split("=", 1) for item in text.split())
    south, north = fields["pits"].split("/")
    stores = [int(x) for x in fields["stores"].split(",")]
    return [[int(x) for x in south.split(".")], [int(x) for x in north.split(".")], stores, ["south", "north"].index(fields["move"])]


def play(pos, letter):
    """Plays the pit named letter (a, b, ...) for the side to move, by the default rules."""
    pits, stores, me = [pos[0][:], pos[1][:]], pos[2][:], pos[3]
    m, i = len(pits[0]), ord(letter) - ord("a")
    if not 0 <= i < m or pits[me][i] == 0:
        raise ValueError("illegal turn " + letter)
    seeds, pits[me][i] = pits[me][i], 0
    side = me
    while seeds:  # sow: own pits after i, own store, the opponent's pits (their store skipped)
        i += 1
        if i == m and side == me:
            stores[me] += 1
            seeds -= 1
            continue
        if i >= m:
            side, i = 1 - side, 0
        pits[side][i] += 1
        seeds -= 1
    extra = side == me and i == m
    if not extra and side == me and pits[me][i] == 1:  # capture into an empty pit of the mover
        stores[me] += 1 + pits[1 - me][m - 1 - i]
        pits[me][i] = pits[1 - me][m - 1 - i] = 0
    if not any(pits[0]) or not any(pits[1]):  # the end: each side takes its own seeds
        stores = [stores[0] + sum(pits[0]), stores[1] + sum(pits[1])]
        pits = [[0] * m, [0] * m]
    return [pits[0], pits[1], stores, me if extra else 1 - me]


def best_turn(pos, rng):
    """The legal turn that gains the most seeds now, ties at random."""
    me = pos[3]
    turns = [chr(ord("a") + i) for i, seeds in enumerate(pos[me]) if seeds]
    gain = {t: play(pos, t)[2][me] - pos[2][me] for t in turns}
    best = max(gain.values())
    return rng.choice([t for t in turns if gain[t] == best])


def main():
    rng, game, pos = random.Random(1), "kalah", None
    for line in sys.stdin:
        words = line.split() or [""]
        cmd, reply = words[0], []
        if cmd == "mep":
            reply = ["id name py-greedy-kalah", "id author the colony toolkit's example",
                     "option name seed type int default 1 min 0 max 18446744073709551615", "games kalah", "mepok 1"]
        elif cmd == "setoption" and words[1:3] == ["name", "seed"]:
            rng.seed(int(words[4]))
        elif cmd == "isready":
            reply = ["readyok"]
        elif cmd == "newgame":
            try:
                game, pos = words[1], start(words[1])
            except ValueError:
                reply = ["error unsupported game " + words[1]]
        elif cmd == "position":
            cut = words.index("moves") if "moves" in words else len(words)
            pos = start(game) if words[1] == "start" else parse(" ".join(words[2:cut]))
            for turn in words[cut + 1:]:
                pos = play(pos, turn)
        elif cmd == "go":
            reply = ["bestturn " + best_turn(pos, rng)]
        elif cmd == "quit":
            return
        for text in reply:
            print(text, flush=True)


if __name__ == "__main__":
    main()
