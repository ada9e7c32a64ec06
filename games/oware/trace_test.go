package oware_test

import (
	"slices"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/oware"
)

// lift, sow and take write the steps of an expected trace: lift("f1") lifts pit f1,
// sow("f2", "e2") sows a seed on each pit, take("S", "a2", "b2") takes each pit to
// South's store, in that order.
func lift(pit string) []game.TraceStep {
	return []game.TraceStep{{Kind: game.Lift, Place: "pit-" + pit}}
}

func sow(pits ...string) []game.TraceStep {
	var steps []game.TraceStep
	for _, p := range pits {
		steps = append(steps, game.TraceStep{Kind: game.Sow, Place: "pit-" + p})
	}
	return steps
}

func take(store string, pits ...string) []game.TraceStep {
	var steps []game.TraceStep
	for _, p := range pits {
		steps = append(steps, game.TraceStep{Kind: game.Take, Place: "pit-" + p, To: "store-" + store})
	}
	return steps
}

// Trace scenarios: one move from a position, with its steps worked out by hand. Pits
// are written South a1..f1 / North a2..f2; sowing runs a1..f1, then f2..a2.
var traceScenarios = []struct {
	name, rules, pos, move string
	want                   [][]game.TraceStep
}{
	{
		// The text's example: f1's six seeds go to f2..a2; a2 (3) and b2 (2) are
		// taken, from the last pit back; c2 (1) ends the run.
		name: "oware capture of 2s and 3s", rules: "oware",
		pos: "pits=4.4.4.4.4.6/2.1.0.5.5.5 stores=2,2 move=south quiet=5", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2", "e2", "d2", "c2", "b2", "a2"), take("S", "a2", "b2")},
	},
	{
		// North's a2 sows a1, b1, c1 (2, 2, 3): c1, b1 and a1 go to North's store.
		name: "oware capture by north", rules: "oware",
		pos: "pits=1.1.2.2.0.5/3.4.4.4.4.4 stores=7,7 move=north quiet=0", move: "a2",
		want: [][]game.TraceStep{lift("a2"), sow("a1", "b1", "c1"), take("N", "c1", "b1", "a1")},
	},
	{
		// a1's twelve seeds: b1..f1 and f2..a2 one each, a1 passed over, the twelfth
		// on b1 (South's own row: no capture).
		name: "oware lap skipping the origin", rules: "oware",
		pos: "pits=12.0.0.0.0.0/1.1.1.1.1.1 stores=15,15 move=south quiet=0", move: "a1",
		want: [][]game.TraceStep{lift("a1"), sow("b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2", "b1")},
	},
	{
		// f1 makes f2 and e2 2 each, every seed of North: a grand slam, which by
		// default captures nothing.
		name: "oware grand slam, no capture", rules: "oware",
		pos: "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2", "e2")},
	},
	{
		// grandslam=capture: the same grand slam takes e2 and f2.
		name: "oware grand slam captured", rules: "oware:grandslam=capture",
		pos: "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2", "e2"), take("S", "e2", "f2")},
	},
	{
		// grandslam=sowagain: captured too (South then sows again, a new decision).
		name: "oware grand slam, sow again", rules: "oware:grandslam=sowagain",
		pos: "pits=1.0.0.0.2.2/0.0.0.0.1.1 stores=20,21 move=south quiet=4", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2", "e2"), take("S", "e2", "f2")},
	},
	{
		// grandslam=illegal, the grand slam the only move: played, capturing nothing.
		name: "oware grand slam illegal, only move", rules: "oware:grandslam=illegal",
		pos: "pits=0.0.0.0.0.17/0.0.0.0.0.0 stores=16,15 move=south quiet=0", move: "f1",
		want: [][]game.TraceStep{lift("f1"),
			sow("f2", "e2", "d2", "c2", "b2", "a2", "a1", "b1", "c1", "d1", "e1"),
			sow("f2", "e2", "d2", "c2", "b2", "a2")},
	},
	{
		// The majority ends the game: the capture is the last step; the seeds left on
		// the rows stay there (Points counts them).
		name: "oware capture ending the game", rules: "oware",
		pos: "pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=23,13 move=south quiet=7", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2"), take("S", "f2")},
	},
	{
		// The text's Ayo example: f1's six seeds to f2..a2; a2 held 2, so its 3 are
		// lifted and sown on a1, b1, c1; c1 was empty and South's: c2's 5 are taken.
		name: "ayo relay lap and capture", rules: "ayo",
		pos: "pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=13,13 move=south quiet=3", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2", "e2", "d2", "c2", "b2", "a2"), lift("a2"), sow("a1", "b1", "c1"),
			take("S", "c2")},
	},
	{
		// relay=1: the sowing stops after the first lap, in a2, without a capture.
		name: "ayo relay cap", rules: "ayo:relay=1",
		pos: "pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=13,13 move=south quiet=3", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2", "e2", "d2", "c2", "b2", "a2")},
	},
	{
		// a1's 12: a big lap passing over a1, then relays from b1, d1, f1, e2, c2 and
		// a2, whose last seed falls in b1, emptied by its relay: b2's 2 are taken.
		name: "ayo big lap and long relay", rules: "ayo",
		pos: "pits=12.0.0.0.0.0/0.0.0.0.0.0 stores=18,18 move=south quiet=0", move: "a1",
		want: [][]game.TraceStep{lift("a1"), sow("b1", "c1", "d1", "e1", "f1", "f2", "e2", "d2", "c2", "b2", "a2", "b1"),
			lift("b1"), sow("c1", "d1"), lift("d1"), sow("e1", "f1"), lift("f1"), sow("f2", "e2"),
			lift("e2"), sow("d2", "c2"), lift("c2"), sow("b2", "a2"), lift("a2"), sow("a1", "b1"),
			take("S", "b2")},
	},
	{
		// skip=lap: f2's relay of 11 passes over nothing (its own pit would be the
		// twelfth) and ends in f1, emptied by the move; f2 opposite is empty.
		name: "ayo relay past the first pit, skip=lap", rules: "ayo",
		pos: "pits=0.0.0.0.0.1/0.0.0.0.0.10 stores=20,17 move=south quiet=0", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2"), lift("f2"),
			sow("e2", "d2", "c2", "b2", "a2", "a1", "b1", "c1", "d1", "e1", "f1")},
	},
	{
		// skip=move: the relay passes over f1, the move's pit, and ends in the emptied
		// f2, North's: no capture.
		name: "ayo relay past the first pit, skip=move", rules: "ayo:skip=move",
		pos: "pits=0.0.0.0.0.1/0.0.0.0.0.10 stores=20,17 move=south quiet=0", move: "f1",
		want: [][]game.TraceStep{lift("f1"), sow("f2"), lift("f2"),
			sow("e2", "d2", "c2", "b2", "a2", "a1", "b1", "c1", "d1", "e1", "f2")},
	},
}

func TestTraceScenarios(t *testing.T) {
	for _, sc := range traceScenarios {
		t.Run(sc.name, func(t *testing.T) {
			g, err := oware.Parse(sc.rules)
			if err != nil {
				t.Fatal(err)
			}
			gametest.CheckTrace(t, g, sc.pos, sc.move, slices.Concat(sc.want...), g.Places)
		})
	}
}

// TestTraceRuleSets checks the traces of every legal move of random games under the
// rule options the conformance suite does not run (its check covers those it runs).
func TestTraceRuleSets(t *testing.T) {
	for _, name := range []string{"oware:grandslam=illegal", "oware:grandslam=capture", "oware:feed=off",
		"ayo:relay=1", "ayo:relay=3,skip=move", "ayo:feed=on,majority=on"} {
		g, err := oware.Parse(name)
		if err != nil {
			t.Fatal(err)
		}
		t.Run(name, func(t *testing.T) {
			games := 30 // with the build tag long; the first 10 by default
			if !oware.LongTests {
				games = 10
			}
			gametest.CheckRandomTraces(t, g, g.Places, games, 7)
		})
	}
}
