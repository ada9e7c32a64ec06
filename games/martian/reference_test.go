package martian

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// ref is a plain implementation of the rules, piece by piece on slices, to check the
// packed one against: ring places 0..2N+1 (South a..N, South's mancala, North a..N,
// North's mancala), each a slice of pips from the bottom piece to the top one.
type ref struct {
	n, capK, maxLaps int
	places           [][]int
	toMove, ply      int
	over             bool
}

func newRef(g *Game) *ref {
	r := &ref{n: g.n, capK: g.capK, maxLaps: g.maxLaps, places: make([][]int, 2*g.n+2)}
	for p := range r.places {
		if p != g.n && p != 2*g.n+1 {
			for i := len(g.stack) - 1; i >= 0; i-- {
				r.places[p] = append(r.places[p], int(g.stack[i]))
			}
		}
	}
	return r
}

func (r *ref) clone() *ref {
	c := *r
	c.places = make([][]int, len(r.places))
	for i, p := range r.places {
		c.places[i] = slices.Clone(p)
	}
	return &c
}

func (r *ref) store(p int) int { return p*(r.n+1) + r.n }

func (r *ref) legal() []int {
	var out []int
	for i := 0; i < r.n && !r.over; i++ {
		if len(r.places[r.toMove*(r.n+1)+i]) > 0 {
			out = append(out, i)
		}
	}
	return out
}

// move plays space a of the player to move, as RULES.md says.
func (r *ref) move(a int) {
	p := r.toMove
	ring := len(r.places)
	origin := p*(r.n+1) + a
	hand := r.places[origin] // bottom .. top
	r.places[origin] = nil
	pos, bonus := origin, false
	for laps := 0; ; laps++ {
		wasEmpty := false
		for k := len(hand) - 1; k >= 0; k-- { // the top piece first
			pos = (pos + hand[k]) % ring
			wasEmpty = len(r.places[pos]) == 0
			r.places[pos] = append(r.places[pos], hand[k])
		}
		if pos == r.store(p) {
			bonus = true
			break
		}
		if pos == r.store(1-p) || pos == origin || wasEmpty || laps >= r.maxLaps {
			break
		}
		hand = r.places[pos]
		r.places[pos] = nil
	}
	r.ply++
	if !bonus {
		r.toMove = 1 - p
	}
	empty := [2]bool{true, true}
	for q := 0; q < 2; q++ {
		for i := 0; i < r.n; i++ {
			if len(r.places[q*(r.n+1)+i]) > 0 {
				empty[q] = false
			}
		}
	}
	if empty[0] || empty[1] || r.ply >= r.capK {
		r.over, r.toMove = true, 1-p
	}
}

// format writes the position in the notation of FormatPosition.
func (r *ref) format() string {
	var sb strings.Builder
	sb.WriteString("pits=")
	for q := 0; q < 2; q++ {
		if q == 1 {
			sb.WriteByte('/')
		}
		for i := 0; i < r.n; i++ {
			if i > 0 {
				sb.WriteByte('.')
			}
			st := r.places[q*(r.n+1)+i]
			if len(st) == 0 {
				sb.WriteByte('-')
			}
			for k := len(st) - 1; k >= 0; k-- {
				sb.WriteByte(byte('0' + st[k]))
			}
		}
	}
	sb.WriteString(" stores=")
	for q := 0; q < 2; q++ {
		if q == 1 {
			sb.WriteByte(',')
		}
		st := slices.Clone(r.places[r.store(q)])
		slices.Sort(st)
		slices.Reverse(st)
		if len(st) == 0 {
			sb.WriteByte('-')
		}
		for _, v := range st {
			sb.WriteByte(byte('0' + v))
		}
	}
	fmt.Fprintf(&sb, " move=%s ply=%d", [2]string{"south", "north"}[r.toMove], r.ply)
	return sb.String()
}

