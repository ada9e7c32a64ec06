package benchmarks

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
	"github.com/colony-ai/colony/search"
)

// The toolkit's side of the comparison with OpenSpiel (README.md, "Side by side with
// OpenSpiel, round four"): the same measures as the C++ driver described there, on
// OpenSpiel's rules (its "mancala" is kalah:6x4,capture=nonempty, its "oware" is
// oware:quiet=off), from the start position. Each reports its rate twice: per second
// of wall-clock time (playouts/s, sims/s, nodes/s) and per second of the process's
// CPU time (playouts/cpu-s, ...; not where CPU time cannot be read), which a busy
// machine disturbs less. Command:
// go test -c -o /tmp/os.test ./benchmarks && /tmp/os.test -test.run '^$' -test.bench OpenSpiel -test.count 5

// openSpielKalah and openSpielOware are the toolkit's rules equal to OpenSpiel's.
const (
	openSpielKalah = "kalah:6x4,capture=nonempty"
	openSpielOware = "oware:quiet=off"
)

// cpuClock measures the process's CPU time from its start.
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	t, ok := cpuTime()
	return cpuClock{t, ok}
}

// report reports n per second of wall-clock time as unit+"/s" and per second of CPU
// time since the clock started as unit+"/cpu-s".
func (c cpuClock) report(b *testing.B, n float64, unit string) {
	b.ReportMetric(n/b.Elapsed().Seconds(), unit+"/s")
	if t, ok := cpuTime(); ok && c.ok && t > c.start {
		b.ReportMetric(n/(t-c.start).Seconds(), unit+"/cpu-s")
	}
}

// openSpielSearch is searchSpeed from one position with both rates: a warm-up search,
// then b.N searches of the start; unit is "sims" or "nodes".
func openSpielSearch[S any](b *testing.B, g randomPlayed[S], ev search.Evaluator[S], spec, unit string) {
	b.Helper()
	p, err := search.New[S](g, ev, spec, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	start := g.Start()
	if _, err := p.Play(ctx, &start); err != nil {
		b.Fatal(err)
	}
	var nodes uint64
	b.ReportAllocs()
	b.ResetTimer()
	clock := startCPU()
	for i := 0; i < b.N; i++ {
		d, err := p.Play(ctx, &start)
		if err != nil {
			b.Fatal(err)
		}
		nodes += d.Nodes
	}
	clock.report(b, float64(nodes), unit)
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

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
	clock := startCPU()
	for i := 0; i < b.N; i++ {
		s := start
		g.Playout(&s, rng)
		if !s.Over() {
			b.Fatal("playout did not finish")
		}
	}
	clock.report(b, float64(b.N), "playouts")
}

// BenchmarkOpenSpielKalahMCTS: mcts:sims=10000,reuse=off from the start, one
// goroutine, random playouts to the end; sims/s.
func BenchmarkOpenSpielKalahMCTS(b *testing.B) {
	openSpielSearch[kalah.State](b, openSpielKalahGame(b), kalah.StoreDiff{}, "mcts:sims=10000,reuse=off", "sims")
}

// BenchmarkOpenSpielKalahAlphaBeta: ab:depth=12 without a table (OpenSpiel's
// alpha_beta_search has none) from the start, the store difference at the leaves;
// nodes/s (a node is one applied move).
func BenchmarkOpenSpielKalahAlphaBeta(b *testing.B) {
	openSpielSearch[kalah.State](b, openSpielKalahGame(b), kalah.StoreDiff{}, "ab:depth=12,tt=0", "nodes")
}

// BenchmarkOpenSpielOwarePlayout: one whole random game from the start per op
// (Game.PlayoutSeed); playouts/s and moves/game.
func BenchmarkOpenSpielOwarePlayout(b *testing.B) {
	g := owareGame(b, openSpielOware)
	rng := rand.NewPCG(1, 2)
	start := g.Start()
	var moves uint64
	b.ReportAllocs()
	b.ResetTimer()
	clock := startCPU()
	for i := 0; i < b.N; i++ {
		s := start
		moves += uint64(g.PlayoutSeed(&s, rng.Uint64()))
	}
	clock.report(b, float64(b.N), "playouts")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkOpenSpielOwareMCTS: mcts:sims=10000,reuse=off from the start; sims/s.
func BenchmarkOpenSpielOwareMCTS(b *testing.B) {
	openSpielSearch[oware.State](b, owareGame(b, openSpielOware), oware.StoreDiff{}, "mcts:sims=10000,reuse=off", "sims")
}

// BenchmarkOpenSpielOwareAlphaBeta: ab:depth=10 without a table from the start;
// nodes/s.
func BenchmarkOpenSpielOwareAlphaBeta(b *testing.B) {
	openSpielSearch[oware.State](b, owareGame(b, openSpielOware), oware.StoreDiff{}, "ab:depth=10,tt=0", "nodes")
}
