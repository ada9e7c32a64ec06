package tuning

// Tuning runs: Texel (logistic) tuning on the positions of self-play games and SPSA
// over match results, with their checkpoints, charts and verification match ('colony
// tune').

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/internal/inputfile"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
)

// The tuning methods of TuneConfig.Method.
const (
	// MethodTexel is logistic (Texel-style) tuning on a positions file: TexelTuner.
	MethodTexel = "texel"
	// MethodSPSA is SPSA over match results: SPSATuner.
	MethodSPSA = "spsa"
)

// TuneConfig is the settings of a tuning run of the weights of a game's linear
// evaluation.
type TuneConfig struct {
	// Method is MethodTexel or MethodSPSA.
	Method string
	// Start is the starting weights, in the order of the feature set's features.
	Start []float64
	// Dir is the output directory: the run writes its checkpoint (CheckpointFile)
	// after every step and a chart of its history at the end (loss.png for Texel,
	// weights.png for SPSA).
	Dir string
	// Seed seeds the held-out split, SPSA's perturbations and the games.
	Seed uint64
	// Iterations is the number of steps: L-BFGS iterations for Texel (counting
	// those of the run a checkpoint resumes), SPSA iterations.
	Iterations int
	// Concurrency is the number of games played at once.
	Concurrency int

	// StartFile names the weights file Start was read from ("" when Start is not
	// from a file: the hand-set or default weights); see SetStart.
	StartFile string

	// Positions names Texel's positions file (for the settings: TexelTuner takes
	// the positions read). HeldOut is the share of the games held out to measure the
	// loss, L2 the ridge penalty pulling the weights towards the starting ones.
	Positions string
	HeldOut   float64
	L2        float64

	// Player is the player spec of SPSA's games, without eval (the tuner sets it),
	// and Pairs the pairs of games a step. C is the perturbation size in points
	// (times perturbationScales per feature), R the learning rate (0: chosen
	// by SPSA), A the stability constant (negative: 10% of Iterations), Alpha
	// and Gamma the exponents of the step and the perturbation (see
	// SPSAConfig).
	Player                string
	Pairs                 int
	C, R, A, Alpha, Gamma float64

	// VerifyPlayer is the player spec of the verification match (NewVerifyRunner),
	// without eval, and VerifyGames its number of games.
	VerifyPlayer string
	VerifyGames  int
}

// CheckpointFile returns the name of the run's checkpoint file, Dir/checkpoint.json.
func (c *TuneConfig) CheckpointFile() string { return filepath.Join(c.Dir, "checkpoint.json") }

// WeightsFile returns the name of the file for the tuned weights, Dir/weights.json.
func (c *TuneConfig) WeightsFile() string { return filepath.Join(c.Dir, "weights.json") }

// VerifyFile returns the name of the games file of the verification match,
// Dir/verify.jsonl.
func (c *TuneConfig) VerifyFile() string { return filepath.Join(c.Dir, "verify.jsonl") }

// Settings writes the game t and the settings that decide a run's results, for its
// checkpoint, so that resuming another run can be refused: for Texel all but
// Iterations (a resumed fit may go on longer), for SPSA Iterations too (its gains
// depend on them). The starting weights are written as a hash.
func (c *TuneConfig) Settings(t catalog.Tunable) string {
	b, _ := json.Marshal(c.Start)
	s := fmt.Sprintf("game=%s method=%s seed=%d start=%x", t.Name(), c.Method, c.Seed, hashBytes(b))
	if c.Method == MethodTexel {
		s += fmt.Sprintf(" positions=%s held-out=%g l2=%g", c.Positions, c.HeldOut, c.L2)
	} else {
		s += fmt.Sprintf(" iterations=%d player=%s pairs=%d c=%g r=%g A=%g alpha=%g gamma=%g", c.Iterations, c.Player, c.Pairs, c.C, c.R, c.A, c.Alpha, c.Gamma)
	}
	return s
}

