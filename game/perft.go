package game

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
)

// errMidTurn is the error of Perft and PerftDivide for a position in the middle of a
// turn.
var errMidTurn = errors.New("the position is in the middle of a turn")

// Perft counts the sequences of exactly depth legal turns from s, which must be at the
// start of a turn: a line on which the game ends before depth turns adds nothing, and
// a turn that ends the game in its middle counts as a whole turn. Depth 0 counts 1.
// It uses the game's Perfter when it has one; otherwise it walks every decision
// through g's methods, and allocates nothing per node (the states of the walk are
// kept in one stack of frames, reused), and stops with ctx's error when ctx is done.
func Perft[S any](ctx context.Context, g Rules[S], s S, depth int) (uint64, error) {
	if !g.TurnStart(&s) {
		return 0, errMidTurn
	}
	if fast := PartOf[Perfter[S]](g); fast != nil {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		return fast.Perft(&s, depth), nil
	}
	p := newPerft(ctx, g, &s)
	n := p.count(0, depth)
	if p.err != nil {
		return 0, p.err
	}
	return n, nil
}

// PerftDivide is Perft split by the first turn: the legal turns of s (as Turns lists
// them) sorted byte-wise by their notation, and for each the count of the sequences of
// depth-1 more turns from the state the turn reaches (searched from that state, so
// that whatever the state carries, such as a repetition history, counts as in Perft).
// The counts add up to Perft's, and come from the game's Perfter when it has one. s
// must be at the start of a turn and depth at least 1.
func PerftDivide[S any](ctx context.Context, g Game[S], s S, depth int) ([]string, []uint64, error) {
	if !g.TurnStart(&s) {
		return nil, nil, errMidTurn
	}
	if depth < 1 {
		return nil, nil, fmt.Errorf("depth %d: want at least 1", depth)
	}
	names, paths, err := Turns(g, s)
	if err != nil {
		return nil, nil, err
	}
	order := make([]int, len(names))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return strings.Compare(names[a], names[b]) })
	p := newPerft(ctx, g, &s)
	fast := PartOf[Perfter[S]](g)
	sorted := make([]string, len(names))
	counts := make([]uint64, len(names))
	for k, i := range order {
		if fast != nil {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
			c := s
			for _, a := range paths[i] {
				g.Apply(&c, a)
			}
			sorted[k], counts[k] = names[i], fast.Perft(&c, depth-1)
			continue
		}
		f := p.frames[0]
		f.s = s
		for _, a := range paths[i] {
			g.Apply(&f.s, a)
		}
		sorted[k], counts[k] = names[i], p.count(0, depth-1)
		if p.err != nil {
			return nil, nil, p.err
		}
	}
	return sorted, counts, nil
}

// perft counts turn sequences over decisions.
type perft[S any] struct {
	g     Rules[S]
	ctx   context.Context
	steps uint64
	err   error
	// frames[k] holds the state at decision k of the walk and the buffer of its
	// legal decisions; frames are allocated once, as the walk first goes that deep
	// (the states handed to g's methods through an interface would otherwise escape
	// to the heap, one allocation a node).
	frames []*perftFrame[S]
}

// perftFrame is one level of the walk.
type perftFrame[S any] struct {
	s   S
	buf ActionBuffer
}

// newPerft returns a walk whose frame 0 holds *s.
func newPerft[S any](ctx context.Context, g Rules[S], s *S) *perft[S] {
	p := &perft[S]{g: g, ctx: ctx}
	p.frame(0).s = *s
	return p
}

// frame returns frame k, allocating the frames up to it.
func (p *perft[S]) frame(k int) *perftFrame[S] {
	for len(p.frames) <= k {
		p.frames = append(p.frames, new(perftFrame[S]))
	}
	return p.frames[k]
}

// count returns the sequences of exactly depth turns from the state of frame k, which
// is at a turn start.
func (p *perft[S]) count(k, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if p.g.Terminal(&p.frames[k].s) {
		return 0
	}
	return p.inTurn(k, depth)
}

// inTurn counts below the state of frame k, a decision of the current turn with
// depth turns to go, this one included.
func (p *perft[S]) inTurn(k, depth int) uint64 {
	if p.steps++; p.steps&0xffff == 0 && p.err == nil && p.ctx.Err() != nil {
		p.err = p.ctx.Err()
	}
	if p.err != nil {
		return 0
	}
	f, child := p.frames[k], p.frame(k+1)
	var n uint64
	for _, a := range p.g.LegalActions(&f.s, &f.buf) {
		child.s = f.s
		p.g.Apply(&child.s, a)
		switch {
		case p.g.Terminal(&child.s):
			if depth == 1 {
				n++
			}
		case p.g.TurnStart(&child.s):
			n += p.count(k+1, depth-1)
		default:
			n += p.inTurn(k+1, depth)
		}
	}
	return n
}
