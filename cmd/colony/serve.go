package main

import (
	"fmt"
	"maps"
	"net"
	"slices"
	"strings"
	"time"

	"github.com/colony-ai/colony/web"
	"github.com/spf13/cobra"
)

func newServeCmd(opts *options) *cobra.Command {
	var cfg web.Config
	var engines []string
	c := &cobra.Command{
		Use:     "serve [--addr HOST:PORT] [--dir DIR] [--engine NAME=SPEC]...",
		Short:   "Play, analyse and watch games in the browser (a local web application)",
		Long:    helpText("serve"),
		Example: helpText("serve.example"),
		Args:    noArgs,
		RunE: func(c *cobra.Command, _ []string) error {
			if _, err := opts.openGame(); err != nil {
				return err
			}
			cfg.Game = opts.game
			cfg.Engines = map[string]string{}
			for _, e := range engines {
				name, spec, ok := strings.Cut(e, "=")
				if !ok {
					return fmt.Errorf("serve: --engine %q: want NAME=SPEC, as in --engine mine=cmd:./my-engine", e)
				}
				if _, dup := cfg.Engines[name]; dup {
					return fmt.Errorf("serve: --engine: two engines are named %q", name)
				}
				cfg.Engines[name] = spec
			}
			unavailable, err := addFileEngines(cfg.Engines, opts)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			// An engine of the file whose program is not there is said, and listed
			// on the page as unavailable: the other engines stay usable.
			cfg.Unavailable = map[string]string{}
			for _, name := range slices.Sorted(maps.Keys(unavailable)) {
				fmt.Fprintf(c.ErrOrStderr(), "colony: serve: engine %s is unavailable (the other engines are offered): %v\n", name, unavailable[name])
				cfg.Unavailable[name] = unavailable[name].Error()
			}
			if _, err := web.New(cfg); err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			ln, err := net.Listen("tcp", cfg.Addr)
			if err != nil {
				return fail(fmt.Errorf("serve: --addr: %w", err))
			}
			ctx, stop := interruptContext(c)
			defer stop()
			fmt.Fprintf(c.OutOrStdout(), "colony serve: http://%s/ (Ctrl-C stops)\n", ln.Addr())
			if err := web.Serve(ctx, ln, cfg); err != nil {
				return fail(fmt.Errorf("serve: %w", err))
			}
			return nil
		},
	}
	f := c.Flags()
	f.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "listen on `HOST:PORT` (port 0: any free port); the default answers this machine only")
	f.StringVar(&cfg.Dir, "dir", "", "the results `DIR`ectory whose games files Watch browses and whose running tournament it follows (nothing else is read)")
	f.StringArrayVar(&engines, "engine", nil, "allow an external engine, as `NAME=SPEC` (cmd:PROGRAM...); the page names it engine:NAME (repeatable)")
	f.StringArrayVar(&cfg.Hosts, "host", nil, "also answer requests addressed to `NAME` (for a server reached by another name; repeatable)")
	f.IntVar(&cfg.MaxSearches, "max-searches", 0, "searches running at once, at most (0: the number of CPUs)")
	f.IntVar(&cfg.MaxTableMiB, "max-table", 256, "a search's transposition table or tree memory, at most, in `MiB`")
	f.DurationVar(&cfg.MaxSearchTime, "max-time", 10*time.Minute, "one search's time, at most: an analysis not stopped ends then")
	return c
}
