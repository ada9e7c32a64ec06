//go:build !linux

package external

import "errors"

// errNoAffinity says pinning is Linux's only.
var errNoAffinity = errors.New("pinning engines to CPUs is supported on Linux only")

func allowedCPUs() ([]int, error) { return nil, errNoAffinity }

func pinTree(int, []int) error { return errNoAffinity }
