package nnue

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
)

// colonyHeader returns the header of a network for The Colony's default rule set.
func colonyHeader(g colony.Game, hidden, l2, l3 int) Header {
	e := g.Encoding()
	return Header{Game: "colony", Rules: g.Name(), Encoding: e.Name, Inputs: e.Inputs,
		Hidden: hidden, L2: l2, L3: l3, OutScale: 10}
}

// randomPositions plays seeded random games of g and returns the positions at the
// start of every turn.
func randomPositions[S any](g game.Game[S], games int, seed uint64) []S {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []S
	var buf game.ActionBuffer
	for range games {
		s := g.Start()
		for !g.Terminal(&s) {
			if g.TurnStart(&s) {
				out = append(out, s)
			}
			legal := g.LegalActions(&s, &buf)
			g.Apply(&s, legal[rng.IntN(len(legal))])
		}
	}
	return out
}

func TestLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 100000 {
		a, b := rng.Uint64(), rng.Uint64()
		sum, diff := addLanes(a, b), subLanes(a, b)
		for l := range lanes {
			x, y := int16(a>>(16*l)), int16(b>>(16*l))
			if got := int16(sum >> (16 * l)); got != x+y {
				t.Fatalf("addLanes(%#x, %#x) lane %d = %d, want %d", a, b, l, got, x+y)
			}
			if got := int16(diff >> (16 * l)); got != x-y {
				t.Fatalf("subLanes(%#x, %#x) lane %d = %d, want %d", a, b, l, got, x-y)
			}
		}
	}
}

func TestFileRoundTrip(t *testing.T) {
	g := colony.NewGame(nil)
	n, err := New(colonyHeader(g, 32, 16, 8), 7)
	if err != nil {
		t.Fatal(err)
	}
	n.Trained = map[string]string{"command": "test"}
	data, err := n.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if back.Trained["command"] != "test" || back.Hidden != 32 || back.NumParams() != n.NumParams() {
		t.Fatalf("header not read back: %+v", back.Header)
	}
	for i, p := range n.params() {
		for j, x := range p {
			if float64(float32(x)) != back.params()[i][j] {
				t.Fatalf("weight %d/%d: %v read back as %v", i, j, x, back.params()[i][j])
			}
		}
	}
	// The same network twice gives the same bytes.
	again, _ := back.MarshalBinary()
	if !bytes.Equal(data, again) {
		t.Error("a network read back does not write the same bytes")
	}
	// Damaged or foreign files are refused, saying why.
	flip := func(at int) []byte {
		d := bytes.Clone(data)
		d[at] ^= 1
		return d
	}
	other := *n
	other.Version = 2
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"empty", nil, "not a network file"},
		{"text", []byte("hello\n"), "not a network file"},
		{"truncated", data[:len(data)-100], "damaged"},
		{"a weight flipped", flip(len(data) / 2), "checksum"},
		{"the checksum flipped", flip(len(data) - 1), "checksum"},
		{"one byte more", append(bytes.Clone(data), 0), "damaged"},
	}
	for _, c := range cases {
		_, err := Parse(c.data)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	// Another version of the format.
	v2 := bytes.Replace(data, []byte(`"version":1`), []byte(`"version":2`), 1)
	if _, err := Parse(v2); err == nil || !strings.Contains(err.Error(), "version 2") {
		t.Errorf("version 2: error %v", err)
	}
	// Another game, rule set or encoding.
	targets := []struct {
		t    Target
		want string
	}{
		{Target{Rules: "kalah", Encoding: "kalah-v1", Inputs: 100}, "game colony, not kalah"},
		{Target{Rules: "colony:turncap=300", Encoding: "colony-v1", Inputs: colony.EncodingInputs}, "rule set"},
		{Target{Rules: "colony", Encoding: "colony-v2", Inputs: colony.EncodingInputs}, "encoding"},
		{Target{Rules: "colony", Encoding: "colony-v1", Inputs: colony.EncodingInputs}, ""},
	}
	for _, c := range targets {
		err := back.CheckFor(c.t)
		if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("CheckFor(%+v) = %v, want %q", c.t, err, c.want)
		}
	}
	// Save and Load.
	path := filepath.Join(t.TempDir(), "x.nnue")
	if err := n.Save(path); err != nil {
		t.Fatal(err)
	}
	if _, err := Load(path); err != nil {
		t.Fatal(err)
	}
}

