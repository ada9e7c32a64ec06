package oware

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/colony-ai/colony/game"
)

// A model of OpenSpiel's Oware (open_spiel/games/oware/oware.cc and oware.h), written
// here from a reading of its rules, sharing nothing with this package but the board
// size: twelve houses in sowing order (player 0's houses 0..5, then player 1's 6..11),
// a score a player, the player to move, and the set of boards (houses, scores, player)
// seen since the last capture. RULES.md ("OpenSpiel") lists what the reading found.
type osGame struct {
	seeds  [NumPits]int
	score  [2]int
	player int
	seen   map[osBoard]bool
}

type osBoard struct {
	seeds  [NumPits]int
	score  [2]int
	player int
}

func (o *osGame) board() osBoard { return osBoard{o.seeds, o.score, o.player} }

func newOS() *osGame {
	o := &osGame{seen: map[osBoard]bool{}}
	for i := range o.seeds {
		o.seeds[i] = StartSeeds
	}
	o.seen[o.board()] = true
	return o
}

// terminal: a player holds more than half the seeds, or both exactly half.
func (o *osGame) terminal() bool {
	half := TotalSeeds / 2
	return o.score[0] > half || o.score[1] > half || (o.score[0] == half && o.score[1] == half)
}

func (o *osGame) rowSeeds(player int) int {
	t := 0
	for i := player * 6; i < player*6+6; i++ {
		t += o.seeds[i]
	}
	return t
}

// legal: none when the game is over; when the opponent's row is empty, the houses
// whose seeds reach it (more seeds than houses left after it on the own row);
// otherwise every house with seeds. An action is the house's index within its row.
func (o *osGame) legal() []int {
	if o.terminal() {
		return nil
	}
	var out []int
	starving := o.rowSeeds(1-o.player) == 0
	for a := 0; a < 6; a++ {
		n := o.seeds[o.player*6+a]
		if (starving && n > 5-a) || (!starving && n > 0) {
			out = append(out, a)
		}
	}
	return out
}

// collect ends the game: every house's seeds go to the score of the row's owner.
func (o *osGame) collect() {
	for i := range o.seeds {
		o.score[i/6] += o.seeds[i]
		o.seeds[i] = 0
	}
}

// apply sows house a of the player to move (never into the house it empties), then,
// when the last seed fell on the opponent's row and the move is not a grand slam,
// takes that house and the ones before it on that row while each holds 2 or 3
// seeds; a capture forgets the boards seen. The other player is then to move; a
// board seen before, or no legal action, collects the seeds and ends the game.
func (o *osGame) apply(a int) {
	from := o.player*6 + a
	n := o.seeds[from]
	o.seeds[from] = 0
	last := from
	for n > 0 {
		last = (last + 1) % NumPits
		if last != from {
			o.seeds[last]++
			n--
		}
	}
	if last/6 != o.player {
		low := last / 6 * 6
		// A grand slam: nothing beyond the last house on its row, and every house
		// from it back to the row's start holds 2 or 3 seeds.
		slam := true
		for i := last + 1; i < low+6; i++ {
			slam = slam && o.seeds[i] == 0
		}
		for i := last; i >= low; i-- {
			slam = slam && (o.seeds[i] == 2 || o.seeds[i] == 3)
		}
		if !slam {
			took := 0
			for i := last; i >= low && (o.seeds[i] == 2 || o.seeds[i] == 3); i-- {
				took += o.seeds[i]
				o.seeds[i] = 0
			}
			o.score[o.player] += took
			if took > 0 {
				clear(o.seen)
			}
		}
	}
	o.player = 1 - o.player
	if b := o.board(); o.seen[b] {
		o.collect()
	} else {
		o.seen[b] = true
	}
	if len(o.legal()) == 0 {
		o.collect()
	}
}

// returns: +1 to the player with the higher score, -1 to the other, 0 each on a tie.
func (o *osGame) returns() [2]int {
	switch {
	case o.score[0] > o.score[1]:
		return [2]int{1, -1}
	case o.score[1] > o.score[0]:
		return [2]int{-1, 1}
	}
	return [2]int{0, 0}
}

// TestOpenSpielOware: seeded random games of oware:quiet=off match the model of
// OpenSpiel's Oware move for move: the same legal actions (OpenSpiel's action k is
// our action k for both players), the same houses, scores and player to move while
// the game goes on, the end at the same move, and final scores equal to our points
// with the same winner. The same games under the default rules (the quiet cap at 100)
// are the same game until the cap ends them; the test checks that some do end there
// (the games quiet=off is for), and counts those whose winner the cap changed.
func TestOpenSpielOware(t *testing.T) {
	games := 3000
	if testing.Short() {
		games = 500
	} else if longTests {
		games = 100000
	}
	g := mustParse(t, "oware:quiet=off")
	capped := mustParse(t, "oware")
	rng := rand.New(rand.NewPCG(2019, 12))
	var buf game.ActionBuffer
	var plies, capEnds, capWinner int
	maxQuiet := 0
	for n := 0; n < games; n++ {
		o := newOS()
		s, c := g.Start(), capped.Start()
		capWin := -2 // the winner when the default rules' cap ended the game
		var moves []string
		for ply := 0; ; ply++ {
			want := o.legal()
			legal := g.LegalActions(&s, &buf)
			if fmt.Sprint(legal) != fmt.Sprint(want) {
				t.Fatalf("game %d ply %d (%v): legal %v, OpenSpiel %v", n, ply, moves, legal, want)
			}
			if o.terminal() {
				if p := g.Points(&s); p != o.score {
					t.Fatalf("game %d ply %d (%v): points %v, OpenSpiel's final scores %v", n, ply, moves, p, o.score)
				}
				w, _ := g.Result(&s)
				if r := o.returns(); (w == 0) != (r[0] == 1) || (w == 1) != (r[1] == 1) {
					t.Fatalf("game %d: winner %d, OpenSpiel returns %v", n, w, r)
				}
				if capWin != -2 && capWin != w {
					capWinner++
				}
				plies += ply
				break
			}
			for i := range o.seeds {
				if s.Seeds(i) != o.seeds[i] {
					t.Fatalf("game %d ply %d (%v): %s, OpenSpiel houses %v", n, ply, moves, g.FormatPosition(&s), o.seeds)
				}
			}
			if [2]int{s.Store(0), s.Store(1)} != o.score || s.ToMove() != o.player {
				t.Fatalf("game %d ply %d (%v): %s, OpenSpiel scores %v player %d", n, ply, moves, g.FormatPosition(&s), o.score, o.player)
			}
			maxQuiet = max(maxQuiet, s.Quiet())
			k := want[rng.IntN(len(want))]
			moves = append(moves, g.ActionString(&s, game.Action(k)))
			o.apply(k)
			g.Apply(&s, game.Action(k))
			if !c.Over() {
				capped.Apply(&c, game.Action(k))
				if c.Over() && capped.EndReason(&c) == "no capture in 100 moves" {
					capEnds++
					capWin, _ = capped.Result(&c)
				} else if c.Over() != s.Over() || c != s {
					t.Fatalf("game %d ply %d (%v): the default rules differ before the cap", n, ply, moves)
				}
			}
		}
	}
	t.Logf("%d games, %.1f plies a game; the quiet cap ended %d (%.2f%%), with another winner in %d; longest stretch without capture %d",
		games, float64(plies)/float64(games), capEnds, 100*float64(capEnds)/float64(games), capWinner, maxQuiet)
	if capEnds == 0 {
		t.Error("no game reached the quiet cap of the default rules")
	}
}
