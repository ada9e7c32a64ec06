// Package record is the games file and the live file of package tournament's runs:
// a tournament's header (Header, with its Config) and its games (Record), one line
// each with a checksum; writing them (WriteHeader, AppendRecord), reading and
// scanning them (ReadGamesFile, ScanGamesFile, ParseGamesFile), the schedule that
// numbers the games (Config.Slot), the checks that a record belongs to its
// tournament (Header.CheckRecord, SameTournament), and the live file a run keeps
// for its watchers (LiveFile). See docs/games-file.md.
//
// Whatever reads or writes games files imports it rather than the runner: it knows
// players by their specs (package search) and no engine or protocol.
package record
