package benchmarks

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
	"github.com/colony-ai/colony/games/piecepack"
)

// BenchmarkExtract computes the features of the linear evaluation
// (colony.Features.Extract) on positions from every stage of random games; one op is
// one position.
func BenchmarkExtract(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	fs := colony.NewFeatures(r)
	var sum int32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f := fs.Extract(&states[i%len(states)])
		sum += f[colony.FeatThreatsOwn]
	}
	sinkInt = int(sum)
}

// BenchmarkLinearEvaluate is the linear evaluation (eval.LinearOf over
// colony.Features) with the default weights: Extract, the dot product and the
// rounding.
func BenchmarkLinearEvaluate(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	ev := colonyLinear(b, r)
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum += ev.Evaluate(&states[i%len(states)])
	}
	sinkInt = sum
}

// BenchmarkScoreEvaluate is the egg-difference evaluation (colony.Score), for
// comparison.
func BenchmarkScoreEvaluate(b *testing.B) {
	r := colony.Default()
	states := samplePositions(b, r)
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum += colony.Score{}.Evaluate(&states[i%len(states)])
	}
	sinkInt = sum
}

// BenchmarkAlphaBetaLinear is BenchmarkAlphaBeta (ab:depth=4 on five middlegames) with
// the linear evaluation and the default weights in place of the egg difference: the
// two nodes/s figures measure what the richer evaluation costs the search.
func BenchmarkAlphaBetaLinear(b *testing.B) {
	searchSpeed[colony.State](b, colony.NewGame(nil), colonyLinear(b, colony.Default()), "ab:depth=4", middlegames(5), "nodes/s")
}

// colonyLinear returns the linear evaluation of The Colony under r with the default
// weights (the evaluation of eval=linear).
func colonyLinear(b *testing.B, r *colony.Rules) *eval.LinearOf[colony.State] {
	fs := colony.NewFeatures(r)
	w, err := eval.NewNamedWeights(fs.Name(), fs.Features(), fs.DefaultWeights())
	if err != nil {
		b.Fatal(err)
	}
	ev, err := eval.NewLinearOf[colony.State](fs, w)
	if err != nil {
		b.Fatal(err)
	}
	return ev
}

// BenchmarkExtractClassic computes the features of the classic games' linear
// evaluations (their feature sets' Extract) on 256 positions from every stage of random
// games; one op is one position.
func BenchmarkExtractClassic(b *testing.B) {
	kg, err := kalah.New("")
	if err != nil {
		b.Fatal(err)
	}
	og, err := oware.New("")
	if err != nil {
		b.Fatal(err)
	}
	ag, err := oware.NewAyo("")
	if err != nil {
		b.Fatal(err)
	}
	b.Run("kalah", func(b *testing.B) { benchFeatures[kalah.State](b, kg, kalah.NewFeatures(kg)) })
	b.Run("oware", func(b *testing.B) { benchFeatures[oware.State](b, og, oware.NewFeatures(og)) })
	b.Run("ayo", func(b *testing.B) { benchFeatures[oware.State](b, ag, oware.NewFeatures(ag)) })
	for _, v := range piecepack.Variants() {
		pg, err := piecepack.New(v, "")
		if err != nil {
			b.Fatal(err)
		}
		b.Run(v, func(b *testing.B) { benchFeatures[piecepack.State](b, pg, piecepack.NewFeatures(pg)) })
	}
}

// benchFeatures times fs.Extract on positions of random games of g.
func benchFeatures[S any](b *testing.B, g game.Rules[S], fs interface{ Extract(s *S) [16]int32 }) {
	var states []S
	var buf game.ActionBuffer
	starter, _ := g.(interface{ Start() S })
	for i := 0; len(states) < 256; i++ {
		rng := rand.New(rand.NewPCG(1, uint64(i)))
		s := starter.Start()
		for !g.Terminal(&s) {
			states = append(states, s)
			legal := g.LegalActions(&s, &buf)
			g.Apply(&s, legal[rng.IntN(len(legal))])
		}
	}
	var sum int32
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f := fs.Extract(&states[i%len(states)])
		sum += f[1]
	}
	sinkInt = int(sum)
}

// colonyNet returns the evaluation of eval=net: The Colony's shipped network, in
// integers, with its incremental accumulators.
func colonyNet(b *testing.B) *nnue.Evaluator[colony.State] {
	g := colony.NewGame(nil)
	net, err := nnue.Parse(colony.NewFeatures(nil).ShippedNetwork(g.Name()))
	if err != nil {
		b.Fatal(err)
	}
	q, err := nnue.Quantise(net, g.Encoding().MaxActive)
	if err != nil {
		b.Fatal(err)
	}
	ev, err := nnue.NewEvaluator[colony.State](g, g.Name(), q)
	if err != nil {
		b.Fatal(err)
	}
	return ev
}

// BenchmarkNetEvaluate is the network evaluation (eval=net) on positions from every
// stage of random games, one after the other: each evaluation finds little in common
// with the positions kept, so this is close to the cost of a refresh (compare
// AlphaBetaNet, where consecutive leaves are related).
func BenchmarkNetEvaluate(b *testing.B) {
	states := samplePositions(b, colony.Default())
	ev := colonyNet(b)
	sum := 0
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		sum += ev.Evaluate(&states[i%len(states)])
	}
	sinkInt = sum
}

// BenchmarkAlphaBetaNet is BenchmarkAlphaBetaLinear with the shipped network
// (eval=net): the nodes/s figures of the two measure what the network costs.
func BenchmarkAlphaBetaNet(b *testing.B) {
	searchSpeed[colony.State](b, colony.NewGame(nil), colonyNet(b), "ab:depth=4", middlegames(5), "nodes/s")
}
