// Package tournament runs engine-vs-engine tournaments and reports them: round
// robins, gauntlets and matches of search players, played in pairs of games from the
// same opening with colours swapped, on all cores, with reproducible seeds, resumable
// game records and sharding; a match may be stopped by an SPRT. Its reports (the
// standings, the pair statistics, the SPRT's course, the joint ratings, the game
// metrics) take their figures from package stats, which computes them from counts of
// results.
//
// It plays the games through package match (a game and its players' factory bound
// together, without the game's state type: match.Games) and knows players through
// package search; external engines come from package external, whose process pool a
// run lends its players. The games file's and the live file's format is package
// record's. Settings reads and checks a tournament's settings, Session opens or
// resumes its games file, Outputs writes its reports. Package
// tournament/sprtdriver drives an SPRT on a cluster in batches of shards.
package tournament
