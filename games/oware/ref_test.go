package oware

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

// The reference: the rules written again the slow, obvious way (pits as ints in
// sowing order, seeds dropped one at a time), sharing nothing with rules.go but the
// Game's options. Random games under every rule set must agree with it at every step.

type refPos struct {
	pits   [NumPits]int
	stores [2]int
	mover  int
	quiet  int
	// seen lists the positions (pits and mover, refKey) since the last capture or
	// since the reference game began, the current one last; repeated says that the
	// move to this position repeated one of them (which is then not listed again).
	seen     []string
	repeated bool
}

// refKey writes the pits and the mover of p: the position the repetition rule
// compares.
func refKey(p *refPos) string { return fmt.Sprint(p.pits, p.mover) }

// refFromState returns s as a reference position whose history is s alone (as for a
// parsed position).
func refFromState(s *State) refPos {
	var p refPos
	for i := range p.pits {
		p.pits[i] = s.Seeds(i)
	}
	p.stores = [2]int{s.Store(0), s.Store(1)}
	p.mover, p.quiet = s.ToMove(), s.Quiet()
	p.seen = []string{refKey(&p)}
	return p
}

func refSideTotal(p *refPos, side int) int {
	t := 0
	for i := side * 6; i < side*6+6; i++ {
		t += p.pits[i]
	}
	return t
}

// refMove plays the mover's pit k; it reports whether a seed fell on the opponent's
// row, whether the move was a grand slam (Oware), and whether the mover moves again.
func refMove(g *Game, p refPos, k int, slamCaptures bool) (q refPos, fed, slam, again bool) {
	m := p.mover
	start := m*6 + k
	captured := 0
	if g.variant == Oware {
		n := p.pits[start]
		p.pits[start] = 0
		i := start
		for n > 0 {
			i = (i + 1) % 12
			if i == start {
				continue
			}
			p.pits[i]++
			n--
			if i/6 != m {
				fed = true
			}
		}
		if i/6 != m && (p.pits[i] == 2 || p.pits[i] == 3) {
			sum := 0
			lo := i / 6 * 6 // the chain stays on the opponent's row
			j := i
			for j >= lo && (p.pits[j] == 2 || p.pits[j] == 3) {
				sum += p.pits[j]
				j--
			}
			slam = sum == refSideTotal(&p, 1-m)
			take := !slam || slamCaptures
			if take {
				for x := i; x > j; x-- {
					p.pits[x] = 0
				}
				captured = sum
				again = slam && g.grandSlam == GrandSlamSowAgain
			}
		}
	} else {
		cur := start
		n := p.pits[cur]
		p.pits[cur] = 0
		for laps := 1; ; laps++ {
			skip := cur
			if g.skipMove {
				skip = start
			}
			i := cur
			for n > 0 {
				i = (i + 1) % 12
				if i == skip {
					// skip=lap: a lap skips its own start (only reached with 12+);
					// skip=move: every lap skips the move's start.
					continue
				}
				p.pits[i]++
				n--
				if i/6 != m {
					fed = true
				}
			}
			if p.pits[i] > 1 {
				if laps >= g.relayCap {
					break
				}
				n = p.pits[i]
				p.pits[i] = 0
				cur = i
				continue
			}
			if i/6 == m {
				captured = p.pits[11-i]
				p.pits[11-i] = 0
			}
			break
		}
	}
	p.stores[m] += captured
	if captured > 0 {
		p.quiet = 0
	} else {
		p.quiet++
	}
	if !again {
		p.mover = 1 - m
	}
	return p, fed, slam, again
}

// refLegal returns the legal moves of p, and the end reason when there are none.
func refLegal(g *Game, p refPos) ([]int, int) {
	m := p.mover
	if g.Majority() && (p.stores[0] > 24 || p.stores[1] > 24) {
		return nil, endMajority
	}
	var moves []int
	for k := 0; k < 6; k++ {
		if p.pits[m*6+k] > 0 {
			moves = append(moves, k)
		}
	}
	if len(moves) == 0 {
		return nil, endNoSeeds
	}
	if g.feed && refSideTotal(&p, 1-m) == 0 {
		var f []int
		for _, k := range moves {
			if _, fed, _, _ := refMove(g, p, k, true); fed {
				f = append(f, k)
			}
		}
		if len(f) == 0 {
			return nil, endCannotFeed
		}
		moves = f
	}
	if g.variant == Oware && g.grandSlam == GrandSlamIllegal {
		var ok []int
		for _, k := range moves {
			if _, _, slam, _ := refMove(g, p, k, true); !slam {
				ok = append(ok, k)
			}
		}
		if len(ok) > 0 {
			moves = ok
		}
	}
	if p.repeated {
		return nil, endRepeat
	}
	if p.quiet >= g.QuietCap() { // MaxHistory under quiet=off
		return nil, endQuiet
	}
	return moves, endNone
}

