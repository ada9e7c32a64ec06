//go:build !linux

package protocol

// adoptOrphans does nothing outside Linux.
func adoptOrphans() error { return nil }

// reapOrphan does nothing outside Linux.
func reapOrphan(int) {}
