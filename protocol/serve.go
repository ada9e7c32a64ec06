package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"
	"time"
)

// Handler is an engine, for Serve: what the toolkit's players, or any program's
// search, implement to speak MEP. Serve calls its methods from one goroutine at a
// time, Search from a goroutine of its own.
type Handler interface {
	// Identity returns the engine's name (required), author, options and games.
	// Serve calls it once, before reading anything.
	Identity() Identity
	// SetOption sets an option Identity declares to a value it takes (Serve checks
	// both first). An error is answered "error TEXT".
	SetOption(name, value string) error
	// NewGame starts a game of game, the game's name with its rule set
	// ("kalah:6x4"). An error that wraps ErrUnsupportedGame is answered "error
	// unsupported game GAME", another "error TEXT".
	NewGame(game string) error
	// Search searches pos, whose last position's side to move is the engine's,
	// within limits and returns one whole turn in the game's turn notation. It may
	// call info, one call at a time, until it returns. When ctx is done (stop, quit,
	// or Serve's end) it returns at once with the best turn it has. An error is
	// answered "error TEXT" instead of bestturn (a position it cannot read, a game
	// that is over). Under go infinite, Serve holds the turn back until stop.
	Search(ctx context.Context, pos Position, limits Limits, info func(Info)) (string, error)
}

// ErrUnsupportedGame is what a Handler's NewGame wraps to refuse a game it cannot
// play.
var ErrUnsupportedGame = errors.New("unsupported game")

// Serve speaks MEP for h, reading commands from in and writing replies to out (an
// engine program passes os.Stdin and os.Stdout): it answers mep with h's identity,
// checks setoption against the options declared, answers isready at once (during a
// search too), runs each go's Search in a goroutine so that stop, isready and quit
// are read while it searches, writes its info lines and its bestturn, answers
// "error TEXT" to what it cannot carry out, and flushes out after every line.
//
// Serve returns nil after quit or at the end of in, ctx's error when ctx is done,
// and the error of a failed write or read; a search running is stopped (its ctx
// canceled) and waited for first, its turn not written. Serve does not wait for a
// read of in that does not return: the goroutine reading in ends with in's next
// line or its end.
func Serve(ctx context.Context, in io.Reader, out io.Writer, h Handler) error {
	s := &server{h: h, id: h.Identity(), out: bufio.NewWriter(out), results: make(chan searchResult, 1)}
	if err := s.id.validate(); err != nil {
		return fmt.Errorf("protocol: serve: the engine's identity: %w", err)
	}
	lines := make(chan readItem)
	stopRead := make(chan struct{})
	defer close(stopRead)
	defer s.flushInfo()
	defer s.stopSearching() // after the deferred or explicit aborts
	go func() {
		br := newLineReader(in)
		for {
			line, err := readLine(br, true)
			select {
			case lines <- readItem{line: line, err: err}:
			case <-stopRead:
				return
			}
			if err != nil && !errors.Is(err, errLineTooLong) {
				return
			}
		}
	}()
	for {
		var err error
		select {
		case <-ctx.Done():
			s.abort()
			return ctx.Err()
		case it := <-lines:
			switch {
			case errors.Is(it.err, errLineTooLong):
				err = s.replyError(errLineTooLong.Error())
			case errors.Is(it.err, io.EOF):
				s.abort()
				return nil
			case it.err != nil:
				s.abort()
				return fmt.Errorf("protocol: serve: reading commands: %w", it.err)
			default:
				var quit bool
				quit, err = s.handle(ctx, it.line)
				if quit && err == nil {
					s.abort()
					return nil
				}
			}
		case r := <-s.results:
			err = s.finish(r)
		}
		if err == nil {
			err = s.writeErr()
		}
		if err != nil {
			s.abort()
			return fmt.Errorf("protocol: serve: %w", err)
		}
	}
}

// server is the state of a Serve.
type server struct {
	h       Handler
	id      Identity
	started bool      // mep was answered
	pos     *Position // the last position, nil before one
	posLine string    // its line
	search  *search   // the search running, nil when none
	results chan searchResult
	jobs    chan func() // to the searching goroutine (nil before the first go)

	wmu  sync.Mutex
	out  *bufio.Writer
	werr error // the first failed write
	// flushTimer flushes the info lines written without a flush (see writeInfo);
	// pending says that it is armed.
	flushTimer *time.Timer
	pending    bool
	scratch    []byte // an info line being checked
}

// infoFlushDelay is the longest an info line waits in the output's buffer: the
// lines of a short search go out with its bestturn, in one write.
const infoFlushDelay = 5 * time.Millisecond

// search is a search running.
type search struct {
	cancel context.CancelFunc
	done   chan struct{} // closed when its goroutine ended

	mu   sync.Mutex
	over bool // Search returned: info is refused
}

// searchResult is what a search's goroutine sends Serve.
type searchResult struct {
	s    *search
	turn string
	err  error
}

