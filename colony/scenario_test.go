package colony

// Scenario tests: one hand-built position per row of the publisher's action table
// (the publisher's rule sheet) and per ruling R1-R10 of docs/colony-board.md, each with a turn and the
// exact position it must lead to.
//
// Every expected position below was derived by hand from the rule texts and the board
// table in colony-board.md, never copied from the engine's output. The trace comments
// follow each egg: "A3 (2): A2 A1" means the two eggs picked up on A3 go one on A2 and
// one on A1. The sowing paths used (colony-board.md, "The arrows"):
//
//	A3>A2  A2>A1|B2  A1>B1  B1>C1|B2  C1>C2  C2>C3  C3>B4  B2>B3  B3>C3
//	A4>A5  A5>A6|B6  A6>B7  B7>C6|B6  C6>C5  C5>C4  C4>B4  B6>B5  B5>C4
//	B4: entered from C3 -> A4, entered from C4 -> A3, picked up -> A3 or A4 (chosen)
//
// Eggs passing a fork follow its first arrow (A2>A1, B1>C1, A5>A6, B7>C6); a lap that
// starts on a fork or on B4 (the selected log or a relay) takes the direction written
// after '>' in the move (R4).
//
// Position notation (position.go):
//
//	eggs=A1.A2.A3.A4.A5.A6/B1.B2.B3.B4.B5.B6.B7/C1.C2.C3.C4.C5.C6 red=.. black=.. hand=r,b store=r,b move=.. ants=.. turn=n
//
// Every position line here has 57 eggs (board plus stores) and 6 ants a colour (board
// plus hand); the test parses each expected line too, which checks that.
//
// The sowing cap (R6), as sow() in rules.go counts it: every egg put down one at a time
// during the turn counts one - the ordinary drops and also the last egg of a relay, which
// is dropped before everything is picked up again (an egg that ends the sowing by being
// dropped on an empty log counts too, but the sowing is over anyway). A captured egg is
// not put down and does not count. The count is kept across a direction choice in the
// middle of a turn. Before each egg the engine checks whether cap eggs have already been
// put down; if so, all the eggs still in hand go together onto the log reached, with no
// capture, no ant and no relay. So with a cap of 5, five eggs are sown one by one and the
// sixth egg onwards are put down together.
//
// Where the game ends in the middle of a turn (R9: a compulsory ant move is impossible),
// the turn was not completed: the position keeps the player to move and the turn number,
// and that player, who could not complete the turn, loses a tie.
//
// A tie when the game ends because the next player has no log to select (R9) cannot be
// built: a log with eggs and no ant can be selected, so at that point every egg on the
// board lies under an ant and is owned (R8); both scores then add up to the 57 eggs, an
// odd number. The tie rule is checked instead for the other two ways a game ends: a
// compulsory ant move that is impossible, and the turn cap (R10).

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game/gametest"
)

// scenarioStart is the start position (R1), written out by hand.
const scenarioStart = "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=- black=- hand=6,6 store=0,0 move=red ants=optional turn=1"

type scenarioCase struct {
	name string
	// sowCap and turnCap select a rule set on the default board; 0 keeps the default.
	sowCap, turnCap int
	pos             string
	move            string
	// wantErr: the move must be rejected by ParseMove, and the error message, with the
	// move's own text removed from it, must contain each of these strings
	// (gametest.Scenario.Err).
	wantErr []string
	want    string
	scores  [2]int // Score(Red), Score(Black) after the move
	end     EndReason
	winner  Color // checked when end != NotOver
}

func scenarioRules(t *testing.T, sowCap, turnCap int) *Rules {
	t.Helper()
	if sowCap == 0 && turnCap == 0 {
		return Default()
	}
	if sowCap == 0 {
		sowCap = DefaultSowingCap
	}
	if turnCap == 0 {
		turnCap = DefaultTurnCap
	}
	r, err := NewRules(DefaultBoard(), sowCap, turnCap)
	if err != nil {
		t.Fatalf("NewRules(sowcap %d, turncap %d): %v", sowCap, turnCap, err)
	}
	return r
}

