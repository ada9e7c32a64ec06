//go:build !unix

package terminal

// terminalColumns returns 0: the width of a terminal is not read on this system.
func terminalColumns(any) int { return 0 }
