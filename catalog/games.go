// Package catalog is the registry of the games the toolkit knows by name, and the
// text-level face of a game: The Colony and the classic mancala games it descends
// from (Kalah, Oware, Ayo, the piecepack rule sets, Martian Mancala).
//
// Each game is a package that implements the game contract (package game) for its
// own state type and knows nothing of this package; one registration names it, and
// Open turns it into a Ruleset. A Ruleset is the one erased face of a game: the
// toolkit's generic code (the players, the exact solver, perft, random games)
// instantiated for the game's state type, with positions and turns as text in the
// game's notations. The command line, the web application and other programs work
// on any registered game through it, with no per-game copy of a tool.
//
// The parts of the toolkit above this package reach a game's state type through
// the faces a Ruleset hands out, each erased once a game, not once a move: Match,
// the game with its players for the runs of games (package match, which the
// tournament runner plays); EngineGame, the game as an engine of the toolkit's
// players plays it (package engine serves it over the Mancala Engine Protocol).
// This package thus imports no runner, engine process or protocol: a program that
// reads or shows games does not compile them in. Player specs of external engines
// (the cmd kind) are known to a program that imports package external, as the
// command line and the web application do.
//
// Package catalog/session holds the interactive sessions (a game against an engine,
// the replay of a recorded game), catalog/terminal runs them on a terminal, and
// catalog/gamepage is the web page of a recorded game.
package catalog

import (
	"context"
	"time"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/picture"
	"github.com/colony-ai/colony/search"
)

// Ruleset is a registered game under one rule set, with the toolkit's operations on it:
// what the command line and other programs use to work on any game without knowing
// its state type. Positions and moves are text in the game's notations. Open returns
// one; every registered game is also a Tunable.
type Ruleset interface {
	Positions
	Counts
	Players
}

// Positions are the text operations on the positions and turns of a rule set: its
// notation, its legal turns, where a game stands, and its drawings.
type Positions interface {
	// Name returns the rule set's full name, as Open reads it.
	Name() string
	// Sides returns the names of the two sides, the first player's first.
	Sides() [2]string
	// StartPosition returns the start position in the game's notation.
	StartPosition() string
	// Position reads a position and writes it back in canonical form; its error
	// begins "position: ".
	Position(text string) (string, error)
	// Moves returns the legal turns of the position in the game's move notation,
	// sorted byte-wise; a finished game has none.
	Moves(position string) ([]string, error)
	// Play plays turns (in move notation) in order from the position and returns the
	// position reached and, when the game is over, how it ended (nil otherwise). A
	// turn that cannot be played is a *TurnError.
	Play(position string, turns []string) (string, *GameEnd, error)
	// Situation says where the game stands in the position: the side to move, the
	// points so far and, for a finished game, how it ended.
	Situation(position string) (*Situation, error)
	// Show draws the position as the show command prints it, the position line last
	// (see the method of that name on the games' implementation).
	Show(position string) (string, error)
	// SVG draws the position as an SVG picture and PNG as a PNG image, both from the
	// game's one drawing (see the methods of these names on the games'
	// implementation); a game whose type draws no picture returns an error wrapping
	// ErrNoPicture.
	SVG(position string) ([]byte, error)
	PNG(position string) ([]byte, error)
	// Draw returns the picture of the position drawn with the options (flipped,
	// without its legend, at a width, with a turn's marks over it), to be rendered
	// with render.SVG or render.PNG (package picture/render); DrawTurn plays a turn and draws
	// the position it leads to with the turn's marks (the last turn); TurnMarks
	// returns the marks of a turn (see the methods of these names on the games'
	// implementation).
	Draw(position string, o picture.Options) (*picture.Picture, error)
	DrawTurn(before, turn string, o picture.Options) (after string, p *picture.Picture, err error)
	TurnMarks(position, turn string) ([]picture.Mark, error)
	// TurnDecisions returns the decisions of turn from the position, in order: each
	// with the turn's notation up to and including it and its marks (TurnMarks,
	// decision by decision; none for a game that neither marks nor traces its
	// turns).
	TurnDecisions(position, turn string) ([]Decision, error)
	// TurnNumber returns the game's own number of the turn about to be played in
	// the position, and false for a game that does not count its turns.
	TurnNumber(position string) (int, bool, error)
	// Trace returns the steps of playing turn from the position, every decision's
	// in order (see game.Tracer): the path of the turn's sowings over the places of
	// SVG's picture. A game whose type traces nothing returns an error wrapping
	// ErrNoTrace.
	Trace(position, turn string) ([]game.TraceStep, error)
	// RulesDocument returns the rules the rule set plays, as the rules command prints
	// them.
	RulesDocument() (string, error)
}

