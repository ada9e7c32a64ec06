package oware

import (
	"fmt"
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/gametest"
)

// Scenarios: one move from a position, with the position after it derived by hand,
// checked by gametest.PlayScenario.
// Pits are written South a1..f1 / North a2..f2 (column order); sowing runs a1..f1, then
// f2..a2, then back to a1.
var moveScenarios = []struct {
	name, rules, pos string
	legal            string // the legal moves of pos, in action order ("" = not checked)
	move, want       string
	end              string // the end reason after the move, "" while the game goes on
}{
	{
		// Four seeds from c1 go to d1, e1, f1 and f2; f2 holds 5: nothing to take.
		name: "oware sowing", rules: "oware", pos: StartPosition,
		legal: "a1 b1 c1 d1 e1 f1", move: "c1",
		want: "pits=4.4.0.5.5.5/4.4.4.4.4.5 stores=0,0 move=north quiet=1",
	},
	{
		// The text's example: six seeds from f1 land on f2..a2. a2 reaches 3 and b2 2:
		// both taken (5); c2 reaches 1 and stops the run. d2..f2 reach 6, untouched.
		name: "oware capture of 2s and 3s", rules: "oware",
		pos: "pits=4.4.4.4.4.6/2.1.0.5.5.5 stores=2,2 move=south quiet=5", move: "f1",
		want: "pits=4.4.4.4.4.0/0.0.1.6.6.6 stores=7,2 move=north quiet=0",
	},
	{
		// North's a2 (3 seeds) sows a1, b1, c1: they become 2, 2, 3, all taken (7).
		// The run stops at the end of South's row (it does not go on to North's own
		// pits), and d1 (2 seeds, after the last pit) is not taken.
		name: "oware capture run to the row's end", rules: "oware",
		pos:   "pits=1.1.2.2.0.5/3.4.4.4.4.4 stores=7,7 move=north quiet=0",
		legal: "f2 e2 d2 c2 b2 a2", move: "a2",
		want: "pits=0.0.0.2.0.5/0.4.4.4.4.4 stores=7,14 move=south quiet=0",
	},
	{
		// a2 sows a1 (1->2), b1 (3->4), c1 (1->2): only c1 is taken; b1 with 4 breaks
		// the run, so a1's 2 stays.
		name: "oware run broken", rules: "oware",
		pos: "pits=1.3.1.2.0.5/3.4.4.4.4.4 stores=7,6 move=north quiet=2", move: "a2",
		want: "pits=2.4.0.2.0.5/0.4.4.4.4.4 stores=7,8 move=south quiet=0",
	},
	{
		// The last seed lands on the mover's own side (b1 becomes 2): no capture.
		name: "oware no capture on own side", rules: "oware",
		pos: "pits=1.1.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=south quiet=0", move: "a1",
		want: "pits=0.2.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=north quiet=1",
	},
	{
		// Twelve seeds from a1: b1..f1 and f2..a2 get one each (11), a1 is skipped and
		// the twelfth lands on b1. The last seed is on South's side: no capture.
		name: "oware big lap skips its pit", rules: "oware",
		pos: "pits=12.0.0.0.0.0/1.1.1.1.1.1 stores=15,15 move=south quiet=0", move: "a1",
		want: "pits=0.2.1.1.1.1/2.2.2.2.2.2 stores=15,15 move=north quiet=1",
	},
	{
		// North is empty, so South must feed: f1 (17) is the only move. Every other
		// pit gets one seed, North's six a second: North's pits hold 2 each and the
		// last lands on a2. The run a2..f2 is every North seed: a grand slam, which
		// by default is played but captures nothing.
		name: "oware grand slam default", rules: "oware",
		pos:   "pits=0.0.0.0.0.17/0.0.0.0.0.0 stores=16,15 move=south quiet=0",
		legal: "f1", move: "f1",
		want: "pits=1.1.1.1.1.0/2.2.2.2.2.2 stores=16,15 move=north quiet=1",
	},
	{
		// grandslam=illegal, but the grand slam is the only legal move: it is played
		// and captures nothing.
		name: "oware grand slam illegal, only move", rules: "oware:grandslam=illegal",
		pos:   "pits=0.0.0.0.0.17/0.0.0.0.0.0 stores=16,15 move=south quiet=0",
		legal: "f1", move: "f1",
		want: "pits=1.1.1.1.1.0/2.2.2.2.2.2 stores=16,15 move=north quiet=1",
	},
	{
		// grandslam=capture: the 12 seeds are taken; North has none and cannot move.
		name: "oware grand slam captured", rules: "oware:grandslam=capture",
		pos: "pits=0.0.0.0.0.17/0.0.0.0.0.0 stores=10,21 move=south quiet=0", move: "f1",
		want: "pits=1.1.1.1.1.0/0.0.0.0.0.0 stores=22,21 move=north quiet=0",
		end:  "north has no seeds",
	},
	{
		// grandslam=sowagain: the 12 seeds are taken and South must sow again to feed
		// North, but a1..e1 hold one seed each and none reaches North: the game ends.
		name: "oware grand slam sow again, cannot", rules: "oware:grandslam=sowagain",
		pos: "pits=0.0.0.0.0.17/0.0.0.0.0.0 stores=10,21 move=south quiet=0", move: "f1",
		want: "pits=1.1.1.1.1.0/0.0.0.0.0.0 stores=22,21 move=south quiet=0",
		end:  "south cannot feed north",
	},
	{
		// f1's two seeds make f2 and e2 2 each: the run e2, f2 is all of North's seeds.
		// By default the move is legal and captures nothing.
		name: "oware small grand slam default", rules: "oware",
		pos:   "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0",
		legal: "a1 f1", move: "f1",
		want: "pits=1.0.0.0.0.0/0.0.0.0.2.2 stores=20,23 move=north quiet=1",
	},
	{
		// grandslam=illegal: South has another move (a1), so f1 is not legal.
		name: "oware small grand slam illegal", rules: "oware:grandslam=illegal",
		pos:   "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0",
		legal: "a1", move: "a1",
		want: "pits=0.1.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=north quiet=1",
	},
	{
		// grandslam=sowagain: f1 takes 4; South moves again and must feed North, but
		// a1's seed goes to b1: the game ends, South taking its own seed (25-23).
		name: "oware small grand slam sow again", rules: "oware:grandslam=sowagain",
		pos: "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0", move: "f1",
		want: "pits=1.0.0.0.0.0/0.0.0.0.0.0 stores=24,23 move=south quiet=0",
		end:  "south cannot feed north",
	},
	{
		// grandslam=sowagain where the second sowing can feed: f1 (2 seeds) makes
		// f2 and e2 2 each, all of North: taken. South moves again (same side to move)
		// and must feed: only e1 (2 seeds, reaching f2) does.
		name: "oware grand slam sow again, feeds", rules: "oware:grandslam=sowagain",
		pos: "pits=1.0.0.0.2.2/0.0.0.0.1.1 stores=20,21 move=south quiet=4", move: "f1",
		want: "pits=1.0.0.0.2.0/0.0.0.0.0.0 stores=24,21 move=south quiet=0",
	},
	{
		// grandslam=capture: f1 takes all 4; North cannot move.
		name: "oware small grand slam captured", rules: "oware:grandslam=capture",
		pos: "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0", move: "f1",
		want: "pits=1.0.0.0.0.0/0.0.0.0.0.0 stores=24,23 move=north quiet=0",
		end:  "north has no seeds",
	},
	{
		// North is empty: South must feed. c1 (4 seeds, reaches f2) and f1 (1) do;
		// a1 (3 seeds, needs 6) and e1 (1 seed, needs 2) do not.
		name: "oware feeding", rules: "oware",
		pos:   "pits=3.0.4.0.1.1/0.0.0.0.0.0 stores=20,19 move=south quiet=0",
		legal: "c1 f1", move: "c1",
		want: "pits=3.0.0.1.2.2/0.0.0.0.0.1 stores=20,19 move=north quiet=1",
	},
	{
		// feed=off: every non-empty pit may be played, and a1 leaves North without
		// seeds: North cannot move, each side keeps its own seeds.
		name: "oware feed=off", rules: "oware:feed=off",
		pos:   "pits=3.0.4.0.1.1/0.0.0.0.0.0 stores=20,19 move=south quiet=0",
		legal: "a1 c1 e1 f1", move: "a1",
		want: "pits=0.1.5.1.1.1/0.0.0.0.0.0 stores=20,19 move=north quiet=1",
		end:  "north has no seeds",
	},
	{
		// The 100th ply without a capture ends the game (the quiet cap).
		name: "oware quiet cap", rules: "oware",
		pos: "pits=1.1.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=south quiet=99", move: "a1",
		want: "pits=0.2.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=north quiet=100",
		end:  "no capture in 100 moves",
	},
	{
		// The same move under quiet=off: no cap, the game goes on (North plays on).
		name: "oware quiet=off, past 100", rules: "oware:quiet=off",
		pos: "pits=1.1.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=south quiet=99", move: "a1",
		legal: "a1 b1 c1 d1 e1 f1",
		want:  "pits=0.2.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=north quiet=100",
	},
	{
		// The majority: f1's seed makes f2 2, taken: South's store goes from 23 to
		// 25, more than half the 48 seeds, and the game ends at once. Each side takes
		// its row as at every end: South 25+3 = 28, North 13+7 = 20.
		name: "oware majority", rules: "oware",
		pos: "pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=23,13 move=south quiet=7", move: "f1",
		want: "pits=3.0.0.0.0.0/2.0.1.0.4.0 stores=25,13 move=north quiet=0",
		end:  "south has more than half the seeds",
	},
	{
		// majority=off: the same move, and North plays on with e2, c2 and a2.
		name: "oware majority=off", rules: "oware:majority=off",
		pos: "pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=23,13 move=south quiet=7", move: "f1",
		want: "pits=3.0.0.0.0.0/2.0.1.0.4.0 stores=25,13 move=north quiet=0",
	},
	{
		// Exactly half is not more than half: from 22, the same capture makes 24 and
		// the game goes on.
		name: "oware half is not a majority", rules: "oware",
		pos: "pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=22,14 move=south quiet=7", move: "f1",
		want: "pits=3.0.0.0.0.0/2.0.1.0.4.0 stores=24,14 move=north quiet=0",
	},
	{
		// North's run: b2's 4 seeds sow a2, then a1, b1, c1 (to 2, 2, 3); c1, b1 and
		// a1 are taken (7) and North's store goes from 18 to 25.
		name: "oware majority by a run", rules: "oware",
		pos: "pits=1.1.2.0.5.0/0.4.0.1.0.3 stores=13,18 move=north quiet=0", move: "b2",
		want: "pits=0.0.0.0.5.0/1.0.0.1.0.3 stores=13,25 move=south quiet=0",
		end:  "north has more than half the seeds",
	},
	{
		// grandslam=sowagain: the grand slam takes 4 and South's store 25: the game
		// ends at once, without the second sowing.
		name: "oware majority by a grand slam, sow again", rules: "oware:grandslam=sowagain",
		pos: "pits=1.0.0.0.2.2/0.0.0.0.1.1 stores=21,20 move=south quiet=4", move: "f1",
		want: "pits=1.0.0.0.2.0/0.0.0.0.0.0 stores=25,20 move=south quiet=0",
		end:  "south has more than half the seeds",
	},
	{
		// grandslam=capture: the grand slam takes North's last seeds, and South has
		// more than half: the majority is the reason given.
		name: "oware majority and no seeds", rules: "oware:grandslam=capture",
		pos: "pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=22,21 move=south quiet=0", move: "f1",
		want: "pits=1.0.0.0.0.0/0.0.0.0.0.0 stores=26,21 move=north quiet=0",
		end:  "south has more than half the seeds",
	},
	{
		// The text's Ayo example: six seeds from f1 land on f2..a2; a2 held 2, so its
		// 3 seeds are picked up and sown on a1, b1, c1. c1 was empty and is South's:
		// South takes the 5 seeds of the opposite pit c2.
		name: "ayo relay and capture", rules: "ayo",
		pos: "pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=13,13 move=south quiet=3", move: "f1",
		want: "pits=2.2.1.2.2.0/0.2.0.2.2.2 stores=18,13 move=north quiet=0",
	},
	{
		// The same under majority=on, from stores of 20 and 6: South's 25 end the game.
		name: "ayo majority", rules: "ayo:majority=on",
		pos: "pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=20,6 move=south quiet=3", move: "f1",
		want: "pits=2.2.1.2.2.0/0.2.0.2.2.2 stores=25,6 move=north quiet=0",
		end:  "south has more than half the seeds",
	},
	{
		// Ayo's default (majority=off): the game goes on.
		name: "ayo no majority end", rules: "ayo",
		pos: "pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=20,6 move=south quiet=3", move: "f1",
		want: "pits=2.2.1.2.2.0/0.2.0.2.2.2 stores=25,6 move=north quiet=0",
	},
	{
		// relay=1: the sowing stops after the first lap, with no capture.
		name: "ayo relay cap", rules: "ayo:relay=1",
		pos: "pits=1.1.0.2.2.6/2.1.4.1.1.1 stores=13,13 move=south quiet=3", move: "f1",
		want: "pits=1.1.0.2.2.0/3.2.5.2.2.2 stores=13,13 move=north quiet=4",
	},
	{
		// The last seed falls in North's empty f2: the sowing ends, no capture.
		name: "ayo ends on the opponent's side", rules: "ayo",
		pos: "pits=0.0.0.0.0.1/4.4.4.4.4.0 stores=12,15 move=south quiet=0", move: "f1",
		want: "pits=0.0.0.0.0.0/4.4.4.4.4.1 stores=12,15 move=north quiet=1",
	},
	{
		// The last seed falls in South's empty b1, but b2 opposite is empty: nothing.
		name: "ayo capture of nothing", rules: "ayo",
		pos: "pits=1.0.4.4.4.4/4.0.4.4.4.4 stores=6,5 move=south quiet=0", move: "a1",
		want: "pits=0.1.4.4.4.4/4.0.4.4.4.4 stores=6,5 move=north quiet=1",
	},
	{
		// a1's 12 seeds: b1..a2 one each, a1 skipped, b1 a second. Relays: b1 (2) ->
		// c1, d1; d1 (2) -> e1, f1; f1 (2) -> f2, e2; e2 (2) -> d2, c2; c2 (2) -> b2, a2;
		// a2 (2) -> a1, b1. b1 was emptied: South takes b2's 2.
		name: "ayo big lap and long relay", rules: "ayo",
		pos: "pits=12.0.0.0.0.0/0.0.0.0.0.0 stores=18,18 move=south quiet=0", move: "a1",
		want: "pits=1.1.2.0.2.0/0.0.0.2.0.2 stores=20,18 move=north quiet=0",
	},
	{
		// The same with relay=3: after the third lap (d1 -> e1, f1) the sowing stops.
		name: "ayo big lap, relay cap 3", rules: "ayo:relay=3",
		pos: "pits=12.0.0.0.0.0/0.0.0.0.0.0 stores=18,18 move=south quiet=0", move: "a1",
		want: "pits=0.0.2.0.2.2/1.1.1.1.1.1 stores=18,18 move=north quiet=1",
	},
	{
		// skip=lap (default): f1's seed makes f2 11; its relay sows e2..a2 and a1..f1.
		// f1 was emptied by the move: the sowing ends there; the opposite f2 is empty.
		name: "ayo relay past the first pit, skip=lap", rules: "ayo",
		pos: "pits=0.0.0.0.0.1/0.0.0.0.0.10 stores=20,17 move=south quiet=0", move: "f1",
		want: "pits=1.1.1.1.1.1/1.1.1.1.1.0 stores=20,17 move=north quiet=1",
	},
	{
		// skip=move: the relay skips f1, the move's first pit, and its eleventh seed
		// lands on the emptied f2, North's: the sowing ends without capture.
		name: "ayo relay past the first pit, skip=move", rules: "ayo:skip=move",
		pos: "pits=0.0.0.0.0.1/0.0.0.0.0.10 stores=20,17 move=south quiet=0", move: "f1",
		want: "pits=1.1.1.1.1.0/1.1.1.1.1.1 stores=20,17 move=north quiet=1",
	},
	{
		// Ayo without feeding (default): South may leave North empty; North then
		// cannot move and the game ends, each side keeping its own seeds (25-22).
		name: "ayo starving", rules: "ayo",
		pos:   "pits=1.0.1.0.1.1/0.0.0.0.0.0 stores=22,22 move=south quiet=0",
		legal: "a1 c1 e1 f1", move: "a1",
		want: "pits=0.1.1.0.1.1/0.0.0.0.0.0 stores=22,22 move=north quiet=1",
		end:  "north has no seeds",
	},
	{
		// feed=on: e1 feeds through a relay (e1 -> f1, which held 1: f1's 2 seeds go
		// to f2 and e2); f1 feeds directly; a1 and c1 end in empty South pits.
		name: "ayo feeding through a relay", rules: "ayo:feed=on",
		pos:   "pits=1.0.1.0.1.1/0.0.0.0.0.0 stores=22,22 move=south quiet=0",
		legal: "e1 f1", move: "e1",
		want: "pits=1.0.1.0.0.0/0.0.0.0.1.1 stores=22,22 move=north quiet=1",
	},
}

