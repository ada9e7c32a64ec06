package martian_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/games/martian"
)

// TestEncode checks the exact inputs of martian-v1 on martian:6x321 (blocks of 42
// inputs a space: 17 pip buckets at 0..16, 16 height buckets at 17..32, the top
// three pieces at 33..41; own spaces from 0, opp spaces from 252; own mancala at 504,
// opp mancala at 577, the turns left at 650..659) at the start and at a position with
// stacks of 11 and 12 pips and of 11 pieces, the last exact count and the first
// bucket (12–14).
func TestEncode(t *testing.T) {
	g, err := martian.New("")
	if err != nil {
		t.Fatal(err)
	}
	if enc := g.Encoding(); enc.Name != "martian-v1" || enc.Inputs != 660 || enc.MaxActive != 63 {
		t.Fatalf("Encoding() = %+v", enc)
	}
	var start []uint16
	for j := range uint16(12) {
		start = append(start, 42*j+6, 42*j+20, 42*j+35, 42*j+37, 42*j+39)
	}
	start = append(start, 504, 577, 659)
	const mid = "pits=3333.11111111111.-.-.-.2/1.-.-.-.-.- stores=333322222,3333222222 move=south ply=190"
	for _, tc := range []struct {
		name, position string // position "" for the start
		p              int
		want           []uint16
	}{
		{"start, south", "", 0, start},
		{"start, north", "", 1, start},
		{"11 and 12 pips, south", mid, 0, []uint16{
			12, 21, 35, 38, 41, 53, 70, 75, 78, 81, 84, 101, 126, 143, 168, 185, 212, 228, 244,
			253, 270, 285, 294, 311, 336, 353, 378, 395, 420, 437, 462, 479,
			526, 601, 656}},
		{"11 and 12 pips, north", mid, 1, []uint16{
			1, 18, 33, 42, 59, 84, 101, 126, 143, 168, 185, 210, 227,
			264, 273, 287, 290, 293, 305, 322, 327, 330, 333, 336, 353, 378, 395, 420, 437, 464, 480, 496,
			528, 599, 656}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := g.Start()
			if tc.position != "" {
				if s, err = g.ParsePosition(tc.position); err != nil {
					t.Fatal(err)
				}
			}
			if got := g.Encode(&s, tc.p, nil); !slices.Equal(got, tc.want) {
				t.Errorf("Encode(%d) =\n%v, want\n%v", tc.p, got, tc.want)
			}
		})
	}
}
