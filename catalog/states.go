package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/search"
)

// The state-level face of a rule set, for programs that hold positions as values and
// step them decision by decision (the native library of package native, which
// Python's colony_ai package calls): a Ruleset's positions are text, these are
// erased states whose operations allocate nothing.

// StateGame is a rule set whose positions are State values: what States returns for
// every Ruleset of this package.
type StateGame interface {
	// Name returns the rule set's full name, as Open reads it.
	Name() string
	// Sides returns the names of the two sides, the first player's first.
	Sides() [2]string
	// NumActions bounds the actions of every decision: each is below it.
	NumActions() int
	// Start returns a new state at the start position.
	Start() State
	// Parse returns a new state read from a position in the game's notation; its
	// error begins "position: ".
	Parse(text string) (State, error)
	// Encoding describes the network input encoding of the game's positions
	// (game.Encoder), and false when the game has none.
	Encoding() (game.Encoding, bool)
	// Observation describes the compact observation of the game's positions
	// (State.Observe).
	Observation() game.Observation
	// Evaluations names the values the eval setting of player specs takes.
	Evaluations() []string
	// NewPlayer builds the player of spec (as Ruleset.Think takes it) for Think
	// calls on states of this game; the caller closes it.
	NewPlayer(spec string, opts search.Options) (StatePlayer, error)
}

// State is one position of a StateGame, a decision at a time: a value the caller owns
// and steps with Apply. Its methods are not safe for concurrent use on the same
// State; different States may be used from different goroutines.
type State interface {
	// Game returns the rule set the state belongs to.
	Game() StateGame
	// LegalActions writes the legal decisions into dst and returns them, in the
	// game's order (none when the game is over).
	LegalActions(dst *game.ActionBuffer) []game.Action
	// IsLegal reports whether a is a legal decision of the state.
	IsLegal(a int) bool
	// Apply plays the decision a; a decision that is not legal (or a finished game) is
	// an error saying so, and leaves the state unchanged.
	Apply(a int) error
	// ApplyTurn plays a whole turn (the rest of the turn in progress) written in the
	// game's move notation; an error leaves the state unchanged.
	ApplyTurn(text string) error
	// Clone returns a copy of the state; CopyFrom overwrites the state with src, a
	// state of the same rule set.
	Clone() State
	CopyFrom(src State) error
	// ToMove returns the player (0 or 1) who takes the next decision (for a finished
	// game, the side that would have moved); TurnStart whether the state is at the
	// start of a turn; Terminal whether the game is over.
	ToMove() int
	TurnStart() bool
	Terminal() bool
	// Result returns the winner (0, 1, or -1 for a draw) and the margin of a
	// finished game, and -1, 0 while it goes on.
	Result() (winner, margin int)
	// Points returns the sides' points by the game's count.
	Points() [2]int
	// EndReason says why a finished game ended ("" while it goes on).
	EndReason() string
	// String returns the position in the game's notation (Parse reads it back).
	String() string
	// ActionText returns the notation of decision a, legal in the state; an action
	// that is not legal is an error.
	ActionText(a int) (string, error)
	// ParseAction returns the legal decision whose notation is text, or an error
	// naming the legal ones.
	ParseAction(text string) (int, error)
	// Observe writes the state's compact observation seen by player p into dst,
	// which holds Game().Observation().Size values.
	Observe(p int, dst []float32) error
	// Encode appends the indices of the network inputs of the state seen by player p
	// that are on (game.Encoder) to dst; a game without an encoding is an error.
	Encode(p int, dst []uint16) ([]uint16, error)
}

// StatePlayer is a player of a StateGame, built once by NewPlayer and asked for one
// decision or turn at a time with Think. It is not safe for concurrent use.
type StatePlayer interface {
	// Spec returns the player's canonical spec.
	Spec() string
	// Think lets the player choose the rest of the current turn from s (not
	// changed) and says what its search saw.
	Think(ctx context.Context, s State) (*Thought, error)
	// Close releases what the player holds (its tables, an engine's process).
	Close() error
}

// Thought is what a StatePlayer chose and what its search saw.
type Thought struct {
	// Spec is the player's canonical spec.
	Spec string
	// Actions are the decisions chosen, to the end of the turn, and Turn their
	// notation.
	Actions []int
	Turn    string
	// Score is the value from the view of the player to move, in evaluation units
	// (Scale a point), or search.WinScore plus the margin for a proven win (minus,
	// for a loss); Depth the depth of the last completed iteration, PartialDepth
	// that of an unfinished one the choice came from (search.Decision).
	Score, Scale, Depth, PartialDepth int
	// Nodes counts the states searched (simulations for MCTS); Time is how long it
	// took.
	Nodes uint64
	Time  time.Duration
	// PV is the principal variation in decisions, starting with Actions, and
	// PVTurns the same a turn a string (a last turn unfinished ends in "...").
	PV      []int
	PVTurns []string
}

