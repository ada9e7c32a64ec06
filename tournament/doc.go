// Package tournament runs engine-vs-engine tournaments and computes their statistics:
// round robins, gauntlets and matches of search players, played in pairs of games
// from the same opening with colours swapped, on all cores, with reproducible seeds,
// resumable game records and sharding; Elo estimates with confidence intervals, LOS,
// pentanomial pair statistics, the generalised SPRT as fishtest computes it, and
// Bradley–Terry ratings fitted jointly for all players with bootstrap intervals.
//
// It knows games only through the contract (package game) and players through
// package search; external engines come from package external, whose process pool a
// run lends its players. Settings reads and checks a tournament's settings, Session
// opens or resumes its games file, Outputs writes its reports. Package
// tournament/sprtdriver drives an SPRT on a cluster in batches of shards.
package tournament
