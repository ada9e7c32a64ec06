package native

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
)

// newVectorOutput returns buffers for a vector of shape vi.
func newVectorOutput(vi VectorInfo) *catalog.BatchOutput {
	return &catalog.BatchOutput{
		Observations: make([]float32, vi.N*vi.ObservationSize),
		Masks:        make([]uint8, vi.N*vi.NumActions),
		Rewards:      make([]float32, vi.N),
		Terminations: make([]uint8, vi.N),
		Truncations:  make([]uint8, vi.N),
		ToMove:       make([]int8, vi.N),
	}
}

// firstLegal writes the first legal action of each game of out into actions.
func firstLegal(out *catalog.BatchOutput, na int, actions []int32) {
	for i := range actions {
		actions[i] = int32(slices.Index(out.Masks[i*na:(i+1)*na], 1))
	}
}

// TestVector steps a vector of each kind of observation through the library's
// handles and checks its shape, its errors' codes and that a step allocates nothing.
func TestVector(t *testing.T) {
	l := New()
	g, err := l.OpenGame("kalah:6x4,capture=nonempty")
	if err != nil {
		t.Fatal(err)
	}
	for _, obs := range []string{"compact", "net", "none"} {
		v, vi, err := l.NewVector(g, VectorOptions{N: 8, Workers: 2, Observation: obs})
		if err != nil {
			t.Fatalf("%s: %v", obs, err)
		}
		if vi.N != 8 || vi.NumActions != 6 || (obs == "none") != (vi.ObservationSize == 0) {
			t.Errorf("%s: shape %+v", obs, vi)
		}
		out := newVectorOutput(vi)
		if err := l.VectorReset(v, []uint64{1, 2, 3, 4, 5, 6, 7, 8}, out); err != nil {
			t.Fatal(err)
		}
		actions := make([]int32, vi.N)
		allocs := testing.AllocsPerRun(300, func() {
			firstLegal(out, vi.NumActions, actions)
			if err := l.VectorStep(v, actions, out); err != nil {
				t.Fatal(err)
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations a step, want 0", obs, allocs)
		}
		if err := l.Free(v); err != nil {
			t.Fatal(err)
		}
		if err := l.VectorStep(v, actions, out); CodeOf(err) != BadHandle {
			t.Errorf("%s: step after Free: %v, want a BadHandle error", obs, err)
		}
	}
	v, vi, err := l.NewVector(g, VectorOptions{N: 2})
	if err != nil {
		t.Fatal(err)
	}
	out := newVectorOutput(vi)
	if err := l.VectorReset(v, nil, out); err != nil {
		t.Fatal(err)
	}
	err = l.VectorStep(v, []int32{0, 7}, out)
	if CodeOf(err) != Illegal || !errors.Is(err, catalog.ErrIllegal) || !strings.Contains(err.Error(), "game 1: action 7") {
		t.Errorf("illegal action: %v (code %d)", err, CodeOf(err))
	}
	for _, tc := range []struct {
		o    VectorOptions
		code Code
	}{
		{VectorOptions{N: 0}, BadArgument},
		{VectorOptions{N: 2, Workers: -1}, BadArgument},
		{VectorOptions{N: 2, Observation: "pixels"}, Failed},
	} {
		if _, _, err := l.NewVector(g, tc.o); CodeOf(err) != tc.code {
			t.Errorf("NewVector(%+v): %v, want code %d", tc.o, err, tc.code)
		}
	}
	if _, _, err := l.NewVector(v, VectorOptions{N: 2}); CodeOf(err) != BadHandle {
		t.Errorf("NewVector of a vector's handle: %v, want BadHandle", err)
	}
	if err := l.Free(v); err != nil {
		t.Fatal(err)
	}
	if n := l.Len(); n != 1 {
		t.Errorf("%d handles left, want 1 (the game)", n)
	}
}
