package record

// BoardSource is a game that may be played on a board file: TournamentBoard returns
// the board file, or nil on the game's own board. A tournament on such a game
// records the board file in its header (Config.Board). catalog's rule sets are
// BoardSources.
type BoardSource interface {
	TournamentBoard() *BoardFile
}