var scenarioCases = []scenarioCase{
	// ---------------------------------------------------------------------------------
	// The action table (the publisher's rule sheet, phase 2; R5), last egg by last egg.
	{
		name: "table/own ant: last egg captured, sowing stops, nothing dropped there",
		pos:  "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=24,24 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); the last egg would land on A1 (A2 passed by its first arrow):
		// red's own ant -> red captures it (store 24->25), A1 keeps its 2 eggs, stop.
		// Ant step optional, no ant move: pass.
		want:   "eggs=2.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25 + 2, 24},
	},
	{
		name: "table/own ant with exactly 3 eggs: captured, no second ant",
		pos:  "eggs=3.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=24,23 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: own ant (any number of eggs) -> captured
		// (24->25), A1 stays 3, no ant placed (hand stays 5). Pass.
		want:   "eggs=3.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=25,23 move=black ants=optional turn=11",
		scores: [2]int{25 + 3, 23},
	},
	{
		name: "table/opponent ant with 0 eggs: dropped, sowing stops",
		pos:  "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=25,25 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: black ant, 0 eggs -> dropped (0->1), stop.
		// Red has no ant on the board: no ant step.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=25,25 move=black ants=optional turn=11",
		scores: [2]int{25, 25 + 1},
	},
	{
		name: "table/opponent ant with 1+ eggs: relay from there, last egg included",
		pos:  "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=24,24 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: black ant, 2 eggs -> dropped (3), all 3 picked
		// up (the black ant stays on an empty A1).
		// A1 (3): B1 (0->1), C1 (0->1, B1 passed by its first arrow); last on C2: no ant,
		// 0 eggs -> dropped (0->1), stop.
		want:   "eggs=0.1.0.0.0.0/1.0.0.0.0.0.0/1.1.0.0.5.0 red=- black=A1 hand=6,5 store=24,24 move=black ants=optional turn=11",
		scores: [2]int{24, 24 + 0},
	},
	{
		name: "table/opponent ant with exactly 3 eggs: relay, not a capture",
		pos:  "eggs=3.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=24,23 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: black ant, 3 eggs (1 or more) -> dropped (4),
		// all 4 picked up.
		// A1 (4): B1 (0->1), C1 (0->1), C2 (0->1); last on C3: no ant, 0 eggs -> dropped,
		// stop.
		want:   "eggs=0.1.0.0.0.0/1.0.0.0.0.0.0/1.1.1.0.5.0 red=- black=A1 hand=6,5 store=24,23 move=black ants=optional turn=11",
		scores: [2]int{24, 23},
	},
	{
		name: "table/no ant, 0 eggs: dropped, sowing stops",
		pos:  "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 0 eggs -> dropped (0->1), stop.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=black ants=optional turn=11",
		scores: [2]int{25, 25},
	},
	{
		name: "table/no ant, exactly 3 eggs: captured, ant placed from hand, stops",
		pos:  "eggs=3.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=24,23 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 3 eggs -> red captures the egg (24->25)
		// and places an ant from hand on A1 (hand 6->5); A1 keeps its 3 eggs, stop.
		// Red now has an ant with free neighbours; the ant step is optional: pass.
		want:   "eggs=3.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=25,23 move=black ants=optional turn=11",
		scores: [2]int{25 + 3, 23},
	},
	{
		name: "table/no ant, 1 egg: relay",
		pos:  "eggs=1.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 1 egg -> dropped (2), 2 picked up.
		// A1 (2): B1 (0->1); last on C1 (B1 passed by its first arrow): 0 eggs ->
		// dropped, stop.
		want:   "eggs=0.1.0.0.0.0/1.0.0.0.0.0.0/1.0.0.0.5.0 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name: "table/no ant, 2 eggs: relay (3 after the drop does not count)",
		pos:  "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=24,24 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 2 eggs (the count before the last egg
		// is what the table looks at) -> dropped (3), 3 picked up.
		// A1 (3): B1 (0->1), C1 (0->1); last on C2: 0 eggs -> dropped, stop.
		want:   "eggs=0.1.0.0.0.0/1.0.0.0.0.0.0/1.1.0.0.5.0 red=- black=- hand=6,6 store=24,24 move=black ants=optional turn=11",
		scores: [2]int{24, 24},
	},
	{
		name: "table/no ant, 4+ eggs: relay",
		pos:  "eggs=4.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=23,23 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 4 eggs -> dropped (5), 5 picked up.
		// A1 (5): B1 (0->1), C1 (0->1), C2 (0->1), C3 (0->1); last on B4 (C3's arrow):
		// no ant, 0 eggs -> dropped, stop.
		want:   "eggs=0.1.0.0.0.0/1.0.0.1.0.0.0/1.1.1.0.5.0 red=- black=- hand=6,6 store=23,23 move=black ants=optional turn=11",
		scores: [2]int{23, 23},
	},

	// ---------------------------------------------------------------------------------
	// R2: selection.
	{
		name:    "R2/log with own ant cannot be selected",
		pos:     "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.0.3.3.3.3 red=A3 black=A4 hand=5,5 store=2,1 move=red ants=optional turn=5",
		move:    "A3",
		wantErr: []string{"A3", "protected"},
	},
	{
		name:    "R2/log with opponent's ant cannot be selected",
		pos:     "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.0.3.3.3.3 red=A3 black=A4 hand=5,5 store=2,1 move=red ants=optional turn=5",
		move:    "A4",
		wantErr: []string{"A4", "protected"},
	},
	{
		name:    "R2/empty log cannot be selected",
		pos:     "eggs=3.3.3.3.3.3/3.3.3.3.3.3.3/3.0.3.3.3.3 red=A3 black=A4 hand=5,5 store=2,1 move=red ants=optional turn=5",
		move:    "C2",
		wantErr: []string{"C2", "no eggs"},
	},

	// ---------------------------------------------------------------------------------
	// R3: no skipping.
	{
		name: "R3/long lap drops on ant logs and on the start log",
		pos:  "eggs=0.0.0.17.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=A5,C1 black=C5 hand=4,5 store=20,20 move=red ants=optional turn=10",
		move: "A4",
		// A4 (17), once round the eight and back:
		//  1 A5 (red ant, not the last egg: dropped)   2 A6 (A5 passed by its first arrow)
		//  3 B7   4 C6 (B7 passed by its first arrow)   5 C5 (black ant: dropped)
		//  6 C4   7 B4   8 A3 (B4 entered from C4)   9 A2   10 A1 (A2's first arrow)
		// 11 B1  12 C1 (B1's first arrow; red ant: dropped)  13 C2  14 C3  15 B4 (again)
		// 16 A4 (B4 entered from C3: the log the sowing started from, not skipped)
		// last (17th) on A5: red's own ant -> captured (20->21), stop.
		// Red's ants have free neighbours; optional: pass.
		want:   "eggs=1.1.1.1.1.1/1.0.0.2.0.0.1/1.1.1.1.1.1 red=A5,C1 black=C5 hand=4,5 store=21,20 move=black ants=optional turn=11",
		scores: [2]int{21 + 1 + 1, 20 + 1},
	},
	{
		name: "R3/long lap drops on ant logs and on the start log, black to move",
		pos:  "eggs=0.0.0.17.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=C5 black=A5,C1 hand=5,4 store=20,20 move=black ants=optional turn=10",
		move: "A4",
		// The same lap with the colours swapped, for black (the second player): the
		// eggs go once round the eight, past the centre twice, and back to A4 as
		// above; the last (17th) on A5: black's own ant -> captured (20->21), stop.
		// Black's ants have free neighbours; optional: pass.
		want:   "eggs=1.1.1.1.1.1/1.0.0.2.0.0.1/1.1.1.1.1.1 red=C5 black=A5,C1 hand=5,4 store=20,21 move=red ants=optional turn=11",
		scores: [2]int{20 + 1, 21 + 1 + 1},
	},

	// ---------------------------------------------------------------------------------
	// R4: forks and the centre.
	{
		name: "R4/passing a fork follows its first arrow (A3 on the start)",
		pos:  scenarioStart,
		move: "A3",
		// A3 (3): A2 (3->4), A1 (A2 passed by its first arrow; 3->4); last on B1 (A1's
		// arrow): no ant, 3 eggs -> captured (0->1), red ant on B1 (hand 5). Pass.
		want:   "eggs=4.4.0.3.3.3/3.3.3.3.3.3.3/3.3.3.3.3.3 red=B1 black=- hand=5,6 store=1,0 move=black ants=optional turn=2",
		scores: [2]int{1 + 3, 0},
	},
	{
		name:    "R4/no choice where eggs only pass a fork (A3>B2 rejected)",
		pos:     scenarioStart,
		move:    "A3>B2",
		wantErr: []string{"B2", "direction"},
	},
	{
		name: "R4/lap starting on a fork: first arrow chosen (A2>A1)",
		pos:  scenarioStart,
		move: "A2>A1",
		// A2 (3) towards A1: A1 (3->4), B1 (3->4); last on C1 (B1 passed by its first
		// arrow): no ant, 3 eggs -> captured (0->1), red ant on C1 (hand 5). Pass.
		want:   "eggs=4.0.3.3.3.3/4.3.3.3.3.3.3/3.3.3.3.3.3 red=C1 black=- hand=5,6 store=1,0 move=black ants=optional turn=2",
		scores: [2]int{1 + 3, 0},
	},
	{
		name: "R4/lap starting on a fork: second arrow chosen (A2>B2)",
		pos:  scenarioStart,
		move: "A2>B2",
		// A2 (3) towards B2: B2 (3->4), B3 (3->4); last on C3 (B3's arrow): no ant,
		// 3 eggs -> captured (0->1), red ant on C3 (hand 5). Pass.
		want:   "eggs=3.0.3.3.3.3/3.4.4.3.3.3.3/3.3.3.3.3.3 red=C3 black=- hand=5,6 store=1,0 move=black ants=optional turn=2",
		scores: [2]int{1 + 3, 0},
	},
	{
		name:    "R4/selected fork without a direction rejected (A2)",
		pos:     scenarioStart,
		move:    "A2",
		wantErr: []string{"A2", "direction"},
	},
	{
		name:    "R4/direction that is not an exit of the fork rejected (A2>A3)",
		pos:     scenarioStart,
		move:    "A2>A3",
		wantErr: []string{"A3"},
	},
	{
		name: "R4/eggs passing the centre from C3 go on to A4",
		pos:  "eggs=0.0.0.0.0.0/0.0.0.0.0.5.0/0.3.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "C2",
		// C2 (3): C3 (0->1), B4 (0->1); last on A4 (B4 entered from C3): 0 eggs ->
		// dropped, stop.
		want:   "eggs=0.0.0.1.0.0/0.0.0.1.0.5.0/0.0.1.0.0.0 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name: "R4/eggs passing the centre from C4 go on to A3",
		pos:  "eggs=0.0.0.0.0.0/0.5.0.0.0.0.0/0.0.0.0.3.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "C5",
		// C5 (3): C4 (0->1), B4 (0->1); last on A3 (B4 entered from C4): 0 eggs ->
		// dropped, stop.
		want:   "eggs=0.0.1.0.0.0/0.5.0.1.0.0.0/0.0.0.1.0.0 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name: "R4/selecting the centre: B4>A3",
		pos:  "eggs=0.0.0.0.0.0/0.5.0.3.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "B4>A3",
		// B4 (3) towards A3: A3 (0->1), A2 (0->1); last on A1 (A2's first arrow): 0 eggs
		// -> dropped, stop.
		want:   "eggs=1.1.1.0.0.0/0.5.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name: "R4/selecting the centre: B4>A4",
		pos:  "eggs=0.0.0.0.0.0/0.5.0.3.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "B4>A4",
		// B4 (3) towards A4: A4 (0->1), A5 (0->1); last on A6 (A5's first arrow): 0 eggs
		// -> dropped, stop.
		want:   "eggs=0.0.0.1.1.1/0.5.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name:    "R4/selecting the centre without a direction rejected (B4)",
		pos:     "eggs=0.0.0.0.0.0/0.5.0.3.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move:    "B4",
		wantErr: []string{"B4", "direction"},
	},
	{
		name:    "R4/centre exit that is not A3 or A4 rejected (B4>C3)",
		pos:     "eggs=0.0.0.0.0.0/0.5.0.3.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move:    "B4>C3",
		wantErr: []string{"C3"},
	},
	{
		name: "R4/relay starting on a fork needs a second choice (A5>A6>B6)",
		pos:  "eggs=0.0.0.0.2.0/0.5.0.0.0.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "A5>A6>B6",
		// A5 (2) towards A6: A6 (0->1); last on B7 (A6's arrow): no ant, 1 egg ->
		// dropped (2), 2 picked up; B7 is a fork: the relay lap chooses B6.
		// B7 (2) towards B6: B6 (0->1); last on B5 (B6's arrow): 0 eggs -> dropped, stop.
		want:   "eggs=0.0.0.0.0.1/0.5.0.0.1.1.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name: "R4/relay starting on a fork, first arrow chosen (A5>A6>C6)",
		pos:  "eggs=0.0.0.0.2.0/0.5.0.0.0.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move: "A5>A6>C6",
		// A5 (2) towards A6: A6 (0->1); last on B7: 1 egg -> dropped (2), 2 picked up.
		// B7 (2) towards C6: C6 (0->1); last on C5 (C6's arrow): 0 eggs -> dropped, stop.
		want:   "eggs=0.0.0.0.0.1/0.5.0.0.0.0.0/0.0.0.0.1.1 red=- black=- hand=6,6 store=25,24 move=black ants=optional turn=11",
		scores: [2]int{25, 24},
	},
	{
		name:    "R4/relay on a fork without its direction rejected (A5>A6)",
		pos:     "eggs=0.0.0.0.2.0/0.5.0.0.0.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=25,24 move=red ants=optional turn=10",
		move:    "A5>A6",
		wantErr: []string{"B7", "direction"},
	},
	{
		name: "R4/relay starting on a fork with an opponent's ant (A1>B2)",
		pos:  "eggs=1.0.0.0.0.0/1.0.0.0.0.5.0/0.0.0.0.0.0 red=- black=B1 hand=6,5 store=25,25 move=red ants=optional turn=10",
		move: "A1>B2",
		// A1 (1): last on B1 (A1's arrow): black ant, 1 egg -> dropped (2), 2 picked up;
		// B1 is a fork: the relay chooses B2.
		// B1 (2) towards B2: B2 (0->1); last on B3 (B2's arrow): 0 eggs -> dropped, stop.
		want:   "eggs=0.0.0.0.0.0/0.1.1.0.0.5.0/0.0.0.0.0.0 red=- black=B1 hand=6,5 store=25,25 move=black ants=optional turn=11",
		scores: [2]int{25, 25 + 0},
	},
	{
		name: "R4/relay starting on the centre: C2>A3",
		pos:  "eggs=0.0.0.0.0.0/0.0.0.2.0.5.0/0.2.0.0.0.0 red=- black=- hand=6,6 store=24,24 move=red ants=optional turn=10",
		move: "C2>A3",
		// C2 (2): C3 (0->1); last on B4 (C3's arrow): no ant, 2 eggs -> dropped (3),
		// 3 picked up; a lap starting on the centre chooses its exit: A3.
		// B4 (3) towards A3: A3 (0->1), A2 (0->1); last on A1 (A2's first arrow): 0 eggs
		// -> dropped, stop.
		want:   "eggs=1.1.1.0.0.0/0.0.0.0.0.5.0/0.0.1.0.0.0 red=- black=- hand=6,6 store=24,24 move=black ants=optional turn=11",
		scores: [2]int{24, 24},
	},
	{
		name: "R4/relay starting on the centre: C2>A4",
		pos:  "eggs=0.0.0.0.0.0/0.0.0.2.0.5.0/0.2.0.0.0.0 red=- black=- hand=6,6 store=24,24 move=red ants=optional turn=10",
		move: "C2>A4",
		// C2 (2): C3 (0->1); last on B4: 2 eggs -> dropped (3), 3 picked up, exit A4.
		// B4 (3) towards A4: A4 (0->1), A5 (0->1); last on A6 (A5's first arrow): 0 eggs
		// -> dropped, stop. (Not the lane from C3: a lap that starts on B4 chooses.)
		want:   "eggs=0.0.0.1.1.1/0.0.0.0.0.5.0/0.0.1.0.0.0 red=- black=- hand=6,6 store=24,24 move=black ants=optional turn=11",
		scores: [2]int{24, 24},
	},
	{
		name:    "R4/relay on the centre without its direction rejected (C2)",
		pos:     "eggs=0.0.0.0.0.0/0.0.0.2.0.5.0/0.2.0.0.0.0 red=- black=- hand=6,6 store=24,24 move=red ants=optional turn=10",
		move:    "C2",
		wantErr: []string{"B4", "direction"},
	},
	{
		name: "R4/relay lap through protected logs drops there anyway",
		pos:  "eggs=2.0.2.0.0.0/2.0.0.0.0.0.0/1.0.0.0.5.0 red=C1 black=B1 hand=5,5 store=23,22 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 2 eggs -> dropped (3), 3 picked up.
		// A1 (3): B1 (black ant, not the last egg: dropped 2->3), C1 (B1's first arrow;
		// red ant: dropped 1->2); last on C2: 0 eggs -> dropped, stop.
		// Red's ant on C1 can step to C2 or B2; optional: pass.
		want:   "eggs=0.1.0.0.0.0/3.0.0.0.0.0.0/2.1.0.0.5.0 red=C1 black=B1 hand=5,5 store=23,22 move=black ants=optional turn=11",
		scores: [2]int{23 + 2, 22 + 3},
	},

	// ---------------------------------------------------------------------------------
	// R5: relays, several in one turn.
	{
		name: "R5/three relays in one turn, one of them on a fork (C5>C1)",
		pos:  "eggs=0.0.2.0.0.0/4.5.0.0.0.0.0/0.0.0.1.1.0 red=- black=- hand=6,6 store=22,22 move=red ants=optional turn=10",
		move: "C5>C1",
		// C5 (1): last on C4 (C5's arrow): no ant, 1 egg -> dropped (2), relay 1: 2 up.
		// C4 (2): B4 (0->1); last on A3 (B4 entered from C4): 2 eggs -> dropped (3),
		// relay 2: 3 up.
		// A3 (3): A2 (0->1), A1 (A2's first arrow; 0->1); last on B1 (A1's arrow): 4 eggs
		// -> dropped (5), relay 3: 5 up; B1 is a fork: direction C1.
		// B1 (5) towards C1: C1 (0->1), C2 (0->1), C3 (0->1), B4 (1->2); last on A4 (B4
		// entered from C3): 0 eggs -> dropped, stop.
		want:   "eggs=1.1.0.1.0.0/0.5.0.2.0.0.0/1.1.1.0.0.0 red=- black=- hand=6,6 store=22,22 move=black ants=optional turn=11",
		scores: [2]int{22, 22},
	},

	// ---------------------------------------------------------------------------------
	// Ant placement without ants in hand.
	{
		name: "table/no ant, 3 eggs, no ant left in hand: egg captured, no ant placed",
		pos:  "eggs=3.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A6,B2,B3,B5,B6,C6 black=- hand=0,6 store=24,23 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: no ant, 3 eggs -> red captures the egg (24->25);
		// red's hand is empty, so no ant is placed and A1 stays unprotected. Pass.
		want:   "eggs=3.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A6,B2,B3,B5,B6,C6 black=- hand=0,6 store=25,23 move=black ants=optional turn=11",
		scores: [2]int{25, 23},
	},

	// ---------------------------------------------------------------------------------
	// R6: the sowing cap (how it is counted: see the comment at the top of the file).
	{
		name:   "R6/cap reached: the eggs in hand all go on the log reached",
		sowCap: 5,
		pos:    "eggs=0.0.0.8.0.0/0.5.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=22,22 move=red ants=optional turn=10",
		move:   "A4",
		// A4 (8): 1 A5, 2 A6 (A5's first arrow), 3 B7, 4 C6 (B7's first arrow), 5 C5;
		// 5 eggs put down = the cap: the 3 eggs still in hand all go on C4 (0->3).
		want:   "eggs=0.0.0.0.1.1/0.5.0.0.0.0.1/0.0.0.3.1.1 red=- black=- hand=6,6 store=22,22 move=black ants=optional turn=11",
		scores: [2]int{22, 22},
	},
	{
		name:   "R6/relay drops count; cap on the last egg: no capture, no ant",
		sowCap: 5,
		pos:    "eggs=1.0.2.0.0.0/0.0.0.0.0.5.0/1.0.3.0.0.0 red=- black=- hand=6,6 store=23,22 move=red ants=optional turn=10",
		move:   "A3",
		// A3 (2): A2 (0->1) [put down: 1]; last on A1: 1 egg -> dropped (2) [2], 2 up.
		// A1 (2): B1 (0->1) [3]; last on C1 (B1's first arrow): 1 egg -> dropped (2) [4],
		// 2 up.
		// C1 (2): C2 (0->1) [5]; the last egg reaches C3 with 5 eggs put down = the cap:
		// it is put on C3 (3->4) - no capture and no ant, although C3 had 3 eggs.
		want:   "eggs=0.1.0.0.0.0/1.0.0.0.0.5.0/0.1.4.0.0.0 red=- black=- hand=6,6 store=23,22 move=black ants=optional turn=11",
		scores: [2]int{23, 22},
	},
	{
		name: "R6/control: the same turn without the small cap captures on C3",
		pos:  "eggs=1.0.2.0.0.0/0.0.0.0.0.5.0/1.0.3.0.0.0 red=- black=- hand=6,6 store=23,22 move=red ants=optional turn=10",
		move: "A3",
		// As above up to C2 (0->1); last on C3: no ant, 3 eggs -> captured (23->24), red
		// ant placed on C3 (hand 5). Pass.
		want:   "eggs=0.1.0.0.0.0/1.0.0.0.0.5.0/0.1.3.0.0.0 red=C3 black=- hand=5,6 store=24,22 move=black ants=optional turn=11",
		scores: [2]int{24 + 3, 22},
	},
	{
		name:   "R6/the count goes on across a direction choice",
		sowCap: 3,
		pos:    "eggs=0.0.0.0.2.0/0.5.0.0.3.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=24,22 move=red ants=optional turn=10",
		move:   "A5>A6>B6",
		// A5 (2) towards A6: A6 (0->1) [1]; last on B7: 1 egg -> dropped (2) [2], 2 up;
		// B7 is a fork, direction B6.
		// B7 (2) towards B6: B6 (0->1) [3]; the last egg reaches B5 with 3 put down =
		// the cap: put on B5 (3->4), no capture, no ant.
		want:   "eggs=0.0.0.0.0.1/0.5.0.0.4.1.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=24,22 move=black ants=optional turn=11",
		scores: [2]int{24, 22},
	},
	{
		name: "R6/control: the same turn without the small cap captures on B5",
		pos:  "eggs=0.0.0.0.2.0/0.5.0.0.3.0.1/0.0.0.0.0.0 red=- black=- hand=6,6 store=24,22 move=red ants=optional turn=10",
		move: "A5>A6>B6",
		// As above up to B6 (0->1); last on B5: no ant, 3 eggs -> captured (24->25), red
		// ant on B5 (hand 5). Pass.
		want:   "eggs=0.0.0.0.0.1/0.5.0.0.3.1.0/0.0.0.0.0.0 red=B5 black=- hand=5,6 store=25,22 move=black ants=optional turn=11",
		scores: [2]int{25 + 3, 22},
	},

	// ---------------------------------------------------------------------------------
	// R7: the ant step.
	{
		name: "R7/first ant move makes ant moves mandatory",
		pos:  "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=24,24 move=red ants=optional turn=10",
		move: "A3/A1-B2",
		// A3 (2): A2 (0->1); last on A1: own ant -> captured (24->25).
		// Ant: A1 -> B2 (neighbours, B2 free); the eggs stay on A1; ants=mandatory.
		want:   "eggs=2.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=B2 black=- hand=5,6 store=25,24 move=black ants=mandatory turn=11",
		scores: [2]int{25 + 0, 24},
	},
	{
		name: "R7/optional: a move without an ant move passes and stays optional",
		pos:  "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=C5 hand=6,5 store=25,25 move=black ants=optional turn=11",
		move: "A3",
		// Black: A3 (2): A2 (0->1); last on A1: no ant, 0 eggs -> dropped, stop.
		// Black's ant on C5 could move, but ant moves are optional: pass.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=C5 hand=6,5 store=25,25 move=red ants=optional turn=12",
		scores: [2]int{25, 25 + 5},
	},
	{
		name:    "R7/mandatory: a move without an ant move is rejected",
		pos:     "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=24,24 move=red ants=mandatory turn=10",
		move:    "A3",
		wantErr: []string{"mandatory"},
	},
	{
		name: "R7/mandatory: with an ant move",
		pos:  "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=- hand=5,6 store=24,24 move=red ants=mandatory turn=10",
		move: "A3/A1-A2",
		// A3 (2): A2 (0->1); last on A1: own ant -> captured (24->25). Ant A1 -> A2,
		// which now protects A2's 1 egg.
		want:   "eggs=2.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A2 black=- hand=5,6 store=25,24 move=black ants=mandatory turn=11",
		scores: [2]int{25 + 1, 24},
	},
	{
		name: "R7/mandatory: a player with no ant on the board skips the step",
		pos:  "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=25,25 move=red ants=mandatory turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: black ant, 0 eggs -> dropped, stop. Red has no
		// ant on the board: no ant step, the turn is complete.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=25,25 move=black ants=mandatory turn=11",
		scores: [2]int{25, 25 + 1},
	},
	{
		name:    "R7/no ant of one's own to move",
		pos:     "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=A1 hand=6,5 store=25,25 move=red ants=mandatory turn=10",
		move:    "A3/A1-A2",
		wantErr: []string{"ant"},
	},
	{
		name:    "R7/ant cannot step onto an occupied log",
		pos:     "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=B1 hand=5,5 store=24,24 move=red ants=mandatory turn=10",
		move:    "A3/A1-B1",
		wantErr: []string{"B1"},
	},
	{
		name:    "R7/ant cannot step to a log that is not a neighbour",
		pos:     "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=B1 hand=5,5 store=24,24 move=red ants=mandatory turn=10",
		move:    "A3/A1-C1",
		wantErr: []string{"C1", "neighbour"},
	},
	{
		name:    "R7/ant move from a log without the player's ant",
		pos:     "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=B1 hand=5,5 store=24,24 move=red ants=mandatory turn=10",
		move:    "A3/B1-B2",
		wantErr: []string{"B1"},
	},
	{
		name: "R7/ant steps to a free neighbour",
		pos:  "eggs=2.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=A1 black=B1 hand=5,5 store=24,24 move=red ants=mandatory turn=10",
		move: "A3/A1-B2",
		// A3 (2): A2 (0->1); last on A1: own ant -> captured (24->25). Ant A1 -> B2.
		want:   "eggs=2.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=B2 black=B1 hand=5,5 store=25,24 move=black ants=mandatory turn=11",
		scores: [2]int{25, 24},
	},
	{
		name: "R7/optional: ants all blocked, the step is skipped",
		pos:  "eggs=0.0.3.0.0.0/3.0.0.0.0.0.0/0.0.0.0.10.0 red=- black=A1,B2,C1 hand=6,3 store=25,16 move=red ants=optional turn=20",
		move: "A3",
		// A3 (3): A2 (0->1), A1 (A2's first arrow; black ant: dropped 0->1); last on B1
		// (A1's arrow): no ant, 3 eggs -> captured (25->26), red ant on B1 (hand 5).
		// B1's neighbours A1, B2, C1 all hold black ants; ant moves are optional: the
		// turn simply ends.
		want:   "eggs=1.1.0.0.0.0/3.0.0.0.0.0.0/0.0.0.0.10.0 red=B1 black=A1,B2,C1 hand=5,3 store=26,16 move=black ants=optional turn=21",
		scores: [2]int{26 + 3, 16 + 1},
	},

	// ---------------------------------------------------------------------------------
	// R8: scores.
	{
		name: "R8/score is store plus eggs under own ants",
		pos:  "eggs=5.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.7.4 red=A1 black=C5,C6 hand=5,4 store=20,19 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (0->1); last on A1: own ant -> captured (20->21). Pass.
		// Red: 21 + A1 (5) = 26. Black: 19 + C5 (7) + C6 (4) = 30. A2's egg is nobody's.
		want:   "eggs=5.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.7.4 red=A1 black=C5,C6 hand=5,4 store=21,19 move=black ants=optional turn=11",
		scores: [2]int{26, 30},
	},

	// ---------------------------------------------------------------------------------
	// R9: the end of the game.
	{
		name: "R9/no log to select: the player who cannot select wins on eggs",
		pos:  "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.10.0 red=A1,A2 black=C5 hand=4,5 store=25,20 move=red ants=optional turn=10",
		move: "A3",
		// A3 (2): A2 (red ant: dropped 0->1); last on A1: own ant -> captured (25->26).
		// Pass. Black to move: A2 and C5 hold eggs but both have ants -> nothing to
		// select, game over. Red 26 + A1 (0) + A2 (1) = 27, black 20 + C5 (10) = 30.
		want:   "eggs=0.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.10.0 red=A1,A2 black=C5 hand=4,5 store=26,20 move=black ants=optional turn=11",
		scores: [2]int{27, 30},
		end:    NoLogToSelect,
		winner: Black,
	},
	{
		name: "R9/no log to select: the last mover wins on eggs",
		pos:  "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.4.0 red=A1,A2 black=C5 hand=4,5 store=30,21 move=red ants=optional turn=10",
		move: "A3",
		// As above: A2 (red ant, 0->1), last on A1 captured (30->31); black has nothing
		// to select. Red 31 + 1 = 32, black 21 + 4 = 25.
		want:   "eggs=0.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.4.0 red=A1,A2 black=C5 hand=4,5 store=31,21 move=black ants=optional turn=11",
		scores: [2]int{32, 25},
		end:    NoLogToSelect,
		winner: Red,
	},
	{
		name: "R9/mandatory ant move impossible after sowing: game over",
		pos:  "eggs=0.0.3.0.0.0/3.0.0.0.0.0.0/0.0.0.0.10.0 red=- black=A1,B2,C1 hand=6,3 store=25,16 move=red ants=mandatory turn=20",
		move: "A3",
		// A3 (3): A2 (0->1), A1 (black ant: dropped 0->1); last on B1: no ant, 3 eggs ->
		// captured (25->26), red ant on B1 (hand 5). Red now has an ant on the board and
		// must move one, but B1's neighbours A1, B2, C1 all hold black ants: game over,
		// red's turn not completed (move=red, turn=20).
		// Red 26 + B1 (3) = 29, black 16 + A1 (1) + B2 (0) + C1 (0) = 17.
		want:   "eggs=1.1.0.0.0.0/3.0.0.0.0.0.0/0.0.0.0.10.0 red=B1 black=A1,B2,C1 hand=5,3 store=26,16 move=red ants=mandatory turn=20",
		scores: [2]int{29, 17},
		end:    NoAntCanMove,
		winner: Red,
	},
	{
		name: "R9/mandatory ant move impossible, equal eggs: the player who could not move loses",
		pos:  "eggs=0.0.3.0.0.0/3.0.0.0.0.0.0/0.0.0.0.10.0 red=- black=A1,B2,C1 hand=6,3 store=19,22 move=red ants=mandatory turn=20",
		move: "A3",
		// As above: A2 (0->1), A1 (0->1), last on B1 captured (19->20), red ant on B1,
		// which cannot move: game over. Red 20 + 3 = 23, black 22 + 1 = 23: a tie; black
		// completed the last full turn (turn 19), red could not complete turn 20 ->
		// black wins.
		want:   "eggs=1.1.0.0.0.0/3.0.0.0.0.0.0/0.0.0.0.10.0 red=B1 black=A1,B2,C1 hand=5,3 store=20,22 move=red ants=mandatory turn=20",
		scores: [2]int{23, 23},
		end:    NoAntCanMove,
		winner: Black,
	},

	// ---------------------------------------------------------------------------------
	// R10: the turn cap.
	{
		name:    "R10/turn cap: tie goes to the player who made the last turn (red)",
		turnCap: 30,
		pos:     "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=red ants=optional turn=30",
		move:    "A3",
		// Turn 30 of 30 is played: A3 (2): A2 (0->1); last on A1: 0 eggs -> dropped.
		// Turn 31 > cap: game over. 25 - 25, red made the last turn -> red wins.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=black ants=optional turn=31",
		scores: [2]int{25, 25},
		end:    TurnCapReached,
		winner: Red,
	},
	{
		name:    "R10/turn cap: tie goes to the player who made the last turn (black)",
		turnCap: 30,
		pos:     "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=black ants=optional turn=30",
		move:    "A3",
		// Black: A3 (2): A2 (0->1), A1 (0->1). Turn 31 > 30: over; 25 - 25 -> black.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=red ants=optional turn=31",
		scores: [2]int{25, 25},
		end:    TurnCapReached,
		winner: Black,
	},
	{
		name:    "R10/turn cap: more eggs wins whoever moved last",
		turnCap: 30,
		pos:     "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=24,26 move=red ants=optional turn=30",
		move:    "A3",
		// A3 (2): A2, A1 as above; over at turn 31; red 24, black 26 -> black.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=24,26 move=black ants=optional turn=31",
		scores: [2]int{24, 26},
		end:    TurnCapReached,
		winner: Black,
	},
	{
		name:    "R10/turn cap: the turn before the cap goes on",
		turnCap: 30,
		pos:     "eggs=0.0.2.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=red ants=optional turn=29",
		move:    "A3",
		// A3 (2): A2, A1; turn 30 <= 30 is still played.
		want:   "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=black ants=optional turn=30",
		scores: [2]int{25, 25},
	},
}

