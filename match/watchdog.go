package match

import (
	"context"
	"fmt"
	"slices"
	"sync/atomic"
	"time"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/search"
)

// The watchdog of watched moves (see the package doc): a timed move, or any move when
// Limits.MoveTimeout is set, runs the player's Play on a goroutine of its own, so
// that the worker can stop waiting for a player that does not return.

// stallFloor is the least time past a timed move's time that the runner waits for
// the reply before it abandons the player, whatever the margin: a player that is
// only a little late (its search notices the deadline a moment after it, the machine
// is busy) then loses on time by the margin's check ("took ...", "over its time by
// ...") and is closed by its worker, instead of being left running. A Margin of 0
// thus waits stallFloor; a larger Margin waits the margin.
const stallFloor = 100 * time.Millisecond

// maxCancelWait bounds how long a cancelled run waits for a watched move to return
// before it abandons the player (it waits the margin, at least stallFloor).
const maxCancelWait = time.Second

// stallGrace is how long past a timed move's time the runner waits for the reply:
// the margin, and at least stallFloor.
func stallGrace(l record.Limits) time.Duration { return max(l.Margin, stallFloor) }

// stallDetail is the forfeit detail of a player abandoned after waiting watch for
// its move, with left on its clock when the move started (time controls).
func stallDetail(l record.Limits, watch, left time.Duration) string {
	after := watch.Round(time.Millisecond)
	switch {
	case l.MoveTime > 0:
		return fmt.Sprintf("no reply after %v for a move time of %v", after, l.MoveTime)
	case l.TimeControl.Base > 0:
		return fmt.Sprintf("no reply after %v, with %v on its clock", after, left.Round(time.Millisecond))
	}
	return fmt.Sprintf("no reply after %v, the move timeout", after)
}

// The states of a moveCall.
const (
	callRunning   int32 = iota // Play has not returned, the worker waits
	callReturned               // Play returned first: the reply is (or will be) in the channel
	callAbandoned              // the worker stopped waiting first: the goroutine owns the player
)

// The outcomes of a watched move.
const (
	moveReturned = iota // the player replied in time: see the reply
	moveStalled         // the player was abandoned past its time
	moveAborted         // the run was cancelled (the player may have been abandoned)
)

// moveCall runs a player's Play on a goroutine of its own. A worker keeps one per seat
// and reuses it from move to move until a player is abandoned in it; then the call
// belongs to the goroutine, which closes the player when Play returns (after the
// worker has closed the game's other player: release).
type moveCall[S any] struct {
	p   search.Player[S]
	ctx context.Context
	// course is the game so far, for a search.CoursePlayer (its own copy).
	course *search.Course
	// s is the player's own copy of the position: an abandoned Play may still read it
	// while the worker plays other games.
	s     S
	state atomic.Int32
	reply chan moveReply // buffered: the goroutine never blocks on it
	// release is closed by the worker when it is done with the game of the player
	// abandoned in this call (the other player closed, the tables left alone).
	release chan struct{}
}

// moveReply is what a watched move came to.
type moveReply struct {
	outcome int
	d       search.Decision
	err     error
	// took is the time Play took, measured on its goroutine.
	took time.Duration
	// panicked reports a panic in Play, with its value.
	panicked   bool
	panicValue any
}

// run plays the call's move and hands the reply to the worker, or, if the worker has
// abandoned the call, closes the player once the worker releases it.
func (c *moveCall[S]) run() {
	r := c.play()
	if c.state.CompareAndSwap(callRunning, callReturned) {
		c.reply <- r
		return
	}
	<-c.release
	_ = closePlayer(c.p) // no one to report to: the run may be over
}

// play calls Play, turning a panic into a reply.
func (c *moveCall[S]) play() (r moveReply) {
	start := time.Now()
	defer func() {
		r.took = time.Since(start)
		if v := recover(); v != nil {
			r.panicked, r.panicValue = true, v
		}
	}()
	r.d, r.err = playMove(c.ctx, c.p, c.course, &c.s)
	return r
}

// watchedPlay plays p's move in s (seat's turn) on the goroutine of seat's call,
// with a context that ends after budget (none if 0) or when ctx ends, and waits for
// the reply until watch has passed: then the player is abandoned (moveStalled). When
// ctx ends first, it waits a little for the reply (min(stallGrace, maxCancelWait))
// and abandons the player if none comes (moveAborted either way). The move's context
// is cancelled when watchedPlay returns.
func (w *worker[S]) watchedPlay(ctx context.Context, seat int, p search.Player[S], course *search.Course, s *S, budget, watch time.Duration) moveReply {
	c := w.calls[seat]
	if c == nil {
		c = &moveCall[S]{reply: make(chan moveReply, 1), release: make(chan struct{})}
		w.calls[seat] = c
	}
	var cancel context.CancelFunc
	if budget > 0 {
		c.ctx, cancel = context.WithTimeout(ctx, budget)
	} else {
		c.ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	c.p, c.s, c.course = p, *s, nil
	if course != nil {
		// An abandoned Play may read its course while the worker plays on.
		c.course = &search.Course{Start: course.Start, Turns: slices.Clone(course.Turns), Timing: course.Timing}
	}
	c.state.Store(callRunning)
	go c.run()

	if w.timer == nil {
		w.timer = time.NewTimer(watch)
	} else {
		w.timer.Reset(watch)
	}
	defer w.timer.Stop()
	select {
	case r := <-c.reply:
		return r
	case <-w.timer.C:
		if r, ok := w.abandon(seat, c); !ok {
			return r // it returned just now: the margin's check judges it
		}
		return moveReply{outcome: moveStalled}
	case <-ctx.Done():
	}
	// The run is cancelled, and so is the move's context: a player that heeds it
	// returns at once.
	w.timer.Reset(min(stallGrace(w.cfg.Limits), maxCancelWait))
	select {
	case <-c.reply:
	case <-w.timer.C:
		w.abandon(seat, c)
	}
	return moveReply{outcome: moveAborted}
}

// abandon gives up seat's call c: the worker will not use its player again, and
// leaves it, with the game's tables, to the goroutine of its Play. If Play has just
// returned, abandon returns its reply and false instead.
func (w *worker[S]) abandon(seat int, c *moveCall[S]) (moveReply, bool) {
	if !c.state.CompareAndSwap(callRunning, callAbandoned) {
		return <-c.reply, false
	}
	w.calls[seat] = nil
	w.stalled, w.stalledSeat = c, seat
	// The player may still take or give back a table of the game's Tables: the next
	// games get a new one.
	w.tables = new(search.Tables)
	w.opts.Closes.addAbandoned()
	return moveReply{}, true
}

// addAbandoned counts an abandoned player.
func (c *Closes) addAbandoned() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.abandoned++
}

// Abandoned returns the number of abandoned players.
func (c *Closes) Abandoned() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.abandoned
}
