//go:build !linux

package search

// allocBuckets returns n zeroed buckets.
func allocBuckets(n int) []ttBucket { return make([]ttBucket, n) }
