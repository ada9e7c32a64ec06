#!/usr/bin/env python3
"""An engine of the Mancala Engine Protocol for every game of the toolkit, on the
colony_ai package (pip install ./python): the package has the rules and speaks the
protocol; this file only chooses (docs/python.md).

A decision at a time, it takes the one after which its lead in points is largest
(a turn of The Colony is several decisions: the policy is asked for each), ties at
random (option seed). Put your agent in policy(). In a tournament:
  colony tournament -p py=cmd:path=python3,args=examples/engine/colony_ai_greedy.py -p greedy
"""
import colony_ai.engine


def policy(state, request):
    me = state.current_player()

    def lead(action):
        after = state.clone()
        after.apply_action(action)
        points = after.points()
        return points[me] - points[1 - me]

    scores = {a: lead(a) for a in state.legal_actions()}
    best = max(scores.values())
    return request.rng.choice([a for a, s in scores.items() if s == best])


if __name__ == "__main__":
    colony_ai.engine.serve(policy, name="colony_ai greedy", author="the colony toolkit's example")
