package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// evalStartDefault is 'colony eval' on the start position with the default weights.
const evalStartDefault = `┌─────────────────┬───────┬───────────┬──────────────┐
│ feature         │ value │    weight │ contribution │
├─────────────────┼───────┼───────────┼──────────────┤
│ store_diff      │     0 │         1 │         0.00 │
│ under_own_ants  │     0 │    0.4328 │         0.00 │
│ under_opp_ants  │     0 │   -0.4636 │         0.00 │
│ hand_own        │     6 │    -1.781 │       -10.69 │
│ hand_opp        │     6 │     1.577 │         9.46 │
│ board_ants_own  │     0 │     2.738 │         0.00 │
│ board_ants_opp  │     0 │    -2.621 │         0.00 │
│ selectable_logs │    19 │    0.1842 │         3.50 │
│ selectable_eggs │    57 │ -0.008932 │        -0.51 │
│ threats_own     │    15 │     2.585 │        38.78 │
│ threats_opp     │    15 │    -0.527 │        -7.91 │
│ at_risk_own     │     0 │    -0.117 │         0.00 │
│ at_risk_opp     │     0 │    0.1712 │         0.00 │
│ mandatory       │     0 │  -0.03505 │         0.00 │
│ blocked_own     │     0 │    -1.196 │         0.00 │
│ blocked_opp     │     0 │    0.6612 │         0.00 │
└─────────────────┴───────┴───────────┴──────────────┘
total: 32.64 (side to move: red)
`

func TestEvalStart(t *testing.T) {
	if got := mustRun(t, "eval"); got != evalStartDefault {
		t.Errorf("colony eval:\n%s\nwant\n%s", got, evalStartDefault)
	}
}

func TestEvalWeightsFile(t *testing.T) {
	// Weights of every kind of number: the R8 lead, a third, a negative exponent.
	text := `{"version": 1, "weights": {"store_diff": 1, "under_own_ants": 1, "under_opp_ants": -1,
		"hand_own": 0, "hand_opp": 0, "board_ants_own": 0, "board_ants_opp": 0,
		"selectable_logs": 0.3333333333333333, "selectable_eggs": -1e-3, "threats_own": 0, "threats_opp": 0,
		"at_risk_own": -2.25, "at_risk_opp": 0, "mandatory": 10, "blocked_own": 0, "blocked_opp": 0}}`
	path := filepath.Join(t.TempDir(), "w.json")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	// After C1, Black to move: Red's ant on B4 holds 3 eggs and Red has captured 1;
	// 17 selectable logs with 53 eggs. Total: -1 - 3 + 17/3 - 0.053 = 1.613...
	pos := "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/0.4.4.3.3.3 red=B4 black=- hand=5,6 store=1,0 move=black ants=optional turn=2"
	got := mustRun(t, "eval", "--weights", path, "--position", pos)
	want := `┌─────────────────┬───────┬────────┬──────────────┐
│ feature         │ value │ weight │ contribution │
├─────────────────┼───────┼────────┼──────────────┤
│ store_diff      │    -1 │      1 │        -1.00 │
│ under_own_ants  │     0 │      1 │         0.00 │
│ under_opp_ants  │     3 │     -1 │        -3.00 │
│ hand_own        │     6 │      0 │         0.00 │
│ hand_opp        │     5 │      0 │         0.00 │
│ board_ants_own  │     0 │      0 │         0.00 │
│ board_ants_opp  │     1 │      0 │         0.00 │
│ selectable_logs │    17 │ 0.3333 │         5.67 │
│ selectable_eggs │    53 │ -0.001 │        -0.05 │
│ threats_own     │    10 │      0 │         0.00 │
│ threats_opp     │    10 │      0 │         0.00 │
│ at_risk_own     │     0 │  -2.25 │         0.00 │
│ at_risk_opp     │     3 │      0 │         0.00 │
│ mandatory       │     0 │     10 │         0.00 │
│ blocked_own     │     0 │      0 │         0.00 │
│ blocked_opp     │     0 │      0 │         0.00 │
└─────────────────┴───────┴────────┴──────────────┘
total: 1.61 (side to move: black)
`
	if got != want {
		t.Errorf("colony eval --weights:\n%s\nwant\n%s", got, want)
	}
}

func TestEvalErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	badVersion := write("v2.json", `{"version": 2, "weights": {}}`)
	unknown := write("unknown.json", `{"version": 1, "weights": {"speed": 1}}`)
	notJSON := write("text.json", "store_diff 1\n")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"missing weights file", []string{"eval", "--weights", filepath.Join(dir, "nope.json")}, []string{"eval: --weights", "nope.json", "no such file"}},
		{"bad version", []string{"eval", "--weights", badVersion}, []string{"eval: --weights: weights file " + badVersion + ": unsupported version 2 (want 1)"}},
		{"unknown feature", []string{"eval", "--weights", unknown}, []string{"unknown.json", `unknown feature "speed"`}},
		{"not JSON", []string{"eval", "--weights", notJSON}, []string{"text.json", "invalid JSON at line 1, column 1"}},
		{"bad position", []string{"eval", "--position", "eggs=3"}, []string{"position: want 8 fields"}},
		{"position with too many eggs", []string{"eval", "--position", strings.Replace(
			"eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1", "eggs=3", "eggs=4", 1)},
			[]string{"position: 58 eggs"}},
		{"argument", []string{"eval", "B4"}, []string{`eval takes no arguments, got "B4"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := cli(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit status %d, want %d (stderr %q)", code, exitUsage, errOut)
			}
			if out != "" {
				t.Errorf("stdout %q, want nothing", out)
			}
			if !strings.HasPrefix(errOut, "colony: ") || strings.Count(errOut, "\n") != 1 {
				t.Errorf("stderr %q, want one line starting with 'colony: '", errOut)
			}
			for _, w := range tt.want {
				if !strings.Contains(errOut, w) {
					t.Errorf("stderr %q lacks %q", errOut, w)
				}
			}
		})
	}
}

// TestEvalOtherGames pins 'colony eval' on positions of Kalah and Oware whose features
// are worked out in games/kalah/features_test.go and games/oware/features_test.go,
// with the games' hand-set weights.
func TestEvalOtherGames(t *testing.T) {
	tests := []struct {
		game, position, want string
	}{
		{"kalah", "pits=0.2.0.1.9.1/4.1.0.1.2.6 stores=10,11 move=south", `┌─────────────┬───────┬────────┬──────────────┐
│ feature     │ value │ weight │ contribution │
├─────────────┼───────┼────────┼──────────────┤
│ store_diff  │    -1 │      1 │        -1.00 │
│ seeds_own   │    13 │    0.1 │         1.30 │
│ seeds_opp   │    14 │   -0.1 │        -1.40 │
│ empty_own   │     2 │    0.2 │         0.40 │
│ empty_opp   │     1 │   -0.2 │        -0.20 │
│ extra_own   │     1 │   0.75 │         0.75 │
│ extra_opp   │     1 │   -0.5 │        -0.50 │
│ capture_own │     8 │    0.6 │         4.80 │
│ capture_opp │     2 │   -0.4 │        -0.80 │
└─────────────┴───────┴────────┴──────────────┘
total: 3.35 (side to move: south)
`},
		{"oware", "pits=1.2.0.5.3.1/2.1.3.0.1.1 stores=16,12 move=north quiet=0", `┌──────────────┬───────┬────────┬──────────────┐
│ feature      │ value │ weight │ contribution │
├──────────────┼───────┼────────┼──────────────┤
│ store_diff   │    -4 │      1 │        -4.00 │
│ seeds_own    │     8 │    0.1 │         0.80 │
│ seeds_opp    │    12 │   -0.1 │        -1.20 │
│ empty_own    │     1 │      0 │         0.00 │
│ empty_opp    │     1 │      0 │         0.00 │
│ targets_own  │     4 │   -0.3 │        -1.20 │
│ targets_opp  │     3 │    0.3 │         0.90 │
│ capture_own  │     5 │    0.6 │         3.00 │
│ capture_opp  │     4 │   -0.4 │        -1.60 │
│ mobility_own │     5 │    0.1 │         0.50 │
│ mobility_opp │     5 │   -0.1 │        -0.50 │
└──────────────┴───────┴────────┴──────────────┘
total: -3.30 (side to move: north)
`},
	}
	for _, tc := range tests {
		t.Run(tc.game, func(t *testing.T) {
			if got := mustRun(t, "--game", tc.game, "eval", "--weights", "hand", "--position", tc.position); got != tc.want {
				t.Errorf("colony --game %s eval:\n%s\nwant\n%s", tc.game, got, tc.want)
			}
		})
	}
	// The start position and the shipped (tuned) weights by default; the hand-set
	// weights; a weights file of the game's set.
	if got := mustRun(t, "--game", "kalah", "eval"); !strings.HasSuffix(got, "total: 1.79 (side to move: south)\n") {
		t.Errorf("kalah start:\n%s", got)
	}
	if got := mustRun(t, "--game", "kalah", "eval", "--weights", "hand"); !strings.HasSuffix(got, "total: 0.25 (side to move: south)\n") {
		t.Errorf("kalah start, hand-set weights:\n%s", got)
	}
	path := filepath.Join(t.TempDir(), "kalah.json")
	text := `{"version": 1, "features": "kalah", "weights": {"store_diff": 1, "seeds_own": 0, "seeds_opp": 0,
		"empty_own": 0, "empty_opp": 0, "extra_own": 0, "extra_opp": 0, "capture_own": 0.5, "capture_opp": 0}}`
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got := mustRun(t, "--game", "kalah", "eval", "--weights", path, "--position", tests[0].position)
	if !strings.HasSuffix(got, "total: 3.00 (side to move: south)\n") {
		t.Errorf("kalah with weights:\n%s", got)
	}
}

func TestEvalOtherGamesErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	kalahFile := write("kalah.json", `{"version": 1, "features": "kalah", "weights": {"store_diff": 1}}`)
	unknown := write("unknown.json", `{"version": 1, "weights": {"store_diff": 1, "speed": 2}}`)
	colonyFile := write("colony.json", `{"version": 1, "weights": {"store_diff": 1, "hand_own": 0}}`)
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"kalah weights for oware", []string{"--game", "oware", "eval", "--weights", kalahFile},
			`kalah.json: the weights are for the features of "kalah", not of "oware"`},
		{"kalah weights for the colony", []string{"eval", "--weights", kalahFile},
			`kalah.json: the weights are for the features of "kalah", not of "colony"`},
		{"unknown feature", []string{"--game", "kalah", "eval", "--weights", unknown},
			`unknown feature "speed" (features: store_diff, seeds_own, seeds_opp, empty_own, empty_opp, extra_own, extra_opp, capture_own, capture_opp)`},
		{"colony weights for kalah", []string{"--game", "kalah", "eval", "--weights", colonyFile}, `unknown feature "hand_own"`},
		{"colony position for oware", []string{"--game", "oware", "eval", "--position", "eggs=3"}, "position:"},
		{"bad game parameter", []string{"--game", "kalah:0x4", "eval"}, "--game"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := cli(t, tc.args...)
			if code != exitUsage || out != "" || !strings.Contains(errOut, tc.want) || strings.Count(errOut, "\n") != 1 {
				t.Errorf("exit %d, stdout %q, stderr %q; want %d and %q", code, out, errOut, exitUsage, tc.want)
			}
		})
	}
}
