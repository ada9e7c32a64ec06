package tuning_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/colony-ai/colony/tuning"
)

// flag names a setting as the command line does.
func flag(setting string) string { return "--" + setting }

func TestRun(t *testing.T) {
	g := openTunable(t, "kalah")
	hand, _ := g.Weights("hand")
	posDir := t.TempDir()
	positions := filepath.Join(posDir, "positions.txt")
	if _, err := tuning.WritePositions(g, selfplayFile(t, g, posDir, 10), positions); err != nil {
		t.Fatal(err)
	}
	texel := tuning.TuneConfig{Method: tuning.MethodTexel, Start: hand, Seed: 1, Iterations: 2, Concurrency: 1,
		Positions: positions, HeldOut: 0.2, L2: 0.0001, Player: "ab:depth=1", Pairs: 1,
		C: 0.5, A: -1, Alpha: 0.602, Gamma: 0.101, VerifyPlayer: "ab:depth=1"}
	spsa := texel
	spsa.Method = tuning.MethodSPSA
	cancelled, cancel := context.WithCancel(context.Background())
	cancel()
	tests := []struct {
		name   string
		cfg    func(*tuning.TuneConfig) // changes texel
		ctx    context.Context
		resume bool
		// checkpoint, if true, writes a checkpoint of another run first.
		checkpoint bool
		// want is the error ("" for none); input says it is an *InputError.
		want  string
		input bool
		// report is what the report must begin with.
		report string
		// before says the error comes before the run makes its directory.
		before bool
	}{
		{name: "texel", report: "loss (held out, "},
		{name: "spsa", cfg: func(c *tuning.TuneConfig) { *c = spsa }, report: "weights: "},
		{name: "bad method", cfg: func(c *tuning.TuneConfig) { c.Method = "x" },
			want: `--method: "x": want texel or spsa`, input: true},
		{name: "bad iterations", cfg: func(c *tuning.TuneConfig) { c.Iterations = -1 },
			want: "--iterations must be at least 1, got -1", input: true},
		{name: "player without eval", cfg: func(c *tuning.TuneConfig) { c.Player = "random" },
			want: `player "random" does not use an evaluation`, input: true},
		{name: "no positions", cfg: func(c *tuning.TuneConfig) { c.Positions = filepath.Join(posDir, "none.txt") },
			want: "(make them with 'colony selfplay')", input: true},
		{name: "checkpoint of another run", checkpoint: true,
			want: "checkpoint.json exists: give --resume to continue that run, or another --out", input: true},
		{name: "resume another run", checkpoint: true, resume: true, want: "--resume: ", input: true},
		{name: "resume without checkpoint", resume: true, want: "--resume: ", input: true},
		{name: "verify player that cannot be built", cfg: func(c *tuning.TuneConfig) { c.VerifyGames, c.VerifyPlayer = 2, "ab:depth=99" },
			want: `--verify-player: player 1 (tuned): player "ab:depth=99,eval=@tuned": depth="99": want a whole number from 1 to 64`, input: true, before: true},
		{name: "verify player unused", cfg: func(c *tuning.TuneConfig) { c.VerifyGames, c.VerifyPlayer = 0, "ab:depth=99" },
			report: "loss (held out, "},
		{name: "spsa player that cannot be built", cfg: func(c *tuning.TuneConfig) { *c = spsa; c.Player = "mcts:sims=0" },
			want: `--spsa-player: player 1 (plus): player "mcts:sims=0,eval=@plus`, input: true, before: true},
		{name: "interrupted texel", ctx: cancelled, want: "interrupted; continue with the same command and --resume"},
		{name: "interrupted spsa", cfg: func(c *tuning.TuneConfig) { *c = spsa }, ctx: cancelled,
			want: "interrupted; continue with the same command and --resume"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := texel
			if tt.cfg != nil {
				tt.cfg(&cfg)
			}
			cfg.Dir = filepath.Join(t.TempDir(), "tune")
			if tt.checkpoint {
				if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := tuning.WriteCheckpoint(cfg.CheckpointFile(), &tuning.Checkpoint{Settings: "another"}); err != nil {
					t.Fatal(err)
				}
			}
			ctx := tt.ctx
			if ctx == nil {
				ctx = context.Background()
			}
			var out strings.Builder
			tuned, err := tuning.Run(ctx, g, &cfg, tuning.RunOptions{Resume: tt.resume, Name: flag, Out: &out})
			var inputErr *tuning.InputError
			switch {
			case tt.want == "" && err != nil:
				t.Fatalf("error %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Fatalf("error %v, want %q", err, tt.want)
			case err != nil && errors.As(err, &inputErr) != tt.input:
				t.Errorf("error %v: an input error %v, want %v", err, !tt.input, tt.input)
			case err != nil && tt.ctx != nil && !errors.Is(err, context.Canceled):
				t.Errorf("error %v does not wrap the context's", err)
			}
			if err != nil {
				if tuned != nil || out.Len() != 0 {
					t.Errorf("failed run: weights %v, report %q", tuned, out.String())
				}
				if _, statErr := os.Stat(cfg.Dir); tt.before && statErr == nil {
					t.Errorf("%s was made: the run began before its input was refused", cfg.Dir)
				}
				return
			}
			if !strings.HasPrefix(out.String(), tt.report) || !strings.Contains(out.String(), "weights: "+cfg.WeightsFile()+"\n") ||
				!strings.Contains(out.String(), "store_diff") {
				t.Errorf("report %q", out.String())
			}
			written, err := g.Weights(cfg.WeightsFile())
			if err != nil || !reflect.DeepEqual(written, tuned) || tuned[0] != hand[0] {
				t.Errorf("weights file %v (%v), tuned %v", written, err, tuned)
			}
		})
	}
}

func TestRunReportError(t *testing.T) {
	g := openTunable(t, "kalah")
	hand, _ := g.Weights("hand")
	cfg := tuning.TuneConfig{Method: tuning.MethodSPSA, Start: hand, Dir: t.TempDir(), Seed: 1, Iterations: 1, Concurrency: 1,
		HeldOut: 0.1, Player: "ab:depth=1", Pairs: 1, C: 0.5, A: -1, Alpha: 0.602, Gamma: 0.101, VerifyPlayer: "ab:depth=1"}
	_, err := tuning.Run(context.Background(), g, &cfg, tuning.RunOptions{Out: failingWriter{}})
	var reportErr *tuning.ReportError
	if !errors.As(err, &reportErr) || reportErr.Err != errWrite {
		t.Errorf("error %v, want a *ReportError of the writing", err)
	}
}

var errWrite = errors.New("write failed")

// failingWriter fails every write.
type failingWriter struct{}

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }
