package game

import (
	"fmt"
	"slices"
)

// MaxTurns bounds the legal turns Turns lists: a position with more is an error
// rather than a list that exhausts memory.
const MaxTurns = 1 << 20

// Turns lists the legal turns of s, which is at the start of a turn (or in the middle
// of one: the turns are then the ways to finish it), in decision order: the turns
// whose first decision comes first in LegalActions come first, and so on down the
// turn. names[i] is the notation of turn i (its decisions' AppendAction pieces,
// concatenated) and paths[i] its decisions. A finished game has no turns. A position
// with more than MaxTurns legal turns is an error.
func Turns[S any](g Game[S], s S) (names []string, paths [][]Action, err error) {
	return turns(g, s, MaxTurns)
}

// turns is Turns with the bound limit.
func turns[S any](g Game[S], s S, limit int) (names []string, paths [][]Action, err error) {
	if g.Terminal(&s) {
		return nil, nil, nil
	}
	var walk func(c S, text []byte, path []Action) error
	walk = func(c S, text []byte, path []Action) error {
		var buf ActionBuffer
		for _, a := range g.LegalActions(&c, &buf) {
			d := c
			t := g.AppendAction(slices.Clip(text), &d, a)
			p := append(slices.Clip(path), a)
			g.Apply(&d, a)
			if g.TurnStart(&d) || g.Terminal(&d) {
				if len(names) >= limit {
					return fmt.Errorf("the position has more than %d legal turns", limit)
				}
				names, paths = append(names, string(t)), append(paths, p)
				continue
			}
			if err := walk(d, t, p); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(s, nil, nil); err != nil {
		return nil, nil, err
	}
	return names, paths, nil
}

// PlayTurn checks that actions are exactly one whole legal turn from s (the rest of
// the turn in progress when s is in the middle of one) and plays it, appending the
// turn's notation to notation and returning it: what a referee does with a player's
// turn. On an error s is unchanged, notation is returned as it was given, and the
// error says what is wrong: no decisions or too few to end the turn ("the player's
// decisions [...] are not a whole turn"), decisions left over after the turn (or
// after the game) ended ("... are more than one turn"), or a decision that is not
// legal ("the player's decision 2 (7) is not legal").
//
// PlayTurn works through the Game's methods only: it is the reference that a
// TurnApplier's ApplyTurn must match, and callers that want the fast path check for
// TurnApplier first.
func PlayTurn[S any](g Game[S], s *S, actions []Action, notation []byte) ([]byte, error) {
	c := *s
	mark := len(notation)
	var buf ActionBuffer
	for i, a := range actions {
		if i > 0 && (g.TurnStart(&c) || g.Terminal(&c)) {
			return notation[:mark], fmt.Errorf("the player's decisions %v are more than one turn", actions)
		}
		if g.Terminal(&c) || !slices.Contains(g.LegalActions(&c, &buf), a) {
			return notation[:mark], fmt.Errorf("the player's decision %d (%d) is not legal", i+1, a)
		}
		notation = g.AppendAction(notation, &c, a)
		g.Apply(&c, a)
	}
	if len(actions) == 0 || !(g.TurnStart(&c) || g.Terminal(&c)) {
		return notation[:mark], fmt.Errorf("the player's decisions %v are not a whole turn", actions)
	}
	*s = c
	return notation, nil
}

// RandomIndex maps x, a uniformly random 64-bit number, to a uniformly random index
// in [0, n) for 0 < n <= 1<<32, by Lemire's multiply-shift on x's high 32 bits:
// int((x>>32)*n>>32). It is how the toolkit picks a random decision among n legal
// ones (legal[RandomIndex(rng.Uint64(), len(legal))]) without a division, so that
// the same random numbers give the same games everywhere. The bias is at most
// n/2^32.
func RandomIndex(x uint64, n int) int {
	return int((x >> 32) * uint64(n) >> 32)
}
