// Package record is the games file and the live file of package tournament's runs:
// a tournament's header (Header, with its Config) and its games (Record), one line
// each with a checksum; writing them (WriteHeader, AppendRecord), appending to a
// games file under its lock (OpenGamesFile), reading and scanning them
// (ReadGamesFile, ScanGamesFile, ParseGamesFile), the schedule that numbers the games
// (Config.Slot), the checks that a record belongs to its tournament
// (Header.CheckRecord, SameTournament), and the live file a run keeps for its
// watchers (LiveFile, written by a LiveBoard). See docs/games-file.md.
//
// It counts games as a run does (Collector: each game once, with the scheduled
// players, the SPRT over the pairs in schedule order), holding millions of them as
// small summaries (GameList), and merges the games files of one tournament by the
// games' indices (MergeFiles), so that a resume, a merge and a follower of a games
// file agree with the run that wrote it.
//
// Whatever reads or writes games files imports it rather than the runner: it knows
// players by their specs (package search) and no engine or protocol.
package record
