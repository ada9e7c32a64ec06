package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/oware"
)

// Oware (Abapa) and Ayo (games/oware), default rules. Commands:
// go test -c -o /tmp/o.test ./benchmarks && /tmp/o.test -test.run '^$' -test.bench Oware -test.count 5 -test.benchmem
// /tmp/o.test -test.run '^$' -test.bench Ayo -test.count 5 -test.benchmem

func owareGame(b *testing.B, name string) *oware.Game {
	g, err := oware.Parse(name)
	if err != nil {
		b.Fatal(err)
	}
	return g
}

// benchOwarePlayout: one whole random game from the start per op (Game.Playout);
// playouts/s and moves/game.
func benchOwarePlayout(b *testing.B, name string) {
	g := owareGame(b, name)
	rng := rand.NewPCG(1, 2)
	start := g.Start()
	var moves uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := start
		moves += uint64(g.PlayoutSeed(&s, rng.Uint64()))
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}

// BenchmarkOwarePlayout: random Oware games through the fast Playout.
func BenchmarkOwarePlayout(b *testing.B) { benchOwarePlayout(b, "oware") }

// BenchmarkAyoPlayout: random Ayo games through the fast Playout.
func BenchmarkAyoPlayout(b *testing.B) { benchOwarePlayout(b, "ayo") }

// BenchmarkOwarePlayoutGrandSlamIllegal: grandslam=illegal, whose legal moves need a
// look-ahead for grand slams.
func BenchmarkOwarePlayoutGrandSlamIllegal(b *testing.B) {
	benchOwarePlayout(b, "oware:grandslam=illegal")
}

// benchOwareRandomGame: the same games through LegalActions and Apply, one random
// number a move (the generic path).
func benchOwareRandomGame(b *testing.B, name string) {
	randomGameSpeed[oware.State](b, owareGame(b, name))
}

func BenchmarkOwareRandomGame(b *testing.B) { benchOwareRandomGame(b, "oware") }
func BenchmarkAyoRandomGame(b *testing.B)   { benchOwareRandomGame(b, "ayo") }

// benchOwareMCTS: mcts:sims=10000,reuse=off from the start, one goroutine, random
// playouts to the end (Game.Playout); sims/s.
func benchOwareMCTS(b *testing.B, name string) {
	g := owareGame(b, name)
	searchSpeed[oware.State](b, g, oware.StoreDiff{}, "mcts:sims=10000,reuse=off", []oware.State{g.Start()}, "sims/s")
}

func BenchmarkOwareMCTS(b *testing.B) { benchOwareMCTS(b, "oware") }
func BenchmarkAyoMCTS(b *testing.B)   { benchOwareMCTS(b, "ayo") }

// benchOwareAB: alpha-beta with the store difference (oware.StoreDiff) from each of 5
// seeded middlegames in turn, default 16 MB table; nodes/s (a node is one Apply).
func benchOwareAB(b *testing.B, name, spec string) {
	g := owareGame(b, name)
	searchSpeed[oware.State](b, g, oware.StoreDiff{}, spec, randomMiddlegames[oware.State](g, 5, 10), "nodes/s")
}

// BenchmarkOwareAlphaBeta: ab:depth=10.
func BenchmarkOwareAlphaBeta(b *testing.B) { benchOwareAB(b, "oware", "ab:depth=10") }

// BenchmarkOwareAlphaBetaNoTT: ab:depth=8 without the table.
func BenchmarkOwareAlphaBetaNoTT(b *testing.B) { benchOwareAB(b, "oware", "ab:depth=8,tt=0") }

// BenchmarkAyoAlphaBeta: ab:depth=10 on Ayo.
func BenchmarkAyoAlphaBeta(b *testing.B) { benchOwareAB(b, "ayo", "ab:depth=10") }

// BenchmarkOwareApply: one Apply of a random legal move on positions of random games,
// each copied first (the state is 832 bytes with its history, and the 4096 positions
// do not fit the cache: the copy is much of the time).
func BenchmarkOwareApply(b *testing.B) {
	g := owareGame(b, "oware")
	rng := rand.NewPCG(5, 5)
	var states []oware.State
	var actions []game.Action
	for len(states) < 4096 {
		s := g.Start()
		for !s.Over() {
			a := g.RandomAction(&s, rng)
			states, actions = append(states, s), append(actions, a)
			g.Apply(&s, a)
		}
	}
	var sum uint64
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i % len(states)
		s := states[k]
		g.Apply(&s, actions[k])
		sum += uint64(s.Store(0))
	}
	owareSink = sum
}

var owareSink uint64

// TestOwareStepSibling checks the alpha-beta fast path game.SiblingStepper: from
// positions of seeded random games of Oware and Ayo, StepSibling over any sibling
// (made by Step or by StepSibling) gives the state and status Step gives.
func TestOwareStepSibling(t *testing.T) {
	for _, name := range []string{"oware", "ayo"} {
		g, err := oware.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		var buf game.ActionBuffer
		for _, s := range randomMiddlegames[oware.State](g, 40, 30) {
			for !g.Terminal(&s) {
				legal := append([]game.Action(nil), g.LegalActions(&s, &buf)...)
				var sib oware.State
				for i, b := range legal {
					if i == 0 {
						g.Step(&sib, &s, b)
					}
					for _, a := range legal {
						var want, got oware.State
						wst := g.Step(&want, &s, a)
						got = sib
						gst := g.StepSibling(&got, &s, a)
						if got != want || gst != wst {
							t.Fatalf("%s: StepSibling(%v after %d, %d) differs from Step", name, s, b, a)
						}
					}
					g.StepSibling(&sib, &s, b)
				}
				g.Apply(&s, legal[len(legal)/2])
			}
		}
	}
}

// BenchmarkOwarePlayoutMajorityOff: oware:majority=off, the games of the rules before
// the majority end (the same moves; for comparing the implementation alone).
func BenchmarkOwarePlayoutMajorityOff(b *testing.B) { benchOwarePlayout(b, "oware:majority=off") }
