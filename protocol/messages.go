package protocol

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// Message is a command or a reply: one line of the protocol.
type Message interface {
	// AppendLine appends the message's line, without its end, to b.
	AppendLine(b []byte) []byte
	// String returns the message's line, without its end.
	String() string
}

// Command is a message from the runner to the engine: *MepCommand,
// *SetOptionCommand, *IsReadyCommand, *NewGameCommand, *PositionCommand, *GoCommand,
// *StopCommand or *QuitCommand.
type Command interface {
	Message
	command()
}

// Reply is a message from the engine to the runner: *IDReply, *OptionReply,
// *GamesReply, *MepOKReply, *ReadyOKReply, *InfoReply, *BestTurnReply or
// *ErrorReply.
type Reply interface {
	Message
	reply()
}

// emptyValue stands for the empty string where a value is expected (setoption's
// value, an option's default and a combo's values).
const emptyValue = "<empty>"

// readValue returns the value a word or text stands for.
func readValue(v string) string {
	if v == emptyValue {
		return ""
	}
	return v
}

// appendValue appends the word or text that stands for the value v.
func appendValue(b []byte, v string) []byte {
	if v == "" {
		return append(b, emptyValue...)
	}
	return append(b, v...)
}

// MepCommand is "mep VERSION", the handshake: the highest version the runner speaks.
type MepCommand struct{ Version int }

// SetOptionCommand is "setoption name NAME value VALUE"; an empty Value is written
// "<empty>".
type SetOptionCommand struct{ Name, Value string }

// IsReadyCommand is "isready".
type IsReadyCommand struct{}

// NewGameCommand is "newgame GAME": the game's name with its rule set, as the
// toolkit's --game takes it.
type NewGameCommand struct{ Game string }

// PositionCommand is "position start|set NOTATION [moves TURN...]".
type PositionCommand struct{ Position Position }

// GoCommand is "go [LIMIT...]".
type GoCommand struct{ Limits Limits }

// StopCommand is "stop".
type StopCommand struct{}

// QuitCommand is "quit".
type QuitCommand struct{}

// Position is a position to search: the game's start position (Start "") or the
// position in the game's position notation, and the turns played from it, oldest
// first, in the game's turn notation.
type Position struct {
	// Start is the position the game started from; "" for the start position of
	// the game's rules. It may hold spaces but not the word "moves".
	Start string
	// Moves are the turns played since, each one word; nil when there are none.
	Moves []string
}

// Limits are the limits of a search (go's). A zero field is a limit not given.
type Limits struct {
	// Depth is "depth N": search N full turns deep.
	Depth int
	// Nodes is "nodes N": search about N nodes (or simulations).
	Nodes uint64
	// MoveTime is "movetime MS": use about that long for this turn (whole
	// milliseconds: less is dropped when written).
	MoveTime time.Duration
	// Clock is "time MS" and "inc MS": the mover's clock (its time left may be
	// negative, down to minus the tournament's margin).
	Clock *Clock
	// OClock is "otime MS" and "oinc MS": the opponent's clock.
	OClock *Clock
	// Infinite is "infinite": search until stop.
	Infinite bool
}

// Clock is a side's clock: its time left and its increment per turn, in whole
// milliseconds.
type Clock struct {
	Time, Inc time.Duration
}

// Timed reports whether the limits hold a time limit (movetime or the mover's
// clock): a search past its deadline is then lost on time rather than stalled.
func (l Limits) Timed() bool { return l.MoveTime > 0 || l.Clock != nil }

// command marks the commands.
func (*MepCommand) command()       {}
func (*SetOptionCommand) command() {}
func (*IsReadyCommand) command()   {}
func (*NewGameCommand) command()   {}
func (*PositionCommand) command()  {}
func (*GoCommand) command()        {}
func (*StopCommand) command()      {}
func (*QuitCommand) command()      {}

// AppendLine appends "mep VERSION".
func (c *MepCommand) AppendLine(b []byte) []byte {
	return strconv.AppendInt(append(b, "mep "...), int64(c.Version), 10)
}

// AppendLine appends "setoption name NAME value VALUE".
func (c *SetOptionCommand) AppendLine(b []byte) []byte {
	b = append(append(b, "setoption name "...), c.Name...)
	return appendValue(append(b, " value "...), c.Value)
}

// AppendLine appends "isready".
func (*IsReadyCommand) AppendLine(b []byte) []byte { return append(b, "isready"...) }

