package search

import (
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
)

func TestParseSpec(t *testing.T) {
	tests := []struct {
		spec    string
		kind    string
		canon   string
		wantErr string
	}{
		{spec: "random", kind: "random", canon: "random"},
		{spec: "ab:depth=6", kind: "ab", canon: "ab:depth=6"},
		{spec: "mcts:sims=20000,c=1.2", kind: "mcts", canon: "mcts:sims=20000,c=1.2"},
		{spec: "greedy:seed=3", kind: "greedy", canon: "greedy:seed=3"},
		{spec: "alphabeta", wantErr: `unknown kind "alphabeta"`},
		{spec: "", wantErr: "unknown kind"},
		{spec: "ab:", wantErr: "empty settings"},
		{spec: "ab:depth", wantErr: "not key=value"},
		{spec: "ab:depth=", wantErr: "not key=value"},
		{spec: "ab:sims=5", wantErr: `ab has no setting "sims"`},
		{spec: "ab:depth=3,depth=4", wantErr: "given twice"},
		{spec: "random:depth=2", wantErr: `random has no setting "depth"`},
	}
	for _, tc := range tests {
		t.Run(tc.spec, func(t *testing.T) {
			sp, err := ParseSpec(tc.spec)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("ParseSpec(%q) error %v, want one containing %q", tc.spec, err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sp.Kind != tc.kind || sp.String() != tc.canon {
				t.Fatalf("ParseSpec(%q) = %q (%s), want %q (%s)", tc.spec, sp.String(), sp.Kind, tc.canon, tc.kind)
			}
		})
	}
}

func TestSettingValues(t *testing.T) {
	sp, err := ParseSpec("mcts:sims=100,time=250,c=1.5,reuse=off,seed=9")
	if err != nil {
		t.Fatal(err)
	}
	st := &settings{spec: sp}
	if got := st.Int("sims", 1, 1, 1000); got != 100 {
		t.Errorf("sims = %d", got)
	}
	if got := st.Duration("time", time.Second); got != 250*time.Millisecond {
		t.Errorf("time = %v", got)
	}
	if got := st.Float("c", 1, 0, 10); got != 1.5 {
		t.Errorf("c = %v", got)
	}
	if got := st.Bool("reuse", true); got {
		t.Errorf("reuse = %v", got)
	}
	if got := st.Uint64("seed", 1); got != 9 {
		t.Errorf("seed = %d", got)
	}
	if got := st.Int("threads", 1, 1, 64); got != 1 || st.err != nil {
		t.Errorf("absent threads = %d, err %v", got, st.err)
	}
	for _, bad := range []struct{ spec, want string }{
		{"minimax:depth=0", "depth=\"0\": want a whole number from 1 to 64"},
		{"minimax:depth=x", "want a whole number"},
		{"random:seed=-1", "want a whole number of 0 or more"},
	} {
		_, err := New[colony.State](colonyGame, colony.Score{}, bad.spec, Options{})
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("New(%q) error %v, want one containing %q", bad.spec, err, bad.want)
		}
	}
	st = &settings{spec: Spec{Kind: "ab", Settings: map[string]string{"time": "soon"}}}
	st.Duration("time", 0)
	if st.err == nil || !strings.Contains(st.err.Error(), "positive duration") {
		t.Errorf("bad duration: %v", st.err)
	}
}
