package benchmarks

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/games/piecepack"
	"github.com/colony-ai/colony/search"
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
			p, err := search.New[piecepack.State](g, piecepack.StoreDiff{}, "mcts:sims=10000,reuse=off", search.Options{})
			if err != nil {
				b.Fatal(err)
			}
			s := g.Start()
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
		})
	}
}

// piecepackMiddlegames returns n positions from seeded random games, each after 8
// moves, still in play.
func piecepackMiddlegames(g *piecepack.Game, n int) []piecepack.State {
	var out []piecepack.State
	for seed := uint64(0); len(out) < n; seed++ {
		rng := rand.NewPCG(2026, seed)
		s := g.Start()
		for k := 0; k < 8 && !g.Terminal(&s); k++ {
			g.Apply(&s, g.RandomAction(&s, rng))
		}
		if !g.Terminal(&s) {
			out = append(out, s)
		}
	}
	return out
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
			positions := append(piecepackMiddlegames(g, 5), g.Start())
			p, err := search.New[piecepack.State](g, piecepack.StoreDiff{}, piecepackDepth[v], search.Options{})
			if err != nil {
				b.Fatal(err)
			}
			ctx := context.Background()
			for i := range positions { // warm up
				if _, err := p.Play(ctx, &positions[i]); err != nil {
					b.Fatal(err)
				}
			}
			var nodes uint64
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				d, err := p.Play(ctx, &positions[i%len(positions)])
				if err != nil {
					b.Fatal(err)
				}
				nodes += d.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
			b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
		})
	}
}
