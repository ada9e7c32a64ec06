//go:build !unix

package benchmarks

import "time"

// cpuTime reports that the process's CPU time cannot be read here.
func cpuTime() (time.Duration, bool) { return 0, false }
