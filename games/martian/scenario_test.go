package martian_test

import (
	"strings"
	"testing"

	"github.com/colony-ai/colony/game/gametest"
	"github.com/colony-ai/colony/games/martian"
)

// A scenario plays the moves on a position and expects an exact position, and for a
// finished game the points and end reason: gametest.PlayScenario plays each move as a
// turn and checks the position and the end reason. Ring places of the default board: South's
// spaces a..f are 0..5, South's mancala 6, North's a..f 7..12, North's mancala 13; on
// a 2-space board South a, b are 0, 1, South's mancala 2, North a, b 3, 4, North's
// mancala 5.
type scenario struct {
	name   string // the sentence of the text (or the reading) the scenario checks
	params string
	from   string // "" for the start
	moves  string // one letter a move
	want   string
	points [2]int // for a finished game
	reason string // for a finished game
}

var scenarios = []scenario{
	{
		name: "The topmost pyramid is moved first, as far as its pip-value, and is placed on top of any counter " +
			"currently located in the destination square. Then the next pyramid is moved likewise, but its " +
			"destination is counted starting from the space where the last counter was placed.",
		// South a: the 3 goes to d (on top of its 321), the 2 from d to f, the 1 from f
		// into South's mancala (a bonus move: South moves again).
		moves: "a",
		want:  "pits=-.321.321.3321.321.2321/321.321.321.321.321.321 stores=1,- move=south ply=1",
	},
	{
		name: "The pyramids are also sown into both mancalas. If the last pyramid falls on an occupied space " +
			"(not a mancala), the player sows its contents in another lap.",
		// South b: 3 to e, 2 into South's mancala, 1 onto North a (occupied): lap of
		// North a's 1321, the 1 just dropped first: 1 to North b, 3 to North e, 2 into
		// North's mancala, 1 onto South a (occupied): lap of South a's 1321: 1 to South
		// b (the turn's lifted space: a new stack), 3 to South e, 2 into South's
		// mancala, 1 onto North a, empty since its lap: the turn ends.
		moves: "b",
		want:  "pits=-.1.321.321.33321.321/1.1321.321.321.3321.321 stores=22,2 move=north ply=1",
	},
	{
		name: "If a counter is moved once around the board into the original space, it becomes the bottom of a " +
			"new stack there, but it is not moved again in the ongoing turn.",
		// South a of 3333 on a ring of 6: 3 to North a, 3 back into a (the bottom of a
		// new stack), 3 to North a, 3 onto a: the last piece is on an occupied space,
		// but the lifted space's pieces are not moved again: the turn ends.
		params: "2x33",
		from:   "pits=3333.-/-.33 stores=33,- move=south ply=0",
		moves:  "a",
		want:   "pits=33.-/33.33 stores=33,- move=north ply=1",
	},
	{
		name: "(reading) A piece whose count jumps over the original space does not stop there: only a piece " +
			"whose count ends on it lands there.",
		// South a of 233: 2 into South's mancala, 3 into North's, 3 over South a and b
		// into South's mancala: a bonus move.
		params: "2x321",
		from:   "pits=233.1/321.321 stores=21,- move=south ply=0",
		moves:  "a",
		want:   "pits=-.1/321.321 stores=3221,3 move=south ply=1",
	},
	{
		name: "If the last counter is dropped into the player's own mancala, he gets a bonus move.",
		// South a then, on the bonus move, South f (2321): 2 to North a, 3 to North d, 2
		// to North f, 1 into North's mancala: the turn ends.
		moves: "af",
		want:  "pits=-.321.321.3321.321.-/2321.321.321.3321.321.2321 stores=1,1 move=north ply=2",
	},
	{
		name: "(reading) North sows counterclockwise as South does, from its mancala on round the end of the " +
			"ring to South's spaces.",
		// North b (21, ring place 4 of 6): 2 over North's mancala onto South a (on top of
		// its 3), 1 onto South b, empty: the turn ends.
		params: "2x321",
		from:   "pits=3.-/321.21 stores=321,321 move=north ply=0",
		moves:  "b",
		want:   "pits=23.1/321.- stores=321,321 move=south ply=1",
	},
	{
		name: "If the last pyramid is placed in an empty space (not the player's own mancala), or in the " +
			"opponent's mancala, the turn ends. (An empty space.)",
		params: "2x321",
		from:   "pits=3.2/-.321 stores=33221,11 move=south ply=0",
		moves:  "b",
		want:   "pits=3.-/2.321 stores=33221,11 move=north ply=1",
	},
	{
		name: "If the last pyramid is placed in an empty space (not the player's own mancala), or in the " +
			"opponent's mancala, the turn ends. (The opponent's mancala.)",
		params: "2x321",
		from:   "pits=2.31/321.321 stores=321,- move=south ply=0",
		moves:  "b",
		want:   "pits=2.-/321.3321 stores=321,1 move=north ply=1",
	},
	{
		name: "The game ends when, at the end of a turn, one player's small spaces are completely empty. The " +
			"counters that are left on the board at the end of the game are won by the player who moved last.",
		// South b empties South's side: the game ends, and the 15 pips on North's
		// spaces count for South, who moved last (move= names the other player).
		params: "2x321",
		from:   "pits=-.31/321.321 stores=3221,- move=south ply=0",
		moves:  "b",
		want:   "pits=-.-/321.3321 stores=3221,1 move=north ply=1",
		points: [2]int{8 + 15, 1},
		reason: "south's spaces are empty",
	},
	{
		name: "(reading) The end is checked at the end of every turn, also of a turn that earns a bonus move: " +
			"a mover whose last piece empties the own side into the own mancala ends the game.",
		params: "2x321",
		from:   "pits=-.1/321.321 stores=3322,1 move=south ply=0",
		moves:  "b",
		want:   "pits=-.-/321.321 stores=33221,1 move=north ply=1",
		points: [2]int{11 + 12, 1},
		reason: "south's spaces are empty",
	},
	{
		name: "(reading) A lap may empty the opponent's side: the game ends as well, and the mover, who moved " +
			"last, takes the pieces left.",
		// South a of 3 onto North a's 1 (occupied): lap of North a's 31: the 3 from
		// North a over North b and North's mancala onto South a (the turn's lifted
		// space, empty: a new stack), the 1 onto South b, empty: the turn ends, with
		// North's side empty. South, who moved last, takes the 4 pips left.
		params: "2x321",
		from:   "pits=3.-/1.- stores=333221,2211 move=south ply=0",
		moves:  "a",
		want:   "pits=3.1/-.- stores=333221,2211 move=north ply=1",
		points: [2]int{14 + 4, 6},
		reason: "north's spaces are empty",
	},
	{
		name: "The player who has the greater worth of counters in his mancala wins. A large pyramid counts 3 " +
			"points, a medium-sized 2 points and a small one 1 point. (Equal worth: a draw.)",
		params: "2x321",
		from:   "pits=-.-/-.- stores=333211,322211 move=south ply=7",
		want:   "pits=-.-/-.- stores=333211,322211 move=south ply=7",
		points: [2]int{13, 11},
		reason: "both sides' spaces are empty",
	},
	{
		name:   "(reading) Equal worth is a draw.",
		params: "2x321",
		from:   "pits=-.-/-.- stores=332211,332211 move=north ply=9",
		want:   "pits=-.-/-.- stores=332211,332211 move=north ply=9",
		points: [2]int{12, 12},
		reason: "both sides' spaces are empty",
	},
	{
		name:   "(reading) The move cap ends the game, the pieces left going to the player who moved last.",
		params: "2x321,cap=5",
		from:   "pits=3.2/-.321 stores=33221,11 move=south ply=4",
		moves:  "b",
		want:   "pits=3.-/2.321 stores=33221,11 move=north ply=5",
		points: [2]int{11 + 11, 2},
		reason: "move cap",
	},
}

func TestScenarios(t *testing.T) {
	for _, sc := range scenarios {
		g, err := martian.New(sc.params)
		if err != nil {
			t.Fatalf("%s: %v", sc.name, err)
		}
		s, ok := gametest.PlayScenario(t, g, gametest.Scenario{
			Name: sc.name, Position: sc.from, Turn: strings.Join(strings.Split(sc.moves, ""), " "), Want: sc.want, End: sc.reason,
		})
		if !ok {
			continue
		}
		checkConserved(t, g, &s)
		if sc.reason != "" {
			if got := g.Points(&s); got != sc.points {
				t.Errorf("%s: points %v, want %v", sc.name, got, sc.points)
			}
			w, margin := g.Result(&s)
			wantW, wantM := 0, sc.points[0]-sc.points[1]
			if wantM < 0 {
				wantW, wantM = 1, -wantM
			} else if wantM == 0 {
				wantW = -1
			}
			if w != wantW || margin != wantM {
				t.Errorf("%s: result %d by %d, want %d by %d", sc.name, w, margin, wantW, wantM)
			}
		}
	}
}
