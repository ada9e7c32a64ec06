package piecepack

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestNames: canonical names and their round trip through New.
func TestNames(t *testing.T) {
	for _, tc := range []struct{ variant, params, name string }{
		{"egyptian", "", "egyptian"},
		{"egyptian", "6x4", "egyptian"},
		{"egyptian", "5x3", "egyptian:5x3"},
		{"egyptian", "capture=nonempty,end=mover", "egyptian:end=mover,capture=nonempty"},
		{"ethiopian", "", "ethiopian"},
		{"ethiopian", "cap=200", "ethiopian"},
		{"ethiopian", "cap=0", "ethiopian:cap=0"},
		{"ethiopian", "8x15,leftbonus=off,stuck=pass,capture=any", "ethiopian:8x15,stuck=pass,leftbonus=off"},
		{"nigerian", "cap=100", "nigerian:cap=100"},
		{"nigerian", "6x4,fourlast=mover,fourdrop=last,four=5", "nigerian:four=5,fourdrop=last,fourlast=mover"},
		{"nigerian", "four=4,fourdrop=any,fourlast=owner,end=any", "nigerian"},
	} {
		g, err := New(tc.variant, tc.params)
		if err != nil {
			t.Errorf("New(%q, %q): %v", tc.variant, tc.params, err)
			continue
		}
		if g.Name() != tc.name {
			t.Errorf("New(%q, %q).Name() = %q, want %q", tc.variant, tc.params, g.Name(), tc.name)
		}
		g2, err := New(tc.variant, strings.TrimPrefix(g.Name(), tc.variant+":"))
		if err != nil || g2.Name() != g.Name() || *g2 != *g {
			t.Errorf("%q does not round-trip: %v", g.Name(), err)
		}
	}
}

// TestNewErrors: errors name the bad variant or parameter.
func TestNewErrors(t *testing.T) {
	for _, tc := range []struct{ variant, params, err string }{
		{"kalah", "", `variant "kalah": unknown (known: egyptian, ethiopian, nigerian)`},
		{"egyptian", "9x4", `parameter "9x4": tiles a side "9": want 1 to 8`},
		{"egyptian", "6x0", `parameter "6x0": coins a tile "0": want 1 or more`},
		{"egyptian", "8x16", `parameter "8x16": 256 coins in all: want at most 255`},
		{"egyptian", "6", `parameter "6": not key=value nor a size NxC (e.g. 6x4)`},
		{"egyptian", "6x4,5x3", `parameter "5x3": size given twice`},
		{"egyptian", "end=mover,6x4", `parameter "6x4": the size NxC comes first`},
		{"egyptian", "stuck=pass", `parameter "stuck=pass": option "stuck" is not one of egyptian's`},
		{"egyptian", "four=3", `parameter "four=3": option "four" is not one of egyptian's`},
		{"nigerian", "capture=any", `parameter "capture=any": option "capture" is not one of nigerian's`},
		{"egyptian", "capture=all", `parameter "capture=all": capture="all": want any or nonempty`},
		{"egyptian", "color=red", `parameter "color=red": unknown option "color" (known: end, cap, capture, stuck, leftbonus, four, fourdrop, fourlast)`},
		{"egyptian", "end=mover,end=any", `parameter "end=any": end given twice`},
		{"ethiopian", "cap=-1", `parameter "cap=-1": cap="-1": want a number of moves from 0 (no cap) to 65535`},
		{"nigerian", "four=1", `parameter "four=1": four="1": want a number from 2 to 255`},
		{"egyptian", ",", `parameter "": not key=value nor a size NxC (e.g. 6x4)`},
	} {
		_, err := New(tc.variant, tc.params)
		if err == nil || err.Error() != tc.err {
			t.Errorf("New(%q, %q) error %v, want %s", tc.variant, tc.params, err, tc.err)
		}
	}
}

// TestPositionRoundTrip: positions of random games format and parse back to the same
// state, under every config.
func TestPositionRoundTrip(t *testing.T) {
	for _, cf := range configs {
		g := mustGame(t, cf[0], cf[1])
		for game := 0; game < 100; game++ {
			rng := rand.NewPCG(uint64(game), 9)
			s := g.Start()
			for {
				text := g.FormatPosition(&s)
				back, err := g.ParsePosition(text)
				if err != nil {
					t.Fatalf("%s: %q: %v", g.Name(), text, err)
				}
				if back != s {
					// Only stuck=pass may move the turn to the other player on a parse,
					// and only for a state that a move would have settled the same way.
					t.Fatalf("%s: %q parses to %q", g.Name(), text, g.FormatPosition(&back))
				}
				if g.Terminal(&s) {
					break
				}
				a := g.RandomAction(&s, rng)
				note := string(g.AppendAction(nil, &s, a))
				if b, err := g.ParseAction(&s, note); err != nil || b != a {
					t.Fatalf("%s: %q reads as %d, %v; want %d", g.Name(), note, b, err, a)
				}
				g.Apply(&s, a)
			}
		}
	}
}

