package search

// Helpers shared by the tests of every player: the game, building players, checking
// and playing turns and games, seeded random positions, and a brute-force solver.

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/colony"
)

// colonyGame is The Colony under the default rules.
var colonyGame = colony.NewGame(nil)

// newPlayer builds a player for g with the R8 score from spec, failing the test on an
// error.
func newPlayer(t testing.TB, g game.Rules[colony.State], spec string, opts Options) Player[colony.State] {
	t.Helper()
	p, err := New[colony.State](g, colony.Score{}, spec, opts)
	if err != nil {
		t.Fatalf("New(%q): %v", spec, err)
	}
	return p
}

// applyTurn plays the turn of d on s under g after checking it: d.Actions must be one
// whole legal turn from s (legal decisions that reach a turn start, or the end of the
// game, exactly at their end), and d.PV must start with d.Actions and be legal to its
// end. It returns the position after the turn, or an error saying what is wrong.
func applyTurn(g colony.Game, s colony.State, d Decision) (colony.State, error) {
	if len(d.Actions) == 0 || len(d.PV) < len(d.Actions) || !slices.Equal(d.PV[:len(d.Actions)], d.Actions) {
		return s, fmt.Errorf("from %v: turn %v, PV %v: the PV must start with a non-empty turn", s, d.Actions, d.PV)
	}
	c, after := s, s
	for i, a := range d.PV {
		if !g.Rules.IsLegal(&c, colony.Action(a)) {
			return s, fmt.Errorf("from %v: decision %d (%s) of the PV %v (turn %v) is not legal",
				s, i, g.Rules.ActionString(colony.Action(a)), d.PV, d.Actions)
		}
		g.Apply(&c, a)
		if i < len(d.Actions) {
			if last := i == len(d.Actions)-1; g.TurnStart(&c) != last {
				return s, fmt.Errorf("from %v: the decisions %v do not make exactly one turn", s, d.Actions)
			}
			after = c
		}
	}
	return after, nil
}

// checkTurn is applyTurn failing the test on an error: it returns the position after
// the turn of d, checked, from s.
func checkTurn(t testing.TB, g colony.Game, s colony.State, d Decision) colony.State {
	t.Helper()
	after, err := applyTurn(g, s, d)
	if err != nil {
		t.Fatal(err)
	}
	return after
}

// checkedPlay asks p for a turn from s and checks it (checkTurn), failing the test on
// an error; it returns the decision and the position after it.
func checkedPlay(t testing.TB, g colony.Game, p Player[colony.State], s colony.State) (Decision, colony.State) {
	t.Helper()
	d, err := p.Play(context.Background(), &s)
	if err != nil {
		t.Fatalf("%s on %v: %v", p.Spec(), s, err)
	}
	return d, checkTurn(t, g, s, d)
}

// versus returns the players of a game in which p plays colour c against q.
func versus(p, q Player[colony.State], c colony.Color) [2]Player[colony.State] {
	var players [2]Player[colony.State]
	players[c], players[c.Other()] = p, q
	return players
}

// playGame plays a game under g from s to its end between players[0] (Red) and
// players[1] (Black), every turn checked as applyTurn does, and returns the finished
// position. It returns the first error rather than failing the test, so that games
// can run on goroutines of their own.
func playGame(g colony.Game, players [2]Player[colony.State], s colony.State) (colony.State, error) {
	for !s.Over() {
		p := players[g.ToMove(&s)]
		d, err := p.Play(context.Background(), &s)
		if err != nil {
			return s, fmt.Errorf("%s on %v: %w", p.Spec(), s, err)
		}
		if s, err = applyTurn(g, s, d); err != nil {
			return s, err
		}
	}
	return s, nil
}

// randomGame returns the position at the start of every turn of a game of uniformly
// random decisions under g's rules, drawn from PCG(seed, stream): the position at
// turn i+1 is at index i (the finished position is not among them).
func randomGame(g colony.Game, seed, stream uint64) []colony.State {
	r := g.Rules
	rng := rand.NewPCG(seed, stream)
	s := r.Start()
	var out []colony.State
	for !s.Over() {
		if s.Phase() == colony.PhaseSelect {
			out = append(out, s)
		}
		r.Apply(&s, r.RandomAction(&s, rng))
	}
	return out
}

