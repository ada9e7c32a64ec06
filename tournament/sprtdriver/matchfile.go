package sprtdriver

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/internal/atomicfile"
	"github.com/colony-ai/colony/internal/inputfile"
)

// MatchFileName is the name of the match file in a results directory.
const MatchFileName = "match.args"

// matchFileHeader is the first line of a match file.
const matchFileHeader = "# colony match file 1"

// MatchFile is what every task of a job array reads from the results directory
// (DIR/match.args) to know its match: the colony program, the number of shards and
// the tournament's flags. The job script (deploy/slurm/match.sbatch, also the
// image's /usr/local/bin/colony-task) runs, for task K of the array,
//
//	COLONY tournament ARGS... --concurrency C --shard K/SHARDS --games-file DIR/shard-K.jsonl --resume --progress lines
//
// so a task resubmitted alone (sbatch --array=K) plays shard K of SHARDS, and nothing
// travels in the environment (sites with sbatch --export=NONE). The file is lines:
//
//	# colony match file 1
//	colony PATH
//	shards N
//	arg ARG        (one line per argument, in order; an argument may hold spaces)
//
// Lines starting with # other than the first are comments.
type MatchFile struct {
	Colony string   // the colony program, absolute, as the tasks see it
	Shards int      // the shards of the match, the tasks of its array
	Args   []string // the tournament's flags (the global flags first)
}

// Encode returns the file's text, or an error when it cannot be written so that the
// job script reads it back: a program that is not absolute, shards below 1, or a
// line break in the program or an argument.
func (m *MatchFile) Encode() ([]byte, error) {
	switch {
	case !filepath.IsAbs(m.Colony):
		return nil, fmt.Errorf("the colony program %q is not an absolute path", m.Colony)
	case strings.ContainsAny(m.Colony, "\n\r"):
		return nil, fmt.Errorf("the colony program %q holds a line break", m.Colony)
	case m.Shards < 1:
		return nil, fmt.Errorf("shards: %d: want 1 or more", m.Shards)
	}
	var b bytes.Buffer
	fmt.Fprintf(&b, "%s\n# read by each task of the match's job array: see deploy/slurm/match.sbatch\ncolony %s\nshards %d\n",
		matchFileHeader, m.Colony, m.Shards)
	for _, a := range m.Args {
		if strings.ContainsAny(a, "\n\r") {
			return nil, fmt.Errorf("the match's argument %q holds a line break, which the match file cannot hold", a)
		}
		fmt.Fprintf(&b, "arg %s\n", a)
	}
	return b.Bytes(), nil
}

// WriteMatchFile writes m to dir/match.args atomically (a new file renamed over the
// old one), so that a task starting meanwhile reads the old file or the new one.
func WriteMatchFile(dir string, m *MatchFile) error {
	data, err := m.Encode()
	if err != nil {
		return fmt.Errorf("the match file: %w", err)
	}
	return atomicfile.WriteBytes(filepath.Join(dir, MatchFileName), data)
}

// ReadMatchFile reads dir/match.args.
func ReadMatchFile(dir string) (*MatchFile, error) {
	name := filepath.Join(dir, MatchFileName)
	data, err := inputfile.Kind{What: "a match file", Max: 1 << 20}.ReadFile(name)
	if err != nil {
		return nil, err
	}
	m, err := ParseMatchFile(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return m, nil
}

// ParseMatchFile parses the text of a match file (see MatchFile).
func ParseMatchFile(data []byte) (*MatchFile, error) {
	m := &MatchFile{}
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(nil, 1<<20)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if n == 1 {
			if line != matchFileHeader {
				return nil, fmt.Errorf("line 1: %q, want %q", line, matchFileHeader)
			}
			continue
		}
		key, value, _ := strings.Cut(line, " ")
		switch {
		case strings.HasPrefix(line, "#"):
		case key == "colony":
			m.Colony = value
		case key == "shards":
			s, err := strconv.Atoi(value)
			if err != nil || s < 1 {
				return nil, fmt.Errorf("line %d: shards %q: want a number, 1 or more", n, value)
			}
			m.Shards = s
		case key == "arg":
			m.Args = append(m.Args, value)
		default:
			return nil, fmt.Errorf("line %d: %q: want colony, shards or arg", n, line)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	switch {
	case m.Colony == "":
		return nil, errors.New("no colony line")
	case m.Shards == 0:
		return nil, errors.New("no shards line")
	}
	return m, nil
}
