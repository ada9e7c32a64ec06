//go:build !amd64 || purego

package nnue

// useAVX2 is false: this build has only the pure-Go code.
const useAVX2 = false

// simd is empty: there are no vector kernels in this build.
type simd struct{}

func (q *Quantised) initSIMD() {}

func (q *Quantised) simdScratch() int { return 0 }

// add adds input f's column to acc.
func (q *Quantised) add(acc []uint64, f uint16) { addColGo(acc, q.column(f)) }

// sub subtracts input f's column from acc.
func (q *Quantised) sub(acc []uint64, f uint16) { subColGo(acc, q.column(f)) }

// forward returns the value, in hundredths of a point, of the accumulators of the
// player to move (mover) and of the other player, using scratch (scratchSize words).
func (q *Quantised) forward(mover, other []uint64, scratch []uint64) int {
	return q.forwardGo(mover, other, scratch)
}
