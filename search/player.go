package search

import (
	"context"
	"sync/atomic"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
)

// Player chooses the decisions of whole turns for the side to move. A Player may keep
// state between calls (MCTS keeps its tree), so each game gets its own Players; one
// Player is not used by two goroutines at once. Given the same seed and a node or
// simulation limit (not a time limit), a Player makes the same choices on any machine.
//
// Whoever builds a Player closes it (Close) when done with it: a player may hold a
// process, a large table or a tree that only Close gives back.
type Player[S any] interface {
	// Spec returns the player's canonical spec string, for example "ab:depth=6".
	Spec() string
	// Play searches s, which is at the start of a turn of a game that is not over,
	// and returns the decisions of one whole turn. It returns early, with the best
	// turn found so far, when ctx is done.
	Play(ctx context.Context, s *S) (Decision, error)
	// Close releases what the player holds (a program it runs, its tables, its
	// tree). It is called once, when the player's game ends (however it ends: to
	// its end, by a forfeit, a panic in the player, or because the caller was
	// interrupted), never during Play; the player is not used after it. The error
	// reports what could not be released cleanly.
	Close() error
}

// Course is the course of a game so far, in the game's notations: the position it
// started from and the turns played since, oldest first; and how the caller times
// the move.
type Course struct {
	Start  string
	Turns  []string
	Timing Timing
}

// Timing is how a caller (a tournament) times a move, for players that tell their
// limits to another program (external engines). The zero Timing is an untimed move
// with no deadline known.
type Timing struct {
	// MoveTime is the move's time (0: none).
	MoveTime time.Duration
	// Clock, under a time control, is the mover's clock (Clock[0]) and the
	// opponent's (Clock[1]) at the start of the move; nil otherwise.
	Clock *[2]Clock
	// Margin is how far past its time (MoveTime, or its clock) the mover may reply
	// before it loses on time.
	Margin time.Duration
	// Timeout, for a move without a time, is how long the caller waits for it (0:
	// the player's own deadline).
	Timeout time.Duration
}

// Clock is a side's clock: its time left (below zero within the margin) and its
// increment per turn.
type Clock struct {
	Left, Increment time.Duration
}

// Preparer is a Player that gets ready for its game before the first move: an
// external engine starts its program and the game, so that neither is charged to the
// first move's time. A caller that times moves (a tournament) calls Prepare once,
// before the game's first move, untimed; Play prepares the player when the caller
// did not. An error loses the game for the player, as an error of Play does.
type Preparer interface {
	Prepare(ctx context.Context) error
}

// PlayedSpecer is a Player whose spec, once prepared, says what it was given as it
// reached the player: an external engine's seed setting becomes the value sent to
// the engine (mapped into the range its option declares), or is left out when none
// was sent. A caller that records the specs of a game (a tournament's games file)
// records PlayedSpec after Prepare.
type PlayedSpecer interface {
	PlayedSpec() string
}

// StopGracer is a Player that may return after the deadline of its move, by up to
// StopGrace, because it keeps the deadline itself with a margin of its own (an
// external engine told to stop, and killed if it does not): a caller that abandons
// players that do not return in time (a tournament's watchdog) waits that much
// longer, so that the player's own verdict (time forfeit, stalled) is the one
// recorded.
type StopGracer interface {
	StopGrace() time.Duration
}

// CoursePlayer is a Player that wants the course of the game, not only its position,
// with each move: an external engine, told the game as its protocol does (its rules
// may depend on the history, as Oware's repetition rule does, which a position's
// notation does not hold). A caller that knows the course (a tournament) calls
// PlayCourse instead of Play; others call Play.
type CoursePlayer[S any] interface {
	Player[S]
	// PlayCourse is Play, for the game c whose last position is s. c and its
	// Turns belong to the caller: do not keep them after PlayCourse returns.
	PlayCourse(ctx context.Context, c Course, s *S) (Decision, error)
}

