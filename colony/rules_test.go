package colony

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game/gametest"
)

func TestParseRulesSettings(t *testing.T) {
	tests := []struct {
		name     string
		want     string // canonical name; "" when an error is expected
		wantErr  string
		turnCap  int
		sowCap   int
		selected bool
	}{
		{name: "colony", want: "colony", turnCap: DefaultTurnCap, sowCap: DefaultSowingCap},
		{name: "colony:turncap=300", want: "colony:turncap=300", turnCap: 300, sowCap: DefaultSowingCap},
		{name: "colony:sowcap=50,turncap=20", want: "colony:turncap=20,sowcap=50", turnCap: 20, sowCap: 50},
		{name: "colony:choice=selected", want: "colony:choice=selected", turnCap: DefaultTurnCap, sowCap: DefaultSowingCap, selected: true},
		{name: "colony:choice=pickup", want: "colony", turnCap: DefaultTurnCap, sowCap: DefaultSowingCap},
		{name: "colony:turncap=1000", want: "colony", turnCap: DefaultTurnCap, sowCap: DefaultSowingCap},
		{name: "kalah", wantErr: "unknown rule set"},
		{name: "colony:", wantErr: "empty settings"},
		{name: "colony:turncap", wantErr: "not key=value"},
		{name: "colony:turncap=", wantErr: "not key=value"},
		{name: "colony:turncap=x", wantErr: "not a number"},
		{name: "colony:turncap=0", wantErr: "turn cap 0"},
		{name: "colony:sowcap=-1", wantErr: "sowing cap -1"},
		{name: "colony:turncap=5,turncap=6", wantErr: "given twice"},
		{name: "colony:choice=every", wantErr: "want pickup or selected"},
		{name: "colony:board=x", wantErr: "board file"},
		{name: "colony:speed=3", wantErr: "unknown setting"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r, err := ParseRules(tc.name)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseRules(%q) error = %v, want one containing %q", tc.name, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatalf("ParseRules(%q): %v", tc.name, err)
			}
			if r.Name() != tc.want || r.TurnCap() != tc.turnCap || r.SowingCap() != tc.sowCap || r.ChoiceOnSelectedOnly() != tc.selected {
				t.Fatalf("ParseRules(%q) = %s (turn cap %d, sowing cap %d, selected only %v), want %s (%d, %d, %v)",
					tc.name, r.Name(), r.TurnCap(), r.SowingCap(), r.ChoiceOnSelectedOnly(), tc.want, tc.turnCap, tc.sowCap, tc.selected)
			}
			again, err := ParseRules(r.Name())
			if err != nil || again.Name() != r.Name() {
				t.Fatalf("ParseRules(Name()=%q) = %v, %v", r.Name(), again, err)
			}
		})
	}
}

