package benchmarks

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
)

// The generic benchmarks run on every registered game through the registry's
// operations (catalog.Ruleset), the same code paths the command line uses.

// BenchmarkGamesPlayouts is one game of uniformly random decisions from the start,
// through the game's fast playout: playouts/s per game.
func BenchmarkGamesPlayouts(b *testing.B) {
	for _, name := range catalog.Names() {
		g, err := catalog.Open(name)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name, func(b *testing.B) {
			g.Playouts(b.N, 1)
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
		})
	}
}

// BenchmarkGamesAlphaBeta is an ab:depth=4 search (1 MB table) from the start of every
// game, the player built for each op as the command line builds it: for the small
// searches of the classic games the building dominates; each game's own benchmarks
// measure its search speed.
func BenchmarkGamesAlphaBeta(b *testing.B) {
	benchThink(b, "ab:depth=4,tt=1")
}

// BenchmarkGamesMCTS is an MCTS search of 10,000 simulations from the start of every
// game.
func BenchmarkGamesMCTS(b *testing.B) {
	benchThink(b, "mcts:sims=10000,reuse=off")
}

func benchThink(b *testing.B, spec string) {
	for _, name := range catalog.Names() {
		g, err := catalog.Open(name)
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

// searchSpeed measures a player of spec searching positions in turn, after a warm-up
// pass (which grows MCTS's arenas and pages in alpha-beta's table): the search's nodes
// (simulations for MCTS) per second, reported in unit, and per op.
func searchSpeed[S any](b *testing.B, g game.Rules[S], ev search.Evaluator[S], spec string, positions []S, unit string) {
	b.Helper()
	p, err := search.New(g, ev, spec, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for i := range positions {
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
	b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), unit)
	b.ReportMetric(float64(nodes)/float64(b.N), "nodes/op")
}

// randomPlayed is a game with a start and a fast random decision.
type randomPlayed[S any] interface {
	game.Rules[S]
	game.RandomActioner[S]
	Start() S
}

// randomMiddlegames returns n positions after the given number of random decisions of
// seeded games, still in progress.
func randomMiddlegames[S any](g randomPlayed[S], n, decisions int) []S {
	var out []S
	for seed := uint64(0); len(out) < n; seed++ {
		rng := rand.NewPCG(2026, seed)
		s := g.Start()
		for k := 0; k < decisions && !g.Terminal(&s); k++ {
			g.Apply(&s, g.RandomAction(&s, rng))
		}
		if !g.Terminal(&s) {
			out = append(out, s)
		}
	}
	return out
}

// randomGameSpeed plays whole random games from the start through LegalActions and
// Apply, one random number a decision (the generic path MCTS takes without a fast
// playout): games/s and decisions a game.
func randomGameSpeed[S any](b *testing.B, g randomPlayed[S]) {
	b.Helper()
	rng := rand.NewPCG(1, 2)
	start := g.Start()
	var buf game.ActionBuffer
	var moves uint64
	s := new(S) // one state for all the games: a state passed to an interface escapes
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		*s = start
		for !g.Terminal(s) {
			legal := g.LegalActions(s, &buf)
			g.Apply(s, legal[int((rng.Uint64()>>32)*uint64(len(legal))>>32)])
			moves++
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
	b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
}
