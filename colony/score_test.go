package colony

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

func TestScore(t *testing.T) {
	r := Default()
	tests := []struct {
		name, pos string
		want      int
	}{
		{"start", StartPosition, 0},
		// Red owns 19 captured + 10 under A1 + 1 under B5 = 30; Black 20 + 7 = 27.
		{"red to move", "eggs=10.0.0.0.0.0/0.0.0.0.1.0.0/0.0.0.0.7.0 red=A1,B5 black=C5 hand=4,5 store=19,20 move=red ants=optional turn=10", 3},
		{"black to move", "eggs=10.0.0.0.0.0/0.0.0.0.0.1.0/0.0.0.0.7.0 red=A1,B5 black=C5 hand=4,5 store=19,20 move=black ants=optional turn=9", -2},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if got := (Score{}).Evaluate(&s); got != tc.want {
				t.Fatalf("Evaluate = %d, want %d", got, tc.want)
			}
		})
	}
}

func TestScoreScale(t *testing.T) {
	if got := (Score{}).Scale(); got != 1 {
		t.Errorf("Score.Scale() = %d, want 1", got)
	}
}

// r8Weights weights only the features that make R8's egg lead.
func r8Weights() [NumFeatures]float64 {
	var w [NumFeatures]float64
	w[FeatStoreDiff], w[FeatUnderOwnAnts], w[FeatUnderOppAnts] = 1, 1, -1
	return w
}

// TestLinearIsScore checks that the linear evaluation with the R8 weights is 100 times Score on the
// states of random games, every phase included.
func TestLinearIsScore(t *testing.T) {
	r := Default()
	lin := newLinear(t, r, r8Weights())
	n := 0
	for _, s := range randomStates(r, 50, 4) {
		if got, want := lin.Evaluate(&s), 100*(Score{}).Evaluate(&s); got != want {
			t.Fatalf("%v: Linear = %d, want 100 * Score = %d", s.String(), got, want)
		}
		n++
	}
	if n < 5000 {
		t.Fatalf("only %d states", n)
	}
}

func TestLinear(t *testing.T) {
	r := Default()
	w := handSet()
	lin := newLinear(t, r, w)
	if lin.Scale() != 100 {
		t.Errorf("Scale() = %d, want 100", lin.Scale())
	}
	if got := lin.Weights(); got.Set != "colony" || !slices.Equal(got.W, w[:]) {
		t.Errorf("Weights() = %v, want %v", got, w)
	}
	// Evaluate rounds Scale times the dot product to the nearest hundredth of an egg,
	// halves away from zero.
	s := r.Start() // 19 selectable logs; the threats cancel
	tests := []struct {
		perLog float64
		want   int
	}{
		{0.1, 190},        // 1.9 eggs
		{0.00026, 0},      // 0.00494: rounds to 0
		{0.00027, 1},      // 0.00513
		{-0.00027, -1},    // symmetric
		{0.5 / 1900, 1},   // 0.005: half a hundredth rounds away from zero
		{-0.5 / 1900, -1}, // likewise
	}
	for _, tc := range tests {
		var w [NumFeatures]float64
		w[FeatSelectableLogs] = tc.perLog
		if got := newLinear(t, r, w).Evaluate(&s); got != tc.want {
			t.Errorf("selectable_logs %v: Evaluate = %d, want %d", tc.perLog, got, tc.want)
		}
	}
	// The evaluation is from the view of the player to move.
	var only [NumFeatures]float64
	only[FeatHandOwn] = 1
	s, err := r.ParsePosition(posAfterC1) // Black to move, 6 ants in hand
	if err != nil {
		t.Fatal(err)
	}
	if got := newLinear(t, r, only).Evaluate(&s); got != 600 {
		t.Errorf("hand_own for Black = %d, want 600", got)
	}
}

func TestLinearAllocs(t *testing.T) {
	r := Default()
	states := randomStates(r, 2, 1)
	var ev game.Evaluator[State] = newLinear(t, r, defaultSet())
	i, sum := 0, 0
	if n := testing.AllocsPerRun(1000, func() {
		sum += ev.Evaluate(&states[i%len(states)])
		i++
	}); n != 0 {
		t.Errorf("LinearOf.Evaluate allocates %v times a call", n)
	}
}
