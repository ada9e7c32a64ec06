package match

// SettingError is the error of a setting that does not read (of a tournament's
// Settings, of the options of an opening suite, of the rule set or board a game is
// opened with, of a bench's player): Setting names it as a command line's flag does
// (player, format, tc, openings, sprt, shard, band, rules, board, ...).
type SettingError struct {
	Setting string
	Err     error
}

// Error names the setting and says what is wrong with it.
func (e *SettingError) Error() string { return e.Setting + ": " + e.Err.Error() }

// Unwrap returns the underlying error.
func (e *SettingError) Unwrap() error { return e.Err }
