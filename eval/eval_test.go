package eval

import (
	"testing"

	"github.com/colony-ai/colony/colony"
)

func TestScore(t *testing.T) {
	r := colony.Default()
	tests := []struct {
		name, pos string
		want      int
	}{
		{"start", colony.StartPosition, 0},
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
