package gametest

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// mancala is a tiny mancala for the suite's own tests of its hash checks and of
// CheckScenarios: three pits a side and a store each, on a ring of eight places
// (South's pits 0-2, South's store 3, North's pits 4-6, North's store 7). A turn
// sows the seeds of one of the mover's pits (a, b, c from the mover's left) one by
// one on the following places, skipping the opponent's store; there are no
// captures and no extra turns. The game ends when the side to move has no seeds or
// after mancalaCap turns; each side's points are its store and the seeds on its
// side. bug names a fault put in on purpose ("" for none):
//
//	mover    the hash leaves out the side to move
//	store    the hash leaves out North's store
//	collide  the hash sees only the sums of the rows (a hash with many collisions)
//	lowbits  the hash's low 20 bits are 0 (a poor index of a transposition table)
//	wrap     North's sowing wraps from its last pit to South's first one place
//	         early, leaving out North's store
type mancala struct{ bug string }

// mancalaState is a position of the tiny mancala.
type mancalaState struct {
	b         [8]int8
	move, ply int8
}

// mancalaCap is the number of turns after which the tiny mancala ends.
const mancalaCap = 40

// mancalaStart is the start position of the tiny mancala.
const mancalaStart = "pits=2.2.2/2.2.2 stores=0,0 move=0 ply=0"

func (g mancala) LegalActions(s *mancalaState, dst *game.ActionBuffer) []game.Action {
	n := 0
	if !g.Terminal(s) {
		for i := range 3 {
			if s.b[4*int(s.move)+i] > 0 {
				dst[n] = game.Action(i)
				n++
			}
		}
	}
	return dst[:n]
}

// next returns the place after i in a sowing of player p.
func (g mancala) next(i, p int) int {
	if g.bug == "wrap" && p == 1 && i == 6 {
		return 0
	}
	i = (i + 1) % 8
	if i == 4*(1-p)+3 {
		i = (i + 1) % 8
	}
	return i
}

func (g mancala) Apply(s *mancalaState, a game.Action) {
	p := int(s.move)
	i := 4*p + int(a)
	seeds := s.b[i]
	s.b[i] = 0
	for ; seeds > 0; seeds-- {
		i = g.next(i, p)
		s.b[i]++
	}
	s.move ^= 1
	s.ply++
}

func (g mancala) ToMove(s *mancalaState) int     { return int(s.move) }
func (g mancala) TurnStart(s *mancalaState) bool { return true }

func (g mancala) Terminal(s *mancalaState) bool {
	p := 4 * int(s.move)
	return s.ply >= mancalaCap || s.b[p]+s.b[p+1]+s.b[p+2] == 0
}

func (g mancala) Result(s *mancalaState) (winner, margin int) {
	p := g.Points(s)
	switch d := p[0] - p[1]; {
	case d > 0:
		return 0, d
	case d < 0:
		return 1, -d
	}
	return -1, 0
}

func (g mancala) Hash(s *mancalaState) uint64 {
	var board uint64
	for i, c := range s.b {
		if g.bug != "store" || i != 7 {
			board |= uint64(c) << (8 * i)
		}
	}
	if g.bug == "collide" {
		board = uint64(s.b[0]+s.b[1]+s.b[2]) | uint64(s.b[4]+s.b[5]+s.b[6])<<8
	}
	rest := uint64(s.ply) << 8
	if g.bug != "mover" {
		rest |= uint64(s.move)
	}
	h := mix(mix(board) ^ rest)
	if g.bug == "lowbits" {
		h <<= 20
	}
	return h
}

// Encoding describes the tiny mancala's encoding: the own pits a..c and the
// other's, 0 to 12 seeds each, the own store and the other's, 0 to 12 each, and the
// turns played, 0 to mancalaCap, one input on each.
func (g mancala) Encoding() game.Encoding {
	return game.Encoding{Name: "mancala-v1", Inputs: 8*13 + mancalaCap + 1, MaxActive: 9}
}

func (g mancala) Encode(s *mancalaState, p int, dst []uint16) []uint16 {
	own, opp := 4*(p&1), 4*((p&1)^1)
	for k, i := range [8]int{own, own + 1, own + 2, opp, opp + 1, opp + 2, own + 3, opp + 3} {
		dst = append(dst, uint16(13*k+int(s.b[i])))
	}
	return append(dst, uint16(8*13+int(s.ply)))
}

func (g mancala) Name() string     { return "mancala" }
func (g mancala) Sides() [2]string { return [2]string{"south", "north"} }

