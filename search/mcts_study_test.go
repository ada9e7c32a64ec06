//go:build study

package search

// The MCTS-Solver study: how often the solver proves anything in endgame positions,
// whether its turns differ from those of the search without it, and which of the two
// keeps the game value (checked with the exact solver, Solve, for Kalah, and with the
// win/loss negamax of the tests for The Colony). Each position is searched with
// solver=off, with the solver on terminal proofs alone (its trees' bounder taken out)
// and with the solver as it is. It reads openings files (one position a line, as
// 'colony tournament --openings' reads them) named in the environment and logs a
// line per search and simulation count; benchmarks/README.md ("MCTS-Solver") has the
// figures:
//
//	cd search && STUDY_KALAH=../benchmarks/testdata/solver/kalah-end24.txt \
//	  go test -tags study -run TestMCTSSolverStudy -v -timeout 0 .
//
// STUDY_COLONY names a file of The Colony's positions, STUDY_SIMS (default
// 2000,10000) lists the simulation counts, STUDY_N (default all) caps the positions
// read from each file.

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/colony-ai/colony/colony"
	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/games/kalah"
)

func TestMCTSSolverStudy(t *testing.T) {
	sims := []int{2000, 10000}
	if v := os.Getenv("STUDY_SIMS"); v != "" {
		sims = sims[:0]
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(f)
			if err != nil {
				t.Fatal(err)
			}
			sims = append(sims, n)
		}
	}
	limit := 1 << 30
	if v := os.Getenv("STUDY_N"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil {
			t.Fatal(err)
		}
		limit = n
	}
	if f := os.Getenv("STUDY_KALAH"); f != "" {
		g, err := kalah.New("")
		if err != nil {
			t.Fatal(err)
		}
		value := func(s *kalah.State) (int, bool) { return studyValue[kalah.State](g, s) }
		runStudy[kalah.State](t, "kalah", g, kalah.StoreDiff{}, readStudyPositions[kalah.State](t, g, f, limit), sims, value)
	}
	if f := os.Getenv("STUDY_COLONY"); f != "" {
		g := colony.NewGame(nil)
		// The Colony has no draws: the win/loss negamax of the tests, with a budget.
		value := func(s *colony.State) (int, bool) { return newWinLossSolver(g, 2_000_000).solve(*s) }
		runStudy[colony.State](t, "colony", g, colony.Score{}, readStudyPositions[colony.State](t, g, f, limit), sims, value)
	}
}

func readStudyPositions[S any](t *testing.T, g game.Game[S], name string, limit int) []S {
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []S
	sc := bufio.NewScanner(f)
	for sc.Scan() && len(out) < limit {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		s, err := g.ParsePosition(line)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out = append(out, s)
	}
	return out
}

// studyValue returns the sign of the exact value of s for its player to move (+1, 0,
// -1), and false when Solve did not finish within a second.
func studyValue[S any](g game.Rules[S], s *S) (int, bool) {
	ctx, cancel := context.WithTimeout(context.Background(), time.Second)
	defer cancel()
	res, err := Solve(ctx, g, s, SolveOptions{TableMB: 16})
	if err != nil {
		return 0, false
	}
	switch {
	case res.Value > 0:
		return 1, true
	case res.Value < 0:
		return -1, true
	}
	return 0, true
}

// studyConfig is one of the searches the study compares.
type studyConfig struct {
	name   string
	solver bool
	bounds bool // the solver's proofs by the game's bounds
}

var studyConfigs = []studyConfig{{"off", false, false}, {"on-terminal", true, false}, {"on", true, true}}

func runStudy[S any](t *testing.T, name string, g game.Game[S], ev Evaluator[S], positions []S, sims []int, value func(*S) (int, bool)) {
	t.Logf("%s: %d positions", name, len(positions))
	type exact struct {
		v  int
		ok bool
	}
	values := make([]exact, len(positions))
	solved := 0
	for i := range positions {
		v, ok := value(&positions[i])
		values[i] = exact{v, ok}
		if ok {
			solved++
		}
	}
	won, drawn := 0, 0
	for _, v := range values {
		if v.ok && v.v > 0 {
			won++
		}
		if v.ok && v.v == 0 {
			drawn++
		}
	}
	t.Logf("%s: %d of %d positions solved exactly (%d won, %d drawn for the player to move)", name, solved, len(positions), won, drawn)
	for _, n := range sims {
		type outcome struct {
			turn     string
			proof    uint8 // the root's, from the view of the player to move
			kidProof bool
			sims     uint64
			value    int // the exact value after the turn, for the player to move
			valueOK  bool
		}
		results := make([][]outcome, len(studyConfigs))
		for c, cfg := range studyConfigs {
			results[c] = make([]outcome, len(positions))
			for i := range positions {
				s := positions[i]
				solver := "off"
				if cfg.solver {
					solver = "on"
				}
				p, err := New[S](g, ev, fmt.Sprintf("mcts:sims=%d,seed=%d,reuse=off,solver=%s", n, i+1, solver), Options{})
				if err != nil {
					t.Fatal(err)
				}
				m := p.(*MCTS[S])
				if !cfg.bounds {
					for _, tr := range m.trees {
						tr.bounder = nil
					}
				}
				d, err := p.Play(context.Background(), &s)
				if err != nil {
					t.Fatal(err)
				}
				o := outcome{turn: fmt.Sprint(d.Actions), sims: d.Nodes}
				tr := m.trees[0]
				// The root's proof is from the view of its mover, the player to
				// move's opponent.
				if pr := tr.nodes[0].proof; pr != unproven {
					o.proof = 4 - pr
				} else {
					r := &tr.nodes[0]
					for k := r.first; k >= 0 && k < r.first+int32(r.kids); k++ {
						o.kidProof = o.kidProof || tr.nodes[k].proof != unproven
					}
				}
				if values[i].ok {
					st := s
					for _, a := range d.Actions {
						g.Apply(&st, a)
					}
					v, ok := value(&st)
					if g.ToMove(&st) != g.ToMove(&s) {
						v = -v
					}
					o.value, o.valueOK = v, ok
				}
				results[c][i] = o
			}
		}
		for c, cfg := range studyConfigs {
			var rootWin, rootLoss, rootDraw, kid, diff, judged, lost, keptWon, better, worse int
			var simsSum uint64
			for i, o := range results[c] {
				simsSum += o.sims
				switch o.proof {
				case provenWin:
					rootWin++
				case provenLoss:
					rootLoss++
				case provenDraw:
					rootDraw++
				}
				if o.kidProof {
					kid++
				}
				off := results[0][i]
				if o.turn != off.turn {
					diff++
				}
				if !values[i].ok || !o.valueOK || !off.valueOK {
					continue
				}
				judged++
				if o.value < values[i].v {
					lost++
				}
				if values[i].v > 0 && o.value > 0 {
					keptWon++
				}
				switch {
				case o.value > off.value:
					better++
				case o.value < off.value:
					worse++
				}
			}
			t.Logf("%s sims=%d %-11s: root proven won %d lost %d drawn %d, a root decision proven %d; mean sims %d; turn differs from off %d of %d; of %d judged: value dropped %d, won kept %d of %d, better than off %d, worse %d",
				name, n, cfg.name, rootWin, rootLoss, rootDraw, kid, simsSum/uint64(max(len(positions), 1)),
				diff, len(positions), judged, lost, keptWon, won, better, worse)
		}
	}
}
