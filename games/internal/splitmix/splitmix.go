// Package splitmix holds the random-number helpers of the games' fast playouts: the
// SplitMix64 stream (a counter advanced by Gamma, each value mixed by Mix) and the
// mapping of 64 random bits to an index, as search's players map them.
package splitmix

// Gamma is SplitMix64's increment: the stream's values are Mix(seed + k*Gamma).
const Gamma = 0x9e3779b97f4a7c15

// Mix is SplitMix64's output function, a bijective mix of 64 bits.
func Mix(z uint64) uint64 {
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Uniform maps 64 random bits x to [0, n) by the high 32 bits (Lemire's
// multiply-shift, without rejection: the bias is below n/2^32).
func Uniform(x uint64, n int) int { return int((x >> 32) * uint64(n) >> 32) }