// TestAgainstReference plays random games with both implementations and compares
// every position, the legal moves and the end.
func TestAgainstReference(t *testing.T) {
	games := 3000 // with the build tag long; the first 750 by default
	switch {
	case testing.Short():
		games = 300
	case !longTests:
		games = 750
	}
	for _, params := range []string{"", "8x3321", "3x21,cap=80", "2x321", "1x3", "4x1,cap=50", "5x2"} {
		g, err := New(params)
		if err != nil {
			t.Fatal(err)
		}
		var buf game.ActionBuffer
		for i := 0; i < games; i++ {
			rng := rand.New(rand.NewPCG(7, uint64(i)))
			s, r := g.Start(), newRef(g)
			for {
				if got, want := g.FormatPosition(&s), r.format(); got != want {
					t.Fatalf("%s game %d: position\n got %s\nwant %s", g.Name(), i, got, want)
				}
				legal := g.LegalActions(&s, &buf)
				want := r.legal()
				if len(legal) != len(want) || s.Over() != r.over {
					t.Fatalf("%s game %d %q: legal %v over %v, want %v over %v", g.Name(), i, g.FormatPosition(&s), legal, s.Over(), want, r.over)
				}
				if s.Over() {
					break
				}
				k := rng.IntN(len(legal))
				g.Apply(&s, legal[k])
				r.move(want[k])
			}
		}
	}
}

// TestLapCap: a turn stops after maxLaps laps, the last piece staying where it fell.
func TestLapCap(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	// South b of 321 from the start (the second scenario of TestScenarios): 3 to e,
	// 2 into South's mancala, 1 onto North a (occupied).
	for laps, want := range []string{
		// No lap: the 1 stays on top of North a, North moves.
		"pits=321.-.321.321.3321.321/1321.321.321.321.321.321 stores=2,- move=north ply=1",
		// One lap, of North a's 1321: 1 to North b, 3 to North e, 2 into North's
		// mancala, 1 onto South a (occupied): it stays there.
		"pits=1321.-.321.321.3321.321/-.1321.321.321.3321.321 stores=2,2 move=north ply=1",
		// Two laps: the whole turn.
		"pits=-.1.321.321.33321.321/1.1321.321.321.3321.321 stores=22,2 move=north ply=1",
	} {
		g.maxLaps = laps
		s := g.Start()
		g.Apply(&s, 1)
		if got := g.FormatPosition(&s); got != want {
			t.Errorf("maxLaps %d:\n got %s\nwant %s", laps, got, want)
		}
	}
}

// TestU128: the shifts and masks of the 128-bit stacks at every width.
func TestU128(t *testing.T) {
	x := u128{0x0123456789abcdef, 0xfedcba9876543210}
	for n := uint(0); n <= 128; n++ {
		var bits [128]bool
		for i := 0; i < 128; i++ {
			if i < 64 {
				bits[i] = x.lo>>uint(i)&1 != 0
			} else {
				bits[i] = x.hi>>uint(i-64)&1 != 0
			}
		}
		get := func(y u128, i int) bool {
			if i < 64 {
				return y.lo>>uint(i)&1 != 0
			}
			return y.hi>>uint(i-64)&1 != 0
		}
		l, r, m := x.shl(n), x.shr(n), x.low(n)
		for i := 0; i < 128; i++ {
			wl := i >= int(n) && bits[i-int(n)]
			wr := i+int(n) < 128 && bits[i+int(n)]
			wm := i < int(n) && bits[i]
			if get(l, i) != wl || get(r, i) != wr || get(m, i) != wm {
				t.Fatalf("n=%d bit %d: shl %v shr %v low %v, want %v %v %v", n, i, get(l, i), get(r, i), get(m, i), wl, wr, wm)
			}
		}
	}
	var s u128
	for k := 0; k < 64; k++ {
		s = s.push(uint8(k%3 + 1))
		if s.height() != uint(k+1) {
			t.Fatalf("height %d after %d pushes", s.height(), k+1)
		}
	}
	for k := 63; k >= 0; k-- {
		var pip uint8
		pip, s = s.pop()
		if pip != uint8(k%3+1) {
			t.Fatalf("pop %d: %d, want %d", k, pip, k%3+1)
		}
	}
	if !s.zero() {
		t.Fatal("not empty after popping every piece")
	}
}

// refPerft counts turn sequences on the reference implementation.
func refPerft(r *ref, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	var n uint64
	for _, a := range r.legal() {
		c := r.clone()
		c.move(a)
		n += refPerft(c, depth-1)
	}
	return n
}

// TestReferencePerft: the reference implementation gives the pinned perft of the
// start (perft_test.go) up to depth 6.
func TestReferencePerft(t *testing.T) {
	g, err := New("")
	if err != nil {
		t.Fatal(err)
	}
	for d, want := range []uint64{1, 6, 35, 174, 836, 4018, 19155} {
		if got := refPerft(newRef(g), d); got != want {
			t.Errorf("reference perft(%d) = %d, want %d", d, got, want)
		}
	}
}
