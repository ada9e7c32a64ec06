package main

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"testing"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// failingRunner is a tournament.Runnable whose run fails after some games, as a
// failing disk or player would end one.
type failingRunner struct{ cfg record.Config }

func (r *failingRunner) Setup(io.Writer, []record.Record, func(*report.Progress)) {}
func (r *failingRunner) Run(context.Context) (*tournament.Result, error) {
	return &tournament.Result{}, errors.New("the player failed")
}
func (r *failingRunner) Settings() *record.Config { return &r.cfg }
func (r *failingRunner) Sides() [2]string         { return [2]string{"south", "north"} }
func (r *failingRunner) CheckPlayers() error      { return nil }
func (r *failingRunner) SetEngineLogs(string)     {}

// TestFailedRunResumeHint: a run that fails says "--resume continues" only when it
// has a games file to continue.
func TestFailedRunResumeHint(t *testing.T) {
	cfg := record.Config{Players: []record.Entrant{{Name: "a", Spec: "random"}, {Name: "b", Spec: "greedy"}}, Games: 2, Seed: 1}
	tests := []struct {
		name, gamesFile, want string
	}{
		{"no games file", "", "tournament: the player failed"},
		{"games file", filepath.Join(t.TempDir(), "g.jsonl"), "tournament: the player failed (the finished games are in the games file; --resume continues)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := &cobra.Command{}
			c.SetErr(io.Discard)
			c.SetContext(context.Background())
			prog := report.NewProgressDisplay(&bytes.Buffer{}, "off")
			_, err := playRecorded(c, "tournament", &failingRunner{cfg}, tt.gamesFile, false, false, prog, nil, nil)
			if err == nil || err.Error() != tt.want {
				t.Fatalf("error %v, want %s", err, tt.want)
			}
			if exitStatus(err) != exitError {
				t.Errorf("exit status %d, want %d", exitStatus(err), exitError)
			}
		})
	}
}