// AppendLine appends "newgame GAME".
func (c *NewGameCommand) AppendLine(b []byte) []byte {
	return append(append(b, "newgame "...), c.Game...)
}

// AppendLine appends "position start|set NOTATION [moves TURN...]".
func (c *PositionCommand) AppendLine(b []byte) []byte {
	if c.Position.Start == "" {
		b = append(b, "position start"...)
	} else {
		b = append(append(b, "position set "...), c.Position.Start...)
	}
	if len(c.Position.Moves) > 0 {
		b = append(b, " moves"...)
		for _, m := range c.Position.Moves {
			b = append(append(b, ' '), m...)
		}
	}
	return b
}

// AppendLine appends "go" and the limits given, in the order of the specification's
// table.
func (c *GoCommand) AppendLine(b []byte) []byte {
	b = append(b, "go"...)
	l := &c.Limits
	if l.Depth != 0 {
		b = strconv.AppendInt(append(b, " depth "...), int64(l.Depth), 10)
	}
	if l.Nodes != 0 {
		b = strconv.AppendUint(append(b, " nodes "...), l.Nodes, 10)
	}
	if l.MoveTime != 0 {
		b = strconv.AppendInt(append(b, " movetime "...), l.MoveTime.Milliseconds(), 10)
	}
	if l.Clock != nil {
		b = strconv.AppendInt(append(b, " time "...), l.Clock.Time.Milliseconds(), 10)
		if l.Clock.Inc != 0 {
			b = strconv.AppendInt(append(b, " inc "...), l.Clock.Inc.Milliseconds(), 10)
		}
	}
	if l.OClock != nil {
		b = strconv.AppendInt(append(b, " otime "...), l.OClock.Time.Milliseconds(), 10)
		if l.OClock.Inc != 0 {
			b = strconv.AppendInt(append(b, " oinc "...), l.OClock.Inc.Milliseconds(), 10)
		}
	}
	if l.Infinite {
		b = append(b, " infinite"...)
	}
	return b
}

// AppendLine appends "stop".
func (*StopCommand) AppendLine(b []byte) []byte { return append(b, "stop"...) }

// AppendLine appends "quit".
func (*QuitCommand) AppendLine(b []byte) []byte { return append(b, "quit"...) }

// String returns the line of the command.
func (c *MepCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *SetOptionCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *IsReadyCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *NewGameCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *PositionCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *GoCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *StopCommand) String() string { return string(c.AppendLine(nil)) }

// String returns the line of the command.
func (c *QuitCommand) String() string { return string(c.AppendLine(nil)) }

// ParseCommand reads a command line (with or without its end, "\n" or "\r\n"). The
// error says what is wrong and quotes the line.
func ParseCommand(line string) (Command, error) {
	line = trimEnd(line)
	if err := checkLine(line); err != nil {
		return nil, lineError(line, err)
	}
	c, err := parseCommand(newScanner(line))
	if err != nil {
		return nil, lineError(line, err)
	}
	return c, nil
}

// lineError wraps the error err about line.
func lineError(line string, err error) error {
	return fmt.Errorf("line %s: %w", quoteShort(line), err)
}

func parseCommand(s *scanner) (Command, error) {
	name, err := s.word("the command")
	if err != nil {
		return nil, err
	}
	switch name {
	case "mep":
		v, err := parseVersion(s)
		if err != nil {
			return nil, fmt.Errorf("mep: %w", err)
		}
		return &MepCommand{Version: v}, nil
	case "setoption":
		c, err := parseSetOption(s)
		if err != nil {
			return nil, fmt.Errorf("setoption: %w", err)
		}
		return c, nil
	case "isready":
		return &IsReadyCommand{}, noArguments(s, name)
	case "stop":
		return &StopCommand{}, noArguments(s, name)
	case "quit":
		return &QuitCommand{}, noArguments(s, name)
	case "newgame":
		game := s.text()
		if game == "" {
			return nil, errors.New("newgame: the game is missing")
		}
		return &NewGameCommand{Game: game}, nil
	case "position":
		p, err := parsePosition(s)
		if err != nil {
			return nil, fmt.Errorf("position: %w", err)
		}
		return &PositionCommand{Position: p}, nil
	case "go":
		l, err := parseLimits(s)
		if err != nil {
			return nil, fmt.Errorf("go: %w", err)
		}
		return &GoCommand{Limits: l}, nil
	}
	return nil, fmt.Errorf("unknown command %s (commands: mep, setoption, isready, newgame, position, go, stop, quit)", quoteShort(name))
}

