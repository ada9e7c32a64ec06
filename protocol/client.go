package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"
	"time"
)

// Timeouts are a Client's fixed deadlines (docs/protocol.md, "Timing"). A zero field
// takes its default.
type Timeouts struct {
	// Handshake bounds the wait from mep to mepok (10 s).
	Handshake time.Duration
	// Ready bounds the wait for readyok, after isready or newgame (10 s), and the
	// writing of a line to an engine that does not read its input.
	Ready time.Duration
	// Stop bounds the wait for bestturn after stop (1 s).
	Stop time.Duration
	// Quit bounds the wait for the engine's exit after quit, and after it closed its
	// output (1 s).
	Quit time.Duration
	// Strict reads the engine's lines as the protocol writes them and nothing else
	// (docs/protocol.md): an empty line, an info item the protocol does not have, an
	// info line outside a search are protocol errors. Without it the Client reads
	// leniently, as UCI runners do: such lines and items are ignored, with a note
	// (Streams.Notes), and UCI's info items read (see ParseReplyLenient).
	Strict bool
}

// The default Timeouts.
const (
	DefaultHandshakeTimeout = 10 * time.Second
	DefaultReadyTimeout     = 10 * time.Second
	DefaultStopTimeout      = time.Second
	DefaultQuitTimeout      = time.Second
)

// withDefaults returns t with its zero fields set to the defaults.
func (t Timeouts) withDefaults() Timeouts {
	set := func(d *time.Duration, def time.Duration) {
		if *d <= 0 {
			*d = def
		}
	}
	set(&t.Handshake, DefaultHandshakeTimeout)
	set(&t.Ready, DefaultReadyTimeout)
	set(&t.Stop, DefaultStopTimeout)
	set(&t.Quit, DefaultQuitTimeout)
	return t
}

// Host is an engine's process, as the program that started it (package
// external/enginehost) shows it to a Client of Attach: what the Client needs to tell
// how the engine ended and to end it. The Client runs no process itself.
type Host interface {
	// Pid returns the engine's process id.
	Pid() int
	// Exited returns a channel closed when the engine's process has ended.
	Exited() <-chan struct{}
	// Status tells how the process ended, once Exited is closed: zero reports an exit
	// with status 0; how says how it ended otherwise ("exit status 3", "signal:
	// killed", or why its end could not be known).
	Status() (zero bool, how string)
	// Leftover names the engine's processes, but its own, that still run ("123
	// (sleep)"), once Exited is closed.
	Leftover() []string
	// Kill ends the engine: it kills its processes (and what they started, where the
	// system lets them be found) and waits, within a bound, for its process to end.
	// It is called once.
	Kill()
}

// Streams are an engine process's streams, and where the Client writes what it
// reads of its standard error, for Attach.
type Streams struct {
	// In is the engine's standard input. A write to it is bounded by Timeouts.Ready
	// when it has a SetWriteDeadline method (an *os.File pipe has).
	In io.WriteCloser
	// Out is its standard output.
	Out io.ReadCloser
	// Err is its standard error (nil: none), read to its end by the Client.
	Err io.ReadCloser
	// Stderr receives what the engine writes to its standard error (nil: dropped).
	// Its last lines also go to the Tail of faults. What the Client ignores of the
	// engine's output (a stray bestturn: see Client.Go) is written there too, as a
	// line that starts "# colony: ".
	Stderr io.Writer
	// Notes receives a line for what the Client ignores of the engine's output when
	// it reads leniently (Timeouts.Strict unset): each line ignored and the first info
	// item of each unknown name, 20 notes at most (the last says so); nil: they go
	// to Stderr, beside the engine's own lines. (Info lines of the second and later
	// lines of a multipv search are ignored without a note.) It is written from the
	// Client's methods: a Notes that is also Stderr must take writes from two
	// goroutines, as an *os.File does.
	Notes io.Writer
}

// Result is what a search (Client.Go) gave.
type Result struct {
	// Turn is the bestturn's turn ("" when the search failed).
	Turn string
	// Info gathers the search's info lines: each item as the last line that had it
	// gave it (a line without an item leaves the earlier value).
	Info Info
	// Elapsed is the time from the writing of go to the reading of bestturn.
	Elapsed time.Duration
}