// TestChoiceOnSelectedOnly checks the R4 variant "choose only on the selected log": a
// relay picked up on a fork or the centre goes on as passing eggs do, and the move
// notation then has no direction for it.
func TestChoiceOnSelectedOnly(t *testing.T) {
	variant, err := ParseRules("colony:choice=selected")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, pos, move, want string
		rejects               []string // moves that are legal by default but not in the variant
	}{
		{
			name: "relay on a fork follows its first arrow",
			pos:  "eggs=0.0.0.0.2.0/0.5.0.0.0.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
			// A5 (2) towards A6: A6 0->1; last on B7 (1 egg, no ant): relay with 2. No
			// choice: B7's first arrow, C6 0->1; last on C5 (0 eggs): dropped, stop.
			move:    "A5>A6",
			want:    "eggs=0.0.0.0.0.1/0.5.0.0.0.0.0/0.0.0.0.1.1 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
			rejects: []string{"A5>A6>B6", "A5>A6>C6"},
		},
		{
			name: "relay on the centre keeps its lane",
			pos:  "eggs=0.0.0.0.0.0/0.0.0.2.0.5.0/0.2.0.0.0.0 red=- black=- hand=6,6 store=24,24 move=red ants=optional turn=10",
			// C2 (2): C3 0->1; last on B4 (2 eggs): relay with 3. Entered from C3, so on
			// by that lane to A4: A4 0->1, A5 0->1; last on A6 (0 eggs): dropped, stop.
			move:    "C2",
			want:    "eggs=0.0.0.1.1.1/0.0.0.0.0.5.0/0.0.1.0.0.0 red=- black=- hand=6,6 store=24,24 move=black ants=optional turn=11",
			rejects: []string{"C2>A3", "C2>A4"},
		},
		{
			name: "the selected fork still offers both arrows",
			pos:  StartPosition,
			move: "A2>B2",
			want: "eggs=3.0.3.3.3.3/3.4.4.3.3.3.3/3.3.3.3.3.3 red=C3 black=- hand=5,6 store=1,0 move=black ants=optional turn=2",
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			after, ok := gametest.PlayScenario(t, NewGame(variant), gametest.Scenario{Name: tc.name, Position: tc.pos, Turn: tc.move, Want: tc.want})
			if !ok {
				t.FailNow()
			}
			if after.Hash() != after.ComputeHash() {
				t.Fatalf("hash not kept up to date")
			}
			s, err := variant.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			for _, bad := range tc.rejects {
				if _, err := variant.ParseMove(&s, bad); err == nil {
					t.Errorf("variant accepts %s", bad)
				}
				def, _ := Default().ParsePosition(tc.pos)
				if _, err := Default().ParseMove(&def, bad); err != nil {
					t.Errorf("default rules reject %s: %v", bad, err)
				}
			}
		})
	}
}

// TestSowingCapAgreesWithFastPath plays the same random games under the default cap
// and a cap no turn reaches; the lap tables (fast path) and the egg-by-egg path (taken
// near the cap) must give identical games when the cap is not reached.
func TestSowingCapAgreesWithFastPath(t *testing.T) {
	high, err := NewRules(DefaultBoard(), 60000, DefaultTurnCap)
	if err != nil {
		t.Fatal(err)
	}
	for g := uint64(0); g < 200; g++ {
		a, b := Default().Start(), high.Start()
		rngA, rngB := newTestSource(g), newTestSource(g)
		for !a.Over() {
			act := Default().RandomAction(&a, rngA)
			if act != high.RandomAction(&b, rngB) {
				t.Fatalf("game %d: the two rule sets offer different actions", g)
			}
			Default().Apply(&a, act)
			high.Apply(&b, act)
			if a != b {
				t.Fatalf("game %d: states differ after %s:\n%v\n%v", g, Default().ActionString(act), a, b)
			}
		}
	}
}

// testSource is a SplitMix64 generator for tests.
type testSource struct{ x uint64 }

func newTestSource(seed uint64) *testSource { return &testSource{seed} }

func (s *testSource) Uint64() uint64 {
	s.x += splitMixGamma
	return splitMix(s.x)
}

func TestStepChecksLegality(t *testing.T) {
	r := Default()
	log := func(name string) Log {
		l, err := ParseLog(name)
		if err != nil {
			t.Fatal(err)
		}
		return l
	}
	s := r.Start()
	steps := []struct {
		action Action
		legal  bool
		phase  Phase
	}{
		{DirectionBase + Action(log("A1")), false, PhaseSelect}, // no lap is waiting for a direction
		{Pass, false, PhaseSelect},
		{SelectBase + Action(log("B4")), true, PhaseDirection}, // the centre: choose A3 or A4
		{DirectionBase + Action(log("C3")), false, PhaseDirection},
		{SelectBase + Action(log("A1")), false, PhaseDirection},
		{DirectionBase + Action(log("A4")), true, PhaseAnt}, // A4, A5; last on A6 (3 eggs, no ant): captured, ant placed
		{DirectionBase + Action(log("A3")), false, PhaseAnt},
		{Pass, true, PhaseSelect}, // ant moves are still optional
	}
	for i, st := range steps {
		err := r.Step(&s, st.action)
		if (err == nil) != st.legal {
			t.Fatalf("step %d (%s): error %v, want legal=%v", i, r.ActionString(st.action), err, st.legal)
		}
		if s.Phase() != st.phase {
			t.Fatalf("step %d: phase %v, want %v", i, s.Phase(), st.phase)
		}
	}
	want := "eggs=3.3.3.4.4.3/3.3.3.0.3.3.3/3.3.3.3.3.3 red=A6 black=- hand=5,6 store=1,0 move=black ants=optional turn=2"
	if s.String() != want {
		t.Fatalf("after B4>A4:\n got %s\nwant %s", s.String(), want)
	}
}

