package gametest

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/game"
)

// The HashSensitivity and HashCollisions parts of the suite, and the helpers that
// build a game's Options.Variants from its position notation.

// lowBits is the number of low bits of a hash whose spread HashCollisions checks:
// the index bits of a transposition table of a million entries.
const lowBits = 20

// hashes collects the distinct positions of the random games (distinct by their
// notation) for HashCollisions; a nil *hashes collects nothing.
type hashes struct {
	// texts maps a position's notation to its hash (the first one seen: a notation
	// that leaves out part of the state, see Options.SamePosition, may come with
	// several).
	texts map[string]uint64
	// owner maps a hash to the notation of the first position that had it.
	owner map[uint64]string
	// collisions counts the pairs reported.
	collisions int
}

// newHashes returns a collector, or nil when on is false.
func newHashes(on bool) *hashes {
	if !on {
		return nil
	}
	return &hashes{texts: map[string]uint64{}, owner: map[uint64]string{}}
}

// add records the position written text, with hash h, and reports it when another
// position had h.
func (hs *hashes) add(r *reporter, h uint64, text string, w fmt.Stringer) {
	if hs == nil {
		return
	}
	if _, seen := hs.texts[text]; seen {
		return
	}
	hs.texts[text] = h
	if other, ok := hs.owner[h]; ok {
		if hs.collisions++; hs.collisions <= 3 {
			r.errorf("%v: the positions %q and %q have the same hash %#x: a 64-bit collision has a chance of about n²/2^65 among n positions",
				w, other, text, h)
		}
		return
	}
	hs.owner[h] = text
}

// check reports the number of 64-bit collisions found, and low bits of the
// hashes that take far fewer values than uniform hashing would give them.
func (hs *hashes) check(r *reporter) {
	if hs == nil {
		return
	}
	n := len(hs.texts)
	if hs.collisions > 0 {
		r.errorf("%d of the %d distinct positions of the random games share their hash with another", hs.collisions, n)
		return
	}
	low := make(map[uint64]bool, n)
	for _, h := range hs.texts {
		low[h&(1<<lowBits-1)] = true
	}
	r.t.Logf("%d distinct positions, no hash collision; %d collisions of the low %d bits (uniform hashing: %.1f)",
		n, n-len(low), lowBits, expectedLowCollisions(n))
	if got, limit := n-len(low), lowCollisionLimit(n); got > limit {
		r.errorf("the %d distinct positions of the random games have %d distinct values of their hashes' low %d bits: %d collisions, where uniform hashing gives %.0f on average (at most %d accepted)",
			n, len(low), lowBits, got, expectedLowCollisions(n), limit)
	}
}

// expectedLowCollisions is the expected number of n positions whose low bits are
// those of an earlier one under uniform hashing: n less the expected number of
// values taken, m(1-(1-1/m)^n) with m = 2^lowBits.
func expectedLowCollisions(n int) float64 {
	m := float64(1 << lowBits)
	return float64(n) + m*math.Expm1(float64(n)*math.Log1p(-1/m))
}

// lowCollisionLimit is the most low-bit collisions accepted among n positions: the
// expectation plus 8 of its standard deviations (at most the square root of the
// expectation: the count is nearly Poisson) plus 8, a bound that uniform hashing
// passes but for a chance of about 1e-15, while a hash whose low bits carry two bits
// less than 20 fails it once n is in the tens of thousands (and one whose low bits
// carry far less, from a few hundred positions on).
func lowCollisionLimit(n int) int {
	e := expectedLowCollisions(n)
	return int(math.Ceil(e + 8*math.Sqrt(e) + 8))
}

// hashSensitivity checks that the neighbours of s (Options.Variants) and s, read
// back from its notation, have different hashes when their notations differ; it
// returns the number of neighbours checked.
func (x *suite[S]) hashSensitivity(r *reporter, s *S, w where[S]) int {
	g := x.g
	base, err := g.ParsePosition(g.FormatPosition(s))
	if err != nil {
		return 0 // reported by the round trip
	}
	text := g.FormatPosition(&base)
	owner := map[uint64]string{g.Hash(&base): text}
	texts := map[string]bool{text: true}
	n := 0
	for _, v := range x.o.Variants(s) {
		vt := g.FormatPosition(&v)
		if texts[vt] {
			continue
		}
		texts[vt] = true
		n++
		h := g.Hash(&v)
		if other, ok := owner[h]; ok {
			r.errorf("%v: the neighbours %q and %q (Options.Variants) have the same hash %#x: the hash leaves out a part in which they differ",
				w, other, vt, h)
			continue
		}
		owner[h] = vt
	}
	return n
}