// Client is the runner's side of the protocol: it talks to one engine, a process
// over its standard streams (Attach) or over any pair of streams (Connect). Its methods, but Stop,
// Close, Quit and the accessors, are called one at a time; each takes a context and
// enforces the protocol's deadlines, so that none waits for the engine forever.
//
// What the engine does wrong is a *Fault (see Fault.Usable): after any fault but a
// time forfeit the Client has killed the process and its methods return ErrClosed.
// A Client holds a process and goroutines until Close.
type Client struct {
	t       Timeouts
	id      Identity
	version int
	proc    *process // nil for Connect
	closers []io.Closer
	tail    *tail
	// stderrNotes is where the runner's notes on the engine go, beside its standard
	// error (nil: nowhere).
	stderrNotes *tailWriter

	wmu  sync.Mutex // serializes writes (Stop writes while Go waits)
	w    io.Writer
	wbuf []byte
	held []byte // a position's line, written with the next line (see Position)

	// lastPos is the last position sent and its line (ok: it is set).
	lastPos struct {
		start string
		moves []string
		line  []byte
		ok    bool
	}

	lines chan readItem
	done  chan struct{} // closed when the client ends: the reader stops

	// Owned by the method running (one at a time).
	notes        io.Writer       // Streams.Notes
	noted        int             // the lines ignored so far
	notedItems   map[string]bool // the unknown info items noted
	exitSeen     bool
	exitGrace    <-chan time.Time
	pendingReady int  // readyok still to come for an isready given up on
	searched     bool // a search ended: a bestturn now is a stray (see isStray)

	mu        sync.Mutex
	searching bool
	stopSent  bool
	ended     bool
	closing   bool
	stopCh    chan struct{} // Stop tells Go it sent stop

	endOnce   sync.Once
	closeOnce sync.Once
	closeErr  error
}

// process is an engine's process and the reading of its standard error.
type process struct {
	host       Host
	stderr     io.Closer     // its standard error (nil: none)
	stderrDone chan struct{} // closed when its standard error was read to its end
}

// Attach makes the handshake with an engine running as a process of host, over its
// streams s (bounded by ctx and t.Handshake); ctx bounds the handshake only. An
// engine that fails the handshake is a *Fault, its process killed (host.Kill). The
// Client ends the process (Close, or a fault); package external/enginehost starts
// engine programs and attaches them.
func Attach(ctx context.Context, host Host, s Streams, t Timeouts) (*Client, error) {
	tl := &tail{}
	tw := &tailWriter{w: s.Stderr, t: tl}
	proc := &process{host: host, stderrDone: make(chan struct{})}
	if s.Err != nil {
		proc.stderr = s.Err
		go func() {
			_, _ = io.Copy(tw, s.Err)
			tw.flush()
			close(proc.stderrDone)
		}()
	} else {
		close(proc.stderrDone)
	}
	notes := s.Notes
	if notes == nil {
		notes = tailNotes{tw} // beside the engine's standard error, in its log
	}
	c, err := newClient(ctx, s.Out, s.In, t, proc, []io.Closer{s.In, s.Out}, tl, notes)
	if c != nil {
		c.stderrNotes = tw
	}
	return c, err
}

// Connect makes the handshake with an engine that reads w and writes r (an engine
// in the same program, over pipes: see Serve), bounded by ctx and t.Handshake. A
// failed handshake is a *Fault. Close closes r and w when they are io.Closers; a
// write to w is bounded by t.Ready only when w has a SetWriteDeadline method.
func Connect(ctx context.Context, r io.Reader, w io.Writer, t Timeouts) (*Client, error) {
	var closers []io.Closer
	for _, x := range []any{w, r} {
		if c, ok := x.(io.Closer); ok {
			closers = append(closers, c)
		}
	}
	return newClient(ctx, r, w, t, nil, closers, &tail{}, nil)
}

// newClient starts reading r and makes the handshake; on an error the client is
// ended.
func newClient(ctx context.Context, r io.Reader, w io.Writer, t Timeouts, proc *process, closers []io.Closer, tl *tail, notes io.Writer) (*Client, error) {
	c := &Client{
		t: t.withDefaults(), proc: proc, closers: closers, tail: tl, w: w, notes: notes,
		lines: make(chan readItem, 64), done: make(chan struct{}), stopCh: make(chan struct{}, 1),
	}
	go c.readLoop(r)
	if err := c.handshake(ctx); err != nil {
		c.end()
		return nil, err
	}
	return c, nil
}

