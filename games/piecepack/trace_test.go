package piecepack_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/piecepack"
)

// lift, sow and take write the steps of an expected trace, places named as in the
// picture without their prefix: lift("south-f") lifts south's tile f, sow("S",
// "north-a") sows a coin in south's mancala then on north's tile a, take("N",
// "north-a") takes north's tile a to north's mancala.
func lift(tile string) []game.TraceStep {
	return []game.TraceStep{{Kind: game.Lift, Place: "pit-" + tile}}
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

func take(store string, tiles ...string) []game.TraceStep {
	var steps []game.TraceStep
	for _, p := range tiles {
		steps = append(steps, game.TraceStep{Kind: game.Take, Place: "pit-" + p, To: "store-" + store})
	}
	return steps
}

// Trace scenarios: one move from a position (6 tiles a side, 4 coins a tile), with
// its steps worked out by hand. Tiles are lettered from their owner's left; south's
// tile x faces north's (g - x): a faces f, b faces e, c faces d.
var traceScenarios = []struct {
	name, variant, params, from, move string
	want                              [][]game.TraceStep
}{
	{
		// a's coin lands on the empty b: it and north e's 4 coins go to south's
		// mancala.
		name: "egyptian capture", variant: "egyptian",
		from: "pits=1.0.4.4.4.4/4.4.4.4.4.4 stores=7,0 move=south", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("south-b"), take("S", "south-b", "north-e")},
	},
	{
		// Across an empty tile the lone coin still goes to the mancala.
		name: "egyptian capture across an empty tile", variant: "egyptian",
		from: "pits=1.0.4.4.4.4/4.4.4.4.0.4 stores=11,0 move=south", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("south-b"), take("S", "south-b")},
	},
	{
		// capture=nonempty: nothing is taken across an empty tile.
		name: "capture=nonempty across an empty tile", variant: "egyptian", params: "capture=nonempty",
		from: "pits=1.0.4.4.4.4/4.4.4.4.0.4 stores=11,0 move=south", move: "a",
		want: [][]game.TraceStep{lift("south-a"), sow("south-b")},
	},
	{
		// A full lap past north's mancala back into the emptied a: a capture of a's
		// coin and north f's 5.
		name: "egyptian lap back into the start tile", variant: "egyptian",
		from: "pits=13.0.0.0.0.0/4.4.4.4.4.4 stores=10,1 move=south", move: "a",
		want: [][]game.TraceStep{lift("south-a"),
			sow("south-b", "south-c", "south-d", "south-e", "south-f", "S"),
			sow("north-a", "north-b", "north-c", "north-d", "north-e", "north-f", "south-a"),
			take("S", "south-a", "north-f")},
	},
	{
		// North sows to the left: north a, then past south's mancala to south f, e, d.
		name: "ethiopian north sows to the left", variant: "ethiopian",
		from: "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=north ply=0", move: "b<",
		want: [][]game.TraceStep{lift("north-b"), sow("north-a", "south-f", "south-e", "south-d")},
	},
	{
		// Capture to the left: c's 2 go to b and the empty a; a's coin and north f's 4
		// are taken.
		name: "ethiopian capture to the left", variant: "ethiopian",
		from: "pits=0.1.2.4.4.4/4.4.4.4.4.4 stores=9,0 move=south ply=0", move: "c<",
		want: [][]game.TraceStep{lift("south-c"), sow("south-b", "south-a"), take("S", "south-a", "north-f")},
	},
	{
		// leftbonus=off: the same sowing takes nothing.
		name: "leftbonus=off: no capture to the left", variant: "ethiopian", params: "leftbonus=off",
		from: "pits=0.1.2.4.4.4/4.4.4.4.4.4 stores=9,0 move=south ply=0", move: "c<",
		want: [][]game.TraceStep{lift("south-c"), sow("south-b", "south-a")},
	},
	{
		// f's 3: south's mancala, north a (3 -> 4: to north's mancala at once), north
		// b (1 -> 2, the last coin): relay 2 to north c, d (4 -> 5): relay 5 to north
		// e, f, north's mancala, south a, b (4 -> 5): relay 5 to south c, d, e, f and
		// south's mancala, where the move ends.
		name: "nigerian four on the way, then relays", variant: "nigerian",
		from: "pits=4.4.4.4.4.3/3.1.4.4.4.4 stores=3,2 move=south", move: "f",
		want: [][]game.TraceStep{lift("south-f"), sow("S", "north-a"), take("N", "north-a"), sow("north-b"),
			lift("north-b"), sow("north-c", "north-d"),
			lift("north-d"), sow("north-e", "north-f", "N", "south-a", "south-b"),
			lift("south-b"), sow("south-c", "south-d", "south-e", "south-f", "S")},
	},
	{
		// fourdrop=last: e's 3 make f 4 on the way, which stays; the last coin falls
		// on north's empty a.
		name: "nigerian fourdrop=last", variant: "nigerian", params: "fourdrop=last",
		from: "pits=4.4.4.4.3.3/0.4.4.4.4.4 stores=6,0 move=south", move: "e",
		want: [][]game.TraceStep{lift("south-e"), sow("south-f", "S", "north-a")},
	},
	{
		// fourlast=mover: f's last coin makes north a 4, which goes to the mover.
		name: "nigerian fourlast=mover", variant: "nigerian", params: "fourlast=mover",
		from: "pits=4.4.4.4.4.2/3.4.4.4.4.4 stores=3,0 move=south", move: "f",
		want: [][]game.TraceStep{lift("south-f"), sow("S", "north-a"), take("S", "north-a")},
	},
}

func TestTraceScenarios(t *testing.T) {
	for _, sc := range traceScenarios {
		t.Run(sc.name, func(t *testing.T) {
			g, err := piecepack.New(sc.variant, sc.params)
			if err != nil {
				t.Fatal(err)
			}
			gametest.CheckTrace(t, g, sc.from, sc.move, slices.Concat(sc.want...), g.Places)
		})
	}
}

// TestTraceRuleSets checks the traces of every legal move of random games under the
// rule options the conformance suite does not run (its check covers those it runs).
func TestTraceRuleSets(t *testing.T) {
	for _, name := range [][2]string{{"egyptian", "capture=nonempty"}, {"egyptian", "2x9"},
		{"ethiopian", "capture=nonempty,leftbonus=off"}, {"ethiopian", "8x3"},
		{"nigerian", "fourdrop=last"}, {"nigerian", "5x5,four=3,fourlast=mover"}} {
		g, err := piecepack.New(name[0], name[1])
		if err != nil {
			t.Fatal(err)
		}
		t.Run(g.Name(), func(t *testing.T) {
			gametest.CheckRandomTraces(t, g, g.Places, 30, 7)
		})
	}
}
