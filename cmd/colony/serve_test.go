package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestServeRefusesBadFlags checks that serve names what is wrong with its flags and
// exits with the usage status, or the error status when the address cannot be used.
func TestServeRefusesBadFlags(t *testing.T) {
	tests := []struct {
		args   []string
		status int
		says   string
	}{
		{[]string{"serve", "--engine", "mine"}, exitUsage, `--engine "mine": want NAME=SPEC`},
		{[]string{"serve", "--engine", "a=cmd:x", "--engine", "a=cmd:y"}, exitUsage, `two engines are named "a"`},
		{[]string{"serve", "--engine", "a b=cmd:x"}, exitUsage, `engine name "a b"`},
		{[]string{"serve", "--addr", "nowhere"}, exitUsage, `address "nowhere"`},
		{[]string{"serve", "--addr", "256.1.1.1:80"}, exitError, "--addr"},
		{[]string{"--game", "chess", "serve"}, exitUsage, `unknown game`},
		{[]string{"serve", "extra"}, exitUsage, "serve"},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		status := run(tc.args, &out, &errOut)
		if status != tc.status || !strings.Contains(errOut.String(), tc.says) {
			t.Errorf("colony %s: status %d, %q; want %d and %q", strings.Join(tc.args, " "), status, errOut.String(), tc.status, tc.says)
		}
	}
}
