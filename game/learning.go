package game

// The parts of a game for learning: the input encoding of its positions for value
// networks, their compact observation for other learning agents, and what its
// feature set provides for tuning and for eval=linear and eval=net (its hand-set,
// default and shipped weights, its shipped networks).

// Encoder is the input encoding of a game's positions for a value network (package
// eval/nnue): sparse and binary, seen by one player, so that a network's first layer
// is a sum of the weight columns of the inputs that are on, and a turn, which changes
// few inputs, changes that sum by a few columns.
//
// A network reads a position through both players' encodings: the player to move's
// and the other's, each accumulated in its own first-layer sum, the mover's first
// (the NNUE scheme of computer chess). Encode must therefore describe the whole
// position from either side, and the same position seen by player p must give the
// same inputs whoever is to move (the side to move, where it matters to the
// encoding, is an input like any other).
//
// An encoding is identified by its Name and Inputs (which network files carry): an
// encoding that changes what an input means takes a new name, so that networks
// trained for the old one are refused.
type Encoder[S any] interface {
	// Encoding describes the encoding of the game's positions under its rule set.
	Encoding() Encoding
	// Encode appends to dst the indices of the inputs of s that are on, seen by
	// player p (0 or 1), in increasing order and without repeats, and returns the
	// extended slice. It writes at most Encoding().MaxActive indices, each below
	// Encoding().Inputs, and allocates nothing when dst has room for them.
	Encode(s *S, p int, dst []uint16) []uint16
}

// Encoding describes an Encoder's inputs.
type Encoding struct {
	// Name names the encoding and its version ("colony-v1"): networks record it and
	// are refused by an encoding of another name.
	Name string
	// Inputs is the number of inputs seen by one player (at most 65,536).
	Inputs int
	// MaxActive bounds the inputs that are on in any position, for one player.
	MaxActive int
}

// PairEncoder is an Encoder that writes both players' inputs in one pass, for a game
// whose two views share work (The Colony's reach of the last egg and its blocked
// ants): EncodePair(s, dst0, dst1) returns what Encode(s, 0, dst0) and Encode(s, 1,
// dst1) return. A value network evaluates both views of every position, so this
// halves what the encoding costs it. The conformance suite checks the equality.
type PairEncoder[S any] interface {
	EncodePair(s *S, dst0, dst1 []uint16) ([]uint16, []uint16)
}

// DeltaEncoder is an Encoder that reports which inputs differ between two positions
// without encoding them in full, as a chess engine's make-move deltas do: the
// logs, pits or stores a turn changed, and the inputs that depend on them. A value
// network keeps the accumulators of the positions it evaluated last (package
// eval/nnue) and brings the nearest up to date by these differences; without a
// DeltaEncoder it encodes the position and compares the sorted input lists.
//
// EncodeDelta appends to d.Add[p] the inputs of to seen by player p (0 or 1) that are
// not on in from, and to d.Sub[p] those of from that are not on in to, for both
// players, in any order and without repeats: the sets Encode(to, p) minus Encode(from,
// p) and the reverse. It allocates nothing when each slice has room for
// Encoding().MaxActive more indices. from and to are any two positions of the game
// (a turn apart in a search, nearly always); the conformance suite checks the
// differences on consecutive decisions and on positions further apart.
type DeltaEncoder[S any] interface {
	EncodeDelta(from, to *S, d *InputDelta)
}

// InputDelta holds what DeltaEncoder.EncodeDelta reports: for each player, the inputs
// that come on (Add) and go off (Sub); and a memo, so that what the encoder derives
// from a position is computed once when that position is the to of one call and
// the from of the next (The Colony's inputs of its logs).
type InputDelta struct {
	Add, Sub [2][]uint16
	// To is set by EncodeDelta: words about the position to, which the caller
	// keeps with it. From is those words about the position from, given by the
	// caller when FromOK (from the call that had from as its to), else ignored.
	From, To Memo
	FromOK   bool
}

// Memo is what a DeltaEncoder keeps about a position: a few words, their meaning
// the game's.
type Memo [8]uint64

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

// The parts of a game's feature set (the named features of its linear evaluation, an
// eval.FeatureSet) for learning: its hand-set weights, and the tuned weights and value
// networks its package ships. The evaluations of player specs (eval.Evaluations),
// which the tuner starts from, find the optional ones by type assertion, once when a
// game's evaluations are built. They are declared here, with the other parts a game
// implements, so that a game's package asserts them on the contract alone.

// HandWeighter is implemented by every game's feature set: HandWeights returns the
// weights the game's author set by hand, by feature name (every feature of the set
// has one).
//
// Used for the evaluation eval=hand, as the start of a tuning run, and for eval=linear
// when the set has no tuned weights (neither DefaultWeighter nor WeightsShipper).
type HandWeighter interface {
	HandWeights() map[string]float64
}

// DefaultWeighter is implemented by feature sets that carry their default (tuned)
// weights by name in the package's code, as The Colony's does (colony.Features).
//
// Used for the evaluation eval=linear (the default evaluation of a game with tuned
// weights); the fall-back is WeightsShipper's file, else the hand-set weights (and
// eval=score as the default). It exists because The Colony's weights are code its
// tests check, not a file.
type DefaultWeighter interface {
	DefaultWeights() map[string]float64
}

// WeightsShipper is implemented by feature sets whose package ships their default
// (tuned) weights as a weights file (eval.ParseNamedWeights reads it), as the classic
// games' do (their weights/SET.json): ShippedWeights returns the file, or nil when
// none ships for the set.
//
// Used for the evaluation eval=linear when the set is no DefaultWeighter; the
// fall-back is the hand-set weights (and eval=score as the default evaluation).
type WeightsShipper interface {
	ShippedWeights() []byte
}

// NetworkShipper is implemented by feature sets whose package ships a trained value
// network (package eval/nnue) for some of its rule sets: ShippedNetwork returns the
// network file for the rule set named rules (Game.Name), or nil.
//
// Used for the evaluation eval=net; without a network eval=net is refused with an
// error that says to train one and give it as eval=net:FILE.
type NetworkShipper interface {
	ShippedNetwork(rules string) []byte
}