func (g mancala) Start() mancalaState {
	s, err := g.ParsePosition(mancalaStart)
	if err != nil {
		panic(err)
	}
	return s
}

func (g mancala) FormatPosition(s *mancalaState) string {
	b := s.b
	return fmt.Sprintf("pits=%d.%d.%d/%d.%d.%d stores=%d,%d move=%d ply=%d",
		b[0], b[1], b[2], b[4], b[5], b[6], b[3], b[7], s.move, s.ply)
}

// ParsePosition reads a position; unlike a real mancala's, it does not hold the
// number of seeds fixed, so that a single count can change (NumberVariants).
func (g mancala) ParsePosition(text string) (mancalaState, error) {
	var s mancalaState
	var c [8]int
	var move, ply int
	if _, err := fmt.Sscanf(text, "pits=%d.%d.%d/%d.%d.%d stores=%d,%d move=%d ply=%d",
		&c[0], &c[1], &c[2], &c[4], &c[5], &c[6], &c[3], &c[7], &move, &ply); err != nil {
		return s, err
	}
	for i, v := range c {
		if v < 0 || v > 99 {
			return s, fmt.Errorf("%q: a count of %d", text, v)
		}
		s.b[i] = int8(v)
	}
	if move != 0 && move != 1 || ply < 0 || ply > mancalaCap {
		return s, fmt.Errorf("%q: move=%d ply=%d", text, move, ply)
	}
	s.move, s.ply = int8(move), int8(ply)
	if g.FormatPosition(&s) != text {
		return s, fmt.Errorf("%q: not in canonical form", text)
	}
	return s, nil
}

func (g mancala) AppendAction(dst []byte, s *mancalaState, a game.Action) []byte {
	return append(dst, 'a'+a)
}

func (g mancala) Points(s *mancalaState) [2]int {
	var p [2]int
	for side := range 2 {
		for i := range 4 {
			p[side] += int(s.b[4*side+i])
		}
	}
	return p
}

func (g mancala) EndReason(s *mancalaState) string {
	switch {
	case !g.Terminal(s):
		return ""
	case s.ply >= mancalaCap:
		return "move cap"
	}
	return g.Sides()[s.move] + " has no seeds"
}

func (g mancala) TieBreak(s *mancalaState) bool { return false }
func (g mancala) About() game.About             { return game.About{Summary: "a tiny mancala"} }

var _ game.Game[mancalaState] = mancala{}

// mancalaVariants returns the neighbours of a tiny mancala position: the other side
// to move, and each count (pits, stores, turns) one more or one less.
func mancalaVariants(s *mancalaState) []mancalaState {
	g := mancala{}
	text := g.FormatPosition(s)
	return ParseVariants[mancalaState](g, append(FieldVariants(text, "move", "0", "1"),
		NumberVariants(text, "pits", "stores", "ply")...))
}

// mancalaScenarios are the tiny mancala's rulings, worked out by hand (South's
// pits are 0-2, its store 3, North's pits 4-6, its store 7).
var mancalaScenarios = []Scenario{
	{
		// South a: 0's 2 seeds go to 1 and 2.
		Name: "south sows", Turn: "a",
		Want: "pits=0.3.3/2.2.2 stores=0,0 move=1 ply=1",
	},
	{
		// South c: 2's 2 seeds go to South's store and North's a.
		Name: "south sows into its store", Turn: "c",
		Want: "pits=2.2.0/3.2.2 stores=1,0 move=1 ply=1",
	},
	{
		// South c: 2's 6 seeds go to South's store, North's a-c and, North's store
		// skipped, South's a and b.
		Name: "south skips north's store", Position: "pits=1.1.6/1.1.1 stores=0,1 move=0 ply=2", Turn: "c",
		Want: "pits=2.2.0/2.2.2 stores=1,1 move=1 ply=3",
	},
	{
		// Two turns: South a as above, then North a: 4's 2 seeds go to 5 and 6.
		Name: "north sows", Turn: "a a",
		Want: "pits=0.3.3/0.3.3 stores=0,0 move=0 ply=2",
	},
	{
		// North c: 6's 3 seeds go to North's store, then round the end of the ring
		// to South's a and b.
		Name: "north wraps round the board", Position: "pits=2.2.2/2.1.3 stores=0,0 move=1 ply=4", Turn: "c",
		Want: "pits=3.3.2/2.1.0 stores=0,1 move=0 ply=5",
	},
	{
		// North a: 4's 6 seeds go to 5, 6, North's store, South's a-c; South's store
		// is skipped.
		Name: "north wraps and skips south's store", Position: "pits=1.1.1/6.1.1 stores=0,1 move=1 ply=7", Turn: "a",
		Want: "pits=2.2.2/0.2.2 stores=0,2 move=0 ply=8",
	},
	{
		// North c: the last seed goes to North's store; South, to move, has none.
		Name: "the end", Position: "pits=0.0.0/0.0.1 stores=6,5 move=1 ply=12", Turn: "c",
		Want: "pits=0.0.0/0.0.0 stores=6,6 move=0 ply=13", End: "south has no seeds",
	},
	{
		// South's a is empty.
		Name: "an empty pit", Position: "pits=0.3.3/2.2.2 stores=0,0 move=0 ply=1", Turn: "a",
		Err: []string{"legal turn"},
	},
}

