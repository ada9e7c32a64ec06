package native_test

import (
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/native"
)

// BenchmarkNativeStep is one step of a random game of Kalah through the handles (what
// a Python step costs inside the library): Apply with the status and legal actions.
func BenchmarkNativeStep(b *testing.B) {
	lib := native.New()
	g, _ := lib.OpenGame("kalah")
	s, _ := lib.NewState(g)
	start, _ := lib.NewState(g)
	legal := make([]uint8, game.MaxActions)
	st, _ := lib.StateStatus(s, legal)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		if st[native.StTerminal] != 0 {
			lib.CopyState(s, start)
			st, _ = lib.StateStatus(s, legal)
		}
		k++
		st, _ = lib.Apply(s, int(legal[k%int(st[native.StNumLegal])]), legal)
	}
}

// BenchmarkNativeCloneFree is a state cloned and freed through the handles.
func BenchmarkNativeCloneFree(b *testing.B) {
	lib := native.New()
	g, _ := lib.OpenGame("kalah")
	s, _ := lib.NewState(g)
	b.ReportAllocs()
	for b.Loop() {
		c, _ := lib.CloneState(s)
		lib.Free(c)
	}
}

// BenchmarkNativeNewFree is a state made at the start position and freed through the
// handles (what a new game costs inside the library).
func BenchmarkNativeNewFree(b *testing.B) {
	lib := native.New()
	g, _ := lib.OpenGame("kalah")
	b.ReportAllocs()
	for b.Loop() {
		s, _ := lib.NewState(g)
		lib.Free(s)
	}
}

// BenchmarkNativeStepSummary is BenchmarkNativeStep with Step, the summary alone (what
// colony_state_step does).
func BenchmarkNativeStepSummary(b *testing.B) {
	lib := native.New()
	g, _ := lib.OpenGame("kalah")
	s, _ := lib.NewState(g)
	start, _ := lib.NewState(g)
	legal := make([]uint8, game.MaxActions)
	sum, _ := lib.Summary(s, legal)
	b.ReportAllocs()
	k := 0
	for b.Loop() {
		if sum&native.SumTerminal != 0 {
			lib.CopyState(s, start)
			sum, _ = lib.Summary(s, legal)
		}
		k++
		sum, _ = lib.Step(s, int(legal[k%int(sum&native.SumNumLegal)]), legal)
	}
}
