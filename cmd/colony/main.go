// Command colony is the command-line tool of the Colony toolkit: it draws positions,
// lists and applies moves, scores games, runs perft and plays random games for
// statistics. Run "colony help" for the commands.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/catalog"
	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/internal/interrupt"
	"github.com/colony-ai/colony/internal/textline"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Exit statuses (the README's table): a command interrupted by a signal exits with
// 128 plus the signal's number (130 for Ctrl-C, 143 for SIGTERM, 129 for SIGHUP), and
// a crash of the Go runtime ends the process by SIGABRT (crashOnFatal), not with
// Go's status 2, which is exitUsage's.
const (
	exitOK    = 0
	exitError = 1 // failed while running: an engine's limit, a full disk, a write error
	exitUsage = 2 // bad input or refused: a position, a move, a flag, a file, an output that cannot be made
)

func main() {
	// A copy of this program started as the supervisor of an engine (package
	// enginehost) supervises it and exits here; otherwise the engines that colony
	// starts are supervised from now on.
	enginehost.RunSupervisorIfAsked()
	crashOnFatal()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// crashOnFatal makes the fatal paths of the Go runtime, which exit with status 2 by
// default (exitUsage, bad input, here), end the process by SIGABRT instead (status
// 134 in a shell): a panic in a goroutine that does not recover it, a fatal error (out
// of memory, concurrent map writes, all goroutines asleep), SIGQUIT (Ctrl-\). The
// runtime still prints its message and the goroutines' stacks on standard error. A
// GOTRACEBACK given in the environment is kept: the user chose how Go crashes.
func crashOnFatal() {
	if os.Getenv("GOTRACEBACK") == "" {
		debug.SetTraceback("crash")
	}
}

// run executes the command line args, writing results to stdout and errors to stderr,
// and returns the exit status. It builds a fresh command tree on every call, so it
// can be called many times in one process (the tests do). Commands that read (engine)
// read the standard input.
func run(args []string, stdout, stderr io.Writer) int {
	return runWithInput(args, nil, stdout, stderr)
}

// runWithInput is run with the commands reading stdin (nil: the standard input).
func runWithInput(args []string, stdin io.Reader, stdout, stderr io.Writer) (status int) {
	defer func() {
		// A panic is a bug, but the user still gets one line, not a stack trace.
		if p := recover(); p != nil {
			fmt.Fprintf(stderr, "colony: internal error: %v\n", p)
			status = exitError
		}
	}()
	root := newRootCmd()
	root.SetArgs(args)
	root.SetIn(stdin)
	root.SetOut(stdout)
	root.SetErr(stderr)
	ctx, signals := interrupt.WithRecorder(context.Background())
	if err := root.ExecuteContext(ctx); err != nil {
		fmt.Fprintf(stderr, "colony: %s\n", oneLine(err.Error()))
		if status, ok := signals.ExitStatus(); ok {
			return status
		}
		return exitStatus(err)
	}
	return exitOK
}

// exitStatus returns the exit status of a command that ended with err and no signal:
// 1 for a failure while running and 2 for bad input; a failure that is an output the
// system refused to make (read-only, no permission, no such directory) is bad input
// too, as it is when found before the work starts.
func exitStatus(err error) int {
	var fe *failure
	if errors.As(err, &fe) && !atomicfile.Refused(err) {
		return exitError
	}
	return exitUsage
}

// failure is an error that is not the user's input: the engine hit a limit, or the
// output could not be written. It exits with status 1; every other error is bad input
// and exits with status 2.
type failure struct{ err error }

func (f *failure) Error() string { return f.err.Error() }
func (f *failure) Unwrap() error { return f.err }

// fail wraps err as a failure (exit status 1).
func fail(err error) error {
	if err == nil {
		return nil
	}
	return &failure{err}
}

// oneLine turns a multi-line error (cobra's "Did you mean this?" suggestions) into one
// line.
func oneLine(msg string) string {
	msg = strings.TrimSpace(msg)
	if !strings.Contains(msg, "\n") {
		return msg
	}
	head, sugg, found := strings.Cut(msg, "Did you mean this?")
	if found {
		var names []string
		for _, f := range strings.Fields(sugg) {
			names = append(names, f)
		}
		return strings.TrimSpace(head) + " (did you mean " + strings.Join(names, " or ") + "?)"
	}
	return textline.Join(msg)
}

// options holds the values of the global flags of one run.
type options struct {
	rules   string
	board   string
	game    string
	engines string // the engines file named (--engines or $COLONY_ENGINES), "" for none
}

// newRootCmd builds the command tree.
func newRootCmd() *cobra.Command {
	opts := &options{}
	root := &cobra.Command{
		Use:           "colony",
		Short:         "Tools for The Colony, a three-row mancala game",
		Long:          strings.Replace(helpText("colony"), "{{other games}}", otherGamesHelp(), 1),
		Example:       helpText("colony.example"),
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.CompletionOptions.DisableDefaultCmd = true
	pf := root.PersistentFlags()
	pf.StringVar(&opts.rules, "rules", "colony", "rule set `NAME`: colony, optionally with settings, as in colony:turncap=300,sowcap=5000")
	pf.StringVar(&opts.board, "board", "", "board `FILE` to play on instead of the default board (the rule set's caps still apply)")
	pf.StringVar(&opts.game, "game", "colony", "the game `NAME[:PARAMS]`: colony (with --rules and --board), "+
		strings.Join(catalog.Names()[1:], ", ")+"; 'colony games' lists them")
	addEnginesFlag(pf, opts)
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		err = plainFlagError(err)
		if c.HasParent() {
			return fmt.Errorf("%s: %w (see 'colony %s --help')", c.Name(), err, c.Name())
		}
		return fmt.Errorf("%w (see 'colony --help')", err)
	})
	root.SetHelpCommand(newHelpCmd())
	root.AddCommand(
		newShowCmd(opts),
		newMovesCmd(opts),
		newApplyCmd(opts),
		newScoreCmd(opts),
		newPerftCmd(opts),
		newPlayoutCmd(opts),
		newRulesCmd(opts),
		newAnalyzeCmd(opts),
		newBenchCmd(opts),
		newSprtCmd(opts),
		newTournamentCmd(opts),
		newEvalCmd(opts),
		newSelfplayCmd(opts),
		newOpeningsCmd(opts),
		newTuneCmd(opts),
		newTrainCmd(opts),
		newSolveCmd(opts),
		newGamesCmd(opts),
		newPlayersCmd(opts),
		newEngineCmd(opts),
		newEnginesCmd(opts),
		newPlayCmd(opts),
		newReplayCmd(opts),
		newExportCmd(opts),
		newServeCmd(opts),
	)
	return root
}

// plainFlagError rewrites pflag's invalid-value errors, which quote strconv, in plain
// words: `--depth: "x" is not an integer`.
func plainFlagError(err error) error {
	var ive *pflag.InvalidValueError
	if !errors.As(err, &ive) {
		return err
	}
	name := "--" + ive.GetFlag().Name
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		kind := "an integer"
		switch {
		case strings.HasPrefix(ne.Func, "ParseUint"):
			kind = "a non-negative integer"
		case strings.HasPrefix(ne.Func, "ParseBool"):
			kind = "true or false"
		case strings.HasPrefix(ne.Func, "ParseFloat"):
			kind = "a number"
		}
		if errors.Is(ne.Err, strconv.ErrRange) {
			return fmt.Errorf("%s: %q is out of range", name, ive.GetValue())
		}
		return fmt.Errorf("%s: %q is not %s", name, ive.GetValue(), kind)
	}
	return fmt.Errorf("%s: invalid value %q: %v", name, ive.GetValue(), errors.Unwrap(err))
}

