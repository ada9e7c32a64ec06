package oware

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"

	"github.com/colony-ai/colony/games/internal/splitmix"
)

// checkState checks the invariants of one state of g. It returns the positions of the
// history of s, replayed (historyPositions).
func checkState(t *testing.T, g *Game, s *State, prev *State) []histPos {
	t.Helper()
	var buf game.ActionBuffer
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
	for a := 0; a < game.MaxActions; a++ {
		in := false
		for _, b := range legal {
			in = in || int(b) == a
		}
		if g.IsLegal(s, game.Action(a)) != in {
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
	history := checkHistory(t, g, s, prev)
	// The notation round-trips the position; the parsed state remembers only itself,
	// so a game ended by a repetition reads back as one that goes on (or ends by the
	// quiet cap). A state that remembers only itself round-trips whole, derived fields
	// and hash included.
	back, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatalf("%s: %v", pos, err)
	}
	if back.rows != s.rows || back.stores != s.stores || back.toMove != s.toMove || back.quiet != s.quiet {
		t.Fatalf("%s: reads back as a different position %+v", pos, back)
	}
	switch {
	case s.end == endRepeat:
		if back.end != endNone && back.end != endQuiet {
			t.Fatalf("%s: over by a repetition, reads back as over by %d", pos, back.end)
		}
	case s.nmoves == 0 && back != *s:
		t.Fatalf("%s: reads back as a different state %+v, was %+v", pos, back, *s)
	case back.legal != s.legal || back.end != s.end:
		t.Fatalf("%s: reads back with legal %06b end %d, was %06b end %d", pos, back.legal, back.end, s.legal, s.end)
	}
	if (back.Hash() == s.Hash()) != (back == *s) || g.Hash(s) != s.Hash() {
		t.Fatalf("%s: hash after a round trip: equal %v, states equal %v", pos, back.Hash() == s.Hash(), back == *s)
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
	return history
}

// histPos is a position of a history: its pits in sowing order and its mover.
type histPos struct {
	pits  [NumPits]int
	mover int
}

// historyPositions replays the history of s with the reference's moves (ref_test.go)
// from its first position: the positions it remembers, in the order played, and what
// is wrong if a replayed move captured (it must not), played an empty pit or a pit
// number above 5, or was followed by the same mover.
func historyPositions(g *Game, s *State) (pos []histPos, bad string) {
	var p refPos
	first := State{head: head{rows: s.first}}
	for i := range p.pits {
		p.pits[i] = first.Seeds(i)
	}
	n := int(s.nmoves)
	current := n // the index of the current position
	if s.end == endRepeat {
		current = n + 1 // the position that repeated is not recorded
	}
	p.mover = int(s.toMove) ^ current&1
	pos = make([]histPos, 1, n+1)
	pos[0] = histPos{p.pits, p.mover}
	for j := 0; j < n; j++ {
		k := int(s.moves[j/16] >> (4 * (j % 16)) & 15)
		if k > 5 || p.pits[p.mover*6+k] == 0 {
			return pos, fmt.Sprintf("move %d plays pit %d of %v", j, k, p.pits)
		}
		q, _, _, _ := refMove(g, p, k, false)
		if q.stores != p.stores {
			return pos, fmt.Sprintf("move %d captures", j)
		}
		if q.mover == p.mover {
			return pos, fmt.Sprintf("move %d is followed by the same mover", j)
		}
		p = q
		pos = append(pos, histPos{p.pits, p.mover})
	}
	return pos, ""
}

// refRows returns the rows of the pits of p.
func refRows(p *histPos) [2]uint64 {
	var rows [2]uint64
	for i, c := range p.pits {
		rows[i/6] |= uint64(c) << (8 * (i % 6))
	}
	return rows
}

// checkHistory checks the history of s (the repetition rule's memory), and against
// prev, the state before the move to s, if any; it returns the history's positions.
func checkHistory(t *testing.T, g *Game, s *State, prev *State) []histPos {
	t.Helper()
	n := int(s.nmoves)
	if n > int(s.quiet) || n > MaxHistory {
		t.Fatalf("%+v: %d moves remembered with quiet %d", *s, n, s.quiet)
	}
	if s.key != keyOf(&s.rows) {
		t.Fatalf("%+v: the key is not the position's", *s)
	}
	for w, x := range s.moves {
		if lo := 16 * w; (lo >= n && x != 0) || (lo < n && n < lo+16 && x>>(4*(n-lo)) != 0) {
			t.Fatalf("%+v: moves past the history are not zero (word %d)", *s, w)
		}
	}
	pos, bad := historyPositions(g, s)
	if bad != "" {
		t.Fatalf("%+v: replaying the history: %s", *s, bad)
	}
	var digest uint64
	var bloom [bloomWords]uint64
	keys := make([]uint64, len(pos))
	for i := range pos {
		rows := refRows(&pos[i])
		keys[i] = keyOf(&rows)<<1 | uint64(pos[i].mover) // keys are below 2^63
		d := digestTerm(keyOf(&rows), uint8(pos[i].mover))
		digest ^= d
		w, b := bloomBits(d)
		bloom[w] |= b
	}
	slices.Sort(keys) // keys are exact among positions with the same seeds on the board
	for i := 1; i < len(keys); i++ {
		if keys[i] == keys[i-1] {
			t.Fatalf("%+v: a position repeats in the history", *s)
		}
	}
	if digest != s.digest {
		t.Fatalf("%+v: digest is not the XOR of the history", *s)
	}
	if bloom != s.bloom {
		t.Fatalf("%+v: the filter is not that of the history", *s)
	}
	var cur histPos
	for i := range cur.pits {
		cur.pits[i] = s.Seeds(i)
	}
	cur.mover = int(s.toMove)
	last := pos[len(pos)-1]
	if s.end == endRepeat {
		in := false
		for _, p := range pos {
			in = in || (p.pits == cur.pits && p.mover == cur.mover)
		}
		if !in || last.mover == cur.mover {
			t.Fatalf("%+v: over by a repetition, but the position is not among the earlier ones", *s)
		}
	} else if last.pits != cur.pits || last.mover != cur.mover {
		t.Fatalf("%+v: the last position remembered is not the current one", *s)
	}
	if prev != nil && s.quiet != 0 {
		if s.first != prev.first {
			t.Fatalf("%+v after %+v: the history's first position changed", *s, *prev)
		}
		grew := 1
		if s.end == endRepeat {
			grew = 0
		}
		if n != int(prev.nmoves)+grew {
			t.Fatalf("%+v after %+v: the history did not grow by %d", *s, *prev, grew)
		}
		for j := 0; j < int(prev.nmoves); j++ {
			if s.moves[j/16]>>(4*(j%16))&15 != prev.moves[j/16]>>(4*(j%16))&15 {
				t.Fatalf("%+v after %+v: the history changed", *s, *prev)
			}
		}
	}
	if prev != nil && s.quiet == 0 && (n != 0 || s.first != s.rows) {
		t.Fatalf("%+v: a capture did not clear the history", *s)
	}
	return pos
}

// futureKey writes what decides the future of s: its position, its end and the set
// of positions it remembers (pos, in any order).
func futureKey(g *Game, s *State, pos []histPos) string {
	keys := make([]uint64, len(pos))
	for i := range pos {
		rows := refRows(&pos[i])
		keys[i] = keyOf(&rows)<<1 | uint64(pos[i].mover) // keys are below 2^63
	}
	slices.Sort(keys)
	b := fmt.Appendf(nil, "%s %d", g.FormatPosition(s), s.end)
	for _, k := range keys {
		b = binary.LittleEndian.AppendUint64(b, k)
	}
	return string(b)
}

func TestRandomGameInvariants(t *testing.T) {
	games := 2000 // with the build tag long; the default run plays the first 200
	if testing.Short() || !longTests {
		games = 200
	}
	for _, name := range ruleSets {
		t.Run(name, func(t *testing.T) {
			g := mustParse(t, name)
			rng := rand.New(rand.NewPCG(5, uint64(len(name))))
			hashes := map[uint64]string{}
			var buf game.ActionBuffer
			for n := 0; n < games; n++ {
				s := randomStart(g, rng)
				var prev *State
				for {
					key := futureKey(g, &s, checkState(t, g, &s, prev))
					if old, ok := hashes[s.Hash()]; ok && old != key {
						t.Fatalf("hash collision: %s and %s", old, key)
					}
					hashes[s.Hash()] = key
					if g.Terminal(&s) {
						break
					}
					// RandomAction picks LegalActions[splitmix.Uniform(one Uint64)].
					pcg := rand.NewPCG(uint64(n), 77)
					twin := *pcg
					a := g.RandomAction(&s, pcg)
					legal := g.LegalActions(&s, &buf)
					if want := legal[splitmix.Uniform(twin.Uint64(), len(legal))]; a != want {
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
// (LegalActions[splitmix.Uniform(y)]) make with the numbers of SplitMix64 seeded by one Uint64.
func TestPlayoutMatchesActions(t *testing.T) {
	var buf game.ActionBuffer
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
				x += splitmix.Gamma
				legal := g.LegalActions(&ref, &buf)
				g.Apply(&ref, legal[splitmix.Uniform(splitmix.Mix(x), len(legal))])
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
		x := rng.Uint64() + splitmix.Gamma
		counts[pick(s.legal, splitmix.Mix(x))]++
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

// TestHashHistory: the hash tells apart the same position with different histories
// (their futures differ), and a game ended by a repetition from the same position
// going on.
func TestHashHistory(t *testing.T) {
	g := mustParse(t, "oware")
	sc := gameScenarios[0] // the two seeds chasing each other
	s := mustParsePos(t, g, sc.pos)
	var states []State
	for _, m := range strings.Fields(sc.moves) {
		a, err := g.ParseAction(&s, m)
		if err != nil {
			t.Fatal(err)
		}
		g.Apply(&s, a)
		states = append(states, s)
	}
	for i, s := range states {
		back := mustParsePos(t, g, g.FormatPosition(&s))
		if back.Hash() == s.Hash() {
			t.Errorf("move %d: %s has the hash of the same position without history", i+1, g.FormatPosition(&s))
		}
	}
	// The last state ended by the repetition. The same position, quiet count and set
	// of remembered positions can belong to a game that goes on (reached by another
	// way through the same positions); its hash must differ.
	last := states[len(states)-1]
	if last.end != endRepeat {
		t.Fatalf("not over by a repetition: %s", g.EndReason(&last))
	}
	twin := last
	twin.end, twin.legal = endNone, nonEmpty(twin.rows[twin.toMove])
	if twin.Hash() == last.Hash() {
		t.Error("a game over by a repetition has the hash of the same position going on")
	}
}

// TestGammaInverse: gammaInverse is the inverse of splitmix.Gamma modulo 2^64, so
// PlayoutSeed counts its moves from the generator's counter.
func TestGammaInverse(t *testing.T) {
	g, inv := uint64(splitmix.Gamma), uint64(gammaInverse)
	if x := g * inv; x != 1 {
		t.Fatalf("Gamma*gammaInverse = %#x, want 1", x)
	}
}
