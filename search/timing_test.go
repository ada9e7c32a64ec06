package search

import (
	"os"
	"testing"
	"time"
)

// The wall-clock checks of searches stopped by a limit: a time setting, a context's
// deadline or its cancellation. The project's rule is no wall-clock threshold in a
// unit test, except generous ones for time limits: the default run checks only that
// a search stopped by a limit of d returns within generousBound(d), which holds on a
// loaded machine. The precise bound (the limit and a little slack, what the search
// keeps to on an idle machine) is a wall-clock threshold that a busy machine breaks
// (CI runs several test binaries at once on two cores): it is checked only when
// COLONY_TIMING=strict is set, on an idle machine, and otherwise a run over it is
// logged.

// generousBound is the most a search stopped by a limit of d may take, on a loaded
// machine too: ten times the limit and two seconds.
func generousBound(d time.Duration) time.Duration { return 10*d + 2*time.Second }

// checkStopped fails the test when took, the wall time of a search stopped by a limit
// of limit, is over generousBound(limit), or with COLONY_TIMING=strict over
// limit+slack; without it a run over limit+slack is only logged.
func checkStopped(t testing.TB, what string, took, limit, slack time.Duration) {
	t.Helper()
	switch {
	case took > generousBound(limit):
		t.Errorf("%s: took %v for a limit of %v (the bound is %v)", what, took, limit, generousBound(limit))
	case took > limit+slack && os.Getenv("COLONY_TIMING") == "strict":
		t.Errorf("%s: took %v for a limit of %v, more than %v over it", what, took, limit, slack)
	case took > limit+slack:
		t.Logf("%s: took %v for a limit of %v, more than %v over it (checked with COLONY_TIMING=strict)", what, took, limit, slack)
	}
}
