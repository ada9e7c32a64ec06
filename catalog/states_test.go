package catalog_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/search"
)

// TestStatesRandomGames plays seeded random games of every registered game through
// the state-level face and checks it against the Ruleset's text operations: the
// actions below NumActions, the notation read back, every decision's text read back
// to it, Apply refusing what is not legal and leaving the state as it was, Clone
// independent of its original, and the end as Standing says.
func TestStatesRandomGames(t *testing.T) {
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			rs, err := catalog.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			sg, err := catalog.States(rs)
			if err != nil {
				t.Fatal(err)
			}
			if sg.NumActions() < 1 || sg.NumActions() > game.MaxActions {
				t.Fatalf("NumActions %d", sg.NumActions())
			}
			if sg.NumActions() == game.MaxActions {
				t.Errorf("NumActions is the fall-back %d: the game has no NumActions method", game.MaxActions)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			var buf game.ActionBuffer
			for g := range 20 {
				s := sg.Start()
				if s.String() != rs.StartPosition() {
					t.Fatalf("start %q, Ruleset %q", s.String(), rs.StartPosition())
				}
				for steps := 0; !s.Terminal(); steps++ {
					if steps > 100000 {
						t.Fatalf("game %d does not end", g)
					}
					legal := slices.Clone(s.LegalActions(&buf))
					if len(legal) == 0 {
						t.Fatalf("no legal actions in %s", s)
					}
					for _, a := range legal {
						if int(a) >= sg.NumActions() {
							t.Fatalf("action %d >= NumActions %d in %s", a, sg.NumActions(), s)
						}
						text, err := s.ActionText(int(a))
						if err != nil {
							t.Fatal(err)
						}
						if b, err := s.ParseAction(text); err != nil || b != int(a) {
							t.Fatalf("ParseAction(%q) = %d, %v; want %d", text, b, err, a)
						}
					}
					before := s.String()
					for _, bad := range []int{-1, sg.NumActions(), 1000} {
						if err := s.Apply(bad); !errors.Is(err, catalog.ErrIllegal) {
							t.Fatalf("Apply(%d) = %v, want ErrIllegal", bad, err)
						}
					}
					if s.String() != before {
						t.Fatalf("a refused Apply changed the state")
					}
					c := s.Clone()
					if err := s.Apply(int(legal[rng.IntN(len(legal))])); err != nil {
						t.Fatal(err)
					}
					if c.String() != before {
						t.Fatalf("the clone changed with its original")
					}
					back, err := sg.Parse(s.String())
					if err != nil || back.String() != s.String() {
						t.Fatalf("Parse(%q) = %v, %v", s, back, err)
					}
				}
				// The end as the Ruleset sees it from the notation (which may not hold
				// the history that ended it, as Oware's repetitions).
				st, err := rs.Standing(s.String())
				if err != nil {
					t.Fatalf("Standing of the end %s: %v", s, err)
				}
				if w, _ := s.Result(); st.Outcome != nil && (w != st.Outcome.Winner || s.Points() != st.Outcome.Points) {
					t.Fatalf("end %d %v, Standing %+v", w, s.Points(), st.Outcome)
				}
				if s.EndReason() == "" {
					t.Fatal("no end reason")
				}
				if err := s.Apply(0); !errors.Is(err, catalog.ErrIllegal) {
					t.Fatalf("Apply after the end = %v", err)
				}
			}
		})
	}
}

// TestStatesThink lets a player think through the state-level face and checks that
// its turn is one legal turn that ApplyTurn plays.
func TestStatesThink(t *testing.T) {
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			rs, _ := catalog.Open(name)
			sg, _ := catalog.States(rs)
			p, err := sg.NewPlayer("ab:depth=2", search.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer p.Close()
			s := sg.Start()
			th, err := p.Think(context.Background(), s)
			if err != nil {
				t.Fatal(err)
			}
			if s.String() != rs.StartPosition() {
				t.Fatal("Think changed the state")
			}
			c := s.Clone()
			for _, a := range th.Actions {
				if err := c.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.ApplyTurn(th.Turn); err != nil {
				t.Fatalf("ApplyTurn(%q): %v", th.Turn, err)
			}
			if s.String() != c.String() || !s.TurnStart() {
				t.Fatalf("turn %q: %s, decisions: %s", th.Turn, s, c)
			}
			if th.Depth != 2 || len(th.PVTurns) == 0 || th.PVTurns[0] != th.Turn {
				t.Fatalf("thought %+v", th)
			}
		})
	}
}

