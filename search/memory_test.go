package search

import (
	"context"
	"fmt"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
)

const mib = 1 << 20

// TestAlphaBetaBudget: a tt= larger than the whole budget is refused when the player
// is built; tables that fit alone but not together are refused at the first Play of
// the one that comes last, with the error naming the player; Close (or Tables.Free)
// gives the memory back.
func TestAlphaBetaBudget(t *testing.T) {
	ctx := context.Background()
	s := colonyGame.Rules.Start()

	b := memory.NewBudget(3 * mib / 2)
	_, err := New[colony.State](colonyGame, colony.Score{}, "ab:depth=1,tt=2", Options{Memory: b})
	want := fmt.Sprintf(`player "ab:depth=1,tt=2": tt=2, a transposition table of %d MB does not fit: about 1 MB of memory is available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give a smaller table (tt=, mem=, --tt)`, ttBytes(2)>>20)
	if err == nil || err.Error() != want {
		t.Fatalf("tt=2 in 1.5 MB: %v, want %q", err, want)
	}

	p1 := newPlayer(t, colonyGame, "ab:depth=1,tt=1", Options{Memory: b})
	p2 := newPlayer(t, colonyGame, "ab:depth=1,tt=1", Options{Memory: b})
	if b.Used() != 0 {
		t.Fatalf("building reserved %d bytes; the table comes at the first Play", b.Used())
	}
	checkedPlay(t, colonyGame, p1, s)
	if b.Used() != mib {
		t.Fatalf("after the first Play: %d bytes reserved, want %d", b.Used(), mib)
	}
	_, err = p2.Play(ctx, &s)
	want = `player "ab:depth=1,tt=1,aspiration=12": tt=1, a transposition table of 1 MB does not fit: 1 MB of the 1 MB available to this program's tables are taken by the tables in use at the same time; run fewer at once (--concurrency) or give smaller tables`
	if err == nil || err.Error() != want {
		t.Fatalf("the second table: %v, want %q", err, want)
	}
	if err := p1.Close(); err != nil {
		t.Fatal(err)
	}
	if b.Used() != 0 {
		t.Fatalf("after Close: %d bytes reserved", b.Used())
	}
	checkedPlay(t, colonyGame, p2, s)
	p2.Close()

	// Lent tables stay reserved while their Tables keeps them, and are reused.
	var tables Tables
	for range 2 {
		p := newPlayer(t, colonyGame, "ab:depth=1,tt=1", Options{Memory: b, Tables: &tables})
		checkedPlay(t, colonyGame, p, s)
		p.Close()
		if b.Used() != mib {
			t.Fatalf("a lent table given back: %d bytes reserved, want %d", b.Used(), mib)
		}
	}
	tables.Free()
	if b.Used() != 0 {
		t.Fatalf("after Tables.Free: %d bytes reserved", b.Used())
	}
}

// TestMCTSBudget: a mem= larger than the whole budget is refused when the player is
// built; a tree the budget refuses to grow stops growing as at its mem= cap, and the
// search still returns a legal turn; Close gives its memory back.
func TestMCTSBudget(t *testing.T) {
	_, err := New[colony.State](colonyGame, colony.Score{}, "mcts:sims=100,mem=2", Options{Memory: memory.NewBudget(mib)})
	want := "mcts: mem=2, the tree memory of 2 MB does not fit: about 1 MB of memory is available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give a smaller table (tt=, mem=, --tt)"
	if err == nil || err.Error() != want {
		t.Fatalf("mem=2 in 1 MB: %v, want %q", err, want)
	}

	// Everything but 150 KB is taken: the first arena, the root's node and a chunk
	// of 4096 (112 KB), fits; the next (8193 nodes, reserved before the first is
	// released) does not.
	const others, first = 4*mib - 150<<10, 4097
	s := spreadPositions()[2]
	for _, spec := range []string{"mcts:sims=20000,mem=4", "mcts:sims=20000,mem=4,threads=2,parallel=tree"} {
		t.Run(spec, func(t *testing.T) {
			b := memory.NewBudget(4 * mib)
			if err := b.Reserve(others, "others"); err != nil {
				t.Fatal(err)
			}
			p := newMCTS(t, spec, Options{Memory: b})
			d, _ := checkedPlay(t, colonyGame, p, s)
			tr := p.trees[0]
			if len(tr.nodes) > first || cap(tr.nodes) != first || tr.maxNodes != first {
				t.Errorf("the arena: %d nodes, capacity %d, cap %d; want at most %d, %d, %d", len(tr.nodes), cap(tr.nodes), tr.maxNodes, first, first, first)
			}
			if d.Nodes != 20000 {
				t.Errorf("%d simulations, want 20000: the search goes on in a full tree", d.Nodes)
			}
			if got, want := b.Used(), uint64(others+first*nodeBytes); got != want {
				t.Errorf("%d bytes reserved, want %d", got, want)
			}
			p.Close()
			if got := b.Used(); got != others {
				t.Errorf("after Close: %d bytes reserved, want %d", got, uint64(others))
			}
		})
	}

	// A budget with no room at all still leaves the root and a child.
	b := memory.NewBudget(mib)
	if err := b.Reserve(mib, "others"); err != nil {
		t.Fatal(err)
	}
	p := newMCTS(t, "mcts:sims=500,mem=1", Options{Memory: b})
	checkedPlay(t, colonyGame, p, s)
	if tr := p.trees[0]; cap(tr.nodes) != minArena {
		t.Errorf("no room: an arena of %d nodes, want %d", cap(tr.nodes), minArena)
	}
	p.Close()
}

// TestSolveBudget: the solver's table is reserved for the time of Solve, and one
// that does not fit is Solve's error.
func TestSolveBudget(t *testing.T) {
	s := nimState{pile: 9}
	g := game.Rules[nimState](nim{})
	_, err := Solve(context.Background(), g, &s, SolveOptions{TableMB: 2, Memory: memory.NewBudget(mib)})
	want := "the solver's table of 2 MB does not fit: about 1 MB of memory is available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); give a smaller table (tt=, mem=, --tt)"
	if err == nil || err.Error() != want {
		t.Fatalf("2 MB in 1 MB: %v, want %q", err, want)
	}
	b := memory.NewBudget(2 * mib)
	if _, err := Solve(context.Background(), g, &s, SolveOptions{TableMB: 2, Memory: b}); err != nil {
		t.Fatal(err)
	}
	if b.Used() != 0 {
		t.Errorf("after Solve: %d bytes reserved", b.Used())
	}
}

// TestTablesKeepOneGame: a Tables lending tables of a new size drops its free tables
// of other sizes, so it holds the tables of one game, not one of every size.
func TestTablesKeepOneGame(t *testing.T) {
	s := colonyGame.Rules.Start()
	b := memory.NewBudget(memory.Unlimited)
	var tables Tables
	for _, pair := range [][2]int{{1, 2}, {1, 4}, {2, 4}} {
		tables.Release()
		var ps []Player[colony.State]
		for _, mb := range pair {
			p := newPlayer(t, colonyGame, fmt.Sprintf("ab:depth=1,tt=%d", mb), Options{Memory: b, Tables: &tables})
			checkedPlay(t, colonyGame, p, s)
			ps = append(ps, p)
		}
		if got, want := b.Used(), ttBytes(pair[0])+ttBytes(pair[1]); got != want {
			t.Errorf("players of tt=%d and tt=%d: %d bytes reserved, want %d", pair[0], pair[1], got, want)
		}
		for _, p := range ps {
			p.Close()
		}
	}
	tables.Free()
}
