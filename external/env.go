package external

import "github.com/colony-ai/colony/search"

// What a caller lends the players of the cmd kind through search.Options.Env: the
// Pool their processes are taken from and given back to (WithPool), and the CPUs to
// pin them to (WithCPUs). The keys are this package's own, so that only these
// functions lend the players what they take, with the type they take it with.

var (
	// poolKey lends the players a *Pool.
	poolKey = search.NewKey[*Pool]("external.Pool")
	// cpusKey lends the players the CPUs of their game slot.
	cpusKey = search.NewKey[[]int]("external CPUs")
)

// WithPool returns env lending the players of the cmd kind p, the pool they take
// their processes from and give them back to; a nil p lends none (each player then
// starts and ends a process of its own). The caller closes p when its players are
// done.
func WithPool(env search.Env, p *Pool) search.Env {
	return search.WithValue(env, poolKey, p)
}

// WithCPUs returns env lending the players of the cmd kind the CPUs to pin their
// engines to (a game slot's, from CPUSets); nil pins nothing.
func WithCPUs(env search.Env, cpus []int) search.Env {
	return search.WithValue(env, cpusKey, cpus)
}
