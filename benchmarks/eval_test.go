package benchmarks

import (
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/search"
)

// BenchmarkExtract computes the features of the linear evaluation (eval.Extract) on
// positions from every stage of random games; one op is one position.
func BenchmarkExtract(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	var f eval.Features
	var sum int32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		eval.Extract(r, &states[i%len(states)], &f)
		sum += f[eval.ThreatsOwn]
	}
	sinkInt = int(sum)
}

// BenchmarkLinearEvaluate is the linear evaluation with the default weights: Extract,
// the dot product and the rounding.
func BenchmarkLinearEvaluate(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	ev := eval.NewLinear(r, eval.Default())
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum += ev.Evaluate(&states[i%len(states)])
	}
	sinkInt = sum
}

// BenchmarkScoreEvaluate is the egg-difference evaluation (eval.Score), for comparison.
func BenchmarkScoreEvaluate(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum += eval.Score{}.Evaluate(&states[i%len(states)])
	}
	sinkInt = sum
}

// BenchmarkAlphaBetaLinear is BenchmarkAlphaBeta (ab:depth=4 on five middlegames) with
// the linear evaluation and the default weights in place of the egg difference: the
// two nodes/s figures measure what the richer evaluation costs the search.
func BenchmarkAlphaBetaLinear(b *testing.B) {
	searchSpeed[colony.State](b, search.NewColony(nil), eval.NewLinear(colony.Default(), eval.Default()), "ab:depth=4", middlegames(5), "nodes/s")
}