func TestMancalaConforms(t *testing.T) {
	Run(t, mancala{}, Options[mancalaState]{Variants: mancalaVariants, PerftDepth: 3})
	CheckScenarios(t, mancala{}, mancalaScenarios)
}

// TestSuiteFindsMancalaFaults runs the parts of the suite on the tiny mancala with
// each fault: the part that must find it reports it (the other parts of the suite
// may be skipped, to show that this one finds it alone).
func TestSuiteFindsMancalaFaults(t *testing.T) {
	for _, tc := range []struct {
		bug  string
		skip Part
		want string // in one of the errors
	}{
		{"mover", HashCollisions, "have the same hash"},
		{"store", HashCollisions, "have the same hash"},
		{"collide", HashSensitivity, "share their hash with another"},
		{"lowbits", HashSensitivity, "distinct values of their hashes' low 20 bits"},
		{"wrap", 0, "want pits="},
	} {
		t.Run(tc.bug, func(t *testing.T) {
			g := mancala{bug: tc.bug}
			x := newSuite(g, Options[mancalaState]{Variants: mancalaVariants, Skip: tc.skip})
			r := &recorder{TB: t}
			for _, part := range []func(testing.TB){x.basics, x.randomGames, x.perft} {
				r.run(part)
			}
			r.run(func(t testing.TB) { CheckScenarios(t, g, mancalaScenarios) })
			found := false
			for _, e := range r.errors {
				found = found || strings.Contains(e, tc.want)
			}
			if !found {
				t.Errorf("no error says %q; the errors: %q", tc.want, r.errors)
			}
		})
	}
}

// TestSuiteWithoutVariants: the suite asks for Options.Variants unless
// HashSensitivity is skipped.
func TestSuiteWithoutVariants(t *testing.T) {
	x := newSuite[mancalaState](mancala{}, Options[mancalaState]{Games: 2})
	r := &recorder{TB: t}
	r.run(x.randomGames)
	if len(r.errors) == 0 || !strings.Contains(r.errors[0], "Options.Variants is nil") {
		t.Errorf("errors %q, want one asking for Options.Variants", r.errors)
	}
	Run(t, mancala{}, Options[mancalaState]{Games: 2, Skip: HashSensitivity})
}

// TestLowCollisionLimit checks the expected number of low-bit collisions against
// its series n²/2m - n³/6m² + n⁴/24m³, and the limit against hashes: well mixed ones
// pass it, ones whose low 20 bits carry 18 bits of information fail it.
func TestLowCollisionLimit(t *testing.T) {
	const m = 1 << lowBits
	for _, n := range []float64{10, 1000, 30_000, 100_000} {
		series := n*n/(2*m) - n*n*n/(6*m*m) + n*n*n*n/(24*m*m*m)
		if e := expectedLowCollisions(int(n)); math.Abs(e-series) > 0.01*series+0.01 {
			t.Errorf("n=%v: %v expected collisions, the series gives %v", n, e, series)
		}
	}
	for _, tc := range []struct {
		name string
		mask uint64
		pass bool
	}{
		{"mixed", 1<<lowBits - 1, true},
		{"18 bits", 1<<lowBits - 1 - 3<<7, false},
	} {
		for _, n := range []int{30_000, 100_000} {
			low := map[uint64]bool{}
			for i := range n {
				low[mix(uint64(i))&tc.mask] = true
			}
			if pass := n-len(low) <= lowCollisionLimit(n); pass != tc.pass {
				t.Errorf("%s, n=%d: %d collisions, limit %d: pass %v, want %v", tc.name, n, n-len(low), lowCollisionLimit(n), pass, tc.pass)
			}
		}
	}
}
