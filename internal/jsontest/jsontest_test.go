package jsontest

import (
	"encoding/json"
	"testing"
)

// TestCompact checks that a value and raw JSON of the same content, keys in another
// order and spaced, give the same text.
func TestCompact(t *testing.T) {
	type pair struct {
		B int    `json:"b"`
		A string `json:"a"`
	}
	want := `{"a":"x","b":1}`
	if got := Compact(t, pair{B: 1, A: "x"}); got != want {
		t.Errorf("value: got %s, want %s", got, want)
	}
	if got := Compact(t, json.RawMessage(`{ "b": 1,  "a": "x" }`)); got != want {
		t.Errorf("raw: got %s, want %s", got, want)
	}
}
