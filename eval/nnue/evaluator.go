package nnue

import (
	"fmt"
	"slices"

	"github.com/colony-ai/colony/game"
)

// cacheSlots is the number of positions whose accumulators an Evaluator keeps.
const cacheSlots = 4

// slot is the accumulators of one evaluated position, for both players (player 0's
// view first: the accumulators follow the players, not the side to move).
type slot[S any] struct {
	feats  [2][]uint16
	acc    [2][]uint64
	stamp  uint64    // when it was last used; 0: empty
	state  S         // the position, where the game reports deltas (game.DeltaEncoder)
	memo   game.Memo // the DeltaEncoder's memo of state, when memoOK
	memoOK bool
}

// Evaluator evaluates the positions of a game with state type S by a quantised
// network (search.Evaluator's Evaluate and Scale): the value for the player to move,
// in hundredths of a point. It keeps the accumulators of the last positions it
// evaluated and updates the nearest by the inputs that differ (see the package
// documentation). It allocates nothing once built and is not safe for concurrent
// use: Fork returns another for another goroutine.
type Evaluator[S any] struct {
	q     *Quantised
	enc   game.Encoder[S]
	pair  game.PairEncoder[S] // nil: the game has none
	rules game.Rules[S]
	delta game.DeltaEncoder[S] // nil: the game has none
	slots [cacheSlots]slot[S]
	clock uint64
	cur   [2][]uint16
	last  int // the slot of the last evaluation
	acts  []uint64
	// adds and subs are the columns an update adds and subtracts.
	adds, subs []uint16
	// d is the differences a DeltaEncoder reports.
	d      game.InputDelta
	Stats  Stats
	active int
}

// Stats count what an Evaluator did: Evaluations, the Refreshes among them (first
// layers computed from scratch) and the Updates (brought up to date from a kept
// position), and the first-layer columns added or subtracted (Columns).
type Stats struct {
	Evaluations, Refreshes, Updates, Columns int64
}

// NewEvaluator returns an evaluator of the positions of g (which must implement
// game.Encoder and match the network: CheckFor) by q.
func NewEvaluator[S any](g game.Rules[S], rules string, q *Quantised) (*Evaluator[S], error) {
	enc := game.PartOf[game.Encoder[S]](g)
	if enc == nil {
		return nil, fmt.Errorf("%s has no input encoding for networks", rules)
	}
	e := enc.Encoding()
	net := Network{Header: q.Header}
	if err := net.CheckFor(Target{Rules: rules, Encoding: e.Name, Inputs: e.Inputs}); err != nil {
		return nil, err
	}
	ev := &Evaluator[S]{q: q, enc: enc, pair: game.PartOf[game.PairEncoder[S]](g),
		delta: game.PartOf[game.DeltaEncoder[S]](g), rules: g, active: e.MaxActive}
	ev.init()
	return ev, nil
}

func (e *Evaluator[S]) init() {
	for i := range e.slots {
		for p := range 2 {
			e.slots[i].feats[p] = make([]uint16, 0, e.active)
			e.slots[i].acc[p] = make([]uint64, e.q.words)
		}
	}
	e.cur = [2][]uint16{make([]uint16, 0, e.active), make([]uint16, 0, e.active)}
	e.acts = make([]uint64, e.q.scratchSize())
	e.adds, e.subs = make([]uint16, 0, e.active), make([]uint16, 0, e.active)
	for p := range 2 {
		e.d.Add[p], e.d.Sub[p] = make([]uint16, 0, e.active), make([]uint16, 0, e.active)
	}
}

// Fork returns a new evaluator of the same network and game, with empty caches.
func (e *Evaluator[S]) Fork() *Evaluator[S] {
	f := &Evaluator[S]{q: e.q, enc: e.enc, pair: e.pair, delta: e.delta, rules: e.rules, active: e.active}
	f.init()
	return f
}

// Scale returns ValueScale: the evaluation's units are hundredths of a point.
func (e *Evaluator[S]) Scale() int { return ValueScale }

// Network returns the quantised network.
func (e *Evaluator[S]) Network() *Quantised { return e.q }

// diffCount returns the number of entries in exactly one of the increasing lists a
// and b.
func diffCount(a, b []uint16) int {
	i, j, same := 0, 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] < b[j]:
			i++
		case a[i] > b[j]:
			j++
		default:
			same++
			i++
			j++
		}
	}
	return len(a) + len(b) - 2*same
}

