package catalog

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/colony"
	gamepkg "github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
	"github.com/colony-ai/colony/games/oware"
	"github.com/colony-ai/colony/search"
)

// TestEnginePositionCache: a position that adds turns to the last one is read from
// the last one's state, one that does not from its start; both give the position
// that playing all the turns from the start gives (Oware: with its history).
func TestEnginePositionCache(t *testing.T) {
	for _, name := range []string{"colony", "kalah", "oware"} {
		t.Run(name, func(t *testing.T) {
			g, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			if tu, ok := g.(interface{ unwrap() Ruleset }); ok {
				g = tu.unwrap()
			}
			switch x := g.(type) {
			case *generic[colony.State]:
				checkPositionCache(t, x)
			case *generic[kalah.State]:
				checkPositionCache(t, x)
			case *generic[oware.State]:
				checkPositionCache(t, x)
			default:
				t.Fatalf("%T", g)
			}
		})
	}
}

// unwrap returns the game a tunable game wraps.
func (x tunable[S]) unwrap() Ruleset { return x.generic }

func checkPositionCache[S any](t *testing.T, x *generic[S]) {
	eg := x.EngineGame(new(search.Tables), search.Env{}).(*engineGameOf[S])
	rng := rand.New(rand.NewPCG(3, 4))
	for game := range 4 {
		var moves []string
		s := x.g.Start()
		for step := 0; !x.g.Terminal(&s); step++ {
			names, paths, err := gamepkg.Turns(x.g, s)
			if err != nil {
				t.Fatal(err)
			}
			k := rng.IntN(len(names))
			if game%2 == 1 && step%5 == 4 && len(names) > 1 {
				// Between two turns, a position that is not an extension of the
				// last: another turn.
				j := (k + 1) % len(names)
				want := s
				for _, a := range paths[j] {
					x.g.Apply(&want, a)
				}
				got, err := eg.position("", append(slices.Clone(moves), names[j]))
				switch {
				case x.g.Terminal(&want):
					if err == nil {
						t.Fatalf("game %d, turn %d: a finished game read without an error", game, step)
					}
				case err != nil:
					t.Fatal(err)
				case x.g.FormatPosition(&got) != x.g.FormatPosition(&want):
					t.Fatalf("game %d, turn %d: the other position read is %s, want %s", game, step, x.g.FormatPosition(&got), x.g.FormatPosition(&want))
				}
			}
			for _, a := range paths[k] {
				x.g.Apply(&s, a)
			}
			moves = append(moves, names[k])
			if x.g.Terminal(&s) {
				break
			}
			got, err := eg.position("", moves)
			if err != nil {
				t.Fatalf("game %d, turn %d: %v", game, step, err)
			}
			if x.g.FormatPosition(&got) != x.g.FormatPosition(&s) || x.g.Hash(&got) != x.g.Hash(&s) {
				t.Fatalf("game %d, turn %d: the position read is %s, want %s", game, step, x.g.FormatPosition(&got), x.g.FormatPosition(&s))
			}
		}
	}
}
