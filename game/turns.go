package game

import (
	"errors"
	"fmt"
	"slices"
	"strings"
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
// error says what is wrong, in the words of the tournament records: "its decisions
// [...] are not a whole turn" (none, or too few to end the turn), "its decisions [...]
// are more than one turn" (decisions left over after the turn or the game ended), or
// "its decision 2 (7, "B4") is not legal after "C1"" (the decision, its notation and
// the turn so far).
//
// PlayTurn works through the Game's methods only: it is the reference that a
// TurnApplier's ApplyTurn must match. A Referee does the same with the game's fast
// paths and without allocating.
func PlayTurn[S any](g Game[S], s *S, actions []Action, notation []byte) ([]byte, error) {
	r := &Referee[S]{g: g}
	return r.check(s, actions, notation)
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

// ErrNotATurn is the error of ReadTurn for a text that is not the notation of a legal
// turn of the position.
var ErrNotATurn = errors.New("not a legal turn")

// ReadTurn plays the turn written text on s: through the game's TurnReader when it
// has one (whose errors say what is wrong with the turn), otherwise by walking the
// decisions whose notations, in turn, make up text up to the end of the turn (an
// error wrapping ErrNotATurn when there are none). On an error s is unchanged.
func ReadTurn[S any](g Game[S], s *S, text string) error {
	if r := PartOf[TurnReader[S]](g); r != nil {
		return r.ReadTurn(s, text)
	}
	if g.Terminal(s) {
		return errors.New("the game is over")
	}
	var walk func(c S, rest string) (S, bool)
	walk = func(c S, rest string) (S, bool) {
		var buf ActionBuffer
		for _, a := range g.LegalActions(&c, &buf) {
			piece := string(g.AppendAction(nil, &c, a))
			after, ok := strings.CutPrefix(rest, piece)
			if !ok || piece == "" {
				continue
			}
			d := c
			g.Apply(&d, a)
			if g.TurnStart(&d) || g.Terminal(&d) {
				if after == "" {
					return d, true
				}
				continue
			}
			if e, ok := walk(d, after); ok {
				return e, true
			}
		}
		return c, false
	}
	end, ok := walk(*s, text)
	if !ok {
		return ErrNotATurn
	}
	*s = end
	return nil
}

// ParseTurn reads the turn written text in s, which is at the start of a turn, and
// returns its decisions, leaving s unchanged: the turn whose decisions' notations,
// concatenated, are text, or, for a game with a TurnReader, a turn that the reader
// plays from another spelling (found among Turns by the position it leads to). The
// error says what is wrong: the TurnReader's words when the game has one, otherwise
// an error wrapping ErrNotATurn.
func ParseTurn[S any](g Game[S], s *S, text string) ([]Action, error) {
	if g.Terminal(s) {
		return nil, errors.New("the game is over")
	}
	var path []Action
	var walk func(c *S, rest string) bool
	walk = func(c *S, rest string) bool {
		var buf ActionBuffer
		var piece []byte
		for _, a := range g.LegalActions(c, &buf) {
			piece = g.AppendAction(piece[:0], c, a)
			if len(piece) == 0 || len(piece) > len(rest) || rest[:len(piece)] != string(piece) {
				continue
			}
			after := rest[len(piece):]
			d := *c
			g.Apply(&d, a)
			path = append(path, a)
			if g.TurnStart(&d) || g.Terminal(&d) {
				if after == "" {
					return true
				}
			} else if walk(&d, after) {
				return true
			}
			path = path[:len(path)-1]
		}
		return false
	}
	if text != "" && walk(s, text) {
		return path, nil
	}
	r := PartOf[TurnReader[S]](g)
	ok := r != nil
	if !ok {
		return nil, ErrNotATurn
	}
	end := *s
	if err := r.ReadTurn(&end, text); err != nil {
		return nil, err
	}
	// Another spelling of a legal turn: the turn that leads to the same position.
	want := g.FormatPosition(&end)
	_, paths, err := Turns(g, *s)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		c := *s
		for _, a := range p {
			g.Apply(&c, a)
		}
		if g.FormatPosition(&c) == want {
			return p, nil
		}
	}
	return nil, ErrNotATurn
}