// diff sets adds to the entries of to not in from and subs to those of from not in
// to (from and to are increasing lists) and returns them, with false when the lists
// differ by more than budget entries.
func diff(from, to, adds, subs []uint16, budget int) ([]uint16, []uint16, bool) {
	// A merge whose steps decide by flags, not branches (the compiler turns them
	// into conditional moves): which list is behind is unpredictable, and a
	// mispredicted branch an entry cost more than the rest of the update. adds and
	// subs have room for len(to) and len(from) entries.
	adds, subs = adds[:cap(adds)], subs[:cap(subs)]
	if len(adds) < len(to) || len(subs) < len(from) {
		adds, subs = make([]uint16, len(to)), make([]uint16, len(from))
	}
	i, j, na, ns := 0, 0, 0, 0
	for i < len(from) && j < len(to) {
		x, y := from[i], to[j]
		subs[ns] = x
		adds[na] = y
		lt, gt := 0, 0
		if x < y {
			lt = 1
		}
		if x > y {
			gt = 1
		}
		ns += lt
		na += gt
		i += 1 - gt
		j += 1 - lt
	}
	ns += copy(subs[ns:], from[i:])
	na += copy(adds[na:], to[j:])
	return adds[:na], subs[:ns], na+ns <= budget
}

// updateWithin brings acc, the accumulator of the inputs from, to the inputs to
// (both increasing lists) and returns the number of columns it changed, or -1,
// leaving acc as it was, when the lists differ by more than budget inputs.
func (e *Evaluator[S]) updateWithin(acc []uint64, from, to []uint16, budget int) int {
	adds, subs, ok := diff(from, to, e.adds, e.subs, budget)
	e.adds, e.subs = adds, subs
	if !ok {
		return -1
	}
	e.q.columns(acc, adds, subs)
	return len(adds) + len(subs)
}

// update is updateWithin without a budget.
func (e *Evaluator[S]) update(acc []uint64, from, to []uint16) int {
	return e.updateWithin(acc, from, to, len(from)+len(to))
}

// Evaluate returns the value of s for the player to move, in hundredths of a point.
func (e *Evaluator[S]) Evaluate(s *S) int {
	e.Stats.Evaluations++
	e.clock++
	p := e.rules.ToMove(s) & 1
	if e.delta != nil {
		sl := e.nearestDelta(s)
		sl.state = *s
		sl.stamp = e.clock
		return e.q.forward(sl.acc[p], sl.acc[p^1], e.acts)
	}
	var f0, f1 []uint16
	if e.pair != nil {
		f0, f1 = e.pair.EncodePair(s, e.cur[0][:0], e.cur[1][:0])
	} else {
		f0 = e.enc.Encode(s, 0, e.cur[0][:0])
		f1 = e.enc.Encode(s, 1, e.cur[1][:0])
	}
	sl := e.nearest(f0, f1)
	sl.feats[0] = append(sl.feats[0][:0], f0...)
	sl.feats[1] = append(sl.feats[1][:0], f1...)
	sl.stamp = e.clock
	return e.q.forward(sl.acc[p], sl.acc[p^1], e.acts)
}

// reportDelta sets e.d to the differences of the inputs from the position of sl to
// s, and returns the number for player 0.
func (e *Evaluator[S]) reportDelta(sl *slot[S], s *S) int {
	d := &e.d
	// (Each slice resliced into itself: only its length is written.)
	d.Add[0] = d.Add[0][:0]
	d.Sub[0] = d.Sub[0][:0]
	d.Add[1] = d.Add[1][:0]
	d.Sub[1] = d.Sub[1][:0]
	d.From, d.FromOK = sl.memo, sl.memoOK
	e.delta.EncodeDelta(&sl.state, s, d)
	return len(d.Add[0]) + len(d.Sub[0])
}

// applyDelta brings the accumulators of sl up by e.d and counts the update.
func (e *Evaluator[S]) applyDelta(sl *slot[S]) {
	d := &e.d
	sl.memo, sl.memoOK = d.To, true
	e.q.columns2(sl.acc[0], sl.acc[1], &d.Add, &d.Sub)
	e.Stats.Updates++
	e.Stats.Columns += int64(len(d.Add[0]) + len(d.Sub[0]) + len(d.Add[1]) + len(d.Sub[1]))
}

