package main

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

// Kalah positions of the tests.
const (
	// After c (an extra turn) and d from the start.
	kalahAfterCD = "pits=4.4.0.0.6.6/5.5.4.4.4.4 stores=2,0 move=north"
	// kalah:2x1, South to move: b sows South's store and empties South's side, the
	// game ends 2-2.
	kalahOneFromEnd = "pits=0.1/0.1 stores=1,1 move=south"
)

// owarePosition returns an Oware position from the start position's line with the
// pits and stores replaced, the other fields kept as the game writes them.
func owarePosition(t *testing.T, pitsAndStores string) string {
	t.Helper()
	g, err := catalog.Open("oware")
	if err != nil {
		t.Fatal(err)
	}
	start := g.StartPosition()
	const prefix = "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0"
	if !strings.HasPrefix(start, prefix) {
		t.Fatalf("oware start position %q does not start with %q", start, prefix)
	}
	return pitsAndStores + strings.TrimPrefix(start, prefix)
}

// lines joins lines, each ending in a newline.
func lines(l ...string) string { return strings.Join(l, "\n") + "\n" }

func TestShowOtherGames(t *testing.T) {
	kalahLegend := []string{
		"",
		"  (pit seeds)  [N seeds] north's store  [S seeds] south's store",
		"  sowing runs counter-clockwise, through the mover's store only",
		"",
		"                    south  north",
	}
	owareLegend := []string{
		"",
		"  (pit seeds)  [captured seeds]",
		"  sowing runs counter-clockwise: a1 to f1, then f2 to a2",
	}
	// f1 sows f2 to c2; North's a2 then sows a1 to d1.
	oware := mustRun(t, "--game", "oware", "apply", "f1", "a2")
	tests := []struct {
		name     string
		args     []string
		position string // the last line
		want     string // the whole output but the position line
	}{
		{
			name: "kalah start", args: []string{"--game", "kalah", "show"},
			position: "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
			want: lines(append(append([]string{
				"         (f  4) (e  4) (d  4) (c  4) (b  4) (a  4)         north",
				"  [N  0]                                           [S  0]",
				"         (a  4) (b  4) (c  4) (d  4) (e  4) (f  4)         south",
			}, kalahLegend...),
				"  points                0      0",
				"",
				"  south to move",
				"")...),
		},
		{
			name: "kalah mid-game", args: []string{"--game", "kalah", "show", "--position", kalahAfterCD},
			position: kalahAfterCD,
			want: lines(append(append([]string{
				"         (f  4) (e  4) (d  4) (c  4) (b  5) (a  5)         north",
				"  [N  0]                                           [S  2]",
				"         (a  4) (b  4) (c  0) (d  0) (e  6) (f  6)         south",
			}, kalahLegend...),
				"  points                2      0",
				"",
				"  north to move",
				"")...),
		},
		{
			// The position reads as the finished game: its line is written so.
			name: "kalah finished", args: []string{"--game", "kalah:2x1", "show", "--position", "pits=0.0/0.2 stores=2,0 move=south"},
			position: "pits=0.0/0.0 stores=2,2 move=south",
			want: lines(
				"        (b 0) (a 0)        north",
				"  [N 2]             [S 2]",
				"        (a 0) (b 0)        south",
				"",
				"  (pit seeds)  [N seeds] north's store  [S seeds] south's store",
				"  sowing runs counter-clockwise, through the mover's store only",
				"",
				"                    south  north",
				"  points                2      2",
				"",
				"  game over: draw 2-2 (both sides are empty)",
				"  rules kalah:2x1",
				""),
		},
		{
			name: "oware start", args: []string{"--game", "oware", "show"},
			position: owarePosition(t, "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0"),
			want: lines(append(append([]string{
				"  (a2  4) (b2  4) (c2  4) (d2  4) (e2  4) (f2  4)  [ 0]  north",
				"  (a1  4) (b1  4) (c1  4) (d1  4) (e1  4) (f1  4)  [ 0]  south",
			}, owareLegend...),
				"  moves since the last capture: 0 (the game ends at 100)",
				"",
				"                    south  north",
				"  points               24     24",
				"",
				"  south to move",
				"")...),
		},
		{
			name: "oware mid-game", args: []string{"--game", "oware", "show", "--position", strings.TrimSpace(oware)},
			position: strings.TrimSpace(oware),
			want: lines(append(append([]string{
				"  (a2  0) (b2  4) (c2  5) (d2  5) (e2  5) (f2  5)  [ 0]  north",
				"  (a1  5) (b1  5) (c1  5) (d1  5) (e1  4) (f1  0)  [ 0]  south",
			}, owareLegend...),
				"  moves since the last capture: 2 (the game ends at 100)",
				"",
				"                    south  north",
				"  points               24     24",
				"",
				"  south to move",
				"")...),
		},
		{
			// South has captured 25, more than half the seeds: the game is over (before
			// South's having no seeds is looked at); North takes its three and South
			// wins 25-23.
			name: "oware finished", args: []string{"--game", "oware", "show", "--position", owarePosition(t, "pits=0.0.0.0.0.0/0.0.0.0.0.3 stores=25,20")},
			position: owarePosition(t, "pits=0.0.0.0.0.0/0.0.0.0.0.3 stores=25,20"),
			want: lines(append(append([]string{
				"  (a2  0) (b2  0) (c2  0) (d2  0) (e2  0) (f2  3)  [20]  north",
				"  (a1  0) (b1  0) (c1  0) (d1  0) (e1  0) (f1  0)  [25]  south",
			}, owareLegend...),
				"  moves since the last capture: 0 (the game ends at 100)",
				"",
				"                    south  north",
				"  points               25     23",
				"",
				"  game over: south wins 25-23 (south has more than half the seeds)",
				"")...),
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := mustRun(t, tt.args...)
			if want := tt.want + tt.position + "\n"; out != want {
				t.Errorf("colony %q:\n%s\nwant\n%s", tt.args, out, want)
			}
		})
	}
	// Every registered game is drawn as the registry draws it, with the side to move,
	// and the last line is the position line, as moves and apply read it.
	for _, name := range catalog.Names()[1:] {
		out := mustRun(t, "--game", name, "show")
		g, _ := catalog.Open(name)
		want, err := g.Show(g.StartPosition())
		if err != nil || out != want || !strings.HasSuffix(out, "\n\n"+g.StartPosition()+"\n") || !strings.Contains(out, " to move\n") {
			t.Errorf("%s: show:\n%s\nwant (%v)\n%s", name, out, err, want)
		}
	}
}

