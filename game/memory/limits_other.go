//go:build !linux

package memory

// ReadLimits knows no limits outside Linux: budgets there are unlimited.
func ReadLimits() Limits { return Limits{} }
