package protocol

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"
	"sync"
	"time"
)

// The reasons of faults, as the games file records them (docs/protocol.md, "Errors
// and faults").
const (
	// IllegalMove is a bestturn whose turn does not parse or is not legal: the
	// caller, who knows the game, finds it and makes the Fault.
	IllegalMove = "illegal move"
	// TimeForfeit is no bestturn within the limit plus the margin (the engine
	// answered stop, or answered late: it can go on playing).
	TimeForfeit = "time forfeit"
	// Stalled is no answer at all: to the handshake, isready, newgame's isready, to
	// stop after a time forfeit, or to go within the move deadline.
	Stalled = "stalled"
	// ProtocolError is a line the protocol does not allow at that point.
	ProtocolError = "protocol error"
	// Crashed is an engine that exited with a non-zero status or a signal.
	Crashed = "crashed"
	// Disconnected is an engine that exited with status 0 or closed its output.
	Disconnected = "disconnected"
	// EngineError is an engine that answered "error".
	EngineError = "engine error"
)

// Fault is an engine's fault: the game it happened in is lost, for Reason. A
// Client's methods return one (as an error) for whatever the engine did wrong.
type Fault struct {
	// Reason is one of the reasons above.
	Reason string
	// Detail says what happened, with the engine's last lines.
	Detail string
	// Tail are the engine's last lines (its standard error's prefixed "stderr: "),
	// oldest first.
	Tail []string
}

// Error returns "REASON: DETAIL".
func (f *Fault) Error() string {
	if f.Detail == "" {
		return f.Reason
	}
	return f.Reason + ": " + f.Detail
}

// Usable reports whether the engine's process can go on playing after the fault: only
// after an illegal move or a time forfeit (which it answered); any other fault ended
// the process.
func (f *Fault) Usable() bool { return f.Reason == IllegalMove || f.Reason == TimeForfeit }

// ErrClosed is the error of a Client's methods once its engine's process has ended
// (after a fault that ended it, or Close).
var ErrClosed = errors.New("the engine's process has ended")

// AsFault returns the Fault err holds, or nil.
func AsFault(err error) *Fault {
	var f *Fault
	if errors.As(err, &f) {
		return f
	}
	return nil
}

// tail keeps an engine's last lines for the Detail of faults.
type tail struct {
	mu    sync.Mutex
	lines []string // a ring of tailLines lines
	next  int      // where the next line goes
	full  bool
}

// The size of a tail: how many lines, and how many bytes of each.
const (
	tailLines = 6
	tailWidth = 160
)

// add records a line.
func (t *tail) add(line string) {
	if len(line) > tailWidth {
		cut := tailWidth
		for cut > 0 && line[cut]&0xc0 == 0x80 {
			cut--
		}
		line = fmt.Sprintf("%s... (%d bytes)", line[:cut], len(line))
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.lines == nil {
		t.lines = make([]string, tailLines)
	}
	t.lines[t.next] = line
	t.next = (t.next + 1) % tailLines
	t.full = t.full || t.next == 0
}

// snapshot returns the lines kept, oldest first.
func (t *tail) snapshot() []string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.full {
		return append([]string(nil), t.lines[:t.next]...)
	}
	return append(append([]string(nil), t.lines[t.next:]...), t.lines[:t.next]...)
}

// tailWriter passes what it is given on to w and keeps its lines in a tail,
// prefixed "stderr: ". Its methods may be called from several goroutines.
type tailWriter struct {
	mu      sync.Mutex
	w       io.Writer // nil: nowhere
	t       *tail
	partial []byte
	open    bool // the last byte written to w did not end a line
}

// Write passes p on and keeps its complete lines.
func (tw *tailWriter) Write(p []byte) (int, error) {
	tw.mu.Lock()
	defer tw.mu.Unlock()
	for rest := p; len(rest) > 0; {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			if len(tw.partial) < tailWidth {
				tw.partial = append(tw.partial, rest[:min(len(rest), tailWidth-len(tw.partial))]...)
			}
			break
		}
		if len(tw.partial) < tailWidth {
			tw.partial = append(tw.partial, rest[:min(i, tailWidth-len(tw.partial))]...)
		}
		tw.t.add("stderr: " + strings.TrimSuffix(string(tw.partial), "\r"))
		tw.partial = tw.partial[:0]
		rest = rest[i+1:]
	}
	if tw.w == nil || len(p) == 0 {
		return len(p), nil
	}
	tw.open = p[len(p)-1] != '\n'
	return tw.w.Write(p)
}

// flush keeps the last line, one without its end, in the tail.
func (tw *tailWriter) flush() {
	tw.mu.Lock()
	defer tw.mu.Unlock()
	if len(tw.partial) > 0 {
		tw.t.add("stderr: " + strings.TrimSuffix(string(tw.partial), "\r"))
		tw.partial = tw.partial[:0]
	}
}

