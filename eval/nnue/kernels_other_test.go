//go:build !amd64 || purego

package nnue

// unfit does nothing: this build has no vector kernels.
func unfit(q *Quantised) {}

// unfitOutput does nothing: this build has no vector kernels.
func unfitOutput(q *Quantised) {}
