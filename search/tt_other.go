//go:build !linux

package search

// allocBuckets returns n zeroed buckets.
func allocBuckets(n int) []ttBucket { return make([]ttBucket, n) }

// allocBytes returns the bytes allocBuckets(n) allocates.
func allocBytes(n int) uint64 { return uint64(n) * ttBucketBytes }
