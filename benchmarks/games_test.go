package benchmarks

import (
	"context"
	"testing"

	"github.com/colony-ai/colony/games"
)

// The generic benchmarks run on every registered game through the registry's
// operations (games.Game), the same code paths the command line uses.

// BenchmarkGamesPlayouts is one game of uniformly random decisions from the start,
// through the game's fast playout: playouts/s per game.
func BenchmarkGamesPlayouts(b *testing.B) {
	for _, name := range games.Names() {
		g, err := games.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			g.Playouts(b.N, 1)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkGamesAlphaBeta is an ab:depth=4 search from the start of every game.
func BenchmarkGamesAlphaBeta(b *testing.B) {
	benchThink(b, "ab:depth=4")
}

// BenchmarkGamesMCTS is an MCTS search of 10,000 simulations from the start of every
// game.
func BenchmarkGamesMCTS(b *testing.B) {
	benchThink(b, "mcts:sims=10000,reuse=off")
}

func benchThink(b *testing.B, spec string) {
	for _, name := range games.Names() {
		g, err := games.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			var nodes uint64
			for i := 0; i < b.N; i++ {
				_, d, err := g.Think(context.Background(), spec, g.StartPosition())
				if err != nil {
					b.Fatal(err)
				}
				nodes += d.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}