// Counts are the operations that count and sample: perft, random games and the
// positions of benchmarks.
type Counts interface {
	// Perft counts the sequences of exactly depth legal turns from the position (a
	// line on which the game ends earlier adds nothing).
	Perft(ctx context.Context, position string, depth int) (uint64, error)
	// PerftDivide is Perft split by the first turn: the legal turns of the position in
	// byte-wise order of their notation, and the count below each (depth-1 more
	// turns, searched from the state the turn reaches, history included); the counts
	// add up to Perft's.
	PerftDivide(ctx context.Context, position string, depth int) ([]string, []uint64, error)
	// Playouts plays n games of uniformly random decisions from the start position
	// (game i seeded by PCG(seed, i), through the game's fast Playout when it has
	// one) and returns the games' decisions in all.
	Playouts(n int, seed uint64) uint64
	// RandomGames plays n games of uniformly random decisions from the position, game
	// i with the random source PCG(seed, i) (through the game's
	// game.CountingPlayouter when it has one), and returns how each ended. The same
	// arguments give the same games on every machine. A finished game is an error.
	RandomGames(ctx context.Context, position string, n int, seed uint64) (*RandomGames, error)
	// SamplePositions returns n positions at the start of a turn, from seeded random
	// games at various stages (for benchmarks).
	SamplePositions(n int, seed uint64) []string
	// BenchPositions returns the game's own benchmark positions (see game.About),
	// or nil when it has none.
	BenchPositions() []string
	// Description returns what the game says of itself for reports (see
	// game.About's Report); the zero Description when it says nothing.
	Description() game.Description
}

// Players are the operations that build the players of specs and run them: on one
// position (Think, Analyze), for the exact value (Solve), and in tournaments.
type Players interface {
	// Evaluations names the values the eval setting of player specs takes; the
	// first is the default.
	Evaluations() []string
	// CheckPlayer builds the player of spec once, so that a spec that cannot be
	// played is refused before any game.
	CheckPlayer(spec string) error
	// PlayerSpec builds the player of spec once, as CheckPlayer does, and returns its
	// canonical spec, with every setting it plays with.
	PlayerSpec(spec string) (string, error)
	// Think builds the player of spec and lets it choose a turn in the position: it
	// returns the turn in the game's notation and the Decision, which says what its
	// search saw (nodes, depth, score).
	Think(ctx context.Context, spec, position string) (string, search.Decision, error)
	// Analyze builds the player of spec and lets it choose a turn in the position (a
	// game that is not over), calling report, when not nil, with every iteration its
	// search reports (possibly from another goroutine, one call at a time).
	Analyze(ctx context.Context, spec, position string, report func(AnalysisReport)) (*Analysis, error)
	// AnalyzeWith is Analyze with the settings of an analysis (AnalyzeOptions):
	// several lines, a live node count.
	AnalyzeWith(ctx context.Context, spec, position string, opts AnalyzeOptions) (*Analysis, error)
	// Solve computes the position's game-theoretic value (see Solution).
	Solve(ctx context.Context, position string, opts search.SolveOptions) (*Solution, error)
	// Match returns the game with its players, built by search.New with the game's
	// evaluations (see Evaluations) and their scores' scales (ScoreScale), for the
	// tournament runner and the other runs of games (see match.Games).
	Match() match.Games
	// LoadOpenings reads an opening file (see match.LoadOpenings).
	LoadOpenings(name string) ([]string, error)
	// EngineGame returns the game as an engine of the toolkit's players plays it
	// (see EngineGame), its alpha-beta players taking their tables from tables, its
	// players what outlives them (an external engine's processes) from env.
	EngineGame(tables *search.Tables, env search.Env) EngineGame
}

// Situation is where a game stands in a position.
type Situation struct {
	// ToMove is the side to move (0 or 1): for a finished game, the side that would
	// have moved.
	ToMove int
	// Points are the two sides' points by the game's count (game.Game's
	// Points): the final scores once the game is over.
	Points [2]int
	// End is how the game ended; nil while it goes on.
	End *GameEnd
}

