package colony

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

// TestEncode checks the inputs of positions worked out by hand from the layout of
// "colony-v1" (see EncodingInputs): log l's input is l*130 + (occupant*2 + reach)*13
// + egg bucket; the stores start at 2470 (own) and 2528 (opp), the hands at 2586 and
// 2593, ant moves mandatory is 2600, a turn in progress 2601, the turns-left buckets
// 2602 to 2611.
func TestEncode(t *testing.T) {
	g := NewGame(nil)
	if e := g.Encoding(); e.Name != "colony-v1" || e.Inputs != 2612 || e.MaxActive != 26 {
		t.Fatalf("Encoding() = %+v", e)
	}
	// The start: 3 eggs a log (bucket 3), no ant; the last egg of a first lap
	// reaches every log but B2, B3, B5 and B6 (TestLastEggReachStart); 6 ants in
	// each hand, empty stores, 1000 turns left (bucket 9). Both players see the
	// same.
	start := []uint16{16, 146, 276, 406, 536, 666, 796, 913, 1043, 1186, 1303, 1433, 1576,
		1706, 1836, 1966, 2096, 2226, 2356, 2470, 2528, 2592, 2599, 2611}
	// TestLastEggReachPositions' "two logs": a red ant on A1 (2 eggs, free
	// neighbours: an ant that can move), 1 egg on A3, 5 on C4; the laps end on A2
	// and B1; stores 25 and 24, hands 5 and 6, turn 10 of 1000.
	twoLogs := "eggs=2.0.1.0.0.0/0.0.0.0.0.0.0/0.0.0.5.0.0 red=A1 black=- hand=5,6 store=25,24 move=red ants=optional turn=10"
	logs := []uint16{143, 261, 390, 520, 650, 793, 910, 1040, 1170, 1300, 1430, 1560, 1690, 1820, 1950, 2085, 2210, 2340}
	red := append([]uint16{28}, logs...)
	red = append(red, 2470+25, 2528+24, 2586+5, 2593+6, 2611)
	black := append([]uint16{80}, logs...) // an opp ant that can move: occupant 3
	black = append(black, 2470+24, 2528+25, 2586+6, 2593+5, 2611)
	tests := []struct {
		name     string
		pos      string
		red, blk []uint16
	}{
		{"start", "", start, start},
		{"two logs", twoLogs, red, black},
	}
	for _, tc := range tests {
		s := g.Start()
		if tc.pos != "" {
			var err error
			if s, err = g.ParsePosition(tc.pos); err != nil {
				t.Fatal(err)
			}
		}
		for p, want := range [][]uint16{tc.red, tc.blk} {
			if got := g.Encode(&s, p, nil); !slices.Equal(got, want) {
				t.Errorf("%s: Encode(player %d) = %v, want %v", tc.name, p, got, want)
			}
		}
	}
}

// TestEncodeBlockedMandatoryLate checks the inputs of a blocked ant, mandatory ant
// moves and the last turns before the cap, against the same layout.
func TestEncodeBlockedMandatoryLate(t *testing.T) {
	g := NewGame(nil)
	s, err := g.ParsePosition("eggs=2.0.1.0.0.0/0.0.0.0.0.0.0/0.0.0.5.0.0 red=A1 black=A2,B1,B2 hand=5,3 store=25,24 move=red ants=mandatory turn=995")
	if err != nil {
		t.Fatal(err)
	}
	got := g.Encode(&s, 0, nil)
	// A1's neighbours A2, B1 and B2 hold ants: the red ant is blocked (occupant 2);
	// turn 995 of 1000 leaves 6 turns (bucket 5: 2607); mandatory is 2600.
	if got[0] != 0*130+(2*2+0)*13+2 {
		t.Errorf("A1's input %d, want %d (own ant, blocked, no reach, 2 eggs)", got[0], 0*130+(2*2+0)*13+2)
	}
	if tail := got[len(got)-2:]; !slices.Equal(tail, []uint16{2600, 2607}) {
		t.Errorf("the last inputs %v, want [2600 2607] (mandatory, 6 turns left)", tail)
	}
}

// TestEncodeDeltaPaths checks that EncodeDelta gives the same lists, in the same
// order, whether the lists have room for MaxActive more inputs (written in place)
// or not (appended), from the previous decision and from a random earlier one of
// random games, with and without the memo, after a prefix the lists held.
func TestEncodeDeltaPaths(t *testing.T) {
	g := NewGame(nil)
	states := randomStates(g.Rules, 20, 77)
	prefix := []uint16{7, 9}
	var roomy, tight game.InputDelta
	for p := range 2 {
		roomy.Add[p], roomy.Sub[p] = make([]uint16, 0, 2+encMaxActive), make([]uint16, 0, 2+encMaxActive)
	}
	for k := 1; k < len(states); k++ {
		for _, from := range []*State{&states[k-1], &states[(k*7919+13)%k]} {
			for _, memo := range []bool{false, true} {
				var m game.Memo
				if memo {
					var d game.InputDelta
					g.EncodeDelta(&states[0], from, &d)
					m = d.To
				}
				for _, d := range []*game.InputDelta{&roomy, &tight} {
					for p := range 2 {
						d.Add[p] = append(d.Add[p][:0:cap(d.Add[p])*btoi(d == &roomy)], prefix...)
						d.Sub[p] = append(d.Sub[p][:0:cap(d.Sub[p])*btoi(d == &roomy)], prefix...)
					}
					d.From, d.FromOK = m, memo
					g.EncodeDelta(from, &states[k], d)
				}
				if cap(roomy.Add[0]) != 2+encMaxActive {
					t.Fatalf("the lists with room grew to %d", cap(roomy.Add[0]))
				}
				for p := range 2 {
					if !slices.Equal(roomy.Add[p], tight.Add[p]) || !slices.Equal(roomy.Sub[p], tight.Sub[p]) {
						t.Fatalf("state %d, player %d, memo %v: in place +%v -%v, appended +%v -%v",
							k, p, memo, roomy.Add[p], roomy.Sub[p], tight.Add[p], tight.Sub[p])
					}
				}
				if roomy.To != tight.To {
					t.Fatalf("state %d: the memos differ", k)
				}
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