func TestMoveScenarios(t *testing.T) {
	var buf game.ActionBuffer
	for _, sc := range moveScenarios {
		t.Run(sc.name, func(t *testing.T) {
			g := mustParse(t, sc.rules)
			s, err := g.ParsePosition(sc.pos)
			if err != nil {
				t.Fatal(err)
			}
			if sc.legal != "" {
				var names []string
				for _, a := range g.LegalActions(&s, &buf) {
					names = append(names, g.ActionString(&s, a))
				}
				if got := strings.Join(names, " "); got != sc.legal {
					t.Errorf("legal moves %q, want %q", got, sc.legal)
				}
			}
			gametest.PlayScenario(t, g, gametest.Scenario{Name: sc.name, Position: sc.pos, Turn: sc.move, Want: sc.want, End: sc.end})
		})
	}
}

// Games: moves from a position, with every position after them derived by hand, and
// how the game stands at the end.
var gameScenarios = []struct {
	name, rules, pos string
	moves            string   // the moves, separated by spaces
	want             []string // the position after each move
	end              string   // the end reason after the last move, "" while it goes on
	points           [2]int
	winner, margin   int
	history          int // HistoryLen after the last move
}{
	{
		// Two single seeds chase each other once round the board; the 12th move
		// brings back the first position, North to move: the game ends and each side
		// takes the seed on its row (23-25). Only f1 feeds North at move 4.
		name: "oware repetition", rules: "oware",
		pos:   "pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=0",
		moves: "b2 e1 a2 f1 f2 a1 e2 b1 d2 c1 c2 d1",
		want: []string{
			"pits=0.0.0.0.1.0/1.0.0.0.0.0 stores=22,24 move=south quiet=1",
			"pits=0.0.0.0.0.1/1.0.0.0.0.0 stores=22,24 move=north quiet=2",
			"pits=1.0.0.0.0.1/0.0.0.0.0.0 stores=22,24 move=south quiet=3",
			"pits=1.0.0.0.0.0/0.0.0.0.0.1 stores=22,24 move=north quiet=4",
			"pits=1.0.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=south quiet=5",
			"pits=0.1.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=north quiet=6",
			"pits=0.1.0.0.0.0/0.0.0.1.0.0 stores=22,24 move=south quiet=7",
			"pits=0.0.1.0.0.0/0.0.0.1.0.0 stores=22,24 move=north quiet=8",
			"pits=0.0.1.0.0.0/0.0.1.0.0.0 stores=22,24 move=south quiet=9",
			"pits=0.0.0.1.0.0/0.0.1.0.0.0 stores=22,24 move=north quiet=10",
			"pits=0.0.0.1.0.0/0.1.0.0.0.0 stores=22,24 move=south quiet=11",
			"pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=12",
		},
		end: "the position repeated", points: [2]int{23, 25}, winner: 1, margin: 2, history: 12,
	},
	{
		// The same with quiet=11: the cap ends the game one move before the
		// repetition.
		name: "oware quiet cap before the repetition", rules: "oware:quiet=11",
		pos:   "pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=0",
		moves: "b2 e1 a2 f1 f2 a1 e2 b1 d2 c1 c2",
		want: []string{
			"", "", "", "", "", "", "", "", "", "",
			"pits=0.0.0.1.0.0/0.1.0.0.0.0 stores=22,24 move=south quiet=11",
		},
		end: "no capture in 11 moves", points: [2]int{23, 25}, winner: 1, margin: 2, history: 12,
	},
	{
		// With quiet=12 the 12th move both reaches the cap and repeats the first
		// position: the repetition is the reason given.
		name: "oware repetition at the quiet cap", rules: "oware:quiet=12",
		pos:   "pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=0",
		moves: "b2 e1 a2 f1 f2 a1 e2 b1 d2 c1 c2 d1",
		want: []string{
			"", "", "", "", "", "", "", "", "", "", "",
			"pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=12",
		},
		end: "the position repeated", points: [2]int{23, 25}, winner: 1, margin: 2, history: 12,
	},
	{
		// The cycle from 95 moves without a capture: the default cap (100) ends the
		// game after five moves.
		name: "oware quiet cap at 100", rules: "oware",
		pos:   "pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=95",
		moves: "b2 e1 a2 f1 f2",
		want: []string{
			"", "", "", "",
			"pits=1.0.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=south quiet=100",
		},
		end: "no capture in 100 moves", points: [2]int{23, 25}, winner: 1, margin: 2, history: 6,
	},
	{
		// The same under quiet=off: the game goes on past 100 until the repetition.
		name: "oware quiet=off plays on to the repetition", rules: "oware:quiet=off",
		pos:   "pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=95",
		moves: "b2 e1 a2 f1 f2 a1 e2 b1 d2 c1 c2 d1",
		want: []string{
			"", "", "", "",
			"pits=1.0.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=south quiet=100",
			"pits=0.1.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=north quiet=101",
			"", "", "", "", "",
			"pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=107",
		},
		end: "the position repeated", points: [2]int{23, 25}, winner: 1, margin: 2, history: 12,
	},
	{
		// The majority: f1's seed makes f2 2, taken; South's store goes from 23 to
		// 25 and the game ends. South takes its 3 seeds, North its 7: 28-20.
		name: "oware majority", rules: "oware",
		pos:   "pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=23,13 move=south quiet=7",
		moves: "f1",
		want:  []string{"pits=3.0.0.0.0.0/2.0.1.0.4.0 stores=25,13 move=north quiet=0"},
		end:   "south has more than half the seeds", points: [2]int{28, 20}, winner: 0, margin: 8, history: 1,
	},
	{
		// majority=off: North plays on; e2's 4 seeds go to d2, c2, b2 and a2 (its own
		// row: no capture), and South's a1 (3) sows b1..d1.
		name: "oware majority=off plays on", rules: "oware:majority=off",
		pos:   "pits=3.0.0.0.0.1/2.0.1.0.4.1 stores=23,13 move=south quiet=7",
		moves: "f1 e2 a1",
		want: []string{
			"pits=3.0.0.0.0.0/2.0.1.0.4.0 stores=25,13 move=north quiet=0",
			"pits=3.0.0.0.0.0/3.1.2.1.0.0 stores=25,13 move=south quiet=1",
			"pits=0.1.1.1.0.0/3.1.2.1.0.0 stores=25,13 move=north quiet=2",
		},
		points: [2]int{28, 20}, history: 3,
	},
	{
		// A parsed position remembers only itself: from the sixth position of the
		// cycle, its first position comes back after six moves and the game goes on;
		// it ends when the parsed position itself comes back, six moves later.
		name: "oware repetition from a parsed position", rules: "oware",
		pos:   "pits=0.1.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=north quiet=6",
		moves: "e2 b1 d2 c1 c2 d1 b2 e1 a2 f1 f2 a1",
		want: []string{
			"", "", "", "", "",
			"pits=0.0.0.0.1.0/0.1.0.0.0.0 stores=22,24 move=north quiet=12",
			"", "", "", "", "",
			"pits=0.1.0.0.0.0/0.0.0.0.1.0 stores=22,24 move=north quiet=18",
		},
		end: "the position repeated", points: [2]int{23, 25}, winner: 1, margin: 2, history: 12,
	},
	{
		// A capture clears the history. North's a2 (2 seeds) sows a1 and b1 and takes
		// b1's 2 seeds; the position after it has South to move and the same seeds as
		// the first position in every pit but a2, which the history (had it not been
		// cleared) would not tell apart (its keys leave North's a2 out). The game
		// goes on, remembering one position.
		name: "oware capture clears the history", rules: "oware",
		pos:   "pits=1.0.0.0.1.0/2.0.0.1.0.0 stores=21,22 move=south quiet=0",
		moves: "a1 a2",
		want: []string{
			"pits=0.1.0.0.1.0/2.0.0.1.0.0 stores=21,22 move=north quiet=1",
			"pits=1.0.0.0.1.0/0.0.0.1.0.0 stores=21,24 move=south quiet=0",
		},
		points: [2]int{23, 25}, history: 1,
	},
	{
		// Ayo: b1 relays through c1 to e1 (capturing nothing: e2 is empty), c2 ends in
		// b2, d1 relays through e1 and f2 to d2, e2 through d2 and b2 to a1, f1 ends in
		// f2, a2 relays through a1 to c1: the first position again.
		name: "ayo repetition", rules: "ayo",
		pos:   "pits=0.1.1.0.0.0/0.0.1.0.0.1 stores=21,23 move=south quiet=0",
		moves: "b1 c2 d1 e2 f1 a2",
		want: []string{
			"pits=0.0.0.1.1.0/0.0.1.0.0.1 stores=21,23 move=north quiet=1",
			"pits=0.0.0.1.1.0/0.1.0.0.0.1 stores=21,23 move=south quiet=2",
			"pits=0.0.0.0.0.1/0.1.0.1.1.0 stores=21,23 move=north quiet=3",
			"pits=1.0.0.0.0.1/1.0.1.0.0.0 stores=21,23 move=south quiet=4",
			"pits=1.0.0.0.0.0/1.0.1.0.0.1 stores=21,23 move=north quiet=5",
			"pits=0.1.1.0.0.0/0.0.1.0.0.1 stores=21,23 move=south quiet=6",
		},
		end: "the position repeated", points: [2]int{23, 25}, winner: 1, margin: 2, history: 6,
	},
	{
		// The earliest Ayo repetitions from the start come at ply 10: here b2 at ply 6
		// captures, and d1, d2 (relays of 7 and 8 laps) bring back the position
		// after e2 at ply 8.
		name: "ayo repetition from the start", rules: "ayo", pos: StartPosition,
		moves: "a1 e2 d1 b2 e1 b2 c1 e2 d1 d2",
		want: []string{
			"", "", "", "", "",
			"pits=2.1.2.0.6.4/3.0.1.1.7.5 stores=1,15 move=south quiet=0",
			"pits=3.2.1.0.1.0/1.2.3.3.9.7 stores=1,15 move=north quiet=1",
			"pits=7.6.2.1.2.1/5.6.1.0.1.0 stores=1,15 move=south quiet=2",
			"pits=1.0.7.0.8.4/0.1.2.1.5.3 stores=1,15 move=north quiet=3",
			"pits=7.6.2.1.2.1/5.6.1.0.1.0 stores=1,15 move=south quiet=4",
		},
		end: "the position repeated", points: [2]int{20, 28}, winner: 1, margin: 8, history: 4,
	},
}

func TestGameScenarios(t *testing.T) {
	for _, sc := range gameScenarios {
		t.Run(sc.name, func(t *testing.T) {
			g := mustParse(t, sc.rules)
			s, err := g.ParsePosition(sc.pos)
			if err != nil {
				t.Fatal(err)
			}
			moves := strings.Fields(sc.moves)
			if len(moves) != len(sc.want) {
				t.Fatalf("%d moves, %d positions", len(moves), len(sc.want))
			}
			for i, m := range moves {
				a, err := g.ParseAction(&s, m)
				if err != nil {
					t.Fatalf("move %d: %v", i+1, err)
				}
				g.Apply(&s, a)
				if got := g.FormatPosition(&s); sc.want[i] != "" && got != sc.want[i] {
					t.Errorf("after move %d (%s):\n got %s\nwant %s", i+1, m, got, sc.want[i])
				}
				if i < len(moves)-1 && g.Terminal(&s) {
					t.Fatalf("over after move %d (%s): %s", i+1, m, g.EndReason(&s))
				}
			}
			if got := g.EndReason(&s); got != sc.end || g.Terminal(&s) != (sc.end != "") {
				t.Errorf("end reason %q (terminal %v), want %q", got, g.Terminal(&s), sc.end)
			}
			if got := g.Points(&s); got != sc.points {
				t.Errorf("points %v, want %v", got, sc.points)
			}
			if w, m := g.Result(&s); sc.end != "" && (w != sc.winner || m != sc.margin) {
				t.Errorf("result %d by %d, want %d by %d", w, m, sc.winner, sc.margin)
			}
			if s.HistoryLen() != sc.history {
				t.Errorf("%d positions remembered, want %d", s.HistoryLen(), sc.history)
			}
			// The reference agrees, move by move.
			p := refFromState(ptr(mustParsePos(t, g, sc.pos)))
			for _, m := range moves {
				c := mustParsePos(t, g, refFormat(&p)) // for the move's index only
				a, _ := g.ParseAction(&c, m)
				p = refApply(g, p, int(a))
			}
			if _, end := refLegal(g, p); end != int(s.end) || refFormat(&p) != g.FormatPosition(&s) {
				t.Errorf("reference: %s end %d", refFormat(&p), end)
			}
		})
	}
}

