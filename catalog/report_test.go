package catalog

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
)

// TestPVTurns: pvTurns writes decisions a turn a string and oneTurn accepts exactly
// one whole turn (what analyze prints of The Colony's searches).
func TestPVTurns(t *testing.T) {
	r := colony.Default()
	x := Colony(r).(tunable[colony.State]).generic
	s := r.Start()
	want := []string{"C1", "A3", "A2>B2"}
	var pv []game.Action
	var ends []int            // the end of each turn in pv
	var starts []colony.State // the position before each turn
	c := s
	for _, text := range want {
		starts = append(starts, c)
		m, err := r.ParseMove(&c, text)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range r.Actions(&c, m, nil) {
			pv = append(pv, game.Action(a))
		}
		ends = append(ends, len(pv))
		r.ApplyMove(&c, m)
	}
	if got := x.pvTurns(s, pv); !slices.Equal(got, want) {
		t.Errorf("pvTurns = %q, want %q", got, want)
	}
	// A turn cut short ends in "...": the third turn is A2, >B2 and a pass.
	if ends[2]-ends[1] != 3 {
		t.Fatalf("A2>B2 is %d decisions, want 3", ends[2]-ends[1])
	}
	if got := x.pvTurns(s, pv[:ends[1]+1]); !slices.Equal(got, []string{"C1", "A3", "A2..."}) {
		t.Errorf("pvTurns of a cut list = %q", got)
	}
	// The walk stops at an illegal decision.
	if got := x.pvTurns(s, []game.Action{game.Action(colony.DirectionBase)}); len(got) != 0 {
		t.Errorf("pvTurns of an illegal decision = %q", got)
	}
	// A whole turn of actions is one turn; anything else is refused.
	if turn, err := x.oneTurn(s, pv[:ends[0]]); err != nil || turn != "C1" {
		t.Errorf("oneTurn(C1) = %q, %v", turn, err)
	}
	if _, err := x.oneTurn(s, pv[:ends[1]]); err == nil {
		t.Errorf("oneTurn accepts two turns")
	}
	if _, err := x.oneTurn(s, nil); err == nil {
		t.Errorf("oneTurn accepts no decisions")
	}
	if _, err := x.oneTurn(starts[2], pv[ends[1]:ends[2]-1]); err == nil {
		t.Errorf("oneTurn accepts a turn cut short")
	}
}

// TestReports: The Colony describes itself and has bench positions; its random games
// are those of its fast path (RandomPlayout); a classic game has neither.
func TestReports(t *testing.T) {
	r := colony.Default()
	g := Colony(r)
	if d := g.Description(); len(d.EndReasons) != 3 || d.TieRule == "" {
		t.Errorf("The Colony's Description = %+v", d)
	}
	if len(g.BenchPositions()) != 16 {
		t.Errorf("The Colony's bench positions: %d", len(g.BenchPositions()))
	}
	res, err := g.RandomGames(context.Background(), colony.StartPosition, 20, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i, rg := range res.Games {
		s := r.Start()
		d := r.RandomPlayout(&s, rand.NewPCG(3, uint64(i)))
		if int(rg.Decisions) != d || res.Reasons[rg.Reason] != s.EndReason().String() ||
			rg.Points != [2]int32{int32(s.Score(colony.Red)), int32(s.Score(colony.Black))} {
			t.Errorf("game %d: %+v, RandomPlayout gives %d decisions, %v", i, rg, d, s.EndReason())
		}
	}
	k, err := Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	if d := k.Description(); d.EndReasons != nil || d.TieRule != "" || k.BenchPositions() != nil {
		t.Errorf("Kalah: Description %+v, bench positions %v", d, k.BenchPositions())
	}
	spec, err := k.PlayerSpec("ab:depth=2")
	if err != nil || spec == "ab:depth=2" {
		t.Errorf("PlayerSpec(ab:depth=2) = %q, %v; want the spec with every setting", spec, err)
	}
	if _, err := k.PlayerSpec("foo"); err == nil {
		t.Errorf("PlayerSpec(foo) accepted")
	}
}
