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
		for _, key := range k.Keys() { // a family of settings as KEY.NAME
			if !strings.Contains(out, "  "+key+" ") {
				t.Errorf("players lacks %s's setting %s", k.Name, key)
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

// TestNewcomerHelp: what a newcomer reads is true: the root help mentions
// tournaments, eval and tune know that every game has tuned weights, a merge without
// files says what it needs, and a round robin's report says what each Elo table is.
func TestNewcomerHelp(t *testing.T) {
	if out := mustRun(t, "--help"); !strings.Contains(out, "colony tournament") {
		t.Errorf("colony --help does not mention tournaments")
	}
	for _, cmd := range []string{"eval", "tune"} {
		out := mustRun(t, cmd, "--help")
		if strings.Contains(out, "for the other games") || strings.Contains(out, "same as\nhand for the mancala games") {
			t.Errorf("%s --help says some games have no tuned weights", cmd)
		}
	}
	if code, _, errOut := cli(t, "tournament", "merge"); code != 2 || !strings.Contains(errOut, "merge needs the games files") {
		t.Errorf("merge without files: exit %d, %q", code, errOut)
	}
	code, out, _ := cli(t, "tournament", "-p", "random", "-p", "greedy", "-p", "g2=greedy:seed=2", "--games", "2", "--progress", "off")
	for _, want := range []string{"Elo against the field: ", "Bradley–Terry: one rating a player"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("round robin report (exit %d) lacks %q", code, want)
		}
	}
}