// RandomGame is how one random game ended (kept small: RandomGames stores one a game).
type RandomGame struct {
	// Turns counts the turns played, a turn the game ended in the middle of included;
	// Decisions the decisions taken.
	Turns, Decisions int32
	// Points are the final scores.
	Points [2]int32
	// Reason indexes RandomGames.Reasons: why the game ended.
	Reason uint16
	// Winner is the winning side, or -1 for a draw.
	Winner int8
	// TieBreak reports a game with a winner decided by the game's tie rule.
	TieBreak bool
}

// RandomGames are the results of Ruleset.RandomGames.
type RandomGames struct {
	// Games holds the games in order: game i used PCG(seed, i).
	Games []RandomGame
	// Reasons are the end reasons the games gave, in order of first appearance.
	Reasons []string
}

// AnalysisReport is one iteration of a search, as Ruleset.Analyze reports it while the
// search runs, in the game's notations: the line an analysis shows.
type AnalysisReport struct {
	// Depth is the depth in turns; Score the value from the view of the player to
	// move, in evaluation units (Scale a point), or search.WinScore plus the margin for
	// a proven win (minus, for a loss).
	Depth, Score, Scale int
	// Nodes counts the states searched (simulations for MCTS).
	Nodes uint64
	Time  time.Duration
	// PV is the principal variation, a turn a string; a last turn the search left
	// unfinished ends in "...".
	PV []string
	// Children are, for MCTS, the root's decisions with their statistics, the most
	// visited first (on equal visits, in the order of the decisions' numbers).
	Children []Child
	// Unfinished marks an iteration the search was stopped in (Analysis.Line's,
	// when the turn chosen came from it): Score and PV are its best so far.
	Unfinished bool
	// Lines are, when AnalyzeOptions.Lines asked for more than one, the iteration's
	// best lines, best first; nil otherwise.
	Lines []Line
}

// Child is one decision at the root of an MCTS tree.
type Child struct {
	// Decision is the decision in the game's notation ("pass" when it writes as
	// nothing).
	Decision string
	Visits   uint64
	// Value is the mean result from the mover's view, in [-1, 1]; Proven is +1 for a
	// proven win, -1 for a proven loss, 0 otherwise.
	Value  float64
	Proven int
}

// Analysis is the turn a player chose in Ruleset.Analyze and what its search saw.
type Analysis struct {
	// Spec is the player's canonical spec; Best the turn chosen.
	Spec, Best string
	// Depth, Score, Scale, Nodes, Time and PV are as in AnalysisReport, for the whole
	// search; PV is the player's line, or the turn alone when it gives none.
	Depth, Score, Scale int
	Nodes               uint64
	Time                time.Duration
	PV                  []string
	// PartialDepth, when not 0, is the depth of the iteration the search was
	// stopped in (by its limit or the context) after that iteration had found the
	// turn chosen: Best, Score and PV are that iteration's best so far, not the
	// last completed iteration's (Depth). See search.Decision.
	PartialDepth int
	// Lines are, when AnalyzeOptions.Lines asked for more than one, the search's best
	// lines, best first; nil otherwise.
	Lines []Line
}

// Decision is one decision of a turn (Ruleset.TurnDecisions): Text is the turn's
// notation up to and including it ("A2", then "A2>B2", then "A2>B2/C3-B3"), Marks
// what it does on the board.
type Decision struct {
	Text  string
	Marks []picture.Mark
}

// GameEnd is how a finished game ended.
type GameEnd struct {
	// Winner is the winning side (0 or 1), or -1 for a draw.
	Winner int
	Points [2]int
	Reason string
}

// Solution is the exact value of a position.
type Solution struct {
	// Value is the final margin under perfect play from the first player's view
	// (positive: the first player wins by that much); MoverValue the same from the
	// view of the player to move.
	Value, MoverValue int
	// Best is the first turn of a best line, in the game's move notation, and PV the
	// whole line, a turn a string.
	Best string
	PV   []string
	// Nodes counts the positions searched, Searches MTD(f)'s null-window searches.
	Nodes    uint64
	Searches int
	Time     time.Duration
	// Guess is MTD(f)'s first guess (mover's view), from a heuristic search of
	// GuessDepth decisions and GuessNodes nodes (GuessDepth 0: no heuristic search).
	Guess, GuessDepth int
	GuessNodes        uint64
	// Endgames says where the endgame database came from, and EndgameTime how long
	// it took ("" and 0 without one; see search.SolveResult).
	Endgames    string
	EndgameTime time.Duration
}