// TestScenarioStart checks R1: the start position.
func TestScenarioStart(t *testing.T) {
	r := Default()
	s := r.Start()
	if got := s.String(); got != scenarioStart {
		t.Fatalf("Start() = %q\nwant      %q", got, scenarioStart)
	}
	if StartPosition != scenarioStart {
		t.Errorf("StartPosition = %q, want %q", StartPosition, scenarioStart)
	}
	eggs := s.Store(Red) + s.Store(Black)
	for l := Log(0); l < NumLogs; l++ {
		if s.Eggs(l) != 3 {
			t.Errorf("start: %v has %d eggs, want 3", l, s.Eggs(l))
		}
		eggs += s.Eggs(l)
	}
	if eggs != 57 {
		t.Errorf("start: %d eggs, want 57", eggs)
	}
	for _, c := range []Color{Red, Black} {
		if s.Hand(c) != 6 || s.Ants(c) != 0 || s.Store(c) != 0 {
			t.Errorf("start: %v hand %d, ants %b, store %d; want 6 in hand, none on the board, 0 captured",
				c, s.Hand(c), s.Ants(c), s.Store(c))
		}
	}
	if s.ToMove() != Red || s.Turn() != 1 || s.AntMovesMandatory() || s.Over() {
		t.Errorf("start: to move %v, turn %d, mandatory %v, over %v; want red, 1, false, false",
			s.ToMove(), s.Turn(), s.AntMovesMandatory(), s.Over())
	}
	p, err := r.ParsePosition(scenarioStart)
	if err != nil {
		t.Fatalf("ParsePosition(start): %v", err)
	}
	if p.String() != scenarioStart || p.Hash() != s.Hash() {
		t.Errorf("ParsePosition(start) = %q (hash %x), want the start (hash %x)", p.String(), p.Hash(), s.Hash())
	}
}

