package tuning

// A whole tuning run ('colony tune' without its verification): its checks, the
// Texel or SPSA steps, the tuned weights' file and the report of the run.

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	"github.com/colony-ai/colony/catalog"
)

// RunOptions are how Run runs a tuning run and where it reports it.
type RunOptions struct {
	// Resume continues the run from its checkpoint (see TuneConfig.OpenCheckpoint).
	Resume bool
	// Name names the settings in the errors, as the caller spells them (see
	// SettingName).
	Name SettingName
	// Hooks show the run's progress.
	Hooks TuneHooks
	// Out, if not nil, is written the run's report: for Texel the training and
	// held-out losses before and after, then the name of the weights file and the
	// table of the starting and tuned weights (WeightsTable).
	Out io.Writer
}

// InputError is an error of Run caused by the run's settings or input files (a
// setting out of range, a player, the positions, a checkpoint that is not the run's),
// not by the run itself.
type InputError struct{ Err error }

// Error says what is wrong with the input.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *InputError) Unwrap() error { return e.Err }

// ReportError is an error of Run writing its report to RunOptions.Out, after the
// tuned weights were written.
type ReportError struct{ Err error }

// Error returns the error of the writing.
func (e *ReportError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *ReportError) Unwrap() error { return e.Err }

// interruptedError is the error of a run stopped by its context: it says how to
// continue, and wraps the context's error.
type interruptedError struct {
	resume string // the resume setting's name
	err    error
}

func (e *interruptedError) Error() string {
	return "interrupted; continue with the same command and " + e.resume
}

func (e *interruptedError) Unwrap() error { return e.err }

// Run tunes the weights of t's linear evaluation as cfg says, from cfg.Start: it
// checks the settings and the players of its matches (TuneConfig.Prepare,
// CheckPlayers, CheckMatches), creates cfg.Dir, opens the checkpoint (a new run, or
// with opts.Resume the one it continues), runs the Texel or SPSA steps, writes the
// tuned weights to WeightsFile and reports the run on opts.Out. It returns the
// tuned weights.
//
// An error of the settings or input files is an *InputError, one writing the report
// a *ReportError. When ctx is cancelled the run stops with an error that says how to
// continue it (errors.Is with ctx's error holds); the checkpoint holds the last step.
func Run(ctx context.Context, t catalog.Tunable, cfg *TuneConfig, opts RunOptions) ([]float64, error) {
	name := opts.Name
	if err := cfg.Prepare(name); err != nil {
		return nil, &InputError{err}
	}
	if err := cfg.CheckPlayers(); err != nil {
		return nil, &InputError{err}
	}
	if err := cfg.CheckMatches(t, name); err != nil {
		return nil, &InputError{err}
	}
	if err := os.MkdirAll(cfg.Dir, 0o755); err != nil {
		return nil, err
	}
	ck, err := cfg.OpenCheckpoint(t, opts.Resume, name)
	if err != nil {
		return nil, &InputError{err}
	}
	out := opts.Out
	if out == nil {
		out = io.Discard
	}
	var tuned []float64
	switch cfg.Method {
	case MethodTexel:
		tuned, err = runTexel(ctx, t, cfg, ck, opts.Hooks, name, out)
	case MethodSPSA:
		tuned, err = runSPSA(ctx, t, cfg, ck, opts.Hooks, name)
	}
	if err != nil {
		return nil, err
	}
	if err := WriteWeights(t, cfg.WeightsFile(), tuned); err != nil {
		return nil, err
	}
	fmt.Fprintf(out, "weights: %s\n", cfg.WeightsFile())
	_, names := t.FeatureSet()
	table, err := WeightsTable(names, cfg.Start, tuned)
	if err != nil {
		return nil, &ReportError{err}
	}
	if _, err := io.WriteString(out, table); err != nil {
		return nil, &ReportError{err}
	}
	return tuned, nil
}

// runTexel runs Texel tuning and writes the losses before and after to out.
func runTexel(ctx context.Context, t catalog.Tunable, cfg *TuneConfig, ck *Checkpoint, hooks TuneHooks, name SettingName,
	out io.Writer) ([]float64, error) {
	positions, err := ReadPositions(t, cfg.Positions)
	if err != nil {
		return nil, &InputError{fmt.Errorf("%s: %w (make them with 'colony selfplay')", name.of("positions"), err)}
	}
	tuner, err := NewTexelTuner(t, cfg, positions)
	if err != nil {
		return nil, &InputError{fmt.Errorf("%s: %w", name.of("positions"), err)}
	}
	if err := resume(tuner, ck, name); err != nil {
		return nil, err
	}
	res, err := tuner.Run(ctx, hooks)
	if err != nil {
		return nil, stopped(ctx, err, name)
	}
	fmt.Fprintf(out, "loss (held out, %d positions): %.5f before, %.5f after\n", res.TestSize, res.TestBefore, res.TestAfter)
	fmt.Fprintf(out, "loss (training, %d positions): %.5f before, %.5f after\n", res.TrainSize, res.TrainBefore, res.TrainAfter)
	return res.Weights, nil
}

// runSPSA runs SPSA tuning.
func runSPSA(ctx context.Context, t catalog.Tunable, cfg *TuneConfig, ck *Checkpoint, hooks TuneHooks, name SettingName) ([]float64, error) {
	tuner, err := NewSPSATuner(t, cfg)
	if err != nil {
		return nil, &InputError{err}
	}
	if err := resume(tuner, ck, name); err != nil {
		return nil, err
	}
	tuned, err := tuner.Run(ctx, hooks)
	if err != nil {
		return nil, stopped(ctx, err, name)
	}
	return tuned, nil
}

// resume continues tuner from the checkpoint ck, when there is one; a checkpoint it
// refuses is an *InputError of the resume setting.
func resume(tuner interface{ Resume(*Checkpoint) error }, ck *Checkpoint, name SettingName) error {
	if ck == nil {
		return nil
	}
	if err := tuner.Resume(ck); err != nil {
		return &InputError{fmt.Errorf("%s: %w", name.of("resume"), err)}
	}
	return nil
}

// stopped is the error of a run's steps that failed with err: an interruption (ctx
// cancelled) says how to continue.
func stopped(ctx context.Context, err error, name SettingName) error {
	if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
		return &interruptedError{resume: name.of("resume"), err: err}
	}
	return err
}
