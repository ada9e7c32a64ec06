package main

import (
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/tuning"
)

// selfplayFixture plays a short selfplay into a temporary directory and returns it.
func selfplayFixture(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	code, out, errOut := cli(t, "selfplay", "--games", "20", "--player", "ab:depth=1,eval=hand", "--out", dir, "--progress", "off")
	if code != 0 {
		t.Fatalf("selfplay: exit %d, %s", code, errOut)
	}
	if !regexp.MustCompile(`^selfplay: 20 games, \d+ positions in .*positions.txt\n$`).MatchString(out) {
		t.Fatalf("selfplay output %q", out)
	}
	return dir
}

func TestSelfplayPositions(t *testing.T) {
	dir := selfplayFixture(t)
	r := colony.Default()
	lines, err := tuning.ReadPositions(catalog.Colony(r), filepath.Join(dir, positionsName))
	if err != nil {
		t.Fatal(err)
	}
	// Every game's positions: the side to move alternates with the result, which is
	// the game's result for the side to move (no draws in The Colony).
	winners, err := readGamesForTest(filepath.Join(dir, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	perGame := map[int]int{}
	for _, l := range lines {
		perGame[l.Game]++
		winner := winners[l.Game]
		want := 0.0
		s, err := r.ParsePosition(l.Text)
		if err != nil {
			t.Fatal(err)
		}
		if winner == int(s.ToMove()) {
			want = 1
		}
		if l.Result != want || s.Over() || l.ToMove != int(s.ToMove()) {
			t.Fatalf("game %d: position %v with result %v, winner %d", l.Game, l.Text, l.Result, winner)
		}
	}
	if len(perGame) != 20 {
		t.Errorf("positions of %d games, want 20", len(perGame))
	}
	// The same command gives the same file.
	again := selfplayFixture(t)
	a, _ := os.ReadFile(filepath.Join(dir, positionsName))
	b, _ := os.ReadFile(filepath.Join(again, positionsName))
	if string(a) != string(b) {
		t.Error("two selfplay runs with one seed wrote different positions")
	}
}

// readGamesForTest returns each game's winner by index.
func readGamesForTest(name string) (map[int]int, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	out := map[int]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n")[1:] {
		var g struct {
			Index  int `json:"index"`
			Winner int `json:"winner"`
		}
		if err := json.Unmarshal([]byte(line), &g); err != nil {
			return nil, err
		}
		out[g.Index] = g.Winner
	}
	return out, nil
}

func TestTuneTexelWritesEverythingAndResumes(t *testing.T) {
	dir := selfplayFixture(t)
	out := filepath.Join(t.TempDir(), "tune")
	args := []string{"tune", "--positions", filepath.Join(dir, positionsName), "--out", out,
		"--iterations", "3", "--verify-games", "20", "--verify-player", "ab:depth=1", "--progress", "off"}
	code, stdout, stderr := cli(t, args...)
	if code != 0 {
		t.Fatalf("tune: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"loss (held out, ", "weights: ", "verify: tuned vs start over 20 games (10 pairs, ab:depth=1): elo ", "verify: "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("output lacks %q:\n%s", want, stdout)
		}
	}
	m := regexp.MustCompile(`loss \(held out, \d+ positions\): ([0-9.]+) before, ([0-9.]+) after`).FindStringSubmatch(stdout)
	if m == nil {
		t.Fatalf("no held-out loss line:\n%s", stdout)
	}
	if before, _ := strconv.ParseFloat(m[1], 64); before <= 0 {
		t.Errorf("held-out loss before %v", before)
	}
	fs := colony.NewFeatures(nil)
	w, err := eval.LoadNamedWeights(filepath.Join(out, "weights.json"), fs.Name(), fs.Features())
	if err != nil {
		t.Fatal(err)
	}
	if w.W[colony.FeatStoreDiff] != 1 {
		t.Errorf("store_diff moved to %v: it is the anchor", w.W[colony.FeatStoreDiff])
	}
	checkPNG(t, filepath.Join(out, "loss.png"))
	ck, err := tuning.ReadCheckpoint(filepath.Join(out, "checkpoint.json"))
	if err != nil || ck.Method != "texel" || ck.Iteration != 3 || len(ck.History) != 4 {
		t.Fatalf("checkpoint %+v, %v", ck, err)
	}
	if gf := readGames(t, filepath.Join(out, "verify.jsonl")); len(gf.Games) != 20 {
		t.Errorf("verification games: %d", len(gf.Games))
	}
	// The same run again is refused; with --resume and more iterations it goes on
	// from the checkpoint.
	if code, _, errOut := cli(t, args...); code != 2 || !strings.Contains(errOut, "give --resume") {
		t.Errorf("rerun: exit %d, %q", code, errOut)
	}
	more := append(append([]string{}, args...), "--resume")
	for i := range more {
		if more[i] == "--iterations" {
			more[i+1] = "5"
		}
	}
	if code, stdout, stderr := cli(t, more...); code != 0 {
		t.Fatalf("resume: exit %d\n%s\n%s", code, stdout, stderr)
	}
	ck, err = tuning.ReadCheckpoint(filepath.Join(out, "checkpoint.json"))
	if err != nil || ck.Iteration > 5 || ck.Iteration < 3 || len(ck.History) != ck.Iteration+1 {
		t.Fatalf("resumed checkpoint: iteration %d, %d history entries, %v", ck.Iteration, len(ck.History), err)
	}
	// Resuming another run is refused.
	other := append(append([]string{}, more...), "--seed", "9")
	if code, _, errOut := cli(t, other...); code != 2 || !strings.Contains(errOut, "is of another run") {
		t.Errorf("resume with another seed: exit %d, %q", code, errOut)
	}
	// A verification player that cannot be built is refused before the tuning.
	fresh := filepath.Join(t.TempDir(), "fresh")
	bad := append(append([]string{}, args...), "--out", fresh, "--verify-player", "ab:depth=65")
	code, stdout, stderr = cli(t, bad...)
	if _, err := os.Stat(fresh); code != 2 || stdout != "" || err == nil ||
		stderr != "colony: tune: --verify-player: player 1 (tuned): player \"ab:depth=65,eval=@tuned\": depth=\"65\": want a whole number from 1 to 64\n" {
		t.Errorf("bad verification player: exit %d, %q, %q, %s made (%v)", code, stdout, stderr, fresh, err)
	}
}

func TestTuneSPSA(t *testing.T) {
	out := filepath.Join(t.TempDir(), "spsa")
	code, stdout, stderr := cli(t, "tune", "--method", "spsa", "--iterations", "4", "--pairs", "1",
		"--out", out, "--verify-games", "0", "--progress", "off")
	if code != 0 {
		t.Fatalf("tune: exit %d\n%s\n%s", code, stdout, stderr)
	}
	checkPNG(t, filepath.Join(out, "weights.png"))
	ck, err := tuning.ReadCheckpoint(filepath.Join(out, "checkpoint.json"))
	if err != nil || ck.Method != "spsa" || ck.Iteration != 4 || len(ck.History) != 5 || len(ck.SPSA) == 0 {
		t.Fatalf("checkpoint %+v, %v", ck, err)
	}
	if ck.Weights[colony.FeatStoreDiff] != 1 {
		t.Errorf("store_diff moved to %v", ck.Weights[colony.FeatStoreDiff])
	}
	// A run killed (SIGKILL) after a few steps and resumed gives what one run gives:
	// 40 iterations with the build tag long, 16 by default (killed after 3 as well).
	iterations := 40
	if !longTests {
		iterations = 16
	}
	args := []string{"tune", "--method", "spsa", "--iterations", strconv.Itoa(iterations), "--pairs", "1", "--spsa-player", "ab:depth=2",
		"--verify-games", "0", "--progress", "off"}
	whole := filepath.Join(t.TempDir(), "whole")
	if code, _, errOut := cli(t, append(args, "--out", whole)...); code != 0 {
		t.Fatalf("whole run: %d %s", code, errOut)
	}
	killed := filepath.Join(t.TempDir(), "killed")
	cmd, _, _, done := startColony(t, append(args, "--out", killed)...)
	waitFor(t, done, "the third checkpoint", func() bool {
		ck, err := tuning.ReadCheckpoint(filepath.Join(killed, "checkpoint.json"))
		return err == nil && ck.Iteration >= 3
	})
	cmd.Process.Kill()
	<-done
	ck, err = tuning.ReadCheckpoint(filepath.Join(killed, "checkpoint.json"))
	if err != nil || ck.Iteration >= iterations {
		t.Fatalf("killed at iteration %d (%v): the run was not interrupted", ck.Iteration, err)
	}
	if code, _, errOut := cli(t, append(args, "--out", killed, "--resume")...); code != 0 {
		t.Fatalf("resume: %d %s", code, errOut)
	}
	a, _ := os.ReadFile(filepath.Join(killed, "weights.json"))
	b, _ := os.ReadFile(filepath.Join(whole, "weights.json"))
	if string(a) != string(b) {
		t.Errorf("killed at %d and resumed, SPSA differs from one run:\n%s\n%s", ck.Iteration, a, b)
	}
}

func TestTuneErrors(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--method", "magic"}, "--method"},
		{[]string{"--positions", filepath.Join(dir, "none.txt")}, "--positions"},
		{[]string{"--start", filepath.Join(dir, "none.json")}, "--start"},
		{[]string{"--held-out", "1.5"}, "--held-out"},
		{[]string{"--verify-games", "3"}, "--verify-games"},
		{[]string{"--verify-player", "random"}, "does not use an evaluation"},
		{[]string{"--verify-player", "ab:eval=score"}, "leave eval out"},
		// Refused before the tuning (the one line of standard error: no run began).
		{[]string{"--verify-player", "ab:depth=99"}, `tune: --verify-player: player 1 (tuned): player "ab:depth=99,eval=@tuned": depth="99": want a whole number from 1 to 64`},
		{[]string{"--verify-player", "mcts:sims=0"}, `--verify-player: player 1 (tuned): player "mcts:sims=0,eval=@tuned`},
		{[]string{"--method", "spsa", "--spsa-player", "ab:depth=0"}, `tune: --spsa-player: player 1 (plus): player "ab:depth=0,eval=@plus": depth="0"`},
		{[]string{"--resume"}, "--resume"},
	}
	for _, tc := range tests {
		args := append([]string{"tune", "--out", filepath.Join(dir, "out"), "--progress", "off"}, tc.args...)
		code, _, errOut := cli(t, args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}

func checkPNG(t *testing.T, name string) {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

// TestTuneOtherGames runs selfplay, then texel tuning with its verification, on Kalah
// and Oware, end to end with tiny sizes, and SPSA on Kalah.
func TestTuneOtherGames(t *testing.T) {
	for _, game := range []string{"kalah", "oware"} {
		t.Run(game, func(t *testing.T) {
			dir := t.TempDir()
			data := filepath.Join(dir, "selfplay")
			code, out, errOut := cli(t, "--game", game, "selfplay", "--games", "10", "--player", "ab:depth=1,eval=score", "--out", data, "--progress", "off")
			if code != 0 || !regexp.MustCompile(`^selfplay: 10 games, \d+ positions in .*positions.txt\n$`).MatchString(out) {
				t.Fatalf("selfplay: exit %d, %q, %s", code, out, errOut)
			}
			tg, err := catalog.Open(game)
			if err != nil {
				t.Fatal(err)
			}
			tun, err := catalog.AsTunable(tg)
			if err != nil {
				t.Fatal(err)
			}
			lines, err := tuning.ReadPositions(tun, filepath.Join(data, positionsName))
			if err != nil || len(lines) < 20 {
				t.Fatalf("positions: %d, %v", len(lines), err)
			}
			outDir := filepath.Join(dir, "tune")
			args := []string{"--game", game, "tune", "--positions", filepath.Join(data, positionsName), "--out", outDir,
				"--iterations", "3", "--verify-games", "10", "--verify-player", "ab:depth=1", "--progress", "off"}
			code, stdout, stderr := cli(t, args...)
			if code != 0 {
				t.Fatalf("tune: exit %d\n%s\n%s", code, stdout, stderr)
			}
			for _, want := range []string{"loss (held out, ", "loss (training, ",
				"verify: tuned vs start over 10 games (5 pairs, ab:depth=1): elo "} {
				if !strings.Contains(stdout, want) {
					t.Errorf("output lacks %q:\n%s", want, stdout)
				}
			}
			if !regexp.MustCompile(`store_diff │ +1\.000 │ +1\.000 │`).MatchString(stdout) {
				t.Errorf("store_diff is not the anchor:\n%s", stdout)
			}
			w, err := os.ReadFile(filepath.Join(outDir, "weights.json"))
			if err != nil || !strings.Contains(string(w), `"features": "`+game+`"`) {
				t.Fatalf("weights.json: %s, %v", w, err)
			}
			checkPNG(t, filepath.Join(outDir, "loss.png"))
			ck, err := tuning.ReadCheckpoint(filepath.Join(outDir, "checkpoint.json"))
			_, names := tun.FeatureSet()
			if err != nil || ck.Method != "texel" || ck.Iteration != 3 || len(ck.Weights) != len(names) ||
				!strings.HasPrefix(ck.Settings, "game="+game+" ") {
				t.Fatalf("checkpoint %+v, %v", ck, err)
			}
			// The tuned weights play: a player takes the file as its evaluation.
			if code, _, errOut := cli(t, "--game", game, "eval", "--weights", filepath.Join(outDir, "weights.json")); code != 0 {
				t.Errorf("eval --weights tuned: %d %s", code, errOut)
			}
			// Resuming the run as another game's is refused.
			other := "oware"
			if game == "oware" {
				other = "kalah"
			}
			args[1] = other
			if code, _, errOut := cli(t, append(args, "--resume")...); code != 2 || !strings.Contains(errOut, "position") && !strings.Contains(errOut, "another run") {
				t.Errorf("resume as %s: exit %d, %q", other, code, errOut)
			}
		})
	}
	t.Run("kalah spsa", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "spsa")
		code, stdout, stderr := cli(t, "--game", "kalah", "tune", "--method", "spsa", "--iterations", "3", "--pairs", "1",
			"--out", out, "--verify-games", "2", "--verify-player", "ab:depth=1", "--progress", "off")
		if code != 0 || !strings.Contains(stdout, "verify: tuned vs start over 2 games") {
			t.Fatalf("tune: exit %d\n%s\n%s", code, stdout, stderr)
		}
		checkPNG(t, filepath.Join(out, "weights.png"))
		ck, err := tuning.ReadCheckpoint(filepath.Join(out, "checkpoint.json"))
		if err != nil || ck.Method != "spsa" || ck.Iteration != 3 || len(ck.History) != 4 || len(ck.Weights) != 9 || ck.Weights[0] != 1 {
			t.Fatalf("checkpoint %+v, %v", ck, err)
		}
	})
}

func TestTuneOtherGamesErrors(t *testing.T) {
	dir := t.TempDir()
	colonyWeights := filepath.Join(dir, "colony.json")
	// The Colony's hand-set weights, in a file without the set's name.
	fs := colony.NewFeatures(nil)
	hand, err := eval.NewNamedWeights("", fs.Features(), fs.HandWeights())
	if err != nil {
		t.Fatal(err)
	}
	data, err := hand.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(colonyWeights, data, 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"--game", "kalah", "tune", "--start", colonyWeights}, `--start: weights file ` + colonyWeights + `: unknown feature "under_own_ants"`},
		{[]string{"--game", "oware", "tune", "--positions", filepath.Join(dir, "none.txt")}, "--positions"},
		{[]string{"--game", "kalah", "selfplay", "--player", "ab:eval=nope.json"}, "--player"},
	}
	for _, tc := range tests {
		args := append(tc.args, "--out", filepath.Join(dir, "out"), "--progress", "off")
		code, _, errOut := cli(t, args...)
		if code != 2 || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, %q; want 2 and %q", tc.args, code, errOut, tc.want)
		}
	}
}
