package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
)

// tournamentFile runs a small tournament of the game and returns its games file.
func tournamentFile(t *testing.T, game string, players ...string) (string, *record.GamesFile) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "games.jsonl")
	args := []string{"--game", game, "tournament", "--games", "2", "--progress", "off", "--games-file", file}
	for _, p := range players {
		args = append(args, "-p", p)
	}
	tourn(t, args...)
	gf, err := record.ReadGamesFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return file, gf
}

var positionHeader = regexp.MustCompile(`^position (\d+) of (\d+)$`)

// replayedPositions returns the positions replay drew, in order, by number.
func replayedPositions(t *testing.T, out string, g catalog.Ruleset) (ks []int, ps []string) {
	t.Helper()
	k := -1
	for _, l := range strings.Split(out, "\n") {
		if m := positionHeader.FindStringSubmatch(l); m != nil {
			k, _ = strconv.Atoi(m[1])
			continue
		}
		if k >= 0 && l != "" {
			if p, err := g.Position(l); err == nil && p == l {
				ks = append(ks, k)
				ps = append(ps, l)
				k = -1
			}
		}
	}
	return ks, ps
}

func TestReplay(t *testing.T) {
	file, gf := tournamentFile(t, "kalah", "a=ab:depth=2", "b=greedy")
	g := openTestGame(t, "kalah")
	rec := gf.Games[0]
	for _, r := range gf.Games {
		if r.Index == 1 {
			rec = r
		}
	}
	n := len(rec.Moves)
	if n < 3 {
		t.Fatalf("a game of %d turns", n)
	}
	// Forward to the end (Enter and n), once past it, back, first, a jump, last.
	input := strings.Repeat("\n", n-1) + "n\nn\np\nf\n2\nx\n-1\nl\nq\n"
	code, out, errOut := cliIn(t, input, "replay", file, "--game", strconv.Itoa(rec.Index))
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var want []int
	for k := 0; k <= n; k++ {
		want = append(want, k)
	}
	want = append(want, n-1, 0, 2, n)
	ks, ps := replayedPositions(t, out, g)
	if fmt.Sprint(ks) != fmt.Sprint(want) {
		t.Fatalf("positions shown %v, want %v:\n%s", ks, want, out)
	}
	for i, k := range ks {
		p, _, err := g.Play(rec.Opening, rec.Moves[:k])
		if err != nil {
			t.Fatal(err)
		}
		if ps[i] != p {
			t.Errorf("position %d shown as %q, want %q", k, ps[i], p)
		}
	}
	for _, s := range []string{
		fmt.Sprintf("game %d: %s (south) %s - %s (north) %s, %d turns\n", rec.Index, rec.Players[0], rec.Specs[0], rec.Players[1], rec.Specs[1], n),
		fmt.Sprintf("no position %d: the game has positions 0 to %d\n", n+1, n),
		fmt.Sprintf("\"x\": type Enter or n, p, f, l, a position from 0 to %d, or q\n", n),
		"no position -1: the game has positions 0 to",
		"result: " + (&catalog.GameEnd{Winner: rec.Winner, Points: rec.Points, Reason: rec.Reason}).Text(g.Sides()) + "\n",
		"game over: " + (&catalog.GameEnd{Winner: rec.Winner, Points: rec.Points, Reason: rec.Reason}).Text(g.Sides()) + "\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	// Every turn with the figures recorded for it.
	for k, m := range rec.Moves {
		st, _ := g.Situation(ps[k])
		in := rec.Info[k]
		line := fmt.Sprintf("turn %d: %s (%s) plays %s  (score %s, depth %d, nodes %d, time %.3fs)\n", k+1,
			g.Sides()[st.ToMove], rec.Players[st.ToMove], m,
			catalog.ScoreText(int(in.Score), catalog.ScoreScale(g, rec.Specs[st.ToMove])), in.Depth, in.Nodes, float64(in.Micros)/1e6)
		if !strings.Contains(out, line) {
			t.Errorf("output lacks %q", line)
		}
	}
	if !regexp.MustCompile(`\(score -?\d+\.\d\d, depth 2, nodes \d+, time \d+\.\d{3}s\)`).MatchString(out) {
		t.Errorf("no ab score in points with two decimals:\n%s", out)
	}
}

// TestReplayChoose: without --game the games are listed and an empty line takes the
// first; a bad index is reported and asked again; the end of the input stops.
func TestReplayChoose(t *testing.T) {
	file, gf := tournamentFile(t, "colony", "a=ab:depth=1", "b=random")
	code, out, errOut := cliIn(t, "7\n\nl\n", "replay", file)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	first := gf.Games[0]
	for _, s := range []string{
		"index  players",
		fmt.Sprintf("%6d  %-30s  %-7s  %-24s  %d\n", first.Index, first.Players[0]+" - "+first.Players[1], first.Result, first.Reason, first.Turns),
		"\"7\": not a game's index (2 games, indexes 0 to 1)\n",
		fmt.Sprintf("game %d: ", first.Index),
		fmt.Sprintf("position %d of %d\n", len(first.Moves), len(first.Moves)),
		"ants in hand",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	g := openTestGame(t, "colony")
	_, ps := replayedPositions(t, out, g)
	final, _, err := g.Play(first.Opening, first.Moves)
	if err != nil || len(ps) != 2 || ps[1] != final {
		t.Errorf("positions %q, want the last %q (%v)", ps, final, err)
	}
}

// TestReplayErrors: a missing file, a bad index, a file of another game: exit 2.
func TestReplayErrors(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile("testdata/games-v1.jsonl")
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.jsonl")
	os.WriteFile(other, []byte(strings.Replace(string(data), `"game":"colony"`, `"game":"kalah"`, 1)), 0o644)
	unknown := filepath.Join(dir, "unknown.jsonl")
	os.WriteFile(unknown, []byte(strings.Replace(string(data), `"game":"colony"`, `"game":"nosuch"`, 1)), 0o644)
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{"replay", filepath.Join(dir, "missing.jsonl")}, "colony: replay: games file: open "},
		{[]string{"replay", "testdata/games-v1.jsonl", "--game", "99"}, "colony: replay: --game 99: testdata/games-v1.jsonl holds no game of that index ("},
		{[]string{"replay", other, "--game", "1"}, "colony: replay: " + other + ", game 1: the opening is not a position of kalah: "},
		{[]string{"replay", unknown}, "colony: replay: " + unknown + " holds games of \"nosuch\", which cannot be opened: "},
		{[]string{"replay", "testdata/games-v1.jsonl", "--game", "x"}, "colony: replay: --game: \"x\" is not an integer"},
		{[]string{"replay"}, "colony: replay needs one games file, got 0 arguments"},
	} {
		code, out, errOut := cliIn(t, "", tt.args...)
		if code != 2 || out != "" || !strings.HasPrefix(errOut, tt.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("colony %q: exit %d, stdout %q, stderr %q, want %q...", tt.args, code, out, errOut, tt.want)
		}
	}
}
