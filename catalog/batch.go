package catalog

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"

	"github.com/colony-ai/colony/game"
)

// Batched stepping: N games of one rule set played together, one decision each a
// call, writing what a learner reads (observations, legal-action masks, rewards, the
// ends of episodes) into buffers the caller owns. It is what the Python package's
// vector environment steps (native.Vector); the states stay typed here, behind the
// erased Batch.

// Observation kinds of a Batch (BatchOptions.Observation).
const (
	// ObserveCompact writes the compact view of the position from the side of the
	// player to move: the view of the states face's observation tensor.
	ObserveCompact = "compact"
	// ObserveNet writes the input encoding of the game's value networks
	// (game.Encoder), seen by the player to move, dense: 1 for an input that is on,
	// 0 for one that is off.
	ObserveNet = "net"
	// ObserveNone writes no observation (the masks, rewards and ends only).
	ObserveNone = "none"
)

// BatchOptions are the settings of a Batch.
type BatchOptions struct {
	// N is the number of games (at least 1).
	N int
	// Workers is the number of goroutines a call steps the games on (0 or 1: the
	// calling goroutine alone). The games are split into contiguous runs, one a
	// worker; a game's course depends only on its seed and its actions, never on N
	// or Workers.
	Workers int
	// Observation is the kind of observation written: ObserveCompact (""),
	// ObserveNet or ObserveNone.
	Observation string
	// MaxSteps truncates an episode after that many decisions (0: never; every game
	// of the toolkit ends by its own rules).
	MaxSteps int
	// Opening is the number of uniformly random decisions played from the start
	// position at every reset, drawn from the game's seed, so that a batch of games
	// does not play from one position only (0: every episode starts at the start).
	Opening int
}

// BatchOutput are the caller's buffers a Batch writes into, game i's entries at
// index i (for Observations, Masks and FinalObservations, the run of
// ObservationSize or NumActions entries from i times that). Observations, Masks,
// Rewards, Terminations and Truncations must hold exactly the N games' values (a
// buffer of another length is an error: it was made for another shape); ToMove and
// FinalObservations may be nil (not written).
type BatchOutput struct {
	// Observations hold each game's observation after the call, from the side of
	// the player to move.
	Observations []float32
	// Masks hold 1 for each legal action of the game's next decision, 0 for the
	// others.
	Masks []uint8
	// Rewards hold the reward of the player who took the step's decision: the game's
	// return for that player (+1 a win, -1 a loss, 0 a draw) when the step ended the
	// game, 0 otherwise. The other player's reward is its negation (the games are
	// zero-sum).
	Rewards []float32
	// Terminations hold 1 where the step ended the game by its rules, Truncations 1
	// where it ended the episode by MaxSteps.
	Terminations, Truncations []uint8
	// ToMove holds the player (0 or 1) to move in each game after the call.
	ToMove []int8
	// FinalObservations hold, for a game whose episode the step ended, the
	// observation of its last position (before the reset); the other games' entries
	// are left as they were.
	FinalObservations []float32
}

// Batch is N games of one rule set stepped together. A Batch is used by one
// goroutine at a time; Close stops its workers.
type Batch interface {
	// Len returns N, the number of games.
	Len() int
	// NumActions returns the number of action ids of the rule set: the width of a
	// mask, every action below it.
	NumActions() int
	// ObservationSize returns the number of values of one game's observation (0 for
	// ObserveNone).
	ObservationSize() int
	// Reset starts a new episode in every game and writes the observations and masks
	// of out (the rewards, terminations and truncations are zeroed). seeds, when not
	// nil, gives every game its seed (len N) and starts its episodes' count again;
	// nil keeps the seeds and goes on counting. Episode k of a game with seed s
	// draws its opening from PCG(s, k).
	Reset(seeds []uint64, out *BatchOutput) error
	// Step plays actions[i] in game i and writes out. A game whose episode ends is
	// started again at once (the autoreset of Gymnasium's "same step" mode): its
	// observation and mask are then those of the new episode's first position, its
	// reward and ending those of the one that ended. An action that is not legal in
	// its game is an error, and then no game is stepped.
	Step(actions []int32, out *BatchOutput) error
	// Close stops the workers; the Batch must not be used again.
	Close()
}

