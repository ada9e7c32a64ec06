package game_test

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

func TestQuote(t *testing.T) {
	tests := []struct{ in, want string }{
		{"", `""`},
		{"C1>B4", `"C1>B4"`},
		{"tab\there", `"tab\there"`},
		{strings.Repeat("x", 40), `"` + strings.Repeat("x", 40) + `"`},
		{strings.Repeat("x", 100000), `"` + strings.Repeat("x", 40) + `"… (100000 bytes)`},
		// A cut inside a character goes back to its start.
		{strings.Repeat("x", 39) + "éé", `"` + strings.Repeat("x", 39) + `"… (43 bytes)`},
	}
	for _, tt := range tests {
		if got := game.Quote(tt.in); got != tt.want {
			t.Errorf("Quote(%.50q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
