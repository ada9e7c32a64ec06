package external

import (
	"strconv"
	"strings"
	"testing"
)

// TestCappedLog checks what a capped log passes on: everything under its limit,
// the first and the last half of it past it, with the cut said between them.
func TestCappedLog(t *testing.T) {
	cut := func(n, half int) string {
		return "\n# colony: ... " + strconv.Itoa(n) + " bytes cut (the log keeps the first and the last " + strconv.Itoa(half) + " bytes of each process) ...\n"
	}
	tests := []struct {
		name   string
		limit  int64
		writes []string
		want   string
	}{
		{"no limit", 0, []string{"abc", "defgh"}, "abcdefgh"},
		{"under the limit", 10, []string{"abc", "de"}, "abcde"},
		{"at the limit", 10, []string{"abcde", "fghij"}, "abcdefghij"},
		{"one byte over", 10, []string{"abcde", "fghijk"}, "abcde" + cut(1, 5) + "ghijk"},
		{"in small writes", 10, []string{"ab", "cd", "ef", "gh", "ij", "kl", "mn"}, "abcde" + cut(4, 5) + "jklmn"},
		{"a large write", 10, []string{"abcdefghijklmnopqrstuvwxyz"}, "abcde" + cut(16, 5) + "vwxyz"},
		{"a large write after a wrap", 10, []string{"abcdefgh", "ijklmnopqrstuvwxyz"}, "abcde" + cut(16, 5) + "vwxyz"},
		{"odd limit", 5, []string{"abcdefgh"}, "ab" + cut(3, 2) + "fgh"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var b strings.Builder
			l := newCappedLog(&b, tt.limit)
			for _, w := range tt.writes {
				if n, err := l.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			_ = l.Close()
			if b.String() != tt.want {
				t.Errorf("log %q, want %q", b.String(), tt.want)
			}
		})
	}
}

// TestCappedLogHeld checks that a log without a destination holds what it is given
// until it has one.
func TestCappedLogHeld(t *testing.T) {
	l := newCappedLog(nil, 8)
	_, _ = l.Write([]byte("abc"))
	var b strings.Builder
	l.setDest(&b)
	_, _ = l.Write([]byte("defghijkl"))
	_ = l.Close()
	want := "abcd\n# colony: ... 4 bytes cut (the log keeps the first and the last 4 bytes of each process) ...\nijkl"
	if b.String() != want {
		t.Errorf("log %q, want %q", b.String(), want)
	}
}
