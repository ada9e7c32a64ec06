package gametest

import (
	"math"
	"testing"

	"github.com/colony-ai/colony/eval/nnue"
	"github.com/colony-ai/colony/game"
)

// Tolerances of the quantised network's value against the float one's, in points, on
// a network whose output scale is 10 points (eval/nnue).
const (
	netMeanTolerance = 0.05
	netMaxTolerance  = 0.3
)

// networkCheck evaluates the positions of the random games with a network of random
// weights over the game's encoding, as a search would: the incremental accumulators
// must equal a recomputation after every turn, the columns an update touches must be
// no more than the inputs that changed, and the quantised value must stay within the
// tolerances of the float one.
type networkCheck[S any] struct {
	r       *reporter
	g       game.Game[S]
	enc     game.Encoder[S]
	net     *nnue.Network
	ev      *nnue.Evaluator[S]
	n       int
	sum     float64
	largest float64
}

// newNetworkCheck returns the check for g, or nil (having reported why) when no
// network can be built for its encoding.
func newNetworkCheck[S any](r *reporter, g game.Game[S], enc game.Encoding) *networkCheck[S] {
	e := game.PartsOf[S](g).Encoder
	net, err := nnue.New(nnue.Header{Game: nnue.GameName(g.Name()), Rules: g.Name(), Encoding: enc.Name, Inputs: enc.Inputs,
		Hidden: 16, L2: 8, L3: 8, OutScale: 10}, 1)
	if err != nil {
		r.errorf("a network for the encoding %s: %v", enc.Name, err)
		return nil
	}
	q, err := nnue.Quantise(net, enc.MaxActive)
	if err != nil {
		r.errorf("a network for the encoding %s: %v", enc.Name, err)
		return nil
	}
	ev, err := nnue.NewEvaluator(g, g.Name(), q)
	if err != nil {
		r.errorf("an evaluator for the encoding %s: %v", enc.Name, err)
		return nil
	}
	return &networkCheck[S]{r: r, g: g, enc: e, net: net, ev: ev}
}

// check evaluates s (at a turn start), whose inputs are in, after the position whose
// inputs were last (nil at a game's start).
func (c *networkCheck[S]) check(w where[S], s *S, last, in encoded) {
	before := c.ev.Stats
	got := float64(c.ev.Evaluate(s)) / nnue.ValueScale
	if err := c.ev.Check(s); err != nil {
		c.r.errorf("%v: %v", w, err)
	}
	if last[0] != nil {
		touched := c.ev.Stats.Columns - before.Columns
		if c.ev.Stats.Updates > before.Updates {
			if most := int64(changed(last[0], in[0]) + changed(last[1], in[1])); touched > most {
				c.r.errorf("%v: the update touched %d first-layer columns; the turn changed %d inputs", w, touched, most)
			}
		}
	}
	want := nnue.FloatValue(c.net, c.enc, s, c.g.ToMove(s))
	d := math.Abs(got - want)
	c.n++
	c.sum += d
	c.largest = max(c.largest, d)
}

// report logs the quantisation error and fails beyond the tolerances.
func (c *networkCheck[S]) report(t testing.TB) {
	if c.n == 0 {
		return
	}
	mean := c.sum / float64(c.n)
	t.Logf("network over %s: %d positions, quantised against float: mean error %.4f, largest %.4f points; %d refreshes, %d incremental updates, %.1f columns an evaluation",
		c.net.Encoding, c.n, mean, c.largest, c.ev.Stats.Refreshes, c.ev.Stats.Updates, float64(c.ev.Stats.Columns)/float64(c.n))
	if mean > netMeanTolerance || c.largest > netMaxTolerance {
		c.r.errorf("the quantised network's value is %.4f points from the float one's on average, %.4f at most: want at most %v and %v",
			mean, c.largest, netMeanTolerance, netMaxTolerance)
	}
}
