//go:build !unix

package protocol

// processGone cannot tell without process groups and signals: it says yes.
func processGone(int) bool { return true }

// groupGone cannot tell without process groups: it says yes.
func groupGone(int) bool { return true }
