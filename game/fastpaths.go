package game

// FastPaths are the optional fast paths (and the other optional parts) of a game,
// each nil when the game lacks it. FastPathsOf, and FastPath for one part, are the one
// place where the tools find them, by type assertion once when a player, a referee, a
// solver or a report is built, and so the one place that says what a tool falls back
// to: the table of the package's documentation lists each part with its fall-back.
type FastPaths[S any] struct {
	Stepper           Stepper[S]
	SiblingStepper    SiblingStepper[S]
	Playouter         Playouter[S]
	CountingPlayouter CountingPlayouter[S]
	RandomActioner    RandomActioner[S]
	LegalChecker      LegalChecker[S]
	TurnApplier       TurnApplier[S]
	TurnReader        TurnReader[S]
	Perfter           Perfter[S]
	SolveKeyer        SolveKeyer[S]
	SolveBounder      SolveBounder[S]
	Endgamer          Endgamer[S]
	Drawer            Drawer[S]
	Tracer            Tracer[S]
	Encoder           Encoder[S]
	PairEncoder       PairEncoder[S]
}

// FastPathsOf returns the optional parts g implements.
func FastPathsOf[S any](g Rules[S]) FastPaths[S] {
	var f FastPaths[S]
	f.Stepper, _ = g.(Stepper[S])
	f.SiblingStepper, _ = g.(SiblingStepper[S])
	f.Playouter, _ = g.(Playouter[S])
	f.CountingPlayouter, _ = g.(CountingPlayouter[S])
	f.RandomActioner, _ = g.(RandomActioner[S])
	f.LegalChecker, _ = g.(LegalChecker[S])
	f.TurnApplier, _ = g.(TurnApplier[S])
	f.TurnReader, _ = g.(TurnReader[S])
	f.Perfter, _ = g.(Perfter[S])
	f.SolveKeyer, _ = g.(SolveKeyer[S])
	f.SolveBounder, _ = g.(SolveBounder[S])
	f.Endgamer, _ = g.(Endgamer[S])
	f.Drawer, _ = g.(Drawer[S])
	f.Tracer, _ = g.(Tracer[S])
	f.Encoder, _ = g.(Encoder[S])
	f.PairEncoder, _ = g.(PairEncoder[S])
	return f
}

// FastPath returns g's implementation of the one optional part P (an interface of
// this package, such as TurnApplier[S]), or the zero P when g lacks it: FastPathsOf
// for a caller that needs one or two parts and is built once a game (the referee),
// small enough to stay on the stack.
func FastPath[P any, S any](g Rules[S]) P {
	p, _ := any(g).(P)
	return p
}
