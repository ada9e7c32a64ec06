package martian

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// benchPositions returns 256 positions from every stage of seeded random games.
func benchPositions(b *testing.B, g *Game) []State {
	var out []State
	var buf game.ActionBuffer
	for i := 0; len(out) < 256; i++ {
		rng := rand.New(rand.NewPCG(9, uint64(i)))
		s := g.Start()
		for !s.Over() && len(out) < 256 {
			out = append(out, s)
			l := g.LegalActions(&s, &buf)
			g.Apply(&s, l[rng.IntN(len(l))])
		}
	}
	return out
}

// BenchmarkStep: one Step of the first legal move of a position; ns/op.
func BenchmarkStep(b *testing.B) {
	g, _ := New("")
	ps := benchPositions(b, g)
	var buf game.ActionBuffer
	acts := make([]game.Action, len(ps))
	for i := range ps {
		acts[i] = g.LegalActions(&ps[i], &buf)[0]
	}
	var dst State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		k := i & 255
		g.Step(&dst, &ps[k], acts[k])
	}
}

// BenchmarkUnpackPack: the unpacking and packing of a position alone; ns/op.
func BenchmarkUnpackPack(b *testing.B) {
	g, _ := New("")
	ps := benchPositions(b, g)
	var bd board
	var dst State
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.unpack(&ps[i&255], &bd)
		g.pack(&bd, &dst)
	}
}

// BenchmarkExtract: the features of a position; ns/op.
func BenchmarkExtract(b *testing.B) {
	g, _ := New("")
	ps := benchPositions(b, g)
	f := NewFeatures(g)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		f.Extract(&ps[i&255])
	}
}