// note writes a line of the runner's, "# colony: " and msg, to w (on a line of its
// own), not to the tail.
func (tw *tailWriter) note(msg string) {
	if tw == nil {
		return
	}
	tw.mu.Lock()
	defer tw.mu.Unlock()
	tw.writeLine("# colony: " + msg + "\n")
}

// writeLine writes line, a whole line of the runner's, to w (nil: dropped), on a
// line of its own; the caller holds tw.mu.
func (tw *tailWriter) writeLine(line string) {
	if tw.w == nil {
		return
	}
	if tw.open {
		line = "\n" + line
	}
	tw.open = false
	_, _ = io.WriteString(tw.w, line)
}

// tailNotes writes the Client's notes (whole lines) beside the engine's standard
// error, not in its tail: the Streams.Notes of an engine that names none.
type tailNotes struct{ tw *tailWriter }

// Write writes p, whole lines, to the tail writer's w.
func (n tailNotes) Write(p []byte) (int, error) {
	n.tw.mu.Lock()
	defer n.tw.mu.Unlock()
	n.tw.writeLine(string(p))
	return len(p), nil
}

// encodeCommand returns the line of c, checked: a line of the protocol that reads
// back as c (a position whose notation holds the word "moves", or a value with a line
// break, is refused).
func encodeCommand(c Command) (string, error) {
	line := c.String()
	back, err := ParseCommand(line)
	if err != nil {
		return "", fmt.Errorf("cannot send %T: %w", c, err)
	}
	if !sameCommand(back, c) {
		return "", fmt.Errorf("cannot send %T: its line %s reads back otherwise", c, quoteShort(line))
	}
	return line, nil
}

// sameCommand reports whether back, the parse of c's line, is c: directly for the
// commands sent with every turn (position and go), through normalize otherwise.
func sameCommand(back, c Command) bool {
	switch c := c.(type) {
	case *PositionCommand:
		b, ok := back.(*PositionCommand)
		return ok && b.Position.Start == c.Position.Start && slices.Equal(b.Position.Moves, c.Position.Moves)
	case *GoCommand:
		b, ok := back.(*GoCommand)
		if !ok {
			return false
		}
		ms := func(d time.Duration) time.Duration { return d.Truncate(time.Millisecond) }
		sameClock := func(x, y *Clock) bool {
			return x == nil && y == nil || x != nil && y != nil && ms(x.Time) == ms(y.Time) && ms(x.Inc) == ms(y.Inc)
		}
		l, m := &b.Limits, &c.Limits
		return l.Depth == m.Depth && l.Nodes == m.Nodes && l.MoveTime == ms(m.MoveTime) && l.Infinite == m.Infinite &&
			sameClock(l.Clock, m.Clock) && sameClock(l.OClock, m.OClock)
	}
	return reflect.DeepEqual(normalize(back), normalize(c))
}

// encodeReply is encodeCommand for replies.
func encodeReply(r Reply) (string, error) {
	line := r.String()
	back, err := ParseReply(line)
	if err != nil {
		return "", fmt.Errorf("cannot send %T: %w", r, err)
	}
	if !reflect.DeepEqual(normalize(back), normalize(r)) {
		return "", fmt.Errorf("cannot send %T: its line %s reads back otherwise", r, quoteShort(line))
	}
	return line, nil
}

// normalize returns a copy of m as a parse of its line would give it: empty lists
// nil, durations in whole milliseconds.
func normalize(m Message) Message {
	ms := func(d time.Duration) time.Duration { return d.Truncate(time.Millisecond) }
	clock := func(c *Clock) *Clock {
		if c == nil {
			return nil
		}
		return &Clock{Time: ms(c.Time), Inc: ms(c.Inc)}
	}
	nilIfEmpty := func(s []string) []string {
		if len(s) == 0 {
			return nil
		}
		return s
	}
	switch m := m.(type) {
	case *PositionCommand:
		return &PositionCommand{Position: Position{Start: m.Position.Start, Moves: nilIfEmpty(m.Position.Moves)}}
	case *GoCommand:
		l := m.Limits
		l.MoveTime, l.Clock, l.OClock = ms(l.MoveTime), clock(l.Clock), clock(l.OClock)
		return &GoCommand{Limits: l}
	case *GamesReply:
		return &GamesReply{Games: nilIfEmpty(m.Games)}
	case *OptionReply:
		o := m.Option
		o.Vars = nilIfEmpty(o.Vars)
		return &OptionReply{Option: o}
	case *InfoReply:
		in := m.Info
		in.Time, in.PV = ms(in.Time), nilIfEmpty(in.PV)
		return &InfoReply{Info: in}
	}
	return m
}
