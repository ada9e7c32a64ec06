package native

import (
	"sync"

	"github.com/colony-ai/colony/catalog"
)

// vectorObject is a vector environment's handle: N games of one rule set stepped
// together (catalog.Batch), the lock that serialises its use, and the output buffers
// of the call in progress (kept here so that a step allocates nothing).
type vectorObject struct {
	mu     sync.Mutex
	b      catalog.Batch
	out    catalog.BatchOutput
	closed bool
}

// free stops the batch's workers; Free calls it.
func (v *vectorObject) free() error {
	v.mu.Lock()
	defer v.mu.Unlock()
	if !v.closed {
		v.closed = true
		v.b.Close()
	}
	return nil
}

// VectorOptions are the settings of NewVector (catalog.BatchOptions).
type VectorOptions = catalog.BatchOptions

// VectorInfo is the shape of a vector environment's arrays.
type VectorInfo struct {
	// N is the number of games; NumActions the width of a mask; ObservationSize
	// the values of one game's observation (0 for none).
	N, NumActions, ObservationSize int
}

// NewVector makes a vector environment of the game of handle g: o.N games stepped
// together on o.Workers goroutines (catalog.Batch), and returns its handle and the
// shape of its arrays.
func (l *Library) NewVector(g int64, o VectorOptions) (int64, VectorInfo, error) {
	obj, err := get[*gameObject](l, g, "game")
	if err != nil {
		return 0, VectorInfo{}, err
	}
	if o.N < 1 || o.N > 1<<24 || o.Workers < 0 || o.Workers > 1024 || o.MaxSteps < 0 || o.Opening < 0 {
		return 0, VectorInfo{}, errorf(BadArgument, "vector of %s: %d games, %d workers, %d max steps, %d opening decisions: out of range",
			obj.sg.Name(), o.N, o.Workers, o.MaxSteps, o.Opening)
	}
	b, err := catalog.NewBatch(obj.rs, o)
	if err != nil {
		return 0, VectorInfo{}, failed(err)
	}
	info := VectorInfo{N: b.Len(), NumActions: b.NumActions(), ObservationSize: b.ObservationSize()}
	return l.add(&vectorObject{b: b}), info, nil
}

// VectorReset starts a new episode in every game of the vector of handle h and
// writes out (see catalog.Batch's Reset: seeds nil keeps the games' seeds).
func (l *Library) VectorReset(h int64, seeds []uint64, out *catalog.BatchOutput) error {
	return l.withVector(h, out, func(v *vectorObject) error { return v.b.Reset(seeds, &v.out) })
}

// VectorStep plays actions[i] in game i of the vector of handle h and writes out,
// starting again the games whose episodes end (see catalog.Batch's Step). An
// illegal action is an Illegal error, and then no game is stepped.
func (l *Library) VectorStep(h int64, actions []int32, out *catalog.BatchOutput) error {
	return l.withVector(h, out, func(v *vectorObject) error { return v.b.Step(actions, &v.out) })
}

// withVector runs f on the vector of handle h, under its lock, with its output
// buffers set to out's.
func (l *Library) withVector(h int64, out *catalog.BatchOutput, f func(v *vectorObject) error) error {
	v, err := get[*vectorObject](l, h, "vector")
	if err != nil {
		return err
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.closed {
		return errorf(BadHandle, "handle %d: vector closed", h)
	}
	v.out = *out
	err = f(v)
	v.out = catalog.BatchOutput{}
	return failed(err)
}
