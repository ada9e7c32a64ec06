package catalog

// Balanced opening suites of a rule set ('colony openings'): match.BuildSuite with
// the rule set's players, the band given in points.

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/colony-ai/colony/match"
)

// suites is what a Ruleset of this package offers for opening suites.
type suites interface {
	buildSuite(ctx context.Context, o match.SuiteOptions, band float64) (*match.Suite, int, error)
}

// BuildSuite builds a balanced opening suite of g (see match.BuildSuite) with
// the band given in points (band ≥ 0; o.Band is ignored): the judge's scores are
// converted with the scale of its evaluation (its units in one point). It returns
// the suite and that scale.
func BuildSuite(ctx context.Context, g Ruleset, o match.SuiteOptions, band float64) (*match.Suite, int, error) {
	x, ok := g.(suites)
	if !ok {
		return nil, 0, fmt.Errorf("%s: no opening suites", g.Name())
	}
	return x.buildSuite(ctx, o, band)
}

func (x *generic[S]) buildSuite(ctx context.Context, o match.SuiteOptions, band float64) (*match.Suite, int, error) {
	if math.IsNaN(band) || band < 0 || band > 1e6 {
		return nil, 0, &match.SettingError{Setting: "band", Err: fmt.Errorf("%v points: want 0 to 1000000", band)}
	}
	if err := o.Check(); err != nil {
		return nil, 0, err
	}
	if err := x.CheckPlayer(o.Judge); err != nil {
		return nil, 0, &match.SettingError{Setting: "player", Err: err}
	}
	scale := x.scaleOf(o.Judge)
	o.Band = int(math.Round(band * float64(scale)))
	s, err := match.BuildSuite(ctx, x.g, x.factory, o)
	return s, scale, err
}

// SuiteSummary says what BuildSuite made of the options o and the band (in points):
// the positions kept, the candidates drawn, repeated and outside the band, the judge.
func SuiteSummary(s *match.Suite, o match.SuiteOptions, band float64) string {
	return fmt.Sprintf("%d positions (of %d drawn: %d repeated, %d outside the band); judge %s, band ±%g points, %d random turns, seed %d",
		len(s.Positions), s.Drawn, s.Duplicates, s.OutOfBand, o.Judge, band, o.Turns, o.Seed)
}

// SuiteSource names where the game of a suite comes from, as the command line gives
// it: the game's name (with its rule set), or, for a board read from a file, the
// game's flag, the rule set given (if any) and the board file's path.
type SuiteSource struct {
	Game  string // the game's name, as --game takes it
	Rules string // the rule set given with a board file ("" for none)
	Board string // the board file's path ("" for none)
}

// SuiteCommand returns the command line that makes again the suite of the options o
// and the band (in points) for the game of src: colony with the game's flags, then
// openings with every setting that decides the file, the defaults too, so that the
// line runs as it stands in a POSIX shell. What changes nothing in the file (the
// concurrency, the output, the report's player) is left out.
func SuiteCommand(src SuiteSource, o match.SuiteOptions, band float64) string {
	args := []string{"colony", "--game", src.Game}
	if src.Rules != "" {
		args = append(args, "--rules", src.Rules)
	}
	if src.Board != "" {
		args = append(args, "--board", src.Board)
	}
	args = append(args, "openings", "--player", o.Judge, "--band", strconv.FormatFloat(band, 'g', -1, 64),
		"--positions", strconv.Itoa(o.Max), "--candidates", strconv.Itoa(o.Candidates),
		"--turns", strconv.Itoa(o.Turns), "--seed", strconv.FormatUint(o.Seed, 10))
	for i, a := range args {
		args[i] = shellWord(a)
	}
	return strings.Join(args, " ")
}

// plainWord is a word that a POSIX shell reads as it is written.
var plainWord = regexp.MustCompile(`^[A-Za-z0-9_@%+=:,./-]+$`)

// shellWord returns s as a word of a POSIX shell's command line: as it is, or in
// single quotes.
func shellWord(s string) string {
	if plainWord.MatchString(s) {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}
