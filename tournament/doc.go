// Package tournament runs engine-vs-engine tournaments and computes their statistics:
// round robins, gauntlets and matches of search players, played in pairs of games
// from the same opening with colours swapped, on all cores, with reproducible seeds,
// resumable game records and sharding; Elo estimates with confidence intervals, LOS,
// pentanomial pair statistics, the generalised SPRT as fishtest computes it, and
// Bradley–Terry ratings fitted jointly for all players with bootstrap intervals.
package tournament
