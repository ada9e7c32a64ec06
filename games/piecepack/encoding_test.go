package piecepack_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/games/piecepack"
)

// TestEncode checks the exact inputs of each variant's encoding on the 6x4 board (16
// coin buckets a tile: own tiles at 0..95, opp tiles at 96..191, own mancala at 192,
// opp mancala at 241, and under a cap the moves left at 290..299) at the start and
// at a position with tiles of 11 and 12 coins, the last exact count and the first
// bucket (12–14).
func TestEncode(t *testing.T) {
	const mid = "pits=0.11.12.0.0.0/1.0.0.0.0.0 stores=20,4 move=south"
	start := []uint16{4, 20, 36, 52, 68, 84, 100, 116, 132, 148, 164, 180, 192, 241}
	south := []uint16{0, 27, 44, 48, 64, 80, 97, 112, 128, 144, 160, 176, 212, 245}
	north := []uint16{1, 16, 32, 48, 64, 80, 96, 123, 140, 144, 160, 176, 196, 261}
	for _, tc := range []struct {
		variant, params, position string // position "" for the start
		p                         int
		want                      []uint16
		inputs                    int
	}{
		{"egyptian", "", "", 0, start, 290},
		{"egyptian", "", "", 1, start, 290},
		{"egyptian", "", mid, 0, south, 290},
		{"egyptian", "", mid, 1, north, 290},
		{"nigerian", "", "", 0, start, 290},
		{"nigerian", "", mid, 1, north, 290},
		{"ethiopian", "", "", 0, append(slices.Clone(start), 299), 300},
		{"ethiopian", "", mid + " ply=195", 0, append(slices.Clone(south), 294), 300},
		{"ethiopian", "", mid + " ply=195", 1, append(slices.Clone(north), 294), 300},
		{"egyptian", "cap=12", mid + " ply=4", 0, append(slices.Clone(south), 295), 300},
	} {
		t.Run(tc.variant+" "+tc.params+" "+tc.position, func(t *testing.T) {
			g, err := piecepack.New(tc.variant, tc.params)
			if err != nil {
				t.Fatal(err)
			}
			if enc := g.Encoding(); enc.Name != tc.variant+"-v1" || enc.Inputs != tc.inputs || enc.MaxActive != len(tc.want) {
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
