package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/colony-ai/colony/eval"
	"github.com/colony-ai/colony/games"
	"github.com/colony-ai/colony/search"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// tuneFlags are the flags of 'colony tune'.
type tuneFlags struct {
	method      string
	positions   string
	start       string
	dir         string
	resume      bool
	seed        uint64
	concurrency int
	progress    string
	// Texel.
	heldOut    float64
	l2         float64
	iterations int
	// SPSA.
	spsaPlayer string
	pairs      int
	spsaC      float64
	spsaR      float64
	spsaA      float64
	alpha      float64
	gamma      float64
	// Verification.
	verifyGames  int
	verifyPlayer string
}

func newTuneCmd(opts *options) *cobra.Command {
	var fl tuneFlags
	c := &cobra.Command{
		Use:   "tune [--method texel|spsa] [flags]",
		Short: "Tune the weights of the linear evaluation, then verify them in a match",
		Long: `tune fits the weights of the linear evaluation ('colony eval' lists its features)
of the game of --game (any game: every one has a feature set) and then verifies the
result: it plays the tuned weights against the starting weights with the tournament
runner and prints the Elo difference with its 95% interval.

Methods:

  texel  logistic (Texel-style) tuning on the positions of 'colony selfplay': the
         weights that best predict each position's game result through a logistic
         function of the evaluation, fitted by L-BFGS (gonum/optimize) on a training
         part of the games, the loss reported before and after on the held-out part.
         The weight of store_diff stays fixed, so the evaluation stays in eggs; the
         scale K of the logistic is fitted once, to the starting weights.
  spsa   simultaneous perturbation stochastic approximation over match results (as
         fishtest tunes engines): each iteration perturbs every weight by ±c, plays
         pairs of games (both colours, one opening) between the two perturbed sets
         and moves the weights towards the winner.

Outputs in --out DIR: weights.json (the final weights, the format of --weights,
naming the game's feature set; a player uses them with eval=DIR/weights.json),
checkpoint.json (written after every step: a killed run continues from it with
--resume, losing at most the step it was in), loss.png (texel: the training and
held-out loss over the iterations) or weights.png (spsa: the weights over the
iterations), and verify.jsonl (the verification games).

SPSA's defaults: c = 0.5 points (eggs, seeds) for every weight (a tenth of it for
the features whose values are large: selectable_logs and selectable_eggs, the
mancala games' seeds_ and coins_ counts); a_k = a/(A+k+1)^alpha and c_k =
c/(k+1)^gamma with alpha = 0.602 and gamma = 0.101 (Spall's) and A = 10% of the
iterations; a = r·c²·(A+1)^alpha, with r chosen so that a result of +1 at every
step would move a weight 150 perturbations in all (a step moves θ by
(a_k/c_k)·result·Δ, the result being the mean score of θ+ against θ− in [-1, 1]);
4 pairs of games a step at ab:depth=1. store_diff stays at its starting value,
so the evaluation stays in points.

--start hand is the hand-set weights, default those of eval=linear (the same as
hand for the mancala games), or a weights file of the game's feature set.`,
		Example: `  colony selfplay && colony tune
  colony tune --method spsa --iterations 300 --out tune-spsa
  colony tune --start tuned/weights.json --verify-games 2000
  colony --game kalah selfplay --out kalah-data && colony --game kalah tune --positions kalah-data/positions.txt --out kalah-tune`,
		Args: noArgs,
		RunE: func(c *cobra.Command, _ []string) error { return runTune(c, opts, &fl) },
	}
	f := c.Flags()
	f.StringVar(&fl.method, "method", "texel", "tuning `METHOD`: texel or spsa")
	f.StringVar(&fl.positions, "positions", filepath.Join(selfplayDir, positionsName), "texel: the positions `FILE` of 'colony selfplay'")
	f.StringVar(&fl.start, "start", "hand", "starting weights: hand (the hand-set weights), default (the default weights) or a weights `FILE`")
	f.StringVar(&fl.dir, "out", "tune", "output directory `DIR`")
	f.BoolVar(&fl.resume, "resume", false, "continue from DIR/checkpoint.json")
	f.Uint64Var(&fl.seed, "seed", 1, "random seed `S` (the held-out split, SPSA's perturbations, the games)")
	f.IntVar(&fl.concurrency, "concurrency", runtime.NumCPU(), "games played at once, `N`")
	f.StringVar(&fl.progress, "progress", "auto", "progress display `MODE`: auto, bar, lines or off")
	f.Float64Var(&fl.heldOut, "held-out", 0.1, "texel: the share `P` of the games held out to measure the loss")
	f.Float64Var(&fl.l2, "l2", 0.0001, "texel: ridge penalty `L` pulling the weights towards the starting ones")
	f.IntVar(&fl.iterations, "iterations", 0, "iterations `N` (default: 200 for texel, 150 for spsa)")
	f.StringVar(&fl.spsaPlayer, "spsa-player", "ab:depth=1", "spsa: the player `SPEC` of the games (its eval is set by tune)")
	f.IntVar(&fl.pairs, "pairs", 4, "spsa: pairs of games `N` a step")
	f.Float64Var(&fl.spsaC, "c", 0.5, "spsa: perturbation `C` in points (a tenth of it for the features with large values)")
	f.Float64Var(&fl.spsaR, "r", 0, "spsa: learning rate `R` (a = R·c²·(A+1)^alpha; 0: chosen so that results of +1 throughout would move a weight 150 perturbations)")
	f.Float64Var(&fl.spsaA, "A", -1, "spsa: stability constant `A` (default: 10% of the iterations)")
	f.Float64Var(&fl.alpha, "alpha", 0.602, "spsa: step exponent `ALPHA`")
	f.Float64Var(&fl.gamma, "gamma", 0.101, "spsa: perturbation exponent `GAMMA`")
	f.IntVar(&fl.verifyGames, "verify-games", 1000, "games `N` of the verification match (0: no verification)")
	f.StringVar(&fl.verifyPlayer, "verify-player", "ab:depth=2", "the player `SPEC` of the verification match (its eval is set by tune)")
	return c
}

