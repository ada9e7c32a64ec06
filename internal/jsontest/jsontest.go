// Package jsontest helps tests compare JSON documents: Compact writes a value (or raw
// JSON) in one canonical form, its objects' keys sorted, so that two documents equal
// in content compare equal as strings and a difference shows in a short diff. It is
// for tests only.
package jsontest

import (
	"encoding/json"
	"testing"
)

// Compact returns v as compact JSON with its objects' keys sorted: v is marshalled
// (a json.RawMessage is taken as it is), read back as generic values and written
// again. An error fails the test.
func Compact(t testing.TB, v any) string {
	t.Helper()
	raw, ok := v.(json.RawMessage)
	if !ok {
		var err error
		if raw, err = json.Marshal(v); err != nil {
			t.Fatal(err)
		}
	}
	var x any
	if err := json.Unmarshal(raw, &x); err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(x)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
