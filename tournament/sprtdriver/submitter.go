package sprtdriver

import (
	"fmt"
	"io"
	"os"
	"time"
)

// SubmitterSettings are the settings of a driver's submitter, as a command line
// gives them (see NewSubmitter).
type SubmitterSettings struct {
	Kind       string   // local, slurm or kubernetes
	Script     string   // slurm: the job script
	SbatchArgs []string // slurm: more options for sbatch
	Kubernetes string   // kubernetes: the settings of ParseKubernetes
	// Colony is the colony program the tasks run: for slurm, "" for this program;
	// for kubernetes, "" for the image's (ImageColony).
	Colony string
	Poll   time.Duration // slurm, kubernetes: how often to ask for a batch's state
	// Run runs a colony command line in this process (local's, see Local).
	Run func(args []string, stdout, stderr io.Writer) int
	// Logf, if not nil, is told each batch's job (see Cluster).
	Logf func(format string, args ...any)
}

// NewSubmitter checks s for a match whose flags are args and returns its submitter:
// Local, or a Cluster of Slurm or Kubernetes. name names the settings in the errors
// as the caller spells them (the command line's "--script"); nil leaves them as
// they are.
func NewSubmitter(s SubmitterSettings, args []string, name func(setting string) string) (Submitter, error) {
	if name == nil {
		name = func(setting string) string { return setting }
	}
	given := func(settings ...string) error {
		set := map[string]bool{"script": s.Script != "", "sbatch-arg": len(s.SbatchArgs) > 0, "kubernetes": s.Kubernetes != "",
			"colony": s.Colony != ""}
		for _, setting := range settings {
			if set[setting] {
				return fmt.Errorf("%s is not for %s %s", name(setting), name("submitter"), s.Kind)
			}
		}
		return nil
	}
	if s.Poll <= 0 {
		return nil, fmt.Errorf("%s must be positive, got %v", name("poll"), s.Poll)
	}
	c := &Cluster{Colony: s.Colony, Poll: s.Poll, Logf: s.Logf}
	switch s.Kind {
	case "local":
		if err := given("script", "sbatch-arg", "kubernetes", "colony"); err != nil {
			return nil, err
		}
		return Local{Run: s.Run}, nil
	case "slurm":
		if err := given("kubernetes"); err != nil {
			return nil, err
		}
		slurm, err := NewSlurm(Slurm{Script: s.Script, SbatchArgs: s.SbatchArgs}, name)
		if err != nil {
			return nil, err
		}
		c.Scheduler = slurm
		if c.Colony == "" {
			if c.Colony, err = os.Executable(); err != nil {
				return nil, fmt.Errorf("this program's path, for the tasks: %w (give %s)", err, name("colony"))
			}
		}
	case "kubernetes":
		if err := given("script", "sbatch-arg"); err != nil {
			return nil, err
		}
		k, err := ParseKubernetes(s.Kubernetes)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name("kubernetes"), err)
		}
		c.Scheduler = k
		if c.Colony == "" {
			c.Colony = ImageColony
		}
	default:
		return nil, fmt.Errorf("%s %q: want local, slurm or kubernetes", name("submitter"), s.Kind)
	}
	// The match file must hold the match: no line breaks.
	if _, err := (&MatchFile{Colony: c.Colony, Shards: 1, Args: args}).Encode(); err != nil {
		return nil, fmt.Errorf("%s %s: %w", name("submitter"), s.Kind, err)
	}
	return c, nil
}
