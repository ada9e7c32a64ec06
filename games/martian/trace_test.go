package martian_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/martian"
)

// lift and sow write the steps of an expected trace, places named as in the picture
// without their prefix: lift("south-a") lifts South's space a, sow("north-a", "S")
// puts a piece on North's space a, then one in South's mancala ("N" for North's).
func lift(space string) []game.TraceStep {
	return []game.TraceStep{{Kind: game.Lift, Place: "pit-" + space}}
}

func sow(places ...string) []game.TraceStep {
	var steps []game.TraceStep
	for _, p := range places {
		if p == "S" || p == "N" {
			p = "store-" + p
		} else {
			p = "pit-" + p
		}
		steps = append(steps, game.TraceStep{Kind: game.Sow, Place: p})
	}
	return steps
}

// Trace scenarios: one turn from a position, with its steps worked out by hand. Ring
// places of the default board: South a..f, South's mancala, North a..f, North's
// mancala; of a 2-space board: South a, b, S, North a, b, N. A piece moves its pips
// and lands only at the end of its count: the places between are not sown.
var traceScenarios = []struct {
	name, params, from, move string
	want                     [][]game.TraceStep
}{
	{
		// South a's 321: the 3 to d, the 2 from d to f, the 1 from f into South's
		// mancala: a bonus move.
		name: "bonus move ending in the own mancala", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("south-d", "south-f", "S")},
	},
	{
		// South a's 1 onto b's 2 (occupied): lap of b's 12: the 1 into South's
		// mancala, the 2 over North a onto North b, empty: the turn ends.
		name: "one lap from an occupied space", params: "2x321",
		from: "pits=1.2/321.- stores=3322,311 move=south ply=0", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("south-b"), lift("south-b"), sow("S", "north-b")},
	},
	{
		// RULES.md's example, South b from the start: 3 to e, 2 into South's mancala,
		// 1 onto North a; lap of North a's 1321: 1 to North b, 3 to North e, 2 into
		// North's mancala, 1 onto South a; lap of South a's 1321: 1 to South b (the
		// lifted space), 3 to South e, 2 into South's mancala, 1 onto North a, empty
		// since its lap.
		name: "two laps through both mancalas", move: "b",
		want: [][]game.TraceStep{lift("south-b"), sow("south-e", "S", "north-a"),
			lift("north-a"), sow("north-b", "north-e", "N", "south-a"),
			lift("south-a"), sow("south-b", "south-e", "S", "north-a")},
	},
	{
		// South a's 3333 on a ring of 6: North a, a (the bottom of a new stack),
		// North a, a: the last piece falls on the occupied original space, which is
		// not moved again: the turn ends.
		name: "the original space is not moved again", params: "2x33",
		from: "pits=3333.-/-.33 stores=33,- move=south ply=0", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("north-a", "south-a", "north-a", "south-a")},
	},
	{
		// South a's 233: 2 into South's mancala, 3 into North's, 3 over South a
		// (the original space, jumped over: not sown) and b into South's mancala.
		name: "a piece jumps over the original space", params: "2x321",
		from: "pits=233.1/321.321 stores=21,- move=south ply=0", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("S", "N", "S")},
	},
	{
		// North b's 12 (North moves): the 1 into North's mancala, the 2 over South a
		// onto South b's 2 (occupied): a lap of South b's 22: the 2 to North a, the
		// 2 into North's mancala: a bonus move.
		name: "north's lap ending in its own mancala", params: "2x321",
		from: "pits=3.2/31.12 stores=3322,11 move=north ply=3", move: "b",
		want: [][]game.TraceStep{lift("north-b"), sow("N", "south-b"), lift("south-b"), sow("north-a", "N")},
	},
	{
		// South b's 31 empties South's side and ends the game: 3 to North b, 1 into
		// North's mancala. The pieces left on North's spaces stay there (Points
		// counts them for South, who moved last): no takes.
		name: "the end of the game moves nothing", params: "2x321",
		from: "pits=-.31/321.321 stores=3221,- move=south ply=0", move: "b",
		want: [][]game.TraceStep{lift("south-b"), sow("north-b", "N")},
	},
}

func TestTraceScenarios(t *testing.T) {
	for _, sc := range traceScenarios {
		t.Run(sc.name, func(t *testing.T) {
			g, err := martian.New(sc.params)
			if err != nil {
				t.Fatal(err)
			}
			gametest.CheckTrace(t, g, sc.from, sc.move, slices.Concat(sc.want...), g.Places)
		})
	}
}

// TestTraceRuleSets checks the traces of random games of rule sets the conformance
// suite does not run.
func TestTraceRuleSets(t *testing.T) {
	for _, name := range []string{"2x33", "3x321", "4x23", "5x1", "8x33", "2x333,cap=40"} {
		g, err := martian.New(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(g.Name(), func(t *testing.T) {
			games := 30 // with the build tag long; the first 10 by default
			if !martian.LongTests {
				games = 10
			}
			gametest.CheckRandomTraces(t, g, g.Places, games, 7)
		})
	}
}
