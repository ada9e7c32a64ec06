package main

import (
	"errors"
	"fmt"
	"runtime"
	"syscall"
	"time"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/external"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/report"
	"github.com/colony-ai/colony/tournament"
	"github.com/spf13/cobra"
)

// tournamentFlags are the flags of 'colony tournament'.
type tournamentFlags struct {
	settings    tournament.Settings
	concurrency int
	resume      bool
	outputs     report.Outputs
	progress    string
	affinity    bool // --affinity: pin each game slot's engines to CPUs of its own
	engineLogMB int
	keepLogs    bool
}

// addOutputFlags defines on c the flags of the output files o: --out, --games-file
// (withGames), --summary, --csv and --plot.
func addOutputFlags(c *cobra.Command, o *report.Outputs, withGames bool) {
	f := c.Flags()
	files := "summary.json, standings.csv, ratings.png"
	if withGames {
		files = "games.jsonl, " + files
	}
	f.StringVar(&o.Dir, "out", "", "directory `DIR` for all the output files: "+files)
	if withGames {
		f.StringVar(&o.GamesFile, "games-file", "", "games `FILE`: one JSON line per finished game, appended as each game ends")
	}
	f.StringVar(&o.Summary, "summary", "", "write the report as JSON to `FILE`")
	f.StringVar(&o.CSV, "csv", "", "write the standings as CSV to `FILE`")
	f.StringVar(&o.Plot, "plot", "", "draw the Elo estimates with their intervals as a PNG chart in `FILE`")
}

func newTournamentCmd(opts *options) *cobra.Command {
	var fl tournamentFlags
	c := &cobra.Command{
		Use:     "tournament --player NAME=SPEC --player NAME=SPEC... [flags]",
		Short:   "Play engine-vs-engine tournaments with sound statistics",
		Long:    helpText("tournament"),
		Example: helpText("tournament.example"),
		Args:    noArgs,
		RunE:    func(c *cobra.Command, _ []string) error { return runTournament(c, opts, &fl) },
	}
	fl.add(c)
	c.AddCommand(newMergeCmd(opts), newSprtDriverCmd(opts))
	return c
}

// tournamentConfig checks the flags and builds the tournament's config.
func tournamentConfig(c *cobra.Command, game catalog.Ruleset, fl *tournamentFlags) (record.Config, error) {
	if err := fl.settings.Check(c.Flags().Changed, flagName); err != nil {
		return record.Config{}, fmt.Errorf("tournament: %w", err)
	}
	if fl.concurrency < 1 {
		return record.Config{}, fmt.Errorf("tournament: --concurrency must be at least 1, got %d", fl.concurrency)
	}
	if err := report.CheckProgressMode(fl.progress); err != nil {
		return record.Config{}, fmt.Errorf("tournament: --progress: %w", err)
	}
	cfg, err := fl.settings.Config(game)
	var se *match.SettingError
	if errors.As(err, &se) {
		return cfg, fmt.Errorf("tournament: --%s: %w", se.Setting, se.Err)
	} else if err != nil {
		return cfg, fmt.Errorf("tournament: %w", err)
	}
	return cfg, nil
}

