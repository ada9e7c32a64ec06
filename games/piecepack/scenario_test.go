package piecepack

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game"
	"github.com/colony-ai/colony/game/gametest"
)

// mustGame returns New(variant, params) or fails the test.
func mustGame(t testing.TB, variant, params string) *Game {
	t.Helper()
	g, err := New(variant, params)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// scenario is one move from a position, with the position and ending expected after,
// checked by gametest.PlayScenario (the moves played as turns with game.ReadTurn).
type scenario struct {
	name            string
	variant, params string
	from            string
	moves           []string // in notation, played in turn
	want            string
	end             string // EndReason after the moves, "" while in play
	points          [2]int // checked when end != ""
}

// The scenarios: every rule of the text, with the expected positions worked out by
// hand in the comments (6 tiles a side, 4 coins a tile, 48 coins in all, unless the
// params say otherwise). Tiles are lettered from their owner's left, which is the
// direction of counter-clockwise sowing; south's tile x is across from north's tile
// (g - x): a faces f, b faces e, c faces d.
var scenarios = []scenario{
	// General rules, Egyptian: c's 4 coins go to d, e, f and south's mancala; the last
	// coin in the own mancala gives another turn (south still to move).
	{name: "egyptian sow and extra turn", variant: "egyptian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		moves: []string{"c"},
		want:  "pits=4.4.0.5.5.5/4.4.4.4.4.4 stores=1,0 move=south"},
	// Without the mancala last: d's 4 coins go to e, f, the mancala, north a: north moves.
	{name: "egyptian sow onto the opponent's side", variant: "egyptian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		moves: []string{"d"},
		want:  "pits=4.4.4.0.5.5/5.4.4.4.4.4 stores=1,0 move=north"},
	// North sows too, counter-clockwise from its own a, into its own mancala.
	{name: "egyptian north sows into its mancala", variant: "egyptian",
		from:  "pits=4.4.4.0.5.5/5.4.4.4.4.4 stores=1,0 move=north",
		moves: []string{"f"},
		want:  "pits=5.5.5.0.5.5/5.4.4.4.4.0 stores=1,1 move=south"},
	// The opponent's mancala is skipped: f's 9 coins go to the own mancala, north a-f,
	// then (north's mancala skipped) south a and b. b held a coin: no capture.
	{name: "egyptian skips the opponent's mancala", variant: "egyptian",
		from:  "pits=1.1.0.0.0.9/4.4.4.4.4.4 stores=13,0 move=south",
		moves: []string{"f"},
		want:  "pits=2.2.0.0.0.0/5.5.5.5.5.5 stores=14,0 move=north"},
	// Capture: a's coin lands in the empty b; it and north e's 4 coins (across from b)
	// go to south's mancala: 7 + 5 = 12.
	{name: "egyptian capture", variant: "egyptian",
		from:  "pits=1.0.4.4.4.4/4.4.4.4.4.4 stores=7,0 move=south",
		moves: []string{"a"},
		want:  "pits=0.0.4.4.4.4/4.4.4.4.0.4 stores=12,0 move=north"},
	// Capture with the opposite tile empty: the lone coin still goes to the mancala.
	{name: "egyptian capture across an empty tile", variant: "egyptian",
		from:  "pits=1.0.4.4.4.4/4.4.4.4.0.4 stores=11,0 move=south",
		moves: []string{"a"},
		want:  "pits=0.0.4.4.4.4/4.4.4.4.0.4 stores=12,0 move=north"},
	// capture=nonempty: across an empty tile nothing is taken.
	{name: "capture=nonempty across an empty tile", variant: "egyptian", params: "capture=nonempty",
		from:  "pits=1.0.4.4.4.4/4.4.4.4.0.4 stores=11,0 move=south",
		moves: []string{"a"},
		want:  "pits=0.1.4.4.4.4/4.4.4.4.0.4 stores=11,0 move=north"},
	// A full lap ends in the emptied start tile, which counts as empty: a capture.
	// a's 13: b-f (5), mancala, north a-f (6), skip, a: 13; a was emptied, so its coin
	// and north f's 5 are captured: 10 + 1 + 1 + 5 = 17.
	{name: "egyptian lap back into the start tile captures", variant: "egyptian",
		from:  "pits=13.0.0.0.0.0/4.4.4.4.4.4 stores=10,1 move=south",
		moves: []string{"a"},
		want:  "pits=0.1.1.1.1.1/5.5.5.5.5.0 stores=17,1 move=north"},
	// Game end: f's last coin into the mancala empties south's tiles; the game ends
	// at once (the extra turn is never played) and north puts its 24 coins into its
	// mancala: 24 against 24, a draw.
	{name: "egyptian end, sweep, draw", variant: "egyptian",
		from:  "pits=0.0.0.0.0.1/4.4.4.4.4.4 stores=23,0 move=south",
		moves: []string{"f"},
		want:  "pits=0.0.0.0.0.0/4.4.4.4.4.4 stores=24,0 move=south",
		end:   "south has no coins", points: [2]int{24, 24}},
	// The game ends when the player who just moved empties his side, north to move:
	// north sweeps its 25 coins: 23 against 25.
	{name: "egyptian end when the mover's side empties", variant: "egyptian",
		from:  "pits=0.0.0.0.0.2/4.4.4.4.4.4 stores=22,0 move=south",
		moves: []string{"f"},
		want:  "pits=0.0.0.0.0.0/5.4.4.4.4.4 stores=23,0 move=north",
		end:   "south has no coins", points: [2]int{23, 25}},
	// end=mover: the same move leaves the game in play, north to move.
	{name: "end=mover waits for the player to move", variant: "egyptian", params: "end=mover",
		from:  "pits=0.0.0.0.0.2/4.4.4.4.4.4 stores=22,0 move=south",
		moves: []string{"f"},
		want:  "pits=0.0.0.0.0.0/5.4.4.4.4.4 stores=23,0 move=north"},
	// A capture that empties north's side ends the game; south sweeps its 3 coins.
	{name: "egyptian capture empties the opponent", variant: "egyptian",
		from:  "pits=1.0.0.0.0.3/0.0.0.0.5.0 stores=19,20 move=south",
		moves: []string{"a"},
		want:  "pits=0.0.0.0.0.3/0.0.0.0.0.0 stores=25,20 move=north",
		end:   "north has no coins", points: [2]int{28, 20}},

	// Ethiopian: sowing to the left (clockwise): c's 4 coins go to b, a, then past
	// north's mancala (skipped) to north f and e.
	{name: "ethiopian sows to the left", variant: "ethiopian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south ply=0",
		moves: []string{"c<"},
		want:  "pits=5.5.0.4.4.4/4.4.4.4.5.5 stores=0,0 move=north ply=1"},
	// To the right it is the Egyptian move, extra turn included.
	{name: "ethiopian sows to the right", variant: "ethiopian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south ply=0",
		moves: []string{"c"},
		want:  "pits=4.4.0.5.5.5/4.4.4.4.4.4 stores=1,0 move=south ply=1"},
	// North to the left: north's left is towards south's mancala, which is skipped:
	// b's 4 go to north a, then south f, e, d.
	{name: "ethiopian north sows to the left", variant: "ethiopian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=north ply=0",
		moves: []string{"b<"},
		want:  "pits=4.4.4.5.5.5/5.0.4.4.4.4 stores=0,0 move=south ply=1"},
	// To the left the own mancala comes after the opponent's side: a's 7 coins go to
	// north f-a and into south's mancala: an extra turn in either direction.
	{name: "ethiopian extra turn to the left", variant: "ethiopian",
		from:  "pits=7.2.1.1.1.0/4.4.4.4.4.4 stores=12,0 move=south ply=0",
		moves: []string{"a<"},
		want:  "pits=0.2.1.1.1.0/5.5.5.5.5.5 stores=13,0 move=south ply=1"},
	{name: "leftbonus=off: no extra turn to the left", variant: "ethiopian", params: "leftbonus=off",
		from:  "pits=7.2.1.1.1.0/4.4.4.4.4.4 stores=12,0 move=south ply=0",
		moves: []string{"a<"},
		want:  "pits=0.2.1.1.1.0/5.5.5.5.5.5 stores=13,0 move=north ply=1"},
	// Capture to the left: c's 2 coins go to b and the empty a; a's coin and north
	// f's 4 (across from a) are captured: 9 + 5 = 14.
	{name: "ethiopian capture to the left", variant: "ethiopian",
		from:  "pits=0.1.2.4.4.4/4.4.4.4.4.4 stores=9,0 move=south ply=0",
		moves: []string{"c<"},
		want:  "pits=0.2.0.4.4.4/4.4.4.4.4.0 stores=14,0 move=north ply=1"},
	{name: "leftbonus=off: no capture to the left", variant: "ethiopian", params: "leftbonus=off",
		from:  "pits=0.1.2.4.4.4/4.4.4.4.4.4 stores=9,0 move=south ply=0",
		moves: []string{"c<"},
		want:  "pits=1.2.0.4.4.4/4.4.4.4.4.4 stores=9,0 move=north ply=1"},
	// A player whose tiles hold only single coins cannot move: after b (c and d, both
	// holding a coin, get 2) north has six single coins; the game ends and each side's
	// coins go to its owner's mancala: south 21 + 4, north 17 + 6.
	{name: "ethiopian stuck ends the game", variant: "ethiopian",
		from:  "pits=0.2.1.1.0.0/1.1.1.1.1.1 stores=21,17 move=south ply=0",
		moves: []string{"b"},
		want:  "pits=0.0.2.2.0.0/1.1.1.1.1.1 stores=21,17 move=north ply=1",
		end:   "north cannot move", points: [2]int{25, 23}},
	// stuck=pass: north passes, south moves again.
	{name: "stuck=pass", variant: "ethiopian", params: "stuck=pass",
		from:  "pits=0.2.1.1.0.0/1.1.1.1.1.1 stores=21,17 move=south ply=0",
		moves: []string{"b"},
		want:  "pits=0.0.2.2.0.0/1.1.1.1.1.1 stores=21,17 move=south ply=1"},
	// A cycle of four moves (2 tiles a side) back to the start position, no mancala
	// touched: b< (a, north b), a< (south b, south a), a< (north b, north a), b< (north
	// a, south b). Hence the move cap.
	{name: "ethiopian cycle", variant: "ethiopian", params: "2x2,cap=0",
		from:  "pits=0.2/2.0 stores=2,2 move=south",
		moves: []string{"b<", "a<", "a<", "b<"},
		want:  "pits=0.2/2.0 stores=2,2 move=south"},
	{name: "ethiopian cap", variant: "ethiopian", params: "2x2,cap=3",
		from:  "pits=0.2/2.0 stores=2,2 move=south ply=0",
		moves: []string{"b<", "a<", "a<"},
		want:  "pits=0.1/1.2 stores=2,2 move=north ply=3",
		end:   "move cap", points: [2]int{3, 5}},

	// Nigerian: the last coin in a mancala ends the turn (no extra turn).
	{name: "nigerian mancala ends the turn", variant: "nigerian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		moves: []string{"c"},
		want:  "pits=4.4.0.5.5.5/4.4.4.4.4.4 stores=1,0 move=north"},
	// Relays: a's 4 go to b-e; e had 4, now 5: pick up 5, sow f, south's mancala,
	// north a-c; north c had 4, now 5: pick up 5, sow north d-f, north's mancala (sown
	// in Nigerian) and south's a, which was empty: the turn ends.
	{name: "nigerian relay across both mancalas", variant: "nigerian",
		from:  "pits=4.4.4.4.4.4/4.4.4.4.4.4 stores=0,0 move=south",
		moves: []string{"a"},
		want:  "pits=1.5.5.5.0.5/5.5.0.5.5.5 stores=1,1 move=north"},
	// A tile reaching 4 on the last coin goes to its owner and ends the turn: f's 2 go
	// to the mancala and north a (3 -> 4): north takes them.
	{name: "nigerian last coin makes 4 on the opponent's side", variant: "nigerian",
		from:  "pits=4.4.4.4.4.2/3.4.4.4.4.4 stores=3,0 move=south",
		moves: []string{"f"},
		want:  "pits=4.4.4.4.4.0/0.4.4.4.4.4 stores=4,4 move=north"},
	{name: "fourlast=mover", variant: "nigerian", params: "fourlast=mover",
		from:  "pits=4.4.4.4.4.2/3.4.4.4.4.4 stores=3,0 move=south",
		moves: []string{"f"},
		want:  "pits=4.4.4.4.4.0/0.4.4.4.4.4 stores=8,0 move=north"},
	// A tile reaching 4 on an earlier coin goes to its owner at once: e's 3 make f 4
	// (south takes them), then the mancala, then north a, empty: the turn ends.
	{name: "nigerian 4 on an intermediate coin", variant: "nigerian",
		from:  "pits=4.4.4.4.3.3/0.4.4.4.4.4 stores=6,0 move=south",
		moves: []string{"e"},
		want:  "pits=4.4.4.4.0.0/1.4.4.4.4.4 stores=11,0 move=north"},
	{name: "fourdrop=last", variant: "nigerian", params: "fourdrop=last",
		from:  "pits=4.4.4.4.3.3/0.4.4.4.4.4 stores=6,0 move=south",
		moves: []string{"e"},
		want:  "pits=4.4.4.4.0.4/1.4.4.4.4.4 stores=7,0 move=north"},
	// Intermediate 4 on the opponent's side, then relays: f's 3: south's mancala (4),
	// north a 3 -> 4 (north takes them: 6), north b 1 -> 2 last: relay 2: north c,
	// north d 4 -> 5 last: relay 5: north e, f, north's mancala (7), south a, south b
	// 4 -> 5 last: relay 5: south c, d, e, f (emptied at the start, now 1), south's
	// mancala (5): the turn ends.
	{name: "nigerian harvest then relays", variant: "nigerian",
		from:  "pits=4.4.4.4.4.3/3.1.4.4.4.4 stores=3,2 move=south",
		moves: []string{"f"},
		want:  "pits=5.0.5.5.5.1/0.0.5.0.5.5 stores=5,7 move=north"},
	// The game ends when south's tiles are empty; north's 24 coins are not counted.
	{name: "nigerian end, tiles not counted", variant: "nigerian",
		from:  "pits=0.0.0.0.0.1/4.4.4.4.4.4 stores=20,3 move=south",
		moves: []string{"f"},
		want:  "pits=0.0.0.0.0.0/4.4.4.4.4.4 stores=21,3 move=north",
		end:   "south has no coins", points: [2]int{21, 3}},
	// The same in Egyptian: an extra turn for south, but the game is over; north's 24
	// go to north: 21 against 27.
	{name: "egyptian end, tiles counted", variant: "egyptian",
		from:  "pits=0.0.0.0.0.1/4.4.4.4.4.4 stores=20,3 move=south",
		moves: []string{"f"},
		want:  "pits=0.0.0.0.0.0/4.4.4.4.4.4 stores=21,3 move=south",
		end:   "south has no coins", points: [2]int{21, 27}},
	// four=3 on a 6x2 board: the intermediate drop making 3 is taken by its owner.
	{name: "nigerian four=3", variant: "nigerian", params: "6x2,four=3",
		from:  "pits=2.2.2.2.2.2/2.2.2.2.2.2 stores=0,0 move=south",
		moves: []string{"e"},
		want:  "pits=2.2.2.2.0.0/2.2.2.2.2.2 stores=4,0 move=north"},
}

func TestScenarios(t *testing.T) {
	for _, sc := range scenarios {
		t.Run(sc.name, func(t *testing.T) {
			g := mustGame(t, sc.variant, sc.params)
			s, ok := gametest.PlayScenario(t, g, gametest.Scenario{
				Name: sc.name, Position: sc.from, Turn: strings.Join(sc.moves, " "), Want: sc.want, End: sc.end,
			})
			if !ok {
				return
			}
			if sc.end != "" {
				if got := g.Points(&s); got != sc.points {
					t.Errorf("points %v, want %v", got, sc.points)
				}
				w, m := g.Result(&s)
				ww, wm := -1, 0
				if sc.points[0] > sc.points[1] {
					ww, wm = 0, sc.points[0]-sc.points[1]
				} else if sc.points[1] > sc.points[0] {
					ww, wm = 1, sc.points[1]-sc.points[0]
				}
				if w != ww || m != wm {
					t.Errorf("result (%d, %d), want (%d, %d)", w, m, ww, wm)
				}
			}
		})
	}
}

// TestEthiopianStartRule: tiles with a single coin may not be sown from.
func TestEthiopianStartRule(t *testing.T) {
	g := mustGame(t, "ethiopian", "")
	s, err := g.ParsePosition("pits=1.2.0.1.0.3/4.4.4.4.4.4 stores=10,7 move=south ply=5")
	if err != nil {
		t.Fatal(err)
	}
	var buf game.ActionBuffer
	got := g.LegalActions(&s, &buf)
	want := []uint8{1, 5, 7, 11} // b, f, b<, f<
	if string(got) != string(want) {
		t.Errorf("legal %v, want %v", got, want)
	}
	for _, m := range []struct{ text, err string }{
		{"a", `move "a": south's tile a has only one coin`},
		{"c<", `move "c<": south's tile c is empty`},
		{"g", `move "g": unknown tile "g" (the tiles are a to f)`},
		{"bb", `move "bb": "b" after the tile letter, want nothing, < or >`},
	} {
		if _, err := g.ParseAction(&s, m.text); err == nil || err.Error() != m.err {
			t.Errorf("ParseAction(%q) error %v, want %s", m.text, err, m.err)
		}
	}
	eg := mustGame(t, "egyptian", "")
	s0 := eg.Start()
	if _, err := eg.ParseAction(&s0, "c<"); err == nil || err.Error() != `move "c<": only ethiopian sows to the left` {
		t.Errorf("egyptian c<: %v", err)
	}
}

// TestParseStuckPosition: a parsed position is settled like a played one.
func TestParseStuckPosition(t *testing.T) {
	g := mustGame(t, "ethiopian", "")
	s, err := g.ParsePosition("pits=1.1.0.0.0.0/4.4.4.4.4.4 stores=20,2 move=south ply=7")
	if err != nil {
		t.Fatal(err)
	}
	if g.EndReason(&s) != "south cannot move" || g.Points(&s) != [2]int{22, 26} {
		t.Errorf("end %q points %v", g.EndReason(&s), g.Points(&s))
	}
	gp := mustGame(t, "ethiopian", "stuck=pass")
	s, err = gp.ParsePosition("pits=1.1.0.0.0.0/4.4.4.4.4.4 stores=20,2 move=south ply=7")
	if err != nil {
		t.Fatal(err)
	}
	if gp.Terminal(&s) || gp.ToMove(&s) != 1 {
		t.Errorf("stuck=pass: terminal %v, to move %d", gp.Terminal(&s), gp.ToMove(&s))
	}
	s, err = gp.ParsePosition("pits=1.1.0.0.0.0/1.0.0.0.0.1 stores=20,24 move=south ply=7")
	if err != nil {
		t.Fatal(err)
	}
	if gp.EndReason(&s) != "neither can move" || gp.ToMove(&s) != 0 {
		t.Errorf("stuck=pass, both stuck: end %q, to move %d", gp.EndReason(&s), gp.ToMove(&s))
	}
}