// newHelpCmd replaces cobra's help command, which has no example and exits on an
// unknown topic.
func newHelpCmd() *cobra.Command {
	return &cobra.Command{
		Use:     "help [COMMAND]",
		Short:   "Help about any command",
		Long:    "help prints the help of a command, or of colony itself when no command is given.",
		Example: helpText("help.example"),
		RunE: func(c *cobra.Command, args []string) error {
			root := c.Root()
			target, rest, err := root.Find(args)
			if err != nil {
				return err
			}
			if len(rest) > 0 && target == root {
				return fmt.Errorf("help: unknown command %q", rest[0])
			}
			return target.Help()
		},
	}
}

// noArgs rejects positional arguments with a message naming the command.
func noArgs(c *cobra.Command, args []string) error {
	if len(args) > 0 {
		return fmt.Errorf("%s takes no arguments, got %s (see 'colony %s --help')", c.Name(), game.Quote(args[0]), c.Name())
	}
	return nil
}

// otherGamesHelp is the root command's paragraph on the registered games after The
// Colony, from the registry, wrapped as the help's other paragraphs are.
func otherGamesHelp() string {
	names := catalog.Names()[1:]
	text := "The classic mancala games are here too: --game " + names[0] + " (or " + strings.Join(names[1:], ", ") +
		"; 'colony games' lists them) with every command: rules prints a game's rules document."
	var b strings.Builder
	line := 0
	for _, w := range strings.Fields(text) {
		switch {
		case line == 0:
		case line+1+len(w) > helpWidth:
			b.WriteByte('\n')
			line = 0
		default:
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	return b.String()
}

// helpWidth is the widest line of otherGamesHelp's paragraph.
const helpWidth = 82
