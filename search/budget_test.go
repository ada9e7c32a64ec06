package search

import (
	"testing"
	"time"
)

// TestMoveBudget checks the share of a clock a move gets: a thirtieth of the time
// left plus three quarters of the increment, at most half of what is left, at least
// a millisecond.
func TestMoveBudget(t *testing.T) {
	ms := time.Millisecond
	tests := []struct{ left, inc, want time.Duration }{
		{30000 * ms, 400 * ms, 1300 * ms},
		{100 * ms, 1000 * ms, 50 * ms},
		{-20 * ms, 0, ms},
		{0, 0, ms},
		{3000 * ms, 0, 100 * ms},
	}
	for _, tt := range tests {
		if got := MoveBudget(tt.left, tt.inc); got != tt.want {
			t.Errorf("MoveBudget(%v, %v) = %v, want %v", tt.left, tt.inc, got, tt.want)
		}
	}
}
