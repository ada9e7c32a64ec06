package game

import (
	"strings"
	"testing"
)

// bits is a toy game for the limit of Turns: a turn is width binary decisions, each
// written "0" or "1", so a position has 2^width turns; the game ends after two turns.
type bits struct{ width int }

// bitsState is a bits position: the decisions taken so far.
type bitsState struct{ decisions int }

func (g bits) LegalActions(s *bitsState, dst *ActionBuffer) []Action {
	if g.Terminal(s) {
		return dst[:0]
	}
	dst[0], dst[1] = 0, 1
	return dst[:2]
}
func (g bits) Apply(s *bitsState, a Action)            { s.decisions++ }
func (g bits) ToMove(s *bitsState) int                 { return s.decisions / g.width % 2 }
func (g bits) TurnStart(s *bitsState) bool             { return s.decisions%g.width == 0 }
func (g bits) Terminal(s *bitsState) bool              { return s.decisions >= 2*g.width }
func (g bits) Result(s *bitsState) (int, int)          { return -1, 0 }
func (g bits) Hash(s *bitsState) uint64                { return uint64(s.decisions) }
func (g bits) Name() string                            { return "bits" }
func (g bits) Start() bitsState                        { return bitsState{} }
func (g bits) FormatPosition(s *bitsState) string      { return "" }
func (g bits) ParsePosition(string) (bitsState, error) { return bitsState{}, nil }
func (g bits) AppendAction(dst []byte, s *bitsState, a Action) []byte {
	return append(dst, '0'+a)
}
func (g bits) Sides() [2]string              { return [2]string{"a", "b"} }
func (g bits) Points(s *bitsState) [2]int    { return [2]int{} }
func (g bits) EndReason(s *bitsState) string { return "two turns" }
func (g bits) TieBreak(s *bitsState) bool    { return false }
func (g bits) About() About                  { return About{Summary: "bits"} }

func TestTurnsLimit(t *testing.T) {
	for _, tc := range []struct {
		width, limit int
		want         string // the error, or "" for all 2^width turns
	}{
		{3, 8, ""},
		{3, 7, "the position has more than 7 legal turns"},
		{10, 1024, ""},
		{10, 1000, "more than 1000"},
	} {
		g := bits{tc.width}
		names, paths, err := turns[bitsState](g, g.Start(), tc.limit)
		if tc.want != "" {
			if err == nil || !strings.Contains(err.Error(), tc.want) || names != nil || paths != nil {
				t.Errorf("width %d, limit %d: %d turns, %v; want the error %q", tc.width, tc.limit, len(names), err, tc.want)
			}
			continue
		}
		if err != nil || len(names) != 1<<tc.width || len(paths) != len(names) {
			t.Fatalf("width %d: %d turns, %v", tc.width, len(names), err)
		}
		// Decision order is binary counting; the paths are distinct slices.
		for i, n := range names {
			for j := range tc.width {
				if bit := Action(i >> (tc.width - 1 - j) & 1); n[j] != '0'+bit || paths[i][j] != bit {
					t.Fatalf("width %d: turn %d is %q %v", tc.width, i, n, paths[i])
				}
			}
		}
	}
}
