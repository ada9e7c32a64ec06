package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

func TestGamesList(t *testing.T) {
	out := mustRun(t, "games")
	names := catalog.Names()
	if len(names) < 2 || names[0] != "colony" {
		t.Fatalf("registered games %v: want The Colony first and the classic games", names)
	}
	for _, name := range names {
		if !strings.Contains(out, "\n"+name+": ") && !strings.HasPrefix(out, name+": ") {
			t.Errorf("games lacks %s:\n%s", name, out)
		}
	}
}

func TestSolveKalah(t *testing.T) {
	// Irving, Donkers and Uiterwijk (2000): kalah:3x3 is a first-player win by 2 and
	// kalah:4x3 by 8.
	for _, tc := range []struct{ game, value string }{{"kalah:3x3", "+2"}, {"kalah:4x3", "+8"}} {
		out := mustRun(t, "--game", tc.game, "solve", "--tt", "64")
		if !strings.Contains(out, "\nvalue="+tc.value+"\n") || !regexp.MustCompile(`(?m)^best=\S+$`).MatchString(out) {
			t.Errorf("%s: %s", tc.game, out)
		}
	}
}

// --endgames: the same value with a database built, then read from its cache; a
// game without databases is an error.
func TestSolveKalahEndgames(t *testing.T) {
	dir := t.TempDir()
	for _, want := range []string{"endgames: built in ", "endgames: read from "} {
		out := mustRun(t, "--game", "kalah:4x3", "solve", "--tt", "64", "--endgames", "10", "--endgame-dir", dir)
		if !strings.Contains(out, "\nvalue=+8\n") || !strings.Contains(out, "\n"+want) {
			t.Errorf("kalah:4x3 --endgames 10, want %q: %s", want, out)
		}
	}
	if code, _, errOut := cli(t, "--game", "oware", "solve", "--endgames", "10", "--endgame-dir", dir); code == 0 || !strings.Contains(errOut, "no endgame databases") {
		t.Errorf("oware --endgames: exit %d, %q", code, errOut)
	}
}

func TestSolveMartian(t *testing.T) {
	// Values computed by this solver (games/martian/RULES.md, "Solving").
	for _, tc := range []struct{ game, value string }{{"martian:3x321", "+24"}, {"martian:3x21", "+10"}} {
		out := mustRun(t, "--game", tc.game, "solve", "--tt", "64")
		if !strings.Contains(out, "\nvalue="+tc.value+"\n") || !regexp.MustCompile(`(?m)^best=\S+$`).MatchString(out) {
			t.Errorf("%s: %s", tc.game, out)
		}
	}
}

func TestSolveColonyEndgame(t *testing.T) {
	out := mustRun(t, "solve", "--position", posEndsNoLog)
	if !strings.Contains(out, "\nvalue=+5\n") || !strings.Contains(out, "\nbest=A3\n") {
		t.Errorf("colony endgame: %s", out)
	}
}

func TestOtherGamesThroughTheTools(t *testing.T) {
	for _, name := range catalog.Names()[1:] {
		t.Run(name, func(t *testing.T) {
			g, err := catalog.Open(name)
			if err != nil {
				t.Fatal(err)
			}
			out := mustRun(t, "--game", name, "perft", "--depth", "3")
			if !regexp.MustCompile(`^perft depth=3 nodes=[1-9]\d* time=`).MatchString(out) {
				t.Errorf("perft: %q", out)
			}
			total := regexp.MustCompile(`nodes=(\d+)`).FindStringSubmatch(out)[1]
			out = mustRun(t, "--game", name, "perft", "--depth", "3", "--divide")
			if !regexp.MustCompile(`(?s)^(\S+ \d+\n)+perft depth=3 nodes=` + total + ` time=`).MatchString(out) {
				t.Errorf("perft --divide (total %s): %q", total, out)
			}
			out = mustRun(t, "--game", name, "bench", "--player", "ab:depth=2")
			if !regexp.MustCompile(`(?m)^bench nodes=\d+ time=\S+ nps=\d+ moves=[0-9a-f]{16}$`).MatchString(out) {
				t.Errorf("bench: %q", out)
			}
			file := filepath.Join(t.TempDir(), "games.jsonl")
			code, out, errOut := cli(t, "--game", name, "tournament", "-p", "ab=ab:depth=2", "-p", "random",
				"--games", "4", "--progress", "off", "--games-file", file)
			if code != 0 || !strings.Contains(out, "Standings (4 of 4 games") {
				t.Fatalf("tournament: exit %d\n%s\n%s", code, out, errOut)
			}
			merged := mustRun(t, "tournament", "merge", file)
			if afterFirstLine(merged) != dropPlayed(out) {
				t.Errorf("merge of the %s games differs from the run:\n%s\n%s", name, merged, out)
			}
			_ = g
		})
	}
}

func TestMovesAndApplyOnKalah(t *testing.T) {
	if got := mustRun(t, "--game", "kalah", "moves"); got != "a\nb\nc\nd\ne\nf\n" {
		t.Errorf("moves: %q", got)
	}
	// South's c (4 seeds) ends in South's store: an extra turn; d (now 5 seeds) then
	// sows e, f, the store and North's a and b.
	got := mustRun(t, "--game", "kalah", "apply", "c", "d")
	if got != "pits=4.4.0.0.6.6/5.5.4.4.4.4 stores=2,0 move=north\n" {
		t.Errorf("apply: %q", got)
	}
	// kalah:1x1: South sows its seed into its store and has no seeds left: the game
	// ends and North takes its own seed.
	if got := mustRun(t, "--game", "kalah:1x1", "apply", "a"); !strings.HasSuffix(got, "result: draw 1-1 (south has no seeds)\n") {
		t.Errorf("apply to the end: %q", got)
	}
	if code, _, errOut := cli(t, "--game", "kalah", "apply", "z"); code != 2 || !strings.Contains(errOut, `"z" is not a legal turn`) {
		t.Errorf("illegal move: exit %d, %q", code, errOut)
	}
}

func TestRulesOfOtherGames(t *testing.T) {
	for _, tc := range []struct{ game, first, heading string }{
		{"kalah:4x3", "# rule set kalah:4x3\n", "# Kalah"},
		{"oware:grandslam=illegal", "# rule set oware:grandslam=illegal\n", "# Oware and Ayo"},
		{"ayo", "# rule set ayo\n", "# Oware and Ayo"},
		{"nigerian", "# rule set nigerian\n", "piecepack"},
		{"martian:8x3321", "# rule set martian:8x3321\n", "# Martian Mancala"},
	} {
		out := mustRun(t, "--game", tc.game, "rules")
		if !strings.HasPrefix(out, tc.first) || !strings.Contains(out, tc.heading) {
			t.Errorf("%s rules: %.200q", tc.game, out)
		}
	}
}

func TestBadGames(t *testing.T) {
	for _, args := range [][]string{
		{"--game", "chess", "solve"},
		{"--game", "kalah:0x4", "solve"},
		{"--game", "kalah", "--rules", "colony:turncap=300", "perft", "--depth", "1"},
	} {
		if code, _, errOut := cli(t, args...); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q", args, code, errOut)
		}
	}
}
