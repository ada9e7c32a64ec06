package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/games/martian"
)

// Martian Mancala (games/martian), default rules martian:6x321. Command:
// go test ./benchmarks -run '^$' -bench Martian -benchmem -count 5

func newMartian(b *testing.B) *martian.Game {
	g, err := martian.New("")
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkMartianPlayout: one whole random game from the start per op (Game.Playout,
// on the unpacked board); playouts/s.
func BenchmarkMartianPlayout(b *testing.B) {
	g := newMartian(b)
	rng := rand.NewPCG(1, 2)
	start := g.Start()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := start
		g.Playout(&s, rng)
		if !s.Over() {
			b.Fatal("playout did not finish")
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
}

// BenchmarkMartianRandomGame: the same through LegalActions and Apply, one random
// number a move (the generic path MCTS takes without Playout).
func BenchmarkMartianRandomGame(b *testing.B) { randomGameSpeed[martian.State](b, newMartian(b)) }

// BenchmarkMartianMCTS: mcts:sims=10000,reuse=off from the start, one goroutine, with
// random playouts to the end (Game.Playout); sims/s.
func BenchmarkMartianMCTS(b *testing.B) {
	g := newMartian(b)
	searchSpeed[martian.State](b, g, martian.StoreDiff{}, "mcts:sims=10000,reuse=off", []martian.State{g.Start()}, "sims/s")
}

// BenchmarkMartianAlphaBeta: ab:depth=10 with the mancalas' difference
// (martian.StoreDiff) from each of 5 seeded middlegames in turn, with the default
// table; nodes/s (a node is one Apply).
func BenchmarkMartianAlphaBeta(b *testing.B) {
	g := newMartian(b)
	searchSpeed[martian.State](b, g, martian.StoreDiff{}, "ab:depth=10", randomMiddlegames[martian.State](g, 5, 10), "nodes/s")
}

// BenchmarkMartianAlphaBetaLinear: ab:depth=6 with the linear evaluation over
// martian.Features (hand-set weights: a weight costs the same whatever its value),
// the same middlegames; nodes/s. Its features play every move of both sides.
func BenchmarkMartianAlphaBetaLinear(b *testing.B) {
	g := newMartian(b)
	fs := martian.NewFeatures(g)
	w, err := eval.NewNamedWeights(fs.Name(), fs.Features(), fs.HandWeights())
	if err != nil {
		b.Fatal(err)
	}
	ev, err := eval.NewLinearOf[martian.State](fs, w)
	if err != nil {
		b.Fatal(err)
	}
	searchSpeed[martian.State](b, g, ev, "ab:depth=6", randomMiddlegames[martian.State](g, 5, 10), "nodes/s")
}
