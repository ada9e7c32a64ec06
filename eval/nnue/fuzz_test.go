package nnue

import (
	"testing"

	"github.com/colony-ai/colony/colony"
)

// FuzzParse checks that Parse never panics and that what it accepts writes back to
// the same bytes.
func FuzzParse(f *testing.F) {
	g := colony.NewGame(nil)
	n, err := New(colonyHeader(g, 4, 2, 2), 1)
	if err != nil {
		f.Fatal(err)
	}
	data, err := n.MarshalBinary()
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add(data[:len(data)/2])
	f.Add([]byte(magic))
	f.Add([]byte(magic + "\x05\x00\x00\x00{\"a\":"))
	f.Fuzz(func(t *testing.T, b []byte) {
		n, err := Parse(b)
		if err != nil {
			return
		}
		again, err := n.MarshalBinary()
		if err != nil {
			t.Fatalf("a parsed network does not write: %v", err)
		}
		if _, err := Parse(again); err != nil {
			t.Fatalf("a parsed network written again does not parse: %v", err)
		}
	})
}
