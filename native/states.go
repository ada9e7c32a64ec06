package native

import (
	"sync"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/game"
)

// stateObject is a state's handle: the state and the lock that serialises its use.
type stateObject struct {
	mu sync.Mutex
	g  *gameObject
	s  catalog.State
}

// The fields of a Status, as the C ABI writes them into an array of StatusLen int32.
const (
	StToMove    = iota // the player to move (0 or 1; for a finished game, who would have)
	StTerminal         // 1 when the game is over
	StTurnStart        // 1 at the start of a turn (or when the game is over)
	StWinner           // the winner (0 or 1), -1 for a draw or while the game goes on
	StMargin           // the winner's margin in points (0 while the game goes on)
	StPoints0          // the first player's points
	StPoints1          // the second player's points
	StNumLegal         // the number of legal actions written
	StatusLen
)

// Status is where a state stands, with its legal actions: what the state functions
// of the C ABI return after every change, so that a caller needs one call a step.
type Status [StatusLen]int32

// The bits of a Summary.
const (
	SumNumLegal  = 0x1ff   // the number of legal actions written (0 to 256)
	SumToMove    = 1 << 9  // set when the player to move is 1
	SumTerminal  = 1 << 10 // set when the game is over
	SumTurnStart = 1 << 11 // set at the start of a turn (or when the game is over)
)

// Summary packs what a step needs of a state's status into a non-negative int32:
// the number of legal actions and the Sum bits, what the C ABI's step functions
// return so that a step from Python is one call with no output but the legal
// actions.
func (st Status) Summary() int32 {
	sum := st[StNumLegal]
	if st[StToMove] == 1 {
		sum |= SumToMove
	}
	if st[StTerminal] != 0 {
		sum |= SumTerminal
	}
	if st[StTurnStart] != 0 {
		sum |= SumTurnStart
	}
	return sum
}

// status writes the status of s and its legal actions into legal (which holds at
// least game.MaxActions values, or is nil for none).
func status(s catalog.State, legal []uint8) Status {
	var st Status
	st[StToMove] = int32(s.ToMove())
	term := s.Terminal()
	if term {
		st[StTerminal] = 1
	}
	if term || s.TurnStart() {
		st[StTurnStart] = 1
	}
	w, m := s.Result()
	st[StWinner], st[StMargin] = int32(w), int32(m)
	p := s.Points()
	st[StPoints0], st[StPoints1] = int32(p[0]), int32(p[1])
	if legal != nil && !term {
		// Written in place: legal holds at least game.MaxActions values (checkLegal).
		st[StNumLegal] = int32(len(s.LegalActions((*game.ActionBuffer)(legal[:game.MaxActions]))))
	}
	return st
}

// summary returns status(s, legal).Summary() without the rest of the status (the
// result and the points): what a step from Python needs.
func summary(s catalog.State, legal []uint8) int32 {
	var sum int32
	if s.ToMove() == 1 {
		sum |= SumToMove
	}
	if s.Terminal() {
		return sum | SumTerminal | SumTurnStart
	}
	if s.TurnStart() {
		sum |= SumTurnStart
	}
	if legal != nil {
		sum |= int32(len(s.LegalActions((*game.ActionBuffer)(legal[:game.MaxActions]))))
	}
	return sum
}

// checkLegal returns an error when legal is neither nil nor big enough for every
// decision.
func checkLegal(legal []uint8) error {
	if legal != nil && len(legal) < game.MaxActions {
		return errorf(BadArgument, "legal actions buffer of %d: want at least %d", len(legal), game.MaxActions)
	}
	return nil
}

// NewState makes a state at the start position of the game of handle g.
func (l *Library) NewState(g int64) (int64, error) {
	o, err := get[*gameObject](l, g, "game")
	if err != nil {
		return 0, err
	}
	return l.add(&stateObject{g: o, s: o.sg.Start()}), nil
}

// StartState makes a state at the start position of the game of handle g, as
// NewState, writes its legal actions into legal (nil: none) and returns it with its
// Summary: a new game in one call.
func (l *Library) StartState(g int64, legal []uint8) (int64, int32, error) {
	if err := checkLegal(legal); err != nil {
		return 0, 0, err
	}
	o, err := get[*gameObject](l, g, "game")
	if err != nil {
		return 0, 0, err
	}
	s := o.sg.Start()
	sum := summary(s, legal)
	return l.add(&stateObject{g: o, s: s}), sum, nil
}

// ParseState makes a state of the game of handle g from a position in the game's
// notation.
func (l *Library) ParseState(g int64, text string) (int64, error) {
	o, err := get[*gameObject](l, g, "game")
	if err != nil {
		return 0, err
	}
	s, err := o.sg.Parse(text)
	if err != nil {
		return 0, failed(err)
	}
	return l.add(&stateObject{g: o, s: s}), nil
}

// CloneState makes a copy of the state h.
func (l *Library) CloneState(h int64) (int64, error) {
	o, err := get[*stateObject](l, h, "state")
	if err != nil {
		return 0, err
	}
	o.mu.Lock()
	c := o.s.Clone()
	o.mu.Unlock()
	return l.add(&stateObject{g: o.g, s: c}), nil
}

// CopyState overwrites the state dst with the state src, of the same game.
func (l *Library) CopyState(dst, src int64) error {
	d, err := get[*stateObject](l, dst, "state")
	if err != nil {
		return err
	}
	s, err := get[*stateObject](l, src, "state")
	if err != nil {
		return err
	}
	if d == s {
		return nil
	}
	s.mu.Lock()
	c := s.s.Clone()
	s.mu.Unlock()
	d.mu.Lock()
	defer d.mu.Unlock()
	return failed(d.s.CopyFrom(c))
}

