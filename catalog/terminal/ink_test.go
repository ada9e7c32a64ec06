package terminal

import (
	"bytes"
	"testing"
)

// TestInk: colours only when on; the ants of The Colony's drawing and the marks of
// the places changed are coloured.
func TestInk(t *testing.T) {
	text := "  [C2  3 R] (C3  4  ) [B6 10 B]\n"
	if got := (ink{}).board(text); got != text {
		t.Errorf("plain ink changed the drawing: %q", got)
	}
	want := "  [C2  3 \x1b[1;31mR\x1b[0m] (C3  4  ) [B6 10 \x1b[1;34mB\x1b[0m]\n"
	if got := (ink{on: true}).board(text); got != want {
		t.Errorf("coloured drawing %q, want %q", got, want)
	}
	marked := "        *(f  0) (e  4)\n *[N  1]   [S  0]\n"
	if got := (ink{}).board(marked); got != marked {
		t.Errorf("plain ink changed the marks: %q", got)
	}
	want = "        \x1b[1;33m*\x1b[0m(f  0) (e  4)\n \x1b[1;33m*\x1b[0m[N  1]   [S  0]\n"
	if got := (ink{on: true}).board(marked); got != want {
		t.Errorf("coloured marks %q, want %q", got, want)
	}
	if got := (ink{on: true}).bold("x"); got != "\x1b[1mx\x1b[0m" {
		t.Errorf("bold %q", got)
	}
	if newInk(&bytes.Buffer{}).on {
		t.Error("colours on a buffer")
	}
}