// readLoop sends the engine's lines to c.lines until a read fails (a line too long
// included) or the client ends.
func (c *Client) readLoop(r io.Reader) {
	br := newLineReader(r)
	for {
		line, err := readLine(br, false)
		if err == nil {
			c.tail.add(line)
		}
		select {
		case c.lines <- readItem{line: line, err: err}:
		case <-c.done:
			return
		}
		if err != nil {
			return
		}
	}
}

// Identity returns what the engine said of itself at the handshake.
func (c *Client) Identity() Identity { return c.id }

// Version returns the protocol version agreed at the handshake.
func (c *Client) Version() int { return c.version }

// Pid returns the engine's process id (0 for a Client of Connect).
func (c *Client) Pid() int {
	if c.proc == nil {
		return 0
	}
	return c.proc.host.Pid()
}

// Usable reports whether the engine can still be used: its process has not ended
// (by a fault or Close).
func (c *Client) Usable() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.ended && !c.closing
}

// check returns ErrClosed, wrapped, when the engine cannot be used.
func (c *Client) check(what string) error {
	if !c.Usable() {
		return fmt.Errorf("protocol: %s: %w", what, ErrClosed)
	}
	return nil
}

// SetOption sets the engine's option name to value ("" is the empty string). An
// option the engine did not declare, or a value it does not take, is an error before
// anything is sent. The engine answers nothing; an "error" it answers comes with the
// next IsReady or NewGame.
func (c *Client) SetOption(ctx context.Context, name, value string) error {
	if err := c.check("setoption"); err != nil {
		return err
	}
	if err := c.id.CheckValue(name, value); err != nil {
		return fmt.Errorf("protocol: setoption: %w", err)
	}
	return c.send(ctx, &SetOptionCommand{Name: name, Value: value})
}

// IsReady sends isready and waits for readyok (Timeouts.Ready): no answer is a
// Stalled fault, an "error" an EngineError. When ctx ends first, the error wraps
// ctx's and the engine stays usable (its readyok will be skipped).
func (c *Client) IsReady(ctx context.Context) error {
	if err := c.check("isready"); err != nil {
		return err
	}
	if err := c.send(ctx, &IsReadyCommand{}); err != nil {
		return err
	}
	return c.awaitReady(ctx, "isready")
}

// NewGame sends newgame and isready and waits for readyok (Timeouts.Ready). A game
// the engine did not declare is an error before anything is sent; its "error"
// (unsupported game) is an EngineError fault, which ends the process.
func (c *Client) NewGame(ctx context.Context, game string) error {
	if err := c.check("newgame"); err != nil {
		return err
	}
	if !c.id.Plays(game) {
		return fmt.Errorf("protocol: newgame: engine %s does not play %s (it plays %s)",
			c.id.Name, game, strings.Join(c.id.Games, ", "))
	}
	if err := c.send(ctx, &NewGameCommand{Game: game}); err != nil {
		return err
	}
	if err := c.send(ctx, &IsReadyCommand{}); err != nil {
		return err
	}
	return c.awaitReady(ctx, "newgame "+game)
}

// Position sends the position to search: start in the game's position notation
// ("" for the game's start position) and the turns played from it. A position that
// cannot be written as one line (a notation holding the word "moves", a turn with a
// space, a line over MaxLine bytes) is an error before anything is sent.
//
// The line is written with the next command's (go, in one write), so that an engine
// reads a turn's two lines at once.
func (c *Client) Position(ctx context.Context, start string, moves []string) error {
	if err := c.check("position"); err != nil {
		return err
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("protocol: position: %w", err)
	}
	if !c.extendPosition(start, moves) {
		line, err := encodeCommand(&PositionCommand{Position: Position{Start: start, Moves: moves}})
		if err != nil {
			c.lastPos.ok = false
			return fmt.Errorf("protocol: %w", err)
		}
		c.lastPos.line = append(c.lastPos.line[:0], line...)
		c.lastPos.start, c.lastPos.moves, c.lastPos.ok = start, append(c.lastPos.moves[:0], moves...), true
	}
	c.wmu.Lock()
	c.held = append(append(c.held[:0], c.lastPos.line...), '\n')
	c.wmu.Unlock()
	return nil
}

