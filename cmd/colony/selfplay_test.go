package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestSelfplayProgress: self-play's progress lines show the first player's results,
// not an Elo of the player against itself.
func TestSelfplayProgress(t *testing.T) {
	code, _, errOut := cli(t, "--game", "kalah", "selfplay", "--games", "4", "--player", "ab:depth=1", "--concurrency", "1",
		"--progress", "lines", "--out", filepath.Join(t.TempDir(), "selfplay"))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	last := regexp.MustCompile(`(?m)^4/4 games · first player \d+\.\d% \(\d wins, \d draws, \d losses\)( ·.*)?$`)
	if !last.MatchString(errOut) || strings.Contains(errOut, "elo") {
		t.Errorf("progress %q", errOut)
	}
}