// batchMaker is implemented by the Rulesets of this package (generic[S]): it
// builds their Batch with the states typed.
type batchMaker interface {
	newBatch(o BatchOptions) (Batch, error)
}

// NewBatch returns a Batch of the rule set g with the options o.
func NewBatch(g Ruleset, o BatchOptions) (Batch, error) {
	m, ok := g.(batchMaker)
	if !ok {
		return nil, fmt.Errorf("%s: batched stepping needs a rule set opened by this package", g.Name())
	}
	return m.newBatch(o)
}

// newBatch builds the Batch of x.
func (x *generic[S]) newBatch(o BatchOptions) (Batch, error) {
	v := viewOf(x.g)
	return newTypedBatch(x.g, v, o)
}

// batchView is what a Batch needs of a game beyond its rules: its action ids'
// count and its compact observation.
type batchView[S any] struct {
	numActions int
	obsSize    int
	observe    func(s *S, p int, dst []float32)
}

// typedBatch is a Batch over the state type S.
type typedBatch[S any] struct {
	g       game.Game[S]
	stepper game.Stepper[S] // nil: Apply, then ToMove and Terminal
	enc     game.Encoder[S]
	view    batchView[S]
	o       BatchOptions
	obsSize int
	start   S
	states  []S
	legal   [][4]uint64 // each game's legal actions, a bit an action
	toMove  []int8      // each game's player to move
	steps   []int32     // decisions played in the episode
	seeds   []uint64
	episode []uint64
	rngs    []rand.PCG
	workers []batchWorker

	// The call the workers run: set before they are woken.
	actions []int32
	out     *BatchOutput
	reset   bool
	wg      sync.WaitGroup
	wake    []chan struct{}
	closed  bool
}

// batchWorker is one worker's range of games and its scratch.
type batchWorker struct {
	lo, hi int
	buf    game.ActionBuffer
	idx    []uint16
}

// newTypedBatch returns the Batch of g with the view v.
func newTypedBatch[S any](g game.Game[S], v batchView[S], o BatchOptions) (*typedBatch[S], error) {
	if o.N < 1 {
		return nil, fmt.Errorf("batch of %s: %d games (at least 1)", g.Name(), o.N)
	}
	if o.Workers < 0 || o.MaxSteps < 0 || o.Opening < 0 {
		return nil, fmt.Errorf("batch of %s: negative workers, max steps or opening", g.Name())
	}
	if v.numActions < 1 || v.numActions > game.MaxActions {
		return nil, fmt.Errorf("batch of %s: %d action ids", g.Name(), v.numActions)
	}
	b := &typedBatch[S]{g: g, stepper: game.PartOf[game.Stepper[S]](g), view: v, o: o, start: g.Start()}
	switch o.Observation {
	case "", ObserveCompact:
		if v.observe == nil {
			return nil, fmt.Errorf("batch of %s: the game has no compact observation", g.Name())
		}
		b.obsSize = v.obsSize
	case ObserveNet:
		b.enc = game.PartOf[game.Encoder[S]](g)
		if b.enc == nil {
			return nil, fmt.Errorf("batch of %s: the game has no network encoding", g.Name())
		}
		b.obsSize = b.enc.Encoding().Inputs
	case ObserveNone:
	default:
		return nil, fmt.Errorf("batch of %s: unknown observation %q (compact, net or none)", g.Name(), o.Observation)
	}
	n := o.N
	b.states = make([]S, n)
	b.legal = make([][4]uint64, n)
	b.toMove = make([]int8, n)
	b.steps = make([]int32, n)
	b.seeds = make([]uint64, n)
	b.episode = make([]uint64, n)
	b.rngs = make([]rand.PCG, n)
	w := max(1, min(o.Workers, n))
	b.workers = make([]batchWorker, w)
	for k := range b.workers {
		wk := &b.workers[k]
		wk.lo, wk.hi = k*n/w, (k+1)*n/w
		if b.enc != nil {
			wk.idx = make([]uint16, 0, b.enc.Encoding().MaxActive)
		}
	}
	if w > 1 {
		b.wake = make([]chan struct{}, w)
		for k := range b.wake {
			b.wake[k] = make(chan struct{})
			go b.work(k)
		}
	}
	for i := range b.seeds {
		b.seeds[i] = uint64(i)
	}
	return b, nil
}