// fixedSource yields one number, then panics: RandomPlayout must draw exactly one.
type fixedSource struct {
	x    uint64
	used bool
}

func (f *fixedSource) Uint64() uint64 {
	if f.used {
		panic("RandomPlayout drew a second number")
	}
	f.used = true
	return f.x
}

// TestRandomPlayoutMatchesRandomAction checks that the fused playout loop plays the
// same games as RandomAction and Apply fed the same random numbers, ending in the same
// State (hash included), from the start and from states inside a turn: waiting for a
// direction, for an ant move, and at a turn start.
func TestRandomPlayoutMatchesRandomAction(t *testing.T) {
	for _, name := range []string{"colony", "colony:choice=selected", "colony:sowcap=7,turncap=60", "colony:sowcap=1"} {
		r, err := ParseRules(name)
		if err != nil {
			t.Fatal(err)
		}
		phases := checkPlayoutMatches(t, name, r, 400)
		for _, p := range []Phase{PhaseSelect, PhaseDirection, PhaseAnt} {
			if name != "colony:choice=selected" && phases[p] == 0 {
				t.Fatalf("%s: no start in phase %v", name, p)
			}
		}
	}
}

// TestRandomPlayoutMatchesRandomActionOnOtherBoards is the same check on boards built
// from random bytes (fuzzBoard): centres with up to six exits and short sowing circuits,
// where a lap passes its own last log (Board.runs' onLast) and ends where it started.
func TestRandomPlayoutMatchesRandomActionOnOtherBoards(t *testing.T) {
	rng := newTestSource(2029)
	boards, maxExits, loops := 0, 0, 0
	for try := 0; try < 4000 && boards < 30; try++ {
		data := make([]byte, 64)
		for i := range data {
			data[i] = byte(rng.Uint64())
		}
		b, err := ParseBoard(strings.NewReader(fuzzBoard(data)))
		if err != nil {
			continue
		}
		boards++
		for l := Log(0); l < NumLogs; l++ {
			maxExits = max(maxExits, int(b.exitCount[l]))
		}
		for _, run := range b.runs {
			if run.onLast > 0 {
				loops++
			}
		}
		for _, choice := range []bool{false, true} {
			r, err := NewRules(b, 300, 80)
			if err != nil {
				t.Fatal(err)
			}
			r = r.WithChoiceOnSelectedOnly(choice)
			checkPlayoutMatches(t, fmt.Sprintf("board %d, %s", boards, r.Name()), r, 60)
		}
	}
	if boards < 30 || maxExits < 4 || loops == 0 {
		t.Fatalf("%d boards, at most %d exits, %d laps passing their last log: want 30, 4 or more, some", boards, maxExits, loops)
	}
}

