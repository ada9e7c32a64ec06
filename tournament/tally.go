package tournament

import (
	"fmt"
	"slices"
)

// Tally counts results: each player's wins, draws and losses against each other
// player, and the results by seat.
type Tally struct {
	Names []string
	// Cross[i][j] is player i's record against player j.
	Cross [][]WDL
	// BySeat counts wins of the first player, of the second, and draws.
	FirstWins, SecondWins, Draws int
}

// NewTally returns an empty tally of the named players.
func NewTally(names []string) *Tally {
	t := &Tally{Names: slices.Clone(names), Cross: make([][]WDL, len(names))}
	for i := range t.Cross {
		t.Cross[i] = make([]WDL, len(names))
	}
	return t
}

// Add counts one game between players a (first) and b (second); winner is the seat
// that won or -1 for a draw.
func (t *Tally) Add(a, b, winner int) {
	switch winner {
	case 0:
		t.Cross[a][b].Wins++
		t.Cross[b][a].Losses++
		t.FirstWins++
	case 1:
		t.Cross[a][b].Losses++
		t.Cross[b][a].Wins++
		t.SecondWins++
	default:
		t.Cross[a][b].Draws++
		t.Cross[b][a].Draws++
		t.Draws++
	}
}

// Player returns player i's record against everyone.
func (t *Tally) Player(i int) WDL {
	var w WDL
	for _, x := range t.Cross[i] {
		w.Wins += x.Wins
		w.Draws += x.Draws
		w.Losses += x.Losses
	}
	return w
}

// Games returns the number of games counted.
func (t *Tally) Games() int { return t.FirstWins + t.SecondWins + t.Draws }

// collector gathers finished games: the tally, the SPRT, and the records.
type collector struct {
	cfg      *Config
	pairings [][2]int
	index    map[string]int
	seen     []bool   // by index: the games added
	order    []Record // the games in the order they were added
	tally    *Tally
	sprt     *SPRTState
	// half holds, for the SPRT, the first finished game of each pair by pair.
	half     map[int]Record
	complete map[int]float64 // pair → player A's points in it (0 to 2)
	nextPair int
	// light, when set, keeps no records in order (a Follower counts the games
	// without holding them); history, when not nil, receives the SPRT's LLR after
	// each pair it counts.
	light   bool
	history *[]float64
}

// newCollector returns a collector for about expected games (it grows as they come:
// a run that stops early holds only the games it played).
func newCollector(cfg *Config, expected int) *collector {
	names := make([]string, len(cfg.Players))
	index := map[string]int{}
	for i, p := range cfg.Players {
		names[i] = p.Name
		index[p.Name] = i
	}
	c := &collector{cfg: cfg, pairings: cfg.Pairings(), index: index, seen: make([]bool, cfg.TotalGames()), order: make([]Record, 0, min(expected, 1<<12)), tally: NewTally(names)}
	if cfg.SPRT != nil {
		c.sprt = &SPRTState{Test: *cfg.SPRT, StopPair: -1}
		c.half = map[int]Record{}
		c.complete = map[int]float64{}
	}
	return c
}

func (c *collector) has(index int) bool {
	return index >= 0 && index < len(c.seen) && c.seen[index]
}

// add counts a finished game.
func (c *collector) add(rec Record) error {
	if rec.Index < 0 || rec.Index >= len(c.seen) {
		return fmt.Errorf("game %d is not in the schedule of %d games", rec.Index, len(c.seen))
	}
	if c.seen[rec.Index] {
		return fmt.Errorf("game %d is recorded twice", rec.Index)
	}
	sl := slotOf(c.pairings, rec.Index)
	for seat, pi := range sl.Seats {
		if rec.Players[seat] != c.cfg.Players[pi].Name {
			return fmt.Errorf("game %d: player %q in seat %d, the schedule has %q", rec.Index, rec.Players[seat], seat+1, c.cfg.Players[pi].Name)
		}
	}
	rec.Moves, rec.Info, rec.Specs = nil, nil, [2]string{} // the statistics do not need them
	c.seen[rec.Index] = true
	if !c.light {
		c.order = append(c.order, rec)
	}
	c.tally.Add(sl.Seats[0], sl.Seats[1], rec.Winner)
	if c.sprt == nil || c.sprt.Verdict != Continue {
		return nil
	}
	other, ok := c.half[rec.Pair]
	if !ok {
		c.half[rec.Pair] = rec
		return nil
	}
	delete(c.half, rec.Pair)
	c.complete[rec.Pair] = c.pointsOfA(&other) + c.pointsOfA(&rec)
	// Count pairs in schedule order, so that the decision does not depend on which
	// games finished first.
	for {
		points, ok := c.complete[c.nextPair]
		if !ok {
			break
		}
		delete(c.complete, c.nextPair)
		c.sprt.Pentanomial[int(points*2+0.5)]++
		c.sprt.LLR = c.sprt.Test.LLR(c.sprt.Pentanomial)
		c.sprt.Verdict = c.sprt.Test.Decide(c.sprt.LLR)
		if c.history != nil {
			*c.history = append(*c.history, c.sprt.LLR)
		}
		if c.sprt.Verdict != Continue {
			c.sprt.StopPair = c.nextPair
			break
		}
		c.nextPair++
	}
	return nil
}

// pointsOfA returns the first player of the config's points in a game.
func (c *collector) pointsOfA(rec *Record) float64 {
	if rec.Players[0] == c.cfg.Players[0].Name {
		return rec.ScoreOf(0)
	}
	return rec.ScoreOf(1)
}

// result returns the games in schedule order (up to the SPRT's decision).
func (c *collector) result() *Result {
	res := &Result{Config: *c.cfg, SPRT: c.sprt}
	res.Games = make([]Record, 0, len(c.order))
	for _, rec := range c.order {
		if c.sprt != nil && c.sprt.StopPair >= 0 && rec.Pair > c.sprt.StopPair {
			continue
		}
		res.Games = append(res.Games, rec)
	}
	slices.SortFunc(res.Games, func(a, b Record) int { return a.Index - b.Index })
	return res
}

// Collect counts finished games of a tournament as a run does: it checks them against
// the schedule (each game once, with the scheduled players) and, when cfg has an
// SPRT, runs the test over the pairs in schedule order, stopping at the first pair
// where it decides, as a run would have (the games of later pairs are then left
// out). The result's Games are in schedule order, without their moves, per-move
// figures and specs.
func Collect(cfg Config, games []Record) (*Result, error) {
	c := newCollector(&cfg, len(games))
	sorted := slices.Clone(games)
	slices.SortFunc(sorted, func(a, b Record) int { return a.Index - b.Index })
	total := cfg.TotalGames()
	for _, r := range sorted {
		if r.Index >= total {
			return nil, fmt.Errorf("game %d is not in the schedule of %d games", r.Index, total)
		}
		if err := c.add(r); err != nil {
			return nil, err
		}
	}
	res := c.result()
	res.Complete = len(c.order) == total || (c.sprt != nil && c.sprt.Verdict != Continue)
	return res, nil
}
