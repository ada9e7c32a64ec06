package eval_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/eval/nnue"
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

// TestColonyEvaluationsNamesAndWeights checks the values The Colony's eval setting
// takes, the weights by name, the names of weights held in memory and the networks.
func TestColonyEvaluationsNamesAndWeights(t *testing.T) {
	r := colony.Default()
	fs := colony.NewFeatures(r)
	e, err := eval.NewEvaluations[colony.State](colony.NewGame(r), fs, colony.Score{})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := e.Names(), []string{"linear", "score", "hand", "FILE", "net", "net:FILE"}; !slices.Equal(got, want) {
		t.Errorf("Names() = %v, want %v", got, want)
	}
	hand, err := e.Weights("hand")
	if err != nil || len(hand) != len(fs.Features()) {
		t.Fatalf("Weights(hand) = %v, %v", hand, err)
	}
	if def, err := e.Weights("default"); err != nil || slices.Equal(def, hand) {
		t.Errorf("Weights(default) = %v, %v: want The Colony's tuned weights", def, err)
	}
	with, err := e.WithWeights(map[string][]float64{"@a": hand})
	if err != nil {
		t.Fatal(err)
	}
	s := r.Start()
	if ev, err := with.Evaluator("@a"); err != nil || ev.Evaluate(&s) != 190 || with.Scale("@a") != 100 {
		t.Errorf("@a: %v, want the hand-set weights' 190 at the start, scale 100", err)
	}
	if _, err := e.Evaluator("@a"); err == nil || !strings.Contains(err.Error(), "eval=@a: no weights registered under that name") {
		t.Errorf("@a without WithWeights: %v", err)
	}
	for name, w := range map[string][]float64{"a": hand, "@b": hand[1:]} {
		if _, err := e.WithWeights(map[string][]float64{name: w}); err == nil {
			t.Errorf("WithWeights(%s: %d weights) accepted", name, len(w))
		}
	}
	if ev, err := e.Evaluator("net"); err != nil || e.Scale("net") != nnue.ValueScale {
		t.Errorf("net: %v, %v, scale %d", ev, err, e.Scale("net"))
	}
	if _, err := e.Evaluator("net:"); err == nil || err.Error() != "eval=net:: give the network file after net:" {
		t.Errorf("net: without a file: %v", err)
	}
	if target, maxActive, err := e.NetworkTarget(); err != nil || target.Rules != "colony" || maxActive <= 0 || e.Encoder() == nil {
		t.Errorf("NetworkTarget() = %+v, %d, %v", target, maxActive, err)
	}
}
