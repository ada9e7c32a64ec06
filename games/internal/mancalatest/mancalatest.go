// Package mancalatest holds the checks the mancala games' tests (kalah, oware,
// piecepack) share: of their feature sets and of their drawings. It is for tests only.
package mancalatest

import (
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/eval"
)

// Weighted is what CheckNamesAndWeights needs of a feature set.
type Weighted interface {
	Name() string
	Features() []string
	HandWeights() map[string]float64
}

// CheckExtract checks that fs extracts want from s, zeros past it, and that its first
// feature, the store difference, is what storeDiff scores s.
func CheckExtract[S any](t testing.TB, fs eval.FeatureSet[S], storeDiff game.Evaluator[S], s *S, want []int32) {
	t.Helper()
	got := fs.Extract(s)
	n := len(fs.Features())
	if !slices.Equal(got[:n], want) {
		t.Errorf("Extract = %v, want %v (%v)", got[:n], want, fs.Features())
	}
	for i := n; i < len(got); i++ {
		if got[i] != 0 {
			t.Errorf("entry %d = %d past the features", i, got[i])
		}
	}
	if sd := storeDiff.Evaluate(s); got[0] != int32(sd) {
		t.Errorf("store_diff %d, StoreDiff %d", got[0], sd)
	}
}

// CheckNamesAndWeights checks that fs is named name, has n features, the first
// "store_diff", and a hand weight for each of them and no other, store_diff's 1.
func CheckNamesAndWeights(t testing.TB, fs Weighted, name string, n int) {
	t.Helper()
	names := fs.Features()
	if len(names) != n || fs.Name() != name || names[0] != "store_diff" {
		t.Fatalf("%s: %v", fs.Name(), names)
	}
	w := fs.HandWeights()
	if len(w) != n || w["store_diff"] != 1 {
		t.Errorf("%s: hand weights %v", name, w)
	}
	for _, f := range names {
		if _, ok := w[f]; !ok {
			t.Errorf("%s: no hand weight for %s", name, f)
		}
	}
}

// CheckExtractAllocs checks that fs extracts the features of s without allocating.
func CheckExtractAllocs[S any](t testing.TB, fs eval.FeatureSet[S], s *S) {
	t.Helper()
	var sink int32
	if n := testing.AllocsPerRun(100, func() { v := fs.Extract(s); sink += v[0] }); n != 0 {
		t.Errorf("%s: Extract allocates %v times", fs.Name(), n)
	}
	_ = sink
}

// Drawer is a game that reads and plays moves in its notation and draws its states.
type Drawer[S any] interface {
	game.Game[S]
	ParseAction(s *S, text string) (game.Action, error)
	Draw(s *S) string
}

// CheckDraw plays moves from s and checks that g draws the position reached as the
// board lines want, each ending in a newline, followed by a blank line and where the
// game stands (game.DrawStanding).
func CheckDraw[S any](t testing.TB, g Drawer[S], s S, moves, want []string) {
	t.Helper()
	for _, m := range moves {
		a, err := g.ParseAction(&s, m)
		if err != nil {
			t.Fatal(err)
		}
		g.Apply(&s, a)
	}
	w := strings.Join(want, "\n") + "\n\n" + game.DrawStanding[S](g, &s)
	if got := g.Draw(&s); got != w {
		t.Errorf("Draw:\n%s\nwant\n%s", got, w)
	}
}