func (b *typedBatch[S]) Len() int             { return len(b.states) }
func (b *typedBatch[S]) NumActions() int      { return b.view.numActions }
func (b *typedBatch[S]) ObservationSize() int { return b.obsSize }

// work is worker k's goroutine: it runs the call set in b each time it is woken, until
// its channel is closed.
func (b *typedBatch[S]) work(k int) {
	for range b.wake[k] {
		b.run(&b.workers[k])
		b.wg.Done()
	}
}

// Close stops the workers.
func (b *typedBatch[S]) Close() {
	if b.closed {
		return
	}
	b.closed = true
	for _, c := range b.wake {
		close(c)
	}
}

// errClosed is the error of a call on a closed Batch.
var errClosed = errors.New("batch: used after Close")

// check returns an error when out cannot hold the batch's results.
func (b *typedBatch[S]) check(out *BatchOutput) error {
	n := len(b.states)
	switch {
	case b.closed:
		return errClosed
	case out == nil:
		return errors.New("batch: no output buffers")
	case len(out.Observations) != n*b.obsSize:
		return fmt.Errorf("batch: observations hold %d values, %d games need %d", len(out.Observations), n, n*b.obsSize)
	case len(out.Masks) != n*b.view.numActions:
		return fmt.Errorf("batch: masks hold %d values, %d games need %d", len(out.Masks), n, n*b.view.numActions)
	case len(out.Rewards) != n || len(out.Terminations) != n || len(out.Truncations) != n:
		return fmt.Errorf("batch: rewards, terminations and truncations must hold %d values each", n)
	case out.ToMove != nil && len(out.ToMove) != n:
		return fmt.Errorf("batch: to-move holds %d values, %d games", len(out.ToMove), n)
	case out.FinalObservations != nil && len(out.FinalObservations) != n*b.obsSize:
		return fmt.Errorf("batch: final observations hold %d values, %d games need %d", len(out.FinalObservations), n, n*b.obsSize)
	}
	return nil
}

// Reset starts every game again (see Batch).
func (b *typedBatch[S]) Reset(seeds []uint64, out *BatchOutput) error {
	if err := b.check(out); err != nil {
		return err
	}
	if seeds != nil {
		if len(seeds) != len(b.states) {
			return fmt.Errorf("batch: %d seeds for %d games", len(seeds), len(b.states))
		}
		copy(b.seeds, seeds)
		clear(b.episode)
	} else {
		for i := range b.episode {
			b.episode[i]++
		}
	}
	b.actions, b.out, b.reset = nil, out, true
	b.runAll()
	return nil
}

// Step plays one decision in every game (see Batch).
func (b *typedBatch[S]) Step(actions []int32, out *BatchOutput) error {
	if err := b.check(out); err != nil {
		return err
	}
	if len(actions) != len(b.states) {
		return fmt.Errorf("batch: %d actions for %d games", len(actions), len(b.states))
	}
	for i, a := range actions {
		if a < 0 || a >= int32(b.view.numActions) || b.legal[i][a>>6]&(1<<(a&63)) == 0 {
			return b.illegal(i, a)
		}
	}
	b.actions, b.out, b.reset = actions, out, false
	b.runAll()
	return nil
}

// illegal returns the error of action a, not legal in game i.
func (b *typedBatch[S]) illegal(i int, a int32) error {
	s := &b.states[i]
	var buf game.ActionBuffer
	var legal []int
	for _, l := range b.g.LegalActions(s, &buf) {
		legal = append(legal, int(l))
	}
	return fmt.Errorf("batch: game %d: action %d: %w in %s (legal: %v)", i, a, ErrIllegal, b.g.FormatPosition(s), legal)
}

// runAll runs the call set in b over every game, on the workers when there are
// several.
func (b *typedBatch[S]) runAll() {
	if len(b.wake) == 0 {
		b.run(&b.workers[0])
		return
	}
	b.wg.Add(len(b.wake))
	for _, c := range b.wake {
		c <- struct{}{}
	}
	b.wg.Wait()
}

