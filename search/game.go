// Package search holds the engines that play any game of the toolkit through the
// rules of the game contract (package game's Rules, and its optional fast paths): a
// random player, a greedy player, plain minimax (the reference), alpha-beta, Monte
// Carlo tree search and an exact solver. They work on decisions (a turn may hold
// several), copy states to branch, and are deterministic for a given seed and node or
// simulation limit. Player kinds are registered once (see Kinds) and built from spec
// strings by New. What outlives a player is lent to it through Options: the
// alpha-beta tables (Tables), the memory budget (Memory), and, for kinds registered
// from outside, their own resources in an Env, each under a typed Key of the package
// that owns it (an external engine's process pool: see env.go).
package search

import "github.com/colony-ai/colony/game"

// Evaluator is the evaluation the players search with: game.Evaluator, declared with
// the contract so that a game's package asserts that its evaluations are one (The
// Colony's are colony.Score and eval.LinearOf over colony.Features), and named here
// for the players' constructors. An evaluation finer than the game's points is a
// game.Scaler.
type Evaluator[S any] = game.Evaluator[S]

// EvalScale returns ev's Scale (game.Scaler), or 1.
func EvalScale[S any](ev Evaluator[S]) int {
	if sc, ok := ev.(game.Scaler); ok && sc.Scale() > 0 {
		return sc.Scale()
	}
	return 1
}

// Forker is implemented by evaluations that keep state from one call to the next (a
// network's accumulators, eval/nnue) and so are not safe for concurrent use: Fork
// returns another evaluation of the same values, for another goroutine. New forks
// the evaluation of every player it builds, and MCTS forks it again for every thread
// beyond the first, so an evaluation shared between players is never used by two
// goroutines at once.
type Forker[S any] interface {
	Fork() Evaluator[S]
}

// Fork returns ev.Fork() when ev is a Forker, else ev itself (an evaluation without
// state is safe for concurrent use).
func Fork[S any](ev Evaluator[S]) Evaluator[S] {
	if f, ok := ev.(Forker[S]); ok {
		return f.Fork()
	}
	return ev
}

// Score scale: a finished game scores WinScore plus the margin for the winner (minus
// that for the loser), always outside the range of evaluations: the searches that mix
// the two (alpha-beta, minimax, greedy) clamp every evaluation to [-EvalLimit,
// EvalLimit], so that no evaluation passes for a proven result, whatever the
// evaluation returns, and every value stays strictly between -Infinity and Infinity,
// which bound alpha-beta's windows. (The evaluation files the toolkit reads refuse
// absurd scales besides: eval.MaxWeight, nnue.MaxOutScale.)
const (
	WinScore  = 1 << 20
	Infinity  = 1 << 24
	EvalLimit = WinScore / 2
)

// clampEval returns the evaluation v clamped to [-EvalLimit, EvalLimit] (two
// conditional moves, no branch).
func clampEval(v int) int { return min(max(v, -EvalLimit), EvalLimit) }

// Outcome returns the score of a finished game from the view of player p: WinScore
// plus the margin for a win, minus that for a loss, 0 for a draw.
func Outcome[S any](g game.Rules[S], s *S, p int) int {
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
