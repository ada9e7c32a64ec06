package eval

import (
	"bytes"
	"slices"
	"testing"
)

// FuzzParseWeights feeds arbitrary bytes to the weights-file parser (for a set of
// sixteen features named as The Colony's, without the set's name in the file, and for
// a small named set): it returns an error or weights, never panics, and weights it
// accepts write back to a file it reads again to the same weights.
func FuzzParseWeights(f *testing.F) {
	hand, err := colonyWeights(colonyHand).MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	named, err := NewNamedWeights("toy", []string{"store_diff", "seeds_own"}, map[string]float64{"store_diff": 1, "seeds_own": 0.25})
	if err != nil {
		f.Fatal(err)
	}
	toy, err := named.MarshalJSON()
	if err != nil {
		f.Fatal(err)
	}
	for _, seed := range [][]byte{hand, toy, []byte(`{"version":1,"weights":{}}`), []byte(`{"version":2}`),
		[]byte(`{"version":1,"features":"toy","weights":{"store_diff":1,"seeds_own":1e309}}`), []byte(`[`), nil} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if w, err := parseColony(data); err == nil {
			out, err := colonyWeights(w).MarshalJSON()
			if err != nil {
				t.Fatalf("accepted weights do not write: %v", err)
			}
			back, err := parseColony(out)
			if err != nil || !slices.Equal(back, w) {
				t.Fatalf("round trip: %v\n%s", err, out)
			}
		}
		nw, err := ParseNamedWeights(data, "toy", []string{"store_diff", "seeds_own"})
		if err != nil {
			return
		}
		out, err := nw.MarshalJSON()
		if err != nil {
			t.Fatalf("accepted named weights do not write: %v", err)
		}
		back, err := ParseNamedWeights(out, "toy", []string{"store_diff", "seeds_own"})
		if err != nil {
			t.Fatalf("round trip: %v\n%s", err, out)
		}
		again, _ := back.MarshalJSON()
		if !bytes.Equal(out, again) {
			t.Fatalf("round trip changed the file:\n%s\n%s", out, again)
		}
	})
}
