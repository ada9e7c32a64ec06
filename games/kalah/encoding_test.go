package kalah_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/games/kalah"
)

// TestEncode checks the exact inputs of kalah-v1 (16 seed buckets a pit and stores of
// 0 to 48 on kalah:6x4: own pits at 0..95, opp pits at 96..191, own store at 192,
// opp store at 241) at the start and at a position with pits of 11 and 12 seeds, the
// last exact count and the first bucket (12–14).
func TestEncode(t *testing.T) {
	g, err := kalah.New("")
	if err != nil {
		t.Fatal(err)
	}
	enc := g.Encoding()
	if enc.Name != "kalah-v1" || enc.Inputs != 290 || enc.MaxActive != 14 {
		t.Fatalf("Encoding() = %+v", enc)
	}
	for _, tc := range []struct {
		name, position string // "" for the start
		p              int
		want           []uint16
	}{
		{"start, south", "", 0, []uint16{4, 20, 36, 52, 68, 84, 100, 116, 132, 148, 164, 180, 192, 241}},
		{"start, north", "", 1, []uint16{4, 20, 36, 52, 68, 84, 100, 116, 132, 148, 164, 180, 192, 241}},
		{"11 and 12 seeds, south", "pits=0.11.12.0.0.0/1.0.0.0.0.0 stores=20,4 move=south", 0,
			[]uint16{0, 27, 44, 48, 64, 80, 97, 112, 128, 144, 160, 176, 212, 245}},
		{"11 and 12 seeds, north", "pits=0.11.12.0.0.0/1.0.0.0.0.0 stores=20,4 move=south", 1,
			[]uint16{1, 16, 32, 48, 64, 80, 96, 123, 140, 144, 160, 176, 196, 261}},
	} {
		t.Run(tc.name, func(t *testing.T) {
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
