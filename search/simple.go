package search

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/colony-ai/colony/game"
)

// playTurn plays one whole turn from s, one decision at a time: choose returns the
// decision to take in a state inside the turn and its score from the mover's view.
func playTurn[S any](ctx context.Context, g game.Rules[S], s *S, choose func(s *S) (game.Action, int, error)) (Decision, error) {
	start := time.Now()
	if g.Terminal(s) {
		return Decision{}, fmt.Errorf("search: the game is over")
	}
	var d Decision
	c := *s
	for {
		a, score, err := choose(&c)
		if err != nil {
			return Decision{}, err
		}
		if len(d.Actions) == 0 {
			d.Score = score
		}
		d.Actions = append(d.Actions, a)
		g.Apply(&c, a)
		if g.TurnStart(&c) { // a turn is always completed, even when ctx is done
			break
		}
	}
	d.PV = d.Actions
	d.Time = time.Since(start)
	return d, nil
}

// Random plays uniformly random decisions, seeded. The Actions of its Decisions are
// reused by its next Play (it allocates nothing per turn), and it does not time its
// turns (Decision.Time is 0): a turn takes well under a microsecond, less than
// reading the clock twice.
type Random[S any] struct {
	g       game.Rules[S]
	seed    uint64
	rng     *rand.PCG
	fast    game.RandomActioner[S] // nil when g has no fast path
	actions []game.Action
	// Scratch space, kept here because pointers passed to interface methods escape.
	scratch S
	buf     game.ActionBuffer
}

// NewRandom returns a random player for g; the same seed gives the same games.
func NewRandom[S any](g game.Rules[S], seed uint64) *Random[S] {
	fast := game.PartOf[game.RandomActioner[S]](g)
	return &Random[S]{g: g, seed: seed, rng: rand.NewPCG(seed, 0x52616e646f6d), fast: fast,
		actions: make([]game.Action, 0, 16)}
}

// Spec returns "random:seed=N".
func (p *Random[S]) Spec() string { return fmt.Sprintf("random:seed=%d", p.seed) }

// Close does nothing: a random player holds nothing to release.
func (p *Random[S]) Close() error { return nil }

// Play returns a whole turn of uniformly random decisions.
func (p *Random[S]) Play(ctx context.Context, s *S) (Decision, error) {
	if p.g.Terminal(s) {
		return Decision{}, fmt.Errorf("search: the game is over")
	}
	d := Decision{Actions: p.actions[:0]}
	c := &p.scratch
	*c = *s
	for {
		var a game.Action
		if p.fast != nil {
			a = p.fast.RandomAction(c, p.rng)
		} else {
			legal := p.g.LegalActions(c, &p.buf)
			a = legal[game.RandomIndex(p.rng.Uint64(), len(legal))]
		}
		d.Actions = append(d.Actions, a)
		p.g.Apply(c, a)
		if p.g.TurnStart(c) {
			break
		}
	}
	d.PV = d.Actions
	p.actions = d.Actions[:0]
	return d, nil
}

// Greedy plays the turn whose resulting position the evaluation likes best (a won
// game best of all, by its margin), looking one turn ahead; ties are broken at random,
// seeded.
type Greedy[S any] struct {
	g    game.Rules[S]
	ev   Evaluator[S]
	seed uint64
	rng  *rand.PCG
}

// NewGreedy returns a greedy player for g with evaluation ev.
func NewGreedy[S any](g game.Rules[S], ev Evaluator[S], seed uint64) *Greedy[S] {
	return &Greedy[S]{g: g, ev: ev, seed: seed, rng: rand.NewPCG(seed, 0x477265656479)}
}

// Spec returns "greedy:seed=N".
func (p *Greedy[S]) Spec() string { return fmt.Sprintf("greedy:seed=%d", p.seed) }

// Close does nothing: a greedy player holds nothing to release.
func (p *Greedy[S]) Close() error { return nil }

// Play returns the best turn one turn ahead. When ctx is done during its search
// (which looks at ctx every minimaxCheckEvery states), each decision left is chosen
// among the decisions whose search ended, or, when none did, as minimaxSearch.quick
// chooses.
func (p *Greedy[S]) Play(ctx context.Context, s *S) (Decision, error) {
	m := &minimaxSearch[S]{g: p.g, ev: p.ev, done: ctx.Done()}
	var buf game.ActionBuffer
	return playTurn(ctx, p.g, s, func(c *S) (game.Action, int, error) {
		mover := p.g.ToMove(c)
		best, bestScore, ties := game.Action(0), -Infinity, 0
		for _, a := range p.g.LegalActions(c, &buf) {
			child := *c
			p.g.Apply(&child, a)
			v := m.fromView(&child, mover, m.value(child, 0))
			if m.stopped {
				break
			}
			switch {
			case v > bestScore:
				best, bestScore, ties = a, v, 1
			case v == bestScore:
				ties++
				if game.RandomIndex(p.rng.Uint64(), ties) == 0 {
					best = a
				}
			}
		}
		if ties == 0 { // stopped before a decision's search ended
			return m.quick(c, &buf)
		}
		return best, bestScore, nil
	})
}

// Minimax is plain minimax (negamax) over decisions to a depth in full turns, without
// pruning: the reference the other searches are tested against.
type Minimax[S any] struct {
	g     game.Rules[S]
	ev    Evaluator[S]
	depth int
}

