package record

import (
	"iter"
	"math/rand/v2"
)

// Slot is one game of the schedule.
type Slot struct {
	// Index numbers the games of the whole (unsharded) schedule from 0. Games 2k and
	// 2k+1 are pair k: the same opening, the seats swapped.
	Index int
	Pair  int
	// Round numbers the pairs of one pairing; every pairing's pair of round r starts
	// from the same opening.
	Round int
	// Seats are the players' indices in Config.Players, the first player's first.
	Seats [2]int
}

// Pairings returns the pairs of players who meet, by the format: every two players
// for a round robin, the first against each other for a gauntlet.
func (c *Config) Pairings() [][2]int {
	var out [][2]int
	n := len(c.Players)
	for i := range n {
		for j := i + 1; j < n; j++ {
			if c.Format == Gauntlet && i != 0 {
				continue
			}
			out = append(out, [2]int{i, j})
		}
	}
	return out
}

// TotalGames is the number of games of the whole (unsharded) schedule.
func (c *Config) TotalGames() int { return len(c.Pairings()) * c.Games }

// Slot returns the game of the schedule with the given index: round by round, each
// round one pair of games for every pairing in order, the pairing's first player
// first in the pair's first game.
func (c *Config) Slot(index int) Slot { return SlotOf(c.Pairings(), index) }

// SlotOf returns the game index of the schedule of the given pairings.
func SlotOf(pairings [][2]int, index int) Slot {
	pair := index / 2
	round, q := pair/len(pairings), pair%len(pairings)
	seats := pairings[q]
	if index%2 == 1 {
		seats[0], seats[1] = seats[1], seats[0]
	}
	return Slot{Index: index, Pair: pair, Round: round, Seats: seats}
}

// InShard reports whether this run (Config.Shard of Config.Shards) plays pair.
func (c *Config) InShard(pair int) bool {
	return c.Shards <= 1 || pair%c.Shards == c.Shard-1
}

// InRun reports whether this run plays pair: in its shard, and below its UntilPair.
func (c *Config) InRun(pair int) bool {
	return c.InShard(pair) && (c.UntilPair <= 0 || pair < c.UntilPair)
}

// Schedule returns the games this run plays, in order, made one at a time as they
// are taken (a schedule of billions of games is never held; see RunGames and RunSlot
// too).
func (c *Config) Schedule() iter.Seq[Slot] {
	rs := c.RunSchedule()
	return func(yield func(Slot) bool) {
		for k := range rs.Len() {
			if !yield(rs.Slot(k)) {
				return
			}
		}
	}
}

// RunGames returns the number of games this run (its shard, below its UntilPair)
// plays.
func (c *Config) RunGames() int { return c.RunSchedule().Len() }

// RunSlot returns the k-th game (from 0) that this run plays: the k-th of
// Schedule.
func (c *Config) RunSlot(k int) Slot { return c.RunSchedule().Slot(k) }

// RunSchedule gives the games of one run (its shard) by their rank in it, so that a
// run of ten million games does not hold ten million slots.
type RunSchedule struct {
	pairings [][2]int
	total    int // games of the whole schedule, or of its first UntilPair pairs
	// shard is the run's shard from 0, of shards (1 for a whole run).
	shard, shards int
}

// RunSchedule returns the schedule of this run: its shard, up to UntilPair.
func (c *Config) RunSchedule() RunSchedule {
	rs := RunSchedule{pairings: c.Pairings(), shards: 1}
	rs.total = len(rs.pairings) * c.Games
	if c.UntilPair > 0 && c.UntilPair < rs.total/2 {
		rs.total = 2 * c.UntilPair
	}
	if c.Shards > 1 {
		rs.shard, rs.shards = c.Shard-1, c.Shards
	}
	return rs
}

// pairsBelow counts the pairs of the run among pairs 0..m-1.
func (rs RunSchedule) pairsBelow(m int) int {
	if m <= rs.shard {
		return 0
	}
	return (m - rs.shard + rs.shards - 1) / rs.shards
}

// Len returns the number of games of the run.
func (rs RunSchedule) Len() int {
	n := 2 * rs.pairsBelow(rs.total/2)
	if last := rs.total / 2; rs.total%2 == 1 && last%rs.shards == rs.shard {
		n++ // a last pair of one game
	}
	return n
}

// Slot returns the k-th game of the run.
func (rs RunSchedule) Slot(k int) Slot {
	pair := rs.shard + k/2*rs.shards
	return SlotOf(rs.pairings, 2*pair+k%2)
}

// GamesInRound returns the number of games of the run that start from the opening of
// round.
func (rs RunSchedule) GamesInRound(round int) int {
	n := 0
	for p := round * len(rs.pairings); p < (round+1)*len(rs.pairings); p++ {
		if p%rs.shards != rs.shard {
			continue
		}
		n += max(0, min(2, rs.total-2*p))
	}
	return n
}

// GameSeed returns the seed of game index: the players' seeds derive from it.
func (c *Config) GameSeed(index int) uint64 { return Mix(uint64(c.Seed), uint64(index)) }

// OpeningOrder returns the order in which the rounds take the opening file's
// positions: the file's order, or with Shuffle a permutation seeded by the
// tournament's seed.
func (c *Config) OpeningOrder() []int {
	n := len(c.Openings.Positions)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if c.Openings.Shuffle {
		rng := rand.New(rand.NewPCG(uint64(c.Seed), 0x73687566666c65))
		rng.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	}
	return order
}

// Pairings returns the pairings of the run's schedule (Config.Pairings).
func (rs RunSchedule) Pairings() [][2]int { return rs.pairings }
