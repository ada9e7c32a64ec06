//go:build unix

package terminal

import (
	"os"

	"golang.org/x/sys/unix"
)

// terminalColumns returns the width of the terminal f, or 0 when f is not a
// terminal.
func terminalColumns(f any) int {
	file, ok := f.(*os.File)
	if !ok {
		return 0
	}
	ws, err := unix.IoctlGetWinsize(int(file.Fd()), unix.TIOCGWINSZ)
	if err != nil {
		return 0
	}
	return int(ws.Col)
}
