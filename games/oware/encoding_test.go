package oware_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/games/internal/inputs"
	"github.com/colony-ai/colony/games/oware"
)

// TestEncode checks the exact inputs of oware-v1 (16 seed buckets a pit: own pits at
// 0..95, opp pits at 96..191, own store at 192, opp store at 241, the plies left at
// 290..299, the repetition at 300) at the start and at a position with pits of 11 and
// 12 seeds, the last exact count and the first bucket (12–14), five plies from the
// quiet cap.
func TestEncode(t *testing.T) {
	if n := inputs.CountBuckets(oware.TotalSeeds); n != 16 {
		t.Fatalf("the seeds of a pit fall in %d buckets; the encoding gives them 16", n)
	}
	for _, tc := range []struct {
		game, name, position string // position "" for the start
		p                    int
		want                 []uint16
	}{
		{"oware", "start, south", "", 0, []uint16{4, 20, 36, 52, 68, 84, 100, 116, 132, 148, 164, 180, 192, 241, 299}},
		{"oware", "start, north", "", 1, []uint16{4, 20, 36, 52, 68, 84, 100, 116, 132, 148, 164, 180, 192, 241, 299}},
		{"oware", "11 and 12 seeds, south", "pits=0.11.12.0.0.0/1.0.0.0.0.0 stores=20,4 move=south quiet=95", 0,
			[]uint16{0, 27, 44, 48, 64, 80, 96, 112, 128, 144, 160, 177, 212, 245, 294}},
		{"oware", "11 and 12 seeds, north", "pits=0.11.12.0.0.0/1.0.0.0.0.0 stores=20,4 move=south quiet=95", 1,
			[]uint16{0, 16, 32, 48, 64, 81, 96, 123, 140, 144, 160, 176, 196, 261, 294}},
		{"ayo", "start, south", "", 0, []uint16{4, 20, 36, 52, 68, 84, 100, 116, 132, 148, 164, 180, 192, 241, 299}},
	} {
		t.Run(tc.game+" "+tc.name, func(t *testing.T) {
			g, err := oware.Parse(tc.game)
			if err != nil {
				t.Fatal(err)
			}
			if enc := g.Encoding(); enc.Name != tc.game+"-v1" || enc.Inputs != 301 || enc.MaxActive != 16 {
				t.Fatalf("Encoding() = %+v", enc)
			}
			s := g.Start()
			if tc.position != "" {
				if s, err = g.ParsePosition(tc.position); err != nil {
					t.Fatal(err)
				}
			}
			if got := g.Encode(&s, tc.p, nil); !slices.Equal(got, tc.want) {
				t.Errorf("Encode(%d) = %v, want %v", tc.p, got, tc.want)
			}
		})
	}
}

// TestEncodeRepetition: a game ended by a repetition has the input 300 on, and the
// same position going on has not.
func TestEncodeRepetition(t *testing.T) {
	g, err := oware.Parse("ayo")
	if err != nil {
		t.Fatal(err)
	}
	s := g.Start()
	for _, m := range []string{"a1", "e2", "d1", "b2", "e1", "b2", "c1", "e2", "d1", "d2"} {
		a, err := g.ParseAction(&s, m)
		if err != nil {
			t.Fatal(err)
		}
		g.Apply(&s, a)
	}
	if g.EndReason(&s) != "the position repeated" {
		t.Fatalf("%q: end %q", g.FormatPosition(&s), g.EndReason(&s))
	}
	if got := g.Encode(&s, 0, nil); got[len(got)-1] != 300 {
		t.Errorf("Encode = %v, want 300 last", got)
	}
	back, err := g.ParsePosition(g.FormatPosition(&s))
	if err != nil {
		t.Fatal(err)
	}
	if got := g.Encode(&back, 0, nil); got[len(got)-1] == 300 {
		t.Errorf("read back: Encode = %v, want no 300", got)
	}
}