// atTurns returns the positions of ts at turns from, from+every, from+2*every, ...
func atTurns(ts []colony.State, from, every int) []colony.State {
	var out []colony.State
	for _, s := range ts {
		if turn := s.Turn(); turn >= from && (turn-from)%every == 0 {
			out = append(out, s)
		}
	}
	return out
}

// randomPositions returns n positions at turns from, from+every, ... of the random
// games randomGame(colonyGame, seed, i) for i = 0, 1, ..., in that order (fewer when
// 10,000 games do not hold n).
func randomPositions(seed uint64, n, from, every int) []colony.State {
	var out []colony.State
	for i := uint64(0); len(out) < n && i < 10000; i++ {
		out = append(out, atTurns(randomGame(colonyGame, seed, i), from, every)...)
	}
	return out[:min(n, len(out))]
}

// spreadPositions returns the start position, then from each of the random games
// randomGame(colonyGame, seed, 99) for seeds 1 to 3 the positions at turns 6, 23, 40,
// ... and the last turn start: positions from every stage of a game.
func spreadPositions() []colony.State {
	out := []colony.State{colonyGame.Rules.Start()}
	for seed := uint64(1); seed <= 3; seed++ {
		ts := randomGame(colonyGame, seed, 99)
		out = append(out, atTurns(ts, 6, 17)...)
		out = append(out, ts[len(ts)-1])
	}
	return out
}

// endgame is a position with the game it is played in and its game value for the
// player to move (as the solver that found it gives values).
type endgame struct {
	g     colony.Game
	s     colony.State
	value int
}

// solver is a brute-force negamax over decisions to the end of the game, without
// pruning but with a table of solved positions: the reference the searches are
// checked against. Its values are from the view of the player to move: exact
// outcomes (Outcome: WinScore plus the margin), or with winLoss +1 for a win and -1
// for a loss (The Colony has no draws), which lets it stop at a winning decision.
type solver struct {
	g       colony.Game
	winLoss bool
	budget  int // positions it may still visit
	memo    map[colony.State]int
}

// newSolver returns a solver of exact outcomes under g, without a budget.
func newSolver(g colony.Game) *solver {
	return &solver{g: g, budget: math.MaxInt, memo: map[colony.State]int{}}
}

// newWinLossSolver returns a solver of wins (+1) and losses (-1) under g that gives up
// after visiting budget positions.
func newWinLossSolver(g colony.Game, budget int) *solver {
	return &solver{g: g, winLoss: true, budget: budget, memo: map[colony.State]int{}}
}

// solve returns the game value of s for the player to move, and false when the
// budget ran out.
func (sv *solver) solve(s colony.State) (int, bool) {
	if v, ok := sv.memo[s]; ok {
		return v, true
	}
	if sv.budget--; sv.budget < 0 {
		return 0, false
	}
	mover := sv.g.ToMove(&s)
	if sv.g.Terminal(&s) {
		v := Outcome(sv.g, &s, mover)
		if sv.winLoss && v > 0 {
			v = 1
		} else if sv.winLoss {
			v = -1
		}
		return v, true
	}
	best := -Infinity
	var buf game.ActionBuffer
	for _, a := range sv.g.LegalActions(&s, &buf) {
		c := s
		sv.g.Apply(&c, a)
		v, ok := sv.solve(c)
		if !ok {
			return 0, false
		}
		if sv.g.ToMove(&c) != mover {
			v = -v
		}
		if best = max(best, v); sv.winLoss && best == 1 {
			break
		}
	}
	sv.memo[s] = best
	return best, true
}

// value is solve failing the test when the budget runs out.
func (sv *solver) value(t testing.TB, s colony.State) int {
	t.Helper()
	v, ok := sv.solve(s)
	if !ok {
		t.Fatalf("%v: the solver ran out of its budget", s)
	}
	return v
}

// fromMover turns v, the value of after from the view of its player to move, into the
// view of the player to move in before.
func fromMover(g colony.Game, before, after *colony.State, v int) int {
	if g.ToMove(after) != g.ToMove(before) {
		return -v
	}
	return v
}
