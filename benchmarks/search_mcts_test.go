package benchmarks

import (
	"context"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/search"
)

// benchMCTS runs one MCTS search of the start position per op, with a new tree each
// time (reuse=off; the player and its node arena are kept, as in a game), and reports
// simulations per second.
func benchMCTS(b *testing.B, spec string) {
	g := colony.NewGame(nil)
	p, err := search.New[colony.State](g, colony.Score{}, spec, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	s := g.Rules.Start()
	if _, err := p.Play(context.Background(), &s); err != nil { // grow the arena
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	var sims uint64
	for i := 0; i < b.N; i++ {
		d, err := p.Play(context.Background(), &s)
		if err != nil {
			b.Fatal(err)
		}
		sims += d.Nodes
	}
	b.ReportMetric(float64(sims)/b.Elapsed().Seconds(), "sims/s")
	b.ReportMetric(float64(sims)/float64(b.N), "sims/op")
}

// MCTSStart: 10,000 simulations from the start, one goroutine, random playouts to the
// end of the game (Colony's fast playouts).
func BenchmarkMCTSStart(b *testing.B) { benchMCTS(b, "mcts:sims=10000,reuse=off") }

// MCTSStartThreads2: the same 10,000 simulations over two goroutines (root
// parallelism); the speed-up is its sims/s over MCTSStart's.
func BenchmarkMCTSStartThreads2(b *testing.B) { benchMCTS(b, "mcts:sims=10000,reuse=off,threads=2") }

// MCTSStartTree2: the same 10,000 simulations over two goroutines sharing one tree
// (tree parallelism, virtual loss); the speed-up is its sims/s over MCTSStart's.
func BenchmarkMCTSStartTree2(b *testing.B) {
	benchMCTS(b, "mcts:sims=10000,reuse=off,threads=2,parallel=tree")
}

// MCTSStartGeneric: playouts decision by decision through the Game interface (a
// cut-off too far to be reached turns the fast playouts off).
func BenchmarkMCTSStartGeneric(b *testing.B) {
	benchMCTS(b, "mcts:sims=10000,reuse=off,cutoff=100000")
}

// MCTSStartCutoff: playouts cut off after 20 decisions and scored by the evaluation.
func BenchmarkMCTSStartCutoff(b *testing.B) { benchMCTS(b, "mcts:sims=10000,reuse=off,cutoff=20") }

// MCTSGame: a whole game of MCTS (sims=2000, tree reuse on) against the random player,
// per op; sims/s over the game's searches.
func BenchmarkMCTSGame(b *testing.B) {
	g := colony.NewGame(nil)
	b.ReportAllocs()
	var sims uint64
	for i := 0; i < b.N; i++ {
		m, err := search.New[colony.State](g, colony.Score{}, "mcts:sims=2000", search.Options{})
		if err != nil {
			b.Fatal(err)
		}
		r := search.NewRandom(g, uint64(i))
		s := g.Rules.Start()
		for !s.Over() {
			p := search.Player[colony.State](r)
			if s.ToMove() == colony.Red {
				p = m
			}
			d, err := p.Play(context.Background(), &s)
			if err != nil {
				b.Fatal(err)
			}
			sims += d.Nodes
			for _, a := range d.Actions {
				g.Apply(&s, a)
			}
		}
	}
	b.ReportMetric(float64(sims)/b.Elapsed().Seconds(), "sims/s")
}

// MCTSStartBestFirst: 2,000 simulations from the start with best-first expansion,
// implicit minimax backups and turns finished the best way (leaf=turn,minimax,
// bestfirst), the evaluation colony.Score: each simulation values every child of the
// leaf it expands.
func BenchmarkMCTSStartBestFirst(b *testing.B) {
	benchMCTS(b, "mcts:sims=2000,reuse=off,leaf=turn,minimax=0.8,bestfirst=on,c=0.3")
}
