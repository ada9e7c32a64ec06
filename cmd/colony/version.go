package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// version says which build of colony this is: the module's version ("(devel)" for a
// build from a clone), the commit it was built from when the build recorded one
// ("+dirty" when the tree had changes), and the Go version.
func version() string {
	v, commit := "(unknown)", ""
	if info, ok := debug.ReadBuildInfo(); ok {
		v = info.Main.Version
		var rev, modified string
		for _, s := range info.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.modified":
				modified = s.Value
			}
		}
		if rev != "" && !strings.Contains(v, rev[:min(12, len(rev))]) {
			commit = " commit " + rev[:min(12, len(rev))]
			if modified == "true" {
				commit += "+dirty"
			}
		}
	}
	return strings.TrimSpace(v + commit + " " + runtime.Version())
}
