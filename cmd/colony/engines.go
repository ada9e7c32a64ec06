package main

import (
	"fmt"
	"os"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/colony-ai/colony/external/enginefile"
)

// addEnginesFlag defines --engines, whose default is $COLONY_ENGINES.
func addEnginesFlag(pf *pflag.FlagSet, opts *options) {
	pf.StringVar(&opts.engines, "engines", os.Getenv(enginefile.EnvVar),
		"engines `FILE` (docs/engines-file.md) whose engines the players name as engine:NAME (default $"+enginefile.EnvVar+"; no file is read unless named)")
}

// engineFile reads the engines file named, or returns nil when none is.
func (o *options) engineFile() (*enginefile.File, error) {
	if o.engines == "" {
		return nil, nil
	}
	return enginefile.Load(o.engines)
}

// resolvePlayer returns spec with an engine of the engines file (engine:NAME) replaced
// by its cmd spec; the file is read only then.
func (o *options) resolvePlayer(spec string) (string, error) {
	return enginefile.ResolveSpec(o.engines, spec)
}

// resolveEntrants resolves the specs of a tournament's players, NAME=SPEC or SPEC, in
// place.
func (o *options) resolveEntrants(players []string) error {
	return enginefile.ResolveEntrants(o.engines, players)
}

func newEnginesCmd(opts *options) *cobra.Command {
	var check bool
	c := &cobra.Command{
		Use:     "engines [--engines FILE] [--check]",
		Short:   "List the engines of an engines file, and check them (start each, show its options)",
		Long:    helpText("engines"),
		Example: helpText("engines.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if opts.engines == "" {
				return fmt.Errorf("engines: no engines file is named (give --engines FILE or set $%s)", enginefile.EnvVar)
			}
			f, err := opts.engineFile()
			if err != nil {
				return fmt.Errorf("engines: %w", err)
			}
			game := ""
			if c.Flags().Changed("game") {
				game = opts.game
			}
			out := c.OutOrStdout()
			if !check {
				for _, e := range f.Engines {
					fmt.Fprintf(out, "%s\t%s\n", e.Name, e.Spec)
				}
				return nil
			}
			bad, err := enginefile.CheckAll(cmdContext(c), f, game, out)
			if err != nil {
				return fail(fmt.Errorf("engines: %w", err))
			}
			if bad > 0 {
				return fail(fmt.Errorf("engines: %d of %d engines of %s failed their check", bad, len(f.Engines), f.Path))
			}
			return nil
		},
	}
	c.Flags().BoolVar(&check, "check", false, "start each engine, show its identity and options, check the file's options against them (and, with --game, that it plays the game)")
	return c
}

// addFileEngines adds the engines of the engines file named, if any, to engines (a
// name's spec, web.Config.Engines): the page names each engine:NAME. It returns
// the engines whose program cannot be started, with why (web.Config.Unavailable).
func addFileEngines(engines map[string]string, opts *options) (map[string]error, error) {
	f, err := opts.engineFile()
	if err != nil {
		return nil, err
	}
	return f.AddSpecs(engines)
}