// ErrIllegal is wrapped by the errors of State.Apply and State.ActionText for a
// decision that is not legal.
var ErrIllegal = errors.New("not a legal decision")

// States returns the state-level face of g, a Ruleset of this package (Open,
// OpenWith, Colony), and an error for any other.
func States(g Ruleset) (StateGame, error) {
	sg, ok := g.(interface{ states() StateGame })
	if !ok {
		return nil, fmt.Errorf("%s: not a rule set of the registry", g.Name())
	}
	return sg.states(), nil
}

// states returns x's StateGame.
func (x *generic[S]) states() StateGame {
	sg := &stateGame[S]{x: x, parts: game.PartsOf(game.Rules[S](x.g)), num: game.MaxActions}
	if n, ok := x.g.(interface{ NumActions() int }); ok {
		sg.num = n.NumActions()
	}
	sg.obs = sg.parts.Observer
	if sg.obs != nil {
		sg.obsSize = sg.obs.Observation().Size
	}
	return sg
}

// stateGame is the StateGame of a generic[S].
type stateGame[S any] struct {
	x     *generic[S]
	parts game.Parts[S]
	obs   game.Observer[S]
	num   int
	// obsSize is obs's Observation().Size.
	obsSize int
}

func (sg *stateGame[S]) Name() string          { return sg.x.g.Name() }
func (sg *stateGame[S]) Sides() [2]string      { return sg.x.g.Sides() }
func (sg *stateGame[S]) NumActions() int       { return sg.num }
func (sg *stateGame[S]) Evaluations() []string { return sg.x.Evaluations() }

func (sg *stateGame[S]) Start() State { return &state[S]{sg: sg, s: sg.x.g.Start()} }

func (sg *stateGame[S]) Parse(text string) (State, error) {
	pos, decisions, mid := strings.Cut(text, turnSeparator)
	s, err := sg.x.g.ParsePosition(pos)
	if err != nil {
		return nil, positionError(err)
	}
	st := &state[S]{sg: sg, s: s}
	if !mid {
		return st, nil
	}
	if !sg.x.g.TurnStart(&s) || sg.x.g.Terminal(&s) {
		return nil, fmt.Errorf("position: the decisions after %q follow a position that is not at the start of a turn", turnSeparator)
	}
	for i, d := range strings.Fields(decisions) {
		a, err := st.ParseAction(d)
		if err != nil {
			return nil, fmt.Errorf("position: decision %d after %q: %w", i+1, turnSeparator, err)
		}
		if err := st.Apply(a); err != nil {
			return nil, fmt.Errorf("position: decision %d after %q: %w", i+1, turnSeparator, err)
		}
		if !st.midTurn {
			return nil, fmt.Errorf("position: the decisions after %q end the turn at decision %d (give the position after it instead)", turnSeparator, i+1)
		}
	}
	return st, nil
}

func (sg *stateGame[S]) Encoding() (game.Encoding, bool) {
	if sg.parts.Encoder == nil {
		return game.Encoding{}, false
	}
	return sg.parts.Encoder.Encoding(), true
}

func (sg *stateGame[S]) Observation() game.Observation {
	if sg.obs == nil {
		return game.Observation{}
	}
	return sg.obs.Observation()
}

// state is the State of a stateGame[S].
type state[S any] struct {
	sg *stateGame[S]
	s  S
	// start is the state at the start of the turn in progress and turn the decisions
	// played since, when the state is in the middle of a turn that began in it
	// (midTurn): what String writes there, where a game's notation may not reach.
	start   S
	turn    []game.Action
	midTurn bool
}

func (st *state[S]) Game() StateGame { return st.sg }

func (st *state[S]) LegalActions(dst *game.ActionBuffer) []game.Action {
	return st.sg.x.g.LegalActions(&st.s, dst)
}

func (st *state[S]) IsLegal(a int) bool {
	g := st.sg.x.g
	if a < 0 || a >= game.MaxActions || g.Terminal(&st.s) {
		return false
	}
	if c := st.sg.parts.LegalChecker; c != nil {
		return c.IsLegal(&st.s, game.Action(a))
	}
	var buf game.ActionBuffer
	for _, b := range g.LegalActions(&st.s, &buf) {
		if int(b) == a {
			return true
		}
	}
	return false
}

