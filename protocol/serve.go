package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
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
	search  *search   // the search running, nil when none
	results chan searchResult

	wmu  sync.Mutex
	out  *bufio.Writer
	werr error // the first failed write
}

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
		s.pos = nil
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
		s.pos = &p
	case *GoCommand:
		if s.pos == nil {
			return false, s.replyError("go without a position (send position first)")
		}
		s.start(ctx, *s.pos, c.Limits)
	case *StopCommand: // not searching: nothing to stop
	}
	return false, nil
}

// commandName returns the first word of c's line.
func commandName(c Command) string {
	name, _, _ := strings.Cut(c.String(), " ")
	return name
}

// start starts a search.
func (s *server) start(ctx context.Context, pos Position, limits Limits) {
	sctx, cancel := context.WithCancel(ctx)
	sr := &search{cancel: cancel, done: make(chan struct{})}
	s.search = sr
	go func() {
		defer close(sr.done)
		turn, err := s.h.Search(sctx, pos, limits, sr.info(s))
		if err == nil && limits.Infinite {
			<-sctx.Done() // go infinite: the turn waits for stop
		}
		sr.mu.Lock()
		sr.over = true
		sr.mu.Unlock()
		s.results <- searchResult{s: sr, turn: turn, err: err}
	}()
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
		replies := []Reply{&InfoReply{Info: in}}
		if len(in.PV) > 0 && in.Text != "" {
			text := Info{Text: in.Text}
			in.Text = ""
			replies = []Reply{&InfoReply{Info: in}, &InfoReply{Info: text}}
		}
		for _, r := range replies {
			if _, err := encodeReply(r); err == nil {
				_ = s.writeLine(r) // a failed write is found by Serve's loop
			}
		}
	}
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