// withState runs f on the state of handle h under its lock.
func (l *Library) withState(h int64, f func(o *stateObject) error) error {
	o, err := get[*stateObject](l, h, "state")
	if err != nil {
		return err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return f(o)
}

// Step plays the decision a on the state h, writes the legal actions after it into
// legal (nil: none) and returns the state's Summary: Apply for a caller that needs
// no more of the status.
func (l *Library) Step(h int64, a int, legal []uint8) (int32, error) {
	if err := checkLegal(legal); err != nil {
		return 0, err
	}
	o, err := get[*stateObject](l, h, "state")
	if err != nil {
		return 0, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	if err := o.s.Apply(a); err != nil {
		return 0, failed(err)
	}
	return summary(o.s, legal), nil
}

// Summary writes the legal actions of the state h into legal (nil: none) and
// returns its Summary: StateStatus for a caller that needs no more of the status.
func (l *Library) Summary(h int64, legal []uint8) (int32, error) {
	if err := checkLegal(legal); err != nil {
		return 0, err
	}
	o, err := get[*stateObject](l, h, "state")
	if err != nil {
		return 0, err
	}
	o.mu.Lock()
	defer o.mu.Unlock()
	return summary(o.s, legal), nil
}

// StateStatus returns where the state h stands, writing its legal actions into legal
// (nil: none written; otherwise it holds at least game.MaxActions values).
func (l *Library) StateStatus(h int64, legal []uint8) (Status, error) {
	var st Status
	if err := checkLegal(legal); err != nil {
		return st, err
	}
	err := l.withState(h, func(o *stateObject) error {
		st = status(o.s, legal)
		return nil
	})
	return st, err
}

// Apply plays the decision a on the state h and returns its status after it, as
// StateStatus does. A decision that is not legal is an Illegal error, and leaves the
// state unchanged.
func (l *Library) Apply(h int64, a int, legal []uint8) (Status, error) {
	var st Status
	if err := checkLegal(legal); err != nil {
		return st, err
	}
	err := l.withState(h, func(o *stateObject) error {
		if err := o.s.Apply(a); err != nil {
			return failed(err)
		}
		st = status(o.s, legal)
		return nil
	})
	return st, err
}

// ApplyTurn plays a whole turn written in the game's move notation (the rest of the
// turn in progress) on the state h and returns its status after it. A turn that
// cannot be played is an Illegal error and leaves the state unchanged.
func (l *Library) ApplyTurn(h int64, turn string, legal []uint8) (Status, error) {
	var st Status
	if err := checkLegal(legal); err != nil {
		return st, err
	}
	err := l.withState(h, func(o *stateObject) error {
		if err := o.s.ApplyTurn(turn); err != nil {
			return &Error{Code: Illegal, Err: err}
		}
		st = status(o.s, legal)
		return nil
	})
	return st, err
}

// StateText returns the position of the state h in the game's notation.
func (l *Library) StateText(h int64) (string, error) {
	var t string
	err := l.withState(h, func(o *stateObject) error { t = o.s.String(); return nil })
	return t, err
}

// EndReason returns why the game of the state h ended ("" while it goes on).
func (l *Library) EndReason(h int64) (string, error) {
	var t string
	err := l.withState(h, func(o *stateObject) error { t = o.s.EndReason(); return nil })
	return t, err
}

// ActionText returns the notation of the decision a, legal in the state h ("pass"
// for a decision that writes as nothing).
func (l *Library) ActionText(h int64, a int) (string, error) {
	var t string
	err := l.withState(h, func(o *stateObject) error {
		var err error
		t, err = o.s.ActionText(a)
		return failed(err)
	})
	return t, err
}

// ParseAction returns the legal decision of the state h whose notation is text.
func (l *Library) ParseAction(h int64, text string) (int, error) {
	var a int
	err := l.withState(h, func(o *stateObject) error {
		var err error
		a, err = o.s.ParseAction(text)
		if err != nil {
			return &Error{Code: Illegal, Err: err}
		}
		return nil
	})
	return a, err
}

// Observe writes the compact observation of the state h seen by player p into dst
// (GameInfo's Observation.Size values).
func (l *Library) Observe(h int64, p int, dst []float32) error {
	if p != 0 && p != 1 {
		return errorf(BadArgument, "player %d: want 0 or 1", p)
	}
	return l.withState(h, func(o *stateObject) error { return failed(o.s.Observe(p, dst)) })
}

// Encode writes the indices of the network inputs of the state h seen by player p
// that are on into dst (at least GameInfo's Encoding.MaxActive values) and returns
// how many it wrote.
func (l *Library) Encode(h int64, p int, dst []uint16) (int, error) {
	if p != 0 && p != 1 {
		return 0, errorf(BadArgument, "player %d: want 0 or 1", p)
	}
	n := 0
	err := l.withState(h, func(o *stateObject) error {
		e, ok := o.g.sg.Encoding()
		if !ok {
			return errorf(Failed, "%s has no network input encoding", o.g.sg.Name())
		}
		if len(dst) < e.MaxActive {
			return errorf(BadArgument, "input buffer of %d: want at least %d", len(dst), e.MaxActive)
		}
		out, err := o.s.Encode(p, dst[:0])
		n = len(out)
		return failed(err)
	})
	return n, err
}