// extendPosition writes the line of the position start, moves into c.lastPos when it
// is the last position sent with more turns, checking the new turns only (a runner
// sends the whole game with every turn); it reports whether it did.
func (c *Client) extendPosition(start string, moves []string) bool {
	last := &c.lastPos
	n := len(last.moves)
	if !last.ok || start != last.start || len(moves) < n || !slices.Equal(moves[:n], last.moves) {
		return false
	}
	size := len(last.line)
	for _, m := range moves[n:] {
		size += len(" moves ") + len(m)
		if m == "" || strings.IndexByte(m, ' ') >= 0 || checkLine(m) != nil || size > MaxLine {
			return false // encodeCommand says what is wrong
		}
	}
	for i, m := range moves[n:] {
		if n == 0 && i == 0 {
			last.line = append(last.line, " moves"...)
		}
		last.line = append(append(last.line, ' '), m...)
	}
	last.moves = append(last.moves, moves[n:]...)
	return true
}

// Go sends go with limits and waits for bestturn, calling onInfo (when not nil) with
// each info line. timeout, measured from the writing of go, is the limit plus the
// margin for timed limits (movetime or a clock: Limits.Timed), the move deadline
// otherwise; 0 waits without one (for go infinite: see Stop).
//
// Past the timeout, under timed limits the game is lost on time: Go sends stop and
// waits up to Timeouts.Stop for a bestturn, which it discards, and returns a
// TimeForfeit fault (the engine can go on) or, without one, a Stalled fault; under
// other limits it returns a Stalled fault at once. A bestturn read after the timeout
// is a TimeForfeit too. When ctx ends, Go sends stop and waits up to Timeouts.Stop
// for the bestturn: it returns ctx's error, wrapped, the engine usable if it
// answered. The Result holds what the search told even when Go fails.
//
// A stray bestturn (a second one of a search) read before the next go is written,
// or where a readyok belongs (the next game's newgame), is noted (Streams.Stderr)
// and ignored; one that comes only after the next go was written is taken for that
// go's answer (within the same game: the engine's own next turn).
func (c *Client) Go(ctx context.Context, limits Limits, timeout time.Duration, onInfo func(Info)) (Result, error) {
	var res Result
	if err := c.check("go"); err != nil {
		return res, err
	}
	line, err := encodeCommand(&GoCommand{Limits: limits})
	if err != nil {
		return res, fmt.Errorf("protocol: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return res, fmt.Errorf("protocol: go: %w", err)
	}
	if err := c.drain(); err != nil {
		return res, err
	}
	c.mu.Lock()
	c.searching, c.stopSent = true, false
	select {
	case <-c.stopCh:
	default:
	}
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		c.searching = false
		c.mu.Unlock()
	}()
	if err := c.write(line); err != nil {
		return res, err
	}
	start := time.Now()

	w := waits{ctx: ctx.Done(), stop: c.stopCh}
	if timeout > 0 {
		t := time.NewTimer(timeout)
		defer t.Stop()
		w.deadline = t.C
	}
	armStop := func() {
		if w.stopTimer == nil {
			t := time.NewTimer(c.t.Stop)
			w.stopTimer = t.C
		}
	}
	var forfeit, cancelled bool
	for {
		r, ev, err := c.wait(w)
		if err != nil {
			return res, err
		}
		switch ev {
		case evDeadline:
			w.deadline = nil
			if !limits.Timed() {
				return res, c.fail(Stalled, fmt.Sprintf("no bestturn within the move deadline of %v", timeout))
			}
			forfeit = true
			if err := c.sendStop(); err != nil {
				return res, err
			}
			armStop()
			continue
		case evCtx:
			w.ctx = nil
			cancelled = true
			if err := c.sendStop(); err != nil {
				return res, err
			}
			armStop()
			continue
		case evStop:
			w.stop = nil
			armStop()
			continue
		case evStopTimer:
			switch {
			case cancelled:
				c.end()
				return res, fmt.Errorf("protocol: go: %w (and no bestturn within %v of stop: the engine was killed)", ctx.Err(), c.t.Stop)
			case forfeit:
				return res, c.fail(Stalled, fmt.Sprintf("no bestturn within %v (time forfeit), then none within %v of stop", timeout, c.t.Stop))
			}
			return res, c.fail(Stalled, fmt.Sprintf("no bestturn within %v of stop", c.t.Stop))
		}
		switch r := r.(type) {
		case *InfoReply:
			res.Info.merge(&r.Info)
			if onInfo != nil && !forfeit && !cancelled {
				onInfo(r.Info)
			}
		case *BestTurnReply:
			res.Elapsed = time.Since(start)
			c.searched = true
			switch {
			case cancelled:
				return res, fmt.Errorf("protocol: go: %w", ctx.Err())
			case forfeit || timeout > 0 && res.Elapsed > timeout:
				return res, c.fail(TimeForfeit, fmt.Sprintf("no bestturn within %v (it came after %v)", timeout, res.Elapsed.Round(time.Millisecond)))
			}
			res.Turn = r.Turn
			c.searched = true
			return res, nil
		case *ErrorReply:
			return res, c.fail(EngineError, fmt.Sprintf("answered %s to go", quoteShort(r.String())))
		default:
			return res, c.fail(ProtocolError, fmt.Sprintf("%s while searching", quoteShort(r.String())))
		}
	}
}

