package search

import (
	"maps"
	"math"
	"slices"
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
		{spec: "alphabeta", wantErr: `player "alphabeta": unknown kind "alphabeta" (known: ab, echo, greedy, mcts, minimax, random)`},
		{spec: "ab:sims=5", wantErr: `player "ab:sims=5": ab has no setting "sims" (known: depth, nodes, time, tt, seed, aspiration, eval)`},
		{spec: "ab:depth=3,", wantErr: `setting "" is not key=value`},
		{spec: "ab:=3", wantErr: `setting "=3" is not key=value`},
		{spec: "ab:depth,tt=3", wantErr: `setting "depth" is not key=value`},
		// Values: bare ones hold '=', ':', spaces and '\' as they are; quoted ones
		// anything, with \" and \\ escaped.
		{spec: "echo:note=a=b:c", kind: "echo", canon: "echo:note=a=b:c"},
		{spec: `echo:note=C:\dir\x`, kind: "echo", canon: `echo:note=C:\dir\x`},
		{spec: `echo:note="plain"`, kind: "echo", canon: "echo:note=plain"},
		{spec: `echo:note=two words`, kind: "echo", canon: `echo:note="two words"`},
		{spec: `echo:note="/opt/my engine/bin",seed=2`, kind: "echo", canon: `echo:note="/opt/my engine/bin",seed=2`},
		{spec: `echo:note="--threads 4 --hash=64"`, kind: "echo", canon: `echo:note="--threads 4 --hash=64"`},
		{spec: `echo:note="a,b"`, kind: "echo", canon: `echo:note="a,b"`},
		{spec: `echo:note="say \"hi\", C:\\x"`, kind: "echo", canon: `echo:note="say \"hi\", C:\\x"`},
		{spec: `echo:note=""`, kind: "echo", canon: `echo:note=""`},
		{spec: `echo:seed=1,note=","`, kind: "echo", canon: `echo:seed=1,note=","`},
		{spec: `echo:note="abc`, wantErr: `player "echo:note=\"abc": setting "note": unterminated quote: no closing '"' in "abc`},
		{spec: `echo:note="abc\"`, wantErr: `setting "note": unterminated quote`},
		{spec: `echo:note="abc\`, wantErr: `setting "note": unterminated quote`},
		{spec: `echo:note="a\nb"`, wantErr: `setting "note": bad escape '\n' in a quoted value (want \" or \\)`},
		{spec: `echo:note="a"b`, wantErr: `setting "note": "b" after the closing quote (want ',' or the end)`},
		{spec: `echo:note=a"b"`, wantErr: `setting "note": a '"' inside an unquoted value (quote the whole value: note="...")`},
		{spec: `echo:note="a",`, wantErr: `setting "" is not key=value`},
		{spec: `echo:note="a",note=b`, wantErr: `setting "note" given twice`},
		{spec: `echo:"note"=a`, wantErr: `echo has no setting "\"note\""`},
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

// FuzzParseSpec checks that ParseSpec never panics and that a parsed spec writes back
// (String) to text that parses to the same spec, which writes the same again.
func FuzzParseSpec(f *testing.F) {
	for _, s := range []string{"random", "ab:depth=6,tt=64", "mcts:sims=20000,c=1.2", "ab:", "ab:depth=3,depth=4",
		`echo:note="/opt/my engine/bin",seed=2`, `echo:note="say \"hi\", C:\\x"`, `echo:note=""`, `echo:note="abc`,
		`echo:note=C:\x y`, `echo:note=a"b`, "echo:note=a=b:c,seed=3", "echo:note=\t"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		sp, err := ParseSpec(text)
		if err != nil {
			return
		}
		written := sp.String()
		back, err := ParseSpec(written)
		if err != nil {
			t.Fatalf("%q -> %q: %v", text, written, err)
		}
		if back.Kind != sp.Kind || !maps.Equal(back.Settings, sp.Settings) || !slices.Equal(back.keys, sp.keys) {
			t.Fatalf("%q -> %q -> %+v, want %+v", text, written, back, sp)
		}
		if again := back.String(); again != written {
			t.Fatalf("%q -> %q -> %q", text, written, again)
		}
	})
}

// TestSpecWritesQuotesOnlyWhenNeeded: With and String quote values that need it, and
// only those.
func TestSpecWritesQuotesOnlyWhenNeeded(t *testing.T) {
	sp := Spec{Kind: "echo"}
	for _, tc := range []struct{ value, want string }{
		{"x", "x"},
		{"a=b:c", "a=b:c"},
		{`C:\x`, `C:\x`},
		{"", `""`},
		{"a b", `"a b"`},
		{"a\tb", "\"a\tb\""},
		{"a,b", `"a,b"`},
		{`say "hi"`, `"say \"hi\""`},
		{`\ and "`, `"\\ and \""`},
	} {
		if got := sp.With("note", tc.value).String(); got != "echo:note="+tc.want {
			t.Errorf("value %q written %q, want %q", tc.value, got, "echo:note="+tc.want)
		}
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

// TestParseDuration: a duration as the players' settings read it, a bare number of
// milliseconds beyond the longest duration taken as the longest (it wrapped round to
// a negative duration).
func TestParseDuration(t *testing.T) {
	tests := []struct {
		in   string
		want time.Duration
		ok   bool
	}{
		{"100", 100 * time.Millisecond, true},
		{"100ms", 100 * time.Millisecond, true},
		{"2s", 2 * time.Second, true},
		{"0", 0, true},
		{"99999999999999999", math.MaxInt64, true},
		{"lots", 0, false},
	}
	for _, tt := range tests {
		got, err := ParseDuration(tt.in)
		if (err == nil) != tt.ok || (tt.ok && got != tt.want) {
			t.Errorf("ParseDuration(%q) = %v, %v; want %v (ok %v)", tt.in, got, err, tt.want, tt.ok)
		}
	}
}
