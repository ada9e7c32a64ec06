package game_test

import (
	"context"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
)

func mustKalah(t testing.TB, params string) *kalah.Game {
	t.Helper()
	g, err := kalah.New(params)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func mustParse[S any](t testing.TB, g game.Game[S], text string) S {
	t.Helper()
	s, err := g.ParsePosition(text)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// midTurn returns The Colony's start position after its first decision (a selection
// of A1), in the middle of Red's turn.
func midTurn(t testing.TB, g colony.Game) colony.State {
	t.Helper()
	s := g.Start()
	m, err := g.Rules.ParseMove(&s, "A1")
	if err != nil {
		t.Fatal(err)
	}
	acts := g.Rules.Actions(&s, m, nil)
	g.Apply(&s, game.Action(acts[0]))
	if g.TurnStart(&s) {
		t.Fatal("A1's selection ends the turn")
	}
	return s
}

// colonyMoves returns the legal turns of s by the rules' own move generator, in its
// notation, sorted.
func colonyMoves(t testing.TB, g colony.Game, s *colony.State) []string {
	t.Helper()
	ml := make([]colony.Move, colony.MaxMoves)
	n, err := g.Rules.LegalMoves(s, ml)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, m := range ml[:n] {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

const kalahFinished = "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=30,18 move=north"

func TestTurnsKalah(t *testing.T) {
	for _, tc := range []struct {
		name, params, position string
		want                   []string
	}{
		{"start", "", "", []string{"a", "b", "c", "d", "e", "f"}},
		{"4x3 start", "4x3", "", []string{"a", "b", "c", "d"}},
		{"empty pits skipped", "", "pits=0.4.0.4.4.4/4.4.4.4.4.4 stores=8,0 move=south", []string{"b", "d", "e", "f"}},
		{"finished", "", kalahFinished, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := mustKalah(t, tc.params)
			s := g.Start()
			if tc.position != "" {
				s = mustParse(t, game.Game[kalah.State](g), tc.position)
			}
			names, paths, err := game.Turns(g, s)
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(names, tc.want) || len(paths) != len(names) {
				t.Fatalf("Turns = %v %v, want %v", names, paths, tc.want)
			}
			for i, p := range paths {
				if len(p) != 1 || p[0] != game.Action(tc.want[i][0]-'a') {
					t.Errorf("turn %s: decisions %v", names[i], p)
				}
			}
		})
	}
}

func TestTurnsColony(t *testing.T) {
	g := colony.NewGame(nil)
	for _, tc := range []struct {
		name  string
		state func(t testing.TB) colony.State
		n     int // the number of turns (0: as many as the rules' move generator lists)
	}{
		{"start", func(testing.TB) colony.State { return g.Start() }, 122},
		{"turn 2", func(t testing.TB) colony.State {
			s := g.Start()
			if _, err := game.PlayTurn(g, &s, firstTurn(t, g, s), nil); err != nil {
				t.Fatal(err)
			}
			return s
		}, 0},
		{"finished", func(t testing.TB) colony.State {
			return mustParse(t, game.Game[colony.State](g),
				"eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A2 black=- hand=5,6 store=31,26 move=red ants=optional turn=41")
		}, -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.state(t)
			names, paths, err := game.Turns(g, s)
			if err != nil {
				t.Fatal(err)
			}
			if tc.n < 0 {
				if !g.Terminal(&s) || names != nil || paths != nil {
					t.Fatalf("finished game: terminal %v, turns %v %v", g.Terminal(&s), names, paths)
				}
				return
			}
			want := colonyMoves(t, g, &s)
			if tc.n > 0 && len(want) != tc.n {
				t.Fatalf("the rules list %d turns, want %d", len(want), tc.n)
			}
			sorted := slices.Sorted(slices.Values(names))
			if !slices.Equal(sorted, want) {
				t.Fatalf("Turns lists %d turns %v\nthe rules %d %v", len(names), sorted, len(want), want)
			}
			// Decision order: the first decisions of the paths never go back.
			var buf game.ActionBuffer
			legal := g.LegalActions(&s, &buf)
			last := -1
			for i, p := range paths {
				k := slices.Index(legal, p[0])
				if k < last {
					t.Fatalf("turn %d %s (first decision %d) comes after a later first decision", i, names[i], p[0])
				}
				last = k
				// Each path plays as its notation says.
				c := s
				text, err := game.PlayTurn(g, &c, p, nil)
				if err != nil || string(text) != names[i] {
					t.Fatalf("turn %s: PlayTurn(%v) = %q, %v", names[i], p, text, err)
				}
			}
		})
	}
}

// firstTurn returns the decisions of the first legal turn of s.
func firstTurn[S any](t testing.TB, g game.Game[S], s S) []game.Action {
	t.Helper()
	_, paths, err := game.Turns(g, s)
	if err != nil || len(paths) == 0 {
		t.Fatalf("no turn: %v", err)
	}
	return paths[0]
}

func TestTurnsMidTurn(t *testing.T) {
	g := colony.NewGame(nil)
	s := midTurn(t, g)
	names, _, err := game.Turns(g, s)
	if err != nil {
		t.Fatal(err)
	}
	// The rest of the turn after selecting A1: the turns from the start that select A1,
	// without the selection's notation.
	start := g.Start()
	all, _, _ := game.Turns(g, start)
	var want []string
	for _, n := range all {
		if rest, ok := strings.CutPrefix(n, "A1"); ok {
			want = append(want, rest)
		}
	}
	if len(names) == 0 || !slices.Equal(names, want) {
		t.Errorf("rest of the turn %v, want %v", names, want)
	}
}

func TestPlayTurn(t *testing.T) {
	g := colony.NewGame(nil)
	start := g.Start()
	turn := firstTurn(t, g, start) // a selection and its directions
	if len(turn) < 2 {
		t.Fatalf("first turn %v: want several decisions", turn)
	}
	after := start
	for _, a := range turn {
		g.Apply(&after, a)
	}
	next := firstTurn(t, g, after)
	illegal := game.Action(255)
	for _, tc := range []struct {
		name    string
		actions []game.Action
		want    string // the error, or "" for the turn played
	}{
		{"whole turn", turn, ""},
		{"empty", nil, "its decisions [] are not a whole turn"},
		{"part of a turn", turn[:1], "are not a whole turn"},
		{"two turns", append(slices.Clone(turn), next...), "are more than one turn"},
		{"illegal first", []game.Action{illegal}, "its decision 1 (255, "},
		{"illegal second", []game.Action{turn[0], illegal}, "its decision 2 (255, "},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := start
			notation := []byte("1. ")
			out, err := game.PlayTurn(g, &s, tc.actions, notation)
			if tc.want != "" {
				if err == nil || !strings.Contains(err.Error(), tc.want) {
					t.Fatalf("PlayTurn(%v) = %q, %v; want the error %q", tc.actions, out, err, tc.want)
				}
				if string(out) != "1. " || s.String() != start.String() || s.Hash() != start.Hash() {
					t.Errorf("after the error: notation %q, position %s", out, s.String())
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c := start
			want, _ := g.ApplyTurn(&c, tc.actions, []byte("1. "))
			if string(out) != string(want) || s.String() != after.String() || s.Hash() != after.Hash() {
				t.Errorf("PlayTurn: %q %s; ApplyTurn %q %s", out, s.String(), want, after.String())
			}
		})
	}
	// A turn that ends the game in its middle is whole; decisions after it are more.
	k := mustKalah(t, "")
	s := mustParse(t, game.Game[kalah.State](k), "pits=0.0.0.0.0.1/4.4.4.4.4.4 stores=23,0 move=south")
	c := s
	if out, err := game.PlayTurn(k, &c, []game.Action{5}, nil); err != nil || string(out) != "f" || !k.Terminal(&c) {
		t.Errorf("the last move: %q, %v, terminal %v", out, err, k.Terminal(&c))
	}
	c = s
	if _, err := game.PlayTurn(k, &c, []game.Action{5, 0}, nil); err == nil || !strings.Contains(err.Error(), "more than one turn") {
		t.Errorf("a move after the end: %v", err)
	}
	// In the middle of a turn, the rest of it is a turn.
	mid := midTurn(t, g)
	rest := firstTurn(t, g, mid)
	if _, err := game.PlayTurn(g, &mid, rest, nil); err != nil || !g.TurnStart(&mid) {
		t.Errorf("the rest of a turn: %v", err)
	}
}

func TestPerft(t *testing.T) {
	cg := colony.NewGame(nil)
	cs := cg.Start()
	for _, tc := range []struct {
		name  string
		count func(depth int) (uint64, error)
		want  []uint64 // depths 0, 1, ...
	}{
		{"kalah", func(d int) (uint64, error) {
			g := mustKalah(t, "")
			return game.Perft(context.Background(), g, g.Start(), d)
		}, []uint64{1, 6, 35, 185, 942, 4685}},
		{"kalah 4x3", func(d int) (uint64, error) {
			g := mustKalah(t, "4x3")
			return game.Perft(context.Background(), g, g.Start(), d)
		}, []uint64{1, 4, 15, 50, 158, 488, 1507}},
		{"kalah finished", func(d int) (uint64, error) {
			g := mustKalah(t, "")
			return game.Perft(context.Background(), g, mustParse(t, game.Game[kalah.State](g), kalahFinished), d)
		}, []uint64{1, 0, 0}},
		{"colony", func(d int) (uint64, error) {
			return game.Perft(context.Background(), cg, cs, d)
		}, []uint64{1, cg.Rules.Perft(&cs, 1), cg.Rules.Perft(&cs, 2)}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for d, want := range tc.want {
				got, err := tc.count(d)
				if err != nil || got != want {
					t.Errorf("perft(%d) = %d, %v; want %d", d, got, err, want)
				}
			}
		})
	}
}

func TestPerftErrors(t *testing.T) {
	g := colony.NewGame(nil)
	mid := midTurn(t, g)
	if _, err := game.Perft(context.Background(), g, mid, 1); err == nil || err.Error() != "the position is in the middle of a turn" {
		t.Errorf("Perft in the middle of a turn: %v", err)
	}
	if _, _, err := game.PerftDivide(context.Background(), g, mid, 1); err == nil {
		t.Error("PerftDivide in the middle of a turn: no error")
	}
	if _, _, err := game.PerftDivide(context.Background(), g, g.Start(), 0); err == nil {
		t.Error("PerftDivide to depth 0: no error")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := game.Perft(ctx, g, g.Start(), 3); !errors.Is(err, context.Canceled) {
		t.Errorf("Perft with a cancelled context: %v", err)
	}
}

func TestPerftDivide(t *testing.T) {
	cg := colony.NewGame(nil)
	kg := mustKalah(t, "")
	for _, tc := range []struct {
		name  string
		depth int
		run   func(depth int) ([]string, []uint64, uint64, []string)
	}{
		{"kalah", 4, func(d int) ([]string, []uint64, uint64, []string) {
			return divide(t, kg, kg.Start(), d)
		}},
		{"kalah mid-game", 3, func(d int) ([]string, []uint64, uint64, []string) {
			return divide(t, kg, mustParse(t, game.Game[kalah.State](kg), "pits=0.5.5.5.5.4/4.4.4.4.4.4 stores=0,0 move=north"), d)
		}},
		{"colony", 2, func(d int) ([]string, []uint64, uint64, []string) {
			return divide(t, cg, cg.Start(), d)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			for d := 1; d <= tc.depth; d++ {
				names, counts, perft, turns := tc.run(d)
				var sum uint64
				for _, n := range counts {
					sum += n
				}
				if sum != perft || len(counts) != len(names) || !slices.Equal(names, turns) || !slices.IsSorted(names) {
					t.Errorf("depth %d: divide %v %v (sum %d), perft %d, turns %v", d, names, counts, sum, perft, turns)
				}
			}
		})
	}
}

// divide returns PerftDivide's lists, Perft's count and the sorted legal turns of s.
func divide[S any](t testing.TB, g game.Game[S], s S, depth int) ([]string, []uint64, uint64, []string) {
	t.Helper()
	names, counts, err := game.PerftDivide(context.Background(), g, s, depth)
	if err != nil {
		t.Fatal(err)
	}
	n, err := game.Perft(context.Background(), g, s, depth)
	if err != nil {
		t.Fatal(err)
	}
	turns, _, err := game.Turns(g, s)
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(turns)
	return names, counts, n, turns
}

func TestPerftAllocatesNothingPerNode(t *testing.T) {
	ctx := context.Background()
	kg, cg := mustKalah(t, ""), colony.NewGame(nil)
	for _, tc := range []struct {
		name  string
		depth int
		run   func(depth int) uint64
	}{
		{"kalah", 5, func(d int) uint64 { n, _ := game.Perft(ctx, kg, kg.Start(), d); return n }},
		{"colony", 2, func(d int) uint64 { n, _ := game.Perft(ctx, cg, cg.Start(), d); return n }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// The allocations are the walk's frames, one a level: far fewer than the
			// nodes.
			var nodes uint64
			allocs := testing.AllocsPerRun(2, func() { nodes = tc.run(tc.depth) })
			if allocs*100 > float64(nodes) {
				t.Errorf("%v allocations for %d sequences", allocs, nodes)
			}
		})
	}
}

func TestRandomIndex(t *testing.T) {
	for _, tc := range []struct {
		x    uint64
		n    int
		want int
	}{
		{0, 1, 0},
		{^uint64(0), 1, 0},
		{^uint64(0), 7, 6},
		{1 << 63, 10, 5},
		{1<<32 - 1, 10, 0}, // the low half is not used
		{0x4000_0000_0000_0000, 4, 1},
		{^uint64(0), 256, 255},
	} {
		if got := game.RandomIndex(tc.x, tc.n); got != tc.want {
			t.Errorf("RandomIndex(%#x, %d) = %d, want %d", tc.x, tc.n, got, tc.want)
		}
	}
	// Uniform enough: every index of n drawn about equally often.
	rng := rand.NewPCG(1, 2)
	const n, draws = 6, 60000
	var hits [n]int
	for range draws {
		hits[game.RandomIndex(rng.Uint64(), n)]++
	}
	for i, h := range hits {
		if h < draws/n*9/10 || h > draws/n*11/10 {
			t.Errorf("index %d drawn %d times of %d", i, h, draws)
		}
	}
}

// TestParseTurn: every legal turn's notation reads back as its decisions, in seeded
// random games of Kalah and The Colony, leaving the position unchanged; a text that
// is no turn is an error (The Colony's reader says why).
func TestParseTurn(t *testing.T) {
	check := func(turns func(rng *rand.Rand) bool) {
		rng := rand.New(rand.NewPCG(5, 6))
		for game := 0; game < 20; game++ {
			if !turns(rng) {
				return
			}
		}
	}
	t.Run("kalah", func(t *testing.T) {
		g := mustKalah(t, "")
		check(func(rng *rand.Rand) bool { return parseTurnsOfAGame(t, g, g.Start(), rng) })
		s := g.Start()
		if _, err := game.ParseTurn(g, &s, "zz"); !errors.Is(err, game.ErrNotATurn) {
			t.Errorf("ParseTurn(zz): %v, want ErrNotATurn", err)
		}
	})
	t.Run("colony", func(t *testing.T) {
		g := colony.NewGame(nil)
		check(func(rng *rand.Rand) bool { return parseTurnsOfAGame(t, g, g.Start(), rng) })
		s := g.Start()
		if _, err := game.ParseTurn(g, &s, "C9"); err == nil || errors.Is(err, game.ErrNotATurn) {
			t.Errorf("ParseTurn(C9): %v, want the reader's reason", err)
		}
	})
}

// parseTurnsOfAGame plays a random game of g from s, checking ParseTurn on every
// legal turn of every position; it reports whether all went well.
func parseTurnsOfAGame[S any](t *testing.T, g game.Game[S], s S, rng *rand.Rand) bool {
	t.Helper()
	for !g.Terminal(&s) {
		names, paths, err := game.Turns(g, s)
		if err != nil {
			t.Fatal(err)
		}
		before := g.FormatPosition(&s)
		for i, name := range names {
			got, err := game.ParseTurn(g, &s, name)
			if err != nil || !slices.Equal(got, paths[i]) {
				t.Errorf("%s: ParseTurn(%q) = %v, %v; want %v", before, name, got, err, paths[i])
				return false
			}
		}
		if after := g.FormatPosition(&s); after != before {
			t.Fatalf("ParseTurn changed the position %s into %s", before, after)
		}
		for _, a := range paths[rng.IntN(len(paths))] {
			g.Apply(&s, a)
		}
	}
	return true
}