func TestScoreOtherGames(t *testing.T) {
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"kalah start", []string{"--game", "kalah", "score"}, "south=0 north=0 over=no winner=-\n"},
		{"kalah mid-game", []string{"--game", "kalah", "score", "--position", kalahAfterCD}, "south=2 north=0 over=no winner=-\n"},
		{"kalah draw", []string{"--game", "kalah:2x1", "score", "--position", "pits=0.0/0.2 stores=2,0 move=south"},
			"south=2 north=2 over=yes winner=draw\nresult: draw 2-2 (both sides are empty)\n"},
		{"kalah win", []string{"--game", "kalah:2x1", "score", "--position", "pits=0.0/0.1 stores=3,0 move=north"},
			"south=3 north=1 over=yes winner=south\nresult: south wins 3-1 (both sides are empty)\n"},
		// Oware's points include the seeds on each side's row.
		{"oware start", []string{"--game", "oware", "score"}, "south=24 north=24 over=no winner=-\n"},
		{"oware finished", []string{"--game", "oware", "score", "--position", owarePosition(t, "pits=0.0.0.0.0.0/0.0.0.0.0.3 stores=25,20")},
			"south=25 north=23 over=yes winner=south\nresult: south wins 25-23 (south has more than half the seeds)\n"},
		{"oware draw", []string{"--game", "oware", "score", "--position", owarePosition(t, "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24")},
			"south=24 north=24 over=yes winner=draw\nresult: draw 24-24 (south has no seeds)\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := mustRun(t, tt.args...); got != tt.want {
				t.Errorf("colony %q:\n got %q\nwant %q", tt.args, got, tt.want)
			}
		})
	}
	// The result line of score is apply's: the same format for every game.
	applied := mustRun(t, "--game", "kalah:2x1", "apply", "--position", kalahOneFromEnd, "b")
	after, result, _ := strings.Cut(applied, "\n")
	if result != "result: draw 2-2 (south has no seeds)\n" {
		t.Errorf("apply: %q", applied)
	}
	if got := mustRun(t, "--game", "kalah:2x1", "score", "--position", after); !strings.HasSuffix(got, "\nresult: draw 2-2 (both sides are empty)\n") {
		t.Errorf("score after apply: %q", got)
	}
}

