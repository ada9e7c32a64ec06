package eval_test

import (
	"context"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/search"
)

// TestColonyEvaluations checks the evaluations of The Colony's players and their
// scales.
func TestColonyEvaluations(t *testing.T) {
	r := colony.Default()
	g := colony.NewGame(r)
	e, err := eval.NewEvaluations[colony.State](g, colony.NewFeatures(r), colony.Score{})
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
		ev, err := e.Evaluator(tc.value)
		if err != nil {
			t.Fatalf("%q: %v", tc.value, err)
		}
		if got := search.EvalScale[colony.State](ev); got != tc.scale {
			t.Errorf("%q: scale %d, want %d", tc.value, got, tc.scale)
		}
		if got := ev.Evaluate(&s); got != tc.want {
			t.Errorf("%q: start %d, want %d", tc.value, got, tc.want)
		}
		if got := e.Scale(tc.value); got != tc.scale {
			t.Errorf("Scale(%q) = %d, want %d", tc.value, got, tc.scale)
		}
	}
	if _, err := e.Evaluator("nope.json"); err == nil || !strings.Contains(err.Error(), "(want hand, linear, score or a weights file)") {
		t.Errorf("nope.json: %v", err)
	}
	if got := e.Scale("nope.json"); got != 1 {
		t.Errorf("Scale of a missing file: %d, want 1", got)
	}
	ev, err := e.Evaluator("hand")
	if err != nil {
		t.Fatal(err)
	}
	p, err := search.New[colony.State](g, ev, "ab:depth=1", search.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := p.Play(context.Background(), &s); err != nil {
		t.Error(err)
	}
}
