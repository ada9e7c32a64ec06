package colony

// Source is a source of random numbers, such as *rand.PCG from math/rand/v2.
type Source interface {
	Uint64() uint64
}

// RandomAction returns an action chosen uniformly among the legal actions of s, which
// must not be finished.
func (r *Rules) RandomAction(s *State, rng Source) Action {
	var list ActionList
	legal := r.LegalActions(s, &list)
	return legal[uniform(rng, len(legal))]
}

// RandomPlayout plays uniformly random decisions from s to the end of the game and
// returns the number of decisions played. It allocates nothing.
func (r *Rules) RandomPlayout(s *State, rng Source) int {
	n := 0
	for s.phase != PhaseOver {
		r.Apply(s, r.RandomAction(s, rng))
		n++
	}
	return n
}

// uniform returns a number in [0, n) from rng (multiply-shift; the bias is below 2^-32
// for the small n of game actions).
func uniform(rng Source, n int) int {
	return int((rng.Uint64() >> 32) * uint64(n) >> 32)
}
