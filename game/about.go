package game

// What a game says of itself (Game.About): its summary, its rules document, how
// reports describe it, its benchmark positions.

// Description is how reports of many games describe a game (About.Report). Every
// field is optional.
type Description struct {
	// EndReasons lists every reason EndReason gives, in the order a report lists
	// them; a report of many games shows each, those no game ended with included.
	// Nil: the reasons are not known in advance (a report lists those it saw, the
	// most frequent first).
	EndReasons []string
	// Decisions says what a decision of the game is, as a list of plural nouns
	// ("selections, directions, ant moves and passes").
	Decisions string
	// TieRule states the rule that decides a finished game of equal points, for a
	// game that has one and so never ends in a draw ("equal scores; the player who
	// completed the last full turn wins"). Empty: a game of equal points may be a
	// draw (Result's winner -1), and reports count draws.
	TieRule string
	// Points says what Points counts ("eggs owned"); empty: points.
	Points string
	// TotalPoints is the number of points in play, for a game whose points may end
	// owned by neither side (The Colony's eggs left on the logs): a report then shows
	// how many nobody owns. 0: not said.
	TotalPoints int
}

// About is what a game says of itself beyond its rules, in one value (Game.About):
// for the registry's list of games, the rules command, the reports on many games and
// the bench command. Every field but Summary is optional.
type About struct {
	// Summary is one line about the game and its parameters, as 'colony games' lists
	// it after the name ("Kalah (Champion, 1958): MxN pits and seeds ...").
	Summary string
	// Rules is the rules document of the rule set: the rules it plays, with the
	// readings chosen where its source is silent, and its options (a game package's
	// RULES.md; for The Colony, its caps and then its RULES.md).
	// The rules command prints it after a line "# rule set NAME". Empty: none.
	Rules string
	// Report says how reports on many games describe the game (the playout
	// command's).
	Report Description
	// BenchPositions are the game's fixed benchmark positions, in its notation, each
	// at the start of a turn, which the bench command searches instead of positions
	// sampled from seeded random games. They are part of the game's bench signature:
	// changing them changes the signature. Nil: none.
	BenchPositions []string
}
