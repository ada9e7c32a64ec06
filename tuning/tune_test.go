package tuning_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/tuning"
)

func TestTuneSettings(t *testing.T) {
	g := catalog.Colony(colony.Default())
	hand, err := g.Weights("hand")
	if err != nil {
		t.Fatal(err)
	}
	cfg := tuning.TuneConfig{Method: tuning.MethodTexel, Start: hand, Seed: 1, Iterations: 200, Positions: "sp/positions.txt",
		HeldOut: 0.1, L2: 0.0001, Player: "ab:depth=1", Pairs: 1, C: 0.5, A: -1, Alpha: 0.602, Gamma: 0.101}
	tests := []struct {
		method string
		want   string
	}{
		{tuning.MethodTexel, "game=colony method=texel seed=1 start=629fe60853317ddd positions=sp/positions.txt held-out=0.1 l2=0.0001"},
		{tuning.MethodSPSA, "game=colony method=spsa seed=1 start=629fe60853317ddd iterations=200 player=ab:depth=1 pairs=1 c=0.5 r=0 A=-1 alpha=0.602 gamma=0.101"},
	}
	for _, tc := range tests {
		cfg.Method = tc.method
		if got := cfg.Settings(g); got != tc.want {
			t.Errorf("%s settings:\n%s\nwant\n%s", tc.method, got, tc.want)
		}
	}
	cfg.Dir = "out"
	if cfg.CheckpointFile() != filepath.Join("out", "checkpoint.json") || cfg.WeightsFile() != filepath.Join("out", "weights.json") ||
		cfg.VerifyFile() != filepath.Join("out", "verify.jsonl") {
		t.Errorf("files %s %s %s", cfg.CheckpointFile(), cfg.WeightsFile(), cfg.VerifyFile())
	}
}

func TestCheckpointRoundTrip(t *testing.T) {
	name := filepath.Join(t.TempDir(), "checkpoint.json")
	ck := &tuning.Checkpoint{Method: tuning.MethodSPSA, Settings: "s", Iteration: 3, Weights: []float64{1, 0.5},
		History: [][]float64{{1, 0}, {1, 0.5}}, SPSA: []byte(`{"k":3}`)}
	if err := tuning.WriteCheckpoint(name, ck); err != nil {
		t.Fatal(err)
	}
	data, _ := os.ReadFile(name)
	if !strings.HasPrefix(string(data), "{\n  \"method\": \"spsa\",\n") || !strings.HasSuffix(string(data), "}\n") {
		t.Errorf("checkpoint file:\n%s", data)
	}
	if _, err := os.Stat(name + ".tmp"); err == nil {
		t.Error("the temporary file is left")
	}
	back, err := tuning.ReadCheckpoint(name)
	var compact bytes.Buffer
	if err == nil {
		err = json.Compact(&compact, back.SPSA) // indented in the file
		back.SPSA = compact.Bytes()
	}
	if err != nil || !reflect.DeepEqual(back, ck) {
		t.Errorf("read back %+v, %v", back, err)
	}
	os.WriteFile(name, []byte("{"), 0o644)
	if _, err := tuning.ReadCheckpoint(name); err == nil || !strings.HasPrefix(err.Error(), name+": ") {
		t.Errorf("a bad checkpoint: %v", err)
	}
}

// recordHooks returns hooks that record what they are given.
func recordHooks(starts *[]string, steps *[]int, finished *int) tuning.TuneHooks {
	return tuning.TuneHooks{
		Start:  func(d string) { *starts = append(*starts, d) },
		Step:   func(step int, _ string) { *steps = append(*steps, step) },
		Finish: func() { *finished++ },
	}
}

func checkPNG(t *testing.T, name string) {
	t.Helper()
	data, err := os.ReadFile(name)
	if err == nil {
		_, err = png.Decode(bytes.NewReader(data))
	}
	if err != nil {
		t.Errorf("%s: %v", name, err)
	}
}

