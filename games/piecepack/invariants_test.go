package piecepack

import (
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// configs are the rule sets the random-game tests run under: every variant, every
// option, and sizes from 1x1 to 8x15.
var configs = [][2]string{
	{"egyptian", ""}, {"ethiopian", ""}, {"nigerian", ""},
	{"egyptian", "capture=nonempty"}, {"egyptian", "end=mover"}, {"egyptian", "cap=30"},
	{"ethiopian", "stuck=pass"}, {"ethiopian", "leftbonus=off"}, {"ethiopian", "cap=0"},
	{"ethiopian", "end=mover,stuck=pass,capture=nonempty"},
	{"nigerian", "fourdrop=last"}, {"nigerian", "fourlast=mover"}, {"nigerian", "end=mover"},
	{"nigerian", "5x3,four=3"}, {"nigerian", "cap=10"},
	{"egyptian", "1x1"}, {"ethiopian", "2x2"}, {"nigerian", "1x3"},
	{"egyptian", "8x15"}, {"ethiopian", "8x15"}, {"nigerian", "8x15"},
	{"egyptian", "3x5"}, {"ethiopian", "4x3"}, {"nigerian", "7x2"},
}

// gamesPerConfig is the number of random games each config plays: 3000 with the
// build tag long, the first 300 of them by default and with -short.
func gamesPerConfig() int {
	if testing.Short() || !longTests {
		return 300
	}
	return 3000
}

// TestRandomGames plays seeded random games under every config and checks each
// state against the reference implementation and the invariants: coins conserved,
// legal decisions non-empty exactly while in play and equal to the reference's,
// IsLegal agreeing with LegalActions for every action, RandomAction picking
// LegalActions[uniformIndex], the hash equal for equal states and different for
// different ones (no collision among all states seen).
func TestRandomGames(t *testing.T) {
	for _, cf := range configs {
		g := mustGame(t, cf[0], cf[1])
		t.Run(g.Name(), func(t *testing.T) {
			hashes := map[uint64]State{}
			var buf game.ActionBuffer
			total := 2 * g.n * g.c
			for gameNo := 0; gameNo < gamesPerConfig(); gameNo++ {
				rng := rand.NewPCG(uint64(gameNo), 77)
				s := g.Start()
				ref := refStart(g)
				for step := 0; ; step++ {
					if !ref.equal(g, &s) {
						t.Fatalf("gameNo %d step %d: %s differs from the reference %+v", gameNo, step, g.FormatPosition(&s), *ref)
					}
					if h, ok := hashes[g.Hash(&s)]; ok && h != s {
						t.Fatalf("hash collision: %s and %s", g.FormatPosition(&s), g.FormatPosition(&h))
					}
					hashes[g.Hash(&s)] = s
					c := s
					if g.Hash(&c) != g.Hash(&s) {
						t.Fatal("hash of a copy differs")
					}
					coins := 0
					for p := 0; p < 2; p++ {
						coins += s.Store(p)
						for i := 0; i < MaxTiles; i++ {
							coins += s.Tile(p, i)
						}
					}
					if coins != total {
						t.Fatalf("gameNo %d step %d: %d coins, want %d", gameNo, step, coins, total)
					}
					legal := g.LegalActions(&s, &buf)
					want := ref.legal(g)
					if len(legal) != len(want) {
						t.Fatalf("gameNo %d step %d: legal %v, reference %v", gameNo, step, legal, want)
					}
					for i := range legal {
						if int(legal[i]) != want[i] {
							t.Fatalf("gameNo %d step %d: legal %v, reference %v", gameNo, step, legal, want)
						}
					}
					if (len(legal) == 0) != g.Terminal(&s) {
						t.Fatalf("gameNo %d step %d: %d legal, terminal %v", gameNo, step, len(legal), g.Terminal(&s))
					}
					var isLegal [game.MaxActions]bool
					for _, a := range legal {
						isLegal[a] = true
					}
					for a := 0; a < game.MaxActions; a++ {
						if g.IsLegal(&s, game.Action(a)) != isLegal[game.Action(a)] {
							t.Fatalf("gameNo %d step %d: IsLegal(%d) = %v", gameNo, step, a, !isLegal[game.Action(a)])
						}
					}
					if g.Terminal(&s) {
						if p := g.Points(&s); p != ref.points(g) {
							t.Fatalf("points %v, reference %v", p, ref.points(g))
						}
						w, m := g.Result(&s)
						p := g.Points(&s)
						if (w == -1 && (p[0] != p[1] || m != 0)) || (w >= 0 && m != p[w]-p[1-w]) || (w >= 0 && m <= 0) {
							t.Fatalf("result (%d, %d) with points %v", w, m, p)
						}
						break
					}
					// RandomAction is LegalActions[uniformIndex] of one number.
					probe := *rng
					x := probe.Uint64()
					a := g.RandomAction(&s, rng)
					if a != legal[int((x>>32)*uint64(len(legal))>>32)] {
						t.Fatalf("RandomAction %d, want legal[k] of %v", a, legal)
					}
					g.Apply(&s, a)
					ref.play(g, int(a))
				}
			}
		})
	}
}

// TestPlayoutMatchesDecisions: Playout plays the game that uniform choices among
// LegalActions give with its SplitMix64 numbers.
func TestPlayoutMatchesDecisions(t *testing.T) {
	for _, cf := range configs {
		g := mustGame(t, cf[0], cf[1])
		var buf game.ActionBuffer
		for gameNo := 0; gameNo < 200; gameNo++ {
			rng := rand.NewPCG(uint64(gameNo), 5)
			probe := *rng
			s := g.Start()
			g.Playout(&s, rng)
			x := probe.Uint64()
			c := g.Start()
			for !g.Terminal(&c) {
				x += splitmix.Gamma
				legal := g.LegalActions(&c, &buf)
				g.Apply(&c, legal[int((splitmix.Mix(x)>>32)*uint64(len(legal))>>32)])
			}
			if c != s {
				t.Fatalf("%s gameNo %d: Playout ends at %s, decisions at %s", g.Name(), gameNo, g.FormatPosition(&s), g.FormatPosition(&c))
			}
		}
	}
}

// TestNoAllocations: the hot path allocates nothing.
func TestNoAllocations(t *testing.T) {
	for _, v := range variantNames {
		g := mustGame(t, v, "")
		rng := rand.NewPCG(1, 2)
		var buf game.ActionBuffer
		s := g.Start()
		var sink uint64
		allocs := testing.AllocsPerRun(200, func() {
			c := s
			for !g.Terminal(&c) {
				legal := g.LegalActions(&c, &buf)
				sink += g.Hash(&c)
				if !g.IsLegal(&c, legal[0]) {
					t.Fatal("IsLegal")
				}
				sink += uint64(StoreDiff{}.Evaluate(&c))
				g.Apply(&c, g.RandomAction(&c, rng))
			}
			c = s
			g.Playout(&c, rng)
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations a gameNo", v, allocs)
		}
		_ = sink
	}
}

// TestStatistics logs game lengths and results of random games (for RULES.md) and
// checks that the move cap of Ethiopian is far above random games' lengths.
func TestStatistics(t *testing.T) {
	const games = 20000
	for _, v := range variantNames {
		g := mustGame(t, v, "")
		rng := rand.NewPCG(2026, 1)
		var moves, longest int
		var wins [3]int
		reasons := map[string]int{}
		for i := 0; i < games; i++ {
			s := g.Start()
			n := 0
			for !g.Terminal(&s) {
				g.Apply(&s, g.RandomAction(&s, rng))
				n++
			}
			moves += n
			longest = max(longest, n)
			w, _ := g.Result(&s)
			wins[w+1]++
			reasons[g.EndReason(&s)]++
		}
		t.Logf("%s: %.1f moves a gameNo (longest %d); south %d, north %d, draws %d; %v",
			v, float64(moves)/games, longest, wins[1], wins[2], wins[0], reasons)
		if reasons["move cap"] != 0 {
			t.Errorf("%s: %d random games reached the move cap", v, reasons["move cap"])
		}
	}
}
