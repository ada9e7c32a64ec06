// Package tournament runs engine-vs-engine tournaments: round robins, gauntlets and
// matches of search players, played in pairs of games from the same opening with
// colours swapped, on all cores, with reproducible seeds, resumable game records and
// sharding; a match may be stopped by an SPRT.
//
// It plays the games through package match (a game and its players' factory bound
// together, without the game's state type: match.Games) and knows players through
// package search; external engines come from package external, whose process pool a
// run lends its players. The games file's and the live file's format, and counting
// the games as a run does, are package record's; the reports and the progress display
// are package report's. Settings reads and checks a tournament's settings, Session
// opens or resumes its games file. Package tournament/sprtdriver drives an SPRT on a
// cluster in batches of shards.
package tournament
