package gametest

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
)

// The Encodings part of the suite: the game's input encoding (game.Encoder).

// encoded is one state's inputs seen by both players.
type encoded [2][]uint16

// encodeBoth returns the inputs of s seen by players 0 and 1, appended to fresh
// slices.
func encodeBoth[S any](e game.Encoder[S], s *S) encoded {
	return encoded{e.Encode(s, 0, nil), e.Encode(s, 1, nil)}
}

// equal reports whether a and b are the same inputs for both players.
func (a encoded) equal(b encoded) bool { return slices.Equal(a[0], b[0]) && slices.Equal(a[1], b[1]) }

// changed returns the number of inputs that differ between the lists a and b, both
// increasing: those on in one and off in the other.
func changed(a, b []uint16) int {
	n, i, j := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			i++
			j++
		case a[i] < b[j]:
			n++
			i++
		default:
			n++
			j++
		}
	}
	return n + len(a) - i + len(b) - j
}

// encodingError returns what is wrong with in, the inputs Encode gave for player p
// under enc, or "".
func encodingError(enc game.Encoding, p int, in []uint16) string {
	if len(in) > enc.MaxActive {
		return fmt.Sprintf("Encode(%d) gives %d inputs, more than MaxActive %d: %v", p, len(in), enc.MaxActive, in)
	}
	for k, i := range in {
		switch {
		case int(i) >= enc.Inputs:
			return fmt.Sprintf("Encode(%d) gives the input %d, not below Inputs %d: %v", p, i, enc.Inputs, in)
		case k > 0 && i <= in[k-1]:
			return fmt.Sprintf("Encode(%d) gives %d after %d, not in increasing order: %v", p, i, in[k-1], in)
		}
	}
	return ""
}

