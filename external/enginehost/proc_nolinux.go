//go:build !linux

package enginehost

// newMark returns "": outside Linux the engine's processes are not marked.
func newMark() string { return "" }

// leftover returns nil: outside Linux the processes an engine left are not looked
// for.
func leftover(root int, mark string) []string { return nil }

// supervisor does nothing outside Linux: an engine's processes that outlive a
// runner killed by SIGKILL stay.
type supervisor struct{}

// superviseIfAsked does nothing outside Linux: there is no supervisor.
func superviseIfAsked() {}

// startSupervisor returns nil outside Linux.
func startSupervisor(root int, mark string) *supervisor { return nil }

// release does nothing.
func (s *supervisor) release() {}