// noArguments checks that the command name has nothing after it.
func noArguments(s *scanner, name string) error {
	if err := s.end(); err != nil {
		return fmt.Errorf("%s takes no arguments: %w", name, err)
	}
	return nil
}

// parseVersion reads a protocol version: a whole number of 1 or more.
func parseVersion(s *scanner) (int, error) {
	w, err := s.word("the version")
	if err != nil {
		return 0, err
	}
	v, err := parseUint(w, "version")
	if err != nil {
		return 0, err
	}
	if v < 1 || v > math.MaxInt32 {
		return 0, fmt.Errorf("version %s: want 1 or more", w)
	}
	return int(v), s.end()
}

func parseSetOption(s *scanner) (*SetOptionCommand, error) {
	if err := s.keyword("name"); err != nil {
		return nil, err
	}
	name, err := s.word("the option's name")
	if err != nil {
		return nil, err
	}
	if err := checkOptionName(name); err != nil {
		return nil, err
	}
	if err := s.keyword("value"); err != nil {
		return nil, err
	}
	v := s.text()
	if v == "" {
		return nil, fmt.Errorf("option %s: the value is missing (%s stands for the empty string)", name, emptyValue)
	}
	return &SetOptionCommand{Name: name, Value: readValue(v)}, nil
}

// parsePosition reads what follows "position".
func parsePosition(s *scanner) (Position, error) {
	kind, err := s.word(`"start" or "set"`)
	if err != nil {
		return Position{}, err
	}
	var p Position
	switch kind {
	case "start":
		w, ok, err := s.next()
		if err != nil || !ok {
			return p, err
		}
		if w != "moves" {
			return p, fmt.Errorf("%s after start where \"moves\" belongs", quoteShort(w))
		}
	case "set":
		if !s.more {
			return p, errors.New("the position's notation is missing")
		}
		notation, hasMoves := s.cutMoves(s.text())
		if notation == "" || strings.TrimLeft(notation, " ") == "" {
			return p, errors.New("the position's notation is missing")
		}
		p.Start = notation
		if !hasMoves {
			return p, nil
		}
	default:
		return p, fmt.Errorf("%s where \"start\" or \"set\" belongs", quoteShort(kind))
	}
	for {
		w, ok, err := s.next()
		if err != nil {
			return Position{}, fmt.Errorf("moves: %w", err)
		}
		if !ok {
			return p, nil
		}
		p.Moves = append(p.Moves, w)
	}
}

// cutMoves cuts the text after "position set " at the word "moves": it returns the
// notation before it and whether the word is there, and leaves s to read the turns
// after it.
func (s *scanner) cutMoves(text string) (notation string, hasMoves bool) {
	at := -1
	if text == "moves" || strings.HasPrefix(text, "moves ") {
		at = 0
	}
	for from := 0; at < 0; {
		i := strings.Index(text[from:], " moves")
		if i < 0 {
			return text, false
		}
		i += from
		if after := text[i+len(" moves"):]; after == "" || after[0] == ' ' {
			at = i + 1
		}
		from = i + 1
	}
	after := text[at+len("moves"):]
	s.rest, s.more = strings.TrimPrefix(after, " "), after != ""
	return strings.TrimSuffix(text[:at], " "), true
}

// parseLimits reads the limits of go.
func parseLimits(s *scanner) (Limits, error) {
	var l Limits
	seen := map[string]bool{}
	for {
		kw, ok, err := s.next()
		if err != nil {
			return l, err
		}
		if !ok {
			for _, inc := range [...]string{"inc", "oinc"} {
				if t := strings.TrimSuffix(inc, "inc") + "time"; seen[inc] && !seen[t] {
					return l, fmt.Errorf("%s without %s", inc, t)
				}
			}
			return l, nil
		}
		if seen[kw] {
			return l, fmt.Errorf("%s is given twice", kw)
		}
		seen[kw] = true
		if kw == "infinite" {
			l.Infinite = true
			continue
		}
		switch kw {
		case "depth", "nodes", "movetime", "time", "inc", "otime", "oinc":
		default:
			return l, fmt.Errorf("unknown limit %s (limits: depth, nodes, movetime, time, inc, otime, oinc, infinite)", quoteShort(kw))
		}
		w, err := s.word("the value of " + kw)
		if err != nil {
			return l, err
		}
		switch kw {
		case "depth":
			n, err := parseUint(w, kw)
			if err != nil {
				return l, err
			}
			if n < 1 || n > math.MaxInt32 {
				return l, fmt.Errorf("depth %s: want 1 to %d", w, math.MaxInt32)
			}
			l.Depth = int(n)
		case "nodes":
			n, err := parseUint(w, kw)
			if err != nil {
				return l, err
			}
			if n < 1 {
				return l, errors.New("nodes 0: want 1 or more")
			}
			l.Nodes = n
		case "movetime":
			d, err := parseMillis(w, kw, false)
			if err != nil {
				return l, err
			}
			if d == 0 {
				return l, errors.New("movetime 0: want 1 or more")
			}
			l.MoveTime = d
		case "time", "otime":
			d, err := parseMillis(w, kw, true)
			if err != nil {
				return l, err
			}
			c := clockOf(&l, kw == "time")
			c.Time = d
		case "inc", "oinc":
			d, err := parseMillis(w, kw, false)
			if err != nil {
				return l, err
			}
			c := clockOf(&l, kw == "inc")
			c.Inc = d
		}
	}
}