// handle carries out one command line; quit reports a quit.
func (s *server) handle(ctx context.Context, line string) (quit bool, err error) {
	if p, ok := s.extendPosition(line); ok && s.started && s.search == nil {
		s.pos, s.posLine = p, line
		return false, nil
	}
	c, err := ParseCommand(line)
	if err != nil {
		return false, s.replyError(err.Error())
	}
	if _, ok := c.(*QuitCommand); ok {
		return true, nil
	}
	if _, ok := c.(*MepCommand); !ok && !s.started {
		return false, s.replyError(fmt.Sprintf("%s before mep", commandName(c)))
	}
	if s.search != nil {
		switch c.(type) {
		case *IsReadyCommand:
			return false, s.writeLine(&ReadyOKReply{})
		case *StopCommand:
			s.search.cancel()
			return false, nil
		}
		return false, s.replyError(fmt.Sprintf("%s while searching (send stop first)", commandName(c)))
	}
	switch c := c.(type) {
	case *MepCommand:
		s.started = true
		for _, r := range s.id.lines() {
			if err := s.writeLine(r); err != nil {
				return false, err
			}
		}
		return false, s.writeLine(&MepOKReply{Version: min(c.Version, Version)})
	case *SetOptionCommand:
		if err := s.id.CheckValue(c.Name, c.Value); err != nil {
			return false, s.replyError(err.Error())
		}
		if err := s.h.SetOption(c.Name, c.Value); err != nil {
			return false, s.replyError(fmt.Sprintf("option %s: %v", c.Name, err))
		}
	case *IsReadyCommand:
		return false, s.writeLine(&ReadyOKReply{})
	case *NewGameCommand:
		s.pos, s.posLine = nil, ""
		err := ErrUnsupportedGame
		if s.id.Plays(c.Game) {
			err = s.h.NewGame(c.Game)
		}
		switch {
		case errors.Is(err, ErrUnsupportedGame):
			return false, s.replyError("unsupported game " + c.Game)
		case err != nil:
			return false, s.replyError(err.Error())
		}
	case *PositionCommand:
		p := c.Position
		s.pos, s.posLine = &p, trimEnd(line)
	case *GoCommand:
		if s.pos == nil {
			return false, s.replyError("go without a position (send position first)")
		}
		s.start(ctx, *s.pos, c.Limits)
	case *StopCommand: // not searching: nothing to stop
	}
	return false, nil
}

// extendPosition reads line when it is the last position's line with more turns (a
// runner sends the whole game with every turn): only the new turns are read. It
// returns false for any other line, which ParseCommand then reads (and explains).
func (s *server) extendPosition(line string) (*Position, bool) {
	last := s.pos
	if last == nil || len(line) <= len(s.posLine) || len(line) > MaxLine ||
		!strings.HasPrefix(line, s.posLine) || line[len(s.posLine)] != ' ' {
		return nil, false
	}
	tail := line[len(s.posLine)+1:]
	if len(last.Moves) == 0 {
		// "position start" or "position set NOTATION": the turns come after "moves"
		// (a notation that goes on is another position).
		var ok bool
		if tail, ok = strings.CutPrefix(tail, "moves "); !ok {
			return nil, false
		}
	}
	if checkLine(tail) != nil {
		return nil, false
	}
	p := &Position{Start: last.Start, Moves: slices.Clip(last.Moves)}
	for sc := newScanner(tail); ; {
		w, ok, err := sc.next()
		if err != nil {
			return nil, false
		}
		if !ok {
			return p, true
		}
		p.Moves = append(p.Moves, w)
	}
}

// commandName returns the first word of c's line.
func commandName(c Command) string {
	name, _, _ := strings.Cut(c.String(), " ")
	return name
}

// start starts a search, on the server's searching goroutine: one goroutine for
// every search, so that the stack a deep search grew is kept for the next (a new
// goroutine would grow it again, copying it, at every turn).
func (s *server) start(ctx context.Context, pos Position, limits Limits) {
	sctx, cancel := context.WithCancel(ctx)
	sr := &search{cancel: cancel, done: make(chan struct{})}
	s.search = sr
	if s.jobs == nil {
		s.jobs = make(chan func())
		go func() {
			for job := range s.jobs {
				job()
			}
		}()
	}
	s.jobs <- func() {
		defer close(sr.done)
		turn, err := s.h.Search(sctx, pos, limits, sr.info(s))
		if err == nil && limits.Infinite {
			<-sctx.Done() // go infinite: the turn waits for stop
		}
		sr.mu.Lock()
		sr.over = true
		sr.mu.Unlock()
		s.results <- searchResult{s: sr, turn: turn, err: err}
	}
}

// stopSearching ends the searching goroutine (after abort: no search runs).
func (s *server) stopSearching() {
	if s.jobs != nil {
		close(s.jobs)
		s.jobs = nil
	}
}