// merge sets the items of in that are given.
func (i *Info) merge(in *Info) {
	if in.Depth != 0 {
		i.Depth = in.Depth
	}
	if in.Score.Kind != NoScore {
		i.Score = in.Score
	}
	if in.Nodes != 0 {
		i.Nodes = in.Nodes
	}
	if in.NPS != 0 {
		i.NPS = in.NPS
	}
	if in.Time != 0 {
		i.Time = in.Time
	}
	if len(in.PV) > 0 {
		i.PV = append(i.PV[:0:0], in.PV...)
	}
	if in.Text != "" {
		i.Text = in.Text
	}
	if in.SelDepth != 0 {
		i.SelDepth = in.SelDepth
	}
	if in.HashFull != 0 {
		i.HashFull = in.HashFull
	}
}

// Stop asks the engine searching for Go's turn now: it sends stop, and Go then waits
// up to Timeouts.Stop for the bestturn (without it, a Stalled fault). It may be
// called from another goroutine while Go runs (the way to end go infinite); when no
// search runs it does nothing.
func (c *Client) Stop() error {
	c.mu.Lock()
	if !c.searching || c.stopSent || c.ended {
		c.mu.Unlock()
		return nil
	}
	c.stopSent = true
	c.mu.Unlock()
	if err := c.writeLine("stop", time.Now().Add(c.t.Ready)); err != nil {
		return fmt.Errorf("protocol: stop: %w", err) // Go finds what happened
	}
	select {
	case c.stopCh <- struct{}{}:
	default:
	}
	return nil
}

// sendStop sends stop unless Stop did.
func (c *Client) sendStop() error {
	c.mu.Lock()
	sent := c.stopSent
	c.stopSent = true
	c.mu.Unlock()
	if sent {
		return nil
	}
	return c.write("stop")
}

// Close ends the engine: it sends quit, waits up to Timeouts.Quit for the process
// to exit, then kills it (Host.Kill: its process group, and on Linux what it
// started). It may be called at any time, from any
// goroutine, any number of times (a method running returns ErrClosed), after a fault
// too; the error says when the engine had to be killed.
func (c *Client) Close() error { return c.Quit(context.Background()) }

// Quit is Close with the wait for the exit also bounded by ctx.
func (c *Client) Quit(ctx context.Context) error {
	c.closeOnce.Do(func() { c.closeErr = c.quit(ctx) })
	return c.closeErr
}

func (c *Client) quit(ctx context.Context) error {
	c.mu.Lock()
	ended := c.ended
	c.closing = true
	c.mu.Unlock()
	if ended {
		c.end()
		return nil
	}
	t := time.NewTimer(c.t.Quit)
	defer t.Stop()
	// A stream without write deadlines may block the write: end() unblocks it.
	wrote := make(chan struct{})
	go func() {
		_ = c.writeLine("quit", time.Now().Add(c.t.Quit)) // an engine gone already is fine
		close(wrote)
	}()
	if c.proc == nil {
		select {
		case <-wrote:
		case <-t.C:
		}
		c.end()
		return nil
	}
	var why string
	select {
	case <-c.proc.host.Exited():
		// The engine exited: what it started and left running is killed with its
		// group, and named.
		left := c.proc.host.Leftover()
		c.end()
		if len(left) > 0 {
			return fmt.Errorf("protocol: engine %s exited, but left %d process(es) running: killed %s",
				c.id.Name, len(left), strings.Join(left, ", "))
		}
		return nil
	case <-t.C:
		why = fmt.Sprintf("did not exit within %v of quit", c.t.Quit)
	case <-ctx.Done():
		why = fmt.Sprintf("quit interrupted (%v)", ctx.Err())
	}
	c.end()
	return fmt.Errorf("protocol: engine %s %s: killed", c.id.Name, why)
}