// hashBytes is FNV-1a of b.
func hashBytes(b []byte) uint64 {
	h := uint64(14695981039346656037)
	for _, c := range b {
		h = (h ^ uint64(c)) * 1099511628211
	}
	return h
}

// Checkpoint is the state of a tuning run after a step: the content of its checkpoint
// file (JSON), from which a killed run continues.
type Checkpoint struct {
	Method string `json:"method"`
	// Settings are TuneConfig.Settings of the run, to refuse resuming another run.
	Settings  string `json:"settings"`
	Iteration int    `json:"iteration"`
	// Weights are the weights after the step, in the order of the feature set's
	// features.
	Weights []float64 `json:"weights"`
	// K is Texel's scale of the logistic.
	K float64 `json:"k,omitempty"`
	// History holds a line per step (and one for the start): Texel's training and
	// held-out losses, SPSA's weights.
	History [][]float64 `json:"history"`
	// SPSA is the state of SPSA.
	SPSA json.RawMessage `json:"spsa,omitempty"`
	// LBFGS is the state of Texel's optimiser after the iteration (FitState),
	// from which a resumed run takes the steps the run would have taken.
	LBFGS *FitState `json:"lbfgs,omitempty"`
	// Inputs identify the run's input files by content (TuneConfig.InputFiles), so
	// that a file changed since the run began is refused on resume.
	Inputs []InputFile `json:"inputs,omitempty"`
}

// checkpointKind is the kind of a tuning checkpoint: a few weights per iteration.
var checkpointKind = inputfile.Kind{What: "a tuning checkpoint", Max: 256 << 20}

// ReadCheckpoint reads a checkpoint file. What is not a regular file of at most 256
// MB is refused before it is read.
func ReadCheckpoint(name string) (*Checkpoint, error) {
	data, err := checkpointKind.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var ck Checkpoint
	if err := json.Unmarshal(data, &ck); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &ck, nil
}

// WriteCheckpoint writes ck to the checkpoint file name (indented JSON) through a
// temporary file and a rename, so that a kill leaves either the old file or the new
// one.
func WriteCheckpoint(name string, ck *Checkpoint) error {
	data, err := json.MarshalIndent(ck, "", "  ")
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(name, append(data, '\n'))
}

// WriteWeights writes w as a weights file of t's feature set (catalog.Tunable's
// MarshalWeights), through a temporary file and a rename.
func WriteWeights(t catalog.Tunable, name string, w []float64) error {
	data, err := t.MarshalWeights(w) // indented, as json.Marshal would not keep it
	if err != nil {
		return err
	}
	return atomicfile.WriteBytes(name, append(data, '\n'))
}

// TuneHooks are the callbacks of a tuning run, to show its progress; each may be nil.
type TuneHooks struct {
	// Start is called before the first step with a line that describes the run.
	Start func(description string)
	// Step is called after every step with the steps done (those of the run a
	// checkpoint resumes included) and a line of the step's results.
	Step func(step int, text string)
	// Finish is called when the steps end, before the chart is drawn: for Texel
	// when the fit returns, however it ended; for SPSA after the last step or at an
	// interruption.
	Finish func()
}

func (h *TuneHooks) start(description string) {
	if h.Start != nil {
		h.Start(description)
	}
}

func (h *TuneHooks) step(step int, text string) {
	if h.Step != nil {
		h.Step(step, text)
	}
}

func (h *TuneHooks) finish() {
	if h.Finish != nil {
		h.Finish()
	}
}

// anchor returns the flags of the weights that keep their starting value: store_diff's,
// so that the evaluation stays in points.
func anchor(names []string) []bool {
	fixed := make([]bool, len(names))
	for i, n := range names {
		fixed[i] = n == "store_diff"
	}
	return fixed
}

// countGroups counts the games of samples.
func countGroups(samples []Sample) int {
	seen := map[int]bool{}
	for _, s := range samples {
		seen[s.Group] = true
	}
	return len(seen)
}

