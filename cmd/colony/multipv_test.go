package main

import (
	"regexp"
	"strings"
	"testing"
)

// TestAnalyzeMultiPV: --multipv N writes, below each iteration's line, its N best
// lines, the first the iteration's own score and line (alpha-beta's; MCTS's lines
// are its most visited root decisions), the other lines as without --multipv but
// for the node counts; --multipv 1 is the output without it; an N out of bounds is
// refused.
func TestAnalyzeMultiPV(t *testing.T) {
	lineRE := regexp.MustCompile(`^  line (\d+) score=(\S+)( visits=\d+)? pv (.+)$`)
	clock := regexp.MustCompile(`(nps|sps|time)=[0-9.]+`)
	counts := regexp.MustCompile(`(nps|sps|time|nodes)=[0-9.]+`) // a search of several lines searches more
	for _, spec := range []string{"ab:depth=4", "mcts:sims=2000"} {
		t.Run(spec, func(t *testing.T) {
			out := mustRun(t, "--game", "kalah", "analyze", "--player", spec, "--multipv", "3")
			var plain []string
			var it []string // the last iteration line's score and pv
			k := 0
			for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
				m := lineRE.FindStringSubmatch(l)
				if m == nil {
					if strings.HasPrefix(l, "  root ") {
						plain = append(plain, l)
						continue
					}
					if it != nil && k != 3 {
						t.Errorf("%d lines below an iteration in\n%s", k, out)
					}
					plain = append(plain, l)
					if f := iterationRE.FindStringSubmatch(l); f != nil {
						it, k = []string{f[2], strings.TrimSpace(f[7])}, 0
					}
					continue
				}
				k++
				if m[1] != string(rune('0'+k)) {
					t.Errorf("line %q: want line %d", l, k)
				}
				if k == 1 && !strings.HasPrefix(spec, "mcts") && (m[2] != it[0] || m[4] != it[1]) {
					t.Errorf("line 1 %q is not the iteration's score %s and line %s", l, it[0], it[1])
				}
			}
			single := mustRun(t, "--game", "kalah", "analyze", "--player", spec)
			if got, want := counts.ReplaceAllString(strings.Join(plain, "\n")+"\n", ""), counts.ReplaceAllString(single, ""); !strings.HasPrefix(spec, "mcts") && got != want {
				t.Errorf("without the lines:\n%s\nwant the output of one line:\n%s", got, want)
			}
			if one := mustRun(t, "--game", "kalah", "analyze", "--player", spec, "--multipv", "1"); clock.ReplaceAllString(one, "") != clock.ReplaceAllString(single, "") {
				t.Errorf("--multipv 1:\n%s\nwant the output without it:\n%s", one, single)
			}
		})
	}
	for _, n := range []string{"0", "17"} {
		code, _, errOut := cli(t, "analyze", "--multipv", n)
		if code != 2 || !strings.Contains(errOut, "analyze: --multipv "+n+": want 1 to 16") {
			t.Errorf("--multipv %s: exit %d, %q", n, code, errOut)
		}
	}
}
