package tournament

import (
	"cmp"
	"fmt"
	"runtime"
	"slices"

	"github.com/colony-ai/colony/game/memory"
	"github.com/colony-ai/colony/match"
	"github.com/colony-ai/colony/record"
)

// checkTableMemory returns an error when concurrent games of cfg's players cannot
// hold their tables together in the process's memory budget: each of the workers
// games at once keeps the tables of its game's two players (search.Tables), so the
// two largest tables (TableBytes of the players' templates, by index in
// cfg.Players), workers times, must fit. A player whose own table does not fit was
// refused when it was built.
// concurrency is the --concurrency asked for, workers the games played at once (no
// more than there are games).
func checkTableMemory(cfg *record.Config, templates []match.Template, concurrency, workers int) error {
	return checkTableMemoryIn(memory.Default(), cfg, templates, concurrency, workers)
}

// checkTableMemoryIn is checkTableMemory against budget b.
func checkTableMemoryIn(b *memory.Budget, cfg *record.Config, templates []match.Template, concurrency, workers int) error {
	idx := make([]int, 0, len(templates))
	for i, t := range templates {
		if t.TableBytes > 0 {
			idx = append(idx, i)
		}
	}
	if len(idx) == 0 || workers < 1 {
		return nil
	}
	slices.SortStableFunc(idx, func(i, j int) int {
		return -cmp.Compare(b.Counted(templates[i].TableBytes), b.Counted(templates[j].TableBytes))
	})
	idx = idx[:min(2, len(idx))]
	var game, actual uint64
	var names []string
	for _, i := range idx {
		game += b.Counted(templates[i].TableBytes)
		actual += templates[i].TableBytes
		names = append(names, fmt.Sprintf("%s (%d MB)", cfg.Players[i].Name, memory.Megabytes(templates[i].TableBytes)))
	}
	if uint64(workers)*game <= b.Limit() {
		return nil
	}
	fit := b.Limit() / game
	hint := "give smaller tables (tt=)"
	if fit >= 1 {
		hint = fmt.Sprintf("lower --concurrency to %d or give smaller tables (tt=)", fit)
	}
	who := names[0]
	if len(names) == 2 {
		who = names[0] + " and " + names[1]
	}
	games := "1 game"
	if workers > 1 {
		games = fmt.Sprintf("%d games", workers)
	}
	arenas := ""
	if game != actual {
		arenas = " (in whole arenas of the Go heap, as ulimit -v counts them)"
	}
	return fmt.Errorf("--concurrency %d: the transposition tables of %s, in %s at once, need %d MB%s, more than the %d MB of memory available to this program's tables (free memory, its cgroup's limit and ulimit -v, an eighth kept for the rest); %s",
		concurrency, who, games, memory.Megabytes(uint64(workers)*game), arenas, b.Limit()>>20, hint)
}

// concurrency returns the games r plays at once: Concurrency (0: the number of
// CPUs), and that at most the tournament's games.
func (r *Runner) concurrency() (asked, games int) {
	n := r.Concurrency
	if n <= 0 {
		n = runtime.NumCPU()
	}
	return n, max(1, min(n, r.Config.TotalGames()))
}
