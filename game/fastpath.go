package game

import (
	"context"
	"math/rand/v2"
	"strconv"
)

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

// Stepper is an optional fast path for the tree searches. TraceStep sets *dst to the state
// after the legal decision a in *src and returns its Status: what Apply on a copy
// followed by ToMove, TurnStart and Terminal give, in one call instead of four
// through the interface (calls through a type parameter or an interface are indirect
// and never inlined, and alpha-beta makes them at every node). dst and src may be the
// same state; the game may copy only what the rules read (the result must behave as
// Apply's would, Hash included). TraceStep allocates nothing.
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

// SolveKeyer is an optional interface of games whose positions' values differ only
// by the points already banked (the stores of mancala games): SolveKey hashes what
// decides the rest of the game (not the banked points), and SolveOffset returns the
// banked points from the view of the player to move, so that the value of s is
// SolveOffset(s) plus a value that depends on SolveKey(s) alone.
//
// Used by the exact solver, whose table then shares one entry among positions that
// differ only in their stores, which shrinks the search by orders of magnitude.
type SolveKeyer[S any] interface {
	SolveKey(s *S) uint64
	SolveOffset(s *S) int
}

// SolveBounder is an optional interface of SolveKeyer games that know how many points
// are still to be won: SolveRemaining(s) bounds how far the final margin can move
// from SolveOffset(s), so the value of s from its mover's view lies in
// [SolveOffset(s)-SolveRemaining(s), SolveOffset(s)+SolveRemaining(s)] (for Kalah, the
// seeds left in the pits).
//
// Used by the exact solver, which cuts off a position whose window lies outside that
// range without searching it.
type SolveBounder[S any] interface {
	SolveKeyer[S]
	SolveRemaining(s *S) int
}

// Drawer is implemented by games that draw their positions as text: Draw returns the
// whole drawing of s, every line ending in a newline, as the show command prints it
// above the position line: the board with its pits or logs named as in the game's
// notation, and where the game stands. The classic games draw their board and
// DrawStanding's lines under it; The Colony draws its own page (the logs, a legend,
// each side's score, store and ants in hand, the turn, whether ant moves are
// mandatory, the rule set). A game without a Drawer is drawn as DrawStanding's lines
// alone.
//
// Used by the show command (catalog.Ruleset.Show) and the commands that draw a
// position.
type Drawer[S any] interface {
	Draw(s *S) string
}

// Endgamer is implemented by mancala games with endgame databases for the exact
// solver: Endgames returns the table of the exact values of every position with at
// most pieces pieces left in play (not banked), built by retrograde analysis or read
// from dir, where it is cached (dir "": not cached). A game whose pieces only ever
// leave play (Kalah: seeds go into the stores and never come out) can build such a
// table from the fewest pieces up.
//
// Used by the exact solver (SolveOptions.Endgames, colony solve --endgames).
type Endgamer[S any] interface {
	Endgames(ctx context.Context, pieces int, dir string) (EndgameTable[S], error)
}

// EndgameTable is an endgame database (see Endgamer).
type EndgameTable[S any] interface {
	// Pieces returns the most pieces left in play of the positions it holds.
	Pieces() int
	// Value returns the value of s, a position of the game not over with at most
	// Pieces pieces left in play, relative to the points banked: the final margin
	// under perfect play from the view of the player to move, minus SolveOffset.
	Value(s *S) int
	// Source says where the table came from, for reports: built (in how long) or
	// read, and its file.
	Source() string
}

// TraceKind is what one step of a sowing (a TraceStep) does with the pieces.
type TraceKind uint8

// The kinds of TraceStep.
const (
	// Sow drops one piece from the hand onto Place.
	Sow TraceKind = iota
	// Lift takes every piece on Place into the hand, to be sown: the pit a move
	// starts from, and every relay lap's.
	Lift
	// Take moves every piece on Place to To: a capture into a store, or the pieces
	// left on a side swept into a store at the end of the game.
	Take
)

// String returns the kind's name: "sow", "lift" or "take".
func (k TraceKind) String() string {
	switch k {
	case Sow:
		return "sow"
	case Lift:
		return "lift"
	case Take:
		return "take"
	}
	return "step(" + strconv.Itoa(int(k)) + ")"
}

// TraceStep is one step of what a decision does with the pieces on the board. Place
// and To name places of the board by the ids of their shapes in the game's
// picture (Illustrator): "log-B4", "pit-south-c", "store-S".
type TraceStep struct {
	Kind      TraceKind
	Place, To string
}

// Tracer is implemented by games that say where a decision's pieces went, in
// order: Trace returns the steps of the legal decision a from s (s unchanged),
// every piece sown one step, so that the counts of pieces on the places of s,
// changed step by step, are those after the decision. A decision that moves no
// counted piece (The Colony's ant moves) has no steps.
//
// Used by the page of a game (catalog.Ruleset.Trace, colony export --html), which draws
// the path of every sowing. The conformance suite (gametest, with Options.Places)
// checks the counts.
type Tracer[S any] interface {
	Trace(s *S, a Action) []TraceStep
}

// TurnReader is implemented by games that read a turn in their notation directly,
// with errors that say what is wrong with an illegal turn (The Colony: "C1 has no
// eggs and cannot be selected") rather than listing the legal turns. ReadTurn plays
// the turn text on s; on an error s is unchanged. It must accept exactly the
// notations of the turns Turns lists, and may accept other spellings of them.
//
// Used by the apply command (catalog.Ruleset.Play).
type TurnReader[S any] interface {
	ReadTurn(s *S, text string) error
}

// Perfter is implemented by games with a faster perft than the generic one over
// Rules: Perft counts the sequences of exactly depth legal turns from s, which is at
// the start of a turn, as the package's Perft does.
//
// Used by Perft and PerftDivide (the perft command).
type Perfter[S any] interface {
	Perft(s *S, depth int) uint64
}
