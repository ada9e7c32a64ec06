package colony

import (
	"math/bits"
	"math/rand/v2"
	"strings"
	"testing"
)

// slowLastEggReach is LastEggReach written independently of the arc and lap tables:
// for each selectable log and each of its exits, it walks the lap egg by egg with
// Board.Exits and Board.Next and notes the log the last egg reaches.
func slowLastEggReach(r *Rules, s *State) uint32 {
	b := r.Board()
	var m uint32
	for l := Log(0); l < NumLogs; l++ {
		n := s.Eggs(l)
		if _, ant := s.AntAt(l); ant || n == 0 || n > r.SowingCap() {
			continue
		}
		for _, x := range b.Exits(l) {
			from, at := l, x // the first egg lands on the exit
			for i := 1; i < n; i++ {
				from, at = at, b.Next(at, from)
			}
			m |= 1 << at
		}
	}
	return m
}

func TestLastEggReachStart(t *testing.T) {
	// Three eggs on every log: each lap ends three logs on (see the table of arrows in
	// RULES.md). A1->C2, A2->C1|C3, A3->B1, A4->B7, A5->C6|C4, A6->C5, B1->C3 both ways,
	// B2->B4, B3->A4 (C3, then B4 by the lane from C3), B4->A1|A6, B5->A3, B6->B4,
	// B7->C4 both ways, C1->B4, C2->A4, C3->A5, C4->A2, C5->A3, C6->B4. No lap ends on
	// B2, B3, B5 or B6.
	r := Default()
	s := r.Start()
	want := allLogs &^ (1<<mdLog(t, "B2") | 1<<mdLog(t, "B3") | 1<<mdLog(t, "B5") | 1<<mdLog(t, "B6"))
	for _, rules := range []*Rules{r, r.WithChoiceOnSelectedOnly(true)} {
		if got := rules.LastEggReach(&s); got != want {
			t.Errorf("%v: LastEggReach(start) = %v, want %v", rules, mdMaskNames(got), mdMaskNames(want))
		}
	}
}

func TestLastEggReachPositions(t *testing.T) {
	r := Default()
	tests := []struct {
		name, pos string
		want      []string
	}{
		// A3 (1 egg) lands on A2; A2 is empty and not selectable. C4 (5 eggs: B4, A3, A2,
		// A1, B1) lands on B1. A1 holds an ant: not selectable.
		{"two logs", "eggs=2.0.1.0.0.0/0.0.0.0.0.0.0/0.0.0.5.0.0 red=A1 black=- hand=5,6 store=25,24 move=red ants=optional turn=10",
			[]string{"A2", "B1"}},
		// The centre B4 with 2 eggs: towards A3 (A3, A2) or A4 (A4, A5). The fork A5 with
		// 1 egg: A6 or B6.
		{"centre and fork", "eggs=0.0.0.0.1.0/0.0.0.2.0.0.0/0.0.0.0.0.0 red=- black=A1 hand=6,5 store=27,27 move=black ants=optional turn=10",
			[]string{"A2", "A5", "A6", "B6"}},
		// 17 eggs on C1: once round the left loop (C2 C3 B4 A4 ... C4 B4: the lane from C4
		// leads to A3) and on: C2 C3 B4 A4 A5 A6 B7 C6 C5 C4 B4 A3 A2 A1 B1 C1 C2: C2.
		{"a lap round the board", "eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/17.0.0.0.0.0 red=- black=- hand=6,6 store=20,20 move=red ants=optional turn=10",
			[]string{"C2"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatal(err)
			}
			var want uint32
			for _, n := range tc.want {
				want |= 1 << mdLog(t, n)
			}
			if got := r.LastEggReach(&s); got != want {
				t.Errorf("LastEggReach = %v, want %v", mdMaskNames(got), mdMaskNames(want))
			}
		})
	}
}

