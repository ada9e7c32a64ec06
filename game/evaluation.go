package game

// The evaluation of positions, for the players that cannot see the end of the game
// (package search): what a game's evaluations implement. Every game's package has
// one, the difference of the sides' points (colony.Score, kalah.StoreDiff, ...),
// which the registry gives the players as eval=score; package eval's linear
// evaluations and value networks are others.

// Evaluator scores a state of type S from the view of the player to move (positive is
// good for that player), in the game's points (eggs for The Colony) times the
// evaluation's Scale (see Scaler). Implementations without state are safe for
// concurrent use (one with state, such as a network's accumulators, is forked for
// every player: search.Forker).
//
// Used by the players of package search (search.Evaluator is this interface) and the
// tuner; every game has one, and a player without an evaluation setting searches
// with the game's default.
type Evaluator[S any] interface {
	Evaluate(s *S) int
}

// Scaler is implemented by evaluations finer than the game's points: Scale is the
// number of evaluation units in one point (eval.LinearOf: 100, hundredths of an egg).
//
// Used by the searches, which multiply the settings given in points (alpha-beta's
// aspiration window, MCTS's cut-off squash) by it (search.EvalScale), and by the
// tuner, which converts scores by it; an evaluation without it has a scale of 1.
type Scaler interface {
	Scale() int
}
