package tournament

import (
	"fmt"
	"slices"
	"sort"

	"github.com/colony-ai/colony/record"
	"github.com/colony-ai/colony/stats"
)

// Tally counts results: each player's wins, draws and losses against each other
// player, and the results by seat.
type Tally struct {
	Names []string
	// Cross[i][j] is player i's record against player j.
	Cross [][]stats.WDL
	// BySeat counts wins of the first player, of the second, and draws.
	FirstWins, SecondWins, Draws int
}

// NewTally returns an empty tally of the named players.
func NewTally(names []string) *Tally {
	t := &Tally{Names: slices.Clone(names), Cross: make([][]stats.WDL, len(names))}
	for i := range t.Cross {
		t.Cross[i] = make([]stats.WDL, len(names))
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
func (t *Tally) Player(i int) stats.WDL {
	var w stats.WDL
	for _, x := range t.Cross[i] {
		w.Wins += x.Wins
		w.Draws += x.Draws
		w.Losses += x.Losses
	}
	return w
}

// Games returns the number of games counted.
func (t *Tally) Games() int { return t.FirstWins + t.SecondWins + t.Draws }

// collector gathers finished games: the tally, the SPRT, their summaries and, up to
// MaxKeptRecords games, their records.
type collector struct {
	cfg      *record.Config
	pairings [][2]int
	total    int // the games of the schedule
	index    map[string]int
	seen     bitset    // by index: the games added
	games    *GameList // the games in the order they were added
	// order holds the games' records (without moves, per-move figures and specs) in
	// the order they were added while there are at most MaxKeptRecords; keep is
	// cleared and order dropped past that.
	order []record.Record
	keep  bool
	// keepLimit is the number of records kept (MaxKeptRecords).
	keepLimit int
	tally     *Tally
	sprt      *SPRTState
	// half holds, for the SPRT, the first player's points in the first finished game
	// of each pair by pair.
	half     map[int]float64
	complete map[int]float64 // pair → player A's points in it (0 to 2)
	nextPair int
	// light, when set, keeps neither records nor summaries (a Follower counts the
	// games without holding them); history, when not nil, receives the SPRT's LLR
	// after each pair it counts.
	light   bool
	history *[]float64
}

// newCollector returns a collector for about expected games (it grows as they come:
// a run that stops early holds only the games it played).
func newCollector(cfg *record.Config, expected int) *collector {
	names := make([]string, len(cfg.Players))
	index := map[string]int{}
	for i, p := range cfg.Players {
		names[i] = p.Name
		index[p.Name] = i
	}
	pairings := cfg.Pairings()
	c := &collector{cfg: cfg, pairings: pairings, total: len(pairings) * cfg.Games, index: index, games: NewGameList(names),
		order: make([]record.Record, 0, min(expected, 1<<12)), keep: true, keepLimit: MaxKeptRecords, tally: NewTally(names)}
	if cfg.SPRT != nil {
		c.sprt = &SPRTState{Test: *cfg.SPRT, StopPair: -1}
		c.half = map[int]float64{}
		c.complete = map[int]float64{}
	}
	return c
}

func (c *collector) has(index int) bool { return c.seen.has(index) }

// count returns the number of games added.
func (c *collector) count() int { return c.tally.Games() }

// add counts a finished game.
func (c *collector) add(rec record.Record) error {
	total := c.total
	if rec.Index < 0 || rec.Index >= total {
		return fmt.Errorf("game %d is not in the schedule of %d games", rec.Index, total)
	}
	if c.seen.has(rec.Index) {
		return fmt.Errorf("game %d is recorded twice", rec.Index)
	}
	sl := record.SlotOf(c.pairings, rec.Index)
	for seat, pi := range sl.Seats {
		if rec.Players[seat] != c.cfg.Players[pi].Name {
			return fmt.Errorf("game %d: player %q in seat %d, the schedule has %q", rec.Index, rec.Players[seat], seat+1, c.cfg.Players[pi].Name)
		}
	}
	rec.Moves, rec.Info, rec.Specs = nil, nil, [2]string{} // the statistics do not need them
	var s Summary
	if !c.light {
		var err error
		if s, err = c.games.summarize(&rec); err != nil {
			return err
		}
	}
	c.keepRecord(&rec)
	return c.count1(s, rec.Winner, sl)
}

// keepRecord keeps rec in order while there are at most MaxKeptRecords games.
func (c *collector) keepRecord(rec *record.Record) {
	if c.light || !c.keep {
		return
	}
	if c.count() >= c.keepLimit {
		c.keep, c.order = false, nil
		return
	}
	c.order = append(c.order, *rec)
}

// addSummary counts a finished game given by its summary (of a list of the same
// players and reasons as the collector's) and, if not nil, its record.
func (c *collector) addSummary(s Summary, reason string, rec *record.Record) error {
	total := c.total
	index := int(s.Index)
	if s.Index < 0 || s.Index >= int64(total) {
		return fmt.Errorf("game %d is not in the schedule of %d games", s.Index, total)
	}
	if c.seen.has(index) {
		return fmt.Errorf("game %d is recorded twice", index)
	}
	sl := record.SlotOf(c.pairings, index)
	for seat, pi := range sl.Seats {
		if int(s.Seats[seat]) != pi {
			return fmt.Errorf("game %d: player %q in seat %d, the schedule has %q", index, c.cfg.Players[s.Seats[seat]].Name, seat+1, c.cfg.Players[pi].Name)
		}
	}
	if !c.light {
		k, err := c.games.reasonIndex(reason)
		if err != nil {
			return fmt.Errorf("game %d: %w", index, err)
		}
		s.reason = k
	}
	if rec == nil {
		c.keep, c.order = false, nil
	} else {
		c.keepRecord(rec)
	}
	return c.count1(s, int(s.Winner), sl)
}

// count1 counts a checked game of slot sl, of summary s and winner.
func (c *collector) count1(s Summary, winner int, sl record.Slot) error {
	c.seen.add(sl.Index)
	if !c.light {
		c.games.games.add(s)
	}
	c.tally.Add(sl.Seats[0], sl.Seats[1], winner)
	if c.sprt == nil || c.sprt.Verdict != stats.Continue {
		return nil
	}
	// The first player's points: the seat of the config's first player.
	pointsA := scoreOf(winner, 0)
	if sl.Seats[0] != 0 {
		pointsA = scoreOf(winner, 1)
	}
	other, ok := c.half[sl.Pair]
	if !ok {
		c.half[sl.Pair] = pointsA
		return nil
	}
	delete(c.half, sl.Pair)
	c.complete[sl.Pair] = other + pointsA
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
		if c.sprt.Verdict != stats.Continue {
			c.sprt.StopPair = c.nextPair
			break
		}
		c.nextPair++
	}
	return nil
}

// scoreOf returns seat's points in a game that winner won (-1: a draw).
func scoreOf(winner, seat int) float64 {
	switch winner {
	case seat:
		return 1
	case -1:
		return 0.5
	}
	return 0
}

// result returns the games in schedule order (up to the SPRT's decision).
func (c *collector) result() *Result {
	res := &Result{Config: *c.cfg, SPRT: c.sprt}
	stop := -1
	if c.sprt != nil && c.sprt.StopPair >= 0 {
		stop = c.sprt.StopPair
	}
	// The collector is done with its games: they are filtered and sorted in place.
	games := &c.games.games
	n := 0
	for i := range games.n {
		if s := games.at(i); stop < 0 || s.Pair() <= stop {
			*games.at(n) = *s
			n++
		}
	}
	games.truncate(n)
	sort.Sort(games)
	res.Summaries = c.games
	if c.keep {
		res.Games = make([]record.Record, 0, len(c.order))
		for _, rec := range c.order {
			if stop >= 0 && rec.Pair > stop {
				continue
			}
			res.Games = append(res.Games, rec)
		}
		slices.SortFunc(res.Games, func(a, b record.Record) int { return a.Index - b.Index })
	}
	return res
}

// Collect counts finished games of a tournament as a run does: it checks them against
// the schedule (each game once, with the scheduled players) and, when cfg has an
// SPRT, runs the test over the pairs in schedule order, stopping at the first pair
// where it decides, as a run would have (the games of later pairs are then left
// out). The result's Games are in schedule order, without their moves, per-move
// figures and specs (all of them: the caller holds them already), and so are its
// Summaries.
func Collect(cfg record.Config, games []record.Record) (*Result, error) {
	c := newCollector(&cfg, len(games))
	c.keepLimit = len(games)
	sorted := slices.Clone(games)
	slices.SortFunc(sorted, func(a, b record.Record) int { return a.Index - b.Index })
	for _, r := range sorted {
		if err := c.add(r); err != nil {
			return nil, err
		}
	}
	res := c.result()
	res.Complete = c.count() == c.total || (c.sprt != nil && c.sprt.Verdict != stats.Continue)
	return res, nil
}

// CollectGames is Collect of games given by their summaries (a GameList of cfg's
// players): the result has no records (Games), only Summaries.
func CollectGames(cfg record.Config, games *GameList) (*Result, error) {
	c := newCollector(&cfg, 0)
	sorted := games.sorted()
	for i := range sorted.Len() {
		s := sorted.At(i)
		if err := c.addSummary(s, sorted.Reason(&s), nil); err != nil {
			return nil, err
		}
	}
	res := c.result()
	res.Complete = c.count() == c.total || (c.sprt != nil && c.sprt.Verdict != stats.Continue)
	return res, nil
}
