package report

// The report of merged games files ('colony tournament merge').

import (
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// MergeReport merges the games files names (record.MergeFiles), runs the SPRT of the
// test text sprt (stats.ParseSPRT) over the merged pairs when it is not ""
// (record.Merged.TestSPRT),
// and returns the merge with the report of its games (Summarize). sides gives the
// side names of a game by its name; nil names none. An SPRT that does not read or
// cannot be run is an *SPRTError.
func MergeReport(names []string, sprt string, sides func(game string) [2]string) (*record.Merged, *Report, error) {
	var test *stats.SPRT
	if sprt != "" {
		t, err := stats.ParseSPRT(sprt)
		if err != nil {
			return nil, nil, &SPRTError{err}
		}
		test = &t
	}
	merged, err := record.MergeFiles(names)
	if err != nil {
		return nil, nil, err
	}
	if test != nil {
		if err := merged.TestSPRT(*test); err != nil {
			return nil, nil, &SPRTError{err}
		}
	}
	var sideNames [2]string
	if sides != nil {
		sideNames = sides(merged.Header.Config.Game)
	}
	rep, err := SummarizeGames(&merged.Header.Config, merged.Summaries, sideNames, merged.SPRT)
	if err != nil {
		return nil, nil, err
	}
	return merged, rep, nil
}

// SPRTError is the error of MergeReport for its SPRT: a test that does not read
// (stats.ParseSPRT), or that cannot be run over the merged games
// (record.Merged.TestSPRT).
type SPRTError struct{ Err error }

// Error returns the message of the underlying error.
func (e *SPRTError) Error() string { return e.Err.Error() }

// Unwrap returns the underlying error.
func (e *SPRTError) Unwrap() error { return e.Err }
