package kalah

import (
	"fmt"
	"testing"

	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/search"
)

func mustNew(t testing.TB, params string) *Game {
	t.Helper()
	g, err := New(params)
	if err != nil {
		t.Fatalf("New(%q): %v", params, err)
	}
	return g
}

func mustParse(t testing.TB, g *Game, pos string) State {
	t.Helper()
	s, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatalf("%s: ParsePosition(%q): %v", g.Name(), pos, err)
	}
	return s
}

// TestScenarios plays one move from a position and checks the exact position after it
// with gametest.PlayScenario, on the narrow and the generic rules, derived by hand (in the comments: pits are counted a..f from each mover's side, the
// opposite of own pit i is the opponent's pit M-1-i, e.g. South c faces North d).
func TestScenarios(t *testing.T) {
	cases := []struct {
		name, params, before, move, after string
		over                              bool
		reason                            string
	}{
		{
			// Pit a's 4 seeds go to b, c, d, e; the turn passes.
			name: "sowing", before: "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", move: "a",
			after: "pits=0.5.5.5.5.4/4.4.4.4.4.4 stores=0,0 move=north",
		},
		{
			// Pit c's 4 seeds go to d, e, f and the store: the last seed in the own
			// store gives South another turn.
			name: "extra turn", before: "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", move: "c",
			after: "pits=4.4.0.5.5.5/4.4.4.4.4.4 stores=1,0 move=south",
		},
		{
			// f's 10 seeds: South's store (17), North a-f (2 each), North's store
			// skipped, South a, b, c; c was empty, so South captures its seed and the 2
			// seeds of North d: 17+3 = 20.
			name: "opponent's store skipped, capture", before: "pits=0.0.0.0.0.10/1.1.1.1.1.1 stores=16,16 move=south", move: "f",
			after: "pits=1.1.0.0.0.0/2.2.2.0.2.2 stores=20,16 move=north",
		},
		{
			// The same from North's side: North f's 10 seeds reach North's store,
			// South a-f, skip South's store, North a, b, c; North c faces South d.
			name: "north captures", before: "pits=1.1.1.1.1.1/0.0.0.0.0.10 stores=16,16 move=north", move: "f",
			after: "pits=2.2.2.0.2.2/1.1.0.0.0.0 stores=16,20 move=south",
		},
		{
			// a's seed lands in the empty b, facing the empty North e: with the
			// default capture=empty the seed alone goes to the store.
			name: "capture against an empty pit", before: "pits=1.0.0.0.0.1/4.4.4.4.0.4 stores=13,13 move=south", move: "a",
			after: "pits=0.0.0.0.0.1/4.4.4.4.0.4 stores=14,13 move=north",
		},
		{
			// The same with capture=nonempty: no capture, the seed stays in b.
			name: "no capture against an empty pit", params: "capture=nonempty",
			before: "pits=1.0.0.0.0.1/4.4.4.4.0.4 stores=13,13 move=south", move: "a",
			after: "pits=0.1.0.0.0.1/4.4.4.4.0.4 stores=13,13 move=north",
		},
		{
			// capture=nonempty still captures when North e has seeds: 1+3.
			name: "nonempty capture", params: "capture=nonempty",
			before: "pits=1.0.0.0.0.1/4.4.4.4.3.4 stores=12,11 move=south", move: "a",
			after: "pits=0.0.0.0.0.1/4.4.4.4.0.4 stores=16,11 move=north",
		},
		{
			// The last seed lands in b, which held seeds: no capture.
			name: "no capture in a non-empty pit", before: "pits=1.2.0.0.0.1/4.4.4.4.3.4 stores=12,9 move=south", move: "a",
			after: "pits=0.3.0.0.0.1/4.4.4.4.3.4 stores=12,9 move=north",
		},
		{
			// f's 3 seeds: store, North a, North b; the last seed in an empty pit of
			// the opponent captures nothing.
			name: "no capture on the opponent's side", before: "pits=1.1.1.1.1.3/0.0.4.4.4.4 stores=12,12 move=south", move: "f",
			after: "pits=1.1.1.1.1.0/1.1.4.4.4.4 stores=13,12 move=north",
		},
		{
			// 13 seeds make one whole lap of 13 places: b-f, the store, North a-f,
			// and the emptied a itself, which now holds the last seed alone: a
			// capture of 1 + North f's 2 (it got a seed on the way).
			name: "whole lap ends in the emptied pit", before: "pits=13.0.0.0.0.0/1.1.1.1.1.1 stores=15,14 move=south", move: "a",
			after: "pits=0.1.1.1.1.1/2.2.2.2.2.0 stores=19,14 move=north",
		},
		{
			// 27 seeds: two whole laps (2 in every place but North's store, the sown
			// pit included) and one more seed in b, which then holds 3: no capture.
			name: "two laps", before: "pits=27.0.0.0.0.0/0.0.0.0.0.1 stores=10,10 move=south", move: "a",
			after: "pits=2.3.2.2.2.2/2.2.2.2.2.3 stores=12,10 move=north",
		},
		{
			// f's last seed goes to the store (an extra turn), but South's pits are
			// empty: the game ends and North's 21 remaining seeds go to North's store.
			name: "mover's side empty after an extra turn", before: "pits=0.0.0.0.0.1/1.2.3.4.5.6 stores=20,6 move=south", move: "f",
			after: "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=21,27 move=south", over: true, reason: "south has no seeds",
		},
		{
			// f's 2 seeds: store, North a. South's pits are empty: with end=either the
			// game ends, North keeps its 7 seeds (20+7).
			name: "end=either", before: "pits=0.0.0.0.0.2/1.1.1.1.1.1 stores=20,20 move=south", move: "f",
			after: "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=21,27 move=north", over: true, reason: "south has no seeds",
		},
		{
			// The same with end=mover: North is to move and has seeds, so the game
			// goes on with South's side empty.
			name: "end=mover", params: "end=mover", before: "pits=0.0.0.0.0.2/1.1.1.1.1.1 stores=20,20 move=south", move: "f",
			after: "pits=0.0.0.0.0.0/2.1.1.1.1.1 stores=21,20 move=north",
		},
		{
			// end=mover: North's a's 2 seeds go to b and c; South, to move, has no
			// seeds: the game ends, North's 6 remaining seeds go to its store.
			name: "end=mover, mover empty", params: "end=mover", before: "pits=0.0.0.0.0.0/2.1.1.1.1.1 stores=21,20 move=north", move: "a",
			after: "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=21,27 move=south", over: true, reason: "south has no seeds",
		},
		{
			// A capture that empties North's side: South c's seed lands in the empty d
			// and takes North c's 5; North has nothing left, South keeps its own 3.
			name: "capture empties the opponent", before: "pits=0.0.1.0.0.3/0.0.5.0.0.0 stores=20,19 move=south", move: "c",
			after: "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=29,19 move=north", over: true, reason: "north has no seeds",
		},
		{
			// kalah:1x1: a's seed goes to the store (an extra turn), South's side is
			// empty; North keeps its seed: 1-1, a draw.
			name: "1x1", params: "1x1", before: "pits=1/1 stores=0,0 move=south", move: "a",
			after: "pits=0/0 stores=1,1 move=south", over: true, reason: "south has no seeds",
		},
		{
			// kalah:8x2 (a wide board, played in memory): North h's 3 seeds go to
			// North's store, South a and b; North's side keeps its other seeds.
			name: "wide board", params: "8x2", before: "pits=2.2.2.2.2.2.2.2/2.2.2.2.2.2.1.3 stores=0,0 move=north", move: "h",
			after: "pits=3.3.2.2.2.2.2.2/2.2.2.2.2.2.1.0 stores=0,1 move=south",
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g0 := mustNew(t, c.params)
			for _, g := range []*Game{g0, generic(g0)} {
				sc := gametest.Scenario{Name: fmt.Sprintf("narrow=%v", g.narrow), Position: c.before, Turn: c.move, Want: c.after, End: c.reason}
				if s, ok := gametest.PlayScenario(t, g, sc); ok && g.Terminal(&s) != c.over {
					t.Errorf("%s: terminal %v, want %v", g.Name(), g.Terminal(&s), c.over)
				}
			}
		})
	}
}

