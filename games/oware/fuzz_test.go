package oware

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// fuzzSeeds are positions from the scenarios and from random games.
func fuzzSeeds() []string {
	seeds := []string{StartPosition}
	for _, sc := range moveScenarios {
		seeds = append(seeds, sc.pos, sc.want)
	}
	for _, sc := range gameScenarios {
		seeds = append(seeds, sc.pos)
		for _, w := range sc.want {
			if w != "" {
				seeds = append(seeds, w)
			}
		}
	}
	g, _ := New("")
	rng := rand.New(rand.NewPCG(3, 4))
	for n := 0; n < 5; n++ {
		s := g.Start()
		for i := 0; !s.Over(); i++ {
			if i%20 == 0 {
				seeds = append(seeds, g.FormatPosition(&s))
			}
			g.Apply(&s, g.RandomAction(&s, rand.NewPCG(rng.Uint64(), 0)))
		}
		seeds = append(seeds, g.FormatPosition(&s))
	}
	return seeds
}

// FuzzParsePosition: any text either fails to parse or gives a position that
// round-trips, holds 48 seeds and whose legal moves the reference confirms, under
// every rule set; its legal moves can be played.
func FuzzParsePosition(f *testing.F) {
	for _, s := range fuzzSeeds() {
		f.Add(s)
	}
	games := make([]*Game, len(ruleSets))
	for i, name := range ruleSets {
		games[i] = mustParse(f, name)
	}
	f.Fuzz(func(t *testing.T, text string) {
		var buf game.ActionBuffer
		for _, g := range games {
			s, err := g.ParsePosition(text)
			if err != nil {
				continue
			}
			if out := g.FormatPosition(&s); out != text {
				t.Fatalf("%s: %q formats as %q", g.Name(), text, out)
			}
			checkState(t, g, &s, nil)
			moves, end := refLegal(g, refFromState(&s))
			if legal := g.LegalActions(&s, &buf); fmt.Sprint(legal) != fmt.Sprint(moves) || int(s.end) != end {
				t.Fatalf("%s: %s: legal %v end %d, reference %v end %d", g.Name(), text, legal, s.end, moves, end)
			}
			for _, k := range moves {
				c := s
				g.Apply(&c, game.Action(k))
				if got, want := g.FormatPosition(&c), refFormat(ptr(refApply(g, refFromState(&s), k))); got != want {
					t.Fatalf("%s: %s, move %d: %s, reference %s", g.Name(), text, k, got, want)
				}
				checkState(t, g, &c, &s)
			}
		}
	})
}

func ptr[T any](v T) *T { return &v }

// FuzzParams: any parameter string either fails or gives a rule set whose name
// round-trips.
func FuzzParams(f *testing.F) {
	for _, s := range []string{"", "oware", "ayo", "grandslam=illegal", "feed=off,quiet=7",
		"grandslam=sowagain,feed=off", "relay=3,skip=move", "quiet=100", "quiet=101", "quiet=0", "x=y", ",", "feed=on,feed=on",
		"majority=off", "majority=on", "quiet=off", "majority=off,quiet=off", "quiet=OFF", "majority=", "quiet=off,quiet=1"} {
		f.Add(s, false)
		f.Add(s, true)
	}
	f.Fuzz(func(t *testing.T, params string, ayo bool) {
		newFn, base := New, "oware"
		if ayo {
			newFn, base = NewAyo, "ayo"
		}
		g, err := newFn(params)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("empty error")
			}
			return
		}
		back, err := newFn(trimName(g.Name(), base))
		if err != nil || *back != *g {
			t.Fatalf("%q: name %q does not round-trip: %v", params, g.Name(), err)
		}
		if p, err := Parse(g.Name()); err != nil || *p != *g {
			t.Fatalf("%q: Parse(%q) does not round-trip: %v", params, g.Name(), err)
		}
		s := g.Start()
		g.PlayoutSeed(&s, 1)
		if !s.Over() {
			t.Fatal("a playout did not end")
		}
	})
}

func trimName(name, base string) string {
	if len(name) > len(base) && name[:len(base)+1] == base+":" {
		return name[len(base)+1:]
	}
	return name
}

// FuzzParseAction: any move text in a position either fails or names a legal move
// whose notation reads back.
func FuzzParseAction(f *testing.F) {
	for _, m := range []string{"a1", "f2", "c", "g1", "", "a12", "b"} {
		f.Add(StartPosition, m)
		f.Add("pits=3.0.4.0.1.1/0.0.0.0.0.0 stores=20,19 move=south quiet=0", m)
	}
	g := mustParse(f, "oware")
	f.Fuzz(func(t *testing.T, pos, text string) {
		s, err := g.ParsePosition(pos)
		if err != nil {
			return
		}
		a, err := g.ParseAction(&s, text)
		if err != nil {
			return
		}
		if !g.IsLegal(&s, a) {
			t.Fatalf("%s: %q read as the illegal %d", pos, text, a)
		}
		if b, err := g.ParseAction(&s, g.ActionString(&s, a)); err != nil || b != a {
			t.Fatalf("%s: %q does not round-trip", pos, text)
		}
	})
}
