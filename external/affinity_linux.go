package external

import (
	"errors"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// allowedCPUs returns the CPUs the runner may run on, in increasing order.
func allowedCPUs() ([]int, error) {
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		return nil, err
	}
	var out []int
	for c := 0; c < len(set)*64; c++ {
		if set.IsSet(c) {
			out = append(out, c)
		}
	}
	return out, nil
}

// pinTree sets the affinity of every thread of pid (sched_setaffinity acts on one
// thread; threads started later inherit it from the thread that starts them), and of
// its child processes' threads, recursively (/proc/PID/task/TID/children). A process
// or thread that ended meanwhile is skipped.
func pinTree(pid int, cpus []int) error {
	var set unix.CPUSet
	for _, c := range cpus {
		set.Set(c)
	}
	seen := map[int]bool{}
	todo := []int{pid}
	for len(todo) > 0 {
		p := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if seen[p] {
			continue
		}
		seen[p] = true
		tasks, err := os.ReadDir("/proc/" + strconv.Itoa(p) + "/task")
		if err != nil {
			if p == pid && !errors.Is(err, os.ErrNotExist) {
				return err
			}
			continue // it ended
		}
		for _, t := range tasks {
			tid, err := strconv.Atoi(t.Name())
			if err != nil {
				continue
			}
			if err := unix.SchedSetaffinity(tid, &set); err != nil && !errors.Is(err, unix.ESRCH) {
				return err
			}
			children, err := os.ReadFile("/proc/" + strconv.Itoa(p) + "/task/" + t.Name() + "/children")
			if err != nil {
				continue
			}
			for _, f := range strings.Fields(string(children)) {
				if c, err := strconv.Atoi(f); err == nil {
					todo = append(todo, c)
				}
			}
		}
	}
	return nil
}
