//go:build !amd64 || purego

package nnue

// unfit does nothing: this build has no vector kernels.
func unfit(q *Quantised) {}

// unfitOutput does nothing: this build has no vector kernels.
func unfitOutput(q *Quantised) {}

// unfuse does nothing: this build has no vector kernels.
func unfuse(q *Quantised) {}

// fused reports false: this build has no vector kernels.
func fused(q *Quantised) bool { return false }