// plotHistory draws the columns of history (named names) over the steps as a PNG
// chart in the file name.
func plotHistory(name, title, yLabel string, names []string, history [][]float64) error {
	var series []Series
	for j, n := range names {
		s := Series{Name: n}
		for _, h := range history {
			s.Y = append(s.Y, h[j])
		}
		series = append(series, s)
	}
	return atomicfile.Write(name, func(w io.Writer) error {
		return PlotSeries(w, title, "iteration", yLabel, series, 0, 0)
	})
}

// specJoin returns the separator that adds a setting to spec.
func specJoin(spec string) string {
	if strings.Contains(spec, ":") {
		return ","
	}
	return ":"
}

// TexelTuner fits the weights that best predict each position's game result through a
// logistic function of the evaluation (Texel tuning), by L-BFGS (Fit) on the
// training games, the weight of store_diff fixed so that the evaluation stays in
// points. The scale K of the logistic is fitted once, to the starting weights.
type TexelTuner struct {
	t           catalog.Tunable
	cfg         TuneConfig
	samples     []Sample
	train, test []Sample
	ck          *Checkpoint
}

// errNoOptimiserState is the error of resuming a Texel checkpoint written without
// the optimiser's state (by colony before it wrote it).
var errNoOptimiserState = errors.New("the checkpoint holds the weights but not the state of the optimiser " +
	"(written by an older colony): resumed, the run would not continue the same optimisation; begin it again in another output directory")

// TexelResult is the outcome of a Texel run.
type TexelResult struct {
	// Weights are the tuned weights.
	Weights []float64
	// TrainSize and TestSize count the training and held-out positions.
	TrainSize, TestSize int
	// TrainBefore and TrainAfter are the training loss (cross-entropy) of the
	// starting and the tuned weights, TestBefore and TestAfter the held-out loss.
	TrainBefore, TrainAfter, TestBefore, TestAfter float64
}

// NewTexelTuner returns a Texel run of cfg on the positions (of a positions file of t,
// ReadPositions): a share cfg.HeldOut of their games, chosen by cfg.Seed, is held out
// (Split). It is an error when the games cannot be split so that both parts
// have positions.
func NewTexelTuner(t catalog.Tunable, cfg *TuneConfig, positions []Position) (*TexelTuner, error) {
	_, names := t.FeatureSet()
	samples := make([]Sample, len(positions))
	for i, p := range positions {
		x := make([]float64, len(names))
		for j := range x {
			x[j] = float64(p.Features[j])
		}
		samples[i] = Sample{X: x, Y: p.Result, Group: p.Game}
	}
	train, test := Split(samples, cfg.HeldOut, cfg.Seed)
	if len(train) == 0 || len(test) == 0 {
		return nil, fmt.Errorf("%d games cannot be split into training and held-out games", countGroups(samples))
	}
	return &TexelTuner{t: t, cfg: *cfg, samples: samples, train: train, test: test}, nil
}

// Resume makes the run continue from the checkpoint ck of the same run (same
// Settings): its K, history and the optimiser's state, so that the run takes the
// steps it would have taken had it not stopped. A checkpoint without the
// optimiser's state (of an older colony) is refused.
func (x *TexelTuner) Resume(ck *Checkpoint) error {
	if _, names := x.t.FeatureSet(); len(ck.Weights) != len(names) {
		return fmt.Errorf("checkpoint: %d weights for %d features", len(ck.Weights), len(names))
	}
	switch st := ck.LBFGS; {
	case st == nil:
		return errNoOptimiserState
	case st.Iteration != ck.Iteration || !slices.Equal(st.W, ck.Weights) || len(ck.History) != ck.Iteration+1:
		return fmt.Errorf("checkpoint: the optimiser's state (iteration %d), the weights and the history (%d lines) of iteration %d do not agree",
			st.Iteration, len(ck.History), ck.Iteration)
	case !(ck.K > 0):
		return fmt.Errorf("checkpoint: K = %v", ck.K)
	}
	x.ck = ck
	return nil
}

