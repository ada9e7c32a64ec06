package martian_test

import (
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/martian"
)

// FuzzParsePosition: whatever ParsePosition accepts is a position whose pieces are the
// game's, that formats back to text reading as the same position (same notation and
// hash), and whose moves can all be played, the pieces staying conserved.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"pits=321.321.321.321.321.321/321.321.321.321.321.321 stores=-,- move=south ply=0",
		"pits=-.1.321.321.33321.321/1.1321.321.321.3321.321 stores=22,2 move=north ply=1",
		"pits=-.-.-.-.-.-/321.-.-.-.-.- stores=333332222211111,333333222222111111 move=north ply=40",
		"pits=321.321/321.321 stores=-,- move=south ply=0",
		"pits=3333.-/-.33 stores=33,- move=south ply=0",
		"pits=233.1/321.321 stores=21,- move=south ply=200",
		"pits=1/1 stores=-,- move=north ply=0",
	} {
		f.Add(s, "")
		f.Add(s, "2x321")
		f.Add(s, "2x33,cap=9")
		f.Add(s, "1x1")
	}
	f.Fuzz(func(t *testing.T, text, params string) {
		g, err := martian.New(params)
		if err != nil {
			return
		}
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		checkConserved(t, g, &s)
		line := g.FormatPosition(&s)
		again, err := g.ParsePosition(line)
		if err != nil || g.FormatPosition(&again) != line || g.Hash(&again) != g.Hash(&s) {
			t.Fatalf("%q: formats as %q, which reads as %q, %v", text, line, g.FormatPosition(&again), err)
		}
		var buf game.ActionBuffer
		for _, a := range g.LegalActions(&s, &buf) {
			c := s
			g.Apply(&c, a)
			checkConserved(t, g, &c)
		}
	})
}
