package textline

import "testing"

func TestJoin(t *testing.T) {
	tests := []struct{ in, want string }{
		{"one", "one"},
		{"  a\n\n  b \n", "a; b"},
		{"", ""},
		{"x\r\ny", "x; y"},
	}
	for _, tt := range tests {
		if got := Join(tt.in); got != tt.want {
			t.Errorf("Join(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
