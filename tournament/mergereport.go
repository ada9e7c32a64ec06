package tournament

import (
	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// MergeReport merges the games files names (MergeFiles), runs the SPRT of the test
// text sprt (stats.ParseSPRT) over the merged pairs when it is not "" (Merged.TestSPRT),
// and returns the merge with the report of its games (Summarize). sides gives the
// side names of a game by its name; nil names none. An SPRT that does not read or
// cannot be run is a *SettingError of sprt.
func MergeReport(names []string, sprt string, sides func(game string) [2]string) (*record.Merged, *Report, error) {
	var test *stats.SPRT
	if sprt != "" {
		t, err := stats.ParseSPRT(sprt)
		if err != nil {
			return nil, nil, &SettingError{Setting: "sprt", Err: err}
		}
		test = &t
	}
	merged, err := record.MergeFiles(names)
	if err != nil {
		return nil, nil, err
	}
	if test != nil {
		if err := merged.TestSPRT(*test); err != nil {
			return nil, nil, &SettingError{Setting: "sprt", Err: err}
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
