// Package inputs holds what the games' input encodings (game.Encoder) share: the
// buckets a count of seeds falls in, and those of the turns left before a cap.
package inputs

// MaxCount is the largest count Count takes.
const MaxCount = 255

// countBucket maps a count to its bucket: 0 to 11 one by one, then 12–14, 15–19,
// 20–29, 30–49, 50–99 and 100 or more.
var countBucket = func() (b [MaxCount + 1]uint8) {
	for n := range b {
		switch {
		case n <= 11:
			b[n] = uint8(n)
		case n <= 14:
			b[n] = 12
		case n <= 19:
			b[n] = 13
		case n <= 29:
			b[n] = 14
		case n <= 49:
			b[n] = 15
		case n <= 99:
			b[n] = 16
		default:
			b[n] = 17
		}
	}
	return b
}()

// Count returns the bucket of a count n (0 to MaxCount): n itself up to 11, then
// 12 for 12–14, 13 for 15–19, 14 for 20–29, 15 for 30–49, 16 for 50–99 and 17 for
// 100 or more.
func Count(n int) int { return int(countBucket[uint8(n)]) }

// CountBuckets returns the number of buckets of the counts 0 to most (at most
// MaxCount): an encoding whose counts cannot exceed most gives each place that many
// inputs.
func CountBuckets(most int) int { return Count(most) + 1 }

// TurnsLeftBuckets is the number of buckets of TurnsLeft.
const TurnsLeftBuckets = 10

// TurnsLeft returns the bucket of the turns (or plies) left before a cap, from 1
// (0, a game over at the cap, shares the bucket of 1): 1, 2, 3, 4, 5, 6–8, 9–12,
// 13–20, 21–40, more; the buckets of The Colony's encoding.
func TurnsLeft(left int) int {
	switch {
	case left <= 5:
		return max(left, 1) - 1
	case left <= 8:
		return 5
	case left <= 12:
		return 6
	case left <= 20:
		return 7
	case left <= 40:
		return 8
	}
	return 9
}
