package catalog

import (
	"hash"
	"hash/fnv"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
)

// batchGames are the rule sets the batch tests step.
var batchGames = []string{"colony", "kalah:6x4,capture=nonempty", "oware:quiet=off", "martian", "egyptian"}

// newBatchOutput returns buffers for b.
func newBatchOutput(b Batch, final bool) *BatchOutput {
	n := b.Len()
	out := &BatchOutput{
		Observations: make([]float32, n*b.ObservationSize()),
		Masks:        make([]uint8, n*b.NumActions()),
		Rewards:      make([]float32, n),
		Terminations: make([]uint8, n),
		Truncations:  make([]uint8, n),
		ToMove:       make([]int8, n),
	}
	if final {
		out.FinalObservations = make([]float32, n*b.ObservationSize())
	}
	return out
}

// pickActions writes to actions a uniformly random legal action of every game of
// out, drawn from that game's own rng.
func pickActions(out *BatchOutput, na int, rngs []*rand.Rand, actions []int32) {
	for i := range actions {
		mask := out.Masks[i*na : (i+1)*na]
		n := 0
		for _, m := range mask {
			n += int(m)
		}
		k := rngs[i].IntN(n)
		for a, m := range mask {
			if m != 0 {
				if k == 0 {
					actions[i] = int32(a)
					break
				}
				k--
			}
		}
	}
}

// trajectories steps a batch of the games seeded seeds with workers goroutines for
// steps calls, actions drawn from each game's rng, and returns a hash of each game's
// course: its observations, masks, rewards, endings and players to move.
func trajectories(t *testing.T, name string, o BatchOptions, seeds []uint64, steps int) []uint64 {
	t.Helper()
	r, err := Open(name)
	if err != nil {
		t.Fatal(err)
	}
	o.N = len(seeds)
	b, err := NewBatch(r, o)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out := newBatchOutput(b, true)
	if err := b.Reset(seeds, out); err != nil {
		t.Fatal(err)
	}
	rngs := make([]*rand.Rand, len(seeds))
	hashes := make([]fnvState, len(seeds))
	for i, s := range seeds {
		rngs[i] = rand.New(rand.NewPCG(s, 99))
		hashes[i] = fnvState{fnv.New64a()}
	}
	actions := make([]int32, len(seeds))
	na, no := b.NumActions(), b.ObservationSize()
	record := func() {
		for i := range seeds {
			h := hashes[i]
			for _, v := range out.Observations[i*no : (i+1)*no] {
				h.byte(byte(v))
			}
			h.Write(out.Masks[i*na : (i+1)*na])
			h.byte(byte(int8(out.Rewards[i])))
			h.byte(out.Terminations[i])
			h.byte(out.Truncations[i])
			h.byte(byte(out.ToMove[i]))
			if out.Terminations[i]|out.Truncations[i] != 0 {
				for _, v := range out.FinalObservations[i*no : (i+1)*no] {
					h.byte(byte(v))
				}
			}
		}
	}
	record()
	for range steps {
		pickActions(out, na, rngs, actions)
		if err := b.Step(actions, out); err != nil {
			t.Fatal(err)
		}
		record()
	}
	sums := make([]uint64, len(seeds))
	for i, h := range hashes {
		sums[i] = h.Sum64()
	}
	return sums
}

// fnvState is a 64-bit FNV hash with a byte writer.
type fnvState struct{ hash.Hash64 }

func (h fnvState) byte(b byte) { h.Write([]byte{b}) }

// TestBatchDeterminism checks that a game's course depends only on its seed and
// actions: the same for any number of games and workers, and different seeds give
// different openings.
func TestBatchDeterminism(t *testing.T) {
	seeds := []uint64{11, 12, 13, 14, 15, 16, 17}
	for _, name := range batchGames {
		t.Run(name, func(t *testing.T) {
			o := BatchOptions{Opening: 4, MaxSteps: 150}
			want := make([]uint64, len(seeds))
			for i, s := range seeds {
				want[i] = trajectories(t, name, o, []uint64{s}, 400)[0]
			}
			for _, workers := range []int{1, 2, 3, 16} {
				o.Workers = workers
				if got := trajectories(t, name, o, seeds, 400); !slices.Equal(got, want) {
					t.Errorf("%d workers: courses %x, want %x (one game a batch)", workers, got, want)
				}
			}
			if slices.Index(want[1:], want[0]) >= 0 {
				t.Errorf("two seeds gave the same course: %x", want)
			}
		})
	}
}