// Decision is what a Player chose and what its search saw. Actions and PV may share
// memory with the player and be overwritten by its next Play: copy them to keep them.
type Decision struct {
	// Actions are the decisions of the turn, from the turn's start to its end.
	Actions []game.Action
	// Score is the value of the turn from the mover's view, in evaluation units
	// (eggs times the evaluation's Scale; see game.Scaler), or WinScore plus the margin
	// in points for a proven win; 0 for players that do not search.
	Score int
	// Depth is the depth in full turns of the last completed search iteration.
	Depth int
	// PartialDepth, when not 0, says that the search was stopped (by its limit or
	// ctx) during an iteration to this depth, deeper than Depth, after that
	// iteration had found the turn chosen: Actions, Score and PV are that
	// iteration's best so far, not the last completed iteration's.
	PartialDepth int
	// Nodes counts the states the search visited (simulations for MCTS).
	Nodes uint64
	// Reused counts, for MCTS with tree reuse (reuse=on), the root's visits kept
	// from the player's last search (summed over its trees): simulations this
	// search started with and did not play; 0 for other players.
	Reused uint64
	// Time is how long Play took.
	Time time.Duration
	// PV is the principal variation, in decisions, starting with Actions.
	PV []game.Action
	// Lines are, with Options.MultiPV above 1, the best lines the search found, best
	// first (alpha-beta's first is Actions and PV; see multipv.go); nil otherwise.
	Lines []Line
}

// Iteration reports one completed iteration of an iterative search (alpha-beta's
// depths, MCTS's progress reports) to Options.Report.
type Iteration struct {
	Depth int
	Score int
	Nodes uint64
	Time  time.Duration
	PV    []game.Action
	// Children lists, for MCTS, the root's decisions with their visits and values.
	Children []ChildStats
	// Lines are, with Options.MultiPV above 1, the iteration's best lines, best
	// first (see multipv.go); nil otherwise.
	Lines []Line
}

// ChildStats describes one decision at the root of an MCTS tree.
type ChildStats struct {
	Action game.Action
	Visits uint64
	// Value is the mean result from the mover's view, in [-1, 1].
	Value float64
	// Proven is +1 for a proven win, -1 for a proven loss, 0 otherwise.
	Proven int
}

// Options are settings common to every player, given outside the spec string.
type Options struct {
	// Report, if not nil, is called after every completed search iteration.
	Report func(Iteration)
	// UntilDone makes a searching player whose spec sets no depth, node, simulation
	// or time limit search until the context of Play is done, instead of to its
	// default limit: the caller's clock decides (a tournament's time control).
	UntilDone bool
	// Tables, if not nil, lends alpha-beta players their transposition tables (see
	// Tables); nil gives each player a table of its own.
	Tables *Tables
	// Env lends the players of kinds registered outside this package what outlives
	// a player, each resource under its own typed Key (see env.go): package
	// external's cmd kind takes its pool of engine processes from the Env a caller
	// made with external.WithPool, and starts a process per player without one. The
	// caller owns and closes what it lends.
	Env Env
	// Memory, if not nil, is the budget the player's big tables (alpha-beta's
	// transposition table, the MCTS trees) reserve their memory from; nil is the
	// process's, memory.Default() (see memory.go).
	Memory *memory.Budget
	// MultiPV, above 1, asks an analysing player for that many lines (the best
	// turns, each with its score and principal variation) in its Iterations and
	// Decision: alpha-beta and MCTS give them (see multipv.go); the others ignore it.
	// 0 or 1 is one line, the search unchanged.
	MultiPV int
	// Nodes, if not nil, is where alpha-beta publishes its node count as it searches
	// (every 1024 nodes, when it looks at the clock), for a caller that shows the
	// progress of a depth from another goroutine; the others leave it alone.
	Nodes *atomic.Uint64
	// Name is the caller's name for the player (a tournament's player name), which
	// names an external engine's log files; "" for the program's file name.
	Name string
}

// MoveBudget is the time given to one move from a clock with time left and increment
// inc: a thirtieth of the time left plus three quarters of the increment, never more
// than half of what is left, and at least a millisecond. The tournament runner, the
// toolkit's engines and the web application's clocks all share the clock this way.
func MoveBudget(left, inc time.Duration) time.Duration {
	b := left/30 + inc*3/4
	b = min(b, left/2)
	return max(b, time.Millisecond)
}
