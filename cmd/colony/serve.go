package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
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
			if err := addFileEngines(cfg.Engines, opts); err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			s, err := web.New(cfg)
			if err != nil {
				return fmt.Errorf("serve: %w", err)
			}
			ln, err := net.Listen("tcp", cfg.Addr)
			if err != nil {
				return fail(fmt.Errorf("serve: --addr: %w", err))
			}
			// With port 0 the system chooses one: the server answers to that one.
			if actual := ln.Addr().String(); actual != cfg.Addr {
				cfg.Addr = actual
				if s, err = web.New(cfg); err != nil {
					ln.Close()
					return fmt.Errorf("serve: %w", err)
				}
			}
			ctx, stop := interruptContext(c)
			defer stop()
			srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second,
				BaseContext: func(net.Listener) context.Context { return ctx }}
			fmt.Fprintf(c.OutOrStdout(), "colony serve: http://%s/ (Ctrl-C stops)\n", cfg.Addr)
			done := make(chan error, 1)
			go func() { done <- srv.Serve(ln) }()
			select {
			case err := <-done:
				return fail(fmt.Errorf("serve: %w", err))
			case <-ctx.Done():
			}
			shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
				return fail(fmt.Errorf("serve: stopping: %w", err))
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