func (st *state[S]) Apply(a int) error {
	if !st.IsLegal(a) {
		return st.illegal(a)
	}
	g := st.sg.x.g
	if g.TurnStart(&st.s) {
		st.start, st.turn, st.midTurn = st.s, st.turn[:0], true
	}
	g.Apply(&st.s, game.Action(a))
	if st.midTurn {
		if g.TurnStart(&st.s) || g.Terminal(&st.s) {
			st.midTurn = false
		} else {
			st.turn = append(st.turn, game.Action(a))
		}
	}
	return nil
}

// illegal returns the error of a decision a that is not legal in st.
func (st *state[S]) illegal(a int) error {
	g := st.sg.x.g
	if g.Terminal(&st.s) {
		return fmt.Errorf("action %d: %w: the game is over (%s)", a, ErrIllegal, g.EndReason(&st.s))
	}
	var buf game.ActionBuffer
	var legal []string
	for _, b := range g.LegalActions(&st.s, &buf) {
		legal = append(legal, fmt.Sprintf("%d (%s)", b, decisionText(g, &st.s, b)))
	}
	return fmt.Errorf("action %d: %w here (legal: %s)", a, ErrIllegal, strings.Join(legal, ", "))
}

// decisionText is the notation of decision a of s, "pass" when it writes as nothing.
func decisionText[S any](g game.Game[S], s *S, a game.Action) string {
	t := string(g.AppendAction(nil, s, a))
	if t == "" {
		return "pass"
	}
	return t
}

func (st *state[S]) ApplyTurn(text string) error {
	g := st.sg.x.g
	if g.TurnStart(&st.s) || g.Terminal(&st.s) {
		if err := st.sg.x.playTurn(&st.s, text); err != nil {
			return err
		}
		st.midTurn = false // a turn played to its end
		return nil
	}
	// In the middle of a turn: the ways to finish it, by their notations (a game's
	// TurnReader reads whole turns only).
	names, paths, err := game.Turns(g, st.s)
	if err != nil {
		return err
	}
	for i, name := range names {
		if name == text {
			for _, a := range paths[i] {
				if err := st.Apply(int(a)); err != nil {
					return err
				}
			}
			return nil
		}
	}
	slices.Sort(names)
	for i, n := range names {
		names[i] = game.Quote(n)
	}
	return fmt.Errorf("move %s is not a legal end of the turn in progress (legal: %s)", game.Quote(text), strings.Join(names, " "))
}

func (st *state[S]) Clone() State {
	c := *st
	c.turn = slices.Clone(st.turn)
	return &c
}

func (st *state[S]) CopyFrom(src State) error {
	o, ok := src.(*state[S])
	if !ok || o.sg.x.g.Name() != st.sg.x.g.Name() {
		return fmt.Errorf("copy from a state of %s into one of %s", src.Game().Name(), st.sg.Name())
	}
	st.s, st.start, st.midTurn = o.s, o.start, o.midTurn
	st.turn = append(st.turn[:0], o.turn...)
	return nil
}

func (st *state[S]) ToMove() int     { return st.sg.x.g.ToMove(&st.s) }
func (st *state[S]) TurnStart() bool { return st.sg.x.g.TurnStart(&st.s) }
func (st *state[S]) Terminal() bool  { return st.sg.x.g.Terminal(&st.s) }
func (st *state[S]) Points() [2]int  { return st.sg.x.g.Points(&st.s) }

// String writes the position in the game's notation; in the middle of a turn that
// began in the state, the position at the turn's start, " | " and the decisions
// played since, each in its notation ("pass" for one that writes as nothing),
// separated by spaces: a text Parse reads back.
func (st *state[S]) String() string {
	g := st.sg.x.g
	if !st.midTurn {
		return g.FormatPosition(&st.s)
	}
	var b strings.Builder
	b.WriteString(g.FormatPosition(&st.start))
	b.WriteString(turnSeparator)
	c := st.start
	for i, a := range st.turn {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(decisionText(g, &c, a))
		g.Apply(&c, a)
	}
	return b.String()
}

// turnSeparator separates the position at the start of a turn from the decisions
// played since in State.String.
const turnSeparator = " | "

func (st *state[S]) Result() (winner, margin int) {
	if !st.Terminal() {
		return -1, 0
	}
	return st.sg.x.g.Result(&st.s)
}

func (st *state[S]) EndReason() string {
	if !st.Terminal() {
		return ""
	}
	return st.sg.x.g.EndReason(&st.s)
}

