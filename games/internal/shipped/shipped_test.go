package shipped

import (
	"testing"
	"testing/fstest"
)

func TestWeights(t *testing.T) {
	fsys := fstest.MapFS{"weights/kalah.json": {Data: []byte(`{"version": 1}`)}}
	for _, tc := range []struct {
		set, want string
		none      bool
	}{
		{set: "kalah", want: `{"version": 1}`},
		{set: "oware", none: true},
		{set: "../kalah", none: true},
	} {
		got := Weights(fsys, tc.set)
		if tc.none != (got == nil) || !tc.none && string(got) != tc.want {
			t.Errorf("Weights(%q) = %q, want %q (none: %v)", tc.set, got, tc.want, tc.none)
		}
	}
}

func TestNetwork(t *testing.T) {
	fsys := fstest.MapFS{"weights/kalah.nnue": {Data: []byte("net")}}
	for _, tc := range []struct {
		rules string
		none  bool
	}{
		{rules: "kalah"},
		{rules: "kalah:4x3", none: true},
		{rules: "oware", none: true},
		{rules: "../weights/kalah", none: true},
		{rules: "", none: true},
	} {
		if got := Network(fsys, tc.rules); tc.none != (got == nil) || !tc.none && string(got) != "net" {
			t.Errorf("Network(%q) = %q, want none: %v", tc.rules, got, tc.none)
		}
	}
}