// clockOf returns the mover's clock (mine) or the opponent's, made when missing.
func clockOf(l *Limits, mine bool) *Clock {
	p := &l.OClock
	if mine {
		p = &l.Clock
	}
	if *p == nil {
		*p = &Clock{}
	}
	return *p
}

// maxMillis is the most milliseconds a time.Duration holds.
const maxMillis = math.MaxInt64 / int64(time.Millisecond)

// parseMillis reads a number of milliseconds (negative with signed).
func parseMillis(w, what string, signed bool) (time.Duration, error) {
	var ms int64
	if signed {
		n, err := parseInt(w, what)
		if err != nil {
			return 0, err
		}
		ms = n
	} else {
		n, err := parseUint(w, what)
		if err != nil {
			return 0, err
		}
		if n > uint64(maxMillis) {
			return 0, fmt.Errorf("%s %s is too large", what, w)
		}
		ms = int64(n)
	}
	if ms > maxMillis || ms < -maxMillis {
		return 0, fmt.Errorf("%s %s is out of range", what, w)
	}
	return time.Duration(ms) * time.Millisecond, nil
}

// IDReply is "id name TEXT" or "id author TEXT".
type IDReply struct {
	// Key is "name" or "author".
	Key string
	// Text is the rest of the line, as it is.
	Text string
}

// OptionReply is "option name NAME type TYPE default VALUE ...": an option the
// engine offers.
type OptionReply struct{ Option Option }

// GamesReply is "games NAME...": the games the engine plays.
type GamesReply struct{ Games []string }

// MepOKReply is "mepok VERSION": the version the engine speaks; it ends the
// handshake.
type MepOKReply struct{ Version int }

// ReadyOKReply is "readyok".
type ReadyOKReply struct{}

// InfoReply is "info ITEM...": what the search sees.
type InfoReply struct{ Info Info }

// BestTurnReply is "bestturn TURN": the turn chosen.
type BestTurnReply struct {
	// Turn is one whole turn in the game's turn notation: the rest of the line.
	Turn string
}

// ErrorReply is "error TEXT": the engine cannot carry out a command.
type ErrorReply struct {
	// Text is the rest of the line ("" for a bare "error").
	Text string
}

// Info is what an "info" line tells of a search. A zero field is an item not given
// (Score's Kind says whether a score is there).
type Info struct {
	// Depth is "depth N": the depth of the finished iteration.
	Depth int
	// Score is "score N", "score win [N]" or "score loss [N]".
	Score Score
	// Nodes is "nodes N", NPS "nps N".
	Nodes, NPS uint64
	// Time is "time MS", the time spent so far (whole milliseconds).
	Time time.Duration
	// PV is "pv TURN...": the principal variation, a turn a word.
	PV []string
	// Text is "string TEXT": free text. An Info is one line, so it holds a PV or a
	// Text: AppendLine writes the PV when it has both (Serve writes both lines).
	Text string
	// SelDepth is UCI's "seldepth N" (the deepest line searched), HashFull its
	// "hashfull N" (the permille of the hash table in use) and MultiPV its
	// "multipv N" (the line's rank when the engine reports several lines; 0 when
	// not given). Only the lenient reading fills them (ParseReplyLenient), and
	// AppendLine does not write them: they are not items of the protocol.
	SelDepth, HashFull, MultiPV int
}

// ScoreKind says what a Score is.
type ScoreKind uint8

// The kinds of scores.
const (
	NoScore    ScoreKind = iota // no score given
	ValueScore                  // "score N": a value in the engine's units
	WinScore                    // "score win [N]": a proven win
	LossScore                   // "score loss [N]": a proven loss
)