// checkPlayoutMatches plays RandomPlayout from the start and from n-1 states of
// seeded random games under r, and fails unless each game ends in the State (hash
// included) and after the number of decisions that RandomAction and Apply reach with
// the same numbers. It returns how many starts it took in each phase.
func checkPlayoutMatches(t *testing.T, name string, r *Rules, n int) map[Phase]int {
	t.Helper()
	{
		starts := []State{r.Start()}
		phases := map[Phase]int{}
		walk := r.Start()
		rng := newTestSource(99)
		for len(starts) < n {
			if walk.Over() {
				walk = r.Start()
			}
			r.Apply(&walk, r.RandomAction(&walk, rng))
			if !walk.Over() && rng.Uint64()%5 == 0 {
				starts = append(starts, walk)
				phases[walk.Phase()]++
			}
		}
		for g, start := range starts {
			seed := uint64(g) * 0x9e3779b97f4a7c15
			fast := start
			decisions := r.RandomPlayout(&fast, &fixedSource{x: seed})
			slow := start
			rng := newTestSource(seed)
			n := 0
			for !slow.Over() {
				r.Apply(&slow, r.RandomAction(&slow, rng))
				n++
			}
			if fast != slow || n != decisions {
				t.Fatalf("%s game %d from %v: RandomPlayout gives %v after %d decisions, RandomAction %v after %d",
					name, g, start, fast, decisions, slow, n)
			}
			if fast.Hash() != fast.ComputeHash() {
				t.Fatalf("%s game %d: hash %x, recomputed %x", name, g, fast.Hash(), fast.ComputeHash())
			}
		}
		over := starts[0]
		r.RandomPlayout(&over, &fixedSource{x: 1})
		if again := over; r.RandomPlayout(&again, &fixedSource{x: 2}) != 0 || again != over {
			t.Fatalf("%s: RandomPlayout from a finished game changed it or counted decisions", name)
		}
		return phases
	}
}

func TestSelectableAndAntTargets(t *testing.T) {
	r := Default()
	s, err := r.ParsePosition("eggs=3.3.3.0.3.3/3.3.3.3.3.3.3/3.3.3.3.3.0 red=A1,B4 black=B3 hand=4,5 store=6,0 move=red ants=mandatory turn=7")
	if err != nil {
		t.Fatal(err)
	}
	mask := func(names ...string) uint32 {
		var m uint32
		for _, n := range names {
			l, err := ParseLog(n)
			if err != nil {
				t.Fatal(err)
			}
			m |= 1 << l
		}
		return m
	}
	// Every log with eggs and no ant: A4 and C6 are empty, A1, B4 and B3 are protected.
	wantSelect := mask("A2", "A3", "A5", "A6", "B1", "B2", "B5", "B6", "B7", "C1", "C2", "C3", "C4", "C5")
	if got := s.Selectable(); got != wantSelect {
		t.Errorf("Selectable = %019b, want %019b", got, wantSelect)
	}
	b4, _ := ParseLog("B4")
	// B4 touches B3 (black ant), B5, A3, A4, C3, C4.
	if got, want := r.AntTargets(&s, b4), mask("B5", "A3", "A4", "C3", "C4"); got != want {
		t.Errorf("AntTargets(B4) = %019b, want %019b", got, want)
	}
}

// TestRandomActionIsUniformIndex checks RandomAction's contract: with random bits y it
// returns LegalActions(s)[uniform(y, len)], in every phase.
func TestRandomActionIsUniformIndex(t *testing.T) {
	r := Default()
	rng := newTestSource(11)
	var list ActionList
	for g := 0; g < 100; g++ {
		s := r.Start()
		for !s.Over() {
			legal := r.LegalActions(&s, &list)
			for trial := 0; trial < 4; trial++ {
				y := rng.Uint64()
				want := legal[uniform(y, len(legal))]
				if got := r.RandomAction(&s, &fixedSource{x: y}); got != want {
					t.Fatalf("phase %v, legal %v: RandomAction = %d, want %d", s.Phase(), legal, got, want)
				}
			}
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
}

// TestPerftDepth4 pins perft(4) from the start (215,305,808 turn sequences; about six
// seconds), beyond the depths 1-3 pinned with the other perft figures.
func TestPerftDepth4(t *testing.T) {
	if testing.Short() || !longTests {
		t.Skip("perft(4) takes seconds: run with -tags long")
	}
	r := Default()
	s := r.Start()
	if got := r.Perft(&s, 4); got != 215305808 {
		t.Fatalf("perft(4) = %d, want 215305808", got)
	}
}
