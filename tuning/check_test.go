package tuning_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/tuning"
)

// validConfig returns the settings of a run that Prepare accepts.
func validConfig(method string) tuning.TuneConfig {
	return tuning.TuneConfig{Method: method, Seed: 1, Concurrency: 1, Positions: "p.txt", HeldOut: 0.1, L2: 0.0001,
		Player: "ab:depth=1", Pairs: 4, C: 0.5, A: -1, Alpha: 0.602, Gamma: 0.101, VerifyPlayer: "ab:depth=2", VerifyGames: 10}
}

func TestPrepare(t *testing.T) {
	flag := func(s string) string { return "--" + s }
	tests := []struct {
		name   string
		change func(*tuning.TuneConfig)
		naming tuning.SettingName
		want   string // "" for no error
	}{
		{"texel", func(*tuning.TuneConfig) {}, nil, ""},
		{"spsa", func(c *tuning.TuneConfig) { c.Method = tuning.MethodSPSA }, nil, ""},
		{"method", func(c *tuning.TuneConfig) { c.Method = "newton" }, flag, `--method: "newton": want texel or spsa`},
		{"iterations", func(c *tuning.TuneConfig) { c.Iterations = -3 }, nil, "iterations must be at least 1, got -3"},
		{"held-out", func(c *tuning.TuneConfig) { c.HeldOut = 1.5 }, flag, "--held-out must be between 0 and 1, got 1.5"},
		{"l2", func(c *tuning.TuneConfig) { c.L2 = -1 }, flag, "--l2 must be 0 or more, got -1"},
		{"pairs", func(c *tuning.TuneConfig) { c.Pairs = 0 }, flag, "--pairs must be at least 1, got 0"},
		{"verify-games", func(c *tuning.TuneConfig) { c.VerifyGames = 3 }, flag, "--verify-games must be an even number of 0 or more, got 3"},
		{"concurrency", func(c *tuning.TuneConfig) { c.Concurrency = 0 }, flag, "--concurrency must be at least 1, got 0"},
		{"gamma", func(c *tuning.TuneConfig) { c.Gamma = 0 }, flag, "--c, --alpha and --gamma must be positive, --r 0 or more"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := validConfig(tuning.MethodTexel)
			tt.change(&cfg)
			err := cfg.Prepare(tt.naming)
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("Prepare: %v", err)
			case tt.want != "" && (err == nil || err.Error() != tt.want):
				t.Fatalf("Prepare = %v, want %q", err, tt.want)
			case tt.want == "" && cfg.Iterations != tuning.DefaultIterations(cfg.Method):
				t.Errorf("iterations %d, want the default %d", cfg.Iterations, tuning.DefaultIterations(cfg.Method))
			}
		})
	}
	if tuning.DefaultIterations(tuning.MethodTexel) != 200 || tuning.DefaultIterations(tuning.MethodSPSA) != 150 {
		t.Error("the default iterations changed")
	}
}

func TestCheckPlayers(t *testing.T) {
	tests := []struct{ player, verify, want string }{
		{"ab:depth=1", "ab:depth=2", ""},
		{"random", "ab:depth=2", "does not use an evaluation"},
		{"ab:depth=1", "ab:eval=score", "leave eval out"},
		{"ab:depth", "ab", "depth"},
	}
	for _, tt := range tests {
		cfg := validConfig(tuning.MethodSPSA)
		cfg.Player, cfg.VerifyPlayer = tt.player, tt.verify
		err := cfg.CheckPlayers()
		if (tt.want == "") != (err == nil) || err != nil && !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CheckPlayers(%s, %s) = %v, want %q", tt.player, tt.verify, err, tt.want)
		}
	}
}

// TestOpenCheckpoint: a new run refuses a directory with a checkpoint; a resumed run
// needs one of its own settings.
func TestOpenCheckpoint(t *testing.T) {
	g := catalog.Colony(colony.Default())
	hand, err := g.Weights("hand")
	if err != nil {
		t.Fatal(err)
	}
	cfg := validConfig(tuning.MethodTexel)
	cfg.Dir, cfg.Start = t.TempDir(), hand
	if err := cfg.Prepare(nil); err != nil {
		t.Fatal(err)
	}
	if ck, err := cfg.OpenCheckpoint(g, false, nil); ck != nil || err != nil {
		t.Fatalf("a new run in an empty directory: %v, %v", ck, err)
	}
	if _, err := cfg.OpenCheckpoint(g, true, nil); err == nil || !strings.HasPrefix(err.Error(), "resume: ") {
		t.Errorf("resuming without a checkpoint: %v", err)
	}
	own := &tuning.Checkpoint{Method: cfg.Method, Settings: cfg.Settings(g), Iteration: 3, Weights: hand}
	if err := tuning.WriteCheckpoint(cfg.CheckpointFile(), own); err != nil {
		t.Fatal(err)
	}
	want := cfg.CheckpointFile() + " exists: give --resume to continue that run, or another --out"
	if _, err := cfg.OpenCheckpoint(g, false, func(s string) string { return "--" + s }); err == nil || err.Error() != want {
		t.Errorf("a new run over a checkpoint: %v, want %q", err, want)
	}
	if ck, err := cfg.OpenCheckpoint(g, true, nil); err != nil || ck.Iteration != 3 {
		t.Errorf("resuming its own checkpoint: %+v, %v", ck, err)
	}
	other := cfg
	other.Seed = 2
	if _, err := other.OpenCheckpoint(g, true, nil); err == nil || !strings.Contains(err.Error(), "is of another run") {
		t.Errorf("resuming another run's checkpoint: %v", err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Dir, "checkpoint.json"), []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := cfg.OpenCheckpoint(g, true, nil); err == nil {
		t.Error("resuming from a broken checkpoint")
	}
}
