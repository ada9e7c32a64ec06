//go:build !unix

package record

// processAlive reports whether a process pid runs on this host: without a way to
// tell, it says yes, and a killed run's live file is told by its age alone.
func processAlive(pid int) bool { return true }