// nearestDelta is nearest for a game that reports the differences between two
// positions (game.DeltaEncoder): the kept position it updates is updated by those
// differences instead of by comparing input lists. That is the last one, whose
// differences are at most twice a refresh (each position has at most active inputs
// on); the others only when it is empty, and s is encoded in full only when all are
// (an evaluator's first position) or further than twice a refresh.
func (e *Evaluator[S]) nearestDelta(s *S) *slot[S] {
	if sl := &e.slots[e.last]; sl.stamp != 0 {
		// Up to twice a refresh's columns: the differences are known by now,
		// where a refresh encodes the position, and a game's encoding has at most
		// active inputs on in each position, so this is every kept position.
		if e.reportDelta(sl, s) <= 2*e.active {
			e.applyDelta(sl)
			return sl
		}
		sl.stamp = 0 // too far: emptied
	}
	best, bestCost, oldest := -1, e.active+1, 0
	for i := range e.slots {
		sl := &e.slots[i]
		if sl.stamp < e.slots[oldest].stamp {
			oldest = i
		}
		if sl.stamp == 0 {
			continue
		}
		if c := e.reportDelta(sl, s); c < bestCost {
			best, bestCost = i, c
		}
	}
	if best >= 0 {
		sl := &e.slots[best]
		e.reportDelta(sl, s)
		e.applyDelta(sl)
		e.last = best
		return sl
	}
	var f0, f1 []uint16
	if e.pair != nil {
		f0, f1 = e.pair.EncodePair(s, e.cur[0][:0], e.cur[1][:0])
	} else {
		f0 = e.enc.Encode(s, 0, e.cur[0][:0])
		f1 = e.enc.Encode(s, 1, e.cur[1][:0])
	}
	sl := &e.slots[oldest]
	sl.memoOK = false
	e.Stats.Refreshes++
	e.Stats.Columns += int64(len(f0) + len(f1))
	e.q.refresh(sl.acc[0], f0)
	e.q.refresh(sl.acc[1], f1)
	e.last = oldest
	return sl
}

// nearest brings the accumulators of a kept position up to the inputs f0 and f1 and
// returns its slot: the position evaluated last when it differs from f0 by fewer
// inputs than a refresh would add (nearly always, in a search: consecutive leaves are
// siblings or cousins), else the nearest other kept one, else the least recently
// used slot, refreshed.
func (e *Evaluator[S]) nearest(f0, f1 []uint16) *slot[S] {
	q := e.q
	if sl := &e.slots[e.last]; sl.stamp != 0 {
		if n := e.updateWithin(sl.acc[0], sl.feats[0], f0, len(f0)); n >= 0 {
			e.Stats.Updates++
			e.Stats.Columns += int64(n + e.update(sl.acc[1], sl.feats[1], f1))
			return sl
		}
		sl.stamp = 0 // too far: emptied, as when updates left it half done
	}
	best, bestCost, oldest := -1, len(f0), 0
	for i := range e.slots {
		sl := &e.slots[i]
		if sl.stamp < e.slots[oldest].stamp {
			oldest = i
		}
		if sl.stamp == 0 {
			continue
		}
		if c := diffCount(sl.feats[0], f0); c < bestCost {
			best, bestCost = i, c
		}
	}
	if best >= 0 {
		sl := &e.slots[best]
		e.Stats.Updates++
		e.Stats.Columns += int64(e.update(sl.acc[0], sl.feats[0], f0) + e.update(sl.acc[1], sl.feats[1], f1))
		e.last = best
		return sl
	}
	sl := &e.slots[oldest]
	e.Stats.Refreshes++
	e.Stats.Columns += int64(len(f0) + len(f1))
	q.refresh(sl.acc[0], f0)
	q.refresh(sl.acc[1], f1)
	e.last = oldest
	return sl
}

// Check recomputes the accumulators of s, the position evaluated last, from scratch
// and returns an error if the kept ones differ: the incremental updates' test.
func (e *Evaluator[S]) Check(s *S) error {
	sl := &e.slots[e.last]
	for p := range 2 {
		feats := e.enc.Encode(s, p, nil)
		if e.delta != nil {
			if kept := e.enc.Encode(&sl.state, p, nil); !slices.Equal(feats, kept) {
				return fmt.Errorf("the kept position's inputs of player %d differ from the position's", p)
			}
		} else if !slices.Equal(feats, sl.feats[p]) {
			return fmt.Errorf("the kept inputs of player %d differ from the position's", p)
		}
		acc := make([]uint64, e.q.words)
		e.q.refresh(acc, feats)
		if !slices.Equal(acc, sl.acc[p]) {
			return fmt.Errorf("player %d's accumulator, updated incrementally, differs from a recomputation", p)
		}
	}
	return nil
}

// FloatValue returns the float network n's value of s for the player to move, in
// points: the reference that Evaluate's value (in hundredths) approximates.
func FloatValue[S any](n *Network, enc game.Encoder[S], s *S, toMove int) float64 {
	f0 := enc.Encode(s, toMove&1, nil)
	f1 := enc.Encode(s, toMove&1^1, nil)
	return n.Value(f0, f1)
}