// trainedLike returns a network whose weights are of the size training gives, so
// that its accumulators use the clipped range.
func trainedLike(t testing.TB, g colony.Game, seed uint64) *Network {
	n, err := New(colonyHeader(g, 32, 16, 8), seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 3))
	for i := range n.W1 {
		n.W1[i] = rng.NormFloat64() * 0.15
	}
	return n
}

// TestEvaluator checks the quantised evaluation against the float one, and the
// incremental accumulators against a recomputation, on every position of random
// games, evaluated in the order a search meets them (one after the other, and now
// and then a position from much earlier).
func TestEvaluator(t *testing.T) {
	g := colony.NewGame(nil)
	n := trainedLike(t, g, 5)
	q, err := Quantise(n, g.Encoding().MaxActive)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := NewEvaluator[colony.State](g, g.Name(), q)
	if err != nil {
		t.Fatal(err)
	}
	positions := randomPositions[colony.State](g, 40, 9)
	rng := rand.New(rand.NewPCG(4, 4))
	maxErr, sumErr := 0.0, 0.0
	for i := range positions {
		s := &positions[i]
		if i > 10 && rng.IntN(8) == 0 {
			s = &positions[rng.IntN(i)]
		}
		got := float64(ev.Evaluate(s)) / ValueScale
		if err := ev.Check(s); err != nil {
			t.Fatalf("position %d: %v", i, err)
		}
		want := FloatValue[colony.State](n, g, s, g.ToMove(s))
		d := math.Abs(got - want)
		sumErr += d
		maxErr = max(maxErr, d)
	}
	mean := sumErr / float64(len(positions))
	t.Logf("%d positions: quantised against float: mean error %.4f, largest %.4f points; %+v", len(positions), mean, maxErr, ev.Stats)
	if maxErr > 0.2 || mean > 0.04 {
		t.Errorf("quantised evaluation too far from the float one: mean %.4f, largest %.4f points (tolerance 0.04 and 0.2)", mean, maxErr)
	}
	if ev.Stats.Updates == 0 {
		t.Error("no incremental update")
	}
	// No allocation.
	s := positions[len(positions)/2]
	if a := testing.AllocsPerRun(100, func() { ev.Evaluate(&s) }); a != 0 {
		t.Errorf("Evaluate allocates %v times", a)
	}
	// A fork evaluates the same.
	f := ev.Fork()
	for i := range positions[:50] {
		if a, b := ev.Evaluate(&positions[i]), f.Evaluate(&positions[i]); a != b {
			t.Fatalf("position %d: fork %d, evaluator %d", i, b, a)
		}
	}
}

// colonySamples returns training samples of random Colony games: the target is the
// egg lead of the position (a stand-in for a search's score) and the sign of the
// final lead.
func colonySamples(g colony.Game, games int, seed uint64) []Sample {
	rng := rand.New(rand.NewPCG(seed, 1))
	var out []Sample
	var buf game.ActionBuffer
	for i := range games {
		s := g.Start()
		var trace []colony.State
		for !g.Terminal(&s) {
			if g.TurnStart(&s) {
				trace = append(trace, s)
			}
			legal := g.LegalActions(&s, &buf)
			g.Apply(&s, legal[rng.IntN(len(legal))])
		}
		winner, _ := g.Result(&s)
		for _, p := range trace {
			mover := g.ToMove(&p)
			lead := float64(p.Score(colony.Color(mover)) - p.Score(colony.Color(mover^1)))
			r := 0.0
			if winner == mover {
				r = 1
			}
			out = append(out, Sample{Mover: g.Encode(&p, mover, nil), Other: g.Encode(&p, mover^1, nil),
				Score: lead, Result: r, Group: i})
		}
	}
	return out
}