func mustParsePos(t *testing.T, g *Game, pos string) State {
	t.Helper()
	s, err := g.ParsePosition(pos)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Positions and how they stand: legal moves or the end with its score.
var positionScenarios = []struct {
	name, rules, pos string
	legal            string // legal moves, "" when over
	end              string
	points           [2]int
	winner, margin   int
}{
	{
		name: "start", rules: "oware", pos: StartPosition,
		legal: "a1 b1 c1 d1 e1 f1", points: [2]int{24, 24}, winner: -1,
	},
	{
		// North is empty and South's a1 (2 seeds) and b1 (1) cannot reach it: the
		// game ends and South takes its own 3 seeds (25-23).
		name: "cannot feed", rules: "oware",
		pos: "pits=2.1.0.0.0.0/0.0.0.0.0.0 stores=22,23 move=south quiet=0",
		end: "south cannot feed north", points: [2]int{25, 23}, winner: 0, margin: 2,
	},
	{
		// South has no seeds (only reachable by setting up a position): the game is
		// over; North keeps its seed and the score is 24-24, a draw.
		name: "no seeds, draw", rules: "oware",
		pos: "pits=0.0.0.0.0.0/1.0.0.0.0.0 stores=24,23 move=south quiet=0",
		end: "south has no seeds", points: [2]int{24, 24}, winner: -1,
	},
	{
		name: "quiet cap reached", rules: "oware:quiet=10",
		pos: "pits=1.1.4.4.4.4/4.4.4.4.4.4 stores=3,3 move=south quiet=10",
		end: "no capture in 10 moves", points: [2]int{21, 27}, winner: 1, margin: 6,
	},
	{
		// After North's run of 7 (the move scenario "oware majority by a run"): North
		// has 25 captured, and 30 with its row; South 13 and its 5.
		name: "north's majority", rules: "oware",
		pos: "pits=0.0.0.0.5.0/1.0.0.1.0.3 stores=13,25 move=south quiet=0",
		end: "north has more than half the seeds", points: [2]int{18, 30}, winner: 1, margin: 12,
	},
	{
		// A parsed position with a store over 24 is over, whoever is to move.
		name: "majority of a parsed position", rules: "oware",
		pos: "pits=4.4.4.4.4.3/0.0.0.0.0.0 stores=25,0 move=north quiet=3",
		end: "south has more than half the seeds", points: [2]int{48, 0}, winner: 0, margin: 48,
	},
	{
		// feed=off: North may play a2 though it leaves nothing for South.
		name: "oware feed=off", rules: "oware:feed=off",
		pos:   "pits=0.0.0.0.0.0/1.0.0.0.0.1 stores=22,24 move=north quiet=3",
		legal: "f2 a2", points: [2]int{22, 26}, winner: 1, margin: 4,
	},
	{
		// The same under the feeding rule: only a2 (1 seed, reaching a1) feeds South.
		name: "oware feeding from a2", rules: "oware",
		pos:   "pits=0.0.0.0.0.0/1.0.0.0.0.1 stores=22,24 move=north quiet=3",
		legal: "a2", points: [2]int{22, 26}, winner: 1, margin: 4,
	},
	{
		name: "ayo feed=on cannot feed", rules: "ayo:feed=on",
		pos: "pits=1.0.1.0.0.0/0.0.0.0.0.0 stores=23,23 move=south quiet=0",
		end: "south cannot feed north", points: [2]int{25, 23}, winner: 0, margin: 2,
	},
	{
		// Ayo without feeding: the same position goes on.
		name: "ayo no feeding", rules: "ayo",
		pos:   "pits=1.0.1.0.0.0/0.0.0.0.0.0 stores=23,23 move=south quiet=0",
		legal: "a1 c1", points: [2]int{25, 23}, winner: 0, margin: 2,
	},
}

func TestPositionScenarios(t *testing.T) {
	var buf game.ActionBuffer
	for _, sc := range positionScenarios {
		t.Run(sc.name, func(t *testing.T) {
			g := mustParse(t, sc.rules)
			s, err := g.ParsePosition(sc.pos)
			if err != nil {
				t.Fatal(err)
			}
			var names []string
			for _, a := range g.LegalActions(&s, &buf) {
				names = append(names, g.ActionString(&s, a))
			}
			if got := strings.Join(names, " "); got != sc.legal {
				t.Errorf("legal moves %q, want %q", got, sc.legal)
			}
			if got := g.EndReason(&s); got != sc.end || g.Terminal(&s) != (sc.end != "") {
				t.Errorf("end reason %q (terminal %v), want %q", got, g.Terminal(&s), sc.end)
			}
			if got := g.Points(&s); got != sc.points {
				t.Errorf("points %v, want %v", got, sc.points)
			}
			if sc.end != "" {
				if w, m := g.Result(&s); w != sc.winner || m != sc.margin {
					t.Errorf("result %d by %d, want %d by %d", w, m, sc.winner, sc.margin)
				}
			}
		})
	}
}

func TestParseActionErrors(t *testing.T) {
	g := mustParse(t, "oware")
	gi := mustParse(t, "oware:grandslam=illegal")
	start := g.Start()
	feedPos, _ := g.ParsePosition("pits=3.0.4.0.1.1/0.0.0.0.0.0 stores=20,19 move=south quiet=0")
	slamPos, _ := gi.ParsePosition("pits=1.0.0.0.0.2/0.0.0.0.1.1 stores=20,23 move=south quiet=0")
	overPos, _ := g.ParsePosition("pits=2.1.0.0.0.0/0.0.0.0.0.0 stores=20,25 move=south quiet=0")
	for _, tc := range []struct {
		g    *Game
		s    State
		text string
		want string // part of the error
	}{
		{g, start, "", "unknown pit"},
		{g, start, "g1", "unknown pit"},
		{g, start, "a3", "unknown pit"},
		{g, start, "A1", "unknown pit"},
		{g, start, "a1x", "unknown pit"},
		{g, start, "a2", "north's"},
		{g, feedPos, "b1", "empty"},
		{g, feedPos, "a1", "does not feed"},
		{gi, slamPos, "f1", "grandslam"},
		{g, overPos, "a1", "over"},
	} {
		_, err := tc.g.ParseAction(&tc.s, tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseAction(%q) in %s: error %v, want one saying %q", tc.text, tc.g.FormatPosition(&tc.s), err, tc.want)
		}
	}
	// The column letter alone names the mover's pit; North's columns run backwards.
	north, _ := g.ParsePosition("pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=north quiet=0")
	for c := 0; c < 6; c++ {
		a, err := g.ParseAction(&north, string(rune('a'+c)))
		if err != nil || int(a) != 5-c {
			t.Errorf("north column %c: action %d, %v; want %d", 'a'+c, a, err, 5-c)
		}
	}
}

func ExampleGame() {
	g, _ := New("")
	s := g.Start()
	for _, m := range []string{"c1", "f2", "d1"} {
		a, err := g.ParseAction(&s, m)
		if err != nil {
			panic(err)
		}
		g.Apply(&s, a)
	}
	fmt.Println(g.FormatPosition(&s))
	// Output: pits=4.4.0.0.6.6/5.5.5.6.6.1 stores=0,0 move=north quiet=3
}
