package main

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/record"
)

// TestMain lets the tests run the test binary as the colony command (with
// COLONY_TEST_MAIN=1: its main), to kill it and send it signals; with
// COLONY_TEST_MAIN=goroutine-panic it is the command with a bug, a panic in a
// goroutine of its own that nothing recovers. As colony's main does, it first
// runs the supervisor of an engine when the binary was started as one, and turns
// the supervisors of the engines the tests start on.
func TestMain(m *testing.M) {
	enginehost.RunSupervisorIfAsked()
	switch os.Getenv("COLONY_TEST_MAIN") {
	case "1":
		main()
	case "goroutine-panic":
		crashOnFatal()
		go func() { panic("a bug in a goroutine") }()
		select {}
	}
	os.Exit(m.Run())
}

// tourn runs a tournament command that must succeed with --progress off: exit 0 and
// one line on stderr, the description of the run.
func tourn(t *testing.T, args ...string) (stdout, stderr string) {
	t.Helper()
	code, out, errOut := cli(t, args...)
	if code != 0 {
		t.Fatalf("colony %q: exit %d, stderr %q", args, code, errOut)
	}
	if !strings.HasPrefix(errOut, "tournament: ") || strings.Count(errOut, "\n") != 1 || !strings.HasSuffix(errOut, "\n") {
		t.Fatalf("colony %q: stderr is not one description line: %q", args, errOut)
	}
	return out, errOut
}

// dropPlayed removes the lines about the run itself (its timing, "played N games in
// ...", and where a live SPRT stopped it) from a tournament's output.
func dropPlayed(out string) string {
	var keep []string
	for _, l := range strings.Split(out, "\n") {
		if !strings.HasPrefix(l, "played ") && !strings.HasPrefix(l, "the SPRT decided at pair ") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}

// afterFirstLine returns s without its first line.
func afterFirstLine(s string) string {
	_, rest, _ := strings.Cut(s, "\n")
	return rest
}

func readGames(t *testing.T, name string) *record.GamesFile {
	t.Helper()
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return gf
}

// untimed returns the games sorted by index, without their timing: the game's
// seconds and each move's time (Info[k].Micros).
func untimed(games []record.Record) []record.Record {
	out := slices.Clone(games)
	for i := range out {
		out[i].Seconds = 0
		info := slices.Clone(out[i].Info)
		for k := range info {
			info[k].Micros = 0
		}
		out[i].Info = info
	}
	slices.SortFunc(out, func(a, b record.Record) int { return a.Index - b.Index })
	return out
}

// checkSameGames fails unless got and want are the same games (timing aside).
func checkSameGames(t *testing.T, got, want []record.Record) {
	t.Helper()
	g, w := untimed(got), untimed(want)
	if len(g) != len(w) {
		t.Fatalf("%d games, want %d", len(g), len(w))
	}
	for i := range g {
		if !reflect.DeepEqual(g[i], w[i]) {
			t.Fatalf("game %d differs:\n got %+v\nwant %+v", w[i].Index, g[i], w[i])
		}
	}
}

// checkSchedule fails unless games hold each index of 0..n-1 exactly once.
func checkSchedule(t *testing.T, games []record.Record, n int) {
	t.Helper()
	seen := make([]bool, n)
	for _, r := range games {
		if r.Index < 0 || r.Index >= n || seen[r.Index] {
			t.Fatalf("game index %d is outside 0..%d or recorded twice", r.Index, n-1)
		}
		seen[r.Index] = true
	}
	if len(games) != n {
		t.Fatalf("%d games, want %d", len(games), n)
	}
}

// summaryJSON is the part of summary.json the tests read.
type summaryJSON struct {
	Format    string `json:"format"`
	Games     int    `json:"games"`
	Scheduled int    `json:"scheduled"`
	Standings []struct {
		Rank                int
		Name                string
		Games               int
		Wins, Draws, Losses int
		Points              float64
	} `json:"standings"`
	Pair *struct {
		Pentanomial [5]int `json:"pentanomial"`
	} `json:"pair"`
	Ratings []struct {
		Name string
		Elo  float64
	} `json:"ratings"`
}

func readSummary(t *testing.T, name string) summaryJSON {
	t.Helper()
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	var s summaryJSON
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatalf("%s is not valid JSON: %v", name, err)
	}
	return s
}

// wdlOf counts each player's wins, draws and losses in the games.
func wdlOf(games []record.Record) map[string][3]int {
	m := map[string][3]int{}
	for _, r := range games {
		for seat, name := range r.Players {
			x := m[name]
			switch r.Winner {
			case -1:
				x[1]++
			case seat:
				x[0]++
			default:
				x[2]++
			}
			m[name] = x
		}
	}
	return m
}

func TestTournamentRoundRobinOutputs(t *testing.T) {
	dir := t.TempDir()
	out, errOut := tourn(t, "tournament", "-p", "random", "-p", "greedy", "-p", "ab=ab:depth=1",
		"--games", "4", "--concurrency", "2", "--progress", "off", "--out", dir)
	want := "tournament: roundrobin of random, greedy, ab, 4 games a pairing (12 in all), seed 1\n"
	if errOut != want {
		t.Errorf("stderr %q, want %q", errOut, want)
	}
	if !regexp.MustCompile(`^played 12 games in \S+ \(\d+\.\d games/s, concurrency 2\)\nStandings \(12 of 12 games;`).MatchString(out) {
		t.Errorf("output does not start with the played line and the standings:\n%s", out)
	}
	for _, s := range []string{
		"\nCross table (row player's wins-draws-losses against the column player)\n",
		"\nRatings (Bradley–Terry, fitted jointly; 95% bootstrap interval over games; mean 0)\n",
		"\nThe games (12)\n", "how games ended", "game length (turns)",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if strings.Contains(out, "Pairs (") || strings.Contains(out, "\nelo: ") {
		t.Errorf("a round robin prints the pair statistics of a match:\n%s", out)
	}

	// games.jsonl: the header and one line per game.
	data, err := os.ReadFile(filepath.Join(dir, "games.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(data, []byte("\n")); n != 13 {
		t.Errorf("games.jsonl has %d lines, want 13", n)
	}
	gf := readGames(t, filepath.Join(dir, "games.jsonl"))
	h := gf.Header
	if h.Type != "tournament" || h.Format != record.RoundRobin || h.Games != 4 || h.Seed != 1 ||
		!reflect.DeepEqual(h.Players, []record.Entrant{{Name: "random", Spec: "random"}, {Name: "greedy", Spec: "greedy:eval=linear"}, {Name: "ab", Spec: "ab:depth=1,eval=linear"}}) {
		t.Errorf("header %+v", h)
	}
	if gf.Torn != 0 {
		t.Errorf("games.jsonl: %d torn bytes", gf.Torn)
	}
	checkSchedule(t, gf.Games, 12)
	for _, r := range gf.Games {
		if len(r.Moves) != r.Turns || len(r.Info) != r.Turns || r.Turns == 0 || r.Reason == "" {
			t.Errorf("game %d: %d moves, %d infos, %d turns, reason %q", r.Index, len(r.Moves), len(r.Info), r.Turns, r.Reason)
		}
	}

	// summary.json: the standings agree with the games.
	sum := readSummary(t, filepath.Join(dir, "summary.json"))
	if sum.Format != "roundrobin" || sum.Games != 12 || sum.Scheduled != 12 || len(sum.Standings) != 3 || len(sum.Ratings) != 3 {
		t.Fatalf("summary.json: %+v", sum)
	}
	wdl := wdlOf(gf.Games)
	var points float64
	for i, s := range sum.Standings {
		w := wdl[s.Name]
		if s.Rank != i+1 || s.Games != 8 || [3]int{s.Wins, s.Draws, s.Losses} != w || s.Points != float64(w[0])+float64(w[1])/2 {
			t.Errorf("standing %+v, the games say %v", s, w)
		}
		if i > 0 && s.Points > sum.Standings[i-1].Points {
			t.Errorf("standings not sorted by points: %+v", sum.Standings)
		}
		points += s.Points
	}
	if points != 12 {
		t.Errorf("the players' points add up to %v, want 12", points)
	}

	// standings.csv: a header and one row per player, in the standings' order.
	f, err := os.Open(filepath.Join(dir, "standings.csv"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 4 || !slices.Equal(rows[0][:3], []string{"rank", "player", "spec"}) {
		t.Fatalf("standings.csv: %q", rows)
	}
	for i, row := range rows[1:] {
		if row[0] != strconv.Itoa(i+1) || row[1] != sum.Standings[i].Name {
			t.Errorf("standings.csv row %d: %q, want rank %d %s", i+1, row, i+1, sum.Standings[i].Name)
		}
	}

	// ratings.png is a PNG.
	pf, err := os.Open(filepath.Join(dir, "ratings.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer pf.Close()
	if img, err := png.Decode(pf); err != nil {
		t.Errorf("ratings.png: %v", err)
	} else if b := img.Bounds(); b.Dx() < 100 || b.Dy() < 100 {
		t.Errorf("ratings.png is %v", b)
	}
}

func TestTournamentMatchOutput(t *testing.T) {
	dir := t.TempDir()
	out, _ := tourn(t, "tournament", "-p", "a=ab:depth=1", "-p", "b=greedy", "--games", "6",
		"--progress", "off", "--summary", filepath.Join(dir, "s.json"))
	for _, s := range []string{
		"Standings (6 of 6 games;",
		"\nPairs (a's points in each pair of games from one opening; pentanomial model)\n",
		"\nThe games (6)\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	if !regexp.MustCompile(`(?m)^elo: [-+](\d+\.\d|inf) \[\S+, \S+\] a vs b \(pentanomial, 95%\)$`).MatchString(out) {
		t.Errorf("no elo line:\n%s", out)
	}
	if strings.Contains(out, "Cross table") || strings.Contains(out, "Ratings (") || strings.Contains(out, "SPRT") {
		t.Errorf("a match prints the cross table, joint ratings or an SPRT:\n%s", out)
	}
	sum := readSummary(t, filepath.Join(dir, "s.json"))
	if sum.Format != "match" || sum.Pair == nil {
		t.Fatalf("summary: %+v", sum)
	}
	pairs := 0
	for _, n := range sum.Pair.Pentanomial {
		pairs += n
	}
	if pairs != 3 {
		t.Errorf("pentanomial %v counts %d pairs, want 3", sum.Pair.Pentanomial, pairs)
	}
}

func TestTournamentDeterministic(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tournament", "-p", "random", "-p", "greedy", "-p", "ab=ab:depth=1", "-p", "mcts=mcts:sims=30",
		"--games", "2", "--seed", "7", "--progress", "off"}
	var outs []string
	var games [][]record.Record
	for _, c := range []string{"1", "3"} {
		file := filepath.Join(dir, "c"+c+".jsonl")
		out, _ := tourn(t, append(args, "--concurrency", c, "--games-file", file)...)
		if !strings.HasPrefix(out, "played 12 games in ") || !strings.Contains(firstLine(out), "concurrency "+c+")") {
			t.Errorf("concurrency %s: first line %q", c, firstLine(out))
		}
		outs = append(outs, dropPlayed(out))
		gf := readGames(t, file)
		checkSchedule(t, gf.Games, 12)
		games = append(games, gf.Games)
	}
	if outs[0] != outs[1] {
		t.Errorf("the reports differ between concurrency 1 and 3:\n%s\n----\n%s", outs[0], outs[1])
	}
	checkSameGames(t, games[1], games[0])
}

// TestTournamentMoveTimeout: --move-timeout is recorded in the games file's header
// and watches the moves of untimed games without changing the games.
func TestTournamentMoveTimeout(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tournament", "-p", "random", "-p", "ab=ab:depth=2", "--games", "4", "--seed", "3", "--progress", "off"}
	plain, watched := filepath.Join(dir, "plain.jsonl"), filepath.Join(dir, "watched.jsonl")
	tourn(t, append(args, "--games-file", plain)...)
	tourn(t, append(args, "--games-file", watched, "--move-timeout", "30s")...)
	gf := readGames(t, watched)
	if got := gf.Header.Limits.MoveTimeout; got != 30*time.Second {
		t.Errorf("header: move timeout %v, want 30s", got)
	}
	if got := readGames(t, plain).Header.Limits.MoveTimeout; got != 0 {
		t.Errorf("header without --move-timeout: move timeout %v, want none", got)
	}
	checkSameGames(t, gf.Games, readGames(t, plain).Games)
}

func TestTournamentErrors(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.txt")
	start := "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1"
	if err := os.WriteFile(good, []byte("# openings\n"+start+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(dir, "bad.txt")
	if err := os.WriteFile(bad, []byte("# openings\n"+start+"\n\nnot a position\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	two := []string{"-p", "random", "-p", "greedy"}
	three := []string{"-p", "random", "-p", "greedy", "-p", "ab:depth=1"}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"unknown player kind", []string{"-p", "foo", "-p", "greedy"}, `tournament: --player: player "foo": unknown kind "foo"`},
		{"bad setting value", []string{"-p", "a=ab:depth=x", "-p", "greedy"}, `tournament: player 1 (a): player "ab:depth=x": depth="x": want a whole number from 1 to 64`},
		{"one player", []string{"-p", "greedy"}, "give at least two players with --player NAME=SPEC (got 1)"},
		{"odd games", append(two, "--games", "3"), "games: 3: want an even number"},
		{"match of three", append(three, "--format", "match"), "a match is between two players, got 3"},
		{"bad format", append(two, "--format", "swiss"), `--format: format "swiss"`},
		{"bad tc", append(two, "--tc", "abc"), `--tc: time control "abc"`},
		{"movetime and tc", append(two, "--tc", "10+0.1", "--movetime", "10ms"), "a move time and a time control cannot both be given"},
		{"move timeout and movetime", append(two, "--movetime", "10ms", "--move-timeout", "1s"), "--move-timeout is for games without --movetime or --tc"},
		{"move timeout and tc", append(two, "--tc", "10+0.1", "--move-timeout", "1s"), "--move-timeout is for games without --movetime or --tc"},
		{"zero move timeout", append(two, "--move-timeout", "0s"), "--move-timeout must be positive, got 0s"},
		{"sprt with three", append(three, "--sprt", "elo0=0,elo1=5"), "an SPRT needs exactly two players, got 3"},
		{"sprt with shard", append(two, "--sprt", "elo0=0,elo1=5", "--shard", "1/2"), "an SPRT cannot be sharded"},
		{"bad sprt", append(two, "--sprt", "elo0=5,elo1=0"), "--sprt: "},
		{"bad shard", append(two, "--shard", "3/2"), `--shard: shard "3/2": want K/N`},
		{"missing openings", append(two, "--openings", filepath.Join(dir, "none.txt")), "--openings: opening file: open " + filepath.Join(dir, "none.txt")},
		{"bad opening line", append(two, "--openings", bad), "--openings: opening file " + bad + ":4: "},
		{"openings and opening-turns", append(two, "--openings", good, "--opening-turns", "2"), "--openings and --opening-turns cannot both be given"},
		{"shuffle without openings", append(two, "--shuffle-openings"), "--shuffle-openings needs --openings"},
		{"bad progress", append(two, "--progress", "bogus"), `--progress: "bogus": want auto, bar, lines or off`},
		{"zero concurrency", append(two, "--concurrency", "0"), "--concurrency must be at least 1, got 0"},
		{"zero until pair", append(two, "--until-pair", "0"), "--until-pair must be at least 1, got 0"},
		{"negative until pair", append(two, "--until-pair", "-3"), "--until-pair must be at least 1, got -3"},
		{"zero depth", append(two, "--depth", "0"), "--depth must be at least 1, got 0"},
		// The spec is fine, the limit added to it is not: the runner finds out, after
		// the games file was created.
		{"limit out of range for a player", []string{"-p", "mcts", "-p", "greedy", "--nodes", "3000000000"}, `sims="3000000000"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			games := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"), "games.jsonl")
			args := append([]string{"tournament", "--progress", "off", "--games-file", games}, tt.args...)
			code, out, errOut := cli(t, args...)
			if code != 2 {
				t.Errorf("exit %d, want 2 (stderr %q)", code, errOut)
			}
			if !strings.HasPrefix(errOut, "colony: ") && !strings.Contains(errOut, "\ncolony: ") {
				t.Errorf("stderr %q has no error line", errOut)
			}
			last := errOut[strings.LastIndex(strings.TrimSuffix(errOut, "\n"), "\n")+1:]
			if !strings.Contains(last, tt.want) || strings.Count(last, "\n") != 1 {
				t.Errorf("stderr %q, want one line with %q", errOut, tt.want)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if _, err := os.Stat(games); !os.IsNotExist(err) {
				t.Errorf("the games file was created (%v)", err)
			}
		})
	}

	t.Run("resume without a games file", func(t *testing.T) {
		code, _, errOut := cli(t, append([]string{"tournament", "--progress", "off", "--resume"}, two...)...)
		if want := "colony: tournament: --resume needs the games file (--games-file or --out)\n"; code != 2 || errOut != want {
			t.Errorf("exit %d, stderr %q; want 2, %q", code, errOut, want)
		}
	})

	t.Run("existing games file", func(t *testing.T) {
		games := filepath.Join(dir, "old.jsonl")
		old := []byte("{\"type\":\"tournament\"}\nsomething\n")
		if err := os.WriteFile(games, old, 0o644); err != nil {
			t.Fatal(err)
		}
		code, out, errOut := cli(t, append([]string{"tournament", "--progress", "off", "--games-file", games}, two...)...)
		want := "colony: tournament: games file " + games + " already holds games: give --resume to continue it, or another file\n"
		if code != 2 || errOut != want || out != "" {
			t.Errorf("exit %d, stdout %q, stderr %q; want 2, nothing, %q", code, out, errOut, want)
		}
		if data, _ := os.ReadFile(games); !bytes.Equal(data, old) {
			t.Errorf("the games file was changed to %q", data)
		}
	})
}

// lockedBuffer is a buffer that a subprocess writes while the test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// startColony starts the test binary as the colony command.
func startColony(t *testing.T, args ...string) (cmd *exec.Cmd, stdout, stderr *lockedBuffer, done <-chan struct{}) {
	t.Helper()
	return startColonyEnv(t, nil, args...)
}

// startColonyEnv is startColony with the variables env added to its environment.
func startColonyEnv(t *testing.T, env []string, args ...string) (cmd *exec.Cmd, stdout, stderr *lockedBuffer, done <-chan struct{}) {
	t.Helper()
	cmd = exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "COLONY_TEST_MAIN=1"), env...)
	stdout, stderr = &lockedBuffer{}, &lockedBuffer{}
	cmd.Stdout, cmd.Stderr = stdout, stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	ch := make(chan struct{})
	go func() {
		cmd.Wait()
		close(ch)
	}()
	t.Cleanup(func() {
		select {
		case <-ch:
		default:
			cmd.Process.Kill()
			<-ch
		}
	})
	return cmd, stdout, stderr, ch
}

// waitFor polls cond every few milliseconds until it holds; it fails the test after
// 30 seconds or when the process ends first.
func waitFor(t *testing.T, done <-chan struct{}, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for !cond() {
		select {
		case <-done:
			if cond() {
				return
			}
			t.Fatalf("the process ended before %s", what)
		case <-time.After(2 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
	}
}

func countLines(name string) int {
	data, _ := os.ReadFile(name)
	return bytes.Count(data, []byte("\n"))
}

func TestTournamentResumeAfterKill(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "games.jsonl")
	games := 200 // with the build tag long; by default 100, killed after 20 as well
	if !longTests {
		games = 100
	}
	args := []string{"tournament", "-p", "a=ab:depth=2", "-p", "b=greedy", "--games", strconv.Itoa(games), "--concurrency", "2", "--progress", "off"}

	cmd, _, _, done := startColony(t, append(args, "--games-file", file)...)
	waitFor(t, done, "20 games in the games file", func() bool { return countLines(file) >= 21 })
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	<-done
	if n := countLines(file); n >= games+1 {
		t.Fatalf("the run finished (%d lines) before it was killed", n)
	}
	killed := readGames(t, file)
	// A kill while writing leaves a torn last line: add one (after any left).
	f, err := os.OpenFile(file, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.WriteString(`{"type":"game","index":3,"pair":1,"round":1,"players":["b","a"],"spe`); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if gf := readGames(t, file); gf.Torn == 0 || len(gf.Games) != len(killed.Games) {
		t.Fatalf("after adding a torn line: %d torn bytes, %d games (want %d)", gf.Torn, len(gf.Games), len(killed.Games))
	}

	resumed, errOut := tourn(t, append(args, "--games-file", file, "--resume")...)
	if want := fmt.Sprintf(", resuming after %d games\n", len(killed.Games)); !strings.HasSuffix(errOut, want) {
		t.Errorf("stderr %q, want it to end in %q", errOut, want)
	}
	if want := fmt.Sprintf("played %d games in ", games-len(killed.Games)); !strings.HasPrefix(resumed, want) {
		t.Errorf("resumed run: first line %q, want %q...", firstLine(resumed), want)
	}
	ref := filepath.Join(dir, "ref.jsonl")
	whole, _ := tourn(t, append(args, "--games-file", ref)...)

	gf := readGames(t, file)
	if gf.Torn != 0 {
		t.Errorf("the resumed games file still has %d torn bytes", gf.Torn)
	}
	checkSchedule(t, gf.Games, games)
	checkSameGames(t, gf.Games, readGames(t, ref).Games)
	if dropPlayed(resumed) != dropPlayed(whole) {
		t.Errorf("the resumed run's report differs from the uninterrupted run's:\n%s\n----\n%s", resumed, whole)
	}

	// Resuming with another seed is another tournament.
	before, _ := os.ReadFile(file)
	code, out, errOut := cli(t, "tournament", "-p", "a=ab:depth=2", "-p", "b=greedy", "--games", strconv.Itoa(games), "--progress", "off",
		"--games-file", file, "--resume", "--seed", "2")
	want := "colony: tournament: --resume: " + file + " holds another tournament: seed differs: \"1\" vs \"2\"\n"
	if code != 2 || out != "" || errOut != want {
		t.Errorf("resume with another seed: exit %d, stdout %q, stderr %q; want 2, nothing, %q", code, out, errOut, want)
	}
	if after, _ := os.ReadFile(file); !bytes.Equal(before, after) {
		t.Errorf("a refused --resume changed the games file")
	}
}

func TestTournamentShardsMerge(t *testing.T) {
	dir := t.TempDir()
	args := []string{"tournament", "-p", "random", "-p", "greedy", "-p", "ab=ab:depth=1", "--games", "4", "--seed", "3", "--progress", "off"}
	whole, _ := tourn(t, append(args, "--csv", filepath.Join(dir, "whole.csv"))...)
	var files []string
	total := 0
	for k := 1; k <= 3; k++ {
		file := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", k))
		_, errOut := tourn(t, append(args, "--shard", fmt.Sprintf("%d/3", k), "--games-file", file)...)
		if !strings.Contains(errOut, fmt.Sprintf(", shard %d/3\n", k)) {
			t.Errorf("shard %d: stderr %q", k, errOut)
		}
		gf := readGames(t, file)
		if gf.Header.Shard != k || gf.Header.Shards != 3 {
			t.Errorf("shard %d: header says shard %d/%d", k, gf.Header.Shard, gf.Header.Shards)
		}
		for _, r := range gf.Games {
			if r.Pair%3 != k-1 {
				t.Errorf("shard %d played game %d of pair %d", k, r.Index, r.Pair)
			}
		}
		total += len(gf.Games)
		files = append(files, file)
	}
	if total != 12 {
		t.Errorf("the shards played %d games, want 12", total)
	}

	merged := mustRun(t, append([]string{"tournament", "merge", "--csv", filepath.Join(dir, "merged.csv")}, files...)...)
	if want := "merged 3 files: 12 of 12 games"; firstLine(merged) != want {
		t.Errorf("merge: first line %q, want %q", firstLine(merged), want)
	}
	if afterFirstLine(merged) != afterFirstLine(whole) {
		t.Errorf("the merged report differs from the unsharded run's:\n%s\n----\n%s", merged, whole)
	}
	a, _ := os.ReadFile(filepath.Join(dir, "whole.csv"))
	b, _ := os.ReadFile(filepath.Join(dir, "merged.csv"))
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("standings CSV: merged %q, unsharded %q", b, a)
	}

	// Two of the three shards: the report says what is there, and the merge fails
	// naming what is missing unless --allow-partial is given.
	part := mustRun(t, "tournament", "merge", "--allow-partial", files[0], files[2])
	if want := "merged 2 files: 8 of 12 games\nStandings (8 of 12 games;"; !strings.HasPrefix(part, want) {
		t.Errorf("merge of two shards:\n%s\nwant it to start with %q", part, want)
	}
	code, out, errOut := cli(t, "tournament", "merge", files[0], files[2])
	if want := "merge: 4 of 12 games are missing (games 2-3, 8-9); no file holds any game of shard 2/3"; code != 1 ||
		!strings.HasPrefix(out, "merged 2 files: 8 of 12 games\n") || !strings.Contains(errOut, want) {
		t.Errorf("merge of two shards without --allow-partial: exit %d, %q; want 1 and %q", code, errOut, want)
	}

	other := filepath.Join(dir, "other.jsonl")
	tourn(t, "tournament", "-p", "random", "-p", "greedy", "-p", "ab=ab:depth=1", "--games", "4", "--seed", "4",
		"--progress", "off", "--shard", "2/3", "--games-file", other)
	missing := filepath.Join(dir, "missing.jsonl")
	tests := []struct {
		name  string
		files []string
		want  string
	}{
		{"different tournaments", []string{files[0], other}, "colony: merge: " + other + " is not of the tournament of " + files[0] + ": seed differs: \"3\" vs \"4\"\n"},
		{"missing file", []string{files[0], missing}, "colony: merge: games file: open " + missing + ": no such file or directory\n"},
	}
	for _, tt := range tests {
		code, out, errOut := cli(t, append([]string{"tournament", "merge"}, tt.files...)...)
		if code != 2 || out != "" || errOut != tt.want {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want 2, nothing, %q", tt.name, code, out, errOut, tt.want)
		}
	}
}

func TestTournamentSPRT(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.jsonl")
	out, _ := tourn(t, "tournament", "-p", "strong=ab:depth=1", "-p", "weak=random", "--games", "400",
		"--sprt", "elo0=0,elo1=100", "--progress", "off", "--games-file", file)
	m := regexp.MustCompile(`(?m)^Standings \((\d+) of 400 games, stopped by the SPRT;`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no standings stopped by the SPRT:\n%s", out)
	}
	n, _ := strconv.Atoi(m[1])
	if n < 2 || n >= 400 || n%2 != 0 {
		t.Errorf("the SPRT stopped after %d games", n)
	}
	for _, s := range []string{
		"\nSPRT elo0=0,elo1=100,alpha=0.05,beta=0.05,model=normalized\n",
		fmt.Sprintf(" after %d pairs\n", n/2),
		"\nsprt: H1 accepted\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	// The file holds the games counted, and perhaps a few that were in flight.
	if gf := readGames(t, file); len(gf.Games) < n || len(gf.Games) >= 400 {
		t.Errorf("the games file holds %d games; the SPRT counted %d", len(gf.Games), n)
	}
}

func TestMergeSPRT(t *testing.T) {
	// Two shards of a fixed-length match; the merge runs the SPRT over their pairs
	// in schedule order and stops where a live match with the test would have.
	dir := t.TempDir()
	var files []string
	for k := 1; k <= 2; k++ {
		file := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", k))
		tourn(t, "tournament", "-p", "strong=ab:depth=1", "-p", "weak=random", "--games", "60",
			"--shard", fmt.Sprintf("%d/2", k), "--progress", "off", "--games-file", file)
		files = append(files, file)
	}
	live, _ := tourn(t, "tournament", "-p", "strong=ab:depth=1", "-p", "weak=random", "--games", "60",
		"--sprt", "elo0=0,elo1=100", "--progress", "off")
	merged := mustRun(t, append([]string{"tournament", "merge", "--sprt", "elo0=0,elo1=100"}, files...)...)
	if !strings.Contains(merged, "\nsprt: H1 accepted\n") || afterFirstLine(merged) != dropPlayed(live) {
		t.Errorf("merged with the SPRT:\n%s\nlive match:\n%s", merged, live)
	}
	code, _, errOut := cli(t, "tournament", "merge", "--sprt", "elo0=5,elo1=0", files[0])
	if code != 2 || !strings.Contains(errOut, "merge: --sprt:") {
		t.Errorf("a bad test: exit %d, %q", code, errOut)
	}
}

func TestTournamentSignals(t *testing.T) {
	file := filepath.Join(t.TempDir(), "games.jsonl")
	// A round robin of three with 202 games a pairing has 303 pairs; shard 1/4 plays
	// 76 of them, 152 games (not 606/4).
	cmd, stdout, stderr, done := startColony(t, "tournament", "-p", "a=ab:depth=3", "-p", "b=greedy", "-p", "c=random",
		"--games", "202", "--shard", "1/4", "--concurrency", "2", "--progress", "off", "--games-file", file)
	// The description line comes after the SIGUSR1 handler is installed.
	waitFor(t, done, "the description line", func() bool { return strings.Contains(stderr.String(), "tournament: ") })
	// SIGUSR1 prints the standings after the next game ends: send it until they come.
	re := regexp.MustCompile(`\n--- standings after (\d+) games ---\nStandings \((\d+) of 606 games;`)
	last := time.Time{}
	waitFor(t, done, "the standings on SIGUSR1", func() bool {
		if re.MatchString(stderr.String()) {
			return true
		}
		if time.Since(last) > 50*time.Millisecond {
			cmd.Process.Signal(syscall.SIGUSR1)
			last = time.Now()
		}
		return false
	})
	if m := re.FindStringSubmatch(stderr.String()); m[1] != m[2] {
		t.Errorf("standings after %s games count %s games", m[1], m[2])
	}
	// SIGINT stops the run: the finished games are reported and kept.
	if err := cmd.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		t.Fatal("the run did not stop on SIGINT")
	}
	if code := cmd.ProcessState.ExitCode(); code != 130 {
		t.Errorf("exit %d after SIGINT, want 130", code)
	}
	n := len(readGames(t, file).Games)
	if n == 0 || n >= 152 {
		t.Fatalf("the games file holds %d games", n)
	}
	want := fmt.Sprintf("colony: tournament: stopped after %d of 152 games; continue with the same command and --resume\n", n)
	if !strings.HasSuffix(stderr.String(), want) {
		t.Errorf("stderr ends in %q, want %q", stderr.String()[max(0, len(stderr.String())-200):], want)
	}
	if !strings.Contains(stdout.String(), fmt.Sprintf("Standings (%d of 606 games;", n)) {
		t.Errorf("stdout has no standings of the %d games:\n%s", n, stdout.String())
	}
}

// TestTournamentPerfectScorePlot: a match won 4-0 has an Elo interval that reaches
// infinity; the run still succeeds and ratings.png is a picture that marks it.
func TestTournamentPerfectScorePlot(t *testing.T) {
	dir := t.TempDir()
	tourn(t, "tournament", "-p", "a=ab:depth=2", "-p", "b=random", "--games", "4", "--progress", "off", "--out", dir)
	f, err := os.Open(filepath.Join(dir, "ratings.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := png.Decode(f); err != nil {
		t.Errorf("ratings.png: %v", err)
	}
	code, _, errOut := cli(t, "tournament", "merge", "--plot", filepath.Join(dir, "merged.png"), filepath.Join(dir, "games.jsonl"))
	if code != 0 {
		t.Errorf("merge of a perfect score: exit %d, %q", code, errOut)
	}
}

// TestTournamentGamesFileOneWriter: a second run on a games file that a run holds is
// refused with a message naming the file, and the file is left as it was.
func TestTournamentGamesFileOneWriter(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "games.jsonl")
	args := []string{"tournament", "-p", "a=ab:depth=1", "-p", "b=greedy", "--games", "4", "--progress", "off", "--games-file", name, "--resume"}
	tourn(t, args...)
	before, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	// Another run holds the file (the lock is per open file, so this process can
	// hold it against itself).
	gf, err := record.ReadGamesFile(name)
	if err != nil {
		t.Fatal(err)
	}
	w, err := record.OpenGamesFile(name, gf.Header.Config, true)
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	code, _, errOut := cli(t, args...)
	if code == 0 || !strings.Contains(errOut, name+" is in use by another run") {
		t.Errorf("second run: exit %d, %q", code, errOut)
	}
	if after, _ := os.ReadFile(name); !bytes.Equal(before, after) {
		t.Errorf("the refused run changed the games file")
	}
}

// TestTournamentOutputsKeepInfinities: summary.json writes an infinite Elo as the
// string "inf" or "-inf" (not null, which loses the sign; null stays for a value that
// is not a number), the ratings under lower-case keys like every other, and
// standings.csv writes inf and -inf.
func TestTournamentOutputsKeepInfinities(t *testing.T) {
	dir := t.TempDir()
	tourn(t, "tournament", "-p", "a=ab:depth=2", "-p", "b=random", "-p", "c=greedy", "--games", "4", "--progress", "off", "--out", dir)
	var sum struct {
		Players []struct {
			Name     string          `json:"name"`
			Estimate json.RawMessage `json:"estimate"`
		} `json:"players"`
		Ratings []map[string]any `json:"ratings"`
	}
	data, err := os.ReadFile(filepath.Join(dir, "summary.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &sum); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"elo_high": "inf"`) || !strings.Contains(string(data), `"elo_low": "-inf"`) {
		t.Errorf("summary.json lacks the infinite interval ends of a 8-0 and a 0-8 player:\n%s", data)
	}
	for _, key := range []string{`"elo": null`, `"elo_low": null`, `"elo_high": null`} {
		if strings.Contains(string(data), key) {
			t.Errorf("summary.json writes an infinite value as null (%s)", key)
		}
	}
	if len(sum.Ratings) != 3 || sum.Ratings[0]["name"] == nil || sum.Ratings[0]["elo"] == nil || sum.Ratings[0]["Name"] != nil {
		t.Errorf("ratings keys: %v", sum.Ratings)
	}
	csv, err := os.ReadFile(filepath.Join(dir, "standings.csv"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(csv), ",inf,") || !strings.Contains(string(csv), ",-inf,") {
		t.Errorf("standings.csv lacks inf and -inf:\n%s", csv)
	}
}

// TestTournamentOldAndEditedGamesFiles resumes a games file written in version 1 of
// the format by an earlier release (the first 4 of its 8 games): the run finishes the
// same games as the earlier release did. A record changed after it was written (its
// result) is refused by --resume and by merge, naming the line.
func TestTournamentOldAndEditedGamesFiles(t *testing.T) {
	dir := t.TempDir()
	whole := filepath.Join("testdata", "games-v1.jsonl")
	data, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	file := filepath.Join(dir, "old.jsonl")
	if err := os.WriteFile(file, bytes.Join(lines[:5], nil), 0o644); err != nil {
		t.Fatal(err)
	}
	args := []string{"tournament", "-p", "random", "-p", "greedy", "--games", "8", "--seed", "5", "--progress", "off"}
	tourn(t, append(args, "--games-file", file, "--resume")...)
	checkSameGames(t, readGames(t, file).Games, readGames(t, whole).Games)

	fresh := filepath.Join(dir, "new.jsonl")
	tourn(t, append(args, "--games-file", fresh)...)
	checkSameGames(t, readGames(t, fresh).Games, readGames(t, whole).Games)
	content, err := os.ReadFile(fresh)
	if err != nil {
		t.Fatal(err)
	}
	// The third line's game: its result turned round.
	newLines := bytes.SplitAfter(content, []byte("\n"))
	third := string(newLines[2])
	edited := strings.NewReplacer(`"result":"1-0","winner":0`, `"result":"0-1","winner":1`, `"result":"0-1","winner":1`, `"result":"1-0","winner":0`).Replace(third)
	if edited == third {
		t.Fatalf("no result to edit in %s", third)
	}
	newLines[2] = []byte(edited)
	if err := os.WriteFile(fresh, bytes.Join(newLines[:5], nil), 0o644); err != nil {
		t.Fatal(err)
	}
	want := ": line 3: game record: changed after it was written (its checksum is "
	code, out, errOut := cli(t, append(args, "--games-file", fresh, "--resume")...)
	if code == 0 || out != "" || !strings.Contains(errOut, fresh+want) {
		t.Errorf("resume of an edited file: exit %d, stdout %q, stderr %q; want an error with %q", code, out, errOut, want)
	}
	code, _, errOut = cli(t, "tournament", "merge", file, fresh)
	if code == 0 || !strings.Contains(errOut, fresh+want) {
		t.Errorf("merge of an edited file: exit %d, stderr %q; want an error with %q", code, errOut, want)
	}
}
