package game

// Observer is implemented by games that describe a position as a short vector of
// numbers seen by one player, as OpenSpiel's observation tensors do: the pieces on
// every place, the stores, the pieces in hand, where the ants stand, whose decision
// it is, with the player's own side first. It is the compact input of learning
// agents that do not use the network encoding (Encoder), and the observation of the
// Python environments (python/colony_ai).
//
// Used by the state-level face of a rule set (catalog.States) and the native
// library; a game without one has no observation there.
type Observer[S any] interface {
	// Observation describes the vector: its size, its shape, and the meaning of its
	// parts.
	Observation() Observation
	// Observe writes the observation of s seen by player p (0 or 1) into dst, which
	// holds exactly Observation().Size values. It allocates nothing.
	Observe(s *S, p int, dst []float32)
}

// Observation describes an Observer's vector.
type Observation struct {
	// Size is the number of values; Shape the vector's shape as the Python package
	// gives it (its product is Size).
	Size  int
	Shape []int
	// Parts name the vector's consecutive parts, in order, and say what each holds;
	// their sizes add up to Size.
	Parts []ObservationPart
}

// ObservationPart is one consecutive part of an Observation.
type ObservationPart struct {
	Name string
	Size int
	// Doc says what the values are ("eggs on each log, A1 to C6").
	Doc string
}
