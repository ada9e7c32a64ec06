package search

import (
	"fmt"
	"math/bits"
	"sync"
	"unsafe"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/memory"
)

// The transposition table of the alpha-beta player.
//
// Layout: a power-of-two number of 64-byte buckets (one cache line each), as many as
// fit in the size given in megabytes (tt=16: 262,144 buckets), allocated once per
// player (or lent by a Tables), on huge pages where the system gives them (see
// allocBuckets). A bucket holds four 16-byte entries. A position's bucket is picked by the
// high bits of its hash times an odd constant (so every bit of the hash counts); the
// low 32 bits of the hash, stored in the entry, verify it.
//
// Replacement (two-tier, depth-preferred plus always-replace):
//   - an entry of the same position (same verification bits, current generation) is
//     overwritten in place; if the new result has no best move, the old move is kept;
//   - otherwise the first three slots are depth-preferred: the new entry takes the first
//     empty or stale slot among them, or else the shallowest (lowest index on ties) if it
//     is at least as deep;
//   - otherwise it goes to the fourth slot, which is always replaced.
//
// Depth is the remaining search depth in full turns; a solved entry (its value came
// from finished games only) counts as deepest, since it holds at every depth.
//
// Generations: every Play starts a new generation and entries of other generations
// count as empty, both for probing and for replacement. So a search sees exactly what it
// would see in a freshly cleared table, which keeps Play a function of the position
// alone (deterministic), at no cost per move; the table is really cleared only when the
// 32-bit generation counter wraps, once every 2^32-1 moves (an 8-bit counter cleared
// a 16 MB table every 255 moves, which cost more than a depth-1 search).

// Bound types of a table entry.
const (
	boundExact uint8 = 1 // the score is the node's value
	boundLower uint8 = 2 // the value is at least the score (the search failed high)
	boundUpper uint8 = 3 // the value is at most the score (the search failed low)
)

// Entry flags, beside the bound in the low two bits.
const (
	ttBoundMask uint8 = 3
	ttSolved    uint8 = 4 // the score came from finished games only: valid at any depth
	ttHasMove   uint8 = 8 // move holds the best (or refuting) decision
)

// ttEntry is one 16-byte slot of the table.
//
// key holds the low 32 bits of the position's hash and, above them, the generation
// (Play) that wrote the entry (0 is never current), so that a probe finds a current
// entry of its position with one comparison.
type ttEntry struct {
	key   uint64      // check | gen<<32
	score int32       // from the view of the player to move in the position
	depth uint8       // remaining depth in full turns
	flags uint8       // bound | ttSolved | ttHasMove
	move  game.Action // the best decision, when flags has ttHasMove
	_     uint8
}

// ttKey returns the key of an entry of hash h written in generation gen.
func ttKey(h uint64, gen uint32) uint64 { return uint64(uint32(h)) | uint64(gen)<<32 }

func (e *ttEntry) gen() uint32 { return uint32(e.key >> 32) }

func (e *ttEntry) bound() uint8  { return e.flags & ttBoundMask }
func (e *ttEntry) solved() bool  { return e.flags&ttSolved != 0 }
func (e *ttEntry) hasMove() bool { return e.flags&ttHasMove != 0 }
func (e *ttEntry) priority() uint { // replacement priority: deeper is kept
	if e.solved() {
		return 256
	}
	return uint(e.depth)
}

const (
	ttBucketEntries  = 4
	ttDepthPreferred = 3 // slots 0..2; slot 3 is always replaced
	ttBucketBytes    = 64
)

// ttBucket is one cache line of entries.
type ttBucket [ttBucketEntries]ttEntry

// transTable is the transposition table; the zero value (or tt=0) is a table that
// stores nothing.
type transTable struct {
	buckets []ttBucket
	shift   uint // 64 - log2(len(buckets))
	gen     uint32
	res     *reservation // the buckets' memory in its budget
}

// ttBuckets returns the number of buckets of a table of at most mb megabytes (mb >
// 0): the largest power of two that fits.
func ttBuckets(mb int) int {
	n := uint64(mb) << 20 / ttBucketBytes
	bitsN := uint(0)
	for uint64(1)<<(bitsN+1) <= n {
		bitsN++
	}
	return 1 << bitsN
}

// ttBytes returns the bytes a table of mb megabytes allocates (0 for mb <= 0).
func ttBytes(mb int) uint64 {
	if mb <= 0 {
		return 0
	}
	return allocBytes(ttBuckets(mb))
}

// ttWhat names a table of mb megabytes in the budget's errors.
func ttWhat(mb int) string { return fmt.Sprintf("tt=%d, a transposition table", mb) }

// newTransTable returns a table of at most mb megabytes (mb > 0): the largest
// power-of-two number of buckets that fits, its memory reserved from budget first
// (a *memory.RefusedError when it does not fit). The reservation is released by
// free, or when the table is collected.
func newTransTable(mb int, budget *memory.Budget) (*transTable, error) {
	n := ttBuckets(mb)
	res, err := reserve(budget, allocBytes(n), ttWhat(mb))
	if err != nil {
		return nil, err
	}
	t := &transTable{buckets: allocBuckets(n), shift: 64 - uint(bits.TrailingZeros(uint(n))), res: res}
	releaseWhenCollected(t, res)
	return t, nil
}

// free releases the table's memory to its budget; the table must not be used after.
func (t *transTable) free() {
	t.res.release()
	t.buckets = nil
}

