package main

import (
	"strings"
	"testing"
)

// TestLongBadInputEchoedShort checks that a 100 KB malformed move, position or
// argument makes a short one-line message (its start and its length), never one that
// repeats the input.
func TestLongBadInputEchoedShort(t *testing.T) {
	big := strings.Repeat("x", 100_000)
	tests := []struct {
		name string
		args []string
		want string // a part of the message
	}{
		{"colony log", []string{"apply", "C1", "C1" + big}, `move "C1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (100002 bytes): unknown log`},
		{"colony direction", []string{"apply", "B4>" + big}, `unknown log "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (100000 bytes)`},
		{"colony ant move", []string{"apply", "B4/A1" + big}, `ant move "A1xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (100002 bytes): want /<from>-<to>`},
		{"kalah", []string{"--game", "kalah", "apply", "a" + big}, `… (100001 bytes) is not a legal turn here`},
		{"oware", []string{"--game", "oware", "apply", "b" + big}, `… (100001 bytes) is not a legal turn here`},
		{"ethiopian", []string{"--game", "ethiopian", "apply", "a" + big}, `(100001 bytes)`},
		{"martian", []string{"--game", "martian", "apply", "a" + big}, `(100001 bytes)`},
		{"argument", []string{"moves", big}, `moves takes no arguments, got "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (100000 bytes)`},
		{"kalah position", []string{"--game", "kalah", "moves", "--position", "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=" + big}, `move="xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"… (100000 bytes), want south or north`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			code, out, errOut := cli(t, tt.args...)
			if code != 2 || out != "" {
				t.Fatalf("exit %d, stdout %.100q; want 2 and nothing", code, out)
			}
			if len(errOut) > 300 || strings.Count(errOut, "\n") != 1 {
				t.Errorf("message of %d bytes, %d lines: %.400q", len(errOut), strings.Count(errOut, "\n"), errOut)
			}
			if !strings.Contains(errOut, tt.want) {
				t.Errorf("message %.400q lacks %q", errOut, tt.want)
			}
		})
	}
}
