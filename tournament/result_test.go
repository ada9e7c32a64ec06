package tournament

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/record"
)

func TestResultSummaryAndWarnings(t *testing.T) {
	for _, tc := range []struct {
		name     string
		r        *Result
		summary  string
		warnings []string
	}{
		{name: "nothing played", r: &Result{}, summary: ""},
		{name: "played", r: &Result{Played: 8, Elapsed: 2 * time.Second},
			summary: "played 8 games in 2s (4.0 games/s, concurrency 3)\n"},
		{name: "SPRT decided", r: &Result{Played: 8, Elapsed: 2 * time.Second, SPRT: &record.SPRTState{StopPair: 2}},
			summary: "played 8 games in 2s (4.0 games/s, concurrency 3)\n" +
				"the SPRT decided at pair 3: the report counts the 6 games up to it (games in flight then were finished, not counted)\n"},
		{name: "SPRT running", r: &Result{Played: 8, Elapsed: 2 * time.Second, SPRT: &record.SPRTState{StopPair: -1}},
			summary: "played 8 games in 2s (4.0 games/s, concurrency 3)\n"},
		{name: "one abandoned", r: &Result{Abandoned: 1},
			warnings: []string{`1 player was abandoned in the middle of a move, with no reply in time (the time forfeits "no reply after ...")`}},
		{name: "two abandoned, engines killed", r: &Result{Abandoned: 2, EnginesKilled: errors.New("killed x")},
			warnings: []string{`2 players were abandoned in the middle of a move, with no reply in time (the time forfeits "no reply after ...")`, "killed x"}},
		{name: "nil", r: nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.r != nil {
				if got := tc.r.Summary(3, 6); got != tc.summary {
					t.Errorf("Summary = %q, want %q", got, tc.summary)
				}
			}
			if got := tc.r.Warnings(); strings.Join(got, "|") != strings.Join(tc.warnings, "|") {
				t.Errorf("Warnings = %q, want %q", got, tc.warnings)
			}
		})
	}
}
