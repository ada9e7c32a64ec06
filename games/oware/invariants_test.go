package oware

import (
	"math/bits"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/search"
)

// uniformIndex is search's mapping of 64 random bits to [0, n).
func uniformIndex(x uint64, n int) int { return int((x >> 32) * uint64(n) >> 32) }

// checkState checks the invariants of one state of g.
func checkState(t *testing.T, g *Game, s *State, prev *State) {
	t.Helper()
	var buf search.ActionBuffer
	pos := g.FormatPosition(s)
	total := int(s.stores[0]) + int(s.stores[1])
	for i := 0; i < NumPits; i++ {
		total += s.Seeds(i)
	}
	if total != TotalSeeds {
		t.Fatalf("%s: %d seeds", pos, total)
	}
	if s.rows[0]>>48 != 0 || s.rows[1]>>48 != 0 {
		t.Fatalf("%s: bytes 6, 7 of a row are not zero: %x %x", pos, s.rows[0], s.rows[1])
	}
	legal := g.LegalActions(s, &buf)
	if (len(legal) == 0) != g.Terminal(s) || (s.end != endNone) != g.Terminal(s) {
		t.Fatalf("%s: %d legal actions, terminal %v, end %d", pos, len(legal), g.Terminal(s), s.end)
	}
	if int(s.quiet) > g.quiet {
		t.Fatalf("%s: quiet above the cap %d", pos, g.quiet)
	}
	for a := 0; a < search.MaxActions; a++ {
		in := false
		for _, b := range legal {
			in = in || int(b) == a
		}
		if g.IsLegal(s, search.Action(a)) != in {
			t.Fatalf("%s: IsLegal(%d) = %v, LegalActions %v", pos, a, !in, legal)
		}
	}
	for _, a := range legal {
		if s.Seeds(int(s.toMove)*PitsPerSide+int(a)) == 0 {
			t.Fatalf("%s: legal action %d plays an empty pit", pos, a)
		}
		text := g.ActionString(s, a)
		b, err := g.ParseAction(s, text)
		if err != nil || b != a {
			t.Fatalf("%s: action %d written %q reads back as %d, %v", pos, a, text, b, err)
		}
	}
	// The notation round-trips the whole state, derived fields included.
	back, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	if back != *s {
		t.Fatalf("%s: reads back as a different state %+v, was %+v", pos, back, *s)
	}
	if back.Hash() != s.Hash() || g.Hash(s) != s.Hash() {
		t.Fatalf("%s: hash differs after a round trip", pos)
	}
	p := g.Points(s)
	if p[0]+p[1] != TotalSeeds {
		t.Fatalf("%s: points %v", pos, p)
	}
	if prev != nil {
		m := prev.toMove
		if s.stores[m] < prev.stores[m] || s.stores[m^1] != prev.stores[m^1] {
			t.Fatalf("%s after %s: stores went wrong", pos, g.FormatPosition(prev))
		}
		captured := s.stores[m] != prev.stores[m]
		if captured != (s.quiet == 0) || (!captured && s.quiet != prev.quiet+1) {
			t.Fatalf("%s after %s: quiet count went wrong", pos, g.FormatPosition(prev))
		}
		if s.toMove == m && !(g.grandSlam == GrandSlamSowAgain && captured && s.rows[m^1] == 0) {
			t.Fatalf("%s after %s: the same side moves again", pos, g.FormatPosition(prev))
		}
	}
	if g.Terminal(s) {
		w, margin := g.Result(s)
		switch {
		case p[0] > p[1] && (w != 0 || margin != p[0]-p[1]),
			p[1] > p[0] && (w != 1 || margin != p[1]-p[0]),
			p[0] == p[1] && (w != -1 || margin != 0):
			t.Fatalf("%s: result %d by %d with points %v", pos, w, margin, p)
		}
		if g.EndReason(s) == "" {
			t.Fatalf("%s: over without a reason", pos)
		}
	} else if g.EndReason(s) != "" {
		t.Fatalf("%s: a reason %q while the game goes on", pos, g.EndReason(s))
	}
}

