package search

import (
	"context"
	"strconv"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
	"github.com/colony-ai/colony/games/kalah"
)

// kalahPosition reads a position of kalah:6x4 (48 seeds).
func kalahPosition(t *testing.T, g *kalah.Game, text string) kalah.State {
	t.Helper()
	s, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestMCTSBoundProof checks the solver's proofs by the game's bounds on the points
// still to win: a lead larger than the seeds left in the pits settles the game.
func TestMCTSBoundProof(t *testing.T) {
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name, pos string
		want      [2]uint8 // the proof for South and for North
	}{
		{"south leads by 23 with 21 left", "pits=3.3.3.3.3.0/1.1.1.1.1.1 stores=25,2 move=south", [2]uint8{provenWin, provenLoss}},
		{"the same, North to move", "pits=3.3.3.3.3.0/1.1.1.1.1.1 stores=25,2 move=north", [2]uint8{provenWin, provenLoss}},
		{"north leads by 23 with 21 left", "pits=1.1.1.1.1.1/3.3.3.3.3.0 stores=2,25 move=south", [2]uint8{provenLoss, provenWin}},
		{"a lead of 24 with 24 left may still draw", "pits=4.4.4.0.0.0/2.2.2.2.2.2 stores=24,0 move=north", [2]uint8{unproven, unproven}},
		{"the start", "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", [2]uint8{unproven, unproven}},
	} {
		s := kalahPosition(t, g, tc.pos)
		tr := newTree[kalah.State](g, nil, &MCTSConfig{Solver: true}, 1<<10, memory.NewBudget(memory.Unlimited))
		if tr.bounder == nil {
			t.Fatal("kalah has no bounds for the solver")
		}
		for p := range 2 {
			if got := tr.boundProof(&s, uint8(p)); got != tc.want[p] {
				t.Errorf("%s: proof for player %d: %d, want %d", tc.name, p, got, tc.want[p])
			}
		}
	}
	if tr := newTree[kalah.State](g, nil, &MCTSConfig{}, 1<<10, memory.NewBudget(memory.Unlimited)); tr.bounder != nil {
		t.Error("bounds without the solver")
	}
}

// TestMCTSBoundSearch plays searches of Kalah positions: a move that takes South's
// store past half the seeds is proven at the root's expansion (solver=on), while the
// search without the solver does not prove it; in a position already settled by the
// bounds the search runs its simulations and plays for the margin.
func TestMCTSBoundSearch(t *testing.T) {
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	// South (store 24, 14 seeds left in the pits) to move: b sows into the empty c
	// and captures (store 25), f reaches the store (25); a sows into b and banks
	// nothing (24 against North's 10 and the 14 left: still open).
	open := kalahPosition(t, g, "pits=1.1.0.0.0.1/3.3.3.2.0.0 stores=24,10 move=south")
	// South leads by 23 with 21 left: settled.
	settled := kalahPosition(t, g, "pits=3.3.3.3.3.0/1.1.1.1.1.1 stores=25,2 move=south")
	for _, tc := range []struct {
		spec    string
		s       kalah.State
		actions []game.Action
		nodes   uint64
		win     bool
	}{
		{"mcts:sims=500,seed=3", open, []game.Action{1}, 1, true},
		{"mcts:sims=500,seed=3,threads=2", open, []game.Action{1}, 2, true},
		{"mcts:sims=500,seed=3,solver=off", open, nil, 500, false},
		{"mcts:sims=500,seed=3", settled, nil, 500, false},
	} {
		p, err := New[kalah.State](g, kalah.StoreDiff{}, tc.spec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		d, err := p.Play(context.Background(), &tc.s)
		if err != nil {
			t.Fatal(err)
		}
		if IsWin(d.Score) != tc.win || d.Nodes != tc.nodes || (tc.actions != nil && !equalActions(d.Actions, tc.actions)) {
			t.Errorf("%s from %s: turn %v, score %d, %d simulations; want a proven win %v, %d simulations, turn %v",
				tc.spec, g.FormatPosition(&tc.s), d.Actions, d.Score, d.Nodes, tc.win, tc.nodes, tc.actions)
		}
	}
	// The shared tree of tree parallelism proves it too (its count of simulations
	// depends on how the threads interleave): b or f, both winning.
	p, err := New[kalah.State](g, kalah.StoreDiff{}, "mcts:sims=500,seed=3,threads=2,parallel=tree", Options{})
	if err != nil {
		t.Fatal(err)
	}
	d, err := p.Play(context.Background(), &open)
	if err != nil {
		t.Fatal(err)
	}
	if d.Score != WinScore || len(d.Actions) != 1 || (d.Actions[0] != 1 && d.Actions[0] != 5) || d.Nodes >= 500 {
		t.Errorf("parallel=tree: turn %v, score %d, %d simulations; want b or f, a proven win, early", d.Actions, d.Score, d.Nodes)
	}
}

func equalActions(a, b []game.Action) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestMCTSBoundGames plays Kalah endgames between two searches with the solver and
// tree reuse: every turn is legal, a search whose root the bounds settle runs all its
// simulations unless it proves the result by the game's end (and then proves the
// result the bounds say), and the game ends as the bounds first said.
func TestMCTSBoundGames(t *testing.T) {
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	settledSearches := 0
	for i, pos := range []string{
		"pits=1.1.0.0.0.1/3.3.3.2.0.0 stores=24,10 move=north",
		"pits=2.3.0.4.1.2/1.3.2.0.5.3 stores=10,12 move=south",
		"pits=0.5.2.1.0.3/4.0.1.2.3.3 stores=9,15 move=north",
	} {
		s := kalahPosition(t, g, pos)
		var players [2]Player[kalah.State]
		for p := range players {
			players[p], err = New[kalah.State](g, kalah.StoreDiff{}, "mcts:sims=2000,seed="+strconv.Itoa(i+1), Options{})
			if err != nil {
				t.Fatal(err)
			}
		}
		settledWinner := -1
		for !g.Terminal(&s) {
			mover := g.ToMove(&s)
			tr := players[mover].(*MCTS[kalah.State]).trees[0]
			proof := tr.boundProof(&s, uint8(mover))
			d, err := players[mover].Play(context.Background(), &s)
			if err != nil {
				t.Fatal(err)
			}
			if proof != unproven {
				settledSearches++
				w := mover
				if proof == provenLoss {
					w = 1 - mover
				}
				if settledWinner < 0 {
					settledWinner = w
				}
				if d.Nodes != 2000 && (!IsWin(d.Score) || (d.Score > 0) != (w == mover)) {
					t.Errorf("%s: a settled root (won by %d) searched %d simulations, score %d", pos, w, d.Nodes, d.Score)
				}
			}
			for _, a := range d.Actions {
				if !g.IsLegal(&s, a) {
					t.Fatalf("%s: illegal decision %v in %s", pos, a, g.FormatPosition(&s))
				}
				g.Apply(&s, a)
			}
		}
		if w, _ := g.Result(&s); settledWinner >= 0 && w != settledWinner {
			t.Errorf("%s: the bounds settled the game for %d, won by %d", pos, settledWinner, w)
		}
	}
	if settledSearches == 0 {
		t.Error("no search of a settled root")
	}
}
