package piecepack

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// FuzzParsePosition: any text either fails to parse or parses to a valid state that
// formats to a line parsing back to the same state; no input panics.
func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{
		"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south ply=0",
		"pits=0.0.0.0.0.1/4.4.4.4.4.4 stores=23,0 move=south",
		"pits=1.1.0.0.0.0/4.4.4.4.4.4 stores=20,2 move=north ply=12",
		"pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24 move=north ply=200",
		"pits=48.0.0.0.0.0/0.0.0.0.0.0 stores=0,0 move=south",
		"pits=4.4.4/4.4.4 stores=0,0 move=south",
	} {
		for v := range variantNames {
			f.Add(uint8(v), seed)
		}
	}
	games := make([]*Game, 0, 6)
	for _, v := range variantNames {
		games = append(games, mustGame(f, v, ""))
	}
	games = append(games, mustGame(f, "ethiopian", "stuck=pass,end=mover"), mustGame(f, "nigerian", "3x4,cap=9"))
	f.Fuzz(func(t *testing.T, which uint8, text string) {
		g := games[int(which)%len(games)]
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		out := g.FormatPosition(&s)
		back, err := g.ParsePosition(out)
		if err != nil {
			t.Fatalf("%s: %q formats as %q, which fails: %v", g.Name(), text, out, err)
		}
		if back != s {
			t.Fatalf("%s: %q formats as %q, which parses differently", g.Name(), text, out)
		}
		var buf game.ActionBuffer
		legal := g.LegalActions(&s, &buf)
		if (len(legal) == 0) != g.Terminal(&s) {
			t.Fatalf("%s: %q: %d legal, terminal %v", g.Name(), out, len(legal), g.Terminal(&s))
		}
		for _, a := range legal {
			c := s
			g.Apply(&c, a)
		}
	})
}

// FuzzNew: any params either fail or give a rule set whose name round-trips.
func FuzzNew(f *testing.F) {
	for _, seed := range []string{"", "6x4", "5x3,capture=nonempty", "end=mover,cap=10", "stuck=pass,leftbonus=off",
		"8x15,four=3,fourdrop=last,fourlast=mover", "1x1", "cap=0", "x", "6x4,6x4", "egyptian:2x2"} {
		for v := range variantNames {
			f.Add(uint8(v), seed)
		}
	}
	f.Fuzz(func(t *testing.T, which uint8, params string) {
		v := variantNames[int(which)%len(variantNames)]
		g, err := New(v, params)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "parameter ") {
				t.Fatalf("New(%q, %q): error %q does not name the parameter", v, params, err)
			}
			return
		}
		g2, err := New(v, strings.TrimPrefix(g.Name(), v+":"))
		if err != nil || *g2 != *g || g2.Name() != g.Name() {
			t.Fatalf("New(%q, %q): name %q does not round-trip (%v)", v, params, g.Name(), err)
		}
		s := g.Start()
		g.Playout(&s, rand.NewPCG(1, 2))
		if !g.Terminal(&s) {
			t.Fatalf("%s: the playout did not end", g.Name())
		}
	})
}
