package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/games/kalah"
)

// Kalah (games/kalah), default rules kalah:6x4. Command:
// go test -c -o /tmp/k.test ./benchmarks && /tmp/k.test -test.run '^$' -test.bench Kalah -test.count 5 -test.benchmem

func newKalah(b *testing.B) *kalah.Game {
	g, err := kalah.New("")
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkKalahPlayout: one whole random game from the start per op (Game.Playout,
// 40.4 moves on average); playouts/s.
func BenchmarkKalahPlayout(b *testing.B) {
	g := newKalah(b)
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

// BenchmarkKalahRandomGame: the same through LegalActions and Apply, one random number
// a move (the generic path MCTS takes without Playout).
func BenchmarkKalahRandomGame(b *testing.B) { randomGameSpeed[kalah.State](b, newKalah(b)) }

// BenchmarkKalahMCTS: mcts:sims=10000,reuse=off from the start, one goroutine, with
// random playouts to the end (Game.Playout); sims/s.
func BenchmarkKalahMCTS(b *testing.B) {
	g := newKalah(b)
	searchSpeed[kalah.State](b, g, kalah.StoreDiff{}, "mcts:sims=10000,reuse=off", []kalah.State{g.Start()}, "sims/s")
}

// BenchmarkKalahAlphaBeta: ab:depth=10 with the store difference (kalah.StoreDiff) from
// each of 5 seeded middlegames in turn, with the default 16 MB table; nodes/s (a node
// is one Apply).
func BenchmarkKalahAlphaBeta(b *testing.B) { benchKalahAB(b, "ab:depth=10") }

// BenchmarkKalahAlphaBetaNoTT: the same without the table.
func BenchmarkKalahAlphaBetaNoTT(b *testing.B) { benchKalahAB(b, "ab:depth=10,tt=0") }

// BenchmarkKalahAlphaBetaDepth: the same at other depths, with the table.
func BenchmarkKalahAlphaBetaDepth(b *testing.B) {
	for _, d := range []string{"6", "8", "12"} {
		b.Run("depth="+d, func(b *testing.B) { benchKalahAB(b, "ab:depth="+d) })
	}
}

func benchKalahAB(b *testing.B, spec string) {
	g := newKalah(b)
	searchSpeed[kalah.State](b, g, kalah.StoreDiff{}, spec, randomMiddlegames[kalah.State](g, 5, 10), "nodes/s")
}
