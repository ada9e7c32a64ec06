package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/games/piecepack"
)

// The piecepack mancala rule sets (games/piecepack): random playouts, MCTS and
// alpha-beta, each variant at its defaults (6 tiles a side, 4 coins a tile), one core.

// piecepackVariants are the three rule sets, benchmarked as sub-benchmarks.
var piecepackVariants = []string{"egyptian", "ethiopian", "nigerian"}

func piecepackGame(b *testing.B, variant string) *piecepack.Game {
	g, err := piecepack.New(variant, "")
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkPiecepackPlayout: one random game from the start per op (Game.Playout);
// playouts/s is reported.
func BenchmarkPiecepackPlayout(b *testing.B) {
	for _, v := range piecepackVariants {
		b.Run(v, func(b *testing.B) {
			g := piecepackGame(b, v)
			rng := rand.NewPCG(1, 2)
			start := g.Start()
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				s := start
				g.Playout(&s, rng)
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkPiecepackMCTS: one mcts:sims=10000,reuse=off search of the start per op
// (random playouts to the end by Game.Playout); sims/s is reported.
func BenchmarkPiecepackMCTS(b *testing.B) {
	for _, v := range piecepackVariants {
		b.Run(v, func(b *testing.B) {
			g := piecepackGame(b, v)
			searchSpeed[piecepack.State](b, g, piecepack.StoreDiff{}, "mcts:sims=10000,reuse=off", []piecepack.State{g.Start()}, "sims/s")
		})
	}
}

// piecepackDepth is the alpha-beta depth (in moves) of each variant, chosen for a few
// tens of milliseconds a search.
var piecepackDepth = map[string]string{"egyptian": "ab:depth=13", "ethiopian": "ab:depth=10", "nigerian": "ab:depth=13"}

// BenchmarkPiecepackAlphaBeta: one ab:depth=N search (StoreDiff evaluation, default
// table) of each of 5 random middlegames and the start per op, in turn; nodes/s is
// reported (a node is one Apply).
func BenchmarkPiecepackAlphaBeta(b *testing.B) {
	for _, v := range piecepackVariants {
		b.Run(v, func(b *testing.B) {
			g := piecepackGame(b, v)
			positions := append(randomMiddlegames[piecepack.State](g, 5, 8), g.Start())
			searchSpeed[piecepack.State](b, g, piecepack.StoreDiff{}, piecepackDepth[v], positions, "nodes/s")
		})
	}
}
