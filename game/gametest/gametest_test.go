package gametest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// toyVariants returns the neighbours of a toy position: the other side to move, one
// token moved between the heap, the tokens taken and the points.
func toyVariants(s *toyState) []toyState {
	g := newToy("")
	text := g.FormatPosition(s)
	return ParseVariants[toyState](g, append(FieldVariants(text, "move", "0", "1"), MoveVariants(text, "heap", "take", "pts")...))
}

func TestToyConforms(t *testing.T) {
	Run(t, newToy(""), Options[toyState]{
		Variants:        toyVariants,
		MidTurnNotation: true,
		PerftDepth:      4,
		Check: func(t testing.TB, s *toyState) {
			if n := int(s.heap + s.take + s.pts[0] + s.pts[1]); n != 10 {
				t.Fatalf("%d tokens", n)
			}
		},
	})
}

// recorder is a testing.TB that records the errors of a part of the suite run on a
// faulty game; Fatal stops the part by a panic that run recovers.
type recorder struct {
	testing.TB
	errors []string
}

// stop is the panic of recorder.FailNow.
type stop struct{}

func (r *recorder) Helper()                   {}
func (r *recorder) Log(args ...any)           {}
func (r *recorder) Logf(string, ...any)       {}
func (r *recorder) Fail()                     { r.errors = append(r.errors, "Fail") }
func (r *recorder) Failed() bool              { return len(r.errors) > 0 }
func (r *recorder) FailNow()                  { r.Fail(); panic(stop{}) }
func (r *recorder) Error(args ...any)         { r.errors = append(r.errors, fmt.Sprint(args...)) }
func (r *recorder) Errorf(f string, a ...any) { r.errors = append(r.errors, fmt.Sprintf(f, a...)) }
func (r *recorder) Fatal(args ...any)         { r.Error(args...); panic(stop{}) }
func (r *recorder) Fatalf(f string, a ...any) { r.Errorf(f, a...); panic(stop{}) }

// run runs part on a recorder and returns the errors.
func (r *recorder) run(part func(testing.TB)) {
	defer func() {
		if p := recover(); p != nil {
			if _, ok := p.(stop); !ok {
				panic(p)
			}
		}
	}()
	part(r)
}

func TestSuiteFindsFaults(t *testing.T) {
	for _, tc := range []struct {
		bug  string
		opts Options[toyState]
		want string // in one of the errors
	}{
		{"duplicate", Options[toyState]{}, "lists 2 twice"},
		{"order", Options[toyState]{}, "LegalActions gives"},
		{"endless", Options[toyState]{MaxDecisions: 500, TurnGames: -1, Games: 3}, "not over after 500 decisions"}, // no Playout: it would not end
		{"margin", Options[toyState]{}, "want a margin of"},
		{"hash", Options[toyState]{}, "read back, the position has the hash"},
		{"parse", Options[toyState]{}, "reads back as"},
		{"notation", Options[toyState]{}, "are both written"},
		{"step", Options[toyState]{}, "Step(11)"},
		{"sibling", Options[toyState]{}, "StepSibling(11)"},
		{"playout", Options[toyState]{}, "Playout stops at"},
		{"random", Options[toyState]{}, "RandomAction gives 3"},
		{"islegal", Options[toyState]{}, "IsLegal(0) = true"},
		{"applyturn", Options[toyState]{}, "ApplyTurn([1]), not one turn"},
		{"alloc", Options[toyState]{}, "Hash allocates"},
	} {
		t.Run(tc.bug, func(t *testing.T) {
			if tc.bug == "alloc" && raceEnabled {
				t.Skip("the race detector allocates")
			}
			tc.opts.MidTurnNotation = true
			tc.opts.Variants = toyVariants
			x := newSuite(newToy(tc.bug), tc.opts)
			r := &recorder{TB: t}
			parts := []func(testing.TB){x.basics, x.randomGames, x.perft, x.allocs}
			if tc.bug == "endless" {
				parts = parts[:2] // Playout, in allocs, would not end
			}
			for _, part := range parts {
				r.run(part)
			}
			found := false
			for _, e := range r.errors {
				found = found || strings.Contains(e, tc.want)
			}
			if !found {
				t.Errorf("no error says %q; the errors: %q", tc.want, r.errors)
			}
		})
	}
}