// info returns the info function of a search: it writes the info lines until the
// search returns. An Info with a PV and a Text is written as two lines; an Info that
// cannot be written (a turn with a space, a line too long) is dropped.
func (sr *search) info(s *server) func(Info) {
	return func(in Info) {
		sr.mu.Lock()
		defer sr.mu.Unlock()
		if sr.over {
			return
		}
		// A failed write is found by Serve's loop.
		if len(in.PV) > 0 && in.Text != "" {
			text := Info{Text: in.Text}
			in.Text = ""
			s.writeInfo(&InfoReply{Info: in})
			s.writeInfo(&InfoReply{Info: text})
			return
		}
		s.writeInfo(&InfoReply{Info: in})
	}
}

// writeInfo writes an info line, unless it does not read back as r (a turn with a
// space, a line too long: then it is dropped), without flushing: the line goes out
// with the next line that is flushed (the bestturn), or infoFlushDelay later.
func (s *server) writeInfo(r *InfoReply) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if s.werr != nil {
		return
	}
	s.scratch = r.AppendLine(s.scratch[:0])
	if !infoFits(&r.Info, s.scratch) {
		return
	}
	s.scratch = append(s.scratch, '\n')
	if _, err := s.out.Write(s.scratch); err != nil {
		s.werr = fmt.Errorf("writing replies: %w", err)
		return
	}
	if s.pending {
		return
	}
	s.pending = true
	if s.flushTimer == nil {
		s.flushTimer = time.AfterFunc(infoFlushDelay, s.flushInfo)
	} else {
		s.flushTimer.Reset(infoFlushDelay)
	}
}

// flushInfo flushes the info lines written since the last flush.
func (s *server) flushInfo() {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if !s.pending || s.werr != nil {
		return
	}
	s.pending = false
	if err := s.out.Flush(); err != nil {
		s.werr = fmt.Errorf("writing replies: %w", err)
	}
}

// infoFits reports whether line, the line of in, reads back as in. A line of turns
// only (the common one: a PV) is checked directly, each turn a word of the line;
// one with a text is read back with ParseReply and compared.
func infoFits(in *Info, line []byte) bool {
	if len(line) > MaxLine {
		return false
	}
	sc := in.Score
	numbersFit := in.Depth >= 0 && in.Time >= 0 && in.Time.Milliseconds() <= maxMillis && sc.Kind <= LossScore &&
		(sc.Kind == ValueScore || !sc.HasMargin || sc.Value >= 0)
	if in.Text == "" && numbersFit {
		for _, t := range in.PV {
			if t == "" || strings.IndexByte(t, ' ') >= 0 || checkLine(t) != nil {
				return false
			}
		}
		return true
	}
	back, err := ParseReply(string(line))
	if err != nil {
		return false
	}
	b, ok := back.(*InfoReply)
	return ok && sameInfo(&b.Info, in)
}

// sameInfo reports whether a is b as a line carries it (times in whole
// milliseconds).
func sameInfo(a, b *Info) bool {
	return a.Depth == b.Depth && a.Score == b.Score && a.Nodes == b.Nodes && a.NPS == b.NPS &&
		a.Time == b.Time.Truncate(time.Millisecond) && slices.Equal(a.PV, b.PV) && a.Text == b.Text
}

// finish writes the result of the search that ended.
func (s *server) finish(r searchResult) error {
	s.search = nil
	r.s.cancel()
	if r.err != nil {
		return s.replyError(r.err.Error())
	}
	reply := &BestTurnReply{Turn: r.turn}
	if _, err := encodeReply(reply); err != nil {
		return s.replyError(fmt.Sprintf("the engine's turn %s cannot be sent: %v", quoteShort(r.turn), err))
	}
	return s.writeLine(reply)
}

// abort stops the search running, if any, and waits for it; its result is dropped.
func (s *server) abort() {
	if s.search == nil {
		return
	}
	s.search.cancel()
	<-s.search.done
	select {
	case <-s.results:
	default:
	}
	s.search = nil
}

// replyError answers "error TEXT", text made one line.
func (s *server) replyError(text string) error {
	text = strings.ToValidUTF8(text, "\uFFFD")
	text = strings.Map(func(r rune) rune {
		if r < 0x20 || r == 0x7f {
			return ' '
		}
		return r
	}, text)
	if max := MaxLine - len("error "); len(text) > max {
		text = strings.ToValidUTF8(text[:max], "")
	}
	return s.writeLine(&ErrorReply{Text: text})
}

// writeLine writes r's line and flushes.
func (s *server) writeLine(r Reply) error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if s.werr != nil {
		return s.werr
	}
	b := r.AppendLine(s.out.AvailableBuffer())
	_, err := s.out.Write(append(b, '\n'))
	if err == nil {
		err = s.out.Flush()
		s.pending = false
	}
	if err != nil {
		s.werr = fmt.Errorf("writing replies: %w", err)
	}
	return s.werr
}

// writeErr returns the first failed write's error.
func (s *server) writeErr() error {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	return s.werr
}