// mirrorRules returns the default rule set on the mirror image of the default board
// (testdata/mirror.board).
func mirrorRules(t testing.TB) *Rules {
	t.Helper()
	mirror, err := LoadBoardFile("testdata/mirror.board")
	if err != nil {
		t.Fatal(err)
	}
	r, err := NewRules(mirror, DefaultSowingCap, DefaultTurnCap)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestLastEggReachRandom compares LastEggReach with the egg-by-egg walk on the states
// of seeded random games (every phase), on the default board, its mirror image, random
// boards with centres of many exits, with the choice=selected variant and with a
// sowing cap below the number of eggs.
func TestLastEggReachRandom(t *testing.T) {
	onMirror := mirrorRules(t)
	capped, err := ParseRules("colony:sowcap=5")
	if err != nil {
		t.Fatal(err)
	}
	rules := []*Rules{Default(), Default().WithChoiceOnSelectedOnly(true), onMirror, capped}
	rng := rand.NewPCG(11, 12)
	for len(rules) < 10 {
		data := make([]byte, 64)
		for i := range data {
			data[i] = byte(rng.Uint64())
		}
		if b, err := ParseBoard(strings.NewReader(fuzzBoard(data))); err == nil {
			r, err := NewRules(b, DefaultSowingCap, 200)
			if err != nil {
				t.Fatal(err)
			}
			rules = append(rules, r)
		}
	}
	games := 40
	if testing.Short() {
		games = 5
	}
	for _, r := range rules {
		states := 0
		for g := 0; g < games; g++ {
			rng := rand.NewPCG(5, uint64(g))
			s := r.Start()
			for !s.Over() {
				states++
				if got, want := r.LastEggReach(&s), slowLastEggReach(r, &s); got != want {
					t.Fatalf("%v, game %d: LastEggReach = %v, want %v\n%v (phase %v)",
						r, g, mdMaskNames(got), mdMaskNames(want), s.String(), s.Phase())
				}
				r.Apply(&s, r.RandomAction(&s, rng))
			}
		}
		if states < games*10 {
			t.Errorf("%v: only %d states", r, states)
		}
	}
}

// TestLastEggReachTableCoversExits checks the table's edges: one egg lands on each of
// a log's exits, and no eggs land nowhere.
func TestLastEggReachTableCoversExits(t *testing.T) {
	r := Default()
	b := r.Board()
	tab := b.lastEgg()
	for l := Log(0); l < NumLogs; l++ {
		if got := bits.OnesCount32(tab[l][1]); got != len(b.Exits(l)) {
			t.Errorf("%v: one egg lands on %d logs, want %d (its exits)", l, got, len(b.Exits(l)))
		}
		if tab[l][0] != 0 {
			t.Errorf("%v: zero eggs land somewhere", l)
		}
	}
}

func TestLastEggReachAllocs(t *testing.T) {
	r := Default()
	s := r.Start()
	var sink uint32
	if n := testing.AllocsPerRun(100, func() { sink |= r.LastEggReach(&s) }); n != 0 {
		t.Errorf("LastEggReach allocates %v times", n)
	}
	_ = sink
}

// TestEggsOnAndLogsWithEggs compares the word-at-a-time helpers with log-by-log
// loops on the states of random games and random masks.
func TestEggsOnAndLogsWithEggs(t *testing.T) {
	r := Default()
	rng := rand.New(rand.NewPCG(3, 4))
	states := 0
	for g := 0; g < 20; g++ {
		s := r.Start()
		for !s.Over() {
			states++
			for _, m := range []uint32{0, allLogs, s.Ants(Red), s.Ants(Black), s.Selectable(), rng.Uint32() & allLogs, rng.Uint32()} {
				want := 0
				for l := Log(0); l < NumLogs; l++ {
					if m&(1<<l) != 0 {
						want += s.Eggs(l)
					}
				}
				if got := s.EggsOn(m); got != want {
					t.Fatalf("%v: EggsOn(%#x) = %d, want %d", s.String(), m, got, want)
				}
			}
			for n := 0; n <= TotalEggs; n++ {
				var want uint32
				for l := Log(0); l < NumLogs; l++ {
					if s.Eggs(l) == n {
						want |= 1 << l
					}
				}
				if got := s.LogsWithEggs(n); got != want {
					t.Fatalf("%v: LogsWithEggs(%d) = %v, want %v", s.String(), n, mdMaskNames(got), mdMaskNames(want))
				}
			}
			r.Apply(&s, r.RandomAction(&s, rng))
		}
	}
	// Extreme counts: 57 eggs on one log, 56 and 1.
	for _, tc := range []struct {
		pos    string
		filled uint32
	}{
		{"eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.57 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1", 1 << 18},
		{"eggs=56.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.1 red=A1 black=- hand=5,6 store=0,0 move=red ants=optional turn=1", 1<<0 | 1<<18},
	} {
		s, err := r.ParsePosition(tc.pos)
		if err != nil {
			t.Fatal(err)
		}
		if got := s.EggsOn(allLogs); got != TotalEggs {
			t.Errorf("%s: EggsOn(all) = %d", tc.pos, got)
		}
		if got := s.LogsWithEggs(0); got != allLogs&^tc.filled {
			t.Errorf("%s: LogsWithEggs(0) = %v", tc.pos, mdMaskNames(got))
		}
	}
	if states < 1000 {
		t.Fatalf("only %d states", states)
	}
}

func TestEggsOnAllocs(t *testing.T) {
	s := Default().Start()
	var sink int
	if n := testing.AllocsPerRun(100, func() { sink += s.EggsOn(0x1234) + int(s.LogsWithEggs(3)) }); n != 0 {
		t.Errorf("EggsOn, LogsWithEggs allocate %v times", n)
	}
	_ = sink
}