// NewMinimax returns a minimax player searching depth full turns.
func NewMinimax[S any](g game.Rules[S], ev Evaluator[S], depth int) *Minimax[S] {
	return &Minimax[S]{g: g, ev: ev, depth: depth}
}

// Spec returns "minimax:depth=N".
func (p *Minimax[S]) Spec() string { return fmt.Sprintf("minimax:depth=%d", p.depth) }

// Close does nothing: a minimax player holds nothing to release.
func (p *Minimax[S]) Close() error { return nil }

// Value returns the minimax value of s from the view of the player to move. When
// ctx is done before the search ends, the value means nothing (ctx.Err() then says
// so): the search stops within minimaxCheckEvery states.
func (p *Minimax[S]) Value(ctx context.Context, s *S) int {
	m := &minimaxSearch[S]{g: p.g, ev: p.ev, done: ctx.Done()}
	return m.value(*s, p.depth)
}

// Play returns the turn minimax prefers; ties go to the first decision in the order
// of LegalActions. The search looks at ctx every minimaxCheckEvery states: when ctx
// is done, the decision being searched is chosen among the decisions whose search
// ended (Decision.PartialDepth is then the depth, and Depth 0), or, when none did,
// as minimaxSearch.quick chooses, as are the decisions left in the turn.
func (p *Minimax[S]) Play(ctx context.Context, s *S) (Decision, error) {
	m := &minimaxSearch[S]{g: p.g, ev: p.ev, done: ctx.Done()}
	var buf game.ActionBuffer
	searched := false // a decision's search ended after ctx was done
	d, err := playTurn(ctx, p.g, s, func(c *S) (game.Action, int, error) {
		mover := p.g.ToMove(c)
		best, bestScore, found := game.Action(0), -Infinity, false
		for _, a := range p.g.LegalActions(c, &buf) {
			child := *c
			p.g.Apply(&child, a)
			depth := p.depth
			if p.g.TurnStart(&child) {
				depth--
			}
			v := m.fromView(&child, mover, m.value(child, depth))
			if m.stopped {
				break
			}
			if !found || v > bestScore {
				best, bestScore, found = a, v, true
			}
		}
		if !found { // stopped before a decision's search ended
			return m.quick(c, &buf)
		}
		searched = searched || m.stopped
		return best, bestScore, nil
	})
	d.Depth, d.Nodes = p.depth, m.nodes
	if m.stopped {
		d.Depth = 0
		if searched {
			d.PartialDepth = p.depth
		}
	}
	return d, err
}

// minimaxCheckEvery is the number of states minimax and greedy search between looks
// at ctx.
const minimaxCheckEvery = 1024

// minimaxSearch is one minimax search.
type minimaxSearch[S any] struct {
	g       game.Rules[S]
	ev      Evaluator[S]
	done    <-chan struct{} // the search's ctx.Done()
	nodes   uint64
	stopped bool // done was found closed: every value from then on is 0, meaningless
}

// value returns the negamax value of s (from its mover's view) searching depth more
// full turns. The state is passed by value so that children stay on the stack. When
// the search is stopped (done closed, looked at every minimaxCheckEvery states) it
// returns 0, which the callers ignore.
func (m *minimaxSearch[S]) value(s S, depth int) int {
	m.nodes++
	if m.nodes%minimaxCheckEvery == 0 {
		m.look()
	}
	if m.stopped {
		return 0
	}
	if m.g.Terminal(&s) {
		return Outcome(m.g, &s, m.g.ToMove(&s))
	}
	if depth <= 0 && m.g.TurnStart(&s) {
		return clampEval(m.ev.Evaluate(&s))
	}
	mover := m.g.ToMove(&s)
	best := -Infinity
	var buf game.ActionBuffer
	for _, a := range m.g.LegalActions(&s, &buf) {
		child := s
		m.g.Apply(&child, a)
		d := depth
		if m.g.TurnStart(&child) {
			d--
		}
		v := m.fromView(&child, mover, m.value(child, d))
		if m.stopped {
			return 0
		}
		if v > best {
			best = v
		}
	}
	return best
}

// look stops the search when done is closed.
func (m *minimaxSearch[S]) look() {
	select {
	case <-m.done:
		m.stopped = true
	default:
	}
}

// quick chooses a decision in c without searching, for a search stopped before any
// decision's search ended: the decision whose resulting state scores best for the
// mover (a finished game by its Outcome, otherwise by the evaluation), ties to the
// first in the order of LegalActions; and its score.
func (m *minimaxSearch[S]) quick(c *S, buf *game.ActionBuffer) (game.Action, int, error) {
	mover := m.g.ToMove(c)
	best, bestScore := game.Action(0), -Infinity
	for _, a := range m.g.LegalActions(c, buf) {
		child := *c
		m.g.Apply(&child, a)
		var v int
		if m.g.Terminal(&child) {
			v = Outcome(m.g, &child, mover)
		} else {
			v = m.fromView(&child, mover, clampEval(m.ev.Evaluate(&child)))
		}
		if v > bestScore {
			best, bestScore = a, v
		}
	}
	return best, bestScore, nil
}

// fromView turns v, a value from the view of child's mover, into player p's view.
func (m *minimaxSearch[S]) fromView(child *S, p int, v int) int {
	if m.g.ToMove(child) != p {
		return -v
	}
	return v
}
