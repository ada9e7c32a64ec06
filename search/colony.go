package search

import (
	"fmt"
	"math/rand/v2"

	"github.com/colony-ai/colony/colony"
)

// Colony is The Colony as a Game: the decisions of colony.Rules on colony.State.
type Colony struct {
	Rules *colony.Rules
}

// NewColony returns The Colony under rules r (colony.Default() when nil).
func NewColony(r *colony.Rules) Colony {
	if r == nil {
		r = colony.Default()
	}
	return Colony{Rules: r}
}

// LegalActions writes the legal decisions of s into dst.
func (g Colony) LegalActions(s *colony.State, dst *ActionBuffer) []Action {
	var list colony.ActionList
	legal := g.Rules.LegalActions(s, &list)
	for i, a := range legal {
		dst[i] = Action(a)
	}
	return dst[:len(legal)]
}

// Apply plays the decision a.
func (g Colony) Apply(s *colony.State, a Action) { g.Rules.Apply(s, colony.Action(a)) }

// ToMove returns 0 for Red and 1 for Black.
func (g Colony) ToMove(s *colony.State) int { return int(s.ToMove()) }

// TurnStart reports whether s is between turns or the game is over.
func (g Colony) TurnStart(s *colony.State) bool {
	return s.Phase() == colony.PhaseSelect || s.Over()
}

// Terminal reports whether the game is over.
func (g Colony) Terminal(s *colony.State) bool { return s.Over() }

// Result returns the winner and the egg margin (R8, R9): The Colony has no draws.
func (g Colony) Result(s *colony.State) (winner, margin int) {
	w := s.Winner()
	return int(w), s.Score(w) - s.Score(w.Other())
}

// Hash returns the state's hash with its turn number mixed in: colony.State.Hash
// leaves the turn out, but the turn cap (R10) makes the future depend on it, so a
// transposition table must not mix positions of different turns.
func (g Colony) Hash(s *colony.State) uint64 {
	return s.Hash() + uint64(s.Turn())*0x9e3779b97f4a7c15
}

// Playout plays uniformly random decisions from s to the end of the game with
// Rules.RandomPlayout (MCTS's fast path, Playouter): one number from rng seeds the game.
func (g Colony) Playout(s *colony.State, rng *rand.PCG) { g.Rules.RandomPlayout(s, rng) }

// RandomAction returns a uniformly random legal decision of s with
// Rules.RandomAction (the random player's fast path, RandomActioner).
func (g Colony) RandomAction(s *colony.State, rng *rand.PCG) Action {
	return Action(g.Rules.RandomAction(s, rng))
}

// IsLegal reports whether a is a legal decision in s.
func (g Colony) IsLegal(s *colony.State, a Action) bool { return g.Rules.IsLegal(s, colony.Action(a)) }

// Name returns the rule set's name, as colony.ParseRules reads it.
func (g Colony) Name() string { return g.Rules.Name() }

// Start returns the start position.
func (g Colony) Start() colony.State { return g.Rules.Start() }

// ParsePosition reads a position in the project's notation.
func (g Colony) ParsePosition(text string) (colony.State, error) { return g.Rules.ParsePosition(text) }

// FormatPosition writes s in the project's notation.
func (g Colony) FormatPosition(s *colony.State) string { return s.String() }

// AppendAction appends the turn notation of decision a (legal in s) to dst: "B4" for
// a selection, ">A3" for a direction, "/B4-A4" for an ant move, nothing for a pass.
// The pieces of one turn's decisions, concatenated, are the turn's notation.
func (g Colony) AppendAction(dst []byte, s *colony.State, a Action) []byte {
	return g.Rules.AppendAction(dst, colony.Action(a))
}

// Sides returns the names of the players: "red" (moves first) and "black".
func (g Colony) Sides() [2]string { return [2]string{"red", "black"} }

// Points returns the scores of Red and Black by ruling R8.
func (g Colony) Points(s *colony.State) [2]int {
	return [2]int{s.Score(colony.Red), s.Score(colony.Black)}
}

// EndReason returns why a finished game ended, for example "no log to select".
func (g Colony) EndReason(s *colony.State) string { return s.EndReason().String() }

// TieBreak reports whether a finished game was decided by the tie rule (R9): equal
// scores, the player who completed the last full turn winning.
func (g Colony) TieBreak(s *colony.State) bool {
	return s.Score(colony.Red) == s.Score(colony.Black)
}

// ApplyTurn checks that actions are exactly one whole legal turn from s, which is at
// the start of a turn, and plays it, appending the turn's notation to notation. On an
// error s is unchanged and the error says what is wrong. It is what a referee does
// with a player's turn, without an interface call per decision.
func (g Colony) ApplyTurn(s *colony.State, actions []Action, notation []byte) ([]byte, error) {
	r := g.Rules
	c := *s
	mark := len(notation)
	for i, a := range actions {
		if c.Over() || (i > 0 && c.Phase() == colony.PhaseSelect) {
			return notation[:mark], fmt.Errorf("its decisions %v are more than one turn", actions)
		}
		if !r.IsLegal(&c, colony.Action(a)) {
			return notation[:mark], fmt.Errorf("its decision %d (%d, %q) is not legal after %q",
				i+1, a, r.ActionString(colony.Action(a)), notation[mark:])
		}
		notation = r.AppendAction(notation, colony.Action(a))
		r.Apply(&c, colony.Action(a))
	}
	if len(actions) == 0 || !(c.Phase() == colony.PhaseSelect || c.Over()) {
		return notation[:mark], fmt.Errorf("its decisions %v are not a whole turn", actions)
	}
	*s = c
	return notation, nil
}
