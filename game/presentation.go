package game

import "strconv"

// The parts of a game that present it to people: its positions drawn as text, the
// paths of its sowings, its turns read with errors that say what is wrong, its turns
// counted.

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

// TurnCounter is implemented by games whose positions count their turns (The
// Colony's turn=N): TurnNumber returns the number of the turn about to be played in
// s, 1 at the start. A game without it has no turn numbers of its own
// (catalog.Ruleset.TurnNumber reports false, and the tools number nothing).
//
// Used by the pictures, the replay and the page of a game
// (catalog.Ruleset.TurnNumber), which number the turns they show by it.
type TurnCounter[S any] interface {
	TurnNumber(s *S) int
}
