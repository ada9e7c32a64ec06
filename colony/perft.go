package colony

// Perft counts the sequences of exactly depth legal turns from s: every distinct turn
// (every distinct move string) is one edge, and a line on which the game ends before
// depth turns adds nothing. Perft(s, 0) is 1. s must be between turns. It walks the
// decision tree, which has one path per turn, and allocates nothing.
func (r *Rules) Perft(s *State, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	if s.phase != PhaseSelect {
		return 0
	}
	return r.perftDecisions(*s, depth)
}

// perftDecisions counts the turn sequences below a decision inside the current turn.
// It takes the state by value: a pointer would make every child escape to the heap
// (escape analysis is conservative for recursive calls).
func (r *Rules) perftDecisions(s State, depth int) uint64 {
	var list ActionList
	var n uint64
	for _, a := range r.LegalActions(&s, &list) {
		child := s
		r.Apply(&child, a)
		switch child.phase {
		case PhaseSelect:
			if depth == 1 {
				n++
			} else {
				n += r.perftDecisions(child, depth-1)
			}
		case PhaseOver:
			if depth == 1 {
				n++
			}
		default:
			n += r.perftDecisions(child, depth)
		}
	}
	return n
}
