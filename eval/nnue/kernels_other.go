//go:build !amd64 || purego

package nnue

// useAVX2 is false: this build has only the pure-Go code.
const useAVX2 = false

// simd is empty: there are no vector kernels in this build.
type simd struct{}

func (q *Quantised) initSIMD() {}

func (q *Quantised) simdScratch() int { return 0 }

// columns adds the columns of the inputs adds to acc and subtracts those of subs.
func (q *Quantised) columns(acc []uint64, adds, subs []uint16) { q.columnsGo(acc, adds, subs) }

// columns2 adds to acc0 the columns of adds[0] and subtracts those of subs[0], and
// the same for acc1 with adds[1] and subs[1].
func (q *Quantised) columns2(acc0, acc1 []uint64, adds, subs *[2][]uint16) {
	q.columnsGo(acc0, adds[0], subs[0])
	q.columnsGo(acc1, adds[1], subs[1])
}

// forward returns the value, in hundredths of a point, of the accumulators of the
// player to move (mover) and of the other player, using scratch (scratchSize words).
func (q *Quantised) forward(mover, other []uint64, scratch []uint64) int {
	return q.forwardGo(mover, other, scratch)
}
