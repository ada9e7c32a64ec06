// Package protocol implements the Mancala Engine Protocol (MEP), version 1, as
// docs/protocol.md specifies it: the messages and their text lines (ParseCommand,
// ParseReply and the message types), the runner's side (Client: it talks to an
// engine over a pair of streams, enforces the deadlines and classifies an engine's
// faults) and the engine's side (Serve, which speaks MEP for a Handler).
//
// The package speaks MEP over streams and runs no process: a Client talks to an
// engine in the same program over any pair of streams (Connect), or to an engine
// process over its standard streams (Attach), through a Host that tells how the
// process ended and ends it. Package external/enginehost starts engine programs and
// is their Host.
//
// The package knows nothing of any game: positions and turns are strings in the
// game's own notations, which the caller reads and writes (package catalog does, for
// every game of the toolkit). It imports only the standard library.
package protocol
