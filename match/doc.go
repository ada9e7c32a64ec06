// Package match plays games between the players of one game: the part of a
// tournament that knows the game's state type. A tournament's runner (package
// tournament) schedules the games, runs them concurrently, resumes them and writes
// their records and reports, on any game, through the Games of this package: a game
// and the factory of its players bound together (Bind), seen without the state type.
// Games are bound once a run and their workers made once a run, so the runner over
// Games plays as fast as generic code over the game's own type.
//
// A Worker plays one game after another on its goroutine: it builds the game's two
// players from their spec templates (the tournament's seed and limits added, see
// record.SpecTemplate), starts from the round's opening (a position of an opening
// file, or random turns from the start, shared by the games of the round), lets the
// players move, checks every turn against the rules (game.Referee) and writes the
// game's record. It keeps its buffers and its players' transposition tables
// (search.Tables) from game to game.
//
// Watched moves. A timed move (a move time or a clock), or any move under a move
// timeout, runs the player's Play on a goroutine of its own, on its own copy of the
// position, and the worker waits for it until the player's time and the margin are
// over: a player that has not replied by then loses on time and is abandoned, closed
// by that goroutine when its Play returns. Untimed moves are played on the worker's
// goroutine.
//
// Adjudication. A tournament's adjudication (record.Adjudication) ends a game early:
// the turn cap and the exact value (the exact solver, with an endgame database) at
// the start of a turn, resign and draw from the scores the players report, each read
// in points by the scale of the player's evaluation.
//
// The package knows no engine process or protocol: what outlives a player (an
// external engine's process pool, the CPUs of a game slot) is lent by the caller
// through search.Env, and the caller classifies the engines' faults
// (WorkerOptions.Faults). It also builds balanced opening suites (BuildSuite): random
// openings that a judging player scores close to equal.
package match
