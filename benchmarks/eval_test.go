package benchmarks

import (
	"context"
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
	benchAlphaBetaEval(b, "ab:depth=4", eval.NewLinear(colony.Default(), eval.Default()))
}

// benchAlphaBetaEval is benchAlphaBeta with the evaluation ev.
func benchAlphaBetaEval(b *testing.B, spec string, ev search.Evaluator[colony.State]) {
	g := search.NewColony(nil)
	positions := middlegames(5)
	p, err := search.New[colony.State](g, ev, spec, search.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	for i := range positions { // warm up: page in the table, grow the stack
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
}