// TestScenarioTurns plays the table's turns with gametest.PlayScenario (the turn read
// by the game's ReadTurn, ParseMove; a refused turn's error, with the turn's own text
// taken out, must say each of wantErr).
func TestScenarioTurns(t *testing.T) {
	check := Default()
	for _, tc := range scenarioCases {
		t.Run(tc.name, func(t *testing.T) {
			r := scenarioRules(t, tc.sowCap, tc.turnCap)
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatalf("ParsePosition(%q): %v", tc.pos, err)
			}
			if s.Over() {
				t.Fatalf("position is already over (%v)", s.EndReason())
			}
			// The hand-written expectation must itself be a valid position (57 eggs,
			// 6 ants a colour).
			if _, err := check.ParsePosition(tc.want); tc.wantErr == nil && err != nil {
				t.Fatalf("expected position %q is not valid: %v", tc.want, err)
			}
			end := ""
			if tc.end != NotOver {
				end = tc.end.String()
			}
			g := NewGame(r)
			s, ok := gametest.PlayScenario(t, g, gametest.Scenario{
				Name: tc.name, Position: tc.pos, Turn: tc.move, Want: tc.want, End: end, Err: tc.wantErr,
			})
			if !ok {
				return
			}
			if got := [2]int{s.Score(Red), s.Score(Black)}; got != tc.scores {
				t.Errorf("scores (red, black) = %v, want %v", got, tc.scores)
			}
			if tc.end == NotOver {
				return
			}
			if s.Winner() != tc.winner {
				t.Errorf("winner %v, want %v", s.Winner(), tc.winner)
			}
			if _, err := r.ParseMove(&s, "A1"); err == nil {
				t.Errorf("a move was accepted after the end of the game")
			}
		})
	}
}

