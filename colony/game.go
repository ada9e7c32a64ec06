package colony

import (
	"fmt"
	"math/rand/v2"

	"github.com/colony-ai/colony/game"
)

// Game is The Colony under one rule set as a game of the toolkit (game.Game[State]):
// the decisions of Rules on State, the position and turn notations, the fast paths
// the searches and the referee use (Playout, RandomAction, IsLegal, ApplyTurn, Perft)
// and what the command line shows of The Colony alone (Draw, ReadTurn).
type Game struct {
	Rules *Rules
}

// NewGame returns The Colony under rules r (Default() when nil).
func NewGame(r *Rules) Game {
	if r == nil {
		r = Default()
	}
	return Game{Rules: r}
}

// LegalActions writes the legal decisions of s into dst.
func (g Game) LegalActions(s *State, dst *game.ActionBuffer) []game.Action {
	var list ActionList
	legal := g.Rules.LegalActions(s, &list)
	for i, a := range legal {
		dst[i] = game.Action(a)
	}
	return dst[:len(legal)]
}

// Apply plays the decision a.
func (g Game) Apply(s *State, a game.Action) { g.Rules.Apply(s, Action(a)) }

// ToMove returns 0 for Red and 1 for Black.
func (g Game) ToMove(s *State) int { return int(s.ToMove()) }

// TurnStart reports whether s is between turns or the game is over.
func (g Game) TurnStart(s *State) bool {
	return s.Phase() == PhaseSelect || s.Over()
}

// Terminal reports whether the game is over.
func (g Game) Terminal(s *State) bool { return s.Over() }

// Result returns the winner and the egg margin (R8, R9): The Colony has no draws.
func (g Game) Result(s *State) (winner, margin int) {
	w := s.Winner()
	return int(w), s.Score(w) - s.Score(w.Other())
}

// Hash returns the state's hash with its turn number mixed in: State.Hash
// leaves the turn out, but the turn cap (R10) makes the future depend on it, so a
// transposition table must not mix positions of different turns.
func (g Game) Hash(s *State) uint64 {
	return s.Hash() + uint64(s.Turn())*0x9e3779b97f4a7c15
}

// Playout plays uniformly random decisions from s to the end of the game with
// Rules.RandomPlayout (game.Playouter): one number from rng seeds the game.
func (g Game) Playout(s *State, rng *rand.PCG) { g.Rules.RandomPlayout(s, rng) }

// RandomAction returns a uniformly random legal decision of s with
// Rules.RandomAction (game.RandomActioner).
func (g Game) RandomAction(s *State, rng *rand.PCG) game.Action {
	return game.Action(g.Rules.RandomAction(s, rng))
}

// IsLegal reports whether a is a legal decision in s.
func (g Game) IsLegal(s *State, a game.Action) bool { return g.Rules.IsLegal(s, Action(a)) }

// Name returns the rule set's name, as ParseRules reads it.
func (g Game) Name() string { return g.Rules.Name() }

// Start returns the start position.
func (g Game) Start() State { return g.Rules.Start() }

// ParsePosition reads a position in the project's notation.
func (g Game) ParsePosition(text string) (State, error) { return g.Rules.ParsePosition(text) }

// FormatPosition writes s in the project's notation.
func (g Game) FormatPosition(s *State) string { return s.String() }

// AppendAction appends the turn notation of decision a (legal in s) to dst: "B4" for
// a selection, ">A3" for a direction, "/B4-A4" for an ant move, nothing for a pass.
// The pieces of one turn's decisions, concatenated, are the turn's notation.
func (g Game) AppendAction(dst []byte, s *State, a game.Action) []byte {
	return g.Rules.AppendAction(dst, Action(a))
}

// Sides returns the names of the players: "red" (moves first) and "black".
func (g Game) Sides() [2]string { return [2]string{"red", "black"} }

// NumActions returns the number of distinct decisions (Action): the selections, the
// directions, the pass and the board's ant steps.
func (g Game) NumActions() int { return int(AntBase) + g.Rules.board.NumAntSteps() }

// Points returns the scores of Red and Black by ruling R8.
func (g Game) Points(s *State) [2]int {
	return [2]int{s.Score(Red), s.Score(Black)}
}

// EndReason returns why a finished game ended, for example "no log to select".
func (g Game) EndReason(s *State) string { return s.EndReason().String() }

// TieBreak reports whether a finished game was decided by the tie rule (R9): equal
// scores, the player who completed the last full turn winning.
func (g Game) TieBreak(s *State) bool {
	return s.Score(Red) == s.Score(Black)
}

// ApplyTurn checks that actions are exactly one whole legal turn from s, which is at
// the start of a turn, and plays it, appending the turn's notation to notation. On an
// error s is unchanged and the error says what is wrong. It is what a referee does
// with a player's turn, without an interface call per decision.
func (g Game) ApplyTurn(s *State, actions []game.Action, notation []byte) ([]byte, error) {
	r := g.Rules
	c := *s
	mark := len(notation)
	for i, a := range actions {
		if c.Over() || (i > 0 && c.Phase() == PhaseSelect) {
			return notation[:mark], fmt.Errorf("its decisions %v are more than one turn", actions)
		}
		if !r.IsLegal(&c, Action(a)) {
			return notation[:mark], fmt.Errorf("its decision %d (%d, %q) is not legal after %q",
				i+1, a, r.ActionString(Action(a)), notation[mark:])
		}
		notation = r.AppendAction(notation, Action(a))
		r.Apply(&c, Action(a))
	}
	if len(actions) == 0 || !(c.Phase() == PhaseSelect || c.Over()) {
		return notation[:mark], fmt.Errorf("its decisions %v are not a whole turn", actions)
	}
	*s = c
	return notation, nil
}

// The contract and the fast paths Game implements.
var (
	_ game.Game[State]           = Game{}
	_ game.Playouter[State]      = Game{}
	_ game.RandomActioner[State] = Game{}
	_ game.LegalChecker[State]   = Game{}
	_ game.TurnApplier[State]    = Game{}
	_ game.Drawer[State]         = Game{}
	_ game.TurnReader[State]     = Game{}
	_ game.Perfter[State]        = Game{}
)

// Open returns The Colony under the rule set "colony:PARAMS" (see ParseRules; empty
// params: the default rule set), as the registry of games opens it.
func Open(params string) (Game, error) {
	name := "colony"
	if params != "" {
		name += ":" + params
	}
	r, err := ParseRules(name)
	if err != nil {
		return Game{}, err
	}
	return NewGame(r), nil
}

// FeatureSet returns the feature set of the linear evaluation under g's rule set
// (NewFeatures(g.Rules)).
func (g Game) FeatureSet() Features { return NewFeatures(g.Rules) }