// TestResult checks the winner, margin and points of finished games.
func TestResult(t *testing.T) {
	g := mustNew(t, "")
	for _, c := range []struct {
		pos            string
		winner, margin int
	}{
		{"pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=30,18 move=north", 0, 12},
		{"pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=20,28 move=south", 1, 8},
		{"pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24 move=south", -1, 0},
	} {
		s := mustParse(t, g, c.pos)
		if !g.Terminal(&s) {
			t.Fatalf("%s: not terminal", c.pos)
		}
		w, m := g.Result(&s)
		if w != c.winner || m != c.margin {
			t.Errorf("%s: Result %d,%d, want %d,%d", c.pos, w, m, c.winner, c.margin)
		}
		diff := map[int]int{0: c.margin, 1: -c.margin, -1: 0}[c.winner]
		if p := g.Points(&s); p[0]-p[1] != diff {
			t.Errorf("%s: Points %v", c.pos, p)
		}
		if g.TieBreak(&s) {
			t.Errorf("TieBreak true")
		}
		if g.EndReason(&s) != "both sides are empty" {
			t.Errorf("%s: EndReason %q", c.pos, g.EndReason(&s))
		}
	}
}

// TestStoreDiff checks the evaluation's sign.
func TestStoreDiff(t *testing.T) {
	g := mustNew(t, "3x2")
	s := mustParse(t, g, "pits=1.0.2/0.3.0 stores=3,3 move=north")
	s.set(g.store[0], 5)
	s.set(g.store[1], 1)
	if v := (StoreDiff{}).Evaluate(&s); v != -4 {
		t.Errorf("North to move, stores 5,1: %d, want -4", v)
	}
	s.w[3] ^= moverBit
	if v := (StoreDiff{}).Evaluate(&s); v != 4 {
		t.Errorf("South to move, stores 5,1: %d, want 4", v)
	}
	var _ search.Evaluator[State] = StoreDiff{}
}
