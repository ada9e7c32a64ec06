// Package game is the contract between the games of the toolkit and everything that
// plays them: the players of package search, the tournament runner, the exact solver,
// perft, the tuner and the command line. It is to the games what database/sql/driver
// is to database drivers: a small package of interfaces, with no game and no player in
// it, that a game implements and the tools consume. It is the ground floor of the
// module and imports no package of it (a test, game/layers_test.go, checks the layers
// of every package).
//
// # What a game provides
//
// A game is a two-player, zero-sum game of perfect information whose state is a plain
// value of a type S (no pointers into shared memory: copying a state is how search
// branches). A game implements Game[S]:
//
//   - Rules[S], the rules at the level of decisions: LegalActions, Apply, ToMove,
//     TurnStart, Terminal, Result and Hash. A turn may consist of several decisions by
//     the same player (The Colony's selection, direction choices and ant moves; a
//     piecepack direction). Every method is safe for concurrent use and allocates
//     nothing: they are the hot path of every search.
//   - Notation: Name (the rule set's name, as the registry opens it), Start,
//     ParsePosition and FormatPosition (one line, read back exactly), AppendAction (the
//     notation of a decision; the pieces of a turn's decisions, concatenated, are the
//     turn's notation, as tournament records and the command line write turns).
//   - Scoring: Sides (the sides' names, the first player's first), Points, EndReason
//     and TieBreak, which say how a finished game ended.
//   - About: what the game says of itself in one value (a summary for the registry's
//     list, its rules document, how reports describe it, its benchmark positions).
//
// The package's helpers work on any Game: Turns lists the legal turns of a position
// with their notation, PlayTurn and a Referee check and play the decisions of one turn
// (what the tournament runner does with a player's turn), ReadTurn reads a turn
// written in the game's notation, Perft and PerftDivide count turn sequences, and
// DrawStanding writes where a game stands as text. Package gametest holds the
// conformance suite every game's tests run with one call.
//
// # Optional parts
//
// A game may implement any of these interfaces on the same type. They are declared
// in files named for their role: speed.go (the fast paths, which do faster what the
// tools would otherwise do through Rules), solving.go (the exact solver's),
// presentation.go (what shows the game to people), learning.go (the input encoding
// of value networks, and the weights and networks of its feature set) and
// evaluation.go (the evaluations of positions the players search with);
// about.go holds what a game says of itself. PartsOf (by role), FastPathsOf (the fast
// paths alone) and PartOf (one part) in parts.go are the one place where the tools
// find them; each tool falls back as the table says when a game has none, and each
// part must behave exactly as its fall-back would (the conformance suite checks it
// where it can). A fast path is kept where a measurement justifies it; the figures of
// the single-implementer ones are medians of three runs of a benchmark of the part
// against its fall-back on The Colony (the others are measured in
// benchmarks/README.md). A game's package asserts each part it implements with var _
// (in its contract.go), so that a misspelt method fails to compile rather than
// leaving the tools on the fall-back.
//
//	part               used by                                  fall-back, and why the part stays
//	speed (fast paths)
//	Stepper            alpha-beta, MCTS, the solver             copy, Apply, then ToMove, TurnStart, Terminal: one call instead of four indirect ones a node
//	SiblingStepper     alpha-beta, every child but the first    Step: Oware's states carry a history that siblings share
//	Playouter          MCTS playouts, playout, bench            LegalActions and Apply a decision: every game's playouts
//	CountingPlayouter  the playout command (The Colony)         the walk over LegalActions: 14.5 against 31.5 µs a game
//	RandomActioner     the random player                        LegalActions[k]: one decision without listing all
//	LegalChecker       the tournament referee                   LegalActions: one decision checked without listing all
//	TurnApplier        the tournament referee (The Colony)      PlayTurn: 145 against 369 ns a turn
//	Perfter            perft (The Colony)                       the walk over Rules: 495 against 761 µs for perft 2 from the start
//	solving
//	SolveKeyer         the exact solver (Kalah)                 one table entry a position: orders of magnitude fewer nodes
//	SolveBounder       the exact solver, MCTS-Solver (Kalah)    no cut-off from the points still to be won
//	Endgamer           the exact solver (Kalah)                 no endgame database
//	presentation
//	Drawer             show, play                               DrawStanding's lines alone: the one way to draw a position as text
//	Tracer             export --html, play, replay              no sowing path drawn
//	TurnReader         apply, play (The Colony)                 the legal turns' notations: errors that say what is wrong with a turn
//	TurnCounter        pictures, replay, export --html          no turn numbers (The Colony counts its turns in its positions)
//	learning
//	Encoder            eval=net (package eval/nnue), train      no network: every game has one, the conformance suite checks it
//	PairEncoder        eval=net (The Colony)                    Encode twice: one pass computes the reach and blocked ants once
//	DeltaEncoder       eval=net (The Colony)                    Encode and compare the sorted lists: alpha-beta 1.6 to 1.8x the nodes/s
//	Observer           the Python package (catalog.States)      no observation tensor: every game has one
//
// # What every game has
//
// Beyond Game, every registered game implements these parts, and a new game should
// too: without one it loses what the table says (the fast paths not listed here are
// the ones a game adds when a measurement justifies them). They are Playouter,
// RandomActioner and LegalChecker; Drawer and Tracer, and picture.Illustrator for its
// pictures; Encoder, for value networks; Observer, for the Python package. Its
// package also provides a feature set for the linear evaluation (an
// eval.TunableSet: eval.FeatureSet and HandWeighter), an evaluation of the points
// difference (Evaluator, the registry's eval=score) and tuned weights, in code
// (DefaultWeighter) or as a shipped file (WeightsShipper); optionally a shipped
// value network (NetworkShipper). The parts
// of the feature set are declared in learning.go, the evaluation's in evaluation.go;
// eval.TunableSet is asserted in the game's tests, so that a game compiles without
// package eval.
//
// Pictures (picture.Illustrator) are drawn by the games that import package picture
// beside this one: this package imports no drawing.
//
// # Registering a game
//
// A game's package holds its rules, notation and evaluation features, and imports only
// this package (and package picture, for its pictures, and the games' shared internal
// packages): it knows no player, tournament or command line. Package catalog
// registers it, in one statement of catalog/registry.go, under a name that the
// command line's --game flag and the tournament records use. See
// docs/adding-a-game.md.
package game

