package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/record"
)

// TestTournamentAdjudication: the --adjudicate-* flags are recorded in the games
// file's header and decide games with their reasons (a turn cap of 8 turns ends
// every Kalah game of two depth-2 players: none ends that soon from the start).
func TestTournamentAdjudication(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.jsonl")
	out, _ := tourn(t, "--game", "kalah", "tournament", "-p", "a=ab:depth=2", "-p", "b=ab:depth=1", "--games", "4",
		"--progress", "off", "--opening-turns", "0", "--games-file", file,
		"--adjudicate-turns", "8", "--adjudicate-resign", "turns=3,score=10", "--adjudicate-draw", "after=40,turns=4,score=0",
		"--adjudicate-exact", "pieces=6,nodes=1000")
	if !strings.Contains(out, "adjudicated: turn cap") {
		t.Errorf("the report does not count the turn cap's games:\n%s", out)
	}
	gf := readGames(t, file)
	// The header keeps the thresholds in hundredths of a point (10 points here).
	want := `{"resign":{"turns":3,"score":1000},"draw":{"after":40,"turns":4,"score":0},"turn_cap":8,"exact":{"pieces":6,"nodes":1000}}`
	if got := jsonText(t, gf.Header.Adjudication); got != want {
		t.Errorf("header's adjudication %s, want %s", got, want)
	}
	for _, r := range gf.Games {
		if r.Reason != record.ReasonTurnCap || r.Turns != 8 || !strings.HasPrefix(r.Detail, "8 turns: points ") {
			t.Errorf("game %d: reason %q, detail %q, %d turns; want the turn cap at 8", r.Index, r.Reason, r.Detail, r.Turns)
		}
	}
}

func TestTournamentAdjudicationErrors(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--adjudicate-resign", "turns=2"}, `colony: tournament: --adjudicate-resign: resign adjudication "turns=2": want turns=N,score=S (score is needed)`},
		{[]string{"--adjudicate-draw", "after=2,x=1"}, `colony: tournament: --adjudicate-draw: draw adjudication "after=2,x=1": unknown key "x" (known: after, turns, score)`},
		{[]string{"--adjudicate-turns", "0"}, "colony: tournament: --adjudicate-turns must be at least 1, got 0"},
		// Scores are points: a resign threshold below 1 point cannot be meant.
		{[]string{"--adjudicate-resign", "turns=3,score=0.15"}, "colony: tournament: --adjudicate-resign: resign adjudication: score=0.15: want 1 to 1000000 points (scores are in points, as analyze shows them, and no game is won by less than 1 point)"},
		{[]string{"--adjudicate-draw", "score=0.125"}, `colony: tournament: --adjudicate-draw: draw adjudication "score=0.125": score="0.125": want at most two decimals: scores are counted in hundredths of a point`},
		{[]string{"--adjudicate-exact", "pieces=8"}, "colony: tournament: exact adjudication: colony does not count its pieces in play (only games with an exact solver's bounds do: kalah)"},
	} {
		games := filepath.Join(dir, "games.jsonl")
		args := append([]string{"tournament", "--progress", "off", "-p", "random", "-p", "greedy", "--games-file", games}, tc.args...)
		code, out, errOut := cli(t, args...)
		if code != 2 || out != "" || errOut != tc.want+"\n" {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want 2 and %q", tc.args, code, out, errOut, tc.want)
		}
		if _, err := os.Stat(games); !os.IsNotExist(err) {
			t.Errorf("%q: the games file was created (%v)", tc.args, err)
		}
	}
}

// TestAdjudicationThresholdsInPoints: --adjudicate-resign's score is in points, the
// unit of the scores analyze, the game page and export show (Kalah's default
// evaluation scores in hundredths of a seed): score=10 resigns a game only once the
// scores are 10 seeds or more, and the record's detail says "10 points". Read in
// hundredths, it resigned every game within a few turns, at scores of 2 seeds.
func TestAdjudicationThresholdsInPoints(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.jsonl")
	tourn(t, "--game", "kalah", "tournament", "-p", "a=ab:depth=3", "-p", "b=ab:depth=2", "--games", "8",
		"--progress", "off", "--games-file", file, "--adjudicate-resign", "turns=2,score=10")
	gf := readGames(t, file)
	resigned := 0
	for _, r := range gf.Games {
		if r.Reason != record.ReasonResign {
			continue
		}
		resigned++
		if !strings.Contains(r.Detail, "'s score at least 10 points and ") || !strings.Contains(r.Detail, "'s at most -10 points for 2 turns each") {
			t.Errorf("game %d: detail %q, want the threshold in points", r.Index, r.Detail)
		}
		// The turn that decided it is the leader's or the other's: 10 seeds or more
		// either way (1000 in the evaluation's hundredths).
		if last := r.Info[len(r.Info)-1].Score; last > -1000 && last < 1000 {
			t.Errorf("game %d: resigned after a turn scored %d (%.2f points), within 10 points", r.Index, last, float64(last)/100)
		}
	}
	if resigned == 0 {
		t.Errorf("no game of %d resigned", len(gf.Games))
	}
}

// jsonText returns v as JSON.
func jsonText(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
