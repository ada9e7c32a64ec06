// Package report says what a tournament's games say, for people and programs: the
// report of a tournament's games (Summarize: the standings, the cross table, the pair
// statistics and the SPRT of a match, the joint ratings, the game metrics) as text
// tables, JSON, CSV and a PNG chart of the ratings, the files a run writes it to
// (Outputs), the report of merged games files (MergeReport), the report of results
// given as counts (CountsReport), and the progress of a run as it goes (Progress,
// ProgressDisplay, and the standings on request, Standings). Tuning shares its
// progress display and its tables (NewTable, FormatElo).
//
// A Follower follows a tournament that another process runs, from its games file and
// live file, and gives its standings, SPRT and progress as a Snapshot (the web
// application's Live view).
//
// It reads games through package record, which counts them as a run does, and takes
// its figures from package stats; it knows no runner, engine or protocol.
package report
