package report

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/colony-ai/colony/internal/atomicfile"
)

// Outputs name the files of a tournament: its games file and the files its report
// is written to (see Write); "" names no file. Dir, when set, names the files not
// given on their own (see Fill).
type Outputs struct {
	Dir       string // the directory of every file not given: games.jsonl, summary.json, standings.csv, ratings.png
	GamesFile string // one JSON line per finished game (see record.OpenGamesFile)
	Summary   string // the report as JSON (Report.WriteJSON)
	CSV       string // the standings as CSV (Report.WriteCSV)
	Plot      string // the Elo estimates as a PNG chart (Report.WritePlot)
}

// Fill names the files in Dir that were not given on their own: games.jsonl,
// summary.json, standings.csv and ratings.png. Without Dir it does nothing.
func (o *Outputs) Fill() {
	if o.Dir == "" {
		return
	}
	set := func(p *string, name string) {
		if *p == "" {
			*p = filepath.Join(o.Dir, name)
		}
	}
	set(&o.GamesFile, "games.jsonl")
	set(&o.Summary, "summary.json")
	set(&o.CSV, "standings.csv")
	set(&o.Plot, "ratings.png")
}

// Check makes the directories of the report files named (summary, CSV, chart) and
// checks that a file can be made in each, so that a run whose reports could not be
// written is refused before it plays, not after. It writes no report file; the
// error is the system's, naming the file.
func (o *Outputs) Check() error {
	for _, name := range []string{o.Summary, o.CSV, o.Plot} {
		if name == "" {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := atomicfile.Check(name); err != nil {
			return err
		}
	}
	return nil
}

// Publish writes rep as text to w (Report.WriteText), then to the files named
// (Write, its warnings on warn): what a command prints and keeps of a finished run.
func (o *Outputs) Publish(rep *Report, w, warn io.Writer) error {
	if err := rep.WriteText(w); err != nil {
		return err
	}
	return o.Write(rep, warn)
}

// Write writes rep to the files named (the summary JSON, the CSV and the chart, each
// with its directory); the games file is not Write's. A chart that cannot be drawn is
// a warning on warn, not an error, and leaves no file: it is drawn in memory first,
// so that a picture never fails a finished run. The error joins those of every file.
func (o *Outputs) Write(rep *Report, warn io.Writer) error {
	write := func(name string, fn func(io.Writer) error) error {
		if name == "" {
			return nil
		}
		if dir := filepath.Dir(name); dir != "" {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return err
			}
		}
		return atomicfile.Write(name, fn) // a full disk leaves the earlier file whole
	}
	err := errors.Join(
		write(o.Summary, rep.WriteJSON),
		write(o.CSV, rep.WriteCSV),
	)
	if o.Plot != "" {
		var png bytes.Buffer
		if perr := rep.WritePlot(&png); perr != nil {
			fmt.Fprintf(warn, "warning: %s not drawn: %v\n", o.Plot, perr)
		} else {
			err = errors.Join(err, write(o.Plot, func(w io.Writer) error {
				_, werr := w.Write(png.Bytes())
				return werr
			}))
		}
	}
	return err
}