func TestPlayoutOtherGames(t *testing.T) {
	for _, name := range []string{"kalah", "oware"} {
		t.Run(name, func(t *testing.T) {
			out1 := mustRun(t, "--game", name, "playout", "--games", "300", "--seed", "5")
			out2 := mustRun(t, "--game", name, "playout", "--seed", "5", "--games", "300")
			if dropTime(out1) != dropTime(out2) {
				t.Errorf("same seed, different reports:\n%s\n%s", out1, out2)
			}
			if out3 := mustRun(t, "--game", name, "playout", "--games", "300", "--seed", "6"); dropTime(out1) == dropTime(out3) {
				t.Errorf("different seeds, same report")
			}
			for _, want := range []string{
				"playout: 300 games from the start position, uniformly random decisions\n",
				"rules " + name + ", seed 5 (game i uses PCG(5, i))\n",
				"\ndecisions per game: ",
				"\nGame length (turns played)\n", "\nHow games ended\n", "\nResults\n", "\nFinal score (points)\n",
				"│ south wins │", "│ north wins │", "│ draws      │", "95% interval (Wilson)", "playouts/s",
			} {
				if !strings.Contains(out1, want) {
					t.Errorf("playout report lacks %q:\n%s", want, out1)
				}
			}
			// The counts are those of the game's random games.
			g, _ := catalog.Open(name)
			res, err := g.RandomGames(context.Background(), g.StartPosition(), 300, 5)
			if err != nil {
				t.Fatal(err)
			}
			var wins [3]int
			for _, r := range res.Games {
				wins[r.Winner+1]++
			}
			for i, row := range []string{"draws     ", "south wins", "north wins"} {
				if want := fmt.Sprintf("│ %s │ %5d │", row, wins[i]); !strings.Contains(out1, want) {
					t.Errorf("report lacks %q:\n%s", want, out1)
				}
			}
		})
	}
	out := mustRun(t, "--game", "kalah:2x1", "playout", "--games", "7", "--position", kalahOneFromEnd)
	for _, want := range []string{
		"playout: 7 games from the given position",
		"rules kalah:2x1, seed 1",
		"decisions per game: 1.0 on average\n",
		"│ south has no seeds │     7 │ 100.0% │",
		"│ draws      │     7 │ 100.0% │",
		"│  1.0 │ 0.0 │   1 │   1 │   1 │   1 │   1 │   1 │",
		"│ south │ 2.00 │ 0.00 │   2 │   2 │   2 │",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("playout report lacks %q:\n%s", want, out)
		}
	}
}

