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
