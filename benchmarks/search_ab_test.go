package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/colony"
)

// middlegames returns n positions at turn boundaries from seeded random games, each
// taken at turn 31 (Red to move, about a third of a random game: ants placed, most eggs
// still on the board). Games that end before turn 31 are skipped.
func middlegames(n int) []colony.State {
	r := colony.Default()
	var out []colony.State
	for g := uint64(0); len(out) < n; g++ {
		rng := rand.NewPCG(2026, g)
		s := r.Start()
		for !s.Over() {
			if s.Phase() == colony.PhaseSelect && s.Turn() == 31 {
				out = append(out, s)
				break
			}
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	return out
}

// BenchmarkAlphaBeta searches five middlegame positions in turn to a fixed depth of
// four full turns with the default settings (16 MB table, aspiration 12); one op is one
// Play. nodes/s is the figure to quote (a node is one Apply); the table is allocated
// with the player, outside the timed loop. The one allocation per op is the returned
// turn and principal variation; the search itself allocates nothing.
func BenchmarkAlphaBeta(b *testing.B) {
	benchAlphaBeta(b, "ab:depth=4")
}

// BenchmarkAlphaBetaNoTT is the same search without a transposition table.
func BenchmarkAlphaBetaNoTT(b *testing.B) {
	benchAlphaBeta(b, "ab:depth=4,tt=0")
}

func benchAlphaBeta(b *testing.B, spec string) {
	searchSpeed[colony.State](b, colony.NewGame(nil), colony.Score{}, spec, middlegames(5), "nodes/s")
}
