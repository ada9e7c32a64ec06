package web

import (
	"strings"
	"testing"
)

// TestPlayerMessages: the server's refusal of a player spec says what is wrong with
// it: a file only when the page named one, the evaluations it may name and not the
// placeholders of files, and the spec once, as the page wrote it.
func TestPlayerMessages(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	tests := []struct {
		name, game, player string
		says               []string
		not                []string
	}{
		{"a word for a number", "colony", "mcts:sims=lots", []string{`player \"mcts:sims=lots\": sims=\"lots\": want a whole number`}, []string{"file", "mem="}},
		{"a word for a duration", "kalah", "ab:time=soon", []string{`player \"ab:time=soon\": time=`}, []string{"file", "tt="}},
		{"a word for on/off", "kalah", "mcts:reuse=maybe", []string{`player \"mcts:reuse=maybe\": reuse=`}, []string{"file", "mem="}},
		{"a depth beyond the deepest", "colony", "ab:depth=99", []string{`player \"ab:depth=99\": depth=\"99\": want a whole number from 1 to 64`}, []string{"tt=", `player \"ab:depth=99\": player`}},
		{"an unknown setting", "kalah", "ab:deep=3", []string{`player \"ab:deep=3\": ab has no setting`}, []string{`player \"ab:deep=3\": player`}},
		{"an eval file", "colony", "ab:eval=/etc/passwd", []string{"eval=/etc/passwd", "evaluations only (linear, score, hand, net), not a file"}, []string{"FILE"}},
		{"the placeholder itself", "colony", "ab:eval=FILE", []string{"evaluations only (linear, score, hand, net)"}, []string{"FILE)"}},
		{"a network's placeholder", "colony", "ab:eval=net:FILE", []string{"evaluations only"}, []string{"net:FILE,", "net:FILE)"}},
		{"a path for a word", "kalah", "mcts:leaf=/tmp/x", []string{"leaf=/tmp/x", "never a file"}, nil},
		{"another word", "kalah", "mcts:leaf=deep", []string{"leaf=deep", "playout, eval, root, tree"}, nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			status, body := do(t, "POST", url+"/api/think", `{"game":"`+tc.game+`","player":"`+tc.player+`"}`, nil)
			if status != 400 {
				t.Errorf("%s: status %d, want 400: %.300s", tc.player, status, body)
			}
			for _, s := range tc.says {
				if !strings.Contains(body, s) {
					t.Errorf("%s: %.300s\nwant it to say %q", tc.player, body, s)
				}
			}
			for _, s := range tc.not {
				if strings.Contains(body, s) {
					t.Errorf("%s: %.300s\nwant it not to say %q", tc.player, body, s)
				}
			}
		})
	}
}

// TestPositionMessages: a position the server cannot read is named once, by the
// game's reader ("position: ...").
func TestPositionMessages(t *testing.T) {
	_, url := startServer(t, Config{Game: "colony"})
	tests := []struct{ game, position, says string }{
		{"kalah", "pits%3D1.2", `"position: want 3 fields`},
		{"colony", "eggs%3D1", `"position: want 8 fields`},
		{"oware", "pits%3D1", `"position: `},
	}
	for _, tc := range tests {
		status, body := do(t, "GET", url+"/api/position?game="+tc.game+"&position="+tc.position, "", nil)
		if status != 400 || !strings.Contains(body, tc.says) || strings.Contains(body, "position: position:") {
			t.Errorf("%s %s: %d %.300s\nwant 400 and %q, once", tc.game, tc.position, status, body, tc.says)
		}
	}
}