// add defines the flags of 'colony tournament' on c.
func (fl *tournamentFlags) add(c *cobra.Command) {
	f, s := c.Flags(), &fl.settings
	f.StringArrayVarP(&s.Players, "player", "p", nil, "a player, `NAME=SPEC` or SPEC (repeat for each player)")
	f.StringVar(&s.Format, "format", "", "`FORMAT`: match, roundrobin or gauntlet (default: match for two players, roundrobin for more)")
	f.IntVar(&s.Games, "games", 20, "games of each pairing, `N` (even: pairs with colours swapped)")
	f.Uint64Var(&s.Seed, "seed", 1, "random seed `S` of the openings and the players")
	f.StringVar(&s.Openings, "openings", "", "opening `FILE`: one position a line (blank lines and # comments skipped)")
	f.BoolVar(&s.Shuffle, "shuffle-openings", false, "take the opening file's positions in a seeded random order")
	f.IntVar(&s.OpeningTurns, "opening-turns", 4, "random openings: `N` uniformly random turns from the start")
	f.IntVar(&s.Depth, "depth", 0, "depth limit `N` in full turns for players that have one")
	f.Uint64Var(&s.Nodes, "nodes", 0, "node limit `N` (ab) or simulation limit (mcts)")
	f.DurationVar(&s.MoveTime, "movetime", 0, "time per move `D`, such as 100ms")
	f.StringVar(&s.TimeControl, "tc", "", "time control `BASE+INC` per game, such as 10+0.1 or 1m+500ms")
	f.DurationVar(&s.Margin, "time-margin", 100*time.Millisecond, "how far over its time `D` a player may go before it loses (it is not waited for past its time plus the margin, at least 100ms)")
	f.DurationVar(&s.MoveTimeout, "move-timeout", 0, "without --movetime or --tc: a player that has not replied to a move after `D` loses on time and is abandoned (default: no limit)")
	f.IntVar(&fl.concurrency, "concurrency", runtime.NumCPU(), "games played at once, `N`")
	f.IntVar(&fl.engineLogMB, "engine-log-limit", external.DefaultLogLimit>>20, "keep at most `MB` megabytes of each engine process's standard error in its log (its first and last halves; 0: all)")
	f.BoolVar(&fl.keepLogs, "keep-engine-logs", false, "keep the temporary directory of the engines' logs of a run without --out or --games-file (kept anyway when a game was lost by a fault)")
	f.StringVar(&s.SPRT, "sprt", "", "SPRT `TEST` for a match: elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic]")
	f.StringVar(&s.Shard, "shard", "", "play only slice `K/N` of the schedule (merge the games files afterwards)")
	f.IntVar(&s.UntilPair, "until-pair", 0, "play only the pairs of the schedule numbered below `P` (from 0; those of the shard with --shard); --resume with a larger P continues: batches of pairs")
	f.BoolVar(&s.Strict, "strict", false, "read external engines' lines strictly: an empty line, info outside a search or an unknown info item (UCI's seldepth, score cp, ...) loses the game (protocol error) instead of being ignored")
	// Adjudication (record.Adjudication).
	f.StringVar(&s.AdjudicateResign, "adjudicate-resign", "", "adjudicate a game won when the leader's score is at least S points (as analyze shows scores: 15, 1.5; at least 1) and the other's at most -S for N turns each: `turns=N,score=S`")
	f.StringVar(&s.AdjudicateDraw, "adjudicate-draw", "", "adjudicate a game drawn when both scores are within S points of 0 (as analyze shows scores: 0, 0.5) for N turns each after turn M: `after=M,turns=N,score=S`")
	f.IntVar(&s.AdjudicateTurns, "adjudicate-turns", 0, "end a game after `T` turns from the opening, won by the side with more points (default: no cap)")
	f.StringVar(&s.AdjudicateExact, "adjudicate-exact", "", "decide a position with at most N pieces in play by its exact value: endgame database of E pieces, else the solver within K nodes (kalah): `pieces=N[,nodes=K][,endgames=E]`")
	f.BoolVar(&fl.resume, "resume", false, "continue the tournament recorded in the games file")
	f.StringVar(&fl.progress, "progress", "auto", "progress display `MODE`: auto (a bar on a terminal, else a line now and then), bar, lines or off")
	addOutputFlags(c, &fl.outputs, true)
	// CPU pinning.
	f.BoolVar(&fl.affinity, "affinity", false, "pin the engines (cmd players) of each game played at once to CPUs of its own, as fastchess's affinity (Linux; the built-in players are not pinned)")
}

func runTournament(c *cobra.Command, opts *options, fl *tournamentFlags) error {
	g, err := opts.openGame()
	if err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	if err := opts.resolveEntrants(fl.settings.Players); err != nil {
		return fmt.Errorf("tournament: --player: %w", err)
	}
	cfg, err := tournamentConfig(c, g, fl)
	if err != nil {
		return err
	}
	if fl.affinity {
		if _, err := external.CPUSets(fl.concurrency); err != nil {
			return fmt.Errorf("tournament: --affinity: %w", err)
		}
		cfg.Affinity = true
	}
	fl.outputs.Fill()
	runner := &tournament.Runner{Games: g.Match(), Config: cfg, Concurrency: fl.concurrency}
	runner.SetEngineLogLimit(int64(fl.engineLogMB) << 20)
	// Check every player, with the limits, before touching any file.
	if err := runner.CheckPlayers(); err != nil {
		return fmt.Errorf("tournament: %w", err)
	}
	if err := fl.outputs.Check(); err != nil {
		return fmt.Errorf("tournament: %w", err)
	}

	stderr := c.ErrOrStderr()
	prog := report.NewProgressDisplay(stderr, fl.progress)
	standings := &report.Standings{W: stderr, Display: prog, Config: &cfg, Sides: g.Sides()}
	defer standings.OnSignal(syscall.SIGUSR1)() // SIGUSR1 shows the standings so far
	res, err := playRecorded(c, "tournament", runner, fl.outputs.GamesFile, fl.resume, fl.keepLogs, prog, cfg.Describe, standings.Progress)
	if err != nil {
		return err
	}
	rep, err := report.SummarizeGames(&cfg, res.Summaries, g.Sides(), res.SPRT)
	if err != nil {
		return fail(fmt.Errorf("tournament: %w", err))
	}
	out := c.OutOrStdout()
	fmt.Fprint(out, res.Summary(fl.concurrency, rep.Games))
	if err := fl.outputs.Publish(rep, out, c.ErrOrStderr()); err != nil {
		return fail(fmt.Errorf("tournament: %w", err))
	}
	if !res.Complete {
		msg := fmt.Sprintf("tournament: stopped after %d of %d games", res.Count(), cfg.RunGames())
		if fl.outputs.GamesFile != "" {
			msg += "; continue with the same command and --resume"
		}
		return fail(errors.New(msg))
	}
	return nil
}

