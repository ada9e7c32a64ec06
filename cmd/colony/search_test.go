package main

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/search"
)

// needPlayer fails the test unless spec builds a player.
func needPlayer(t *testing.T, spec string) {
	t.Helper()
	if _, err := search.New[colony.State](colony.NewGame(nil), colony.Score{}, spec, search.Options{}); err != nil {
		t.Fatalf("%s: %v", spec, err)
	}
}

var (
	iterationRE = regexp.MustCompile(`^(?:unfinished )?depth=(\d+) score=(-?\d+(?:\.\d\d)?|win\+\d+|loss-\d+) (nodes|sims)=(\d+) (nps|sps)=(\d+) time=\d+\.\d{3}s pv((?: \S+)+)$`)
	rootRE      = regexp.MustCompile(`^  root (\S+) visits=(\d+) value=[-+]\d\.\d{3}( proven=(win|loss))?$`)
	bestRE      = regexp.MustCompile(`^bestmove (\S+) score=(-?\d+(?:\.\d\d)?|win\+\d+|loss-\d+)$`)
)

// posEndgame is the last of the bench positions: Red to move, a few turns from the end.
const posEndgame = "eggs=1.1.0.6.1.0/2.0.1.0.0.0.5/0.0.3.0.1.3 red=A4,A5,B3,B7,C3,C6 black=A1,A2,A3,B1 hand=0,2 store=19,14 move=red ants=mandatory turn=53"

