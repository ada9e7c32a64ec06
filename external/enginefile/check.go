package enginefile

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/colony-ai/colony/external/enginehost"
	"github.com/colony-ai/colony/internal/textline"
	"github.com/colony-ai/colony/protocol"
)

// Report is what starting an engine of a file showed (Check).
type Report struct {
	// Identity is what the engine declared in its handshake.
	Identity protocol.Identity
	// Problems are what is wrong with the file's entry for the engine: an option the
	// engine does not declare, or a value it refuses, or a game it does not play.
	Problems []string
}

// Check starts the engine e, reads its handshake, checks the file's options against
// the options it declares (and, when game is not "", that it plays the game: a
// game's name without its rule set), and ends it. Its standard error goes to stderr
// (nil drops it). An engine that cannot be started, or fails its handshake, is an
// error.
func Check(ctx context.Context, e Engine, game string, stderr io.Writer) (Report, error) {
	var r Report
	if err := e.CheckProgram(); err != nil {
		return r, err
	}
	c, err := enginehost.Start(ctx, enginehost.Process{Path: e.Path, Args: e.Args, Dir: e.Dir, Stderr: stderr}, protocol.Timeouts{})
	if err != nil {
		return r, err
	}
	r.Identity = c.Identity()
	for _, o := range e.Options {
		decl, ok := r.Identity.Option(o[0])
		if !ok {
			r.Problems = append(r.Problems, fmt.Sprintf("options: %q: the engine declares no such option", o[0]))
			continue
		}
		if err := decl.Check(o[1]); err != nil {
			r.Problems = append(r.Problems, fmt.Sprintf("options: %q: %v", o[0], err))
		}
	}
	if base, _, _ := strings.Cut(game, ":"); base != "" && r.Identity.Games != nil {
		found := false
		for _, g := range r.Identity.Games {
			found = found || g == base
		}
		if !found {
			r.Problems = append(r.Problems, fmt.Sprintf("the engine does not play %s (it plays %s)", base, strings.Join(r.Identity.Games, ", ")))
		}
	}
	if err := c.Quit(ctx); err != nil {
		return r, fmt.Errorf("quit: %w", err)
	}
	return r, nil
}

// OptionLine returns the option line of o as an engine declares it: "option name N
// type T ...".
func OptionLine(o protocol.Option) string {
	r := protocol.OptionReply{Option: o}
	return r.String()
}

// Write writes the report of the engine name as 'colony engines --check' prints it:
// a line of its identity (name, author, games), a line for each option it declares
// and one for each problem found.
func (r Report) Write(w io.Writer, name string) error {
	id := r.Identity
	line := fmt.Sprintf("%s: id name %s", name, id.Name)
	if id.Author != "" {
		line += "; author " + id.Author
	}
	if id.Games != nil {
		line += "; games " + strings.Join(id.Games, " ")
	} else {
		line += "; games: any"
	}
	lines := []string{line}
	for _, o := range id.Options {
		lines = append(lines, "  "+OptionLine(o))
	}
	for _, p := range r.Problems {
		lines = append(lines, "  problem: "+p)
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n")+"\n")
	return err
}

// CheckAll checks every engine of f (Check, for game when not "") and writes each
// one's report to w as 'colony engines --check' prints it, or a line "NAME: FAILED:
// <error on one line>" for an engine that could not be checked. It returns how many
// engines failed or have problems; the error is a write's.
func CheckAll(ctx context.Context, f *File, game string, w io.Writer) (bad int, err error) {
	for _, e := range f.Engines {
		r, err := Check(ctx, e, game, nil)
		if err != nil {
			bad++
			if _, err := fmt.Fprintf(w, "%s: FAILED: %s\n", e.Name, textline.Join(err.Error())); err != nil {
				return bad, err
			}
			continue
		}
		if err := r.Write(w, e.Name); err != nil {
			return bad, err
		}
		if len(r.Problems) > 0 {
			bad++
		}
	}
	return bad, nil
}