// TestBatchAgainstRules steps a batch with random actions beside the same games
// played through the game's rules, and checks every mask, reward, ending, player to
// move, observation and autoreset.
func TestBatchAgainstRules(t *testing.T) {
	for _, name := range batchGames {
		t.Run(name, func(t *testing.T) {
			r, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			r.(interface{ typedCheck(*testing.T) }).typedCheck(t)
		})
	}
}

// typedCheck runs againstRules on x's game.
func (x *generic[S]) typedCheck(t *testing.T) {
	for _, obs := range []string{ObserveCompact, ObserveNet} {
		t.Run(obs, func(t *testing.T) { againstRules(t, x.g, obs) })
	}
}

// againstRules is the check of TestBatchAgainstRules on g.
func againstRules[S any](t *testing.T, g game.Game[S], obs string) {
	const n, steps, maxSteps = 5, 600, 120
	b, err := newTypedBatch(g, viewOf(g), BatchOptions{N: n, Workers: 2, Observation: obs, MaxSteps: maxSteps})
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	out := newBatchOutput(b, true)
	if err := b.Reset(nil, out); err != nil {
		t.Fatal(err)
	}
	enc := game.PartOf[game.Encoder[S]](g)
	observer := game.PartOf[game.Observer[S]](g)
	states := make([]S, n)
	played := make([]int, n)
	for i := range states {
		states[i] = g.Start()
	}
	rng := rand.New(rand.NewPCG(1, 2))
	actions := make([]int32, n)
	na, no := b.NumActions(), b.ObservationSize()
	var buf game.ActionBuffer
	wantObs := func(s *S) []float32 {
		v := make([]float32, no)
		if obs == ObserveCompact {
			observer.Observe(s, g.ToMove(s), v)
			return v
		}
		for _, k := range enc.Encode(s, g.ToMove(s), nil) {
			v[k] = 1
		}
		return v
	}
	ended := 0
	for step := 0; step <= steps; step++ {
		for i := range states {
			s := &states[i]
			mask := make([]uint8, na)
			for _, a := range g.LegalActions(s, &buf) {
				mask[a] = 1
			}
			if !slices.Equal(out.Masks[i*na:(i+1)*na], mask) {
				t.Fatalf("step %d, game %d: mask %v, want %v in %s", step, i, out.Masks[i*na:(i+1)*na], mask, g.FormatPosition(s))
			}
			if got := out.ToMove[i]; int(got) != g.ToMove(s) {
				t.Fatalf("step %d, game %d: to move %d, want %d", step, i, got, g.ToMove(s))
			}
			if !slices.Equal(out.Observations[i*no:(i+1)*no], wantObs(s)) {
				t.Fatalf("step %d, game %d: observation differs from the encoding", step, i)
			}
			legal := g.LegalActions(s, &buf)
			actions[i] = int32(legal[rng.IntN(len(legal))])
		}
		if step == steps {
			break
		}
		if err := b.Step(actions, out); err != nil {
			t.Fatal(err)
		}
		for i := range states {
			s := &states[i]
			actor := g.ToMove(s)
			g.Apply(s, game.Action(actions[i]))
			played[i]++
			var reward float32
			term, trunc := g.Terminal(s), false
			if term {
				if w, _ := g.Result(s); w >= 0 {
					reward = -1
					if w == actor {
						reward = 1
					}
				}
			} else {
				trunc = played[i] == maxSteps
			}
			if out.Rewards[i] != reward || (out.Terminations[i] == 1) != term || (out.Truncations[i] == 1) != trunc {
				t.Fatalf("step %d, game %d: reward %v, terminated %d, truncated %d; want %v, %v, %v",
					step, i, out.Rewards[i], out.Terminations[i], out.Truncations[i], reward, term, trunc)
			}
			if term || trunc {
				if !slices.Equal(out.FinalObservations[i*no:(i+1)*no], wantObs(s)) {
					t.Fatalf("step %d, game %d: final observation differs", step, i)
				}
				states[i], played[i] = g.Start(), 0
				ended++
			}
		}
	}
	if ended == 0 {
		t.Errorf("no episode ended in %d steps of %d games", steps, n)
	}
}

