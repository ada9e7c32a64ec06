package record

// Counting the games of a tournament as a run counts them: each game checked against
// the schedule, once, the SPRT over the pairs in schedule order.

import (
	"fmt"
	"slices"
	"sort"

	"github.com/colony-ai/colony/stats"
)

// SPRTState is a running SPRT: the pairs it has counted, in the order of the schedule.
type SPRTState struct {
	Test        stats.SPRT
	Pentanomial stats.Pentanomial
	LLR         float64
	Verdict     stats.Verdict
	// StopPair is the pair at which the test decided (-1 while it continues): the
	// result counts the pairs up to it, whatever games were in flight.
	StopPair int
}

// Collection is what a Collector leaves: the games in schedule order (up to the
// SPRT's decision), as summaries and, up to MaxKeptRecords games, as records
// (without their moves, per-move figures and specs; nil past it), and the SPRT's
// state.
type Collection struct {
	Config    Config
	Games     []Record
	Summaries *GameList
	SPRT      *SPRTState
	// Complete reports whether every game of the schedule was counted (or the SPRT
	// decided); only Collect and CollectGames set it.
	Complete bool
}

// Count returns the number of the collection's games: of its Summaries, or of its
// Games when it has no summaries.
func (r *Collection) Count() int {
	if r.Summaries != nil {
		return r.Summaries.Len()
	}
	return len(r.Games)
}

// A Collector counts the finished games of a tournament, as a run, a merge, a resume
// and a follower of a games file count them: it checks each game against the schedule
// (each game once, with the scheduled players), tallies the results, runs the
// tournament's SPRT over the pairs in schedule order, and keeps the games' summaries
// and, up to MaxKeptRecords games, their records. It is not safe for concurrent use.
type Collector struct {
	cfg      *Config
	pairings [][2]int
	total    int // the games of the schedule
	index    map[string]int
	seen     IndexSet  // by index: the games added
	games    *GameList // the games in the order they were added
	// order holds the games' records (without moves, per-move figures and specs) in
	// the order they were added while there are at most MaxKeptRecords; keep is
	// cleared and order dropped past that.
	order []Record
	keep  bool
	// keepLimit is the number of records kept (MaxKeptRecords).
	keepLimit int
	tally     *stats.Tally
	sprt      *SPRTState
	// half holds, for the SPRT, the first player's points in the first finished game
	// of each pair by pair.
	half     map[int]float64
	complete map[int]float64 // pair → player A's points in it (0 to 2)
	nextPair int
	// light, when set, keeps neither records nor summaries (a follower counts the
	// games without holding them); history, when not nil, receives the SPRT's LLR
	// after each pair it counts.
	light   bool
	history *[]float64
}

// NewCollector returns a Collector of the games of cfg, for about expected games (it
// grows as they come: a run that stops early holds only the games it played).
func NewCollector(cfg *Config, expected int) *Collector {
	names := make([]string, len(cfg.Players))
	index := map[string]int{}
	for i, p := range cfg.Players {
		names[i] = p.Name
		index[p.Name] = i
	}
	pairings := cfg.Pairings()
	c := &Collector{cfg: cfg, pairings: pairings, total: len(pairings) * cfg.Games, index: index, games: NewGameList(names),
		order: make([]Record, 0, min(expected, 1<<12)), keep: true, keepLimit: MaxKeptRecords, tally: stats.NewTally(names)}
	if cfg.SPRT != nil {
		c.sprt = &SPRTState{Test: *cfg.SPRT, StopPair: -1}
		c.half = map[int]float64{}
		c.complete = map[int]float64{}
	}
	return c
}

// CountOnly makes c count the games without keeping their records or summaries (a
// follower of a games file holds a few counters a game, not the games); history, when
// not nil, receives the SPRT's LLR after each pair it counts. Call it before the first
// game.
func (c *Collector) CountOnly(history *[]float64) { c.light, c.history = true, history }

// Has reports whether the game of index was counted.
func (c *Collector) Has(index int) bool { return c.seen.Has(index) }

// Count returns the number of games counted.
func (c *Collector) Count() int { return c.tally.Games() }