// Score is the score item of an info line.
type Score struct {
	Kind ScoreKind
	// Value is the value of a ValueScore, or the margin of a proven win or loss
	// (when HasMargin).
	Value int64
	// HasMargin says that a win or loss has its margin in Value.
	HasMargin bool
}

// String returns the score as the info line writes it, without "score " ("" for
// NoScore).
func (s Score) String() string {
	switch s.Kind {
	case ValueScore:
		return strconv.FormatInt(s.Value, 10)
	case WinScore, LossScore:
		w := "win"
		if s.Kind == LossScore {
			w = "loss"
		}
		if s.HasMargin {
			w += " " + strconv.FormatInt(s.Value, 10)
		}
		return w
	}
	return ""
}

// reply marks the replies.
func (*IDReply) reply()       {}
func (*OptionReply) reply()   {}
func (*GamesReply) reply()    {}
func (*MepOKReply) reply()    {}
func (*ReadyOKReply) reply()  {}
func (*InfoReply) reply()     {}
func (*BestTurnReply) reply() {}
func (*ErrorReply) reply()    {}

// AppendLine appends "id KEY TEXT".
func (r *IDReply) AppendLine(b []byte) []byte {
	return append(append(append(append(b, "id "...), r.Key...), ' '), r.Text...)
}

// AppendLine appends the option's declaration.
func (r *OptionReply) AppendLine(b []byte) []byte { return r.Option.appendLine(b) }

// AppendLine appends "games NAME...".
func (r *GamesReply) AppendLine(b []byte) []byte {
	b = append(b, "games"...)
	for _, g := range r.Games {
		b = append(append(b, ' '), g...)
	}
	return b
}

// AppendLine appends "mepok VERSION".
func (r *MepOKReply) AppendLine(b []byte) []byte {
	return strconv.AppendInt(append(b, "mepok "...), int64(r.Version), 10)
}

// AppendLine appends "readyok".
func (*ReadyOKReply) AppendLine(b []byte) []byte { return append(b, "readyok"...) }

// AppendLine appends "info" and the items given, pv or string last.
func (r *InfoReply) AppendLine(b []byte) []byte {
	b = append(b, "info"...)
	in := &r.Info
	if in.Depth != 0 {
		b = strconv.AppendInt(append(b, " depth "...), int64(in.Depth), 10)
	}
	if in.Score.Kind != NoScore {
		b = append(append(b, " score "...), in.Score.String()...)
	}
	if in.Nodes != 0 {
		b = strconv.AppendUint(append(b, " nodes "...), in.Nodes, 10)
	}
	if in.NPS != 0 {
		b = strconv.AppendUint(append(b, " nps "...), in.NPS, 10)
	}
	if in.Time != 0 {
		b = strconv.AppendInt(append(b, " time "...), in.Time.Milliseconds(), 10)
	}
	switch {
	case len(in.PV) > 0:
		b = append(b, " pv"...)
		for _, t := range in.PV {
			b = append(append(b, ' '), t...)
		}
	case in.Text != "":
		b = append(append(b, " string "...), in.Text...)
	}
	return b
}

// AppendLine appends "bestturn TURN".
func (r *BestTurnReply) AppendLine(b []byte) []byte {
	return append(append(b, "bestturn "...), r.Turn...)
}

// AppendLine appends "error TEXT" ("error" alone for an empty Text).
func (r *ErrorReply) AppendLine(b []byte) []byte {
	b = append(b, "error"...)
	if r.Text != "" {
		b = append(append(b, ' '), r.Text...)
	}
	return b
}

// String returns the line of the reply.
func (r *IDReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *OptionReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *GamesReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *MepOKReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *ReadyOKReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *InfoReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *BestTurnReply) String() string { return string(r.AppendLine(nil)) }

// String returns the line of the reply.
func (r *ErrorReply) String() string { return string(r.AppendLine(nil)) }

// ParseReply reads a reply line (with or without its end, "\n" or "\r\n"). The
// error says what is wrong and quotes the line.
func ParseReply(line string) (Reply, error) {
	line = trimEnd(line)
	if err := checkLine(line); err != nil {
		return nil, lineError(line, err)
	}
	r, err := parseReply(newScanner(line))
	if err != nil {
		return nil, lineError(line, err)
	}
	return r, nil
}

