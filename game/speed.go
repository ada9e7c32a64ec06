package game

import "math/rand/v2"

// The fast paths of a game: parts that do faster what the tools would otherwise do
// through Rules, and behave exactly as that fall-back does.

// Status is what the tree searches ask of a state after every decision, in one byte:
// the player to move, whether the state is at a turn start, whether the game is over.
type Status uint8

// The bits of a Status.
const (
	StatusPlayer1   Status = 1 << iota // player 1 is to move (else player 0)
	StatusTurnStart                    // Rules.TurnStart
	StatusTerminal                     // Rules.Terminal
)

// MakeStatus returns the Status of a state from its ToMove (0 or 1), TurnStart and
// Terminal.
func MakeStatus(toMove int, turnStart, terminal bool) Status {
	st := Status(toMove & 1)
	if turnStart {
		st |= StatusTurnStart
	}
	if terminal {
		st |= StatusTerminal
	}
	return st
}

// StatusOf returns the Status of s through g's methods.
func StatusOf[S any](g Rules[S], s *S) Status {
	return MakeStatus(g.ToMove(s), g.TurnStart(s), g.Terminal(s))
}

// ToMove returns the player to move, 0 or 1.
func (st Status) ToMove() int { return int(st & StatusPlayer1) }

// TurnStart reports whether the state is at the start of a turn (or terminal).
func (st Status) TurnStart() bool { return st&StatusTurnStart != 0 }

// Terminal reports whether the game is over.
func (st Status) Terminal() bool { return st&StatusTerminal != 0 }

// Stepper is an optional fast path for the tree searches. Step sets *dst to the state
// after the legal decision a in *src and returns its Status: what Apply on a copy
// followed by ToMove, TurnStart and Terminal give, in one call instead of four
// through the interface (calls through a type parameter or an interface are indirect
// and never inlined, and alpha-beta makes them at every node). dst and src may be the
// same state; the game may copy only what the rules read (the result must behave as
// Apply's would, Hash included). Step allocates nothing.
//
// Used by alpha-beta, MCTS and the exact solver.
type Stepper[S any] interface {
	Step(dst, src *S, a Action) Status
}

// SiblingStepper is an optional addition to Stepper for games whose states are costly
// to copy. StepSibling is Step(dst, src, a) where *dst holds, unchanged since, the
// result of an earlier Step(dst, src, b) or StepSibling(dst, src, b) from the same,
// unchanged *src (the new state's elder sibling): the game may keep what dst already
// shares with src instead of copying it.
//
// Used by alpha-beta, for every child of a node but the first.
type SiblingStepper[S any] interface {
	Stepper[S]
	StepSibling(dst, src *S, a Action) Status
}

// Playouter is an optional fast path for random playouts: Playout plays uniformly
// random decisions (uniform over LegalActions at every decision) from s to the end of
// the game, drawing its randomness from rng only, and allocates nothing.
//
// Used by MCTS for playouts without a cut-off, and by the bench and playout commands.
type Playouter[S any] interface {
	Playout(s *S, rng *rand.PCG)
}

// RandomActioner is an optional fast path for a game that can pick a uniformly random
// legal decision faster than by listing them (The Colony does, with bit operations).
// The decision must be the one LegalActions(s)[k] would give for some uniform k drawn
// from one rng.Uint64().
//
// Used by the random player.
type RandomActioner[S any] interface {
	RandomAction(s *S, rng *rand.PCG) Action
}

// LegalChecker is an optional fast path for a game that tests one decision for
// legality faster than by listing all of them.
//
// Used by the tournament referee, which checks every decision a player returns.
type LegalChecker[S any] interface {
	IsLegal(s *S, a Action) bool
}

// TurnApplier is an optional fast path for a game that checks and plays a whole turn,
// appending its notation, without an interface call per decision: ApplyTurn must do
// what PlayTurn does. The error says what is wrong with the turn; s is then
// unchanged and notation is returned as it was given.
//
// Used by the tournament referee.
type TurnApplier[S any] interface {
	ApplyTurn(s *S, actions []Action, notation []byte) ([]byte, error)
}

// CountingPlayouter is an optional fast path for the statistics of random games:
// CountedPlayout plays uniformly random decisions from s to the end of the game as
// Playouter's Playout does (drawing its randomness from rng only, not necessarily the
// numbers a walk over LegalActions would draw) and returns the decisions played and
// the turns played, a turn the game ended in the middle of included (the count of
// decisions after which the state is at a turn start or terminal). It allocates
// nothing.
//
// Used by the playout command (catalog.Ruleset.RandomGames), whose random games are then
// the fast path's: the same seed gives the same games as long as the fast path draws
// the same numbers.
type CountingPlayouter[S any] interface {
	CountedPlayout(s *S, rng *rand.PCG) (decisions, turns int)
}

// Perfter is implemented by games with a faster perft than the generic one over
// Rules: Perft counts the sequences of exactly depth legal turns from s, which is at
// the start of a turn, as the package's Perft does.
//
// Used by Perft and PerftDivide (the perft command).
type Perfter[S any] interface {
	Perft(s *S, depth int) uint64
}