// Run fits the weights, up to cfg.Iterations iterations in all, writing the checkpoint
// after every iteration, then draws the training and held-out loss over the
// iterations in Dir/loss.png. When ctx is cancelled it stops and returns ctx's error;
// the checkpoint holds the last iteration. A run resumed from its checkpoint takes
// the steps it would have taken without the stop: it ends with the same weights,
// losses and history, bit for bit.
func (x *TexelTuner) Run(ctx context.Context, hooks TuneHooks) (*TexelResult, error) {
	cfg := &x.cfg
	train, test := x.train, x.test
	_, names := x.t.FeatureSet()
	w0 := cfg.Start
	inputs, err := cfg.InputFiles()
	if err != nil {
		return nil, err
	}
	var k float64
	var history [][]float64
	var state *FitState
	if ck := x.ck; ck != nil {
		k, history, state = ck.K, ck.History, ck.LBFGS
	} else {
		if k, err = FitK(train, w0); err != nil {
			return nil, err
		}
		history = [][]float64{{Loss(train, w0, k), Loss(test, w0, k)}}
	}
	hooks.start(fmt.Sprintf("texel on %d positions of %d games (%d training, %d held out), K = %.4f",
		len(x.samples), countGroups(x.samples), len(train), len(test), k))
	ckName, settings := cfg.CheckpointFile(), cfg.Settings(x.t)
	// A checkpoint that cannot be written stops the fit.
	fitCtx, stopFit := context.WithCancel(ctx)
	defer stopFit()
	var stepErr error
	var text string
	res, err := Fit(train, test, w0, FitOptions{
		K: k, L2: cfg.L2, Fixed: anchor(names), MaxIterations: cfg.Iterations, Resume: state,
		Progress: func(iter int, w []float64, trainLoss float64) {
			testLoss := Loss(test, w, k)
			history = append(history, []float64{trainLoss, testLoss})
			text = fmt.Sprintf("loss %.5f, held out %.5f", trainLoss, testLoss)
		},
		State: func(st *FitState) {
			if stepErr != nil {
				return
			}
			stepErr = WriteCheckpoint(ckName, &Checkpoint{Method: MethodTexel, Settings: settings,
				Iteration: st.Iteration, Weights: slices.Clone(st.W), K: k, History: history, LBFGS: st, Inputs: inputs})
			if stepErr != nil {
				stopFit()
				return
			}
			hooks.step(st.Iteration, text)
		},
		Context: fitCtx,
	})
	hooks.finish()
	if stepErr != nil {
		return nil, fmt.Errorf("checkpoint: %w", stepErr)
	}
	if ctx.Err() != nil {
		return nil, ctx.Err()
	}
	if err != nil {
		return nil, err
	}
	tuned := slices.Clone(res.W)
	if err := plotHistory(filepath.Join(cfg.Dir, "loss.png"), "Texel tuning: loss (cross-entropy)", "loss",
		[]string{"training", "held out"}, history); err != nil {
		return nil, err
	}
	return &TexelResult{
		Weights:   tuned,
		TrainSize: len(train), TestSize: len(test),
		TrainBefore: res.StartTrainLoss, TrainAfter: res.TrainLoss,
		TestBefore: res.StartTestLoss, TestAfter: res.TestLoss,
	}, nil
}

// SPSATuner tunes the weights by simultaneous perturbation stochastic approximation
// over match results (as fishtest tunes engines): each iteration perturbs every
// weight by ±c, plays pairs of games (both colours, one opening) between the two
// perturbed sets and moves the weights towards the winner. The weight of store_diff
// stays at its starting value, so that the evaluation stays in points.
type SPSATuner struct {
	t       catalog.Tunable
	cfg     TuneConfig
	names   []string
	opt     *SPSA
	history [][]float64
}