func TestAnalyzeOtherGames(t *testing.T) {
	speed := regexp.MustCompile(`(nps|sps|time)=[0-9.]+`)
	for _, tt := range []struct {
		game, spec, position string
		mcts                 bool
	}{
		{game: "kalah", spec: "ab:depth=3"},
		{game: "kalah", spec: "ab:depth=4", position: kalahAfterCD},
		{game: "kalah", spec: "mcts:sims=200", mcts: true},
		{game: "kalah", spec: "greedy"},
		{game: "oware", spec: "ab:depth=3"},
		{game: "oware", spec: "mcts:sims=200", mcts: true},
		{game: "oware", spec: "minimax:depth=2"},
	} {
		t.Run(tt.game+" "+tt.spec, func(t *testing.T) {
			args := []string{"--game", tt.game, "analyze", "--player", tt.spec}
			pos := ""
			if tt.position != "" {
				args = append(args, "--position", tt.position)
				pos = tt.position
			}
			out := mustRun(t, args...)
			if again := mustRun(t, args...); speed.ReplaceAllString(out, "$1=x") != speed.ReplaceAllString(again, "$1=x") {
				t.Errorf("two runs differ:\n%s\n%s", out, again)
			}
			ls := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			iterations, roots, lastPV := 0, 0, ""
			for _, l := range ls[:len(ls)-1] {
				if rootRE.MatchString(l) {
					roots++
					continue
				}
				m := iterationRE.FindStringSubmatch(l)
				if m == nil {
					t.Fatalf("line %q is neither an iteration nor a root decision", l)
				}
				iterations++
				if (m[3] == "sims") != tt.mcts {
					t.Errorf("line %q: counts %s", l, m[3])
				}
				// The principal variation's whole turns are legal in turn.
				turns := strings.Fields(m[7])
				lastPV = turns[0]
				if n := len(turns); strings.HasSuffix(turns[n-1], "...") {
					turns = turns[:n-1]
				}
				applyArgs := append([]string{"--game", tt.game, "apply"}, turns...)
				if pos != "" {
					applyArgs = append(applyArgs, "--position", pos)
				}
				if code, _, errOut := cli(t, applyArgs...); code != 0 {
					t.Errorf("line %q: the pv does not play: %s", l, errOut)
				}
			}
			if iterations == 0 || (roots > 0) != tt.mcts {
				t.Errorf("%d iteration lines, %d root lines:\n%s", iterations, roots, out)
			}
			m := bestRE.FindStringSubmatch(ls[len(ls)-1])
			if m == nil {
				t.Fatalf("last line %q is not a bestmove line", ls[len(ls)-1])
			}
			if !tt.mcts && m[1] != lastPV {
				t.Errorf("bestmove %s is not the first turn of the last principal variation (%s)", m[1], lastPV)
			}
		})
	}
	// Alpha-beta reports one line a depth.
	out := mustRun(t, "--game", "kalah", "analyze", "--player", "ab:depth=4")
	for d := 1; d <= 4; d++ {
		if !strings.Contains(out, fmt.Sprintf("depth=%d score=", d)) {
			t.Errorf("no line for depth %d:\n%s", d, out)
		}
	}
}

func TestOtherGamesBadInput(t *testing.T) {
	finished := map[string]string{
		"kalah": "pits=0.0.0.0.0.0/4.4.4.4.4.4 stores=24,0 move=south",
		"oware": owarePosition(t, "pits=0.0.0.0.0.0/0.0.0.0.0.0 stores=24,24"),
	}
	type bad struct {
		args []string
		want []string // pieces of the one-line message
	}
	var tests []bad
	for _, game := range []string{"kalah", "oware"} {
		g, err := catalog.Open(game)
		if err != nil {
			t.Fatal(err)
		}
		start := g.StartPosition()
		for _, cmd := range []string{"show", "score", "playout", "analyze"} {
			tests = append(tests,
				bad{[]string{"--game", game, cmd, "--position", strings.Replace(start, "4.4.4.4.4.4/", "4.4/", 1)},
					[]string{cmd + ": --position: position: pits:", "6"}},
				bad{[]string{"--game", game, cmd, "--position", strings.Replace(start, "move=south", "move=east", 1)},
					[]string{cmd + ": --position: position:", "move"}},
				bad{[]string{"--game", game, cmd, "--position", strings.Replace(start, "stores=0,0", "stores=0,1", 1)},
					[]string{cmd + ": --position: position:", "49"}},
				bad{[]string{"--game", game, cmd, "--position", ""}, []string{cmd + ": --position: position: want"}},
				bad{[]string{"--game", game, cmd, "x"}, []string{cmd + " takes no arguments"}},
			)
		}
		tests = append(tests,
			bad{[]string{"--game", game, "playout", "--position", finished[game]}, []string{"playout: the game in the position is already over ("}},
			bad{[]string{"--game", game, "analyze", "--position", finished[game]}, []string{"analyze: the game in the position is already over ("}},
			bad{[]string{"--game", game, "analyze", "--player", "foo"}, []string{"analyze: --player:", `unknown kind "foo"`}},
			bad{[]string{"--game", game, "analyze", "--player", "ab:eval=linear2"}, []string{"analyze: --player:", "eval=linear2"}},
			bad{[]string{"--game", game, "playout", "--games", "0"}, []string{"playout: --games must be from 1"}},
		)
	}
	tests = append(tests, bad{[]string{"--game", "kalah:0x4", "score"}, []string{"score:", "kalah:0x4"}})
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := cli(t, tt.args...)
			if code != exitUsage || out != "" {
				t.Errorf("exit %d, stdout %q; want %d and nothing (stderr %q)", code, out, exitUsage, errOut)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "colony: ") || strings.Contains(errOut, "internal error") {
				t.Errorf("stderr %q is not one line of error", errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
		})
	}
}