// TestBatchAllocs checks that stepping allocates nothing, on one goroutine and on
// several.
func TestBatchAllocs(t *testing.T) {
	for _, name := range []string{"colony", "kalah"} {
		for _, workers := range []int{1, 3} {
			r, err := Open(name)
			if err != nil {
				t.Fatal(err)
			}
			b, err := NewBatch(r, BatchOptions{N: 16, Workers: workers, Observation: []string{ObserveNet, ObserveCompact}[workers%2], Opening: 2})
			if err != nil {
				t.Fatal(err)
			}
			out := newBatchOutput(b, true)
			if err := b.Reset([]uint64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, out); err != nil {
				t.Fatal(err)
			}
			rngs := make([]*rand.Rand, b.Len())
			for i := range rngs {
				rngs[i] = rand.New(rand.NewPCG(uint64(i), 0))
			}
			actions := make([]int32, b.Len())
			allocs := testing.AllocsPerRun(500, func() {
				pickActions(out, b.NumActions(), rngs, actions)
				if err := b.Step(actions, out); err != nil {
					t.Fatal(err)
				}
			})
			if allocs != 0 {
				t.Errorf("%s, %d workers: %v allocations a step, want 0", name, workers, allocs)
			}
			if allocs := testing.AllocsPerRun(20, func() { _ = b.Reset(nil, out) }); allocs != 0 {
				t.Errorf("%s, %d workers: %v allocations a reset, want 0", name, workers, allocs)
			}
			b.Close()
		}
	}
}

// TestBatchErrors checks the errors of bad calls, and that an illegal action steps
// no game.
func TestBatchErrors(t *testing.T) {
	r, err := Open("kalah")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		o    BatchOptions
		want string
	}{
		{BatchOptions{N: 0}, "0 games"},
		{BatchOptions{N: 2, Workers: -1}, "negative"},
		{BatchOptions{N: 2, Observation: "pixels"}, `unknown observation "pixels"`},
	} {
		if _, err := NewBatch(r, tc.o); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("NewBatch(%+v): error %v, want one containing %q", tc.o, err, tc.want)
		}
	}
	b, err := NewBatch(r, BatchOptions{N: 3, Workers: 2, Observation: ObserveNet})
	if err != nil {
		t.Fatal(err)
	}
	out := newBatchOutput(b, false)
	if err := b.Reset(nil, out); err != nil {
		t.Fatal(err)
	}
	before := slices.Clone(out.Masks)
	for _, tc := range []struct {
		actions []int32
		out     *BatchOutput
		want    string
	}{
		{[]int32{0, 0}, out, "2 actions for 3 games"},
		{[]int32{0, 1, 300}, out, "game 2: action 300: not a legal decision"},
		{[]int32{0, 1, -1}, out, "game 2: action -1: not a legal decision"},
		{[]int32{0, 1, 2}, &BatchOutput{Observations: out.Observations}, "masks hold 0 values"},
		{[]int32{0, 1, 2}, &BatchOutput{Observations: out.Observations, Masks: make([]uint8, len(out.Masks)+1)}, "masks hold 19 values, 3 games need 18"},
	} {
		if err := b.Step(tc.actions, tc.out); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Step(%v): error %v, want one containing %q", tc.actions, err, tc.want)
		}
	}
	if err := b.Step([]int32{0, 1, 2}, out); err != nil {
		t.Fatal(err)
	}
	if slices.Equal(out.Masks, before) {
		t.Error("a legal step changed no mask")
	}
	if err := b.Reset([]uint64{1}, out); err == nil || !strings.Contains(err.Error(), "1 seeds for 3 games") {
		t.Errorf("Reset with one seed: error %v", err)
	}
	b.Close()
	b.Close()
	if err := b.Step([]int32{0, 1, 2}, out); err == nil || !strings.Contains(err.Error(), "after Close") {
		t.Errorf("Step after Close: error %v", err)
	}
}

// BenchmarkBatchStep times one Step of 1024 games on one goroutine, the actions the
// first legal one of each game (found in the masks): the native side of the Python
// vector environment's step, per game (ns/op is a step of all 1024 games).
func BenchmarkBatchStep(b *testing.B) {
	for _, name := range []string{"kalah", "colony"} {
		for _, obs := range []string{ObserveCompact, ObserveNet, ObserveNone} {
			b.Run(name+"/"+obs, func(b *testing.B) {
				r, err := Open(name)
				if err != nil {
					b.Fatal(err)
				}
				batch, err := NewBatch(r, BatchOptions{N: 1024, Observation: obs})
				if err != nil {
					b.Skip(err)
				}
				defer batch.Close()
				out := newBatchOutput(batch, false)
				if err := batch.Reset(nil, out); err != nil {
					b.Fatal(err)
				}
				actions := make([]int32, batch.Len())
				na := batch.NumActions()
				b.ReportAllocs()
				for b.Loop() {
					for i := range actions {
						actions[i] = int32(slices.Index(out.Masks[i*na:(i+1)*na], 1))
					}
					if err := batch.Step(actions, out); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*batch.Len()), "ns/game-step")
			})
		}
	}
}