// run resets or steps worker w's games.
func (b *typedBatch[S]) run(w *batchWorker) {
	out := b.out
	for i := w.lo; i < w.hi; i++ {
		s := &b.states[i]
		var p int // the player to move after the call
		if b.reset {
			b.restart(i, w)
			p = b.g.ToMove(s)
			out.Rewards[i], out.Terminations[i], out.Truncations[i] = 0, 0, 0
		} else {
			actor := int(b.toMove[i])
			var over bool
			if b.stepper != nil {
				st := b.stepper.Step(s, s, game.Action(b.actions[i]))
				p, over = st.ToMove(), st.Terminal()
			} else {
				b.g.Apply(s, game.Action(b.actions[i]))
				p, over = b.g.ToMove(s), b.g.Terminal(s)
			}
			b.steps[i]++
			var reward float32
			var term, trunc uint8
			if over {
				term = 1
				switch winner, _ := b.g.Result(s); winner {
				case actor:
					reward = 1
				case 1 - actor:
					reward = -1
				}
			} else if b.o.MaxSteps > 0 && int(b.steps[i]) >= b.o.MaxSteps {
				trunc = 1
			}
			out.Rewards[i], out.Terminations[i], out.Truncations[i] = reward, term, trunc
			if term|trunc != 0 {
				if out.FinalObservations != nil && b.obsSize > 0 {
					b.observe(s, p, out.FinalObservations[i*b.obsSize:(i+1)*b.obsSize], w)
				}
				b.episode[i]++
				b.restart(i, w)
				p = b.g.ToMove(s)
			}
		}
		b.write(i, p, w)
	}
}

// restart starts game i's episode: the start position and its random opening.
func (b *typedBatch[S]) restart(i int, w *batchWorker) {
	s := &b.states[i]
	rng := &b.rngs[i]
	rng.Seed(b.seeds[i], b.episode[i])
	b.steps[i] = 0
	// An opening that ends the game is drawn again; after many, the start position.
	for try := 0; ; try++ {
		*s = b.start
		if try == 100 {
			return
		}
		for k := 0; k < b.o.Opening && !b.g.Terminal(s); k++ {
			legal := b.g.LegalActions(s, &w.buf)
			b.g.Apply(s, legal[game.RandomIndex(rng.Uint64(), len(legal))])
		}
		if !b.g.Terminal(s) {
			return
		}
	}
}

// write writes game i's observation, mask and player to move, p.
func (b *typedBatch[S]) write(i, p int, w *batchWorker) {
	s := &b.states[i]
	out := b.out
	if b.obsSize > 0 {
		b.observe(s, p, out.Observations[i*b.obsSize:(i+1)*b.obsSize], w)
	}
	na := b.view.numActions
	mask := out.Masks[i*na : (i+1)*na]
	clear(mask)
	var set [4]uint64
	for _, a := range b.g.LegalActions(s, &w.buf) {
		mask[a] = 1
		set[a>>6] |= 1 << (a & 63)
	}
	b.legal[i] = set
	b.toMove[i] = int8(p)
	if out.ToMove != nil {
		out.ToMove[i] = int8(p)
	}
}

// observe writes the observation of s seen by p, the player to move, to dst.
func (b *typedBatch[S]) observe(s *S, p int, dst []float32, w *batchWorker) {
	if b.enc == nil {
		b.view.observe(s, p, dst)
		return
	}
	clear(dst)
	w.idx = b.enc.Encode(s, p, w.idx[:0])
	for _, k := range w.idx {
		dst[k] = 1
	}
}

// viewOf returns the batch view of g: its action ids' count (its NumActions, as
// the states face reads it) and its compact observation (game.Observer).
func viewOf[S any](g game.Game[S]) batchView[S] {
	v := batchView[S]{numActions: game.MaxActions}
	if n, ok := g.(interface{ NumActions() int }); ok {
		v.numActions = n.NumActions()
	}
	if o, ok := g.(game.Observer[S]); ok {
		v.obsSize, v.observe = o.Observation().Size, o.Observe
	}
	return v
}