func parseReply(s *scanner) (Reply, error) {
	name, err := s.word("the reply")
	if err != nil {
		return nil, err
	}
	switch name {
	case "id":
		key, err := s.word(`"name" or "author"`)
		if err != nil {
			return nil, fmt.Errorf("id: %w", err)
		}
		if key != "name" && key != "author" {
			return nil, fmt.Errorf("id: %s where \"name\" or \"author\" belongs", quoteShort(key))
		}
		text := s.text()
		if text == "" {
			return nil, fmt.Errorf("id %s: the text is missing", key)
		}
		return &IDReply{Key: key, Text: text}, nil
	case "option":
		o, err := parseOption(s)
		if err != nil {
			return nil, fmt.Errorf("option: %w", err)
		}
		return &OptionReply{Option: o}, nil
	case "games":
		var r GamesReply
		for {
			w, ok, err := s.next()
			if err != nil {
				return nil, fmt.Errorf("games: %w", err)
			}
			if !ok {
				break
			}
			r.Games = append(r.Games, w)
		}
		if len(r.Games) == 0 {
			return nil, errors.New("games: no game named")
		}
		return &r, nil
	case "mepok":
		v, err := parseVersion(s)
		if err != nil {
			return nil, fmt.Errorf("mepok: %w", err)
		}
		return &MepOKReply{Version: v}, nil
	case "readyok":
		return &ReadyOKReply{}, noArguments(s, name)
	case "info":
		in, err := parseInfo(s)
		if err != nil {
			return nil, fmt.Errorf("info: %w", err)
		}
		return &InfoReply{Info: in}, nil
	case "bestturn":
		turn := s.text()
		if turn == "" {
			return nil, errors.New("bestturn: the turn is missing")
		}
		return &BestTurnReply{Turn: turn}, nil
	case "error":
		return &ErrorReply{Text: s.text()}, nil
	}
	return nil, fmt.Errorf("unknown reply %s (replies: id, option, games, mepok, readyok, info, bestturn, error)", quoteShort(name))
}

// parseInfo reads the items of an info line.
func parseInfo(s *scanner) (Info, error) {
	var in Info
	seen := map[string]bool{}
	for {
		kw, ok, err := s.next()
		if err != nil || !ok {
			return in, err
		}
		if seen[kw] {
			return in, fmt.Errorf("%s is given twice", kw)
		}
		seen[kw] = true
		switch kw {
		case "depth", "nodes", "nps", "time":
			w, err := s.word("the value of " + kw)
			if err != nil {
				return in, err
			}
			n, err := parseUint(w, kw)
			if err != nil {
				return in, err
			}
			switch kw {
			case "depth":
				if n > math.MaxInt32 {
					return in, fmt.Errorf("depth %s is too large", w)
				}
				in.Depth = int(n)
			case "nodes":
				in.Nodes = n
			case "nps":
				in.NPS = n
			case "time":
				if n > uint64(maxMillis) {
					return in, fmt.Errorf("time %s is too large", w)
				}
				in.Time = time.Duration(n) * time.Millisecond
			}
		case "score":
			sc, err := parseScore(s)
			if err != nil {
				return in, fmt.Errorf("score: %w", err)
			}
			in.Score = sc
		case "pv":
			for {
				w, ok, err := s.next()
				if err != nil {
					return in, fmt.Errorf("pv: %w", err)
				}
				if !ok {
					break
				}
				in.PV = append(in.PV, w)
			}
			if len(in.PV) == 0 {
				return in, errors.New("pv: no turn")
			}
		case "string":
			in.Text = s.text()
		default:
			return in, fmt.Errorf("unknown item %s (items: depth, score, nodes, nps, time, pv, string)", quoteShort(kw))
		}
	}
}

// parseScore reads what follows "score".
func parseScore(s *scanner) (Score, error) {
	w, err := s.word("the value")
	if err != nil {
		return Score{}, err
	}
	switch w {
	case "win", "loss":
		sc := Score{Kind: WinScore}
		if w == "loss" {
			sc.Kind = LossScore
		}
		if m := s.peek(); m != "" && m[0] >= '0' && m[0] <= '9' {
			_, _, _ = s.next()
			n, err := parseUint(m, "the margin")
			if err != nil {
				return Score{}, err
			}
			if n > math.MaxInt64 {
				return Score{}, fmt.Errorf("the margin %s is too large", m)
			}
			sc.Value, sc.HasMargin = int64(n), true
		}
		return sc, nil
	}
	n, err := parseInt(w, "the value")
	if err != nil {
		return Score{}, fmt.Errorf("%w (or \"win\" or \"loss\")", err)
	}
	return Score{Kind: ValueScore, Value: n}, nil
}