// TestStartPositions pins the start notation.
func TestStartPositions(t *testing.T) {
	for _, tc := range []struct{ variant, params, want string }{
		{"egyptian", "", "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south"},
		{"ethiopian", "", "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south ply=0"},
		{"nigerian", "3x5", "pits=5.5.5/5.5.5 stores=0,0 move=south"},
	} {
		g := mustGame(t, tc.variant, tc.params)
		s := g.Start()
		if got := g.FormatPosition(&s); got != tc.want {
			t.Errorf("%s start %q, want %q", g.Name(), got, tc.want)
		}
	}
}

// TestParsePositionErrors: errors name the field.
func TestParsePositionErrors(t *testing.T) {
	g := mustGame(t, "egyptian", "")
	e := mustGame(t, "ethiopian", "")
	for _, tc := range []struct {
		g          *Game
		text, want string
	}{
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0", "position: want 3 fields separated by single spaces (pits stores move), got 2"},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 store=0,0 move=south", `position: field 2 is "store=0,0", want stores=...`},
		{g, "pits=4.4.4.4.4.4 stores=0,0 move=south", "position: pits: want two sides separated by '/', got 1"},
		{g, "pits=4.4.4.4.4/4.4.4.4.4.4.4 stores=0,0 move=south", "position: pits: south has 5 tiles, want 6"},
		{g, "pits=4.4.x.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", `position: pits: south tile c: "x" is not a count from 0 to 255`},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.04 stores=0,0 move=south", `position: pits: north tile f: "04" is not a count from 0 to 255`},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0 move=south", `position: stores: want two counts separated by ',', got "0"`},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,300 move=south", `position: stores: north: "300" is not a count from 0 to 255`},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=1,0 move=south", "position: pits and stores hold 49 coins, want 48"},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=east", `position: move="east", want south or north`},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south ply=0", "position: want 3 fields separated by single spaces (pits stores move), got 4"},
		{e, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south", "position: want 4 fields separated by single spaces (pits stores move ply), got 3"},
		{e, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south ply=201", `position: ply="201", want a number of moves from 0 to the cap 200`},
		{g, "pits=4.4.4.4.4.4/4.4.4.4.4.4  stores=0,0 move=south", "position: want 3 fields separated by single spaces (pits stores move), got 4"},
	} {
		_, err := tc.g.ParsePosition(tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s ParsePosition(%q) error %v, want %s", tc.g.Name(), tc.text, err, tc.want)
		}
	}
}

// TestParseActionErrors: errors say what is wrong.
func TestParseActionErrors(t *testing.T) {
	g := mustGame(t, "egyptian", "")
	s, err := g.ParsePosition("pits=0.4.4.4.4.4/4.4.4.4.4.8 stores=0,0 move=north")
	if err != nil {
		t.Fatal(err)
	}
	over, err := g.ParsePosition("pits=0.0.0.0.0.0/4.4.4.4.4.4 stores=24,0 move=north")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		s          *State
		text, want string
	}{
		{&s, "", "move: empty"},
		{&s, "z", `move "z": unknown tile "z" (the tiles are a to f)`},
		{&s, "f<", `move "f<": only ethiopian sows to the left`},
		{&over, "a", `move "a": the game is over (south has no coins)`},
	} {
		_, err := g.ParseAction(tc.s, tc.text)
		if err == nil || err.Error() != tc.want {
			t.Errorf("ParseAction(%q) error %v, want %s", tc.text, err, tc.want)
		}
	}
	// North's own tiles are read from north's side: a holds 4 for north.
	for text, want := range map[string]game.Action{"a": 0, "F": 5, "f>": 5} {
		if a, err := g.ParseAction(&s, text); err != nil || a != want {
			t.Errorf("ParseAction(%q) = %d, %v; want %d", text, a, err, want)
		}
	}
	s2, _ := g.ParsePosition("pits=4.4.4.4.4.4/0.4.4.4.4.8 stores=0,0 move=north")
	if _, err := g.ParseAction(&s2, "a"); err == nil || err.Error() != `move "a": north's tile a is empty` {
		t.Errorf("empty tile: %v", err)
	}
}
