package main

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/search"
)

// TestPlayersCommand: 'colony players' lists every registered kind with each of its
// settings, from the registry the specs are checked against.
func TestPlayersCommand(t *testing.T) {
	out := mustRun(t, "players")
	for _, k := range search.Kinds() {
		if !strings.Contains(out, "\n"+k.Name+": "+k.Doc+"\n") && !strings.HasPrefix(out, k.Name+": "+k.Doc+"\n") {
			t.Errorf("players lacks the kind %s:\n%s", k.Name, out)
		}
		for _, st := range k.Settings {
			if !strings.Contains(out, "  "+st.Key+" ") {
				t.Errorf("players lacks %s's setting %s", k.Name, st.Key)
			}
		}
	}
	for _, want := range []string{"[depth limit]", "[node limit]", "[seed]", "[evaluation]"} {
		if !strings.Contains(out, want) {
			t.Errorf("players lacks %q", want)
		}
	}
}

// TestVersion: --version names the build (module version or commit) and the Go
// version, and exits 0.
func TestVersion(t *testing.T) {
	out := mustRun(t, "--version")
	if !strings.HasPrefix(out, "colony version ") || !strings.Contains(out, "go1.") {
		t.Errorf("--version: %q", out)
	}
}