func (st *state[S]) ActionText(a int) (string, error) {
	if !st.IsLegal(a) {
		return "", st.illegal(a)
	}
	return decisionText(st.sg.x.g, &st.s, game.Action(a)), nil
}

func (st *state[S]) ParseAction(text string) (int, error) {
	g := st.sg.x.g
	if g.Terminal(&st.s) {
		return 0, fmt.Errorf("decision %s: the game is over (%s)", game.Quote(text), g.EndReason(&st.s))
	}
	var buf game.ActionBuffer
	var legal []string
	for _, b := range g.LegalActions(&st.s, &buf) {
		t := decisionText(g, &st.s, b)
		if t == text {
			return int(b), nil
		}
		legal = append(legal, t)
	}
	return 0, fmt.Errorf("decision %s is not legal here (legal: %s)", game.Quote(text), strings.Join(legal, " "))
}

func (st *state[S]) Observe(p int, dst []float32) error {
	o := st.sg.obs
	if o == nil {
		return fmt.Errorf("%s has no observation", st.sg.Name())
	}
	if p != 0 && p != 1 {
		return fmt.Errorf("player %d: want 0 or 1", p)
	}
	n := st.sg.obsSize
	if len(dst) < n {
		return fmt.Errorf("observation buffer of %d values: %s needs %d", len(dst), st.sg.Name(), n)
	}
	o.Observe(&st.s, p, dst[:n])
	return nil
}

func (st *state[S]) Encode(p int, dst []uint16) ([]uint16, error) {
	e := st.sg.parts.Encoder
	if e == nil {
		return dst, fmt.Errorf("%s has no network input encoding", st.sg.Name())
	}
	if p != 0 && p != 1 {
		return dst, fmt.Errorf("player %d: want 0 or 1", p)
	}
	return e.Encode(&st.s, p, dst), nil
}

func (sg *stateGame[S]) NewPlayer(spec string, opts search.Options) (StatePlayer, error) {
	p, err := sg.x.factory(spec, opts)
	if err != nil {
		return nil, err
	}
	return &statePlayer[S]{sg: sg, p: p, scale: sg.x.scaleOf(spec)}, nil
}

// statePlayer is the StatePlayer of a stateGame[S].
type statePlayer[S any] struct {
	sg    *stateGame[S]
	p     search.Player[S]
	scale int
}

func (sp *statePlayer[S]) Spec() string { return sp.p.Spec() }
func (sp *statePlayer[S]) Close() error { return sp.p.Close() }

func (sp *statePlayer[S]) Think(ctx context.Context, s State) (*Thought, error) {
	st, ok := s.(*state[S])
	if !ok || st.sg.x.g.Name() != sp.sg.x.g.Name() {
		return nil, fmt.Errorf("a player of %s asked to play a state of %s", sp.sg.Name(), s.Game().Name())
	}
	x := sp.sg.x
	if x.g.Terminal(&st.s) {
		return nil, fmt.Errorf("the game is already over (%s)", x.g.EndReason(&st.s))
	}
	c := st.s
	d, err := sp.p.Play(ctx, &c)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", sp.p.Spec(), err)
	}
	// The decisions chosen must be exactly the rest of the turn.
	c = st.s
	var turn []byte
	for i, a := range d.Actions {
		if !x.legal(&c, a) {
			return nil, fmt.Errorf("%s: its decision %d (%d) is not legal", sp.p.Spec(), i+1, a)
		}
		turn = x.g.AppendAction(turn, &c, a)
		x.g.Apply(&c, a)
		if (x.g.TurnStart(&c) || x.g.Terminal(&c)) && i != len(d.Actions)-1 {
			return nil, fmt.Errorf("%s: its decisions are more than one turn", sp.p.Spec())
		}
	}
	if len(d.Actions) == 0 || !(x.g.TurnStart(&c) || x.g.Terminal(&c)) {
		return nil, fmt.Errorf("%s: its decisions are not a whole turn", sp.p.Spec())
	}
	pv := d.PV
	if len(pv) == 0 {
		pv = d.Actions
	}
	t := &Thought{Spec: sp.p.Spec(), Turn: string(turn), Score: d.Score, Scale: sp.scale, Depth: d.Depth,
		PartialDepth: d.PartialDepth, Nodes: d.Nodes, Time: d.Time, PVTurns: x.pvTurns(st.s, pv)}
	for _, a := range d.Actions {
		t.Actions = append(t.Actions, int(a))
	}
	for _, a := range pv {
		t.PV = append(t.PV, int(a))
	}
	return t, nil
}