// TestTrain checks that training lowers the held-out loss on a small data set, that
// the same seed gives the same network whatever the number of threads, and that a
// resumed run ends where an uninterrupted one does.
func TestTrain(t *testing.T) {
	g := colony.NewGame(nil)
	samples := colonySamples(g, 60, 1)
	train, held := SplitGroups(samples, 0.2, 1)
	if len(held) == 0 || len(train) == 0 {
		t.Fatalf("split %d samples into %d and %d", len(samples), len(train), len(held))
	}
	k := FitK(train, 0.3)
	cfg := TrainConfig{Epochs: 4, Batch: 256, LR: 3e-3, Lambda: 0.5, K: k, Seed: 3}
	run := func(threads int, dir string, epochs int, resume bool) (*Network, []EpochReport) {
		n, err := New(colonyHeader(g, 16, 8, 8), 11)
		if err != nil {
			t.Fatal(err)
		}
		c := cfg
		c.Threads, c.Epochs, c.Resume = threads, epochs, resume
		if dir != "" {
			c.Checkpoint = filepath.Join(dir, "ckpt")
		}
		reps, err := Train(context.Background(), n, train, held, c)
		if err != nil {
			t.Fatal(err)
		}
		return n, reps
	}
	n1, reps := run(1, "", 4, false)
	before := Loss(mustNew(t, colonyHeader(g, 16, 8, 8), 11), held, cfg.Lambda, k, 1)
	after := reps[len(reps)-1].HeldOutLoss
	t.Logf("K=%.3f, %d training and %d held-out samples: held-out loss %.5f before, %.5f after", k, len(train), len(held), before, after)
	if !(after < before*0.9) {
		t.Errorf("training did not lower the held-out loss enough: %.5f before, %.5f after", before, after)
	}
	n2, _ := run(2, "", 4, false)
	if !sameWeights(n1, n2) {
		t.Error("one and two threads give different networks")
	}
	dir := t.TempDir()
	run(2, dir, 2, false)
	n3, reps3 := run(1, dir, 4, true)
	if !sameWeights(n1, n3) {
		t.Error("a run resumed after 2 epochs differs from an uninterrupted one")
	}
	if len(reps3) != 4 {
		t.Errorf("resumed run reports %d epochs, want 4", len(reps3))
	}
	// A checkpoint of other settings is refused.
	c := cfg
	c.Checkpoint, c.Resume, c.Lambda = filepath.Join(dir, "ckpt"), true, 0.7
	if _, err := Train(context.Background(), mustNew(t, colonyHeader(g, 16, 8, 8), 11), train, held, c); err == nil || !strings.Contains(err.Error(), "another training") {
		t.Errorf("resume with other settings: %v", err)
	}
}

func mustNew(t testing.TB, h Header, seed uint64) *Network {
	n, err := New(h, seed)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func sameWeights(a, b *Network) bool {
	if a.B4 != b.B4 {
		return false
	}
	for i, p := range a.params() {
		for j, x := range p {
			if b.params()[i][j] != x {
				return false
			}
		}
	}
	return true
}

func TestClampLanes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := range 200000 {
		w := rng.Uint64()
		if i%2 == 0 { // small values, near the bounds
			w = 0
			for l := range lanes {
				w |= uint64(uint16(int16(rng.IntN(600)-300))) << (16 * l)
			}
		}
		got := clampLanes(w)
		for l := range lanes {
			want := min(max(int(int16(w>>(16*l))), 0), actOne)
			if g := int(got >> (16 * l) & 0xffff); g != want {
				t.Fatalf("clampLanes(%#x) lane %d = %d, want %d", w, l, g, want)
			}
		}
	}
}

