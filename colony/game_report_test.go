package colony

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

func TestBenchPositions(t *testing.T) {
	r := Default()
	list := NewGame(r).BenchPositions()
	if len(list) != 16 {
		t.Errorf("%d bench positions, want 16 (the bench signature counts on them)", len(list))
	}
	seen := map[string]bool{}
	for i, text := range list {
		s, err := r.ParsePosition(text)
		if err != nil {
			t.Errorf("position %d: %v", i+1, err)
			continue
		}
		if s.Over() || s.String() != text {
			t.Errorf("position %d is over or not in normal form: %q", i+1, text)
		}
		if seen[text] {
			t.Errorf("position %d is listed twice", i+1)
		}
		seen[text] = true
	}
	if list[0] != StartPosition {
		t.Errorf("the first bench position is not the start position")
	}
}

// splitMixSource yields the numbers RandomPlayout draws from its own generator.
type splitMixSource struct{ x uint64 }

func (s *splitMixSource) Uint64() uint64 {
	s.x += splitMixGamma
	return splitMix(s.x)
}

// TestCountedPlayout: CountedPlayout plays RandomPlayout's game and counts its
// decisions and turns as the generic walk does (a decision that reaches a turn start
// or the end closes a turn), on rule sets whose games end in each way.
func TestCountedPlayout(t *testing.T) {
	reasons := map[EndReason]int{}
	for _, name := range []string{"colony", "colony:turncap=30", "colony:sowcap=20"} {
		r, err := ParseRules(name)
		if err != nil {
			t.Fatal(err)
		}
		g := NewGame(r)
		for i := range 300 {
			s := r.Start()
			d, turns := g.CountedPlayout(&s, rand.NewPCG(uint64(i), 7))

			c := r.Start()
			src := &splitMixSource{rand.NewPCG(uint64(i), 7).Uint64()}
			wantD, wantTurns := 0, 0
			for !g.Terminal(&c) {
				g.Apply(&c, game.Action(r.RandomAction(&c, src)))
				wantD++
				if g.TurnStart(&c) || g.Terminal(&c) {
					wantTurns++
				}
			}
			if c != s || d != wantD || turns != wantTurns {
				t.Fatalf("%s game %d: %d decisions, %d turns; the walk gives %d, %d (same end: %v)", name, i, d, turns, wantD, wantTurns, c == s)
			}
			reasons[s.EndReason()]++
		}
	}
	for _, why := range []EndReason{NoLogToSelect, NoAntCanMove, TurnCapReached} {
		if reasons[why] == 0 {
			t.Errorf("no game ended with %v: the test does not cover it", why)
		}
	}
}

func TestDescribe(t *testing.T) {
	d := NewGame(nil).Describe()
	if len(d.EndReasons) != 3 || d.TieRule == "" || d.TotalPoints != TotalEggs {
		t.Errorf("Describe() = %+v", d)
	}
}
