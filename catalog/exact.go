package catalog

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/search"
)

// Exact is the exact solver of one rule set for many positions (a program that
// shows positions one after another, the web application's analysis): each
// position's exact value by the solver within a bound of nodes, and, for a game
// with endgame databases (game.Endgamer: Kalah), its database of the positions
// with few pieces left in play, built once, at the first position solved, and kept
// in memory (never written to a file). It is safe for concurrent use.
type Exact struct {
	solve func(ctx context.Context, position string, o search.SolveOptions) (*Solution, error)
	// Endgames is the most pieces in play of the positions of the endgame database
	// the solver looks up, 0 for a game without one.
	Endgames int
}

// NewExact returns the exact solver of g, with the endgame database of the
// positions with at most endgames pieces in play when g has endgame databases
// (endgames 0: none).
func NewExact(g Ruleset, endgames int) (*Exact, error) {
	x, ok := g.(interface {
		newExact(endgames int) (*Exact, error)
	})
	if !ok {
		return nil, fmt.Errorf("%s: not a rule set of the catalog", g.Name())
	}
	return x.newExact(endgames)
}

// Solve computes the position's exact value (see Solution) with the options
// (MaxNodes bounds the search; Endgames and EndgameDir are not used: the solver's
// own database is). A search stopped at MaxNodes is an error wrapping
// search.ErrNodeLimit.
func (e *Exact) Solve(ctx context.Context, position string, o search.SolveOptions) (*Solution, error) {
	return e.solve(ctx, position, o)
}

// exactOf is the Exact of a state type: its endgame database, once built.
type exactOf[S any] struct {
	x      *generic[S]
	eg     game.Endgamer[S]
	pieces int
	mu     sync.Mutex
	table  game.EndgameTable[S]
}

func (x *generic[S]) newExact(endgames int) (*Exact, error) {
	if endgames < 0 {
		return nil, fmt.Errorf("endgames=%d: want 0 or more", endgames)
	}
	e := &exactOf[S]{x: x}
	if eg := game.PartsOf[S](x.g).Endgamer; eg != nil && endgames > 0 {
		e.eg, e.pieces = eg, endgames
	}
	return &Exact{solve: e.solvePosition, Endgames: e.pieces}, nil
}

// endgames returns the endgame database, built at the first call (a build stopped
// by ctx is tried again at the next).
func (e *exactOf[S]) endgames(ctx context.Context) (game.EndgameTable[S], error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.table == nil {
		t, err := e.eg.Endgames(ctx, e.pieces, "")
		if err != nil {
			return nil, err
		}
		e.table = t
	}
	return e.table, nil
}

func (e *exactOf[S]) solvePosition(ctx context.Context, position string, o search.SolveOptions) (*Solution, error) {
	x := e.x
	s, err := x.g.ParsePosition(position)
	if err != nil {
		return nil, err
	}
	if x.g.Terminal(&s) {
		return nil, errors.New("the game is already over")
	}
	o.Endgames, o.EndgameDir = 0, ""
	var res search.SolveResult
	if e.eg != nil {
		table, err := e.endgames(ctx)
		if err != nil {
			return nil, fmt.Errorf("the endgame database: %w", err)
		}
		res, err = search.SolveWithEndgames(ctx, game.Rules[S](x.g), &s, table, o)
		return x.solution(s, res, err)
	}
	res, err = search.Solve(ctx, game.Rules[S](x.g), &s, o)
	return x.solution(s, res, err)
}