// tuneCheckpoint is the state of a tuning run after a step.
type tuneCheckpoint struct {
	Method    string          `json:"method"`
	Settings  string          `json:"settings"` // the game and the flags that decide the run, to refuse resuming another run
	Iteration int             `json:"iteration"`
	Weights   []float64       `json:"weights"` // in the order of the feature set's features
	K         float64         `json:"k,omitempty"`
	History   [][]float64     `json:"history"` // per step: texel train and held-out loss; spsa the weights
	SPSA      json.RawMessage `json:"spsa,omitempty"`
}

func runTune(c *cobra.Command, opts *options, fl *tuneFlags) error {
	t, err := opts.tunable("tune")
	if err != nil {
		return err
	}
	switch fl.method {
	case "texel":
		if fl.iterations == 0 {
			fl.iterations = 200
		}
	case "spsa":
		if fl.iterations == 0 {
			fl.iterations = 150
		}
	default:
		return fmt.Errorf("tune: --method: %q: want texel or spsa", fl.method)
	}
	switch {
	case fl.iterations < 1:
		return fmt.Errorf("tune: --iterations must be at least 1, got %d", fl.iterations)
	case !(fl.heldOut > 0 && fl.heldOut < 1):
		return fmt.Errorf("tune: --held-out must be between 0 and 1, got %g", fl.heldOut)
	case fl.l2 < 0 || math.IsNaN(fl.l2):
		return fmt.Errorf("tune: --l2 must be 0 or more, got %g", fl.l2)
	case fl.pairs < 1:
		return fmt.Errorf("tune: --pairs must be at least 1, got %d", fl.pairs)
	case fl.verifyGames < 0 || fl.verifyGames%2 != 0:
		return fmt.Errorf("tune: --verify-games must be an even number of 0 or more, got %d", fl.verifyGames)
	case fl.concurrency < 1:
		return fmt.Errorf("tune: --concurrency must be at least 1, got %d", fl.concurrency)
	case !(fl.spsaC > 0) || !(fl.spsaR >= 0) || !(fl.alpha > 0) || !(fl.gamma > 0):
		return errors.New("tune: --c, --alpha and --gamma must be positive, --r 0 or more")
	}
	switch fl.progress {
	case "auto", "bar", "lines", "off":
	default:
		return fmt.Errorf("tune: --progress: %q: want auto, bar, lines or off", fl.progress)
	}
	start, err := t.Weights(fl.start)
	if err != nil {
		return fmt.Errorf("tune: --start: %w", err)
	}
	for _, spec := range []string{fl.spsaPlayer, fl.verifyPlayer} {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return fmt.Errorf("tune: %w", err)
		}
		if !sp.Accepts("eval") {
			return fmt.Errorf("tune: player %q does not use an evaluation", spec)
		}
		if sp.Has("eval") {
			return fmt.Errorf("tune: player %q: leave eval out, tune sets it", spec)
		}
	}
	if err := os.MkdirAll(fl.dir, 0o755); err != nil {
		return fail(fmt.Errorf("tune: %w", err))
	}
	ckName := filepath.Join(fl.dir, "checkpoint.json")
	settings := tuneSettings(t, fl, start)
	var ck *tuneCheckpoint
	if fl.resume {
		ck, err = readCheckpoint(ckName)
		if err != nil {
			return fmt.Errorf("tune: --resume: %w", err)
		}
		if ck.Settings != settings || len(ck.Weights) != len(start) {
			return fmt.Errorf("tune: --resume: %s is of another run (%s), not of this one (%s)", ckName, ck.Settings, settings)
		}
	} else if _, err := os.Stat(ckName); err == nil {
		return fmt.Errorf("tune: %s exists: give --resume to continue that run, or another --out", ckName)
	}

	ctx, stop := interruptContext(c)
	defer stop()
	out := c.OutOrStdout()
	var tuned []float64
	switch fl.method {
	case "texel":
		tuned, err = tuneTexel(ctx, c, t, fl, start, ck, ckName, settings)
	case "spsa":
		tuned, err = tuneSPSA(ctx, c, t, fl, start, ck, ckName, settings)
	}
	if err != nil {
		return err
	}
	if err := writeWeights(t, filepath.Join(fl.dir, "weights.json"), tuned); err != nil {
		return fail(fmt.Errorf("tune: %w", err))
	}
	fmt.Fprintf(out, "weights: %s\n", filepath.Join(fl.dir, "weights.json"))
	_, names := t.FeatureSet()
	if err := writeWeightsTable(out, names, start, tuned); err != nil {
		return fail(err)
	}
	if fl.verifyGames == 0 {
		return nil
	}
	return verifyTuned(ctx, c, t, fl, start, tuned)
}