func TestSkip(t *testing.T) {
	for _, tc := range []struct {
		bug  string
		skip Part
	}{
		{"order", Decisions},
		{"margin", Results},
		{"hash", PositionHashes},
		{"parse", Positions},
		{"notation", TurnNotation},
		{"step", Steps},
		{"sibling", Steps},
		{"playout", Playouts},
		{"random", RandomActions | Playouts}, // the toy's Playout draws with RandomAction
		{"islegal", LegalChecks},
		{"applyturn", TurnApplies},
		{"alloc", Allocs},
		{"encorder", Encodings},
	} {
		t.Run(tc.bug, func(t *testing.T) {
			Run(t, newToy(tc.bug), Options[toyState]{Skip: tc.skip, MidTurnNotation: true, Games: 20, Variants: toyVariants})
		})
	}
}

func TestSamePosition(t *testing.T) {
	// The hidden counter is in the hash and not in the notation: a game that says so
	// passes.
	Run(t, newToy("hash"), Options[toyState]{
		Games:           20,
		MidTurnNotation: true,
		Variants:        toyVariants,
		SamePosition:    func(orig, parsed *toyState) bool { return orig.hidden == parsed.hidden },
	})
}

func FuzzToyPositions(f *testing.F) {
	FuzzPositions(f, newToy(""), "heap=3 take=2 pts=4,1 move=1", "heap=0 take=0 pts=5,5 move=0")
}

// TestSuiteFindsEncodingFaults runs the Encodings part on the toy with faults in its
// Encoder and its DeltaEncoder, and on a game without one.
func TestSuiteFindsEncodingFaults(t *testing.T) {
	for _, tc := range []struct {
		bug  string
		want string // in one of the errors
	}{
		{"encorder", "not in increasing order"},
		{"encrange", "not below Inputs 37"},
		{"encdst", "on a slice holding"},
		{"enchidden", "read back from its notation"},
		{"encalloc", "Encode(0) allocates"},
		{"deltamiss", "EncodeDelta (memo given: false)"},
		{"deltamemo", "EncodeDelta (memo given: true)"},
		{"deltadst", "EncodeDelta changed the 2 numbers"},
		{"deltaalloc", "EncodeDelta from"},
	} {
		t.Run(tc.bug, func(t *testing.T) {
			if (tc.bug == "encalloc" || tc.bug == "deltaalloc") && raceEnabled {
				t.Skip("the race detector allocates")
			}
			x := newSuite(newToy(tc.bug), Options[toyState]{MidTurnNotation: true, Games: 20, Variants: toyVariants})
			r := &recorder{TB: t}
			r.run(x.encodings)
			found := false
			for _, e := range r.errors {
				found = found || strings.Contains(e, tc.want)
			}
			if !found {
				t.Errorf("no error says %q; the errors: %q", tc.want, r.errors)
			}
		})
	}
	t.Run("none", func(t *testing.T) {
		// Only the methods of game.Game: no Encoder.
		type bare struct{ game.Game[mancalaState] }
		x := newSuite[mancalaState](bare{mancala{}}, Options[mancalaState]{Games: 2, Variants: mancalaVariants})
		r := &recorder{TB: t}
		r.run(x.encodings)
		if len(r.errors) == 0 || !strings.Contains(r.errors[0], "implements no game.Encoder") {
			t.Errorf("errors %q, want one saying the game has no Encoder", r.errors)
		}
		Run[mancalaState](t, bare{mancala{}}, Options[mancalaState]{Games: 2, Variants: mancalaVariants, Skip: Encodings})
	})
}

// TestChanged checks the count of inputs that differ between two lists.
func TestChanged(t *testing.T) {
	for _, tc := range []struct {
		a, b []uint16
		want int
	}{
		{nil, nil, 0},
		{[]uint16{1, 2, 3}, []uint16{1, 2, 3}, 0},
		{[]uint16{1, 2, 3}, nil, 3},
		{[]uint16{1, 4, 9}, []uint16{2, 4, 10, 11}, 5},
	} {
		if got := changed(tc.a, tc.b); got != tc.want {
			t.Errorf("changed(%v, %v) = %d, want %d", tc.a, tc.b, got, tc.want)
		}
	}
}
