package record

import (
	"fmt"
	mathbits "math/bits"
	"slices"
	"sort"
)

// Summary is a finished game as the reports, the standings, the ratings, the SPRT
// and a merge's missing games need it: 24 bytes instead of a whole Record, so that
// a run or a merge of millions of games holds them all. The players are indices in
// the tournament's players, the reason an index in the GameList's reasons.
type Summary struct {
	Index int64
	Turns int32
	// Seats are the players of the first and the second seat.
	Seats  [2]uint16
	reason uint16
	// Winner is 0 or 1 (the seat), or -1 for a draw.
	Winner int8
	Tie    bool
}

// Pair returns the game's pair.
func (s *Summary) Pair() int { return int(s.Index / 2) }

// ScoreOf returns seat's points in the game: 1, 0.5 or 0.
func (s *Summary) ScoreOf(seat int) float64 {
	switch int(s.Winner) {
	case seat:
		return 1
	case -1:
		return 0.5
	}
	return 0
}

// MaxKeptRecords is the number of finished games up to which a run, a merge and a
// resumed games file keep them as records too (without their moves, per-move figures
// and specs: Result.Games, Progress.Games, Merged.Games, GamesFileWriter.Done), for
// the callers that want records; past it those are nil and the games are in their
// summaries only (Result.Summaries, ...), whatever the tournament's size.
const MaxKeptRecords = 1 << 16

// GameList holds finished games of one tournament as summaries, in the order they
// were added. The zero value is not usable: see NewGameList.
type GameList struct {
	names    []string
	index    map[string]int
	reasons  []string
	reasonOf map[string]uint16
	games    blocks
}

// blockSize is the number of summaries in one block of a GameList: a list grows a
// block at a time and never copies what it holds (a slice that doubles would hold
// its old and its new array at once).
const blockSize = 1 << 14

// blocks are summaries in blocks of blockSize; it sorts them in place by index.
type blocks struct {
	b [][]Summary
	n int
}

func (bs *blocks) add(s Summary) {
	if bs.n%blockSize == 0 && bs.n/blockSize == len(bs.b) {
		bs.b = append(bs.b, make([]Summary, 0, blockSize))
	}
	k := bs.n / blockSize
	bs.b[k] = append(bs.b[k], s)
	bs.n++
}

func (bs *blocks) at(i int) *Summary { return &bs.b[i/blockSize][i%blockSize] }

// truncate keeps the first n summaries.
func (bs *blocks) truncate(n int) {
	for k := range bs.b {
		bs.b[k] = bs.b[k][:max(0, min(blockSize, n-k*blockSize))]
	}
	bs.b = bs.b[:(n+blockSize-1)/blockSize]
	bs.n = n
}

// Len, Less and Swap sort the summaries by index (sort.Interface).
func (bs *blocks) Len() int           { return bs.n }
func (bs *blocks) Less(i, j int) bool { return bs.at(i).Index < bs.at(j).Index }
func (bs *blocks) Swap(i, j int)      { a, b := bs.at(i), bs.at(j); *a, *b = *b, *a }

// isSorted reports whether the summaries are in the order of their indices.
func (bs *blocks) isSorted() bool {
	for i := 1; i < bs.n; i++ {
		if bs.at(i).Index < bs.at(i-1).Index {
			return false
		}
	}
	return true
}

// NewGameList returns an empty list of games among the named players (a tournament's
// Config.Players names, in order).
func NewGameList(names []string) *GameList {
	l := &GameList{names: names, index: make(map[string]int, len(names)), reasonOf: map[string]uint16{}}
	for i, n := range names {
		l.index[n] = i
	}
	return l
}

// NewGameListOf returns an empty list of cfg's games.
func NewGameListOf(cfg *Config) *GameList {
	names := make([]string, len(cfg.Players))
	for i, p := range cfg.Players {
		names[i] = p.Name
	}
	return NewGameList(names)
}

// GamesOf returns the summaries of records, games of cfg, in their order. A record
// whose players are not both cfg's is an error.
func GamesOf(cfg *Config, records []Record) (*GameList, error) {
	l := NewGameListOf(cfg)
	for i := range records {
		if err := l.Add(&records[i]); err != nil {
			return nil, err
		}
	}
	return l, nil
}

// Add adds the summary of a finished game; its players must be the list's.
func (l *GameList) Add(r *Record) error {
	s, err := l.summarize(r)
	if err != nil {
		return err
	}
	l.games.add(s)
	return nil
}

