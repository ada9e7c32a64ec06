package tuning

// The input files of a tuning run, identified by content in its checkpoint, and the
// checks of the players of its matches before it starts.

import (
	"fmt"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/tournament"
)

// InputFile identifies an input file of a tuning run by content.
type InputFile struct {
	// Setting is the setting that names the file: "positions" (Texel's positions)
	// or "start" (the starting weights).
	Setting string `json:"setting"`
	// Name is the file's name as the setting gave it.
	Name string `json:"name"`
	// SHA256 is the content hash of the file (record.HashFile).
	SHA256 string `json:"sha256"`
}

// SetStart sets the starting weights to t's weights named value (catalog.Tunable's
// Weights: "hand", "default" or a weights file), and StartFile to the file's name
// when value is one.
func (c *TuneConfig) SetStart(t catalog.Tunable, value string) error {
	w, err := t.Weights(value)
	if err != nil {
		return err
	}
	c.Start, c.StartFile = w, ""
	if value != "hand" && value != "default" {
		c.StartFile = value
	}
	return nil
}

// InputFiles returns the run's input files with their content's hash: Texel's
// positions file (when Positions names one) and the starting weights' file (when
// StartFile names one).
func (c *TuneConfig) InputFiles() ([]InputFile, error) {
	var files []InputFile
	add := func(setting, name string) error {
		if name == "" {
			return nil
		}
		sum, err := record.HashFile(name)
		if err != nil {
			return err
		}
		files = append(files, InputFile{Setting: setting, Name: name, SHA256: sum})
		return nil
	}
	if c.Method == MethodTexel {
		if err := add("positions", c.Positions); err != nil {
			return nil, err
		}
	}
	if err := add("start", c.StartFile); err != nil {
		return nil, err
	}
	return files, nil
}

// checkInputs checks that the input files of the checkpoint ck are those of the run
// of c: a file of the same setting and name whose content changed is an error
// naming it. (Another file, or none, makes other settings differ.) A checkpoint
// without inputs (of an older colony) passes.
func (c *TuneConfig) checkInputs(ck *Checkpoint, name SettingName) error {
	if len(ck.Inputs) == 0 {
		return nil
	}
	now, err := c.InputFiles()
	if err != nil {
		return fmt.Errorf("%s: %w", name.of("resume"), err)
	}
	for _, was := range ck.Inputs {
		for _, is := range now {
			if is.Setting == was.Setting && is.Name == was.Name && is.SHA256 != was.SHA256 {
				return fmt.Errorf("%s: the %s file %s changed since the run began (sha256 %s, now %s): "+
					"resume with the file the run began with, or begin a new run with another %s",
					name.of("resume"), name.of(was.Setting), was.Name, was.SHA256, is.SHA256, name.of("out"))
			}
		}
	}
	return nil
}

// CheckMatches builds, once, the players of the matches the run of c on t will
// play, so that a player that cannot be built (a setting out of range, an engine
// that does not start) is refused before the tuning, not after it: SPSA's players
// (for MethodSPSA) and those of the verification match (when VerifyGames > 0),
// with the starting weights. The error names the setting of the player.
func (c *TuneConfig) CheckMatches(t catalog.Tunable, name SettingName) error {
	type match struct {
		setting string
		cfg     record.Config
		weights map[string][]float64
	}
	var matches []match
	if c.Method == MethodSPSA {
		cfg := spsaMatch(t, c, 0)
		matches = append(matches, match{"spsa-player", cfg, map[string][]float64{"@plus": c.Start, "@minus": c.Start}})
	}
	if c.VerifyGames > 0 {
		matches = append(matches, match{"verify-player", verifyMatch(t, c), map[string][]float64{"@tuned": c.Start, "@start": c.Start}})
	}
	for _, m := range matches {
		games, err := t.TuningGames(m.weights)
		if err == nil {
			err = tournament.CheckPlayers(&m.cfg, games)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name.of(m.setting), err)
		}
	}
	return nil
}
