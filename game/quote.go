package game

import (
	"strconv"
	"unicode/utf8"
)

// quoteLimit is the number of bytes of an input that Quote shows.
const quoteLimit = 40

// Quote returns s quoted as fmt's %q does, for an error message that echoes what a
// user typed: an input longer than 40 bytes is cut there (at a character's start)
// and its length told, so that a malformed 100 KB move or position makes a one-line
// message, not a 100 KB one.
func Quote(s string) string {
	if len(s) <= quoteLimit {
		return strconv.Quote(s)
	}
	cut := quoteLimit
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}
