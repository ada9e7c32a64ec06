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
