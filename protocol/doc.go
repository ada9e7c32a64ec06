// Package protocol implements the Mancala Engine Protocol (MEP), version 1, as
// docs/protocol.md specifies it: the messages and their text lines (ParseCommand,
// ParseReply and the message types), the runner's side (Client: it starts an engine
// program or talks over any pair of streams, enforces the deadlines and classifies an
// engine's faults) and the engine's side (Serve, which speaks MEP for a Handler).
//
// The package knows nothing of any game: positions and turns are strings in the
// game's own notations, which the caller reads and writes (package catalog does, for
// every game of the toolkit). It imports only the standard library.
//
// The files: lines.go, the rules of a line and the reading of lines; messages.go,
// the commands and replies; options.go, the engine's identity and options; fault.go,
// the faults; client.go, the runner's side, with proc_*.go, what differs between
// systems in running an engine process; serve.go, the engine's side.
package protocol
