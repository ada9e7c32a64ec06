//go:build !linux

package enginehost

// adoptOrphans does nothing outside Linux.
func adoptOrphans() error { return nil }

// reapOrphan does nothing outside Linux.
func reapOrphan(int) {}
