// Package gametest is the conformance suite of the game contract (package game): the
// checks every game of the toolkit must pass, run from the game's own tests with one
// call, in the manner of OpenSpiel's RandomSimTest. A game's package adds one test
// file, games/kalah/conformance_test.go say:
//
//	func TestConformance(t *testing.T) {
//		g, err := kalah.New("4x3")
//		if err != nil {
//			t.Fatal(err)
//		}
//		gametest.Run(t, g, gametest.Options[kalah.State]{
//			Check: func(t testing.TB, s *kalah.State) { /* the game's own invariants */ },
//			// The neighbours of a position, each differing from it in one part.
//			Variants: func(s *kalah.State) []kalah.State {
//				text := g.FormatPosition(s)
//				return gametest.ParseVariants(g, append(gametest.FieldVariants(text, "move", "south", "north"),
//					gametest.MoveVariants(text, "pits", "stores")...))
//			},
//		})
//	}
//
//	func FuzzConformancePosition(f *testing.F) {
//		g, _ := kalah.New("")
//		gametest.FuzzPositions(f, g, "pits=0.5.5.5.5.4/4.4.4.4.4.4 stores=0,0 move=north")
//	}
//
// Options holds what differs between games: the neighbours of a position for the
// hash checks (Variants, required), the game's invariants (Check), whether its
// position notation covers states in the middle of a turn (MidTurnNotation), what
// its notation leaves out (SamePosition), a margin other than the points'
// difference (Margin), and the parts of the suite to skip (Skip). Options with only
// Variants set run everything with the defaults. Run takes about a second of CPU
// for a game whose random games last a few hundred decisions.
//
// # What Run checks
//
// Run plays Options.Games seeded random games (200 by default, a quarter of them
// under -short; game i draws its decisions from PCG(Options.Seed, i), so a run is
// deterministic) and checks, in subtests:
//
//   - Basics: Name and Sides are set, Start is a turn start of a game that is not
//     over.
//   - RandomGames, at every decision: ToMove is 0 or 1; a terminal state is a turn
//     start; LegalActions is empty exactly when the game is over, has no duplicates
//     and gives the same list twice and on a copy; Apply of every legal decision (on
//     a copy) leaves the original as it was (Hash and notation); the optional
//     Options.Check holds; the game ends within Options.MaxDecisions decisions. At
//     the end: Result agrees with Points (the winner has more points, or as many and
//     TieBreak; a draw has equal points; the margin is the points' difference, or
//     Options.Margin's) and EndReason is set.
//   - the position notation, at every turn start (and in the middle of turns when
//     Options.MidTurnNotation is set): FormatPosition, ParsePosition and
//     FormatPosition again give the same line, and the parsed state has the
//     original's Hash and Status, unless Options.SamePosition says the notation did
//     not carry all of the original (see Options.SamePosition).
//   - the turn notation, at every turn start of the first Options.TurnGames games:
//     game.Turns lists the turns with distinct notations; PlayTurn plays each turn's
//     decisions to the state the turn reaches, writing its notation; PlayTurn refuses
//     no decisions, part of a turn, a turn and more, and an illegal decision, leaving
//     the state and notation as they were.
//   - the fast paths a game implements behave as the fall-backs: Step (into another
//     state and in place) and StepSibling give the Hash, Status and notation of Apply
//     on a copy; IsLegal agrees with LegalActions on all 256 decisions; RandomAction
//     returns a legal decision (and, in the first TurnGames games, each legal decision
//     of a turn start when drawn often); Playout ends the game (the same game for the
//     same random numbers) with a Result that agrees with Points; ApplyTurn agrees
//     with PlayTurn on every turn and refuses what PlayTurn refuses (its errors' texts
//     may differ).
//   - Perft: at depths 1 to Options.PerftDepth (2 by default), from the start and
//     from a turn start in the middle of a game, game.Perft equals the sum of
//     game.PerftDivide's counts, the divide's turns are game.Turns' sorted, and Perft
//     refuses a position in the middle of a turn.
//   - Allocs: LegalActions, Apply, Hash, ToMove, TurnStart, Terminal, Result, Step,
//     StepSibling and Playout allocate nothing (skipped under the race detector).
//   - the hash's sensitivity (HashSensitivity, in RandomGames), at every turn
//     start of the first TurnGames games: the position read back from its notation
//     and its neighbours of Options.Variants (the position with the other side to
//     move, one place's count changed or, where the notation keeps the number of
//     pieces, one piece moved to a neighbouring place, a flag toggled, a counter
//     changed), taken two by two, have different hashes whenever their notations
//     differ: a hash that leaves out the side to move, a place or a flag fails.
//     ParseVariants, FieldVariants, NumberVariants, MoveVariants and SwapVariants
//     write the neighbours by editing the position line. A game without Variants
//     fails the part unless it skips it.
//   - the hash's collisions (HashCollisions, at the end of RandomGames), over the
//     distinct positions (by their notation) at the turn starts of all the random
//     games (and in the middle of turns with MidTurnNotation): no two have the same
//     64-bit hash (n positions collide with a chance of about n²/2^65), and the low
//     20 bits of their hashes, the index of a transposition table, collide no more
//     than uniform hashing's expectation plus eight of its standard deviations
//     (plus 8). Both are deterministic, as the games are seeded.
//   - the input encoding (Encoder, its own subtest): the game must implement
//     game.Encoder (the part fails a game that does not, unless Options.Skip holds
//     Encodings); Encoding() is the same at every position of the random games (the
//     first Options.Games again, from the same seeds), with a Name, 1 to 65,536
//     Inputs and MaxActive from 1 to Inputs; at every decision, for both players,
//     Encode gives at most MaxActive inputs, each below Inputs, in strictly
//     increasing order, the same twice, and appends them to a slice holding other
//     numbers without touching those; states with the same Hash have the same inputs;
//     the position read back from its notation (where the notation is checked, and
//     when Options.SamePosition says it is the same position) has the same inputs;
//     a game.PairEncoder's EncodePair gives what Encode gives for each player; a
//     game.DeltaEncoder's EncodeDelta, from the last decision's position, from a
//     random earlier position of the game and from the position itself, appends
//     (to slices holding other numbers, untouched) exactly the inputs that the two
//     encodings say came on and went off, for each player, and allocates nothing
//     at the Allocs part's sample states.
//     From a turn start to the next, the inputs that change (turned on or off) are
//     counted, their mean logged, and a turn that changes more than twice MaxActive
//     of a player's inputs fails. Encode allocates nothing at the Allocs part's
//     sample states (unless Allocs is skipped, or under the race detector). A value
//     network of random weights over the encoding (eval/nnue, output scale 10
//     points) evaluates every turn start in the games' order, as a search meets
//     positions: its accumulators, updated incrementally, equal a recomputation
//     after every turn; an update touches no more first-layer columns than the
//     inputs the turn changed; and the quantised value stays within 0.05 points of
//     the float one on average and 0.3 at most.
//
// Options.Skip turns off single parts of the suite (see Part), for a game that
// breaks one for a known reason: say why in a comment where it is set. A Playout
// that never ends hangs the suite (there is no way to stop it from outside); the
// random games themselves are bounded by Options.MaxDecisions.
//
// CheckScenarios and PlayScenario check a game's rulings worked out by hand: a
// Scenario is a position, the turns played from it (game.ReadTurn) and the exact
// position they lead to with its end reason, or the error refusing an illegal turn.
// A game's table should hold turns of both players, among them a sowing of the
// second player round the end of the board, where an off-by-one of one side shows.
//
// The suite's own tests run it on toy games with faults put in on purpose (a hash
// without the side to move or a store, a hash with many collisions or poor low bits,
// a sowing of the second player that wraps one place early, and others), and check
// that the part meant to find each fault reports it.
//
// FuzzPositions is the body of a fuzz target for a game's position parser: any input
// either is refused or reads to a state whose notation reads back to the same
// notation and Hash, and whose decisions can be listed and played; nothing panics.
package gametest
