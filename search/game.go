// Package search holds the engines that play The Colony, and any other two-player game
// given through the small Game interface: a random player, a greedy player, plain
// minimax (the reference), alpha-beta and Monte Carlo tree search. They work on
// decisions (a turn may hold several), copy states to branch, and are deterministic for
// a given seed and node or simulation limit.
package search

// Action is one decision of a game, a small integer (a colony.Action for The Colony).
type Action = uint8

// MaxActions bounds the legal actions of one decision in any game searched here.
const MaxActions = 256

// ActionBuffer is a caller-owned buffer for the legal actions of one decision.
type ActionBuffer [MaxActions]Action

// Game is the rules of a two-player, zero-sum game with perfect information, whose
// states are plain values of type S (copying a state is how search branches). A turn
// may consist of several decisions by the same player. Implementations are safe for
// concurrent use and their methods allocate nothing.
type Game[S any] interface {
	// LegalActions writes the legal decisions of s into dst and returns them, in an
	// order that depends only on s. A terminal state has none.
	LegalActions(s *S, dst *ActionBuffer) []Action
	// Apply plays the legal decision a on s.
	Apply(s *S, a Action)
	// ToMove returns the player (0 or 1) who takes the next decision of s.
	ToMove(s *S) int
	// TurnStart reports whether s is at the start of a player's turn (or terminal):
	// search depths count full turns, so only these states use up depth.
	TurnStart(s *S) bool
	// Terminal reports whether the game is over.
	Terminal(s *S) bool
	// Result returns the winner (0, 1, or -1 for a draw) and the margin (the winner's
	// points minus the loser's, 0 for a draw) of a finished game.
	Result(s *S) (winner, margin int)
	// Hash returns a hash of s that covers everything that decides its future.
	Hash(s *S) uint64
}

// Evaluator scores a state from the view of the player to move (positive is good for
// that player), in the game's points (eggs for The Colony) times the evaluation's
// Scale (see Scaler). eval.Score and eval.Linear are the Colony's.
type Evaluator[S any] interface {
	Evaluate(s *S) int
}

// Scaler is implemented by evaluations finer than the game's points: Scale is the
// number of evaluation units in one point (eval.Linear: 100, hundredths of an egg).
// Search settings given in points (alpha-beta's aspiration window, MCTS's cut-off
// squash) are multiplied by it. An evaluation without it has a scale of 1.
type Scaler interface {
	Scale() int
}

// EvalScale returns ev's Scale, or 1.
func EvalScale[S any](ev Evaluator[S]) int {
	if sc, ok := ev.(Scaler); ok && sc.Scale() > 0 {
		return sc.Scale()
	}
	return 1
}

// Score scale: a finished game scores WinScore plus the margin for the winner (minus
// that for the loser), always outside the range of evaluations.
const (
	WinScore = 1 << 20
	Infinity = 1 << 24
)

// Outcome returns the score of a finished game from the view of player p: WinScore
// plus the margin for a win, minus that for a loss, 0 for a draw.
func Outcome[S any](g Game[S], s *S, p int) int {
	winner, margin := g.Result(s)
	switch winner {
	case p:
		return WinScore + margin
	case -1:
		return 0
	}
	return -WinScore - margin
}

// IsWin reports whether score is a proven win (positive) or loss (negative).
func IsWin(score int) bool { return score >= WinScore || score <= -WinScore }