func TestRandomGameInvariants(t *testing.T) {
	games := 2000
	if testing.Short() {
		games = 200
	}
	for _, name := range ruleSets {
		t.Run(name, func(t *testing.T) {
			g := mustParse(t, name)
			rng := rand.New(rand.NewPCG(5, uint64(len(name))))
			hashes := map[uint64]State{}
			var buf search.ActionBuffer
			for n := 0; n < games; n++ {
				s := randomStart(g, rng)
				var prev *State
				for {
					checkState(t, g, &s, prev)
					key := s
					if old, ok := hashes[s.Hash()]; ok && old != key {
						t.Fatalf("hash collision: %s and %s", g.FormatPosition(&old), g.FormatPosition(&key))
					}
					hashes[s.Hash()] = key
					if g.Terminal(&s) {
						break
					}
					// RandomAction picks LegalActions[uniform(one Uint64)].
					pcg := rand.NewPCG(uint64(n), 77)
					twin := *pcg
					a := g.RandomAction(&s, pcg)
					legal := g.LegalActions(&s, &buf)
					if want := legal[uniformIndex(twin.Uint64(), len(legal))]; a != want {
						t.Fatalf("%s: RandomAction %d, want %d", g.FormatPosition(&s), a, want)
					}
					if pcg.Uint64() != twin.Uint64() {
						t.Fatal("RandomAction drew more than one number")
					}
					before := s
					prev = &before
					g.Apply(&s, legal[rng.IntN(len(legal))])
				}
			}
			t.Logf("%d distinct positions, no hash collision", len(hashes))
		})
	}
}

// TestPlayoutMatchesActions: Playout plays the game that RandomAction-style picks
// (LegalActions[uniform(y)]) make with the numbers of SplitMix64 seeded by one Uint64.
func TestPlayoutMatchesActions(t *testing.T) {
	var buf search.ActionBuffer
	for _, name := range ruleSets {
		g := mustParse(t, name)
		rng := rand.New(rand.NewPCG(9, 9))
		for n := 0; n < 300; n++ {
			s := randomStart(g, rng)
			ref := s
			pcg := rand.NewPCG(uint64(n), 3)
			twin := *pcg
			g.Playout(&s, pcg)
			twin.Uint64() // the number Playout drew
			if pcg.Uint64() != twin.Uint64() {
				t.Fatalf("%s: Playout drew other than one number", name)
			}
			x := rand.NewPCG(uint64(n), 3).Uint64()
			for !g.Terminal(&ref) {
				x += splitMixGamma
				legal := g.LegalActions(&ref, &buf)
				g.Apply(&ref, legal[uniformIndex(splitMix(x), len(legal))])
			}
			if s != ref {
				t.Fatalf("%s: Playout ended in %s, step by step %s", name, g.FormatPosition(&s), g.FormatPosition(&ref))
			}
		}
	}
}

// TestPlayoutUniform: the first move of Playout from the start is uniform over the six
// pits (a chi-square test, fixed seed).
func TestPlayoutUniform(t *testing.T) {
	g := mustParse(t, "oware")
	var counts [PitsPerSide]int
	const n = 60000
	rng := rand.NewPCG(1, 2)
	for i := 0; i < n; i++ {
		s := g.Start()
		x := rng.Uint64() + splitMixGamma
		counts[pick(s.legal, splitMix(x))]++
	}
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - n/6.0
		chi += d * d / (n / 6.0)
	}
	if chi > 20.5 { // p = 0.001 at 5 degrees of freedom
		t.Errorf("first moves %v: chi-square %.1f", counts, chi)
	}
}

// TestRowHelpers checks the byte-parallel helpers on every row of 0..3 seeds a pit
// and on random rows.
func TestRowHelpers(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for n := 0; n < 200000; n++ {
		var pits [6]int
		var w uint64
		for k := range pits {
			if n < 4096 {
				pits[k] = n >> (2 * k) & 3
			} else {
				pits[k] = rng.IntN(TotalSeeds + 1)
				if rng.IntN(2) == 0 {
					pits[k] = rng.IntN(5)
				}
			}
			w |= uint64(pits[k]) << (8 * k)
		}
		var ne, tt, feed uint8
		sum := 0
		for k, v := range pits {
			if v > 0 {
				ne |= 1 << k
			}
			if v == 2 || v == 3 {
				tt |= 1 << k
			}
			if v >= 6-k {
				feed |= 1 << k
			}
			sum += v
		}
		if sum > TotalSeeds {
			continue
		}
		if nonEmpty(w) != ne || twoThree(w) != tt || rowSum(w) != sum ||
			highBits((w+feedAdd)&highs) != feed {
			t.Fatalf("row %v: nonEmpty %06b/%06b twoThree %06b/%06b sum %d/%d feed %06b/%06b", pits,
				nonEmpty(w), ne, twoThree(w), tt, rowSum(w), sum, highBits((w+feedAdd)&highs), feed)
		}
	}
	for m := 0; m < 64; m++ {
		for k := 0; k < bits.OnesCount8(uint8(m)); k++ {
			x := m
			for i := 0; i < k; i++ {
				x &= x - 1
			}
			if int(kth[m][k]) != bits.TrailingZeros8(uint8(x)) {
				t.Fatalf("kth[%06b][%d] = %d", m, k, kth[m][k])
			}
		}
	}
}