// ParseVariants reads texts, positions in g's notation, and returns those that
// ParsePosition accepts: the neighbours of a position for Options.Variants, written
// by FieldVariants, NumberVariants, MoveVariants or SwapVariants.
func ParseVariants[S any](g game.Game[S], texts []string) []S {
	var out []S
	for _, t := range texts {
		if s, err := g.ParsePosition(t); err == nil {
			out = append(out, s)
		}
	}
	return out
}

// field finds the field key=VALUE of a position line whose fields are separated by
// spaces, and returns the offsets of VALUE in text.
func field(text, key string) (start, end int, ok bool) {
	for i := 0; i < len(text); {
		j := strings.IndexByte(text[i:], ' ')
		if j < 0 {
			j = len(text) - i
		}
		if f := text[i : i+j]; strings.HasPrefix(f, key+"=") {
			return i + len(key) + 1, i + j, true
		}
		i += j + 1
	}
	return 0, 0, false
}

// item is an item of a field's value: the text between the separators '.', '/'
// and ',', at offsets [start, end) of the line.
type item struct{ start, end int }

// items returns the items of the values of the fields keys of text, in the order
// of keys.
func items(text string, keys ...string) []item {
	var out []item
	for _, key := range keys {
		start, end, ok := field(text, key)
		if !ok {
			continue
		}
		from := start
		for i := start; i <= end; i++ {
			if i == end || strings.IndexByte("./,", text[i]) >= 0 {
				out = append(out, item{from, i})
				from = i + 1
			}
		}
	}
	return out
}

// count returns the number an item holds, or -1 when it is not a decimal count.
func (it item) count(text string) int {
	v, err := strconv.Atoi(text[it.start:it.end])
	if err != nil || v < 0 || strconv.Itoa(v) != text[it.start:it.end] {
		return -1
	}
	return v
}

// replace returns text with the items its replaced by their new texts.
func replace(text string, its []item, news []string) string {
	var sb strings.Builder
	at := 0
	for k, it := range its {
		sb.WriteString(text[at:it.start])
		sb.WriteString(news[k])
		at = it.end
	}
	sb.WriteString(text[at:])
	return sb.String()
}

// FieldVariants returns text, a position line of space-separated fields KEY=VALUE,
// with the value of the field key replaced by each of values in turn (the field's
// own value left out): the side to move (FieldVariants(text, "move", "south",
// "north")), a flag. None when text has no field key.
func FieldVariants(text, key string, values ...string) []string {
	start, end, ok := field(text, key)
	if !ok {
		return nil
	}
	var out []string
	for _, v := range values {
		if v != text[start:end] {
			out = append(out, text[:start]+v+text[end:])
		}
	}
	return out
}

// NumberVariants returns text with each count in the values of the fields keys
// (the items between '.', '/' and ',' that are decimal numbers) one more, and one
// less where it is positive, one count at a time: for counts that change alone (a
// counter of moves, a count the notation does not tie to the others).
func NumberVariants(text string, keys ...string) []string {
	var out []string
	for _, it := range items(text, keys...) {
		v := it.count(text)
		if v < 0 {
			continue
		}
		for _, d := range []int{1, -1} {
			if v+d >= 0 {
				out = append(out, replace(text, []item{it}, []string{strconv.Itoa(v + d)}))
			}
		}
	}
	return out
}

// MoveVariants returns text with one piece moved from each positive count of the
// values of the fields keys (taken in the order of keys as one list, the pits and
// the stores say) to the next count and to the previous one (the list read as a
// ring): for counts whose sum the notation fixes, where no count changes alone.
func MoveVariants(text string, keys ...string) []string {
	its := items(text, keys...)
	var counts []item
	for _, it := range its {
		if it.count(text) >= 0 {
			counts = append(counts, it)
		}
	}
	n := len(counts)
	var out []string
	for k, it := range counts {
		v := it.count(text)
		if v == 0 || n < 2 {
			continue
		}
		for _, d := range []int{1, n - 1} {
			o := counts[(k+d)%n]
			if o == it {
				continue
			}
			pair := []item{it, o}
			news := []string{strconv.Itoa(v - 1), strconv.Itoa(o.count(text) + 1)}
			if o.start < it.start {
				pair[0], pair[1] = pair[1], pair[0]
				news[0], news[1] = news[1], news[0]
			}
			out = append(out, replace(text, pair, news))
		}
	}
	return out
}

// SwapVariants returns text with each two neighbouring items of the value of each
// field of keys (the pieces between '.', '/' and ',') that differ swapped: for
// places whose contents are not counts (Martian Mancala's stacks).
func SwapVariants(text string, keys ...string) []string {
	var out []string
	for _, key := range keys {
		its := items(text, key)
		for k := 1; k < len(its); k++ {
			a, b := its[k-1], its[k]
			if ta, tb := text[a.start:a.end], text[b.start:b.end]; ta != tb {
				out = append(out, replace(text, []item{a, b}, []string{tb, ta}))
			}
		}
	}
	return out
}
