// Package external is the player of external engines: the cmd kind of player spec
// ("cmd:./my-engine,depth=6"), a program in any language that speaks the Mancala Engine
// Protocol (docs/protocol.md, package protocol) over its standard input and output.
//
// It registers its kind with package search from outside (its init function), so
// that search knows no process or protocol: a program imports this package (the
// registry of games does) to let its player specs name external engines. The kind's
// players play every game of the toolkit through the game's notations
// (search.NotationConstructor): they tell the program the game, the position and the
// turns since, and read its turn back; whatever the program does wrong is a
// *protocol.Fault, which a tournament records as the game's reason.
//
// A Pool keeps the engines' processes between the games of their players; a
// tournament lends one to its players in their search.Options.Env (WithPool), so
// that a program is started once per game slot, not once per game, and writes each
// process's standard error to a log file of its own. The processes themselves are
// package external/enginehost's: it starts a program, ends it with what it started,
// and hands its streams to the protocol.Client that speaks MEP to it.
package external