// TestScenarioFinishedPosition checks that ParsePosition gives a finished game where the
// player to move cannot select a log (R9), or the turn is past the cap (R10).
func TestScenarioFinishedPosition(t *testing.T) {
	cases := []struct {
		name    string
		turnCap int
		pos     string
		end     EndReason
		scores  [2]int
		winner  Color
	}{
		{
			// Red to move: A1 (red ant) and C5 (black ant) hold all the eggs on the board.
			// Red 20 + 10 = 30, black 20 + 7 = 27.
			name:   "every egg protected",
			pos:    "eggs=10.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.7.0 red=A1 black=C5 hand=5,5 store=20,20 move=red ants=optional turn=10",
			end:    NoLogToSelect,
			scores: [2]int{30, 27},
			winner: Red,
		},
		{
			// Black to move, but every log is empty: black 30 beats red 27 though black
			// is the player who cannot move.
			name:   "board empty",
			pos:    "eggs=0.0.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.0.0 red=- black=- hand=6,6 store=27,30 move=black ants=mandatory turn=40",
			end:    NoLogToSelect,
			scores: [2]int{27, 30},
			winner: Black,
		},
		{
			// Turn 31 with a cap of 30: the 30 turns have been played. 25 - 25: black (to
			// move) did not make the last turn, red did -> red.
			name:    "past the turn cap",
			turnCap: 30,
			pos:     "eggs=1.1.0.0.0.0/0.0.0.0.0.0.0/0.0.0.0.5.0 red=- black=- hand=6,6 store=25,25 move=black ants=optional turn=31",
			end:     TurnCapReached,
			scores:  [2]int{25, 25},
			winner:  Red,
		},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			r := scenarioRules(t, 0, tc.turnCap)
			s, err := r.ParsePosition(tc.pos)
			if err != nil {
				t.Fatalf("ParsePosition: %v", err)
			}
			if s.String() != tc.pos {
				t.Errorf("position does not round-trip:\n got %s\nwant %s", s.String(), tc.pos)
			}
			if !s.Over() || s.EndReason() != tc.end {
				t.Fatalf("over %v (%q), want over (%q)", s.Over(), s.EndReason(), tc.end)
			}
			if got := [2]int{s.Score(Red), s.Score(Black)}; got != tc.scores {
				t.Errorf("scores %v, want %v", got, tc.scores)
			}
			if s.Winner() != tc.winner {
				t.Errorf("winner %v, want %v", s.Winner(), tc.winner)
			}
			var list MoveList
			if n, err := r.LegalMoves(&s, list[:]); n != 0 || err != nil {
				t.Errorf("LegalMoves = %d, %v; want none", n, err)
			}
			if _, err := r.ParseMove(&s, "A1"); err == nil || !strings.Contains(err.Error(), "over") {
				t.Errorf("ParseMove on a finished game: %v, want an error saying the game is over", err)
			}
		})
	}
}