// encodings checks the game's Encoder on the random games (see Encodings): the
// first Options.Games games again, from the same seeds.
func (x *suite[S]) encodings(t testing.TB) {
	g := x.g
	r := &reporter{t: t}
	e := game.PartsOf[S](g).Encoder
	if e == nil {
		r.errorf("%s implements no game.Encoder: every game has an input encoding for value networks (or skip Encodings saying why)", g.Name())
		return
	}
	enc := e.Encoding()
	switch {
	case enc.Name == "":
		r.errorf("Encoding().Name is empty")
	case enc.Inputs < 1 || enc.Inputs > 1<<16:
		r.errorf("Encoding().Inputs = %d, want 1 to 65536", enc.Inputs)
	case enc.MaxActive < 1 || enc.MaxActive > enc.Inputs:
		r.errorf("Encoding().MaxActive = %d, want 1 to Inputs (%d)", enc.MaxActive, enc.Inputs)
	}
	if r.n > 0 {
		return
	}
	net := newNetworkCheck(r, g, enc)
	var buf game.ActionBuffer
	prefix := []uint16{0xdead, 0xbeef}
	dst := make([]uint16, 0, len(prefix)+enc.MaxActive)
	byHash := map[uint64]encoded{}
	turns, sum, most := 0, 0, 0
	de := game.PartsOf[S](g).DeltaEncoder
	var delta deltaCheck[S]
	for i := range x.o.Games {
		rng := rand.NewPCG(x.o.Seed, uint64(i))
		s := g.Start()
		var last encoded // the inputs at the last turn start
		var history []S  // the game's positions so far
		for d := 0; ; d++ {
			w := where[S]{g, i, d, &s}
			if got := e.Encoding(); got != enc {
				r.errorf("%v: Encoding() = %+v, at the start %+v", w, got, enc)
			}
			in := encodeBoth(e, &s)
			for p := range 2 {
				if msg := encodingError(enc, p, in[p]); msg != "" {
					r.errorf("%v: %s", w, msg)
				}
				dst = e.Encode(&s, p, append(dst[:0], prefix...))
				if !slices.Equal(dst[:min(len(dst), len(prefix))], prefix) || !slices.Equal(dst[min(len(dst), len(prefix)):], in[p]) {
					r.errorf("%v: Encode(%d) on a slice holding %v gives %v; want %v followed by %v", w, p, prefix, dst, prefix, in[p])
				}
			}
			if pe := game.PartsOf[S](g).PairEncoder; pe != nil {
				a, b := pe.EncodePair(&s, nil, nil)
				if !slices.Equal(a, in[0]) || !slices.Equal(b, in[1]) {
					r.errorf("%v: EncodePair gives %v and %v; Encode %v and %v", w, a, b, in[0], in[1])
				}
			}
			if again := encodeBoth(e, &s); !again.equal(in) {
				r.errorf("%v: Encode gives %v, then %v", w, in, again)
			}
			h := g.Hash(&s)
			if other, ok := byHash[h]; ok && !other.equal(in) {
				r.errorf("%v: a position of the same hash %#x had the inputs %v; this one %v", w, h, other, in)
			} else if !ok {
				byHash[h] = in
			}
			if de != nil {
				// From the last decision, from a random earlier position, and
				// from the position itself.
				if d > 0 {
					delta.check(r, e, de, &history[d-1], &s, in, w)
					delta.check(r, e, de, &history[game.RandomIndex(rng.Uint64(), d)], &s, in, w)
				}
				delta.check(r, e, de, &s, &s, in, w)
				history = append(history, s)
			}
			turnStart := g.TurnStart(&s)
			if turnStart || x.o.MidTurnNotation {
				x.encodedBack(r, e, &s, in, w)
			}
			if r.n > 0 {
				net = nil // a network over a faulty encoding would only fail again
			}
			if turnStart && !g.Terminal(&s) && net != nil {
				net.check(w, &s, last, in)
			}
			if turnStart {
				if last[0] != nil {
					turns++
					for p := range 2 {
						c := changed(last[p], in[p])
						sum += c
						most = max(most, c)
						if c > 2*enc.MaxActive {
							r.errorf("%v: a turn changes %d of player %d's inputs, more than twice MaxActive (%d)", w, c, p, enc.MaxActive)
						}
					}
				}
				last = in
			}
			legal := g.LegalActions(&s, &buf)
			if g.Terminal(&s) || len(legal) == 0 || d >= x.o.MaxDecisions {
				break // the other parts report games that do not end
			}
			g.Apply(&s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
		}
	}
	if turns > 0 {
		t.Logf("%s: %d inputs, at most %d on; a turn changes %.1f of a player's inputs on average (at most %d), over %d turns",
			enc.Name, enc.Inputs, enc.MaxActive, float64(sum)/float64(2*turns), most, turns)
	}
	if net != nil {
		net.report(t)
	}
	if !x.on(Allocs) || raceEnabled {
		return
	}
	starts, mid, end := x.samples()
	all := append(append(starts, mid...), end)
	for k, s := range all {
		for p := range 2 {
			if n := testing.AllocsPerRun(20, func() { dst = e.Encode(&s, p, dst[:0]) }); n != 0 {
				r.errorf("%q: Encode(%d) allocates %v times", g.FormatPosition(&s), p, n)
			}
		}
		if de != nil && k > 0 {
			var d game.InputDelta
			for p := range 2 {
				d.Add[p], d.Sub[p] = make([]uint16, 0, enc.MaxActive), make([]uint16, 0, enc.MaxActive)
			}
			from := &all[k-1]
			if n := testing.AllocsPerRun(20, func() {
				for p := range 2 {
					d.Add[p], d.Sub[p] = d.Add[p][:0], d.Sub[p][:0]
				}
				de.EncodeDelta(from, &s, &d)
			}); n != 0 {
				r.errorf("%q: EncodeDelta from %q allocates %v times", g.FormatPosition(&s), g.FormatPosition(from), n)
			}
		}
	}
}

// deltaCheck checks a game.DeltaEncoder's differences against the encodings.
type deltaCheck[S any] struct {
	d game.InputDelta
}

// deltaPrefix is what the delta's slices hold before EncodeDelta appends to them.
var deltaPrefix = []uint16{0xdead, 0xbeef}

// check checks that EncodeDelta(from, to) appends to slices holding deltaPrefix
// exactly the inputs of to (in, by Encode) that from lacks, and those of from that
// to lacks, for both players, without repeats: without a memo of from, and with the
// memo a call to from gave.
func (c *deltaCheck[S]) check(r *reporter, e game.Encoder[S], de game.DeltaEncoder[S], from, to *S, in encoded, w where[S]) {
	d := &c.d
	d.FromOK = false
	de.EncodeDelta(to, from, d)
	memo := d.To
	c.checkWith(r, e, de, from, to, in, w, false, game.Memo{})
	c.checkWith(r, e, de, from, to, in, w, true, memo)
}

// checkWith is check with the memo of from given or not.
func (c *deltaCheck[S]) checkWith(r *reporter, e game.Encoder[S], de game.DeltaEncoder[S], from, to *S, in encoded, w where[S], memoOK bool, memo game.Memo) {
	d := &c.d
	for p := range 2 {
		d.Add[p] = append(d.Add[p][:0], deltaPrefix...)
		d.Sub[p] = append(d.Sub[p][:0], deltaPrefix...)
	}
	d.From, d.FromOK = memo, memoOK
	de.EncodeDelta(from, to, d)
	was := encodeBoth(e, from)
	for p := range 2 {
		for _, l := range [2]struct {
			name     string
			got      []uint16
			of, less []uint16
		}{{"added", d.Add[p], in[p], was[p]}, {"removed", d.Sub[p], was[p], in[p]}} {
			if !slices.Equal(l.got[:min(len(l.got), len(deltaPrefix))], deltaPrefix) {
				r.errorf("%v: EncodeDelta changed the %d numbers its slice of inputs %s for player %d held: %v", w, len(deltaPrefix), l.name, p, l.got)
				continue
			}
			got := slices.Clone(l.got[len(deltaPrefix):])
			slices.Sort(got)
			var want []uint16
			for _, i := range l.of {
				if !slices.Contains(l.less, i) {
					want = append(want, i)
				}
			}
			if !slices.Equal(got, want) {
				r.errorf("%v: EncodeDelta (memo given: %v) from a position with player %d's inputs %v to this one, with %v, gives the inputs %s %v (sorted), not %v",
					w, memoOK, p, was[p], in[p], l.name, got, want)
			}
		}
	}
}

// encodedBack checks that s read back from its notation has the inputs in of s, when
// it is the same position (Options.SamePosition).
func (x *suite[S]) encodedBack(r *reporter, e game.Encoder[S], s *S, in encoded, w where[S]) {
	g := x.g
	back, err := g.ParsePosition(g.FormatPosition(s))
	if err != nil || (x.o.SamePosition != nil && !x.o.SamePosition(s, &back)) {
		return // a refusal is the Positions part's to report
	}
	if got := encodeBoth(e, &back); !got.equal(in) {
		r.errorf("%v: read back from its notation, the position has the inputs %v, not %v", w, got, in)
	}
}
