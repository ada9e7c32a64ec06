package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/colony-ai/colony/protocol/protocoltest"
)

// engineTourn runs a tournament command with external engines that must succeed:
// exit 0, and on stderr the description line and the line saying where the
// engines' logs are.
func engineTourn(t *testing.T, args ...string) (stdout string) {
	t.Helper()
	code, out, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("colony %q: exit %d, stderr %q", args, code, errOut)
	}
	if !strings.Contains(errOut, "tournament: the engines' standard error goes to ") {
		t.Errorf("colony %q: stderr does not say where the engines' logs are: %q", args, errOut)
	}
	return out
}

// TestEngineTournamentKillAndResume: a tournament of external engines killed with
// SIGKILL leaves no engine behind (they die with the runner), and --resume completes
// it into the games an uninterrupted run plays.
func TestEngineTournamentKillAndResume(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "run")
	games := 400 // with the build tag long; by default 160, killed after 20 as well
	if !longTests {
		games = 160
	}
	args := []string{"tournament", "--game", "kalah", "-p", "a=cmd:" + engine, "-p", "b=cmd:" + engine,
		"--games", strconv.Itoa(games), "--concurrency", "2", "--progress", "off"}
	// The engines of the run to kill stay a minute after their input ends (the test
	// engine's -linger, from its environment): only the kill that comes with the
	// runner's death (Pdeathsig) ends them.
	cmd, _, _, done := startColonyEnv(t, []string{"TESTENGINE_LINGER=60s"}, append(args, "--out", out)...)
	file := filepath.Join(out, "games.jsonl")
	waitFor(t, done, "20 games in the games file", func() bool { return countLines(file) >= 21 })
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-done
	killed := readGames(t, file)
	if len(killed.Games) >= games {
		t.Fatal("the run finished before it was killed")
	}
	pids := protocoltest.LoggedPids(t, filepath.Join(out, "engines"), "*.log")
	if len(pids) < 2 {
		t.Fatalf("%d engine processes in the logs, want at least 2", len(pids))
	}
	protocoltest.WaitGone(t, pids, 10*time.Second, "the runner's SIGKILL")

	engineTourn(t, append(args, "--out", out, "--resume")...)
	gf := readGames(t, file)
	checkSchedule(t, gf.Games, games)
	protocoltest.WaitGone(t, protocoltest.LoggedPids(t, filepath.Join(out, "engines"), "*.log"), 10*time.Second, "the resumed run")
	for _, g := range gf.Games {
		if g.Forfeit() {
			t.Fatalf("game %d: %s: %s", g.Index, g.Reason, g.Detail)
		}
	}
	// The engine's choices depend on the seed each game gets: the games are those of
	// one uninterrupted run.
	whole := filepath.Join(dir, "whole")
	engineTourn(t, append(args, "--out", whole)...)
	checkSameGames(t, gf.Games, readGames(t, filepath.Join(whole, "games.jsonl")).Games)
}

// TestEngineTournamentSIGTERM: SIGTERM stops a tournament of external engines, the
// finished games kept, and no engine is left.
func TestEngineTournamentSIGTERM(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	out := t.TempDir()
	cmd, _, stderr, done := startColony(t, "tournament", "--game", "kalah", "-p", "a=cmd:"+engine, "-p", "b=cmd:"+engine,
		"--games", "5000", "--concurrency", "2", "--progress", "off", "--movetime", "20ms", "--out", out)
	file := filepath.Join(out, "games.jsonl")
	waitFor(t, done, "5 games in the games file", func() bool { return countLines(file) >= 6 })
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the run did not stop on SIGTERM")
	}
	if code := cmd.ProcessState.ExitCode(); code != 143 {
		t.Errorf("exit %d after SIGTERM, want 143 (stderr %q)", code, stderr.String())
	}
	gf := readGames(t, file)
	if gf.Torn != 0 || len(gf.Games) == 0 {
		t.Errorf("after SIGTERM the games file has %d games and %d torn bytes", len(gf.Games), gf.Torn)
	}
	pids := protocoltest.LoggedPids(t, filepath.Join(out, "engines"), "*.log")
	if len(pids) < 2 {
		t.Fatalf("%d engine processes in the logs, want at least 2", len(pids))
	}
	// The runner ended its engines before it exited: they are gone now.
	protocoltest.WaitGone(t, pids, 0, "the runner's SIGTERM")
}

// TestPythonEngineTournament plays the example engine of examples/engine (Python,
// standard library only) in a tournament when python3 is present: no game is
// forfeited, and (with the build tag long) its one-ply search beats the random player.
func TestPythonEngineTournament(t *testing.T) {
	if _, err := exec.LookPath("python3"); err != nil {
		t.Skip("python3 is not installed: the Python example engine is not run")
	}
	script, err := filepath.Abs(filepath.Join("..", "..", "examples", "engine", "kalah_greedy.py"))
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	engineTourn(t, "tournament", "--game", "kalah", "-p", "py=cmd:"+script, "-p", "random", "--games", "20",
		"--concurrency", "2", "--progress", "off", "--out", out)
	data, err := os.ReadFile(filepath.Join(out, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	var sum struct {
		Standings []struct {
			Name   string  `json:"name"`
			Points float64 `json:"points"`
		} `json:"standings"`
		Metrics struct {
			Forfeits int `json:"forfeits"`
		} `json:"metrics"`
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if sum.Metrics.Forfeits != 0 {
		t.Errorf("%d forfeits; the engine's log:\n%s", sum.Metrics.Forfeits, readLogs(t, filepath.Join(out, "engines")))
	}
	if len(sum.Standings) != 2 || sum.Standings[0].Points+sum.Standings[1].Points != 20 {
		t.Errorf("standings %+v, want two players with 20 points in all", sum.Standings)
	}
	// The strength check, with the build tag long alone.
	if longTests && (len(sum.Standings) != 2 || sum.Standings[0].Name != "py" || sum.Standings[0].Points <= 10) {
		t.Errorf("standings %+v, want py first with more than 10 of 20 points", sum.Standings)
	}
}

// readLogs returns the engine logs of dir, one after another.
func readLogs(t *testing.T, dir string) string {
	t.Helper()
	names, _ := filepath.Glob(filepath.Join(dir, "*.log"))
	var sb strings.Builder
	for _, name := range names {
		b, _ := os.ReadFile(name)
		sb.WriteString("== " + filepath.Base(name) + "\n" + string(b))
	}
	return sb.String()
}

// TestAnalyzeExternalEngine: analyze takes an external engine's spec like any other:
// its search is one line, then its turn.
func TestAnalyzeExternalEngine(t *testing.T) {
	if testing.Short() {
		t.Skip("starts engine processes")
	}
	engine := protocoltest.BuildEngine(t)
	code, out, errOut := cli(t, "analyze", "--game", "kalah", "--player", "cmd:"+engine+",depth=2")
	if code != 0 {
		t.Fatalf("analyze: exit %d, %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	last := lines[len(lines)-1]
	if len(lines) < 2 || !strings.HasPrefix(lines[0], "depth=1 ") || !strings.HasPrefix(last, "bestmove ") {
		t.Errorf("analyze with an engine printed %q", out)
	}
	code, _, errOut = cli(t, "analyze", "--game", "kalah", "--player", "cmd:./no-such-engine")
	if code != 2 || !strings.Contains(errOut, `path="./no-such-engine": want a program that exists`) {
		t.Errorf("analyze with a missing engine: exit %d, %q", code, errOut)
	}
}
