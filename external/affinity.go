package external

import (
	"fmt"
	"slices"
)

// CPU pinning (fastchess's affinity): a tournament that pins its games gives each
// game slot (a game played at the same time as others) its own CPUs, and the engines
// of a game played in a slot (the processes of the cmd kind) are pinned to that
// slot's CPUs when a game takes them, before its first move: their threads, and
// their child processes with theirs. The toolkit's own players run in the runner's
// process, whose goroutines no CPU can be given to: they are not pinned. A runner
// lends the players of a slot its CPUs with WithCPUs.

// CPUSets returns the CPUs of each of n game slots, from the CPUs the runner may run
// on: each slot its own CPUs, as many as the CPUs divided among the slots allow (at
// least one); with more slots than CPUs, slots share them (slot i gets CPU i modulo
// their number). An error says pinning is not available (only Linux has it).
func CPUSets(n int) ([][]int, error) {
	cpus, err := allowedCPUs()
	if err != nil {
		return nil, err
	}
	return splitCPUs(cpus, n), nil
}

// splitCPUs divides cpus among n slots (see CPUSets).
func splitCPUs(cpus []int, n int) [][]int {
	if len(cpus) == 0 || n < 1 {
		return nil
	}
	out := make([][]int, n)
	if n >= len(cpus) {
		for i := range out {
			out[i] = []int{cpus[i%len(cpus)]}
		}
		return out
	}
	per := len(cpus) / n
	for i := range out {
		out[i] = slices.Clone(cpus[i*per : (i+1)*per])
	}
	return out
}

// pin pins the process pid, its threads and its descendants to cpus.
func pin(pid int, cpus []int) error {
	if len(cpus) == 0 || pid <= 0 {
		return nil
	}
	if err := pinTree(pid, cpus); err != nil {
		return fmt.Errorf("pinning the engine (pid %d) to CPUs %v: %w", pid, cpus, err)
	}
	return nil
}