// end ends the client: it kills the engine's processes (Host.Kill) and waits for
// the process, closes the streams and stops the reader. It is idempotent.
func (c *Client) end() {
	c.endOnce.Do(func() {
		c.mu.Lock()
		c.ended = true
		c.mu.Unlock()
		if p := c.proc; p != nil {
			p.host.Kill()
			// What the engine wrote to its standard error is read to its end, unless a
			// process that escaped holds the pipe.
			select {
			case <-p.stderrDone:
			case <-time.After(c.t.Quit):
			}
			if p.stderr != nil {
				_ = p.stderr.Close()
			}
		}
		close(c.done)
		for _, cl := range c.closers {
			_ = cl.Close()
		}
	})
}

// send writes the line of cmd; a command that cannot be written, or a ctx done, is
// an error before anything is written.
func (c *Client) send(ctx context.Context, cmd Command) error {
	line, err := encodeCommand(cmd)
	if err != nil {
		return fmt.Errorf("protocol: %w", err)
	}
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("protocol: %s: %w", commandName(cmd), err)
	}
	return c.write(line)
}

// write writes line within Timeouts.Ready; a failure is the engine's fault (or
// ErrClosed once closing).
func (c *Client) write(line string) error {
	err := c.writeLine(line, time.Now().Add(c.t.Ready))
	switch {
	case err == nil:
		return nil
	case c.isClosing():
		return fmt.Errorf("protocol: %w", ErrClosed)
	case errors.Is(err, os.ErrDeadlineExceeded):
		return c.fail(Stalled, fmt.Sprintf("the engine did not read its input within %v", c.t.Ready))
	}
	return c.exitFault(fmt.Sprintf("writing %s: %v", quoteShort(line), err))
}

// writeLine writes line and its end, with a write deadline when the stream has them.
func (c *Client) writeLine(line string, deadline time.Time) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wbuf = append(append(append(c.wbuf[:0], c.held...), line...), '\n')
	c.held = c.held[:0]
	if d, ok := c.w.(interface{ SetWriteDeadline(time.Time) error }); ok {
		_ = d.SetWriteDeadline(deadline)
	}
	_, err := c.w.Write(c.wbuf)
	return err
}

// isClosing reports whether Close was called (or the client ended).
func (c *Client) isClosing() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.closing || c.ended
}

// The events of wait, besides a reply.
type event uint8

const (
	evReply     event = iota
	evCtx             // waits.ctx is done
	evDeadline        // waits.deadline fired
	evStopTimer       // waits.stopTimer fired
	evStop            // waits.stop: Stop sent stop
)

// waits are the channels wait also waits on (nil: not).
type waits struct {
	ctx       <-chan struct{}
	deadline  <-chan time.Time
	stopTimer <-chan time.Time
	stop      <-chan struct{}
}

// wait returns the engine's next reply (evReply) or the first of w's events. A line
// the protocol does not allow, the engine's exit or the end of its output is a fault
// (the engine is ended); the client's end is ErrClosed. A readyok owed to an isready
// given up on is skipped.
func (c *Client) wait(w waits) (Reply, event, error) {
	for {
		var exited <-chan struct{}
		if c.proc != nil && !c.exitSeen {
			exited = c.proc.host.Exited()
		}
		select {
		case it := <-c.lines:
			if it.err != nil {
				return nil, 0, c.readFault(it.err)
			}
			r, err := c.parse(it.line)
			if err != nil {
				return nil, 0, c.fail(ProtocolError, err.Error())
			}
			if r == nil {
				continue // ignored (lenient reading)
			}
			if _, ok := r.(*ReadyOKReply); ok && c.pendingReady > 0 {
				c.pendingReady--
				continue
			}
			return r, evReply, nil
		case <-exited:
			// The lines written before the exit are still to be read: the end of the
			// output comes after them, unless a process the engine started holds it.
			c.exitSeen = true
			c.exitGrace = time.After(c.t.Quit)
		case <-c.exitGrace:
			return nil, 0, c.exitFault("its output stayed open after it exited")
		case <-c.done:
			return nil, 0, fmt.Errorf("protocol: %w", ErrClosed)
		case <-w.ctx:
			return nil, evCtx, nil
		case <-w.deadline:
			return nil, evDeadline, nil
		case <-w.stopTimer:
			return nil, evStopTimer, nil
		case <-w.stop:
			return nil, evStop, nil
		}
	}
}