// sameSize reports whether t has the buckets a table of mb megabytes would have.
func (t *transTable) sameSize(mb int) bool {
	n := uint64(mb) << 20 / ttBucketBytes
	return uint64(len(t.buckets)) <= n && n < 2*uint64(len(t.buckets))
}

// Tables lends alpha-beta players the memory of their transposition tables, so that a
// caller making new players game after game (a tournament worker) does not allocate a
// table, and have the system zero it, for every game: it gives the players of a game
// the same Tables (Options.Tables) and calls Release when the game is over. A player
// takes a table of its size at its first Play (a free one, or a new one, for which
// the free tables of other sizes are dropped) and keeps it until Release; two
// players of one game take two tables, and a Tables holds no more than the tables of
// one game besides those of abandoned players.
//
// The search does not change: every Play starts a new generation of its table, in
// which the entries written before count as empty (see tt.go), so a lent table
// searches exactly as a new one would, and games stay deterministic whichever tables
// they get. The zero value is ready to use. A Tables is safe for concurrent use, so
// that a player left running on a goroutine of its own (a tournament's abandoned
// player) may take or give back its table while the worker closes another player of
// the same Tables; it is meant for one worker, which Releases it between games.
//
// A table's memory is reserved from the budget of the player that made it
// (Options.Memory) and stays reserved while the Tables keeps it: Free gives it back
// (a dropped Tables gives it back when the garbage collector takes the tables).
type Tables struct {
	mu     sync.Mutex
	tables []*transTable
	lent   []bool
}

// Release makes every table lent so far free again: the players that took them must
// not play any more.
func (ts *Tables) Release() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	clear(ts.lent)
}

// Free releases the memory of every table ts has lent to its budget and forgets
// them; the players that took them must not play any more. ts may lend tables
// again afterwards.
func (ts *Tables) Free() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for _, t := range ts.tables {
		t.free()
	}
	ts.tables, ts.lent = nil, nil
}

// giveBack makes the table t, lent by ts, free again; a nil Tables, or a table ts
// did not lend, is left alone (the table goes to the garbage collector).
func (ts *Tables) giveBack(t *transTable) {
	if ts == nil {
		return
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for i, u := range ts.tables {
		if u == t {
			ts.lent[i] = false
			return
		}
	}
}

// take lends a table of mb megabytes (mb > 0): a free one of that size, or a new one
// reserved from budget, the free tables of other sizes freed first. A nil Tables
// always makes a new one.
func (ts *Tables) take(mb int, budget *memory.Budget) (*transTable, error) {
	if ts == nil {
		return newTransTable(mb, budget)
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for i, t := range ts.tables {
		if !ts.lent[i] && t.sameSize(mb) {
			ts.lent[i] = true
			return t, nil
		}
	}
	// The free tables of other sizes go first: a worker whose games have players of
	// many sizes keeps the tables of one game, not one of every size.
	kept := 0
	for i, t := range ts.tables {
		if ts.lent[i] {
			ts.tables[kept], ts.lent[kept] = t, true
			kept++
		} else {
			t.free()
		}
	}
	clear(ts.tables[kept:])
	ts.tables, ts.lent = ts.tables[:kept], ts.lent[:kept]
	t, err := newTransTable(mb, budget)
	if err != nil {
		return nil, err
	}
	ts.tables = append(ts.tables, t)
	ts.lent = append(ts.lent, true)
	return t, nil
}

// newSearch starts a generation: every entry written before counts as empty.
func (t *transTable) newSearch() {
	t.gen++
	if t.gen == 0 { // wrapped: entries of generation 1 and up would come back to life
		clear(t.buckets)
		t.gen = 1
	}
}

// bucket returns the bucket of hash h; the table must not be empty.
func (t *transTable) bucket(h uint64) *ttBucket {
	return &t.buckets[(h*0x9e3779b97f4a7c15)>>t.shift]
}

// prefetch starts loading the bucket of hash h into the cache, so that a probe of it
// later does not wait for memory; the table must not be empty.
func (t *transTable) prefetch(h uint64) { prefetch(unsafe.Pointer(t.bucket(h))) }

// probe returns the current entry of the position with hash h, or nil. The entry
// is the table's: it is valid until the next store.
func (t *transTable) probe(h uint64) *ttEntry {
	if len(t.buckets) == 0 {
		return nil
	}
	b := t.bucket(h)
	key := ttKey(h, t.gen)
	for i := range b {
		if b[i].key == key {
			return &b[i]
		}
	}
	return nil
}

// store records a search result for the position with hash h (see the replacement
// scheme above). move is used only when flags has ttHasMove.
func (t *transTable) store(h uint64, depth int, flags uint8, score int, move game.Action) {
	if len(t.buckets) == 0 {
		return
	}
	b := t.bucket(h)
	key := ttKey(h, t.gen)
	e := ttEntry{key: key, score: int32(score), depth: uint8(depth), flags: flags, move: move}
	for i := range b {
		if b[i].key == key {
			if flags&ttHasMove == 0 && b[i].hasMove() {
				e.move = b[i].move
				e.flags |= ttHasMove
			}
			b[i] = e
			return
		}
	}
	victim := -1
	for i := 0; i < ttDepthPreferred; i++ {
		if b[i].gen() != t.gen {
			victim = i
			break
		}
		if victim < 0 || b[i].priority() < b[victim].priority() {
			victim = i
		}
	}
	if b[victim].gen() == t.gen && e.priority() < b[victim].priority() {
		victim = ttDepthPreferred // the always-replace slot
	}
	b[victim] = e
}
