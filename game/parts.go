package game

// FastPaths are the fast paths of a game (speed.go), each nil when the game lacks it:
// the parts that do faster what the tools would otherwise do through Rules. The
// game's other optional parts are in Parts.
type FastPaths[S any] struct {
	Stepper           Stepper[S]
	SiblingStepper    SiblingStepper[S]
	Playouter         Playouter[S]
	CountingPlayouter CountingPlayouter[S]
	RandomActioner    RandomActioner[S]
	LegalChecker      LegalChecker[S]
	TurnApplier       TurnApplier[S]
	Perfter           Perfter[S]
}

// SolvingParts are a game's parts for the exact solver (solving.go), each nil when
// the game lacks it.
type SolvingParts[S any] struct {
	SolveKeyer   SolveKeyer[S]
	SolveBounder SolveBounder[S]
	Endgamer     Endgamer[S]
}

// PresentationParts are a game's parts that present it to people (presentation.go),
// each nil when the game lacks it.
type PresentationParts[S any] struct {
	Drawer      Drawer[S]
	Tracer      Tracer[S]
	TurnReader  TurnReader[S]
	TurnCounter TurnCounter[S]
}

// LearningParts are a game's parts for learning (learning.go), each nil when the
// game lacks it.
type LearningParts[S any] struct {
	Encoder      Encoder[S]
	PairEncoder  PairEncoder[S]
	DeltaEncoder DeltaEncoder[S]
	Observer     Observer[S]
}

// Parts are the optional parts of a game, by role, each nil when the game lacks it
// (the fields of the embedded structs are promoted: PartsOf(g).Encoder). PartsOf,
// FastPathsOf for the fast paths alone and PartOf for one part are the one place
// where the tools find them, by type assertion once when a player, a referee, a
// solver or a report is built, and so the one place that says what a tool falls
// back to: the table of the package's documentation lists each part with its
// fall-back.
type Parts[S any] struct {
	FastPaths[S]
	SolvingParts[S]
	PresentationParts[S]
	LearningParts[S]
}

// FastPathsOf returns the fast paths g implements.
func FastPathsOf[S any](g Rules[S]) FastPaths[S] {
	var f FastPaths[S]
	f.Stepper, _ = g.(Stepper[S])
	f.SiblingStepper, _ = g.(SiblingStepper[S])
	f.Playouter, _ = g.(Playouter[S])
	f.CountingPlayouter, _ = g.(CountingPlayouter[S])
	f.RandomActioner, _ = g.(RandomActioner[S])
	f.LegalChecker, _ = g.(LegalChecker[S])
	f.TurnApplier, _ = g.(TurnApplier[S])
	f.Perfter, _ = g.(Perfter[S])
	return f
}

// PartsOf returns the optional parts g implements, by role.
func PartsOf[S any](g Rules[S]) Parts[S] {
	p := Parts[S]{FastPaths: FastPathsOf(g)}
	p.SolveKeyer, _ = g.(SolveKeyer[S])
	p.SolveBounder, _ = g.(SolveBounder[S])
	p.Endgamer, _ = g.(Endgamer[S])
	p.Drawer, _ = g.(Drawer[S])
	p.Tracer, _ = g.(Tracer[S])
	p.TurnReader, _ = g.(TurnReader[S])
	p.TurnCounter, _ = g.(TurnCounter[S])
	p.Encoder, _ = g.(Encoder[S])
	p.PairEncoder, _ = g.(PairEncoder[S])
	p.DeltaEncoder, _ = g.(DeltaEncoder[S])
	p.Observer, _ = g.(Observer[S])
	return p
}

// PartOf returns g's implementation of the one optional part P (an interface of
// this package, such as TurnApplier[S] or Tracer[S]), or the zero P when g lacks it:
// PartsOf for a caller that needs one or two parts and is built once a game (the
// referee), small enough to stay on the stack.
func PartOf[P any, S any](g Rules[S]) P {
	p, _ := any(g).(P)
	return p
}