func TestAnalyze(t *testing.T) {
	tests := []struct {
		spec       string
		position   string
		mcts       bool
		unfinished bool // the last line before bestmove is an unfinished iteration's
	}{
		{spec: "greedy"},
		{spec: "minimax:depth=1"},
		{spec: "minimax:depth=2", position: posEndgame},
		{spec: "ab:depth=2"},
		{spec: "ab:depth=3", position: posEndgame},
		// Stopped in its depth 4, after that iteration found a better turn than
		// depth 3's: an unfinished line gives that turn and its score.
		{spec: "ab:nodes=400000", unfinished: true},
		{spec: "mcts:sims=200", mcts: true},
		{spec: "mcts:sims=200", position: posEndgame, mcts: true},
	}
	for _, tt := range tests {
		name := tt.spec
		if tt.position != "" {
			name += "/endgame"
		}
		t.Run(name, func(t *testing.T) {
			needPlayer(t, tt.spec)
			args := []string{"analyze", "--player", tt.spec}
			pos := colony.StartPosition
			if tt.position != "" {
				args = append(args, "--position", tt.position)
				pos = tt.position
			}
			out := mustRun(t, args...)
			lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
			if len(lines) < 2 {
				t.Fatalf("colony %q: want iteration lines and a bestmove line, got %q", args, out)
			}
			r := colony.Default()
			s, err := r.ParsePosition(pos)
			if err != nil {
				t.Fatal(err)
			}
			iterations, roots, lastPV, lastScore := 0, 0, "", ""
			for i, l := range lines[:len(lines)-1] {
				if unfinished := strings.HasPrefix(l, "unfinished "); unfinished != (tt.unfinished && i == len(lines)-2) {
					t.Errorf("line %q: unfinished %v", l, unfinished)
				}
				if m := rootRE.FindStringSubmatch(l); m != nil {
					if !tt.mcts {
						t.Errorf("root line from a player that is not MCTS: %q", l)
					}
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
				// Every turn of the principal variation is a legal turn in turn.
				c := s
				turns := strings.Fields(m[7])
				lastPV, lastScore = turns[0], m[2]
				for i, turn := range turns {
					if c.Over() {
						t.Errorf("line %q: turn %q after the end of the game", l, turn)
						break
					}
					if i == len(turns)-1 && strings.HasSuffix(turn, "...") {
						break // a turn the search left unfinished
					}
					mv, err := r.ParseMove(&c, turn)
					if err != nil {
						t.Errorf("line %q: %v", l, err)
						break
					}
					r.ApplyMove(&c, mv)
				}
			}
			if iterations == 0 {
				t.Errorf("no iteration lines in %q", out)
			}
			if tt.mcts && roots == 0 {
				t.Errorf("MCTS: no root decision lines in %q", out)
			}
			m := bestRE.FindStringSubmatch(lines[len(lines)-1])
			if m == nil {
				t.Fatalf("last line %q is not a bestmove line", lines[len(lines)-1])
			}
			if _, err := r.ParseMove(&s, m[1]); err != nil {
				t.Errorf("bestmove %s is not legal: %v", m[1], err)
			}
			if !tt.mcts && lastPV != m[1] {
				t.Errorf("bestmove %s is not the first turn of the last principal variation (%s)", m[1], lastPV)
			}
			if !tt.mcts && lastScore != m[2] {
				t.Errorf("bestmove's score %s is not the last line's (%s)", m[2], lastScore)
			}
		})
	}
}

// TestAnalyzeDeterministic: a depth-limited search prints the same lines but for the
// times and speeds.
func TestAnalyzeDeterministic(t *testing.T) {
	speed := regexp.MustCompile(`(nps|sps|time)=[0-9.]+`)
	for _, spec := range []string{"minimax:depth=2", "ab:depth=3", "mcts:sims=300"} {
		t.Run(spec, func(t *testing.T) {
			needPlayer(t, spec)
			a := speed.ReplaceAllString(mustRun(t, "analyze", "--player", spec), "$1=x")
			b := speed.ReplaceAllString(mustRun(t, "analyze", "--player", spec), "$1=x")
			if a != b {
				t.Errorf("two runs differ:\n%s\n%s", a, b)
			}
		})
	}
}

// benchResult is what a bench run leaves, but for the times and speeds.
type benchResult struct {
	lines []string // per position: "nodes=<n> best=<turn>"
	nodes uint64
	moves string
}

var (
	benchPositionRE = regexp.MustCompile(`^position (\d+)/(\d+) nodes=(\d+) time=\d+\.\d{3}s nps=\d+ best=(\S+)$`)
	benchTotalRE    = regexp.MustCompile(`^bench nodes=(\d+) time=\d+\.\d{3}s nps=\d+ moves=([0-9a-f]{16})$`)
)

// runBenchCLI runs colony bench with args and reads its output.
func runBenchCLI(t *testing.T, args ...string) benchResult {
	t.Helper()
	out := mustRun(t, append([]string{"bench"}, args...)...)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	positions := colony.NewGame(nil).BenchPositions()
	n := len(positions)
	if len(lines) != n+2 {
		t.Fatalf("colony bench %q: want %d lines, got %d:\n%s", args, n+2, len(lines), out)
	}
	if !strings.HasPrefix(lines[0], "bench player=") || !strings.HasSuffix(lines[0], " positions="+strconv.Itoa(n)) {
		t.Errorf("header line %q", lines[0])
	}
	var res benchResult
	var sum uint64
	r := colony.Default()
	for i, l := range lines[1 : n+1] {
		m := benchPositionRE.FindStringSubmatch(l)
		if m == nil || m[1] != strconv.Itoa(i+1) || m[2] != strconv.Itoa(n) {
			t.Fatalf("position line %q", l)
		}
		nodes, _ := strconv.ParseUint(m[3], 10, 64)
		sum += nodes
		s, err := r.ParsePosition(positions[i])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.ParseMove(&s, m[4]); err != nil {
			t.Errorf("position %d: best=%s is not legal: %v", i+1, m[4], err)
		}
		res.lines = append(res.lines, "nodes="+m[3]+" best="+m[4])
	}
	m := benchTotalRE.FindStringSubmatch(lines[n+1])
	if m == nil {
		t.Fatalf("total line %q", lines[n+1])
	}
	res.nodes, _ = strconv.ParseUint(m[1], 10, 64)
	res.moves = m[2]
	if res.nodes != sum {
		t.Errorf("total nodes %d, but the positions add up to %d", res.nodes, sum)
	}
	return res
}

func TestBenchDeterministic(t *testing.T) {
	for _, spec := range []string{"greedy", "minimax:depth=1", "mcts:sims=100"} {
		t.Run(spec, func(t *testing.T) {
			needPlayer(t, spec)
			a := runBenchCLI(t, "--player", spec)
			b := runBenchCLI(t, "--player", spec)
			if !slices.Equal(a.lines, b.lines) || a.nodes != b.nodes || a.moves != b.moves {
				t.Errorf("two runs differ:\n%v nodes=%d moves=%s\n%v nodes=%d moves=%s", a.lines, a.nodes, a.moves, b.lines, b.nodes, b.moves)
			}
		})
	}
}

// TestBenchSignature pins the bench signatures: a change of a count or of the hash
// means the search (or the move generator, or the evaluation) now does something
// else. If that is intended, update the constants from the output of the command.
// The first entry is the default 'colony bench' (ab:depth=5, a few seconds), which
// -short skips. The ab entries change whenever alpha-beta's search changes (its move
// order, its transposition table, its default settings).
func TestBenchSignature(t *testing.T) {
	tests := []struct {
		args  []string
		spec  string // the spec --player gives, for needPlayer
		nodes uint64
		moves string
	}{
		// The default evaluation (linear, the default weights).
		{nil, defaultPlayer, 54595681, "97df7f68b923add2"},
		{[]string{"--player", "ab:depth=4"}, "ab:depth=4", 2394023, "6b8aba87a0a5531e"},
		{[]string{"--player", "minimax:depth=1"}, "minimax:depth=1", 2493, "7ff3c3e3b2937d84"},
		{[]string{"--player", "minimax:depth=2"}, "minimax:depth=2", 239815, "d3bc27501440b91a"},
		// R8's egg lead: the signatures of the search before the linear evaluation.
		{[]string{"--player", "ab:depth=4,eval=score"}, "ab:depth=4,eval=score", 1866919, "3ab411727fa18e35"},
		{[]string{"--player", "minimax:depth=2,eval=score"}, "minimax:depth=2,eval=score", 229847, "766bbbda286c9ca8"},
	}
	for _, tt := range tests {
		name := strings.Join(tt.args, " ")
		if tt.args == nil {
			name = "default"
		}
		t.Run(name, func(t *testing.T) {
			if tt.args == nil && (testing.Short() || !longTests) {
				t.Skip("the default bench takes seconds: it runs with the build tag long")
			}
			needPlayer(t, tt.spec)
			got := runBenchCLI(t, tt.args...)
			if got.nodes != tt.nodes || got.moves != tt.moves {
				t.Errorf("colony bench %s: nodes=%d moves=%s, want nodes=%d moves=%s", name, got.nodes, got.moves, tt.nodes, tt.moves)
			}
		})
	}
}

func TestSearchCommandErrors(t *testing.T) {
	finished := "eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A2 black=- hand=5,6 store=31,26 move=black ants=optional turn=41"
	tests := []struct {
		args []string
		want []string // pieces of the message
	}{
		{[]string{"analyze", "--player", "foo"}, []string{"analyze", "--player", `unknown kind "foo"`}},
		{[]string{"analyze", "--player", "minimax:depth=0"}, []string{"analyze", `depth="0"`, "from 1 to 64"}},
		{[]string{"analyze", "--player", "minimax:nodes=5"}, []string{"analyze", `no setting "nodes"`}},
		{[]string{"analyze", "--player", "greedy:"}, []string{"analyze", "empty settings"}},
		{[]string{"analyze", "--player", "ab:depth=x"}, []string{"analyze", "--player", `depth="x"`}},
		{[]string{"analyze", "--player", "mcts:sims=100,bogus=1"}, []string{"analyze", `no setting "bogus"`}},
		{[]string{"analyze", "--position", "eggs=3"}, []string{"position:"}},
		{[]string{"analyze", "--position", finished, "--player", "greedy"}, []string{"analyze", "already over", "no log to select"}},
		{[]string{"analyze", "C1"}, []string{"analyze takes no arguments"}},
		{[]string{"bench", "--player", "foo"}, []string{"bench", "--player", `unknown kind "foo"`}},
		{[]string{"bench", "--player", "minimax:depth=99"}, []string{"bench", `depth="99"`}},
		{[]string{"bench", "x"}, []string{"bench takes no arguments"}},
		{[]string{"--rules", "colony:turncap=20", "bench", "--player", "greedy"}, []string{"bench", "position 3", "turn cap"}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, out, errOut := cli(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit status %d, want %d (stderr %q)", code, exitUsage, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if strings.Count(errOut, "\n") != 1 || !strings.HasPrefix(errOut, "colony: ") {
				t.Errorf("stderr %q is not one line", errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
		})
	}
}