func TestTexelTuner(t *testing.T) {
	g := openTunable(t, "kalah")
	dir := t.TempDir()
	posFile := filepath.Join(dir, "positions.txt")
	if _, err := tuning.WritePositions(g, selfplayFile(t, g, dir, 10), posFile); err != nil {
		t.Fatal(err)
	}
	positions, err := tuning.ReadPositions(g, posFile)
	if err != nil {
		t.Fatal(err)
	}
	hand, _ := g.Weights("hand")
	cfg := &tuning.TuneConfig{Method: tuning.MethodTexel, Start: hand, Dir: dir, Seed: 1, Iterations: 2, HeldOut: 0.2, L2: 0.0001}

	// One game cannot be split.
	var one []tuning.Position
	for _, p := range positions {
		if p.Game == positions[0].Game {
			one = append(one, p)
		}
	}
	if _, err := tuning.NewTexelTuner(g, cfg, one); err == nil || err.Error() != "1 games cannot be split into training and held-out games" {
		t.Errorf("one game: %v", err)
	}

	tuner, err := tuning.NewTexelTuner(g, cfg, positions)
	if err != nil {
		t.Fatal(err)
	}
	var starts []string
	var steps []int
	finished := 0
	res, err := tuner.Run(context.Background(), recordHooks(&starts, &steps, &finished))
	if err != nil {
		t.Fatal(err)
	}
	if len(starts) != 1 || !strings.HasPrefix(starts[0], "texel on ") || len(steps) == 0 || steps[len(steps)-1] > 2 || finished != 1 {
		t.Errorf("hooks: %q, steps %v, finished %d", starts, steps, finished)
	}
	if res.TrainSize+res.TestSize != len(positions) || res.TestSize == 0 || res.Weights[0] != hand[0] || !(res.TrainAfter <= res.TrainBefore) {
		t.Errorf("result %+v", res)
	}
	checkPNG(t, filepath.Join(dir, "loss.png"))
	ck, err := tuning.ReadCheckpoint(cfg.CheckpointFile())
	if err != nil || ck.Method != tuning.MethodTexel || ck.Settings != cfg.Settings(g) || ck.Iteration != steps[len(steps)-1] ||
		len(ck.History) != ck.Iteration+1 || !reflect.DeepEqual(ck.Weights, res.Weights) {
		t.Fatalf("checkpoint %+v, %v", ck, err)
	}

	// Resumed with more iterations, it goes on from the checkpoint.
	more := *cfg
	more.Iterations = 4
	tuner, _ = tuning.NewTexelTuner(g, &more, positions)
	if err := tuner.Resume(ck); err != nil {
		t.Fatal(err)
	}
	steps = nil
	if _, err := tuner.Run(context.Background(), recordHooks(&starts, &steps, &finished)); err != nil {
		t.Fatal(err)
	}
	if len(steps) > 0 && steps[0] != ck.Iteration+1 {
		t.Errorf("resumed steps %v after %d", steps, ck.Iteration)
	}
	if err := tuner.Resume(&tuning.Checkpoint{Weights: []float64{1}}); err == nil {
		t.Error("a checkpoint of another feature set resumed")
	}

	// Cancelled, it returns the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	cancelled := *cfg
	cancelled.Dir = t.TempDir()
	tuner, _ = tuning.NewTexelTuner(g, &cancelled, positions)
	if _, err := tuner.Run(ctx, tuning.TuneHooks{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: %v", err)
	}
}

func TestSPSATuner(t *testing.T) {
	g := openTunable(t, "kalah")
	hand, _ := g.Weights("hand")
	cfg := &tuning.TuneConfig{Method: tuning.MethodSPSA, Start: hand, Dir: t.TempDir(), Seed: 1, Iterations: 2, Concurrency: 1,
		Player: "ab:depth=1", Pairs: 1, C: 0.5, A: -1, Alpha: 0.602, Gamma: 0.101}
	tuner, err := tuning.NewSPSATuner(g, cfg)
	if err != nil {
		t.Fatal(err)
	}
	var starts []string
	var steps []int
	finished := 0
	tuned, err := tuner.Run(context.Background(), recordHooks(&starts, &steps, &finished))
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"spsa, 2 iterations of 1 pairs of ab:depth=1 games"}; !reflect.DeepEqual(starts, want) ||
		!reflect.DeepEqual(steps, []int{1, 2}) || finished != 1 {
		t.Errorf("hooks: %q, steps %v, finished %d", starts, steps, finished)
	}
	if len(tuned) != len(hand) || tuned[0] != hand[0] {
		t.Errorf("tuned %v: store_diff is the anchor", tuned)
	}
	checkPNG(t, filepath.Join(cfg.Dir, "weights.png"))
	ck, err := tuning.ReadCheckpoint(cfg.CheckpointFile())
	if err != nil || ck.Method != tuning.MethodSPSA || ck.Iteration != 2 || len(ck.History) != 3 || len(ck.SPSA) == 0 || !reflect.DeepEqual(ck.Weights, tuned) {
		t.Fatalf("checkpoint %+v, %v", ck, err)
	}

	// A finished run resumed has nothing left to play.
	tuner, _ = tuning.NewSPSATuner(g, cfg)
	if err := tuner.Resume(ck); err != nil {
		t.Fatal(err)
	}
	steps = nil
	if again, err := tuner.Run(context.Background(), recordHooks(&starts, &steps, &finished)); err != nil || len(steps) != 0 || !reflect.DeepEqual(again, tuned) {
		t.Errorf("resumed a finished run: %v, steps %v, %v", again, steps, err)
	}
	if err := tuner.Resume(&tuning.Checkpoint{SPSA: []byte("{")}); err == nil {
		t.Error("a bad SPSA state resumed")
	}

	// Cancelled, it returns the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	tuner, _ = tuning.NewSPSATuner(g, cfg)
	finished = 0
	if _, err := tuner.Run(ctx, recordHooks(&starts, &steps, &finished)); !errors.Is(err, context.Canceled) || finished != 1 {
		t.Errorf("cancelled: %v, finished %d", err, finished)
	}

	// The verification match: tuned against start.
	cfg.VerifyGames, cfg.VerifyPlayer = 2, "ab:depth=1"
	runner, err := tuning.NewVerifyRunner(g, cfg, tuned)
	if err != nil {
		t.Fatal(err)
	}
	mcfg := runner.Settings()
	if mcfg.Games != 2 || mcfg.Players[0].Name != "tuned" || mcfg.Players[1].Spec != "ab:depth=1,eval=@start" {
		t.Errorf("verification config %+v", mcfg)
	}
	if res, err := runner.Run(context.Background()); err != nil || len(res.Games) != 2 {
		t.Errorf("verification: %v", err)
	}
}