// playRecorded plays runner's games recorded in the games file name ("" for none) as a
// tournament.Session: it prints the engines' logs and the line describe returns on
// standard error, shows the progress, and calls onProgress (if not nil) after each
// game; Ctrl-C stops the run at once, its finished games kept. It warns on standard
// error when players were abandoned or engines killed. cmd prefixes the errors.
func playRecorded(c *cobra.Command, cmd string, runner tournament.Runnable, name string, resume, keepLogs bool,
	prog *report.ProgressDisplay, describe func(resumed int) string, onProgress func(*report.Progress)) (*tournament.Result, error) {
	stderr := c.ErrOrStderr()
	s := &tournament.Session{Runner: runner, GamesFile: name, Resume: resume, Describe: describe, KeepEngineLogs: keepLogs,
		Progress: func(p *report.Progress) {
			prog.Update(p)
			if onProgress != nil {
				onProgress(p)
			}
		},
		Notef: func(format string, args ...any) { fmt.Fprintf(stderr, cmd+": "+format+"\n", args...) }}
	ctx, stop := interruptContext(c)
	defer stop()
	res, err := s.Run(ctx)
	prog.Finish()
	for _, w := range res.Warnings() {
		fmt.Fprintf(stderr, "%s: warning: %s\n", cmd, oneLine(w))
	}
	var openErr *tournament.OpenError
	var startErr *tournament.StartError
	var loadErr *tournament.LoadInterrupted
	switch {
	case errors.As(err, &loadErr):
		return nil, fail(fmt.Errorf("%s: %w; --resume continues", cmd, err))
	case errors.Is(err, tournament.ErrResumeWithoutGamesFile):
		return nil, fmt.Errorf("%s: --resume needs the games file (--games-file or --out)", cmd)
	case errors.As(err, &openErr):
		return nil, gamesFileError(cmd, openErr.Err)
	case errors.As(err, &startErr):
		return nil, fmt.Errorf("%s: %w", cmd, err)
	case err != nil && res != nil && name != "":
		return nil, fail(fmt.Errorf("%s: %w (the finished games are in the games file; --resume continues)", cmd, err))
	case err != nil:
		return nil, fail(fmt.Errorf("%s: %w", cmd, err))
	}
	return res, nil
}

// gamesFileError says, for command cmd, why record.OpenGamesFile failed, in
// terms of the flags: an error writing the file is a failure, any other bad input.
func gamesFileError(cmd string, err error) error {
	var resumeErr *record.ResumeError
	var writeErr *record.WriteError
	switch {
	case errors.Is(err, record.ErrGamesFileExists):
		return fmt.Errorf("%s: %w: give --resume to continue it, or another file", cmd, err)
	case errors.As(err, &resumeErr):
		return fmt.Errorf("%s: --resume: %w", cmd, err)
	case errors.As(err, &writeErr):
		return fail(fmt.Errorf("%s: %w", cmd, err))
	}
	return fmt.Errorf("%s: %w", cmd, err)
}

func newMergeCmd(opts *options) *cobra.Command {
	var (
		o            report.Outputs
		sprtText     string
		allowPartial bool
	)
	c := &cobra.Command{
		Use:     "merge FILE...",
		Short:   "Combine the games files of a tournament's shards into one report",
		Long:    helpText("merge"),
		Example: helpText("merge.example"),
		Args: func(_ *cobra.Command, files []string) error {
			if len(files) == 0 {
				return errors.New("merge needs the games files to merge, as in 'colony tournament merge results/shard-*.jsonl'")
			}
			return nil
		},
		RunE: func(c *cobra.Command, files []string) error {
			o.Fill()
			if err := o.Check(); err != nil {
				return fmt.Errorf("merge: %w", err)
			}
			merged, rep, err := report.MergeReport(files, sprtText, gameSides)
			var se *report.SPRTError
			switch {
			case errors.As(err, &se):
				return fmt.Errorf("merge: --sprt: %w", se.Err)
			case err != nil:
				return fmt.Errorf("merge: %w", err)
			}
			out := c.OutOrStdout()
			fmt.Fprint(out, merged.Summary(len(files)))
			if err := o.Publish(rep, out, c.ErrOrStderr()); err != nil {
				return fail(fmt.Errorf("merge: %w", err))
			}
			if missing := merged.DescribeMissing(); missing != "" && !allowPartial {
				return fail(fmt.Errorf("merge: %s; give every shard's games file, or --allow-partial to report on the games there are", missing))
			}
			return nil
		},
	}
	addOutputFlags(c, &o, false)
	c.Flags().BoolVar(&allowPartial, "allow-partial", false, "report on the games the files hold, with status 0, when games of the schedule are missing")
	c.Flags().StringVar(&sprtText, "sprt", "", "SPRT `TEST` over the match's pairs: elo0=0,elo1=5[,alpha=0.05,beta=0.05,model=normalized|logistic]")
	return c
}

// gameSides returns the side names of the game named game, none when it is not known.
func gameSides(game string) (sides [2]string) {
	if g, err := catalog.Open(game); err == nil {
		sides = g.Sides()
	}
	return sides
}
