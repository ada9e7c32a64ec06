package catalog

import "testing"

// TestShellWord: the words of a recorded command line are read back by a shell as
// they were.
func TestShellWord(t *testing.T) {
	tests := []struct{ in, want string }{
		{"ab:depth=6,tt=64", "ab:depth=6,tt=64"},
		{"--band", "--band"},
		{"0.5", "0.5"},
		{"dir/my board.txt", "'dir/my board.txt'"},
		{`cmd:"./engine --fast"`, `'cmd:"./engine --fast"'`},
		{"it's", `'it'\''s'`},
		{"", "''"},
	}
	for _, tt := range tests {
		if got := shellWord(tt.in); got != tt.want {
			t.Errorf("shellWord(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