// Total returns the number of games of the whole schedule.
func (c *Collector) Total() int { return c.total }

// Config returns the tournament's config.
func (c *Collector) Config() *Config { return c.cfg }

// Tally returns the results counted so far; it belongs to c.
func (c *Collector) Tally() *stats.Tally { return c.tally }

// SPRT returns the state of the tournament's SPRT, nil without one; it belongs to c.
func (c *Collector) SPRT() *SPRTState { return c.sprt }

// Decided reports whether the tournament's SPRT has decided.
func (c *Collector) Decided() bool { return c.sprt != nil && c.sprt.Verdict != stats.Continue }

// Records returns the records of the games counted, in the order they were added,
// while there are at most MaxKeptRecords (nil past it, and without CountOnly); they
// belong to c.
func (c *Collector) Records() []Record { return c.order }

// Summaries returns the summaries of the games counted, in the order they were added
// (none with CountOnly); they belong to c.
func (c *Collector) Summaries() *GameList { return c.games }

// Add counts a finished game.
func (c *Collector) Add(rec Record) error {
	total := c.total
	if rec.Index < 0 || rec.Index >= total {
		return fmt.Errorf("game %d is not in the schedule of %d games", rec.Index, total)
	}
	if c.seen.Has(rec.Index) {
		return fmt.Errorf("game %d is recorded twice", rec.Index)
	}
	sl := SlotOf(c.pairings, rec.Index)
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
func (c *Collector) keepRecord(rec *Record) {
	if c.light || !c.keep {
		return
	}
	if c.Count() >= c.keepLimit {
		c.keep, c.order = false, nil
		return
	}
	c.order = append(c.order, *rec)
}

// AddSummary counts a finished game given by its summary (of a list of the same
// players and reasons as the collector's) and, if not nil, its record.
func (c *Collector) AddSummary(s Summary, reason string, rec *Record) error {
	total := c.total
	index := int(s.Index)
	if s.Index < 0 || s.Index >= int64(total) {
		return fmt.Errorf("game %d is not in the schedule of %d games", s.Index, total)
	}
	if c.seen.Has(index) {
		return fmt.Errorf("game %d is recorded twice", index)
	}
	sl := SlotOf(c.pairings, index)
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
func (c *Collector) count1(s Summary, winner int, sl Slot) error {
	c.seen.Add(sl.Index)
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

// Result returns the games in schedule order (up to the SPRT's decision). The
// collector is done with its games then: it is not to be used again.
func (c *Collector) Result() *Collection {
	res := &Collection{Config: *c.cfg, SPRT: c.sprt}
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
		res.Games = make([]Record, 0, len(c.order))
		for _, rec := range c.order {
			if stop >= 0 && rec.Pair > stop {
				continue
			}
			res.Games = append(res.Games, rec)
		}
		slices.SortFunc(res.Games, func(a, b Record) int { return a.Index - b.Index })
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
func Collect(cfg Config, games []Record) (*Collection, error) {
	c := NewCollector(&cfg, len(games))
	c.keepLimit = len(games)
	sorted := slices.Clone(games)
	slices.SortFunc(sorted, func(a, b Record) int { return a.Index - b.Index })
	for _, r := range sorted {
		if err := c.Add(r); err != nil {
			return nil, err
		}
	}
	res := c.Result()
	res.Complete = c.Count() == c.total || (c.sprt != nil && c.sprt.Verdict != stats.Continue)
	return res, nil
}

// CollectGames is Collect of games given by their summaries (a GameList of cfg's
// players): the result has no records (Games), only Summaries.
func CollectGames(cfg Config, games *GameList) (*Collection, error) {
	c := NewCollector(&cfg, 0)
	sorted := games.Sorted()
	for i := range sorted.Len() {
		s := sorted.At(i)
		if err := c.AddSummary(s, sorted.Reason(&s), nil); err != nil {
			return nil, err
		}
	}
	res := c.Result()
	res.Complete = c.Count() == c.total || (c.sprt != nil && c.sprt.Verdict != stats.Continue)
	return res, nil
}