// TestStatesObservation checks every game's observation on random positions: its
// parts add up to its size, the two players' views swap the own and opponent parts
// (and the stores, hands), exactly one of them is to move, and Observe allocates
// nothing.
func TestStatesObservation(t *testing.T) {
	for _, name := range catalog.Names() {
		t.Run(name, func(t *testing.T) {
			rs, _ := catalog.Open(name)
			sg, _ := catalog.States(rs)
			o := sg.Observation()
			total := 1
			for _, d := range o.Shape {
				total *= d
			}
			sum, at := 0, map[string]int{}
			for _, p := range o.Parts {
				at[p.Name] = sum
				sum += p.Size
			}
			if o.Size == 0 || sum != o.Size || total != o.Size {
				t.Fatalf("observation %+v: parts add up to %d, shape to %d", o, sum, total)
			}
			size := func(name string) int {
				for _, p := range o.Parts {
					if p.Name == name {
						return p.Size
					}
				}
				return 0
			}
			v0, v1 := make([]float32, o.Size), make([]float32, o.Size)
			rng := rand.New(rand.NewPCG(3, 4))
			var buf game.ActionBuffer
			s := sg.Start()
			for !s.Terminal() {
				if err := s.Observe(0, v0); err != nil {
					t.Fatal(err)
				}
				if err := s.Observe(1, v1); err != nil {
					t.Fatal(err)
				}
				for _, p := range o.Parts {
					other, ok := strings.CutPrefix(p.Name, "own ")
					if !ok {
						continue
					}
					q := "opponent " + other
					if size(q) != p.Size {
						t.Fatalf("part %q has no opponent part of its size", p.Name)
					}
					if !slices.Equal(v0[at[p.Name]:at[p.Name]+p.Size], v1[at[q]:at[q]+p.Size]) {
						t.Fatalf("%s: the views do not swap %q in %s", name, p.Name, s)
					}
				}
				for _, pair := range []string{"stores", "hands"} {
					if k, ok := at[pair]; ok && (v0[k] != v1[k+1] || v0[k+1] != v1[k]) {
						t.Fatalf("the views do not swap %s in %s", pair, s)
					}
				}
				m := at["to move"]
				if v0[m]+v1[m] != 1 || v0[m] != float32(1-s.ToMove()) {
					t.Fatalf("to move %v %v, ToMove %d", v0[m], v1[m], s.ToMove())
				}
				legal := s.LegalActions(&buf)
				s.Apply(int(legal[rng.IntN(len(legal))]))
			}
			if n := testing.AllocsPerRun(100, func() { s.Observe(0, v0) }); n != 0 {
				t.Errorf("Observe allocates %v times", n)
			}
			if err := s.Observe(2, v0); err == nil {
				t.Error("Observe(2) did not fail")
			}
			if err := s.Observe(0, v0[:1]); err == nil {
				t.Error("Observe into a short buffer did not fail")
			}
		})
	}
}

// TestStatesMidTurn asks players for the rest of a turn of The Colony in progress:
// ApplyTurn plays their notation as Apply plays their decisions, and refuses an end
// that is not legal, naming the legal ones.
func TestStatesMidTurn(t *testing.T) {
	rs, _ := catalog.Open("colony")
	sg, _ := catalog.States(rs)
	rng := rand.New(rand.NewPCG(5, 6))
	var buf game.ActionBuffer
	mids := 0
	for _, spec := range []string{"ab:depth=2", "mcts:sims=100", "random", "greedy"} {
		p, err := sg.NewPlayer(spec, search.Options{})
		if err != nil {
			t.Fatal(err)
		}
		s := sg.Start()
		for turns := 0; turns < 12 && !s.Terminal(); turns++ {
			legal := s.LegalActions(&buf)
			s.Apply(int(legal[rng.IntN(len(legal))]))
			if s.TurnStart() {
				continue
			}
			mids++
			th, err := p.Think(context.Background(), s)
			if err != nil {
				t.Fatalf("%s in %s: %v", spec, s, err)
			}
			c := s.Clone()
			for _, a := range th.Actions {
				if err := c.Apply(a); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.ApplyTurn("Z9"); err == nil || !strings.Contains(err.Error(), "legal end") {
				t.Fatalf("ApplyTurn(Z9) = %v", err)
			}
			if err := s.ApplyTurn(th.Turn); err != nil {
				t.Fatalf("%s: ApplyTurn(%q) in %s: %v", spec, th.Turn, s, err)
			}
			if s.String() != c.String() || !s.TurnStart() {
				t.Fatalf("%s: the turn's notation %q gives %s, its decisions %s", spec, th.Turn, s, c)
			}
		}
		p.Close()
	}
	if mids == 0 {
		t.Fatal("no turn in progress reached")
	}
}
