//go:build !unix

package protocoltest

// ProcessGone cannot tell without signals: it says yes.
func ProcessGone(int) bool { return true }

// GroupGone cannot tell without process groups: it says yes.
func GroupGone(int) bool { return true }

// ChildProcesses cannot tell without /proc: it returns nil.
func ChildProcesses() []int { return nil }
