package external

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/search"
)

// TestEngineSpecErrors: a cmd spec that cannot run is refused by New, naming the
// setting and what it wants, before any process starts.
func TestEngineSpecErrors(t *testing.T) {
	dir := t.TempDir()
	plain := filepath.Join(dir, "plain.txt")
	if err := os.WriteFile(plain, []byte("not a program"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		spec, want string
	}{
		{"cmd:depth=3", `path="": want the engine's program`},
		{"cmd:./no-such-engine", `path="./no-such-engine": want a program that exists`},
		{"cmd:no-such-engine-on-path", `want a program found in PATH, or a path to one`},
		{"cmd:" + plain, "want an executable file"},
		{"cmd:" + dir, "want an executable file"},
		{"cmd:/bin/sh,dir=" + filepath.Join(dir, "none"), `dir=`},
		{"cmd:/bin/sh,timeout=soon", `timeout="soon": want a positive duration`},
		{"cmd:/bin/sh,depth=0", `depth="0": want a whole number from 1`},
	}
	for _, tt := range tests {
		_, err := search.New[colony.State](colonyGame, colony.Score{}, tt.spec, search.Options{})
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("New(%q): %v, want an error containing %q", tt.spec, err, tt.want)
		}
	}
	// Rules without a notation: an external engine cannot be told the game.
	if _, err := search.New[colony.State](rulesOnly{colonyGame}, colony.Score{}, "cmd:/bin/sh", search.Options{}); err == nil ||
		!strings.Contains(err.Error(), "an external engine plays games with a name and a notation") {
		t.Errorf("New on rules without a notation: %v", err)
	}
}

// colonyGame is The Colony under its default rules.
var colonyGame = colony.NewGame(nil)

// rulesOnly hides everything of a game but its Rules.
type rulesOnly struct{ game.Rules[colony.State] }

// TestEngineSearchLimits: the limits of go and the Client's timeout, from the spec,
// the caller's timing and the context's deadline.
func TestEngineSearchLimits(t *testing.T) {
	ms := time.Millisecond
	tests := []struct {
		name     string
		spec     engineConfig
		timing   search.Timing
		moveTime time.Duration
		depth    int
		clock    bool
		timeout  time.Duration
	}{
		{name: "spec depth", spec: engineConfig{timeout: time.Minute}, depth: 3, timeout: time.Minute},
		{name: "move time", timing: search.Timing{MoveTime: 50 * ms, Margin: 20 * ms}, moveTime: 50 * ms, timeout: 70 * ms},
		{name: "clock", timing: search.Timing{Clock: &[2]search.Clock{{Left: 2000 * ms, Increment: 10 * ms}, {Left: 900 * ms}}, Margin: 100 * ms},
			clock: true, timeout: 2100 * ms},
		{name: "clock below zero", timing: search.Timing{Clock: &[2]search.Clock{{Left: -5 * ms}, {Left: ms}}, Margin: 100 * ms},
			clock: true, timeout: 100 * ms},
		{name: "tournament move timeout", spec: engineConfig{timeout: time.Minute}, timing: search.Timing{Timeout: 5 * time.Second},
			depth: 3, timeout: 5 * time.Second},
	}
	for _, tt := range tests {
		c := tt.spec
		if tt.depth > 0 {
			c.limits.Depth = tt.depth
		}
		l, timeout := c.searchLimits(t.Context(), tt.timing)
		if l.MoveTime != tt.moveTime || l.Depth != tt.depth || (l.Clock != nil) != tt.clock || timeout != tt.timeout {
			t.Errorf("%s: limits %+v, timeout %v; want movetime %v, depth %d, clock %v, timeout %v",
				tt.name, l, timeout, tt.moveTime, tt.depth, tt.clock, tt.timeout)
		}
		if tt.clock && (l.Clock.Time != tt.timing.Clock[0].Left || l.OClock.Time != tt.timing.Clock[1].Left) {
			t.Errorf("%s: clocks %+v %+v", tt.name, *l.Clock, *l.OClock)
		}
	}
}
