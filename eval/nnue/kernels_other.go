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

// forward returns the value, in hundredths of a point, of the accumulators of the
// player to move (mover) and of the other player, using scratch (scratchSize words).
func (q *Quantised) forward(mover, other []uint64, scratch []uint64) int {
	return q.forwardGo(mover, other, scratch)
}
