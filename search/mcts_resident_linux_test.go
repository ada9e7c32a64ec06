//go:build linux

package search

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/colony-ai/colony/game/memory"
)

// residentSpecEnv names the spec a child process of TestMCTSResident searches with.
const residentSpecEnv = "COLONY_TEST_MCTS_RESIDENT"

// residentSlack is what a search may take beyond its mem= cap and the memory of a
// process that searched a tiny tree: the arenas' rounding to whole pages, the
// tree's table of logarithms and the small allocations of a search.
const residentSlack = 4 << 20

// hugePageSlack returns what the searches of TestMCTSResident may take beyond
// residentSlack on a system that backs all memory with transparent huge pages: a
// huge page at the end of each mapping (an arena and a compaction table for each of
// two trees).
func hugePageSlack() int64 {
	b, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || !strings.Contains(string(b), "[always]") {
		return 0
	}
	return 4 * 2 << 20
}

// TestMCTSResident: the memory a search really takes, measured as the peak resident
// size of a process that runs it, stays within its mem= cap (plus residentSlack)
// once the trees are full: with one thread, root parallelism (a tree a thread) and
// tree parallelism (one tree), with tree reuse (the second search compacts the kept
// subtree). Each search runs in a child process of its own, the peak of a child that
// searched a tiny tree being the process's own memory.
func TestMCTSResident(t *testing.T) {
	if spec := os.Getenv(residentSpecEnv); spec != "" {
		residentChild(t, spec)
		return
	}
	if testing.Short() {
		t.Skip("fills trees of 16 MiB")
	}
	if raceEnabled {
		t.Skip("the race detector's memory is not the search's")
	}
	base := residentPeak(t, "mcts:sims=50,mem=1")
	slack := residentSlack + hugePageSlack()
	for _, spec := range []string{
		"mcts:sims=300000,mem=16,leaf=eval",
		"mcts:sims=300000,mem=16,leaf=eval,threads=2,parallel=root",
		"mcts:sims=300000,mem=16,leaf=eval,threads=2,parallel=tree",
	} {
		t.Run(spec, func(t *testing.T) {
			peak := residentPeak(t, spec)
			if extra := int64(peak) - int64(base); extra > 16<<20+slack {
				t.Errorf("a peak of %d MiB resident, %d MiB more than a tiny search's (%d MiB); want at most mem=16 and %d MiB",
					peak>>20, extra>>20, base>>20, slack>>20)
			}
		})
	}
}

// residentPeak runs a child process that searches with spec (residentChild) and
// returns its peak resident size in bytes.
func residentPeak(t *testing.T, spec string) uint64 {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMCTSResident$", "-test.count=1", "-test.v")
	cmd.Env = append(os.Environ(), residentSpecEnv+"="+spec, "GOGC=100", "GOMEMLIMIT=off")
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "PASS") {
		t.Fatalf("the child searching with %s: %v\n%s", spec, err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Fatalf("no resource usage of the child: %T", cmd.ProcessState.SysUsage())
	}
	peak := uint64(ru.Maxrss) << 10 // kilobytes on Linux
	t.Logf("%s: a peak of %.1f MiB resident", spec, float64(peak)/(1<<20))
	return peak
}

// residentChild is the child of TestMCTSResident: two searches with spec from a
// position of the middle game, the second from the position after the first one's
// turn (reusing its tree). A spec of mem=16 must fill its trees.
func residentChild(t *testing.T, spec string) {
	p := newMCTS(t, spec, Options{Memory: memory.NewBudget(memory.Unlimited)})
	defer p.Close()
	s := spreadPositions()[2]
	d, s := checkedPlay(t, colonyGame, p, s)
	if strings.Contains(spec, "mem=16") {
		var arena []string
		for _, tr := range p.readTrees() {
			if 10*len(tr.nodes) < 9*tr.capNodes {
				t.Errorf("a tree of %d nodes, %d at most: not full", len(tr.nodes), tr.capNodes)
			}
			arena = append(arena, fmt.Sprint(len(tr.nodes)))
		}
		t.Logf("first turn %v; trees of %s nodes", d.Actions, strings.Join(arena, ", "))
	}
	if _, err := p.Play(context.Background(), &s); err != nil {
		t.Fatal(err)
	}
	if p.reused == 0 {
		t.Error("the second search reused nothing")
	}
}