// summarize returns the summary of r.
func (l *GameList) summarize(r *Record) (Summary, error) {
	a, okA := l.index[r.Players[0]]
	b, okB := l.index[r.Players[1]]
	if !okA || !okB {
		return Summary{}, fmt.Errorf("game %d: players %q and %q are not both in the tournament", r.Index, r.Players[0], r.Players[1])
	}
	if a > 0xffff || b > 0xffff {
		return Summary{}, fmt.Errorf("game %d: more than %d players", r.Index, 0xffff+1)
	}
	reason, err := l.reasonIndex(r.Reason)
	if err != nil {
		return Summary{}, fmt.Errorf("game %d: %w", r.Index, err)
	}
	return Summary{Index: int64(r.Index), Turns: int32(min(max(r.Turns, -1<<31), 1<<31-1)), Seats: [2]uint16{uint16(a), uint16(b)},
		reason: reason, Winner: int8(r.Winner), Tie: r.Tie}, nil
}

// reasonIndex returns the index of reason in the list's reasons, adding it.
func (l *GameList) reasonIndex(reason string) (uint16, error) {
	if k, ok := l.reasonOf[reason]; ok {
		return k, nil
	}
	if len(l.reasons) > 0xffff {
		return 0, fmt.Errorf("more than %d different reasons why games ended", 0xffff+1)
	}
	k := uint16(len(l.reasons))
	l.reasons = append(l.reasons, reason)
	l.reasonOf[reason] = k
	return k, nil
}

// Len returns the number of games.
func (l *GameList) Len() int {
	if l == nil {
		return 0
	}
	return l.games.n
}

// Names returns the names of the list's players, in order; they belong to the list.
func (l *GameList) Names() []string { return l.names }

// At returns the i-th game.
func (l *GameList) At(i int) Summary { return *l.games.at(i) }

// Reason returns why game s ended (Record.Reason).
func (l *GameList) Reason(s *Summary) string { return l.reasons[s.reason] }

// Player returns the name of the player of seat in game s.
func (l *GameList) Player(s *Summary, seat int) string { return l.names[s.Seats[seat]] }

// Forfeit reports whether game s was lost by a forfeit (see Record.Forfeit).
func (l *GameList) Forfeit(s *Summary) bool {
	r := Record{Reason: l.reasons[s.reason]}
	return r.Forfeit()
}

// Forfeits counts the games lost by a forfeit.
func (l *GameList) Forfeits() int {
	n := 0
	for i := range l.Len() {
		if l.Forfeit(l.games.at(i)) {
			n++
		}
	}
	return n
}

// Sorted returns the list's games in the order of their indices: the list itself
// when they are in order already, else a sorted copy.
func (l *GameList) Sorted() *GameList {
	if l == nil || l.games.isSorted() {
		return l
	}
	out := l.withGames(blocks{})
	for i := range l.games.n {
		out.games.add(*l.games.at(i))
	}
	sort.Sort(&out.games)
	return out
}

func cmpSummary(a, b Summary) int {
	switch {
	case a.Index < b.Index:
		return -1
	case a.Index > b.Index:
		return 1
	}
	return 0
}

// withGames returns a list of the same players and reasons holding games.
func (l *GameList) withGames(games blocks) *GameList {
	return &GameList{names: l.names, index: l.index, reasons: l.reasons, reasonOf: l.reasonOf, games: games}
}

// UntilPair returns the games of the pairs below pair, in the list's order.
func (l *GameList) UntilPair(pair int) *GameList {
	out := l.withGames(blocks{})
	for i := range l.games.n {
		if s := l.games.at(i); s.Pair() < pair {
			out.games.add(*s)
		}
	}
	return out
}

// IndexSet is a set of game indices (non-negative integers) that grows to its largest
// member: one bit per number below it. The zero value is an empty set.
type IndexSet []uint64

// Add adds k to the set.
func (b *IndexSet) Add(k int) {
	if w := k / 64; w >= len(*b) {
		*b = slices.Grow(*b, w+1-len(*b))[:w+1]
	}
	(*b)[k/64] |= 1 << (k % 64)
}

// Has reports whether k is in the set.
func (b IndexSet) Has(k int) bool {
	return k >= 0 && k/64 < len(b) && b[k/64]&(1<<(k%64)) != 0
}

// Count returns the number of members from lo to hi-1.
func (b IndexSet) Count(lo, hi int) int {
	n := 0
	for k := lo; k < hi && k/64 < len(b); {
		if k%64 == 0 && hi-k >= 64 {
			n += mathbits.OnesCount64(b[k/64])
			k += 64
			continue
		}
		if b.Has(k) {
			n++
		}
		k++
	}
	return n
}
