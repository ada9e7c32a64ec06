package kalah

import (
	"strings"
	"testing"
)

// FuzzParsePosition: whatever ParsePosition accepts is a valid state (seeds conserved,
// no stray bits, finished exactly when the end rule holds) that formats back to text
// reading as the same state.
func FuzzParsePosition(f *testing.F) {
	for _, s := range []string{
		"pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		"pits=0.0.0.0.0.10/1.1.1.1.1.1 stores=16,16 move=north",
		"pits=0.0.0.0.0.0/1.2.3.4.5.6 stores=20,7 move=north",
		"pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24 move=south",
		"pits=48.0.0.0.0.0/0.0.0.0.0.0 stores=0,0 move=north",
		"pits=4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		"pits=3/3 stores=0,0 move=south",
	} {
		f.Add(s, "")
		f.Add(s, "end=mover")
		f.Add(s, "1x3,capture=nonempty")
	}
	f.Fuzz(func(t *testing.T, text, params string) {
		g, err := New(params)
		if err != nil {
			return
		}
		s, err := g.ParsePosition(text)
		if err != nil {
			return
		}
		checkInvariants(t, g, &s, text)
		again, err := g.ParsePosition(g.FormatPosition(&s))
		if err != nil || g.FormatPosition(&again) != g.FormatPosition(&s) {
			t.Fatalf("%q: formats as %q, which reads as %q, %v", text, g.FormatPosition(&s), g.FormatPosition(&again), err)
		}
	})
}

// FuzzNew: whatever New accepts has a name that New reads back as the same rules, and
// its start position is valid.
func FuzzNew(f *testing.F) {
	for _, s := range []string{"", "kalah", "6x4", "4x3,capture=nonempty", "end=mover", "12x10", "1x127",
		"capture=empty,end=either", "13x1", "6x4,6x4", "kalah:3x3"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, params string) {
		g, err := New(params)
		if err != nil {
			if !strings.Contains(err.Error(), "kalah: parameter") {
				t.Fatalf("New(%q): error %q does not name the parameter", params, err)
			}
			return
		}
		for _, p := range []string{g.Name(), strings.TrimPrefix(g.Name(), "kalah:")} {
			h, err := New(p)
			if err != nil || h.Name() != g.Name() || h.m != g.m || h.n != g.n ||
				h.captureEmpty != g.captureEmpty || h.endEither != g.endEither {
				t.Fatalf("New(%q) = %q; New(%q): %v", params, g.Name(), p, err)
			}
		}
		s := g.Start()
		checkInvariants(t, g, &s, g.Name())
	})
}
