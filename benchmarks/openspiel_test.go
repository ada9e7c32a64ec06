package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
)

// The toolkit's side of the comparison with OpenSpiel (README.md, "Side by side with
// OpenSpiel, round four"): the same measures as the C++ driver described there, on
// OpenSpiel's rules (its "mancala" is kalah:6x4,capture=nonempty, its "oware" is
// oware:quiet=off), from the start position. Command:
// go test -c -o /tmp/os.test ./benchmarks && /tmp/os.test -test.run '^$' -test.bench OpenSpiel -test.count 5

// openSpielKalah and openSpielOware are the toolkit's rules equal to OpenSpiel's.
const (
	openSpielKalah = "kalah:6x4,capture=nonempty"
	openSpielOware = "oware:quiet=off"
)

func openSpielKalahGame(b *testing.B) *kalah.Game {
	g, err := kalah.New(openSpielKalah)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// BenchmarkOpenSpielKalahPlayout: one whole random game from the start per op
// (Game.Playout); playouts/s.
func BenchmarkOpenSpielKalahPlayout(b *testing.B) {
	g := openSpielKalahGame(b)
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

// BenchmarkOpenSpielKalahMCTS: mcts:sims=10000,reuse=off from the start, one
// goroutine, random playouts to the end; sims/s.
func BenchmarkOpenSpielKalahMCTS(b *testing.B) {
	g := openSpielKalahGame(b)
	searchSpeed[kalah.State](b, g, kalah.StoreDiff{}, "mcts:sims=10000,reuse=off", []kalah.State{g.Start()}, "sims/s")
}

// BenchmarkOpenSpielKalahAlphaBeta: ab:depth=12 without a table (OpenSpiel's
// alpha_beta_search has none) from the start, the store difference at the leaves;
// nodes/s (a node is one applied move).
func BenchmarkOpenSpielKalahAlphaBeta(b *testing.B) {
	g := openSpielKalahGame(b)
	searchSpeed[kalah.State](b, g, kalah.StoreDiff{}, "ab:depth=12,tt=0", []kalah.State{g.Start()}, "nodes/s")
}

// BenchmarkOpenSpielOwarePlayout: one whole random game from the start per op
// (Game.PlayoutSeed); playouts/s and moves/game.
func BenchmarkOpenSpielOwarePlayout(b *testing.B) { benchOwarePlayout(b, openSpielOware) }

// BenchmarkOpenSpielOwareMCTS: mcts:sims=10000,reuse=off from the start; sims/s.
func BenchmarkOpenSpielOwareMCTS(b *testing.B) { benchOwareMCTS(b, openSpielOware) }

// BenchmarkOpenSpielOwareAlphaBeta: ab:depth=10 without a table from the start;
// nodes/s.
func BenchmarkOpenSpielOwareAlphaBeta(b *testing.B) {
	g := owareGame(b, openSpielOware)
	searchSpeed[oware.State](b, g, oware.StoreDiff{}, "ab:depth=10,tt=0", []oware.State{g.Start()}, "nodes/s")
}