// largeCounts are the prefixes of the names of features whose values are large:
// counts of seeds (seeds_), of coins (coins_) and The Colony's selectable logs and
// eggs (selectable_).
var largeCounts = []string{"seeds_", "coins_", "selectable_"}

// perturbationScales returns, per feature of names, the share of SPSA's
// perturbation size to use for it: 1, or a tenth for the features whose values are
// large (largeCounts).
func perturbationScales(names []string) []float64 {
	scales := make([]float64, len(names))
	for i, name := range names {
		scales[i] = 1
		for _, prefix := range largeCounts {
			if strings.HasPrefix(name, prefix) {
				scales[i] = 0.1 // large counts
			}
		}
	}
	return scales
}

// NewSPSATuner returns an SPSA run of cfg.
func NewSPSATuner(t catalog.Tunable, cfg *TuneConfig) (*SPSATuner, error) {
	_, names := t.FeatureSet()
	cs := perturbationScales(names)
	for f := range cs {
		cs[f] *= cfg.C
	}
	// store_diff is the anchor that keeps the evaluation in points: bounds hold it.
	lo, hi := make([]float64, len(names)), make([]float64, len(names))
	for f, fixed := range anchor(names) {
		lo[f], hi[f] = -1e6, 1e6 // finite: the checkpoint is JSON
		if fixed {
			lo[f], hi[f] = cfg.Start[f], cfg.Start[f]
		}
	}
	a := cfg.A
	if a < 0 {
		a = 0.1 * float64(cfg.Iterations)
	}
	scfg := SPSAConfig{A: a, Alpha: cfg.Alpha, Gamma: cfg.Gamma, C: cs, R: cfg.R, Iterations: cfg.Iterations,
		Min: lo, Max: hi, Seed: cfg.Seed}
	opt, err := NewSPSA(scfg, cfg.Start)
	if err != nil {
		return nil, err
	}
	return &SPSATuner{t: t, cfg: *cfg, names: names, opt: opt}, nil
}

// Resume makes the run continue from the checkpoint ck of the same run (same
// Settings): its SPSA state and history.
func (s *SPSATuner) Resume(ck *Checkpoint) error {
	if err := s.opt.UnmarshalJSON(ck.SPSA); err != nil {
		return err
	}
	s.history = ck.History
	return nil
}

// Run plays the iterations left of cfg.Iterations, writing the checkpoint after every
// one, then draws the weights over the iterations in Dir/weights.png, and returns
// the tuned weights. When ctx is cancelled it stops and returns ctx's error; the
// checkpoint holds the last iteration.
func (s *SPSATuner) Run(ctx context.Context, hooks TuneHooks) ([]float64, error) {
	cfg, t, opt := &s.cfg, s.t, s.opt
	if len(s.history) == 0 {
		s.history = append(s.history, slices.Clone(cfg.Start))
	}
	ckName, settings := cfg.CheckpointFile(), cfg.Settings(t)
	inputs, err := cfg.InputFiles()
	if err != nil {
		return nil, err
	}
	hooks.start(fmt.Sprintf("spsa, %d iterations of %d pairs of %s games", cfg.Iterations, cfg.Pairs, cfg.Player))
	for opt.Iteration() < cfg.Iterations {
		if ctx.Err() != nil {
			hooks.finish()
			return nil, ctx.Err()
		}
		k := opt.Iteration()
		plus, minus := opt.Perturbation()
		runner, err := tuningRunner(t, spsaMatch(t, cfg, k), cfg.Concurrency, map[string][]float64{"@plus": plus, "@minus": minus})
		if err != nil {
			return nil, fmt.Errorf("iteration %d: %w", k+1, err)
		}
		res, err := runner.Run(ctx)
		if ctx.Err() != nil {
			// An interrupted step is not used, even when the runner returned no
			// error: its match is partial (possibly empty), and the checkpoint keeps
			// the last whole step. The interruption is reported at the top of the loop.
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("iteration %d: %w", k+1, err)
		}
		if !res.Complete || res.Count() == 0 {
			return nil, fmt.Errorf("iteration %d: the match stopped after %d games", k+1, res.Count())
		}
		score := 0.0
		for i := range res.Summaries.Len() {
			g := res.Summaries.At(i)
			seat := 0
			if res.Summaries.Player(&g, 1) == "plus" {
				seat = 1
			}
			score += 2*g.ScoreOf(seat) - 1
		}
		result := score / float64(res.Count())
		opt.Update(result)
		theta := opt.Theta()
		s.history = append(s.history, slices.Clone(theta))
		state, err := opt.MarshalJSON()
		if err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
		if err := WriteCheckpoint(ckName, &Checkpoint{Method: MethodSPSA, Settings: settings, Iteration: opt.Iteration(),
			Weights: theta, History: s.history, SPSA: state, Inputs: inputs}); err != nil {
			return nil, fmt.Errorf("checkpoint: %w", err)
		}
		hooks.step(opt.Iteration(), fmt.Sprintf("result %+.2f", result))
	}
	hooks.finish()
	tuned := opt.Theta()
	if err := plotHistory(filepath.Join(cfg.Dir, "weights.png"), "SPSA tuning: the weights", "weight (points)", s.names, s.history); err != nil {
		return nil, err
	}
	return tuned, nil
}

