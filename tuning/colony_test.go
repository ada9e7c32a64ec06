package tuning

import (
	"context"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/search"
)

// TestColonyLoader checks the evaluations of The Colony's players and their scales.
func TestColonyLoader(t *testing.T) {
	r := colony.Default()
	e, err := newLinearEvals[colony.State](colony.NewFeatures(r), colony.Score{})
	if err != nil {
		t.Fatal(err)
	}
	loader, err := e.loader(nil)
	if err != nil {
		t.Fatal(err)
	}
	s := r.Start()
	tests := []struct {
		value string
		scale int
		// want is the evaluation of the start position.
		want int
	}{
		// linear: the default weights, 'colony eval' on the start position's total.
		{"", 100, 3264},
		{"linear", 100, 3264},
		{"hand", 100, 190}, // 0.1 * 19 selectable logs (the threats cancel)
		{"score", 1, 0},    // no egg lead
	}
	for _, tc := range tests {
		ev, err := loader.Evaluator(tc.value)
		if err != nil {
			t.Fatalf("%q: %v", tc.value, err)
		}
		if got := search.EvalScale[colony.State](ev); got != tc.scale {
			t.Errorf("%q: scale %d, want %d", tc.value, got, tc.scale)
		}
		if got := ev.Evaluate(&s); got != tc.want {
			t.Errorf("%q: start %d, want %d", tc.value, got, tc.want)
		}
	}
	if _, err := loader.Evaluator("nope.json"); err == nil || !strings.Contains(err.Error(), "(want hand, linear, score or a weights file)") {
		t.Errorf("nope.json: %v", err)
	}
	p, err := playersOf[colony.State](colony.NewGame(r), func(v string) (search.Evaluator[colony.State], error) { return loader.Evaluator(v) })("ab:depth=1,eval=hand", search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Play(context.Background(), &s); err != nil {
		t.Error(err)
	}
}