// refApply plays k under g's grand slam rule, and keeps the history of positions for
// the repetition rule: a capture clears it, and a position already in it (pits and
// mover) is a repetition.
func refApply(g *Game, p refPos, k int) refPos {
	slamCaptures := g.grandSlam == GrandSlamSowAgain || g.grandSlam == GrandSlamCapture
	q, _, _, _ := refMove(g, p, k, slamCaptures)
	if q.stores != p.stores {
		q.seen = nil
	}
	key := refKey(&q)
	q.repeated = slices.Contains(q.seen, key)
	if !q.repeated {
		q.seen = append(slices.Clip(q.seen), key) // never shares p's array
	}
	return q
}

// ruleSets are the rule sets the random tests run, every option at least once.
var ruleSets = []string{
	"oware", "oware:grandslam=illegal", "oware:grandslam=sowagain", "oware:grandslam=capture",
	"oware:feed=off", "oware:quiet=20", "oware:grandslam=capture,feed=off,quiet=7",
	"oware:quiet=off", "oware:grandslam=sowagain,majority=off,quiet=off",
	"ayo", "ayo:feed=on", "ayo:skip=move", "ayo:relay=2", "ayo:feed=on,quiet=30,relay=3,skip=move",
	"ayo:majority=on,quiet=off",
}

func mustParse(tb testing.TB, name string) *Game {
	tb.Helper()
	g, err := Parse(name)
	if err != nil {
		tb.Fatal(err)
	}
	return g
}

// randomStart returns the start, or a random position with 48 seeds spread at random
// over pits and stores (to reach small-seed endings and odd corners quickly).
func randomStart(g *Game, rng *rand.Rand) State {
	if rng.IntN(3) > 0 {
		return g.Start()
	}
	var p refPos
	onBoard := 1 + rng.IntN(TotalSeeds)
	for i := 0; i < onBoard; i++ {
		p.pits[rng.IntN(NumPits)]++
	}
	p.stores[0] = rng.IntN(TotalSeeds - onBoard + 1)
	p.stores[1] = TotalSeeds - onBoard - p.stores[0]
	p.mover = rng.IntN(2)
	p.quiet = rng.IntN(g.QuietCap())
	s, err := g.ParsePosition(refFormat(&p))
	if err != nil {
		panic(err)
	}
	return s
}

func refFormat(p *refPos) string {
	b := []byte("pits=")
	for side := 0; side < 2; side++ {
		if side == 1 {
			b = append(b, '/')
		}
		for c := 0; c < 6; c++ {
			if c > 0 {
				b = append(b, '.')
			}
			i := c
			if side == 1 {
				i = 11 - c
			}
			b = fmt.Appendf(b, "%d", p.pits[i])
		}
	}
	b = fmt.Appendf(b, " stores=%d,%d move=%s quiet=%d", p.stores[0], p.stores[1], [2]string{"south", "north"}[p.mover], p.quiet)
	return string(b)
}

func TestAgainstReference(t *testing.T) {
	games := 3000
	if testing.Short() || !longTests {
		games = 300
	}
	for _, name := range ruleSets {
		t.Run(name, func(t *testing.T) {
			g := mustParse(t, name)
			rng := rand.New(rand.NewPCG(11, uint64(len(name))))
			var buf game.ActionBuffer
			repeats := 0
			defer func() { t.Logf("%d of %d games ended by a repetition", repeats, games) }()
			for n := 0; n < games; n++ {
				s := randomStart(g, rng)
				p := refFromState(&s)
				for step := 0; ; step++ {
					if got, want := g.FormatPosition(&s), refFormat(&p); got != want {
						t.Fatalf("game %d step %d: position %s, reference %s", n, step, got, want)
					}
					moves, end := refLegal(g, p)
					legal := g.LegalActions(&s, &buf)
					if fmt.Sprint(legal) != fmt.Sprint(moves) || int(s.end) != end {
						t.Fatalf("game %d step %d: %s: legal %v end %d, reference %v end %d",
							n, step, g.FormatPosition(&s), legal, s.end, moves, end)
					}
					if end == endRepeat {
						repeats++
					}
					if len(moves) == 0 {
						break
					}
					if s.HistoryLen() != len(p.seen) {
						t.Fatalf("game %d step %d: %s: %d positions remembered, reference %d",
							n, step, g.FormatPosition(&s), s.HistoryLen(), len(p.seen))
					}
					k := moves[rng.IntN(len(moves))]
					g.Apply(&s, game.Action(k))
					p = refApply(g, p, k)
				}
			}
		})
	}
}