// NewVerifyRunner returns the runner of a tuning run's verification match: a match of
// cfg.VerifyGames games of cfg.VerifyPlayer with the tuned weights (player "tuned")
// against cfg.Start ("start"), from openings of four random turns, seeded with
// cfg.Seed. Its Settings are the match's config.
func NewVerifyRunner(t catalog.Tunable, cfg *TuneConfig, tuned []float64) (tournament.Runnable, error) {
	return tuningRunner(t, verifyMatch(t, cfg), cfg.Concurrency, map[string][]float64{"@tuned": tuned, "@start": cfg.Start})
}

// tuningRunner returns the runner of a tuning run's match cfg, its players' eval
// setting also taking the names of weights (catalog.Tunable's TuningGames).
func tuningRunner(t catalog.Tunable, cfg record.Config, concurrency int, weights map[string][]float64) (tournament.Runnable, error) {
	games, err := t.TuningGames(weights)
	if err != nil {
		return nil, err
	}
	return &tournament.Runner{Games: games, Config: cfg, Concurrency: concurrency}, nil
}

// verifyMatch returns the config of the verification match of cfg (see
// NewVerifyRunner): players "tuned" and "start", their weights @tuned and @start.
func verifyMatch(t catalog.Tunable, cfg *TuneConfig) record.Config {
	sep := specJoin(cfg.VerifyPlayer)
	return record.Config{
		Game: t.Name(),
		Players: []record.Entrant{
			{Name: "tuned", Spec: cfg.VerifyPlayer + sep + "eval=@tuned"},
			{Name: "start", Spec: cfg.VerifyPlayer + sep + "eval=@start"},
		},
		Format: record.Match, Games: cfg.VerifyGames, Seed: record.Seed(cfg.Seed),
		Openings: record.Openings{RandomTurns: 4},
	}
}

// spsaMatch returns the config of the match of SPSA's step k (from 0) of cfg:
// players "plus" and "minus", their weights @plus and @minus.
func spsaMatch(t catalog.Tunable, cfg *TuneConfig, k int) record.Config {
	return record.Config{
		Game: t.Name(),
		Players: []record.Entrant{
			{Name: "plus", Spec: cfg.Player + specJoin(cfg.Player) + "eval=@plus"},
			{Name: "minus", Spec: cfg.Player + specJoin(cfg.Player) + "eval=@minus"},
		},
		Format: record.Match, Games: 2 * cfg.Pairs, Seed: record.Seed(cfg.Seed*1_000_003 + uint64(k)),
		Openings: record.Openings{RandomTurns: 6},
	}
}