// drain reads the lines the engine wrote when it had nothing to answer (a stray
// bestturn or info after its last search, an error answered to position), without
// waiting: a stray bestturn is noted and ignored (isStray), another such line is a
// fault (an EngineError for an error, a ProtocolError for another line), so that it
// is not taken for the answer to the next command.
func (c *Client) drain() error {
	for {
		select {
		case it := <-c.lines:
			if it.err != nil {
				return c.readFault(it.err)
			}
			r, err := c.parse(it.line)
			switch {
			case err != nil:
				return c.fail(ProtocolError, err.Error())
			case r == nil:
				continue // ignored (lenient reading)
			case c.pendingReady > 0 && isReadyOK(r):
				c.pendingReady--
				continue
			case c.isStray(r):
				continue
			}
			if _, ok := r.(*ErrorReply); ok {
				return c.fail(EngineError, fmt.Sprintf("answered %s (to position)", quoteShort(it.line)))
			}
			return c.fail(ProtocolError, fmt.Sprintf("%s when not searching", quoteShort(it.line)))
		default:
			return nil
		}
	}
}

// maxNotes is how many ignored lines a Client notes (Streams.Notes).
const maxNotes = 20

// parse reads a line of the engine: strictly (Timeouts.Strict) or leniently
// (ParseReplyLenient). A nil Reply without an error is a line the lenient reading
// ignores: an empty line, an info line outside a search, an info line of another
// line than the first when the engine reports several (multipv 2 and more); the
// first two are noted, as are the unknown items of the info lines kept.
func (c *Client) parse(line string) (Reply, error) {
	if c.t.Strict {
		return ParseReply(line)
	}
	r, ignored, err := ParseReplyLenient(line)
	if err != nil {
		return nil, err
	}
	for _, item := range ignored {
		if !c.notedItems[item] {
			if c.notedItems == nil {
				c.notedItems = map[string]bool{}
			}
			c.notedItems[item] = true
			c.note(fmt.Sprintf("ignored the info item %s (and its value) of %s; it is not noted again", quoteShort(item), quoteShort(line)))
		}
	}
	in, isInfo := r.(*InfoReply)
	switch {
	case r == nil:
		c.note("ignored an empty line")
	case isInfo && !c.isSearching():
		c.note(fmt.Sprintf("ignored %s outside a search", quoteShort(line)))
	case isInfo && in.Info.MultiPV > 1:
	default:
		return r, nil
	}
	return nil, nil
}

// note writes a line to the notes, the first maxNotes only.
func (c *Client) note(text string) {
	c.noted++
	if c.notes == nil || c.noted > maxNotes {
		return
	}
	if c.noted == maxNotes {
		text += " (the last line ignored that is noted)"
	}
	fmt.Fprintf(c.notes, "# mep: %s\n", text)
}

// isSearching reports whether Go runs.
func (c *Client) isSearching() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.searching
}

// isStray reports whether r is a stray bestturn: one read after a search ended
// (its bestturn read, or given up on) and before the next go; if so, it is noted
// (Streams.Stderr) and is to be ignored.
func (c *Client) isStray(r Reply) bool {
	b, ok := r.(*BestTurnReply)
	if !ok || !c.searched {
		return false
	}
	c.stderrNotes.note(fmt.Sprintf("ignored a stray %s after the search's bestturn", quoteShort(b.String())))
	return true
}

// isReadyOK reports whether r is readyok.
func isReadyOK(r Reply) bool {
	_, ok := r.(*ReadyOKReply)
	return ok
}

// readFault is the fault of a failed read of the engine's output.
func (c *Client) readFault(err error) error {
	switch {
	case c.isClosing():
		return fmt.Errorf("protocol: %w", ErrClosed)
	case errors.Is(err, errLineTooLong):
		return c.fail(ProtocolError, errLineTooLong.Error())
	case errors.Is(err, io.EOF):
		return c.exitFault("")
	}
	return c.exitFault(fmt.Sprintf("reading its output: %v", err))
}

// exitFault is the fault of an engine that closed its output or exited: Crashed
// for an exit with a non-zero status or a signal, Disconnected for status 0 or an
// output closed without an exit (within Timeouts.Quit). what says more ("" for
// nothing).
func (c *Client) exitFault(what string) error {
	if c.isClosing() {
		return fmt.Errorf("protocol: %w", ErrClosed)
	}
	if what != "" {
		what = " (" + what + ")"
	}
	if c.proc == nil {
		return c.fail(Disconnected, "the engine closed its output"+what)
	}
	t := time.NewTimer(c.t.Quit)
	defer t.Stop()
	select {
	case <-c.proc.host.Exited():
	case <-t.C:
		return c.fail(Disconnected, fmt.Sprintf("the engine closed its output and did not exit within %v%s", c.t.Quit, what))
	}
	select { // its last words on its standard error go to the fault's tail
	case <-c.proc.stderrDone:
	case <-t.C:
	}
	if zero, how := c.proc.host.Status(); !zero {
		return c.fail(Crashed, fmt.Sprintf("the engine ended: %s%s", how, what))
	}
	return c.fail(Disconnected, "the engine exited with status 0"+what)
}