// tuneSettings writes the game and the flags that decide a run's results, for its
// checkpoint (for texel all but --iterations: a resumed fit may go on longer).
func tuneSettings(t games.Tunable, fl *tuneFlags, start []float64) string {
	b, _ := json.Marshal(start)
	s := fmt.Sprintf("game=%s method=%s seed=%d start=%x", t.Name(), fl.method, fl.seed, hashBytes(b))
	if fl.method == "texel" {
		s += fmt.Sprintf(" positions=%s held-out=%g l2=%g", fl.positions, fl.heldOut, fl.l2)
	} else {
		// SPSA's gains depend on the planned iterations: a resumed run keeps them.
		s += fmt.Sprintf(" iterations=%d player=%s pairs=%d c=%g r=%g A=%g alpha=%g gamma=%g", fl.iterations, fl.spsaPlayer, fl.pairs, fl.spsaC, fl.spsaR, fl.spsaA, fl.alpha, fl.gamma)
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

func readCheckpoint(name string) (*tuneCheckpoint, error) {
	data, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	var ck tuneCheckpoint
	if err := json.Unmarshal(data, &ck); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &ck, nil
}

// writeFileAtomic writes data to name through a temporary file and a rename, so that
// a kill leaves either the old file or the new one.
func writeFileAtomic(name string, data []byte) error {
	tmp := name + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, name)
}

func writeCheckpoint(name string, ck *tuneCheckpoint) error {
	data, err := json.MarshalIndent(ck, "", "  ")
	if err != nil {
		return err
	}
	return writeFileAtomic(name, append(data, '\n'))
}

// writeWeights writes w as a weights file of t's feature set.
func writeWeights(t games.Tunable, name string, w []float64) error {
	data, err := t.MarshalWeights(w) // indented, as json.Marshal would not keep it
	if err != nil {
		return err
	}
	return writeFileAtomic(name, append(data, '\n'))
}

// writeWeightsTable prints the starting and tuned weights of the features names side
// by side.
func writeWeightsTable(w io.Writer, names []string, start, tuned []float64) error {
	var sb strings.Builder
	t := tournament.NewTable(&sb, []string{"feature", "start", "tuned"}, nil)
	t.Header([]string{"feature", "start", "tuned"})
	for f, name := range names {
		_ = t.Append([]string{name, fmt.Sprintf("%.3f", start[f]), fmt.Sprintf("%.3f", tuned[f])})
	}
	if err := t.Render(); err != nil {
		return err
	}
	_, err := io.WriteString(w, sb.String())
	return err
}

// tuneProgress prints a tuning run's progress on standard error: a line redrawn on a
// terminal, a line every tenth of the run otherwise.
type tuneProgress struct {
	w     io.Writer
	bar   bool
	off   bool
	total int
	last  time.Time
	drawn bool
}

func newTuneProgress(w io.Writer, mode string, total int) *tuneProgress {
	pd := newProgressDisplay(w, mode, tournament.Config{})
	return &tuneProgress{w: w, bar: pd.bar, off: pd.off, total: total}
}

func (p *tuneProgress) update(step int, text string) {
	if p.off {
		return
	}
	if p.bar {
		if step < p.total && time.Since(p.last) < 100*time.Millisecond {
			return
		}
		p.last = time.Now()
		const width = 24
		filled := width * min(step, p.total) / p.total
		fmt.Fprintf(p.w, "\r[%s%s] %d/%d %s\x1b[K", strings.Repeat("#", filled), strings.Repeat(".", width-filled), step, p.total, text)
		p.drawn = true
		return
	}
	if step == p.total || step%max(p.total/10, 1) == 0 {
		fmt.Fprintf(p.w, "%d/%d %s\n", step, p.total, text)
	}
}

func (p *tuneProgress) finish() {
	if p.drawn {
		fmt.Fprintln(p.w)
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

// tuneTexel runs logistic tuning.
func tuneTexel(ctx context.Context, c *cobra.Command, t games.Tunable, fl *tuneFlags, start []float64,
	ck *tuneCheckpoint, ckName, settings string) ([]float64, error) {
	lines, err := readPositions(t, fl.positions)
	if err != nil {
		return start, fmt.Errorf("tune: --positions: %w (make them with 'colony selfplay')", err)
	}
	_, names := t.FeatureSet()
	samples := make([]eval.Sample, len(lines))
	for i, l := range lines {
		x := make([]float64, len(names))
		for j := range x {
			x[j] = float64(l.features[j])
		}
		samples[i] = eval.Sample{X: x, Y: l.result, Group: l.game}
	}
	train, test := eval.Split(samples, fl.heldOut, fl.seed)
	if len(train) == 0 || len(test) == 0 {
		return start, fmt.Errorf("tune: --positions: %d games cannot be split into training and held-out games", countGroups(samples))
	}
	w0 := start
	fixed := anchor(names)
	k, err := eval.FitK(train, w0)
	if err != nil {
		return start, fail(fmt.Errorf("tune: %w", err))
	}
	startTrain, startTest := eval.Loss(train, w0, k), eval.Loss(test, w0, k)
	history := [][]float64{{startTrain, startTest}}
	done := 0
	from := slices.Clone(w0)
	if ck != nil {
		k, done, history = ck.K, ck.Iteration, ck.History
		from = slices.Clone(ck.Weights)
	}
	stderr := c.ErrOrStderr()
	fmt.Fprintf(stderr, "tune: texel on %d positions of %d games (%d training, %d held out), K = %.4f\n",
		len(samples), countGroups(samples), len(train), len(test), k)
	prog := newTuneProgress(stderr, fl.progress, fl.iterations)
	var stepErr error
	res := eval.FitResult{W: from}
	if done < fl.iterations {
		res, err = eval.Fit(train, test, from, eval.FitOptions{
			K: k, L2: fl.l2, Fixed: fixed, MaxIterations: fl.iterations - done,
			Progress: func(iter int, w []float64, trainLoss float64) {
				if stepErr != nil {
					return
				}
				testLoss := eval.Loss(test, w, k)
				history = append(history, []float64{trainLoss, testLoss})
				stepErr = writeCheckpoint(ckName, &tuneCheckpoint{Method: "texel", Settings: settings,
					Iteration: done + iter, Weights: slices.Clone(w), K: k, History: history})
				prog.update(done+iter, fmt.Sprintf("loss %.5f, held out %.5f", trainLoss, testLoss))
			},
			Context: ctx,
		})
	}
	prog.finish()
	if stepErr != nil {
		return start, fail(fmt.Errorf("tune: checkpoint: %w", stepErr))
	}
	if ctx.Err() != nil {
		return start, fail(errors.New("tune: interrupted; continue with the same command and --resume"))
	}
	if err != nil {
		return start, fail(fmt.Errorf("tune: %w", err))
	}
	tuned := slices.Clone(res.W)
	if err := plotHistory(filepath.Join(fl.dir, "loss.png"), "Texel tuning: loss (cross-entropy)", "loss",
		[]string{"training", "held out"}, history); err != nil {
		return tuned, fail(fmt.Errorf("tune: %w", err))
	}
	out := c.OutOrStdout()
	fmt.Fprintf(out, "loss (held out, %d positions): %.5f before, %.5f after\n", len(test), startTest, eval.Loss(test, res.W, k))
	fmt.Fprintf(out, "loss (training, %d positions): %.5f before, %.5f after\n", len(train), startTrain, eval.Loss(train, res.W, k))
	return tuned, nil
}

// countGroups counts the games of samples.
func countGroups(samples []eval.Sample) int {
	seen := map[int]bool{}
	for _, s := range samples {
		seen[s.Group] = true
	}
	return len(seen)
}

// plotHistory draws the columns of history over the steps.
func plotHistory(name, title, yLabel string, names []string, history [][]float64) error {
	var series []eval.Series
	for j, n := range names {
		s := eval.Series{Name: n}
		for _, h := range history {
			s.Y = append(s.Y, h[j])
		}
		series = append(series, s)
	}
	f, err := os.Create(name)
	if err != nil {
		return err
	}
	if err := eval.PlotSeries(f, title, "iteration", yLabel, series, 0, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// tuneSPSA runs SPSA over match results.
func tuneSPSA(ctx context.Context, c *cobra.Command, t games.Tunable, fl *tuneFlags, start []float64,
	ck *tuneCheckpoint, ckName, settings string) ([]float64, error) {
	_, names := t.FeatureSet()
	cs := t.PerturbationScales()
	for f := range cs {
		cs[f] *= fl.spsaC
	}
	// store_diff is the anchor that keeps the evaluation in points: bounds hold it.
	lo, hi := make([]float64, len(names)), make([]float64, len(names))
	for f, fixed := range anchor(names) {
		lo[f], hi[f] = -1e6, 1e6 // finite: the checkpoint is JSON
		if fixed {
			lo[f], hi[f] = start[f], start[f]
		}
	}
	a := fl.spsaA
	if a < 0 {
		a = 0.1 * float64(fl.iterations)
	}
	cfg := eval.SPSAConfig{A: a, Alpha: fl.alpha, Gamma: fl.gamma, C: cs, R: fl.spsaR, Iterations: fl.iterations,
		Min: lo, Max: hi, Seed: fl.seed}
	opt, err := eval.NewSPSA(cfg, start)
	if err != nil {
		return start, fmt.Errorf("tune: %w", err)
	}
	var history [][]float64
	if ck != nil {
		if err := opt.UnmarshalJSON(ck.SPSA); err != nil {
			return start, fmt.Errorf("tune: --resume: %w", err)
		}
		history = ck.History
	}
	if len(history) == 0 {
		history = append(history, slices.Clone(start))
	}
	stderr := c.ErrOrStderr()
	fmt.Fprintf(stderr, "tune: spsa, %d iterations of %d pairs of %s games\n", fl.iterations, fl.pairs, fl.spsaPlayer)
	prog := newTuneProgress(stderr, fl.progress, fl.iterations)
	for opt.Iteration() < fl.iterations {
		if ctx.Err() != nil {
			prog.finish()
			return start, fail(errors.New("tune: interrupted; continue with the same command and --resume"))
		}
		k := opt.Iteration()
		plus, minus := opt.Perturbation()
		mcfg := tournament.Config{
			Game: t.Name(),
			Players: []tournament.Entrant{
				{Name: "plus", Spec: fl.spsaPlayer + specJoin(fl.spsaPlayer) + "eval=@plus"},
				{Name: "minus", Spec: fl.spsaPlayer + specJoin(fl.spsaPlayer) + "eval=@minus"},
			},
			Format: tournament.Match, Games: 2 * fl.pairs, Seed: fl.seed*1_000_003 + uint64(k),
			Openings: tournament.Openings{RandomTurns: 6},
		}
		runner, err := t.NewTuningRunner(mcfg, fl.concurrency, map[string][]float64{"@plus": plus, "@minus": minus})
		if err != nil {
			return start, fail(fmt.Errorf("tune: iteration %d: %w", k+1, err))
		}
		res, err := runner.Run(ctx)
		if err != nil {
			if ctx.Err() != nil {
				continue // reported at the top of the loop
			}
			return start, fail(fmt.Errorf("tune: iteration %d: %w", k+1, err))
		}
		score := 0.0
		for _, rec := range res.Games {
			seat := 0
			if rec.Players[1] == "plus" {
				seat = 1
			}
			score += 2*rec.ScoreOf(seat) - 1
		}
		result := score / float64(len(res.Games))
		opt.Update(result)
		theta := opt.Theta()
		history = append(history, slices.Clone(theta))
		state, err := opt.MarshalJSON()
		if err != nil {
			return start, fail(err)
		}
		if err := writeCheckpoint(ckName, &tuneCheckpoint{Method: "spsa", Settings: settings, Iteration: opt.Iteration(),
			Weights: theta, History: history, SPSA: state}); err != nil {
			return start, fail(fmt.Errorf("tune: checkpoint: %w", err))
		}
		prog.update(opt.Iteration(), fmt.Sprintf("result %+.2f", result))
	}
	prog.finish()
	tuned := opt.Theta()
	if err := plotHistory(filepath.Join(fl.dir, "weights.png"), "SPSA tuning: the weights", "weight (points)", names, history); err != nil {
		return tuned, fail(fmt.Errorf("tune: %w", err))
	}
	return tuned, nil
}

// specJoin returns the separator that adds a setting to spec.
func specJoin(spec string) string {
	if strings.Contains(spec, ":") {
		return ","
	}
	return ":"
}

// verifyTuned plays the tuned weights against the starting weights and prints the
// Elo difference with its 95% interval.
func verifyTuned(ctx context.Context, c *cobra.Command, t games.Tunable, fl *tuneFlags, start, tuned []float64) error {
	sep := specJoin(fl.verifyPlayer)
	cfg := tournament.Config{
		Game: t.Name(),
		Players: []tournament.Entrant{
			{Name: "tuned", Spec: fl.verifyPlayer + sep + "eval=@tuned"},
			{Name: "start", Spec: fl.verifyPlayer + sep + "eval=@start"},
		},
		Format: tournament.Match, Games: fl.verifyGames, Seed: fl.seed,
		Openings: tournament.Openings{RandomTurns: 4},
	}
	runner, err := t.NewTuningRunner(cfg, fl.concurrency, map[string][]float64{"@tuned": tuned, "@start": start})
	if err != nil {
		return fail(fmt.Errorf("tune: %w", err))
	}
	prog := newProgressDisplay(c.ErrOrStderr(), fl.progress, cfg)
	describe := func(resumed int) string {
		return fmt.Sprintf("verifying: %d games of %s, tuned weights against the starting ones", fl.verifyGames, fl.verifyPlayer)
	}
	// The verification games are recorded for inspection, not resumed: a new run
	// replaces them.
	name := filepath.Join(fl.dir, "verify.jsonl")
	os.Remove(name)
	res, err := playRecorded(c, "tune", runner, name, false, prog, describe, nil)
	if err != nil {
		return err
	}
	_ = ctx
	rep, err := tournament.Summarize(&cfg, res.Games, t.Sides(), nil)
	if err != nil {
		return fail(err)
	}
	out := c.OutOrStdout()
	e := rep.Pair.Estimate
	fmt.Fprintf(out, "verify: tuned vs start over %d games (%d pairs, %s): elo %s [%s, %s], los %.1f%%\n",
		len(res.Games), rep.Pair.Pentanomial.Pairs(), fl.verifyPlayer,
		tournament.FormatElo(e.Elo, 1), tournament.FormatElo(e.EloLow, 1), tournament.FormatElo(e.EloHigh, 1), 100*e.LOS)
	switch {
	case e.EloLow > 0:
		fmt.Fprintln(out, "verify: the tuned weights are stronger (the 95% interval is above 0)")
	case e.EloHigh < 0:
		fmt.Fprintln(out, "verify: the tuned weights are weaker (the 95% interval is below 0)")
	default:
		fmt.Fprintln(out, "verify: no significant difference (the 95% interval contains 0)")
	}
	if !res.Complete {
		return fail(fmt.Errorf("tune: the verification stopped after %d of %d games", len(res.Games), fl.verifyGames))
	}
	return nil
}
