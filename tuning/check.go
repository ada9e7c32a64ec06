package tuning

// The checks of a tuning run before it starts: its settings, its players and its
// checkpoint (does it belong to this run, may the run start or resume).

import (
	"fmt"
	"math"
	"os"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/search"
)

// SettingName names a setting of a TuneConfig in an error, as the caller spells it
// (the command line's flags: "--iterations"); nil leaves the names as they are
// ("iterations", "held-out", "resume").
type SettingName func(setting string) string

func (n SettingName) of(setting string) string {
	if n == nil {
		return setting
	}
	return n(setting)
}

// DefaultIterations returns the iterations of a run of method when none are given:
// 200 L-BFGS iterations for Texel, 150 SPSA iterations; 0 for an unknown method.
func DefaultIterations(method string) int {
	switch method {
	case MethodTexel:
		return 200
	case MethodSPSA:
		return 150
	}
	return 0
}

// Prepare completes and checks the settings of c before a run: an Iterations of 0
// becomes the method's DefaultIterations; an unknown method or a setting out of its
// range is an error naming the setting by name (the first wrong one, the method
// first).
func (c *TuneConfig) Prepare(name SettingName) error {
	def := DefaultIterations(c.Method)
	if def == 0 {
		return fmt.Errorf("%s: %q: want %s or %s", name.of("method"), c.Method, MethodTexel, MethodSPSA)
	}
	if c.Iterations == 0 {
		c.Iterations = def
	}
	switch {
	case c.Iterations < 1:
		return fmt.Errorf("%s must be at least 1, got %d", name.of("iterations"), c.Iterations)
	case !(c.HeldOut > 0 && c.HeldOut < 1):
		return fmt.Errorf("%s must be between 0 and 1, got %g", name.of("held-out"), c.HeldOut)
	case c.L2 < 0 || math.IsNaN(c.L2):
		return fmt.Errorf("%s must be 0 or more, got %g", name.of("l2"), c.L2)
	case c.Pairs < 1:
		return fmt.Errorf("%s must be at least 1, got %d", name.of("pairs"), c.Pairs)
	case c.VerifyGames < 0 || c.VerifyGames%2 != 0:
		return fmt.Errorf("%s must be an even number of 0 or more, got %d", name.of("verify-games"), c.VerifyGames)
	case c.Concurrency < 1:
		return fmt.Errorf("%s must be at least 1, got %d", name.of("concurrency"), c.Concurrency)
	case !(c.C > 0) || !(c.R >= 0) || !(c.Alpha > 0) || !(c.Gamma > 0):
		return fmt.Errorf("%s, %s and %s must be positive, %s 0 or more", name.of("c"), name.of("alpha"), name.of("gamma"), name.of("r"))
	}
	return nil
}

// CheckPlayers checks the player specs of SPSA's games and of the verification
// match: each must use an evaluation and leave it out, since the run sets it.
func (c *TuneConfig) CheckPlayers() error {
	for _, spec := range []string{c.Player, c.VerifyPlayer} {
		sp, err := search.ParseSpec(spec)
		if err != nil {
			return err
		}
		if !sp.Accepts("eval") {
			return fmt.Errorf("player %q does not use an evaluation", spec)
		}
		if sp.Has("eval") {
			return fmt.Errorf("player %q: leave eval out, tune sets it", spec)
		}
	}
	return nil
}

// OpenCheckpoint returns the checkpoint the run of c on t continues from: with resume,
// the one in CheckpointFile, which must be of this run (the same Settings and
// number of weights); without, nil, and a checkpoint file that exists is an error,
// so that a new run never overwrites another.
func (c *TuneConfig) OpenCheckpoint(t catalog.Tunable, resume bool, name SettingName) (*Checkpoint, error) {
	file := c.CheckpointFile()
	if !resume {
		if _, err := os.Stat(file); err == nil {
			return nil, fmt.Errorf("%s exists: give %s to continue that run, or another %s",
				file, name.of("resume"), name.of("out"))
		}
		return nil, nil
	}
	ck, err := ReadCheckpoint(file)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name.of("resume"), err)
	}
	if err := c.checkInputs(ck, name); err != nil {
		return nil, err
	}
	if settings := c.Settings(t); ck.Settings != settings || len(ck.Weights) != len(c.Start) {
		return nil, fmt.Errorf("%s: %s is of another run (%s), not of this one (%s)", name.of("resume"), file, ck.Settings, settings)
	}
	return ck, nil
}
