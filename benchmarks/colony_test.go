// Package benchmarks measures the hot paths of the toolkit with go test -bench.
// See README.md in this folder for the figures and how to rerun them.
package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/colony"
)

// samplePositions returns positions at turn boundaries from seeded random games: the
// start and every tenth turn of a few games, so that the benchmarks see the board in
// every stage of the game.
func samplePositions(tb testing.TB, r *colony.Rules) []colony.State {
	tb.Helper()
	var out []colony.State
	for g := uint64(0); g < 8; g++ {
		rng := rand.NewPCG(42, g)
		s := r.Start()
		for !s.Over() {
			if s.Phase() == colony.PhaseSelect && s.Turn()%10 == 1 {
				out = append(out, s)
			}
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	return out
}

// decisionStates returns states at decisions of every phase (select, direction, ant)
// from seeded random games.
func decisionStates(r *colony.Rules) []colony.State {
	var out []colony.State
	for g := uint64(0); g < 8; g++ {
		rng := rand.NewPCG(7, g)
		s := r.Start()
		for !s.Over() {
			out = append(out, s)
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	return out
}

func BenchmarkLegalActions(b *testing.B) {
	r := colony.Default()
	states := decisionStates(r)
	var list colony.ActionList
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		n += len(r.LegalActions(&states[i%len(states)], &list))
	}
	sinkInt = n
}

func BenchmarkLegalActionSet(b *testing.B) {
	r := colony.Default()
	states := decisionStates(r)
	b.ReportAllocs()
	b.ResetTimer()
	n := 0
	for i := 0; i < b.N; i++ {
		set := r.LegalActionSet(&states[i%len(states)])
		n += int(set[0])
	}
	sinkInt = n
}

func BenchmarkApplyAction(b *testing.B) {
	r := colony.Default()
	states := decisionStates(r)
	actions := make([]colony.Action, len(states))
	rng := rand.NewPCG(3, 3)
	for i := range states {
		actions[i] = r.RandomAction(&states[i], rng)
	}
	benchApply(b, len(states), func(k int) uint64 {
		s := states[k]
		r.Apply(&s, actions[k])
		return s.Hash()
	})
}

func BenchmarkLegalMoves(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	var moves colony.MoveList
	b.ReportAllocs()
	b.ResetTimer()
	total := 0
	for i := 0; i < b.N; i++ {
		n, err := r.LegalMoves(&states[i%len(states)], moves[:])
		if err != nil {
			b.Fatal(err)
		}
		total += n
	}
	b.ReportMetric(float64(total)/float64(b.N), "moves/op")
}

func BenchmarkApplyMove(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	var moves colony.MoveList
	chosen := make([]colony.Move, len(states))
	rng := rand.NewPCG(5, 5)
	for i := range states {
		n, err := r.LegalMoves(&states[i], moves[:])
		if err != nil {
			b.Fatal(err)
		}
		chosen[i] = moves[rng.Uint64()%uint64(n)]
	}
	benchApply(b, len(states), func(k int) uint64 {
		s := states[k]
		r.ApplyMove(&s, chosen[k])
		return s.Hash()
	})
}

// benchApply times step(k) for k = 0, 1, ..., n-1, 0, 1, ... in turn. A step plays its
// own action or move on a copy of the k-th state (a local of step, so that it does not
// escape) and returns the hash of the result; the hashes are kept so that the work is
// not optimised away.
func benchApply(b *testing.B, n int, step func(k int) uint64) {
	b.ReportAllocs()
	b.ResetTimer()
	var h uint64
	for i := 0; i < b.N; i++ {
		h ^= step(i % n)
	}
	sinkU64 = h
}

// BenchmarkRandomPlayout plays whole games from the start with uniformly random
// decisions; playouts/s is the figure to quote.
func BenchmarkRandomPlayout(b *testing.B) {
	r := colony.Default()
	rng := rand.NewPCG(1, 2)
	start := r.Start()
	turns := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		s := start
		r.RandomPlayout(&s, rng)
		turns += s.Turn()
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "playouts/s")
	b.ReportMetric(float64(turns)/float64(b.N), "turns/game")
}

func BenchmarkPerft3(b *testing.B) {
	r := colony.Default()
	start := r.Start()
	b.ReportAllocs()
	b.ResetTimer()
	var nodes uint64
	for i := 0; i < b.N; i++ {
		nodes = r.Perft(&start, 3)
	}
	if nodes != 1485742 {
		b.Fatalf("perft(3) = %d, want 1485742", nodes)
	}
	b.ReportMetric(float64(nodes)*float64(b.N)/b.Elapsed().Seconds(), "nodes/s")
}

var (
	sinkInt int
	sinkU64 uint64
)

// BenchmarkCopyState measures what making and unmaking a move by copy costs beyond
// the move itself: copying one 64-byte State. Search copies the state before applying
// an action instead of keeping undo records.
func BenchmarkCopyState(b *testing.B) {
	r := colony.Default()
	states := decisionStates(r)
	dst := make([]colony.State, 64)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dst[i&63] = states[i%len(states)]
	}
	sinkU64 = dst[0].Hash()
}
