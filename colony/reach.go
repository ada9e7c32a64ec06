package colony

import (
	"encoding/binary"
	"math/bits"
	"sync"
)

// lastEggTable is, for one board, lastEgg[l][n]: the mask of the logs on which the
// last egg of a lap of n eggs picked up from l lands, over every direction the lap may
// start in (all the exits of a fork or a centre, the one arrow of another log). Its
// sizes are powers of two so that indexing needs no bounds checks; entries for n = 0,
// n > TotalEggs and l >= NumLogs are 0.
type lastEggTable [32][64]uint32

// defaultLastEgg is the table of the default board, built at init.
var defaultLastEgg = buildLastEgg(defaultBoard)

// lastEggTables holds the tables of other boards (*Board -> *lastEggTable), built on
// first use and kept for the life of the process (8 KB a board; a program loads a
// board file once).
var lastEggTables sync.Map

// lastEgg returns the board's table of where laps end.
func (b *Board) lastEgg() *lastEggTable {
	if b == defaultBoard {
		return defaultLastEgg
	}
	return b.otherLastEgg()
}

// otherLastEgg returns the table of a board other than the default one (kept out of
// lastEgg so that lastEgg inlines).
func (b *Board) otherLastEgg() *lastEggTable {
	if t, ok := lastEggTables.Load(b); ok {
		return t.(*lastEggTable)
	}
	t, _ := lastEggTables.LoadOrStore(b, buildLastEgg(b))
	return t.(*lastEggTable)
}

// buildLastEgg fills the table from the lap tables: a lap of n eggs whose first egg
// travels on arc a ends with its last egg on arcTo[laps[n-1][a].next], or on arcTo[a]
// when n is 1.
func buildLastEgg(b *Board) *lastEggTable {
	t := new(lastEggTable)
	for l := Log(0); l < NumLogs; l++ {
		for n := 1; n <= TotalEggs; n++ {
			for _, a := range b.dirArcs[l][:b.exitCount[l]] {
				if n > 1 {
					a = b.laps[n-1][a].next
				}
				t[l][n] |= 1 << b.arcTo[a]
			}
		}
	}
	return t
}

// LastEggReach returns the mask of the logs on which the last egg of the first lap of
// some legal selection in s lands and is played out by R5: for every log the player
// to move may select (Selectable) and every direction its lap may start in. The first
// lap always offers the choice of direction on a fork or the centre, in the choice=
// selected variant too (which removes only the choices of relays), so the mask is the
// same in both. A lap of more eggs than the sowing cap (R6) ends without R5 and is
// left out. Relays are not followed. Eggs and ants are as in s, whatever its phase;
// the mask does not depend on who is to move, since both players may select the same
// logs. It allocates nothing and costs one table lookup per selectable log.
func (r *Rules) LastEggReach(s *State) uint32 {
	t := r.board.lastEgg()
	var m uint32
	sel := s.Selectable()
	if r.sowingCap >= TotalEggs {
		for ; sel != 0; sel &= sel - 1 {
			l := bits.TrailingZeros32(sel)
			m |= t[l&31][s.eggs[l]&63]
		}
		return m
	}
	for ; sel != 0; sel &= sel - 1 {
		l := bits.TrailingZeros32(sel)
		if n := int(s.eggs[l]); n <= r.sowingCap {
			m |= t[l&31][n&63]
		}
	}
	return m
}

// byteMasks[b] has the byte i set to 0xff for every bit i of b: it turns 8 bits of a
// log mask into a mask of the corresponding egg counts.
var byteMasks = func() (t [256]uint64) {
	for b := range t {
		for i := 0; i < 8; i++ {
			if b&(1<<i) != 0 {
				t[b] |= 0xff << (8 * i)
			}
		}
	}
	return t
}()

// EggsOn returns the number of eggs on the logs of the mask m (bit l for log l). It
// adds the counts of all the logs at once, eight to a machine word, instead of log by
// log: a few nanoseconds whatever the mask.
func (s *State) EggsOn(m uint32) int {
	w0 := binary.LittleEndian.Uint64(s.eggs[0:8]) & byteMasks[m&0xff]
	w1 := binary.LittleEndian.Uint64(s.eggs[8:16]) & byteMasks[m>>8&0xff]
	w2 := binary.LittleEndian.Uint64(s.eggs[16:24]) & byteMasks[m>>16&0xff]
	// No byte of the sum, nor any partial sum of bytes, can carry: there are 57 eggs.
	return int((w0 + w1 + w2) * 0x0101010101010101 >> 56)
}

// LogsWithEggs returns the mask of the logs holding exactly n eggs (n from 0 to
// TotalEggs), ants or not, found in all the counts at once.
func (s *State) LogsWithEggs(n int) uint32 {
	k := uint64(uint8(n)) * 0x0101010101010101
	m := zeroBytes(binary.LittleEndian.Uint64(s.eggs[0:8])^k) |
		zeroBytes(binary.LittleEndian.Uint64(s.eggs[8:16])^k)<<8 |
		zeroBytes(binary.LittleEndian.Uint64(s.eggs[16:24])^k)<<16
	return m & allLogs
}

// zeroBytes returns a mask with bit i set when byte i of x is 0.
func zeroBytes(x uint64) uint32 {
	const low7 = 0x7f7f7f7f7f7f7f7f
	y := (x&low7 + low7) | x // the high bit of a byte is set when the byte is not 0
	y = ^y >> 7 & 0x0101010101010101
	// Gather bit 8i to bit 56+i: the products of different bits never meet.
	return uint32(y * 0x0102040810204080 >> 56)
}