// Action is one decision of a game, a small integer whose meaning is the game's own
// (a colony.Action for The Colony, a pit for Kalah).
type Action = uint8

// MaxActions bounds the legal actions of one decision in any game.
const MaxActions = 256

// ActionBuffer is a caller-owned buffer for the legal actions of one decision.
type ActionBuffer [MaxActions]Action

// Rules are the rules of a two-player, zero-sum game with perfect information at the
// level of decisions, whose states are plain values of type S (copying a state is how
// search branches). A turn may consist of several decisions by the same player.
// Implementations are safe for concurrent use and their methods allocate nothing.
type Rules[S any] interface {
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
	// Hash returns a hash of s that covers everything that decides its future: equal
	// positions have equal hashes.
	Hash(s *S) uint64
}

// Game is a game of the toolkit: its Rules, the notation of its positions and
// decisions, and how a finished game is scored. The tournament runner, the registry
// and the command line need all of it; the players need only Rules.
type Game[S any] interface {
	Rules[S]
	// Name returns the rule set's name, as the registry opens it and the games file
	// records it ("colony", "kalah:4x3").
	Name() string
	// Start returns the start position.
	Start() S
	// ParsePosition reads a position in the game's notation; the error says what is
	// wrong with the text.
	ParsePosition(text string) (S, error)
	// FormatPosition writes s in the game's notation, on one line, as ParsePosition
	// reads it back.
	FormatPosition(s *S) string
	// AppendAction appends the notation of decision a, legal in s, to dst; the pieces
	// of a turn's decisions, concatenated, are the turn's notation.
	AppendAction(dst []byte, s *S, a Action) []byte
	// Sides returns the names of the two players' sides, the first player's first
	// ("red", "black").
	Sides() [2]string
	// Points returns the two sides' points by the game's count: the final scores once
	// the game is over.
	Points(s *S) [2]int
	// EndReason says why a finished game ended.
	EndReason(s *S) string
	// TieBreak reports whether a finished game with a winner was decided by a tie
	// rule (equal points).
	TieBreak(s *S) bool
	// About returns what the game says of itself beyond its rules: a summary, its
	// rules document, how reports describe it, its benchmark positions.
	About() About
}
