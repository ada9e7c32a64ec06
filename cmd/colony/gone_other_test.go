//go:build !unix

package main

// processGone cannot tell on this system: it reports true.
func processGone(int) bool { return true }

// groupGone cannot tell on this system: it reports true.
func groupGone(int) bool { return true }

// childProcesses cannot tell on this system: it returns nil.
func childProcesses() []int { return nil }