// TestResumeOtherTraining: a checkpoint of another training is refused with the
// settings that differ, each with the checkpoint's value.
func TestResumeOtherTraining(t *testing.T) {
	g := colony.NewGame(nil)
	train, held := SplitGroups(colonySamples(g, 12, 1), 0.2, 1)
	cfg := TrainConfig{Epochs: 1, Batch: 256, LR: 3e-3, Lambda: 0.5, K: 0.7, Seed: 3, Threads: 1,
		Checkpoint: filepath.Join(t.TempDir(), "ckpt")}
	if _, err := Train(context.Background(), mustNew(t, colonyHeader(g, 16, 8, 8), 11), train, held, cfg); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		change func(c *TrainConfig, hidden *int, train *[]Sample)
		says   []string
	}{
		{"lambda", func(c *TrainConfig, _ *int, _ *[]Sample) { c.Lambda = 0.7 }, []string{"another training: lambda 0.7, the checkpoint's 0.5"}},
		{"two settings", func(c *TrainConfig, _ *int, _ *[]Sample) { c.Batch, c.LRDrop = 128, 0.9 },
			[]string{"batch 128, the checkpoint's 256; lr-drop 0.9, the checkpoint's 1"}},
		{"sizes", func(_ *TrainConfig, hidden *int, _ *[]Sample) { *hidden = 32 }, []string{"hidden 32, the checkpoint's 16"}},
		{"data", func(_ *TrainConfig, _ *int, train *[]Sample) { *train = (*train)[1:] },
			[]string{"training samples " + strconv.Itoa(len(train)-1) + " (digest ", "the checkpoint's " + strconv.Itoa(len(train)) + " (digest "}},
	}
	// A checkpoint of an earlier version, without the settings in words: refused as
	// before.
	old, err := loadCheckpoint(cfg.Checkpoint)
	if err != nil {
		t.Fatal(err)
	}
	old.Settings = nil
	c := cfg
	c.Checkpoint, c.Resume, c.Lambda = cfg.Checkpoint+".old", true, 0.7
	if err := old.save(c.Checkpoint); err != nil {
		t.Fatal(err)
	}
	_, err = Train(context.Background(), mustNew(t, colonyHeader(g, 16, 8, 8), 11), train, held, c)
	if err == nil || !strings.Contains(err.Error(), "another training (other data, sizes or settings)") {
		t.Errorf("resume from an earlier version's checkpoint: %v", err)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, hidden, tr := cfg, 16, train
			c.Resume, c.Epochs = true, 2
			tt.change(&c, &hidden, &tr)
			_, err := Train(context.Background(), mustNew(t, colonyHeader(g, hidden, 8, 8), 11), tr, held, c)
			if err == nil {
				t.Fatal("resumed another training")
			}
			for _, s := range tt.says {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("%v\nwant it to say %q", err, s)
				}
			}
			if strings.Count(err.Error(), "the checkpoint's") != len(strings.Split(tt.says[0], ";")) {
				t.Errorf("%v: names other settings too", err)
			}
		})
	}
}

// TestEvaluatorDelta checks the accumulators updated by a game's reported
// differences (game.DeltaEncoder, The Colony's) after every decision of 200 seeded
// random games, in the game's order and now and then from a position of another
// game: they equal a recomputation, and the values equal those of an evaluator that
// compares the input lists instead, bit for bit.
func TestEvaluatorDelta(t *testing.T) {
	g := colony.NewGame(nil)
	q, err := Quantise(trainedLike(t, g, 7), g.Encoding().MaxActive)
	if err != nil {
		t.Fatal(err)
	}
	ev, err := NewEvaluator[colony.State](g, g.Name(), q)
	if err != nil {
		t.Fatal(err)
	}
	if ev.delta == nil {
		t.Fatal("The Colony's evaluator does not use its DeltaEncoder")
	}
	lists := ev.Fork()
	lists.delta = nil
	var buf game.ActionBuffer
	var others []colony.State
	n := 0
	for i := range 200 {
		rng := rand.New(rand.NewPCG(38, uint64(i)))
		s := g.Start()
		for d := 0; ; d++ {
			x := &s
			if len(others) > 0 && rng.IntN(16) == 0 {
				x = &others[rng.IntN(len(others))]
			}
			got, want := ev.Evaluate(x), lists.Evaluate(x)
			if err := ev.Check(x); err != nil {
				t.Fatalf("game %d, decision %d: %v", i, d, err)
			}
			if got != want {
				t.Fatalf("game %d, decision %d: %d by the reported differences, %d by the lists", i, d, got, want)
			}
			n++
			if rng.IntN(32) == 0 {
				others = append(others, s)
			}
			if g.Terminal(&s) {
				break
			}
			legal := g.LegalActions(&s, &buf)
			g.Apply(&s, legal[rng.IntN(len(legal))])
		}
	}
	t.Logf("%d evaluations: %+v (by the lists: %+v)", n, ev.Stats, lists.Stats)
	// A jump to another game's position refreshes, and so may the return.
	if ev.Stats.Updates < int64(n)*3/4 {
		t.Errorf("%d updates of %d evaluations: want most", ev.Stats.Updates, n)
	}
}