// Fault returns a fault of the engine that the caller found (an illegal move: the
// caller knows the game, the Client does not), with the engine's last lines in its
// Detail and Tail, as the Client's own faults have them. A reason that leaves the
// engine unusable (see Fault.Usable) ends the client.
func (c *Client) Fault(reason, detail string) *Fault { return c.fail(reason, detail) }

// fail returns the fault reason with detail and the engine's last lines, and ends
// the client unless the fault leaves the engine usable.
func (c *Client) fail(reason, detail string) *Fault {
	f := &Fault{Reason: reason, Detail: detail, Tail: c.tail.snapshot()}
	if len(f.Tail) > 0 {
		q := make([]string, len(f.Tail))
		for i, l := range f.Tail {
			q[i] = quoteShort(l)
		}
		f.Detail += "; last lines: " + strings.Join(q, ", ")
	}
	if !f.Usable() {
		c.end()
	}
	return f
}

// handshake sends mep and reads the identity up to mepok.
func (c *Client) handshake(ctx context.Context) error {
	if err := c.send(ctx, &MepCommand{Version: Version}); err != nil {
		return err
	}
	t := time.NewTimer(c.t.Handshake)
	defer t.Stop()
	w := waits{ctx: ctx.Done(), deadline: t.C}
	for {
		r, ev, err := c.wait(w)
		if err != nil {
			return err
		}
		switch ev {
		case evCtx:
			return fmt.Errorf("protocol: handshake: %w", ctx.Err())
		case evDeadline:
			return c.fail(Stalled, fmt.Sprintf("no mepok within %v of mep", c.t.Handshake))
		}
		switch r := r.(type) {
		case *IDReply:
			if r.Key == "name" {
				c.id.Name = r.Text
			} else {
				c.id.Author = r.Text
			}
		case *OptionReply:
			if _, dup := c.id.Option(r.Option.Name); dup {
				return c.fail(ProtocolError, fmt.Sprintf("option %s declared twice", r.Option.Name))
			}
			c.id.Options = append(c.id.Options, r.Option)
		case *GamesReply:
			c.id.Games = append(c.id.Games, r.Games...)
		case *MepOKReply:
			switch {
			case r.Version > Version:
				return c.fail(ProtocolError, fmt.Sprintf("mepok %d: the runner speaks version %d at most", r.Version, Version))
			case c.id.Name == "":
				return c.fail(ProtocolError, "mepok before id name")
			}
			c.version = r.Version
			return nil
		case *ErrorReply:
			return c.fail(EngineError, fmt.Sprintf("answered %s to mep", quoteShort(r.String())))
		default:
			return c.fail(ProtocolError, fmt.Sprintf("%s during the handshake", quoteShort(r.String())))
		}
	}
}

// awaitReady waits for readyok after what (isready, newgame).
func (c *Client) awaitReady(ctx context.Context, what string) error {
	t := time.NewTimer(c.t.Ready)
	defer t.Stop()
	r, ev, err := c.wait(waits{ctx: ctx.Done(), deadline: t.C})
	for err == nil && ev == evReply && c.isStray(r) {
		r, ev, err = c.wait(waits{ctx: ctx.Done(), deadline: t.C})
	}
	switch {
	case err != nil:
		return err
	case ev == evCtx:
		c.pendingReady++
		return fmt.Errorf("protocol: %s: %w", what, ctx.Err())
	case ev == evDeadline:
		return c.fail(Stalled, fmt.Sprintf("no readyok within %v of %s", c.t.Ready, what))
	}
	switch r := r.(type) {
	case *ReadyOKReply:
		return nil
	case *ErrorReply:
		return c.fail(EngineError, fmt.Sprintf("answered %s (to %s)", quoteShort(r.String()), what))
	}
	return c.fail(ProtocolError, fmt.Sprintf("%s where readyok belongs (after %s)", quoteShort(r.String()), what))
}
